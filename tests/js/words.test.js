// One notation for players (page/words.js): every message names cards as they are drawn.
import assert from "node:assert/strict";
import { test } from "node:test";
import "./fixtures.js";
import { cellWords, playedBy, said, saidCards, wrongWords } from "../../butterfly/puzzles/site/page/words.js";

test("cards and moves as players read them", () => {
  assert.equal(said("TS L4>R1"), "10\u2660 L4 \u2192 R1");
  assert.equal(said("7D L2>F"), "7\u2666 L2 \u2192 home");
  assert.equal(said("KC B>F"), "K\u2663 basement \u2192 home");
  assert.equal(saidCards("9S x 4D 5H"), "9\u2660 takes 4\u2666 5\u2665");
  assert.equal(saidCards("trail AS TS"), "lays A\u2660 10\u2660 on the table");
  assert.equal(
    saidCards("7H cannot go to its foundation (it holds 5H)"),
    "7\u2665 cannot go to its foundation (it holds 5\u2665)",
  );
});

test("a game's cells named as players name them: the basement, or free cells", () => {
  assert.equal(cellWords(3, true), "3 basement cells");
  assert.equal(cellWords(1, false), "1 free cell");
  assert.equal(cellWords(0, false), "no free cells");
});

test("a card game's solution says who plays each move", () => {
  assert.equal(playedBy("P1", "KS"), "P1 plays K\u2660");
  assert.equal(playedBy("P0", "8D x 4D 4S"), "P0\u2019s 8\u2666 takes 4\u2666 4\u2660");
  assert.equal(playedBy("P2", "trail AS TS QS"), "P2 lays A\u2660 10\u2660 Q\u2660 on the table");
});

test("a wrong choice's verdict in words", () => {
  assert.equal(wrongWords("unwinnable"), "after it the deal can no longer be won");
  assert.equal(wrongWords("no pool"), "the others can stop you taking the pool");
  assert.equal(wrongWords("+0 chips"), "the others can hold you to no gain");
  assert.equal(wrongWords("-1 chips"), "the others can hold you to a loss of 1 chip");
  assert.equal(wrongWords("+3 chips"), "the others can hold you to a gain of 3 chips");
  assert.equal(wrongWords("2 tricks"), "the others can leave you with 2 tricks in all");
});
