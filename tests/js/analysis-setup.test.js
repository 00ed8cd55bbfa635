// The analysis board's set-up with no page (butterfly/puzzles/site/page/analysis-setup.js): its address
// (board.html#p=LINE&m=MOVES&free=GRADE&deal=N) written and read, its forms' requests and refusals, and
// the game and its rules in words.
import assert from "node:assert/strict";
import { test } from "node:test";
import "./fixtures.js";
import * as R from "../../butterfly/puzzles/site/rules.js";
import { parseLine } from "../../butterfly/puzzles/site/line.js";
import {
  addressOf,
  dealRequest,
  moveFromLink,
  moveToLink,
  pastedOpening,
  readAddress,
  recordRequest,
  rulesWords,
} from "../../butterfly/puzzles/site/page/analysis-setup.js";
import { FORTRESS, P } from "./analysis-positions.js";

test("a move in the address is card, source and target with nothing between, read back as the rules' move", () => {
  for (const text of ["QH R3>F", "KS B>F", "7H L2>L1", "QH R3>B"]) {
    const move = R.parseMove(text);
    const link = moveToLink(move);
    assert.match(link, /^[0-9A-Za-z]+$/); // nothing to escape in a URL
    assert.ok(R.sameMove(moveFromLink(link), move), text);
  }
  assert.equal(moveToLink(R.parseMove("7H L2>L1")), "7HL2L1");
  assert.ok(R.sameMove(moveFromLink("qhr3f"), R.parseMove("QH R3>F"))); // typed in any case
  for (const bad of ["", "QH", "QHR3", "1HR3F", "QHF3R3", "QHR3>F"]) assert.equal(moveFromLink(bad), null, bad);
});

test("the address carries the start, the moves played and a free-play game, and reads back the same", () => {
  const moves = ["QH R3>F", "QS R3>F"].map(R.parseMove);
  assert.equal(addressOf(P, [], null), "#p=" + P);
  const address = addressOf(P, moves, { grade: "2", deal: 1234 });
  assert.equal(address, "#p=" + P + "&m=QHR3F.QSR3F&free=2&deal=1234");
  const read = readAddress(address);
  assert.equal(read.line, P);
  assert.deepEqual(read.played, moves);
  assert.equal(read.grade, "2");
  assert.equal(read.deal, 1234);
  assert.deepEqual(readAddress("#p=" + P + "&m=QHR3F.nonsense").played, [moves[0], null]); // a move not read: null
  assert.equal(readAddress("#m=QHR3F"), null); // no position
  assert.equal(readAddress(""), null);
});

test("the game and its rules in words", () => {
  assert.equal(rulesWords(parseLine(P)), "Butterfly");
  assert.equal(rulesWords(parseLine(FORTRESS)), "Fortress, alternate colours, 2 free cells");
});

test("a deal number is a whole number, PySolFC's not of Butterfly", () => {
  for (const bad of ["-3", "abc", "", "1.5", "9223372036854775808"]) {
    assert.match(dealRequest(bad, "butterfly", false).refusal, /^A deal number is a whole number, such as 5, up to /);
  }
  assert.deepEqual(dealRequest("9223372036854775807", "butterfly", false), {
    query: "number=9223372036854775807&game=butterfly",
    what: "Deal 9223372036854775807",
  });
  assert.equal(dealRequest("x", "fortress", true).refusal, "A deal number is a whole number, such as 5.");
  assert.match(dealRequest("5", "butterfly", true).refusal, /^PySolFC numbers Fortress, .* not Butterfly/);
  assert.deepEqual(dealRequest("12", "beleaguered-castle", true), {
    query: "pysol=12&game=beleaguered-castle",
    what: "PySolFC deal 12",
  });
});

test("what was pasted to open: a link to the board, a position's line, or one sentence saying why neither", () => {
  const link = "https://example.org/board.html#p=" + P + "&m=QHR3F";
  assert.deepEqual(pastedOpening(link), { address: "#p=" + P + "&m=QHR3F" });
  assert.deepEqual(pastedOpening(P), { line: P });
  assert.match(pastedOpening("").refusal, /^Paste a position's line first/);
  assert.match(pastedOpening("hello").refusal, /^That is not a position's line: a line starts with its game's name/);
  assert.deepEqual(pastedOpening("klondike_l-_r-"), { line: "klondike_l-_r-" }); // the reader says what is wrong
});

test("a record to review: its moves one a line from the board's start, unless it names its deal", () => {
  const start = P;
  // as the page writes moves, numbered on one line: read as the file's notation
  assert.deepEqual(recordRequest("1. Q\u2665 R3 \u2192 home 2. Q\u2660 R3 \u2192 home", start), {
    body: { record: "1. QH R3>F\n2. QS R3>F", position: start },
  });
  const named = '[Game "butterfly"]\n[Deal "2"]\n1. TD L2>B';
  assert.deepEqual(recordRequest(named, start), { body: { record: named } });
  assert.match(recordRequest("", start).refusal, /^Paste a game's record first/);
  assert.equal(
    recordRequest("hello, engine", start).refusal,
    "This is not a game record: its moves are written one a line, such as 7\u2665 L3 \u2192 R2 or 7H L3>R2.",
  );
  assert.deepEqual(recordRequest('[Game "papillon"]\n[Hand "1"]\n[Start "papillon_x"]\n1. AH x AC', start), {
    papillon: true,
  });
});
