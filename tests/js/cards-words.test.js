// The card-game board's words (butterfly/puzzles/site/page/cards-words.js) on
// butterfly serve's real answers (tests/js/card_answers.json) as the readers
// give them: every card's value, the badges on the pack, a reviewed move's
// mark and a hand's summary, in players' words.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readAnalysis, readReview } from "../../butterfly/puzzles/site/page/cards-answers.js";
import {
  badge,
  chipsWords,
  endWords,
  handSummary,
  markWords,
  recordGame,
  valuesShown,
  whyWorseShown,
} from "../../butterfly/puzzles/site/page/cards-words.js";
import { ANSWERS } from "./card_fixtures.js";

const read = (name) => readAnalysis(ANSWERS[name].answer);
const reviewed = (name) => readReview(ANSWERS[name].answer);

test("chips as players say them, a tenth at most, none as no chips more", () => {
  assert.equal(chipsWords(4), "worth 4 chips more");
  assert.equal(chipsWords(-1), "worth 1 chip less");
  assert.equal(chipsWords(-3.25), "worth 3.3 chips less");
  assert.equal(chipsWords(0.04), "worth no chips more");
});

test("Papillon with every hand known: each move from the chips the mover holds, said once when sure", () => {
  const shown = valuesShown(read("analyse-papillon-open"), [108, 116, 116], 4);
  assert.equal(shown.heading, "P0\u2019s choices, with all hands open");
  assert.deepEqual(shown.items[0], {
    move: "AH x AC",
    card: "AH",
    text: "A\u2665 takes A\u2663: worth 5 chips more, whatever the others do",
  });
  assert.equal(shown.items[2].text, "6\u2660 takes 6\u2663: worth 3 chips less, whatever the others do");
  assert.deepEqual(
    shown.items.map((i) => badge(i.text.split(": ")[1])),
    ["+5", "+5", "\u22123", "\u22123"],
  );
  assert.equal(shown.note, "");
});

test("the pool taken and a worse worst case are said after the chips", () => {
  const value = { kind: "max-n chips", chips: [120, 90, 90], winner: 0, guaranteed: 100 };
  const shown = valuesShown(
    { seat: 0, fromSeat: false, tried: null, declarations: null, choices: [{ move: "9S x 9D", value }] },
    [108, 0, 0],
    1,
  );
  assert.equal(
    shown.items[0].text,
    "9\u2660 takes 9\u2666: worth 12 chips more, takes the pool; whatever the others do, at worst 8 chips less",
  );
});

test("from the seat: exact or an estimate said once in the heading, each move's mean and chance", () => {
  const shown = valuesShown(read("analyse-papillon-seat"), [108, 116, 116], 4);
  assert.equal(
    shown.heading,
    "P0\u2019s choices, from P0\u2019s seat: exact, over all 20 deals of the cards P0 cannot see",
  );
  assert.equal(
    shown.items[0].text,
    "A\u2665 takes A\u2663: on average worth 55.4 chips more, wins the pool in 60% of the deals; " +
      "whatever the deal, at worst 5 chips more",
  );
  assert.equal(badge(shown.items[0].text.split(": ")[1]), "+55.4");
  const mouche = valuesShown(read("analyse-mouche-seat"), [1000, 1000, 1000, 995], 2);
  assert.equal(
    mouche.heading,
    "P2\u2019s choices, from P2\u2019s seat: an estimate from 5000 deals tried, as if P2 would see every hand " +
      "after this card (not exact: more than 100 deals of the hidden hands)",
  );
  assert.equal(mouche.items[0].text, "7\u2666: 1.6 tricks on average, makes the mouche 7%");
  assert.equal(badge(mouche.items[0].text.split(": ")[1]), "1.6 tricks");
  assert.deepEqual([mouche.worse, mouche.disagreements], [[], []]);
});

test("why a card is worse: the deal in players' words, both lines, how each ends, and the deal's line", () => {
  const answer = ANSWERS["analyse-mouche-seat-exact"].answer;
  const shown = valuesShown(read("analyse-mouche-seat-exact"), [995, 1000, 1000], 2);
  assert.equal(
    shown.items[1].text,
    "K\u2665: 1.1 tricks on average, makes the mouche 0%; whatever the deal, at least 1 trick",
  );
  const [worse] = shown.worse;
  assert.equal(worse.move, "KH");
  assert.equal(worse.position, answer.why_worse[0].position);
  assert.match(
    worse.text,
    /^K\u2665 does worse than A\u2665 when P1 holds .+; P2 holds .+: after A\u2665 \(P1 .+\) P0 ends with 2 tricks; after K\u2665 \(P1 .+\) with 1 trick\.$/,
  );
  // Papillon: chips, and the moves as players say them
  const papillon = valuesShown(read("analyse-papillon-seat"), [108, 116, 116], 4);
  assert.equal(papillon.worse.length, 3);
  assert.match(
    papillon.worse[0].text,
    /^6\u2660 takes A\u2663 5\u2666 does worse than A\u2665 takes A\u2663 when P1 holds /,
  );
  assert.match(papillon.worse[0].text, /P0 ends with \d+ chips; after .* lays .* on the table.* with \d+ chips\.$/);
  for (const w of [...shown.worse, ...papillon.worse])
    assert.doesNotMatch(w.text, /\b(max-?n|paranoid|kernel|node|class|worlds?)\b/i);
});

test("a reviewed move judged from the seat by an estimate says so; an exact one or an older answer does not", () => {
  const move = { fromSeat: true, judgement: { mark: "mistake", loss: 2 }, choices: null };
  assert.equal(markWords({ ...move, exact: false }, "mouche"), "mistake, 2 chips less than the best, an estimate");
  assert.equal(markWords({ ...move, exact: true }, "mouche"), "mistake, 2 chips less than the best");
  assert.equal(markWords({ ...move, exact: null }, "mouche"), "mistake, 2 chips less than the best");
});

test("why a reviewed La Mouche card was worse: its chips for the hand, won or owed for the mouche", () => {
  const [first] = reviewed("review-mouche-exact").hands[0].moves;
  const shown = whyWorseShown(first.whyWorse, first.seat, "hand chips");
  assert.match(
    shown.text,
    /^9\u2666 does worse than Q\u2666 when P1 holds J\u2666 A\u2665; P2 holds 8\u2665: after Q\u2666 \(P1 J\u2666, P0 9\u2666, P1 A\u2665, P2 8\u2665\) P0 ends with 2 chips won; after 9\u2666 \(.+\) with 5 chips owed for the mouche\.$/,
  );
  assert.equal(shown.position, first.whyWorse.position);
});

test("where the ways of judging disagree, the answer's sentences are shown, the cards as players say them", () => {
  const json = {
    ...ANSWERS["analyse-mouche-seat-exact"].answer,
    disagreements: ["To be sure of the most tricks, play KH: 1 trick whatever the deal."],
  };
  const shown = valuesShown(readAnalysis(json), [995, 1000, 1000], 2);
  assert.deepEqual(shown.disagreements, ["To be sure of the most tricks, play K\u2665: 1 trick whatever the deal."]);
});

test("La Mouche with every hand known: the tricks and chips of each card, at least the tricks guaranteed", () => {
  const shown = valuesShown(read("analyse-mouche-open"), [1000, 1000, 1000, 995], 2);
  assert.equal(shown.heading, "P2\u2019s choices, with all hands open");
  assert.equal(
    shown.items[0].text,
    "7\u2666: wins 2 tricks, worth 6 chips more; whatever the others do, at least 2 tricks",
  );
  assert.equal(badge(shown.items[0].text.split(": ")[1]), "+6");
});

test("Papillon with one redeal left: a number of chips, its badge on the first card laid, not on the ace of clubs", () => {
  const shown = valuesShown(read("analyse-papillon-redeal"), [99, 96, 87], 1);
  assert.equal(
    shown.items[0].text,
    "lays 7\u2663 3\u2660 on the table: on average worth 5.8 chips more, wins the pool in 25% of the deals tried",
  );
  assert.equal(shown.items[0].card, "7C");
  assert.equal(shown.heading, "P2\u2019s choices, with all hands open"); // (the deals of the stock, not a seat's)
});

test("La Mouche's declarations: each one's mean, the ones not valued counted from the rules' choices", () => {
  const answer = ANSWERS["analyse-mouche-declarations"].answer;
  const choices = ANSWERS["moves-mouche-declarations"].answer.moves.length;
  const shown = valuesShown(read("analyse-mouche-declarations"), [1000, 1000, 995], choices);
  assert.equal(shown.heading, "P0\u2019s choices, from P0\u2019s seat (500 deals tried)");
  assert.equal(shown.declarations[0], "discard J\u2663 8\u2660 9\u2660: on average worth 3.4 chips more");
  assert.equal(shown.declarations.length, answer.moves.length);
  assert.deepEqual(shown.items, []);
  assert.equal(shown.note, choices - answer.moves.length + " other declarations not valued.");
  assert.equal(valuesShown(read("analyse-mouche-declarations"), [1000, 1000, 995], null).note, "");
});

test("a hand over in one sentence: everyone's chips and the pool", () => {
  assert.equal(
    endWords(ANSWERS["moves-mouche-last"].answer.moves[0].result),
    "The hand is over: P0 1000 chips, P1 1000 chips, P2 1000 chips; the pool holds 0.",
  );
});

test("a La Mouche review: declarations not judged, a forced card the only card, a blunder's loss", () => {
  const hand = reviewed("review-mouche-bots").hands[0];
  const words = hand.moves.map((m) => markWords(m, "mouche"));
  assert.equal(words[0], "a declaration, not judged: its worth can only be estimated");
  assert.equal(words[5], "the only card");
  assert.equal(words[6], "blunder, 0.4 chips less than the best");
  assert.equal(
    handSummary(hand),
    "This hand: P0: 2 blunders, 0.6 chips given away; P1: 1 blunder, 0.1 chips given away; " +
      "P2: 2 blunders, 0.4 chips given away.",
  );
});

test("a Papillon review: the only move, too many cards unseen, judged with all hands open or from the seat", () => {
  const [third, fourth] = reviewed("review-papillon-game").hands;
  assert.equal(
    markWords(third.moves[0], "papillon"),
    "not judged: too many cards unseen, with more than one redeal to come",
  );
  assert.equal(markWords(third.moves[2], "papillon"), "the only move");
  assert.equal(markWords(third.moves[21], "papillon"), "blunder, 18 chips less than the best, with all hands open");
  assert.equal(markWords(fourth.moves[15], "papillon"), "best, with all hands open");
  assert.equal(markWords(fourth.moves[22], "papillon"), "best");
  assert.equal(markWords(fourth.moves[25], "papillon"), "every choice was worth the same");
  assert.equal(handSummary(third), "This hand: P0: no mistakes; P1: no mistakes; P2: 1 blunder, 18 chips given away.");
  const reason = { seat: 0, move: "stand", choices: 2, judgement: null, fromSeat: false, notJudged: null };
  assert.equal(markWords(reason, "papillon"), "not judged: no value was found");
});

test("the game a pasted text is a record of", () => {
  assert.equal(recordGame(ANSWERS["review-mouche-bots"].request.record), "mouche");
  assert.equal(recordGame(ANSWERS["review-papillon-game"].request.record), "papillon");
  assert.equal(recordGame("P0: 5S x 5D, P1: trail KS"), "papillon");
  assert.equal(recordGame("7S R5>L1\n2D L3>F\n"), "patience");
  assert.equal(recordGame('[Game "butterfly"]\n[Deal "1"]\n1. 7S R5>L1\n'), "patience");
  assert.equal(recordGame("hello, is this thing on?"), null);
});
