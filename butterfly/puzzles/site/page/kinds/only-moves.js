// Only moves: several only moves along the stored solution (facts.steps: where
// each lies on it); the moves between them are played for the player, who may
// not undo past a step found.
import * as R from "../../rules.js";
import { said } from "../words.js";
import { classKey } from "./only-move.js";

export function onlyMovesJudge(puzzle, start) {
  const offsets = puzzle.facts.steps;
  const along = [start]; // the solution's positions
  puzzle.solution.forEach((move) => along.push(R.play(along[along.length - 1], move)));
  const right = puzzle.answer.map((cls, k) => classKey(along[offsets[k]], cls));
  let reached = 0; // the steps found
  // A step found puts the solution's own position in place (the same up to the
  // order of rows), so that its next moves apply: ``position``; ``played``: the
  // moves played for the player up to the next step, each with its position.
  return (after, moves) => {
    const last = moves[moves.length - 1];
    if (R.key(after) !== right[reached])
      return { wrong: said(last) + " is not it: the deal is lost after it. Undo and try again." };
    let at = offsets[reached] + 1;
    reached++;
    if (reached === offsets.length) {
      return {
        position: along[at],
        finish:
          "Right: " +
          said(last) +
          ". " +
          (offsets.length === 2 ? "Both" : "All " + offsets.length) +
          " only moves found.",
      };
    }
    const played = [];
    for (; at < offsets[reached]; at++) played.push({ move: puzzle.solution[at], position: along[at + 1] });
    const text =
      "Right: " +
      said(last) +
      " (" +
      reached +
      " of " +
      offsets.length +
      ")." +
      (played.length ? " Played for you: " + played.map((p) => said(p.move)).join(", ") + "." : "") +
      " Find the next only move.";
    return { position: along[offsets[reached - 1] + 1], played: played, right: text };
  };
}
