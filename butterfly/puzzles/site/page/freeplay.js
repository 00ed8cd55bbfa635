// Free play on the analysis board: a new Butterfly deal at a chosen grade,
// drawn only among the deals proved winnable (the page's data, from
// butterfly/data/ratings_butterfly.csv.gz: build.py board_free_play), and the player's
// own statistics by grade, kept by the browser (store.js; nothing leaves it).
import { remember, remembered } from "./store.js";

// Key FREE: {"1": {played, won, best}, ...}, best: the fewest moves over par of a game won (null: none yet).
export const FREE = "butterfly-board-free";
export const GRADES = ["1", "2", "3", "4", "5"];

// The deals of each grade, from ``grades``: a character a deal from deal 0, its grade or "-" (not proved winnable).
export function dealsByGrade(grades) {
  const deals = {};
  GRADES.forEach((g) => (deals[g] = []));
  for (let n = 0; n < grades.length; n++) if (deals[grades[n]]) deals[grades[n]].push(n);
  return deals;
}

// A deal of ``grade`` drawn with ``random`` (a number in [0, 1), as Math.random).
export function drawDeal(deals, grade, random) {
  const list = deals[grade];
  return list[Math.floor(random() * list.length)];
}

// A new deal drawn (``game``: {deal, grade}), in words for under the button that drew it.
export function drawnWords(game) {
  return "Deal " + game.deal.toLocaleString("en") + ", grade " + game.grade + ": it is on the board above.";
}

// A new deal drawn and on the board: said in ``said``, under the button, and
// ``what`` (the line naming the deal, over the board) scrolled to the top of
// the screen, the board under it: on a phone both were out of sight above the form.
export function showDrawn(said, what, game) {
  said.textContent = drawnWords(game);
  what.scrollIntoView({ block: "start" });
}

// The statistics kept, read field by field (the browser's storage is the reader's to edit).
export function parseStats(text) {
  let kept = null;
  try {
    kept = JSON.parse(text || "{}");
  } catch {
    kept = null;
  }
  const count = (n) => (typeof n === "number" && n >= 0 ? Math.floor(n) : 0);
  const stats = {};
  GRADES.forEach((g) => {
    const row = kept && typeof kept === "object" && kept[g] && typeof kept[g] === "object" ? kept[g] : {};
    stats[g] = { played: count(row.played), won: count(row.won), best: typeof row.best === "number" ? row.best : null };
  });
  return stats;
}

export function loadStats() {
  return parseStats(remembered(FREE));
}

// A game of ``grade`` begun (its first move): counted and kept.
export function begun(stats, grade) {
  stats[grade].played++;
  return kept(stats);
}

// A game of ``grade`` won ``over`` moves over par (null: its par is not known): counted and kept.
export function won(stats, grade, over) {
  const row = stats[grade];
  row.won++;
  if (over !== null && (row.best === null || over < row.best)) row.best = over;
  return kept(stats);
}

function kept(stats) {
  remember(FREE, JSON.stringify(stats));
  return stats;
}
