// The position editor's layout (butterfly/puzzles/site/page/editor-layout.js): cards put,
// moved and taken, every problem said at once in Python's words made a player's, the line once whole.
import assert from "node:assert/strict";
import { test } from "node:test";
import "./fixtures.js";
import * as R from "../../butterfly/puzzles/site/rules.js";
import { parseLine } from "../../butterfly/puzzles/site/line.js";
import {
  check,
  emptyLayout,
  layoutOf,
  lineOf,
  move,
  places,
  put,
  take,
  withRules,
} from "../../butterfly/puzzles/site/page/editor-layout.js";

const DEAL1 =
  "butterfly_fACADAHAS_b-_l7D9C4D8H8D.5SJD6D9SJC.5DKD3C2D.JH5H7H4H2C.6SKCKHTHTS_rJSTD8SQC4S.6C7C5CKS6H.QSQHQD9D.3D3S4C2H8C.TC3H2S9H7S";
const card = R.parseCard;

test("deal 1 put card by card from an empty layout comes out as its line", () => {
  const deal = parseLine(DEAL1);
  let layout = emptyLayout(R.makeRules("butterfly"));
  assert.deepEqual(check(layout, "Butterfly"), [
    "48 cards missing: 2\u2663 3\u2663 4\u2663 5\u2663 6\u2663 7\u2663 8\u2663 9\u2663 ...",
  ]);
  deal.rules.rowNames.forEach((name, i) => deal.rows[i].forEach((c) => (layout = put(layout, c, name))));
  assert.deepEqual(check(layout, "Butterfly"), []);
  assert.equal(lineOf(layout), DEAL1);
});

test("every problem is said at once, each as Python says it in a player's words", () => {
  let layout = layoutOf(parseLine(DEAL1));
  layout = take(layout, card("8D"), "L1", 4); // 8D taken off L1 ...
  layout = put(layout, card("8D"), "R2"); // ... put on R2
  layout = put(layout, card("8D"), "L1"); // and on L1 again: twice
  layout = take(layout, card("9H"), "R5", 3);
  layout = take(layout, card("7S"), "R5", 3);
  assert.deepEqual(check(layout, "Butterfly"), [
    "card 8\u2666 is twice: in L1 and in R2",
    "2 cards missing: 9\u2665 7\u2660",
  ]);
  // 3H in R5 and under the hearts pile raised to 5H: twice, home named
  layout = put(layout, card("5H"), R.FOUNDATION);
  assert.equal(places(layout)[card("3H")].join(" "), "F R5");
  assert.ok(
    check(layout, "Butterfly").includes(
      "card 3\u2665 is twice: at home and in R5 (the hearts pile at home holds A\u2665 to 5\u2665)",
    ),
  );
  [card("2C"), card("3C"), card("4C"), card("5C")].forEach((c) => (layout = put(layout, c, R.CELL)));
  assert.equal(check(layout, "Butterfly")[0], "4 cards in the basement, Butterfly has 3 basement cells");
  // places as every other page names them: home and the basement (free cells where the game has them)
  layout = put(layout, card("9D"), R.CELL);
  assert.ok(check(layout, "Butterfly").includes("card 9\u2666 is twice: in R3 and in the basement"));
  const castle = withRules(layout, R.makeRules("beleaguered-castle"));
  assert.ok(
    check(castle, "Beleaguered Castle").includes("5 cards in the free cells, Beleaguered Castle has no free cells"),
  );
  assert.ok(check(castle, "Beleaguered Castle").includes("card 9\u2666 is twice: in R3 and in the free cells"));
  assert.ok(check(layout, "Butterfly").every((problem) => !problem.includes("foundation")));
});

test("a row the game lacks keeps its cards, said, until they are moved", () => {
  let layout = withRules(layoutOf(parseLine(DEAL1)), R.makeRules("beleaguered-castle"));
  assert.deepEqual(Object.keys(layout.rows), ["L1", "L2", "L3", "L4", "R1", "R2", "R3", "R4", "L5", "R5"]);
  assert.deepEqual(check(layout, "Beleaguered Castle"), [
    "Beleaguered Castle has rows L1 to L4 and R1 to R4: move the cards on L5 and R5",
  ]);
  for (const name of ["L5", "R5"])
    while (layout.rows[name]) {
      const c = layout.rows[name][0];
      layout = put(take(layout, c, name, 0), c, "L1");
    }
  assert.deepEqual(check(layout, "Beleaguered Castle"), []);
  assert.equal(parseLine(lineOf(layout)).rows[0].length, 15);
});

test("a card moved within its row goes just outside the card pressed, or outermost", () => {
  const rules = R.makeRules("butterfly");
  let layout = emptyLayout(rules);
  ["2C", "3C", "4C", "5C"].forEach((c) => (layout = put(layout, card(c), "L1")));
  const row = (l) => l.rows.L1.map(R.cardText).join(" ");
  assert.equal(row(move(layout, card("2C"), "L1", 0, "L1", 2)), "3C 4C 2C 5C"); // after 4C, counted before
  assert.equal(row(move(layout, card("5C"), "L1", 3, "L1", 0)), "2C 5C 3C 4C");
  assert.equal(row(move(layout, card("3C"), "L1", 1, "L1")), "2C 4C 5C 3C");
  const home = move(layout, card("5C"), "L1", 3, R.FOUNDATION);
  assert.deepEqual(home.foundations, [5, 1, 1, 1]);
  assert.deepEqual(
    check(home, "Butterfly").slice(0, 3),
    ["2", "3", "4"].map(
      (rank) => "card " + rank + "\u2663 is twice: at home and in L1 (the clubs pile at home holds A\u2663 to 5\u2663)",
    ),
  );
  // the one card of a row the rules lack, put on that row again: nothing changes
  const castle = withRules(put(emptyLayout(rules), card("KS"), "L5"), R.makeRules("beleaguered-castle"));
  assert.equal(move(castle, card("KS"), "L5", 0, "L5"), castle);
});
