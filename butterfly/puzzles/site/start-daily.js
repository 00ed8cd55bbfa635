// Starts the daily puzzle site's pages: the front page, the day pages and the archive
// (butterfly/puzzles/site/build.py writes them): the entry of their ES modules
// (page/*.js; docs/puzzles.md lists them). Each page's entry is start-<page>.js.
//
// Each page holds its data as JSON in <script type="application/json" id="page-data">:
// the front page a map of dates to day pages, a day page its puzzle (and, for
// Butterfly, the rules' presets). Streaks and stats are kept in localStorage
// only; nothing is fetched from elsewhere.
import { usePresets } from "./rules.js";
import { archive } from "./page/archive.js";
import { contrastToggle } from "./page/contrast.js";
import { day } from "./page/day.js";
import { howToPlay } from "./page/dialogs.js";
import { front } from "./page/front.js";
import { shortcuts } from "./page/input.js";
import { offline } from "./page/offline.js";
import { readClock } from "./page/store.js";
import { whenReady } from "./page/ready.js";

function main() {
  contrastToggle();
  const node = document.getElementById("page-data");
  const data = node ? JSON.parse(node.textContent) : null;
  offline(data && data.span);
  // The front page sends a reader on to today's puzzle: How to play opens
  // there on a first visit, so the front page must not use that visit up.
  if (data && data.page === "index" && front(data)) return;
  howToPlay(!!data && data.page === "day" && !data.patience);
  shortcuts();
  if (!data) return;
  if (data.presets) usePresets(data.presets);
  const clock = readClock(); // every page checks the clock, so a clock set back is seen wherever the player goes
  if (data.page === "day") day(data, clock);
  else if (data.page === "archive") archive();
}

whenReady(main);
