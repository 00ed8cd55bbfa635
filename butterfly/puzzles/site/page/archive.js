// The archive: days up to the reader's today only (a month with none is
// hidden), each marked from what the browser kept; the statistics above.
import { localDate } from "./dates.js";
import { statsPanel } from "./finish.js";
import { loadStore, stateOf } from "./store.js";
import { played, statsFigures } from "./streaks.js";

export function archive() {
  const today = localDate(new Date());
  const days = loadStore().days;
  const stats = document.getElementById("stats");
  if (stats) stats.appendChild(statsPanel(statsFigures(days, today)));
  document.querySelectorAll("tr[data-date]").forEach((row) => {
    const date = row.getAttribute("data-date");
    row.hidden = date > today;
    const state = stateOf(days[date]);
    const mark = state.solved ? "solved" : state.gaveUp ? "given up" : played(state) ? "begun" : "";
    const cell = row.querySelector(".mark");
    if (cell) cell.textContent = mark;
    if (mark) row.setAttribute("data-mark", mark);
  });
  document.querySelectorAll("section.month").forEach((month) => {
    month.hidden = !month.querySelector("tr[data-date]:not([hidden])");
  });
}
