// Free play's words for a deal drawn (page/freeplay.js): said under the button that drew it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { drawnWords } from "../../butterfly/puzzles/site/page/freeplay.js";

test("a deal drawn is named with its grade, its number grouped by thousands", () => {
  assert.equal(drawnWords({ deal: 4817, grade: "3" }), "Deal 4,817, grade 3: it is on the board above.");
  assert.equal(drawnWords({ deal: 7, grade: "1" }), "Deal 7, grade 1: it is on the board above.");
});
