// The proved help of a Butterfly puzzle (butterfly/puzzles/site/page/patience-help.js):
// the stored winning line's hints along a game of the calendar's, the help's words,
// the safe cards sent home.
import assert from "node:assert/strict";
import { test } from "node:test";
import { puzzleOf } from "./fixtures.js";
import * as R from "../../butterfly/puzzles/site/rules.js";
import { Game } from "../../butterfly/puzzles/site/page/game.js";
import { said } from "../../butterfly/puzzles/site/page/words.js";
import {
  helpWords,
  safeHomeMove,
  solutionPlaces,
  storedHint,
} from "../../butterfly/puzzles/site/page/patience-help.js";

// The puzzle's game, its stored line's places and a hint from where it stands.
function helped(kind) {
  const puzzle = puzzleOf(kind);
  const start = R.parsePosition(puzzle.position);
  const game = new Game(puzzle, start);
  const places = solutionPlaces(start, puzzle.solution);
  return { puzzle, game, hint: () => storedHint(puzzle.solution, places, game) };
}

test("along the stored winning line, the hint is its next move", () => {
  const { puzzle, game, hint } = helped("deal");
  assert.equal(game.limit, null);
  puzzle.solution.slice(0, 5).forEach((move) => {
    assert.equal(hint(), move);
    game.play(R.parseMove(move));
  });
});

test("off the stored line, the stored line gives no hint", () => {
  const { puzzle, game, hint } = helped("deal");
  const other = R.legalMoves(game.current()).find((m) => R.formatMove(m) !== puzzle.solution[0]);
  game.play(other);
  assert.equal(hint(), null);
  game.undo();
  assert.equal(hint(), puzzle.solution[0]);
});

test("within a limit, the stored line's hint only while its rest fits in the moves left", () => {
  const { puzzle, game, hint } = helped("win-in");
  assert.ok(puzzle.solution.length <= game.limit);
  assert.equal(hint(), puzzle.solution[0]);
  // the same position with more of the limit spent (as the solution stepper shows it): the line's
  // rest fits in the moves left exactly, then no longer
  const spare = game.limit - puzzle.solution.length;
  game.show(game.current(), Array(spare).fill(puzzle.solution[0]));
  assert.equal(game.movesLeft(), puzzle.solution.length);
  assert.equal(hint(), puzzle.solution[0]);
  game.show(game.current(), Array(spare + 1).fill(puzzle.solution[0]));
  assert.equal(hint(), null);
});

test("the help's words, with and without a limit", () => {
  const open = helpWords(null);
  assert.equal(open.hint("7S R4>B"), "Hint: " + said("7S R4>B") + " keeps the deal winnable.");
  assert.equal(open.looking, "Looking for a move that keeps the deal winnable\u2026");
  assert.match(open.lost, /^This deal can no longer be won from here/);
  assert.equal(open.notFound(12345), "No hint found in time (12,345 positions tried).");
  const limited = helpWords(9);
  assert.equal(limited.looking, "Looking for a move that keeps a win within the moves left\u2026");
  assert.match(limited.lost, /^No line wins within 9 moves from here/);
});

test("the safe cards go home one by one, and none that could still be needed", () => {
  const hearts = ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H"];
  const rows = { L1: hearts, L2: [], L3: [], L4: [], L5: [], R1: ["3H"], R2: [], R3: [], R4: [], R5: [] };
  let p = R.parsePosition({ game: "butterfly", foundations: ["KC", "KD", "2H", "KS"], basement: ["4H"], rows });
  const sent = [];
  for (let move = safeHomeMove(p); move; move = safeHomeMove(p)) {
    sent.push(R.formatMove(move));
    p = R.play(p, move);
  }
  // 3♥ once every 2 and 4 is home or in the basement, where no card leaves but for home
  assert.deepEqual(sent, ["3H R1>F", "4H B>F"]);
  // 5♥ may go home, but the 6♥ under it could still be built on it
  assert.ok(R.legalMoves(p).some((m) => R.formatMove(m) === "5H L1>F"));
});
