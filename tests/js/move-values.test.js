// The analysis board's move values with no page (butterfly/puzzles/site/page/move-values.js): each move's value in a
// player's words, the winning moves shortest first (proved before not at the same length), and the
// shortest line known offered, from the engine's two answers (quick, then with lengths).
import assert from "node:assert/strict";
import { test } from "node:test";
import "./fixtures.js";
import {
  hintMove,
  lineWords,
  mergeAnswers,
  offeredLine,
  rankMoves,
  valueWords,
  withoutLengths,
} from "../../butterfly/puzzles/site/page/move-values.js";

const line = (n, first) => [first].concat(Array(n - 1).fill("KS B>F"));
const entry = (move, value, length, lowerBound) => ({
  move: move,
  value: value,
  length: length === undefined ? null : length,
  lower_bound: lowerBound === undefined ? null : lowerBound,
  line: length === undefined ? null : line(length, move),
});

// A quick answer (lines "best": the best winning line shortened, the others as found) ...
const QUICK = {
  line: line(131, "JC L2>B"),
  moves: [
    entry("JC L2>B", "won", 131),
    entry("7S R5>B", "won", 167),
    entry("8D L1>R3", "won", 472),
    entry("9D R3>L1", "unknown"),
    entry("6H R2>R5", "lost"),
  ],
};
// ... and the answer with lengths: the engine's order, a bounded move before a proved one as long.
const LENGTHS = {
  line: line(64, "7S R5>B"),
  moves: [
    entry("7S R5>B", "bounded", 64, 61),
    entry("8D L1>R3", "optimal", 64, 64),
    entry("JC L2>B", "won", 70),
    entry("9D R3>L1", "unknown"),
    entry("6H R2>R5", "lost"),
  ],
};

test("each move's value in a player's words, while its length is searched and after", () => {
  assert.equal(valueWords(entry("8D L1>R3", "optimal", 62, 62), false), "wins in 62 moves");
  assert.equal(valueWords(entry("QH R3>F", "optimal", 1, 1), true), "wins in 1 move");
  assert.equal(valueWords(entry("7S R5>B", "bounded", 64, 61), false), "wins in 61 to 64 moves");
  assert.equal(valueWords(entry("7S R5>B", "bounded", 64, 0), false), "wins in at most 64 moves");
  assert.equal(valueWords(entry("JC L2>B", "won", 131), true), "wins \u2014 length still being searched");
  assert.equal(valueWords(entry("JC L2>B", "won", 70), false), "wins in at most 70 moves");
  assert.equal(valueWords(withoutLengths(QUICK).moves[0], false), "wins");
  assert.equal(valueWords(entry("6H R2>R5", "lost"), true), "loses the deal");
  assert.equal(valueWords(entry("9D R3>L1", "unknown"), true), "still thinking\u2026");
  assert.equal(valueWords(entry("9D R3>L1", "unknown"), false), "not decided");
});

test("the winning moves shortest first, proved before not at the same length; then undecided, then lost", () => {
  const order = (moves, searching) => rankMoves(moves, searching).map((m) => m.move + " " + m.value);
  assert.deepEqual(order(LENGTHS.moves, false), [
    "8D L1>R3 optimal",
    "7S R5>B bounded",
    "JC L2>B won",
    "9D R3>L1 unknown",
    "6H R2>R5 lost",
  ]);
  // while the lengths are searched, the quick lines' lengths rank nothing: the engine's order stays
  assert.deepEqual(order(QUICK.moves, true), [
    "JC L2>B won",
    "7S R5>B won",
    "8D L1>R3 won",
    "9D R3>L1 unknown",
    "6H R2>R5 lost",
  ]);
  assert.deepEqual(LENGTHS.moves[0].move, "7S R5>B"); // ranked on a copy
});

test("the second answer keeps what the quick one decided and it did not, without the quick line's length", () => {
  const quick = { line: [], moves: [entry("JC L2>B", "won", 3229), entry("9D R3>L1", "lost")] };
  const full = { line: [], moves: [entry("JC L2>B", "unknown"), entry("9D R3>L1", "unknown")] };
  const merged = mergeAnswers(quick, full).moves;
  assert.deepEqual(
    merged.map((m) => [m.move, m.value, m.length]),
    [
      ["JC L2>B", "won", null],
      ["9D R3>L1", "lost", null],
    ],
  );
  assert.equal(valueWords(merged[0], false), "wins");
});

test("the line offered is the shortest known, said as far as it is known", () => {
  const known = offeredLine(LENGTHS, false);
  assert.equal(known.line[0], "8D L1>R3");
  assert.equal(lineWords(known, false), "A winning line of 64 moves from here, the shortest known");
  const searching = offeredLine(QUICK, true);
  assert.equal(searching.line, QUICK.line);
  assert.equal(
    lineWords(searching, true),
    "A winning line of 131 moves from here (shorter ones are still being searched)",
  );
  const failed = offeredLine(withoutLengths(QUICK), false);
  assert.equal(lineWords(failed, false), "A winning line of 131 moves from here");
  // none shorter: its length proved, every other winning move's lower bound as long, the rest lost
  const proved = {
    line: [],
    moves: [entry("8D L1>R3", "optimal", 60, 60), entry("7S R5>B", "bounded", 62, 60), entry("6H R2>R5", "lost")],
  };
  assert.equal(lineWords(offeredLine(proved, false), false), "A winning line of 60 moves from here, none shorter");
  proved.moves[1].lower_bound = 59;
  assert.equal(offeredLine(proved, false).shortest, false);
  assert.equal(offeredLine({ line: [], moves: [entry("6H R2>R5", "lost")] }, false), null);
});

test("a hint is a winning move, one home when there is one", () => {
  assert.equal(hintMove(LENGTHS.moves).move, "7S R5>B");
  assert.equal(hintMove([entry("7S R5>B", "won", 9), entry("2D L3>F", "bounded", 9, 8)]).move, "2D L3>F");
  assert.equal(hintMove([entry("6H R2>R5", "lost")]), undefined);
});
