// The rules (butterfly/puzzles/site/rules.js): presets read from the shared file, moves and their legality.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PRESETS } from "./fixtures.js";
import * as R from "../../butterfly/puzzles/site/rules.js";

// Butterfly with a few cards left: L1 holds 5♠ 4♥ (outer 4♥), R1 the 3♥ alone.
function endgame(extra = {}) {
  const rows = { L1: ["5S", "4H"], L2: [], L3: [], L4: [], L5: [], R1: ["3H"], R2: [], R3: [], R4: [], R5: [] };
  const home = ["KC", "KD", "2H", "4S"];
  return R.parsePosition({ game: "butterfly", foundations: home, basement: [], rows: rows, ...extra });
}

test("the presets are the shared file's, in its order, with Python's names made the page's", () => {
  assert.deepEqual(
    PRESETS.presets.map((p) => p.name),
    ["butterfly", "fortress", "beleaguered-castle", "streets-and-alleys"],
  );
  const rules = R.makeRules("butterfly");
  assert.equal(rules.cells, 3);
  assert.equal(rules.cellsOneWay, true);
  assert.deepEqual(rules.rowNames, ["L1", "L2", "L3", "L4", "L5", "R1", "R2", "R3", "R4", "R5"]);
  assert.deepEqual(R.makeRules("beleaguered-castle").rowNames, ["L1", "L2", "L3", "L4", "R1", "R2", "R3", "R4"]);
});

test("make_rules: a variant and a cell count name the rules as Python does", () => {
  assert.equal(R.makeRules("butterfly", "alternate-colours", 1).name, "butterfly/alternate-colours/basement-1");
  assert.equal(R.makeRules("fortress", "same-suit", 2).name, "fortress/cells-2"); // its own suit rule is no variant
  assert.throws(() => R.makeRules("klondike"), /unknown game 'klondike'/);
  assert.throws(() => R.makeRules("butterfly", "rainbow"), /unknown variant/);
  assert.throws(() => R.makeRules("butterfly", null, 9), /number of cells must be 0 to 8/);
});

test("cards and moves read as Python reads them", () => {
  assert.equal(R.cardText(R.parseCard("10s")), "TS");
  assert.equal(R.cardText(R.parseCard("A\u2660")), "AS");
  assert.equal(R.parseCard("1H"), null);
  assert.equal(R.formatMove(R.parseMove(" qd  l2 > r1 ")), "QD L2>R1");
  assert.throws(() => R.parseMove("7H F>L1"), /cards never leave the foundations/);
  assert.throws(() => R.parseMove("7H L3>X"), /bad place 'X'/);
});

test("only the outer card moves: home, onto a neighbouring rank, or into the basement", () => {
  const p = endgame();
  assert.deepEqual(R.legalMoves(p).map(R.formatMove), ["3H R1>F", "4H L1>R1", "4H L1>B"]);
  assert.equal(R.checkMove(p, "5S L1>F"), "5S is not the outer card of L1 (its outer card is 4H)");
  assert.equal(R.checkMove(p, "3H R1>L1"), "3H is the last card of R1: it may only go home");
  assert.equal(R.checkMove(p, "4H L1>L2"), "L2 is empty and lost: nothing may be placed there");
  assert.equal(R.checkMove(p, "4H L1>F"), "4H cannot go to its foundation (it holds 2H)");
});

test("the basement holds three, gives only home, and says so when full", () => {
  const p = endgame({ basement: ["6H", "7H", "8H"], foundations: ["KC", "KD", "2H", "4S"] });
  assert.equal(R.checkMove(p, "4H L1>B"), "the basement is full (it holds 3)");
  assert.equal(R.checkMove(p, "8H B>L1"), "8H is in the basement: it may only go home");
  const freeCells = R.parsePosition({
    game: "beleaguered-castle",
    cells: 1,
    foundations: ["KC", "KD", "KH", "QS"],
    basement: ["KS"],
    rows: { L1: [], L2: [], L3: [], L4: [], R1: [], R2: [], R3: [], R4: [] },
  });
  assert.deepEqual(R.legalMoves(freeCells).map(R.formatMove), [
    "KS B>F",
    "KS B>L1",
    "KS B>L2",
    "KS B>L3",
    "KS B>L4",
    "KS B>R1",
    "KS B>R2",
    "KS B>R3",
    "KS B>R4",
  ]);
});

test("play gives the next position and refuses an illegal move with the reason", () => {
  let p = endgame();
  p = R.play(p, "3H R1>F");
  p = R.play(R.play(p, "4H L1>F"), R.parseMove("5S L1>F"));
  assert.deepEqual([p.rows[0].length, p.foundations, R.isWon(p)], [0, [13, 13, 4, 5], false]);
  const last = R.parsePosition({
    game: "butterfly",
    foundations: ["KC", "KD", "QH", "KS"],
    basement: [],
    rows: { L1: [], L2: [], L3: [], L4: [], L5: [], R1: ["KH"], R2: [], R3: [], R4: [], R5: [] },
  });
  assert.equal(R.isWon(R.play(last, "KH R1>F")), true);
  assert.throws(() => R.play(endgame(), "4H L1>L2"), /illegal move 4H L1>L2: L2 is empty and lost/);
  assert.deepEqual(R.positionToJson(endgame()).rows.L1, ["5S", "4H"]);
});

test("positions with the same rows in any order have one key", () => {
  const a = endgame();
  const b = R.parsePosition({
    ...R.positionToJson(a),
    rows: { ...R.positionToJson(a).rows, L1: ["3H"], R1: ["5S", "4H"] },
  });
  assert.equal(R.key(a), R.key(b));
  assert.equal(R.key(a), "||||||||3H|5S 4H/");
});

test("a move home is safe when no card could ever be built on the card again", () => {
  const p = endgame();
  const [home] = R.legalMoves(p);
  assert.equal(R.isSafeHome(p, home), false); // the 4♥, in a row, could still go on the 3♥
  // the 4♥ in the basement, from where no card returns to a row: nothing can ever go on the 3♥
  const late = R.parsePosition({
    game: "butterfly",
    foundations: ["KC", "KD", "2H", "KS"],
    basement: ["4H"],
    rows: {
      L1: ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "3H"],
      L2: [],
      L3: [],
      L4: [],
      L5: [],
      R1: [],
      R2: [],
      R3: [],
      R4: [],
      R5: [],
    },
  });
  const move = R.legalMoves(late)[0];
  assert.equal(R.formatMove(move), "3H L1>F");
  assert.equal(R.isSafeHome(late, move), true);
});
