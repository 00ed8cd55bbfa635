// Where the board is drawn (butterfly/puzzles/site/page/board-measures.js): the
// wings, the body between them and the basement under it, for positions of the
// Butterfly family, with round measures standing for the picture's.
import assert from "node:assert/strict";
import { test } from "node:test";
import "./fixtures.js";
import * as R from "../../butterfly/puzzles/site/rules.js";
import {
  bodyTop,
  boardMeasures,
  cellX,
  cellsMeasures,
  heightShown,
  reachOf,
  rowMeasures,
} from "../../butterfly/puzzles/site/page/board-measures.js";

const G = { width: 40, height: 60, step: 10, pileStep: 2, margin: 6, label: 20, gap: 12, pitch: 70, minReach: 3 };

// A position of ``game`` with ``rows`` ({name: cards}) and nothing else.
function position(game, rows, basement = []) {
  const names = R.makeRules(game).rowNames;
  const all = Object.fromEntries(names.map((name) => [name, rows[name] || []]));
  return R.parsePosition({ game, foundations: ["AC", "AD", "AH", "AS"], basement, rows: all });
}

const SHORT = position("butterfly", { L1: ["5S", "4H"], R1: ["3H"] });
const LONG = position("butterfly", { L2: ["2C", "3C", "4C", "5C", "6C"], R3: ["2D", "3D", "4D", "5D"] });

test("each wing reaches as far as its longest row", () => {
  assert.deepEqual(reachOf(SHORT), [2, 1]);
  assert.deepEqual(reachOf(LONG), [5, 4]);
});

test("the body lies between the wings, each wing at least the shortest reach wide", () => {
  const m = boardMeasures(G, SHORT, [2, 1]);
  assert.deepEqual(
    [m.left, m.right],
    [
      [0, 1, 2, 3, 4],
      [5, 6, 7, 8, 9],
    ],
  );
  const wing = G.width + (G.minReach - 1) * G.step; // rows of 2 and 1 drawn as wide as 3
  assert.equal(m.bodyX, G.margin + G.label + wing + G.gap);
  assert.equal(m.rightX, m.bodyX + m.bodyWidth + G.gap);
  assert.equal(m.width, m.rightX + wing + G.label + G.margin);
  // a longer left wing widens the board on its side only
  const wider = boardMeasures(G, SHORT, [5, 1]);
  assert.equal(wider.bodyX - m.bodyX, 2 * G.step);
  assert.equal(wider.width - m.width, 2 * G.step);
});

test("a basement adds a level under the wings; four levels at least, as the body's four piles", () => {
  const butterfly = boardMeasures(G, SHORT, [0, 0]);
  assert.equal(butterfly.levels, 5);
  assert.equal(butterfly.drawn, 2 * G.margin + 5 * G.pitch + G.pitch + 22 - 14);
  const castle = boardMeasures(G, position("beleaguered-castle", {}), [0, 0]);
  assert.equal(castle.levels, 4);
  assert.equal(castle.drawn, 2 * G.margin + 4 * G.pitch - 14);
  assert.equal(bodyTop(G, castle, 10), 10);
  assert.equal(bodyTop(G, butterfly, 10), 10 + G.pitch / 2); // in the middle of five levels
});

test("the board keeps the tallest it has been on the screen, within the room, never under its drawing", () => {
  const m = { drawn: 400, width: 500 };
  assert.equal(heightShown(m, 0, 700, 0), 400); // not laid out yet
  assert.equal(heightShown(m, 250, 700, 300), 600); // 300 pixels tall at half its width: 600 units
  assert.equal(heightShown(m, 250, 250, 300), 500); // no taller than the room
  assert.equal(heightShown(m, 250, 700, 100), 400);
});

test("rows grow outwards from the body, their names at the board's edges", () => {
  const m = boardMeasures(G, LONG, reachOf(LONG));
  const left = rowMeasures(G, m, 10, 1, false);
  const right = rowMeasures(G, m, 10, 1, true);
  assert.equal(left.y, 10 + G.pitch);
  assert.equal(left.innerX + G.width + G.gap, m.bodyX);
  assert.equal(left.step, -G.step);
  assert.equal(left.innerX + 4 * left.step, G.margin + G.label); // the longest row's outer card by its name
  assert.equal(left.labelX, G.margin);
  assert.equal(right.innerX, m.rightX);
  assert.equal(right.step, G.step);
  assert.equal(right.innerX + 3 * right.step + G.width, m.width - G.margin - G.label);
  assert.equal(right.labelX, m.width - G.margin);
  // each row's place spans its wing, from the edge to the body
  assert.equal(left.areaX + left.areaWidth, m.bodyX - G.gap + 4);
  assert.equal(right.areaX + right.areaWidth, m.width - G.margin + 4);
});

test("the basement is centred under the body, below the wings", () => {
  const m = boardMeasures(G, SHORT, reachOf(SHORT));
  const cells = cellsMeasures(G, m, 10, 3);
  assert.equal(cells.y, 10 + m.wingsHeight + 22);
  assert.equal(cells.centre, m.bodyX + m.bodyWidth / 2);
  assert.equal(cells.span, 3 * G.width + 2 * 8);
  assert.equal(cellX(G, cells, 0), cells.centre - cells.span / 2);
  assert.equal(cellX(G, cells, 2) + G.width, cells.centre + cells.span / 2);
});
