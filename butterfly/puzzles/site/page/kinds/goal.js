// Goal puzzles: cards home, a row emptied or a card freed, within par
// (butterfly/puzzles/patience/goal.py; the shared corpus holds the verdicts to Python's).
import * as R from "../../rules.js";

// Goal.reached: {kind: "home", target: a rank}, {kind: "free", target: a card}, {kind: "empty", target: a row}.
export function goalReached(goal, p) {
  if (goal.kind === "home") {
    const rank = "A23456789TJQK".indexOf(goal.target) + 1;
    return p.foundations.every((height) => height >= rank);
  }
  if (goal.kind === "free") {
    const card = R.parseCard(goal.target);
    return p.rows.every((row) => row.indexOf(card) < 0 || row[row.length - 1] === card);
  }
  return p.rows[p.rules.rowNames.indexOf(goal.target)].length === 0;
}

// A judge (game.js): done the first time the goal is reached, missed at par without it.
export function goalJudge(puzzle) {
  const goal = puzzle.facts.goal;
  return (after, moves, limit) => {
    if (goalReached(goal, after))
      return { finish: "Done in " + moves.length + " moves, par " + limit + "!", count: moves.length };
    if (moves.length >= limit)
      return { wrong: "That is " + moves.length + " moves and the goal is not reached: undo and try again." };
    if (!R.legalMoves(after).length) return { wrong: "No legal move left: undo and try again." };
    return null;
  };
}
