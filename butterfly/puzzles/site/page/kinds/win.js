// Deals, resource puzzles and win-in-N: the deal is to be won (within N moves
// for a win-in). Also what an only-move becomes after its first move.
import * as R from "../../rules.js";

// A judge (game.js): the verdict on the position ``after`` the ``moves`` so far,
// within ``limit`` moves (null: any number): {finish, count}, {wrong}, or null to play on.
export function winJudge(puzzle) {
  const par = puzzle.proof && puzzle.proof.par ? puzzle.proof.par.moves : null;
  return (after, moves, limit) => {
    if (R.isWon(after)) {
      let text = "Won in " + moves.length + " moves" + (par !== null ? ", par " + par : "") + "!";
      // Only a par not proved shortest can be beaten: say what the player did.
      if (par !== null && moves.length < par)
        text += " That is " + (par - moves.length) + " fewer than the shortest win we know.";
      return { finish: text, count: moves.length };
    }
    if (limit !== null && moves.length >= limit)
      return { wrong: "That is " + moves.length + " moves and not won: undo and try again." };
    if (!R.legalMoves(after).length) return { wrong: "No legal move left: undo and try again." };
    return null;
  };
}
