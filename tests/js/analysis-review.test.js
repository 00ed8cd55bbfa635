// The analysis board's review and free play in players' words, with no page: a review of the API (POST
// /api/review, docs/serve.md) in one sentence and its marks (butterfly/puzzles/site/page/review.js), a pasted
// record read as the reader takes it, and free play's deals by grade, drawn only among a grade's own
// (butterfly/puzzles/site/page/freeplay.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import "./fixtures.js";
import { dealsByGrade, drawDeal, GRADES, parseStats } from "../../butterfly/puzzles/site/page/freeplay.js";
import { eitherOf, hasMove, markWords, recordText, reviewWords } from "../../butterfly/puzzles/site/page/review.js";

const move = (number, text, mark, over = 0) => ({ number: number, move: text, mark: mark, over: over });

test("a lost game's review names its losing move and what would have won there", () => {
  const winners = ["QS R3>F", "KH B>F", "KS B>F", "JC L1>B", "JD L2>B"].map((m) => ({ move: m }));
  const lost = {
    result: "lost",
    losing_move: 2,
    winning_moves: winners.slice(0, 1),
    moves: [move(1, "QH R3>F", "best"), move(2, "TD L2>B", "losing"), move(3, "KH B>F", "lost")],
  };
  const said = "this move lost the deal; Q\u2660 R3 \u2192 home would have won";
  assert.equal(reviewWords(lost), "Lost at move 2, 10\u2666 L2 \u2192 basement: " + said + ".");
  assert.deepEqual(
    lost.moves.map((m) => markWords(m, lost)),
    ["best", said, "after the loss"],
  );
  // several winners: at most three named
  assert.equal(eitherOf(["QS R3>F", "KH B>F"]), "Q\u2660 R3 \u2192 home or K\u2665 basement \u2192 home");
  assert.equal(
    eitherOf(winners.map((m) => m.move)),
    "Q\u2660 R3 \u2192 home, K\u2665 basement \u2192 home, K\u2660 basement \u2192 home or one of 2 more moves",
  );
  assert.equal(eitherOf(winners.slice(0, 4).map((m) => m.move)).endsWith(" or one of 1 more move"), true);
});

test("a won game's review counts its moves over par; the other results in a sentence", () => {
  const moves = [move(1, "QH R3>B", "winning", 1), move(2, "QS R3>F", "best"), move(3, "QH B>F", "winning", 2)];
  assert.equal(
    reviewWords({ result: "won", par: 2, over_par: 1, moves: moves }),
    "Won in 3 moves, par 2: 1 move over par.",
  );
  assert.equal(
    reviewWords({ result: "won", par: 3, over_par: 0, moves: moves }),
    "Won in 3 moves, par 3: not a move over par.",
  );
  assert.equal(reviewWords({ result: "won", par: null, moves: moves }), "Won in 3 moves.");
  assert.deepEqual(
    moves.map((m) => markWords(m, {})),
    [
      "still winnable, 1 move longer than the shortest win",
      "best",
      "still winnable, 2 moves longer than the shortest win",
    ],
  );
  assert.equal(markWords(move(1, "QH R3>B", "unknown"), {}), "not decided");
  assert.equal(
    reviewWords({ result: "unfinished", moves: moves }),
    "The game stops after 3 moves with the deal still winnable.",
  );
  assert.match(reviewWords({ result: "lost-from-start", moves: [] }), /^This deal could not be won from its start/);
  assert.equal(
    reviewWords({ result: "unknown", lost_between: [4, 9], moves: moves }),
    "Lost by move 9, at one of moves 4 to 9: the time ran out before telling which.",
  );
  assert.equal(
    reviewWords({ result: "unknown", moves: moves }),
    "The time ran out before telling whether this game was lost.",
  );
});

test("a record pasted as the page writes moves, several on a line, is read one move a line; its tags as they were", () => {
  assert.equal(
    recordText('[Deal "5"]\n1. 7\u2665 L2 \u2192 L1 2. Q\u2660 R3 \u2192 home 3. K\u2663 basement \u2192 home'),
    '[Deal "5"]\n1. 7H L2>L1\n2. QS R3>F\n3. KC B>F',
  );
  assert.equal(recordText("7H L2>L1 QS R3>F"), "7H L2>L1\nQS R3>F");
  assert.ok(hasMove("7H L2>L1") && hasMove("1. QS R3 > F"));
  assert.ok(!hasMove("hello, engine") && !hasMove('[Game "papillon"]\n1. AH x AC'));
});

test("free play draws a deal of the grade chosen, only among that grade's, and each of them in time", () => {
  const grades = "-1" + "2".repeat(50) + "-" + "5".repeat(8) + "1";
  const deals = dealsByGrade(grades);
  assert.deepEqual(Object.keys(deals), GRADES);
  assert.deepEqual(deals["1"], [1, 61]);
  assert.deepEqual(deals["3"], []);
  assert.equal(deals["2"].length, 50);
  assert.deepEqual(deals["5"], [53, 54, 55, 56, 57, 58, 59, 60]);
  assert.equal(
    drawDeal(deals, "2", () => 0),
    2,
  );
  assert.equal(
    drawDeal(deals, "2", () => 0.9999),
    51,
  );
  const drawn = new Set();
  for (let k = 0; k < 2000; k++) drawn.add(drawDeal(deals, "5", Math.random));
  assert.deepEqual(
    [...drawn].sort((a, b) => a - b),
    deals["5"],
  ); // each, and no other
});

test("the free-play statistics kept are read field by field: anything else is nothing kept", () => {
  const nothing = { played: 0, won: 0, best: null };
  assert.deepEqual(parseStats("not json")["1"], nothing);
  assert.deepEqual(parseStats('{"1": {"played": 3, "won": -1, "best": 2}, "2": 7}')["1"], {
    played: 3,
    won: 0,
    best: 2,
  });
  assert.deepEqual(parseStats('{"2": 7}')["2"], nothing);
});
