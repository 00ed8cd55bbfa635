// The card-game board's state and actions (butterfly/puzzles/site/page/cards-state.js),
// with no page: a set-up made by the clicks and counters the page sends, what
// is wrong with it in plain words, the questions it asks the engine, and a
// hand played through on butterfly serve's real answers (tests/js/card_answers.json)
// to its end and back.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cardText } from "../../butterfly/puzzles/site/rules.js";
import { readMoves } from "../../butterfly/puzzles/site/page/cards-answers.js";
import { CardBoard, discardChoice } from "../../butterfly/puzzles/site/page/cards-state.js";
import { places } from "../../butterfly/puzzles/site/page/cards-line.js";
import { ANSWERS, LAST_DEAL, MOUCHE_START } from "./card_fixtures.js";

// A board opened on ``line`` with the rules' answer recorded for it.
function answered(name) {
  const board = new CardBoard();
  board.open(ANSWERS[name].request.position);
  board.rulesAnswered(readMoves(ANSWERS[name].answer));
  return board;
}

const cardsIn = (board, id) => places(board.setup).find((p) => p.id === id).cards.length;

test("a blank Papillon board: a card clicked goes to the place chosen, clicked again goes back", () => {
  const board = new CardBoard();
  assert.equal(board.place(), "h0");
  board.choose("h1");
  board.click("5S");
  assert.ok(board.line().startsWith("papillon_h-.5S.-_t-_w0.0.0"), board.line());
  board.click("5S");
  assert.ok(board.line().startsWith("papillon_h-.-.-_t-_w0.0.0"), board.line());
  assert.equal(board.place(), "h1");
  // a place gone with a change (the stock given as a number): the next card goes to the first place
  board.choose("s");
  board.hideStock(9);
  assert.equal(board.place(), "h0");
});

test("every impossible set-up is said in plain words, and the rules are not asked of it", () => {
  const board = new CardBoard();
  board.open(LAST_DEAL);
  assert.deepEqual(board.status(), { wrong: "", plain: "Every card is placed or counted as won." });
  assert.deepEqual(board.rulesQuestion(), { line: LAST_DEAL });
  board.choose("h0");
  board.click("KC"); // a fourth card in P0's hand (it was won)
  const wrong = board.status().wrong;
  assert.ok(wrong.startsWith("P0\u2019s hand holds 4 cards, at most 3."), wrong);
  assert.ok(wrong.includes("33 cards not placed and the cards won add up to 34: count 1 card fewer as won."), wrong);
  assert.equal(board.rulesQuestion(), null);
  board.click("KC"); // clicked again: back where it was
  board.set("taken", 11, 1);
  assert.deepEqual(board.status(), {
    wrong: "34 cards not placed and the cards won add up to 32: place 2 cards more, or count them as won.",
    plain: "",
  });
  board.set("taken", 13, 1);
  board.set("toMove", 1);
  assert.deepEqual(board.rulesQuestion(), { line: LAST_DEAL.replace("_m0", "_m1") });
});

test("a line that cannot be read is refused with the reason, the set-up kept", () => {
  const board = new CardBoard();
  board.open(LAST_DEAL);
  assert.throws(() => board.open("papillon_h9S.3.KS_t2C_d0_m0_x1"), /does not know: x1/);
  assert.throws(() => board.open("chess_e4"), /papillon or mouche/);
  assert.equal(board.line(), LAST_DEAL);
});

test("the counters: chips, the pool, the dealer, the stake and scoring, the papillons made", () => {
  const board = new CardBoard();
  board.set("chips", 108, 0);
  board.set("pool", 80);
  assert.ok(board.line().includes("_c108.0.0_p80_"), board.line());
  board.set("stake", 2);
  board.set("scoring", "modern");
  board.madePapillon(2, true);
  board.madePapillon(0, true);
  assert.ok(board.line().endsWith("_k2_d2_m0_b0.2_rmodern"), board.line());
  board.madePapillon(2, false);
  assert.ok(board.line().endsWith("_b0_rmodern"), board.line());
});

test("seen from one seat: a Papillon hand hidden, written as Python writes it, valued from the seat only", () => {
  const seat = ANSWERS["analyse-papillon-hidden"].request.position;
  const board = new CardBoard();
  board.open(seat);
  assert.equal(board.line(), seat);
  assert.equal(board.setup.hidden[1], 3);
  assert.match(board.rulesQuestion().note, /^Playing it through needs every hand shown/);
  assert.deepEqual(board.valuesQuestion(true), { body: { position: seat, as_player: 0 } });
  board.set("stake", 2);
  board.set("scoring", "modern");
  // (Python's line of that position: papillon_line(data_of(line) | {"stake": 2, "scoring": "modern"}))
  assert.equal(board.line(), seat.replace("_d2_m0_l2", "_k2_d2_m0_l2_rmodern"));
});

test("La Mouche's More: the mouches waiting, a hand hidden, as Python writes the position", () => {
  const board = new CardBoard();
  board.open(MOUCHE_START);
  assert.ok(board.declaring());
  board.set("entry", "largest-first");
  board.set("pending", [10, 5]);
  board.hide(1, 5);
  // (Python's line: mouche_line(*parse_line(line_of(data_of(MOUCHE_START) with those three))))
  assert.equal(board.line(), "mouche_olargest-first_d2_tTH_a-.-.-_hJCQHKH8S9S.5.AC8CQCKCQD_p5_c1000.1000.995_q10.5");
  // one hand shown: its seat is the one to value from, as the rules cannot be asked
  board.hide(0, 5);
  board.hide(1, null);
  assert.equal(board.mover(), null);
  assert.match(board.valuesQuestion(true).refused, /^Set up a position the rules accept first/);
  board.hide(2, 5);
  assert.equal(board.mover(), 1);
});

test("a La Mouche set-up by the places and the pack: the turned card, a hand, what is missing said", () => {
  const board = new CardBoard();
  board.restart("mouche", 3);
  board.choose("u");
  board.click("TH");
  board.choose("h0");
  ["QH", "KH", "9S", "8S", "JC"].forEach((card) => board.click(card));
  board.set("pool", 50);
  assert.equal(board.line(), "mouche_d2_tTH_a-.-.-_hJCQHKH8S9S.-.-_p50_c1000.1000.1000");
  assert.ok(board.status().wrong.includes("P1 should hold 5 cards (with those played): 0 are placed."));
});

test("La Mouche's played cards placed seat by seat are the tricks of the rules, said trick by trick", () => {
  const line =
    "mouche_d3_tQH_as.s.s.s_h6D7D.8C9C9H.6C8D9D.KHAS_w0TD1AD2QD3JH.3TS06S17S29S_k38H0TC_p5_c1000.1000.1000.995";
  const board = new CardBoard();
  board.open(line);
  const played = [0, 1, 2, 3].map((seat) =>
    places(board.setup)
      .find((p) => p.id === "p" + seat)
      .cards.slice(),
  );
  // every played card taken back, then placed again player by player, P0 first
  for (const round of [0, 1])
    played.forEach((cards, seat) => {
      board.choose("p" + seat);
      cards.forEach((card) => board.click(cardText(card)));
      if (round === 0) assert.equal(cardsIn(board, "p" + seat), 0);
    });
  assert.equal(board.line(), line);
  const read = board.tricksRead();
  assert.ok(read.note.startsWith("Played cards: place each player\u2019s in the order of their tricks"));
  assert.ok(read.note.includes("P0, the first to play still in the hand, leads the first trick"));
  assert.deepEqual(read.tricks, [
    "Trick 1: P0 10\u2666, P1 A\u2666, P2 Q\u2666, P3 J\u2665; P3 wins it",
    "Trick 2: P3 10\u2660, P0 6\u2660, P1 7\u2660, P2 9\u2660; P3 wins it",
    "Trick 3 so far: P3 8\u2665, P0 10\u2663",
  ]);
  assert.deepEqual(new CardBoard().tricksRead(), { note: "", tricks: [] });
});

test("played through on the rules' answers: the position each move leads to, undone move by move", () => {
  const board = answered("moves-papillon");
  assert.equal(
    board.rulesAnswered(readMoves(ANSWERS["moves-papillon"].answer)),
    "The rules accept this position: P0 to move, 4 choices.",
  );
  assert.equal(board.mover(), 0);
  const first = board.choices().each[0];
  assert.equal(board.play(first), "P0\u2019s A\u2665 takes A\u2663 (aces: P0 gets 2 from each).");
  assert.equal(board.line(), first.position);
  assert.equal(board.moves, null); // (the answer was of the position before)
  assert.equal(board.undo(), "Took back P0\u2019s A\u2665 takes A\u2663.");
  assert.equal(board.line(), LAST_DEAL);
  assert.equal(board.undo(), null);
});

test("a Papillon hand played to its end: over, its cards gone, the final chips; the line its last position", () => {
  const board = answered("moves-papillon-last");
  const before = board.line();
  const last = board.choices().each[0];
  const said = board.play(last);
  const end = "The hand is over: " + last.result.chips.map((c, s) => "P" + s + " " + c + " chips").join(", ");
  assert.ok(said.endsWith(". " + end + "; the pool holds " + last.result.pool + "."), said);
  assert.deepEqual(board.status(), { wrong: "", plain: said.slice(said.indexOf("The hand is over")) });
  assert.equal(board.line(), before);
  assert.equal(board.rulesQuestion(), null);
  assert.deepEqual(
    [cardsIn(board, "h0"), cardsIn(board, "h1"), cardsIn(board, "h2"), cardsIn(board, "t")],
    [0, 0, 0, 0],
  );
  assert.deepEqual(board.setup.chips, last.result.chips);
  assert.equal(board.undo().startsWith("Took back P"), true);
  assert.equal(board.over, null);
  assert.equal(board.line(), before);
});

test("a La Mouche hand ended by a fold: the folded hand out of the play", () => {
  const board = answered("moves-mouche-last");
  const fold = board.choices().each[0];
  assert.equal(fold.move, "fold");
  assert.ok(
    board.play(fold).startsWith("P1 folds (everyone else folded: P2 (the dealer) takes 5). The hand is over: "),
  );
  assert.equal(board.setup.declared[1], "f");
  assert.equal(cardsIn(board, "h1"), 0);
});

test("La Mouche's discards offered as one choice: the cards chosen make the discard, or say why not", () => {
  const board = answered("moves-mouche-declarations");
  const offered = board.choices();
  assert.deepEqual(
    offered.each.map((m) => m.move),
    ["fold", "stand"],
  );
  assert.equal(offered.discards.length, ANSWERS["moves-mouche-declarations"].answer.moves.length - 2);
  const choice = discardChoice(offered.who, offered.discards);
  assert.deepEqual(choice.cards, ["JC", "QH", "KH", "8S", "9S"]); // (in the order of the pack)
  assert.deepEqual(choice.pick(new Set()), { move: null, words: "Choose the cards to discard" });
  const two = choice.pick(new Set(["JC", "8S"]));
  assert.equal(two.move.move.split(" ").slice(1).sort().join(" "), "8S JC");
  assert.match(two.words, /^P0 discards (8\u2660 J\u2663|J\u2663 8\u2660)$/);
  assert.equal(board.play(two.move).split(".")[0], two.words);
  assert.equal(board.line(), two.move.position);
});
