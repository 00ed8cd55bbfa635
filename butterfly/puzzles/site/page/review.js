// A game reviewed on the analysis board (the API's POST /api/review,
// docs/serve.md): the review in players' words, and its moves as a list
// beside the board, each a button that shows the game up to it.
import { button, el } from "./dom.js";
import { fileMoves, plural, said } from "./words.js";

// A record pasted as the reader takes it: moves written as the page writes them in the file's notation, and
// several moves on one line (numbered or not) one a line; its tags ([Game "..."]) as they were.
export function recordText(text) {
  return text
    .split("\n")
    .map((line) =>
      line.trim().startsWith("[")
        ? line
        : fileMoves(line).replace(/(>(?:[LR][0-9]+|B|F))\s+(?=(?:[0-9]+\.\s*)?[2-9TJQKA][CDHS]\s)/g, "$1\n"),
    )
    .join("\n");
}

// Does the record hold a move at all (else it is not a game's record)?
export function hasMove(record) {
  return /[2-9TJQKA][CDHS]\s*(?:[LR][0-9]+|B)\s*>/.test(record);
}

// Moves as one phrase: "A", "A or B", "A, B or C", "A, B, C or one of 4 more moves".
export function eitherOf(moves) {
  const named = moves.slice(0, 3).map(said);
  if (moves.length > 3) named.push("one of " + plural(moves.length - 3, "more move"));
  return named.length > 1 ? named.slice(0, -1).join(", ") + " or " + named[named.length - 1] : named[0] || "";
}

// What the losing move did, and what would have won in its place.
function lostWords(json) {
  const winners = (json.winning_moves || []).map((m) => m.move);
  return "this move lost the deal" + (winners.length ? "; " + eitherOf(winners) + " would have won" : "");
}

// The review in one sentence.
export function reviewWords(json) {
  const n = json.moves.length;
  if (json.result === "won") {
    if (json.par === null) return "Won in " + plural(n, "move") + ".";
    const over = json.over_par ? plural(json.over_par, "move") + " over par" : "not a move over par";
    return "Won in " + plural(n, "move") + ", par " + json.par + ": " + over + ".";
  }
  if (json.result === "lost") {
    const losing = json.moves[json.losing_move - 1];
    return "Lost at move " + losing.number + ", " + said(losing.move) + ": " + lostWords(json) + ".";
  }
  if (json.result === "lost-from-start") return "This deal could not be won from its start: no move could have won it.";
  if (json.result === "unfinished")
    return "The game stops after " + plural(n, "move") + " with the deal still winnable.";
  if (json.lost_between)
    return (
      "Lost by move " +
      json.lost_between[1] +
      ", at one of moves " +
      json.lost_between[0] +
      " to " +
      json.lost_between[1] +
      ": the time ran out before telling which."
    );
  return "The time ran out before telling whether this game was lost.";
}

// A move of the review in words: "best", "still winnable, 2 moves longer", "this move lost the deal; ...".
export function markWords(move, json) {
  if (move.mark === "best") return "best";
  if (move.mark === "winning")
    return "still winnable" + (move.over ? ", " + plural(move.over, "move") + " longer than the shortest win" : "");
  if (move.mark === "losing") return lostWords(json);
  if (move.mark === "lost") return "after the loss";
  return "not decided";
}

// The review in ``box``: its sentence and each move a button, with Previous and Next in ``steps`` (under the
// board); ``go(n)`` shows the game after its n-th move. Returns show(n): the review marks the move last shown.
export function reviewPanel(box, steps, json, go) {
  box.textContent = "";
  box.appendChild(el("p", { class: "review-words" }, reviewWords(json)));
  let at = 0;
  const back = button("Previous move", () => go(at - 1), { "data-action": "review-previous" });
  const next = button("Next move", () => go(at + 1), { "data-action": "review-next" });
  const row = el("div", { class: "controls" });
  row.appendChild(back);
  row.appendChild(next);
  steps.textContent = "";
  steps.appendChild(row);
  const list = el("ol", { class: "review-moves" });
  const items = json.moves.map((m) => {
    const item = el("li", { class: "mark-" + m.mark });
    item.appendChild(button(said(m.move) + ": " + markWords(m, json), () => go(m.number), { "data-number": m.number }));
    list.appendChild(item);
    return item;
  });
  box.appendChild(list);
  return (n) => {
    at = n;
    back.disabled = n === 0;
    next.disabled = n === items.length;
    items.forEach((item, k) => {
      const button_ = item.firstChild;
      if (k + 1 === n) button_.setAttribute("aria-current", "step");
      else button_.removeAttribute("aria-current");
    });
    // the move shown kept in sight in the list, which scrolls alone (the page stays where it is)
    const item = items[n - 1];
    if (
      item &&
      (item.offsetTop < list.scrollTop || item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight)
    )
      list.scrollTop = item.offsetTop - list.clientHeight / 2;
  };
}
