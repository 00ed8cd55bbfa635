// The analysis board's script (board.html; puzzles/site/build.py writes the
// page): the entry of its ES modules, as page.js is the daily pages'.
// The page's data (JSON in <script id="page-data">): the board's measures,
// the rules' presets and the line opened when the address holds none.
import { usePresets } from "./rules.js";
import { analysisBoard } from "./page/analysis.js";
import { contrastToggle } from "./page/contrast.js";
import { howToPlay } from "./page/dialogs.js";
import { shortcuts } from "./page/input.js";
import { offline } from "./page/offline.js";
import { whenReady } from "./page/ready.js";

function main() {
  contrastToggle();
  const data = JSON.parse(document.getElementById("page-data").textContent);
  offline(data.span);
  howToPlay(false, false);
  shortcuts();
  usePresets(data.presets);
  analysisBoard(data);
}

whenReady(main);
