// The card-game board's set-up (puzzles/site/page/cards-line.js): La Mouche's
// played cards placed seat by seat, in any order of clicks, make the tricks
// the rules make (the leader first, each trick's winner leading the next).
import assert from "node:assert/strict";
import { test } from "node:test";
import { cardText, parseCard } from "../../puzzles/site/rules.js";
import { blank, place, problems, trickWinner, tricks, writeLine } from "../../puzzles/site/page/cards-line.js";

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
