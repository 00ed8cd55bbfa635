// The stored solution, a move at a time: on the board for Butterfly (its
// positions replayed by the rules), in words for a card game, with who plays
// each move (its picture stays the starting position).
import * as R from "../rules.js";
import { widest } from "./board.js";
import { button, el } from "./dom.js";
import { playedBy, sayMove } from "./words.js";

// In ``box``: the step in words, Back and Next. ``board``: the Butterfly
// board (null for a card game), shown at ``start`` after each step.
export function solutionStepper(box, data, board, start) {
  let step = 0;
  const moves = data.puzzle.solution;
  box.textContent = "";
  const line = el("p", { class: "step" });
  box.appendChild(line);
  box.appendChild(
    button("Back", () => {
      if (step > 0) step--;
      show();
    }),
  );
  box.appendChild(
    button("Next", () => {
      if (step < moves.length) step++;
      show();
    }),
  );
  const replayed = board && board.replay;
  const along = [start]; // the positions of the solution, from the start
  if (replayed) {
    moves.forEach((move, k) => along.push(R.play(along[k], move)));
    // The widest drawn first: the board keeps the width of the longest rows it
    // has drawn (board.js), so it keeps one size from the first step on, and
    // Back and Next stay under the finger.
    widest(along).forEach((p) => board.replay(p, []));
  }
  function show() {
    const move = step
      ? data.seats
        ? playedBy(data.seats[step - 1], moves[step - 1])
        : sayMove(data.patience, moves[step - 1])
      : "";
    line.textContent =
      step === 0
        ? "The start (" + moves.length + " moves)"
        : step + ". " + move + (step === moves.length ? " (the end)" : "");
    if (replayed) board.replay(along[step], moves.slice(0, step));
    box.scrollIntoView({ block: "nearest" });
  }
  show();
}
