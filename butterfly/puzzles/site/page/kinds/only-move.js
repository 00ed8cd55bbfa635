// Only move: one move keeps the deal winnable. The first move is judged by the
// answer's class (the positions it leads to, rows in any order); after a wrong
// one the deal is played on as any deal, to see it lost.
import * as R from "../../rules.js";
import { said } from "../words.js";
import { winJudge } from "./win.js";

// The key of the position a class of moves leads to from ``position``: a move is in the class when it leads there too.
export function classKey(position, cls) {
  return R.key(R.play(position, cls[0]));
}

export function onlyMoveJudge(puzzle, start) {
  const right = puzzle.answer.map((cls) => classKey(start, cls));
  const playOn = winJudge(puzzle);
  return (after, moves, limit) => {
    if (moves.length !== 1) return playOn(after, moves, limit);
    if (right.indexOf(R.key(after)) >= 0)
      return { finish: "Right: " + said(moves[0]) + " is the only move that keeps the deal winnable." };
    return { wrong: said(moves[0]) + " is not it: the deal is lost after it. Undo and try again." };
  };
}
