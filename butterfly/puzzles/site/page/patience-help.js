// The proved help of a Butterfly puzzle, with no page (patience.js shows it):
// the stored winning line's next move as a hint, the help's words, and the
// card the safe-cards option sends home next.
import * as R from "../rules.js";
import { said } from "./words.js";

// Where each position of the stored winning ``solution`` from ``start`` stands
// on it: {its key: the index of the line's move from there}, the first time it is reached.
export function solutionPlaces(start, solution) {
  const places = {};
  let along = start;
  solution.forEach((move, k) => {
    if (!(R.key(along) in places)) places[R.key(along)] = k;
    along = R.play(along, move);
  });
  return places;
}

// The stored line's next move (its text) from ``game``'s position, proved at
// once by the rest of the line: when the position is on the line (``places``,
// solutionPlaces) and the rest fits within the moves the puzzle has left; else null.
export function storedHint(solution, places, game) {
  const along = places[R.key(game.current())];
  if (along === undefined) return null;
  return game.limit === null || solution.length - along <= game.movesLeft() ? solution[along] : null;
}

// What the help says, where winning is the goal within ``limit`` moves (null: none):
// a hint's move, the search under way, the position lost, no move found in time.
export function helpWords(limit) {
  const keeps = limit === null ? " keeps the deal winnable." : " keeps a win within the moves left.";
  return {
    hint: (move) => "Hint: " + said(move) + keeps,
    looking: "Looking for a move that" + keeps.replace(/\.$/, "\u2026"),
    lost:
      limit === null
        ? "This deal can no longer be won from here: every line was tried. Undo to go back."
        : "No line wins within " + limit + " moves from here: every one was tried. Undo to go back.",
    notFound: (nodes) => "No hint found in time (" + nodes.toLocaleString("en") + " positions tried).",
  };
}

// The move sending a card home that loses no win (rules.js isSafeHome) in ``p``, or undefined.
export function safeHomeMove(p) {
  return R.legalMoves(p).filter((m) => R.isSafeHome(p, m))[0];
}
