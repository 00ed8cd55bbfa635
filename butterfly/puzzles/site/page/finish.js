// The statistics, and the finish panel: the moment a day is finished, in the
// manner of Wordle's, the result, the statistics with this day's bars marked,
// the share, the time to the next puzzle and where to go on meanwhile, over
// the page; closed with its button, Escape or a press outside it.
import { goOnLinks } from "./after.js";
import { localDate, untilMidnight } from "./dates.js";
import { closeOnBackdrop } from "./dialogs.js";
import { button, el } from "./dom.js";
import { shareButton, shareText } from "./share.js";
import { loadStore } from "./store.js";
import { onItsDay, statsFigures } from "./streaks.js";

// The figures of the days kept, as of the reader's today.
export function figuresNow() {
  return statsFigures(loadStore().days, localDate(new Date()));
}

const MISS_BANDS = [
  { name: "none", has: (v) => v === 0 },
  { name: "1", has: (v) => v === 1 },
  { name: "2", has: (v) => v === 2 },
  { name: "3 or more", has: (v) => v >= 3 },
];
const OVER_BANDS = [
  { name: "at par or under", has: (v) => v <= 0 },
  { name: "1 to 5", has: (v) => v >= 1 && v <= 5 },
  { name: "6 to 20", has: (v) => v >= 6 && v <= 20 },
  { name: "more", has: (v) => v > 20 },
];

// The statistics: four figures, then how many wrong tries and how many moves
// over par the days solved took, as bar charts; ``mine``: the day just
// finished ({misses, over}), whose bars are marked. ``heading``: the level
// of the charts' headings.
export function statsPanel(f, mine, heading) {
  const box = el("div", { class: "stats" });
  const figures = el("dl", { class: "figures" });
  [
    [f.played, "played"],
    [f.percent + "%", "solved"],
    [f.current, "streak"],
    [f.best, "best streak"],
  ].forEach((pair) => {
    const cell = el("div");
    cell.appendChild(el("dd", null, String(pair[0])));
    cell.appendChild(el("dt", null, pair[1]));
    figures.appendChild(cell);
  });
  box.appendChild(figures);
  function chart(title, values, bands, own) {
    if (!values.length) return;
    box.appendChild(el(heading || "h3", null, title));
    const list = el("ul", { class: "chart" });
    const counts = bands.map((band) => values.filter(band.has).length);
    const most = Math.max(1, ...counts);
    bands.forEach((band, k) => {
      const isMine = own !== null && own !== undefined && band.has(own);
      const item = el("li", isMine ? { class: "mine" } : null);
      item.appendChild(el("span", { class: "band" }, band.name));
      item.appendChild(
        el(
          "span",
          { class: "bar", style: "width: " + Math.max(8, Math.round((100 * counts[k]) / most)) + "%" },
          String(counts[k]),
        ),
      );
      if (isMine) item.setAttribute("aria-label", band.name + ": " + counts[k] + " (this day)");
      list.appendChild(item);
    });
    box.appendChild(list);
  }
  chart("Wrong tries", f.misses, MISS_BANDS, mine ? mine.misses : null);
  chart("Moves over par", f.over, OVER_BANDS, mine ? mine.over : null);
  return box;
}

// The panel's headline: how the day went, in a word or three.
export function headline(state) {
  if (state.gaveUp) return "Given up";
  if (state.over === null) return state.misses ? "Solved!" : "Solved at the first try!";
  if (state.over < 0) return "Under par!";
  return state.over === 0 ? "At par!" : "Solved, " + state.over + " over par";
}

let panel = null; // one a page, made anew each time it opens

// ``result``: the result in words; ``state``: the day's as kept; ``data``: the
// page's; ``showSolution``: what its "Show the solution" does (a day given up).
export function finishPanel(result, state, data, showSolution) {
  if (panel) panel.remove();
  panel = el("dialog", { class: "finish", "aria-labelledby": "finish-title" });
  const shown = panel;
  const sheet = el("div", { class: "sheet" });
  sheet.appendChild(button("\u00d7", () => shown.close(), { class: "close", "aria-label": "Close" }));
  sheet.appendChild(el("h2", { id: "finish-title" }, headline(state)));
  sheet.appendChild(el("p", { class: "result" }, result));
  if (state.solved && !onItsDay(loadStore().days, data.date)) {
    sheet.appendChild(el("p", { class: "note" }, "Streaks count the days solved on their own date."));
  }
  if (state.gaveUp) {
    sheet.appendChild(
      button(
        "Show the solution",
        () => {
          shown.close();
          showSolution();
        },
        { class: "primary" },
      ),
    );
  }
  sheet.appendChild(el("h3", null, "Your statistics"));
  sheet.appendChild(statsPanel(figuresNow(), state.solved ? { misses: state.misses, over: state.over } : null, "h3"));
  const text = shareText(data.share, state);
  sheet.appendChild(el("pre", { class: "share" }, text));
  sheet.appendChild(el("p", { class: "legend" }, data.share.legend));
  sheet.appendChild(shareButton(text));
  const next = el("p", { class: "next" });
  sheet.appendChild(next);
  sheet.appendChild(goOnLinks(data));
  const tick = () => {
    if (shown.open) next.textContent = "Next puzzle in " + untilMidnight(new Date()) + ".";
  };
  shown.appendChild(sheet);
  closeOnBackdrop(shown);
  document.body.appendChild(shown);
  shown.showModal();
  tick();
  const timer = window.setInterval(tick, 1000);
  shown.addEventListener("close", () => window.clearInterval(timer));
}
