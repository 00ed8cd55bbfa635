// The card-game board's set-up (butterfly/puzzles/site/page/cards-line.js): La Mouche's
// played cards placed seat by seat, in any order of clicks, make the tricks
// the rules make (the leader first, each trick's winner leading the next).
import assert from "node:assert/strict";
import { test } from "node:test";
import { cardText, parseCard } from "../../butterfly/puzzles/site/rules.js";
import {
  blank,
  place,
  problems,
  trickWinner,
  tricks,
  writeLine,
} from "../../butterfly/puzzles/site/page/cards-line.js";

// A 3-player La Mouche hand (P2 deals, so P0 plays first), hearts turned, everyone standing.
function standing(game = "mouche", turned = "TH") {
  const setup = blank(game, 3);
  setup.turned = parseCard(turned);
  setup.declared = ["s", "s", "s"];
  return setup;
}

// ``plays``: [seat, card text] placed one after another, as the place buttons and the cards are clicked.
function placed(setup, plays) {
  plays.forEach(([seat, card]) => place(setup, parseCard(card), "p" + seat));
  return setup;
}

// Tricks as "seat:card" texts.
const said = (list) => list.map((trick) => trick.map(([seat, card]) => seat + ":" + cardText(card)));

// Trick 1 led by P0 and trumped by P2 (8♥), who leads trick 2, won by P1's K♦; P1 leads trick 3.
const IN_ORDER = [
  [0, "KS"],
  [1, "9S"],
  [2, "8H"],
  [2, "QD"],
  [0, "AD"],
  [1, "KD"],
  [1, "JS"],
];

test("placed seat by seat, the tricks are the rules' order of play, as placed in that order", () => {
  const bySeat = placed(
    standing(),
    [0, 1, 2].flatMap((seat) => IN_ORDER.filter(([s]) => s === seat)),
  );
  const inOrder = placed(standing(), IN_ORDER);
  const expected = [["0:KS", "1:9S", "2:8H"], ["2:QD", "0:AD", "1:KD"], ["1:JS"]];
  assert.deepEqual(said(tricks(bySeat)), expected);
  assert.deepEqual(said(tricks(inOrder)), expected);
  assert.equal(writeLine(bySeat), writeLine(inOrder));
  assert.match(writeLine(bySeat), /_w0KS19S28H\.2QD0AD1KD_k1JS_/);
  // the seats' clicks taken in reverse turn: still the same line
  const reversed = placed(
    standing(),
    [2, 1, 0].flatMap((seat) => IN_ORDER.filter(([s]) => s === seat)),
  );
  assert.equal(writeLine(reversed), writeLine(inOrder));
});

test("the first trick is led by the first still in the hand to the dealer's right", () => {
  const setup = standing();
  setup.declared = ["f", "s", "s"];
  placed(setup, [
    [2, "QS"],
    [1, "8S"],
  ]);
  assert.deepEqual(said(tricks(setup)), [["1:8S", "2:QS"]]);
});

test("a trick's winner: trumps over the suit led over the rest, and Le Pamphile's jack of clubs over all", () => {
  const trick = [
    [0, parseCard("AS")],
    [1, parseCard("JC")],
    [2, parseCard("KH")],
  ];
  assert.equal(trickWinner(standing("mouche", "9H"), trick), 2); // (the king of trumps)
  assert.equal(trickWinner(standing("pamphile", "9H"), trick), 1); // (the Pamphile, the top trump)
  assert.equal(trickWinner(standing("mouche", "9D"), trick), 0); // (no trump: the ace of the suit led)
  // the ace ranks between the jack and the ten
  const spades = [
    [0, parseCard("AS")],
    [1, parseCard("JS")],
    [2, parseCard("TS")],
  ];
  assert.equal(trickWinner(standing("mouche", "9D"), spades), 1);
});

test("a player far ahead of another in cards played is said in plain words", () => {
  const setup = placed(standing(), [
    [0, "KS"],
    [0, "AD"],
    [0, "JS"],
    [1, "9S"],
    [2, "8H"],
  ]);
  assert.ok(
    problems(setup).includes("P0 has played 3 cards and P1 1: each trick takes one card from each player"),
    problems(setup),
  );
});

// La Mouche set-ups on their way (placed in any order) that the rules would refuse: each said, so that the
// page asks the rules nothing until they can play it (butterfly/games/mouche/format.py refuses the same).
test("a La Mouche set-up still being placed says what its order of play still needs", () => {
  const before = placed(standing(), [[1, "9S"]]);
  before.declared = [null, "s", null];
  const said = problems(before);
  assert.ok(said.includes("P0 declares before P1: the declarations go in turn from the first to play"), said);
  assert.ok(said.includes("P0 has not declared yet: cards are played only once everyone has"), said);
  // trick 1 is led by P0 (P2 deals): P1's card placed before P0's is a gap, not yet a trick
  assert.ok(
    problems(placed(standing(), [[1, "9S"]])).includes(
      "trick 1 has P1\u2019s card but not yet P0\u2019s, who plays before",
    ),
  );
  assert.deepEqual(
    problems(placed(standing(), IN_ORDER)).filter((p) => /trick|declare/.test(p)),
    [],
  );
  const folded = standing();
  folded.declared = ["f", "f", null];
  assert.ok(problems(folded).includes("everyone but the dealer folded: the hand is over"));
  const discarding = standing();
  discarding.declared = ["d2", "s", "s"];
  place(discarding, parseCard("2C"), "x0");
  assert.ok(problems(discarding).includes("P0 discarded 2 cards: 1 placed as discarded"), problems(discarding));
  const pamphile = standing("pamphile", "JC");
  assert.ok(
    pamphile.trump === null &&
      problems(pamphile).includes("the Pamphile is turned: choose the trumps before anyone declares"),
  );
  const pool = standing();
  pool.pool = 12;
  assert.ok(problems(pool).includes("the pool is a multiple of 5 chips, at least 5"));
});

test("a Papillon stock deals 3 cards to each player: its size is said when it cannot", () => {
  const setup = blank("papillon", 3);
  place(setup, parseCard("2C"), "s");
  assert.ok(problems(setup).includes("the stock holds 1 card: it deals 3 to each player, so a multiple of 9"));
});
