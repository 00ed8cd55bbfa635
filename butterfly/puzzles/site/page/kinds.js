// The kinds of puzzle, each with its judge and what the page offers for it:
// the one place the page tells kinds apart (by the puzzle file's ``kind``).
//
// ``judge(puzzle, start)`` makes a Butterfly kind's judge (game.js);
// ``limit(puzzle)``: the most moves (none when absent); ``help``: Hint and
// the warning when the deal can no longer be won (winning is the goal);
// ``safeHome``: the option that moves safe cards home; ``cards``: a card
// game's choice (kinds/only-card.js), with no board.
import { winJudge } from "./kinds/win.js";
import { goalJudge } from "./kinds/goal.js";
import { onlyMoveJudge } from "./kinds/only-move.js";
import { onlyMovesJudge } from "./kinds/only-moves.js";

export const KINDS = {
  deal: { judge: winJudge, help: true, safeHome: true },
  resource: { judge: winJudge, help: true, safeHome: true },
  "win-in": { judge: winJudge, help: true, limit: (puzzle) => puzzle.facts.n },
  goal: { judge: goalJudge, limit: (puzzle) => puzzle.proof.par.moves },
  "only-move": { judge: onlyMoveJudge },
  "only-moves": { judge: onlyMovesJudge },
  "only-card": { cards: true },
};

export function kindOf(puzzle) {
  const kind = KINDS[puzzle.kind];
  if (!kind) throw new Error("no such kind of puzzle: " + puzzle.kind);
  return kind;
}
