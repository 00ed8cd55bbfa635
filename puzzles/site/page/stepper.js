// The stored solution, a move at a time: on the board for Butterfly (its
// positions replayed by the rules), in words for a card game, with who plays
// each move (its picture stays the starting position).
import * as R from "../rules.js";
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
    if (board && board.replay) {
      let p = start;
      for (let k = 0; k < step; k++) p = R.play(p, moves[k]);
      board.replay(p, moves.slice(0, step));
      board.element.scrollIntoView({ block: "nearest" }); // the board may grow as rows lengthen
    }
    box.scrollIntoView({ block: "nearest" });
  }
  show();
}
