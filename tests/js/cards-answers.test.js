// The card-game board's readers (butterfly/puzzles/site/page/cards-answers.js) on
// butterfly serve's real answers (tests/js/card_answers.json): every kind of
// answer read into the shape the board draws, each by its kind (its game and
// view tags), each value from the key the server writes it under.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readAnalysis, readMoves, readReview } from "../../butterfly/puzzles/site/page/cards-answers.js";
import { ANSWERS } from "./card_fixtures.js";

const answer = (name) => ANSWERS[name].answer;

test("the rules' moves: the seat to move, each move's line, what it caused, the result once the hand is over", () => {
  const read = readMoves(answer("moves-papillon"));
  assert.equal(read.toMove, 0);
  assert.deepEqual(
    read.moves.map((m) => m.move),
    answer("moves-papillon").moves.map((m) => m.move),
  );
  assert.equal(read.moves[0].position, answer("moves-papillon").moves[0].position);
  assert.deepEqual(read.moves[0].said, ["aces: P0 gets 2 from each"]);
  const last = readMoves(answer("moves-papillon-last")).moves[0];
  assert.equal(last.position, null);
  assert.deepEqual(last.result, answer("moves-papillon-last").moves[0].result);
});

test("Papillon with every hand known: each move's max-n chips, the pool's winner and the chips guaranteed", () => {
  const json = answer("analyse-papillon-open");
  const read = readAnalysis(json);
  assert.deepEqual([read.seat, read.fromSeat, read.tried, read.declarations], [0, false, null, null]);
  assert.deepEqual(read.choices[0], {
    move: "AH x AC",
    value: {
      kind: "max-n chips",
      chips: json.moves[0].maxn_chips,
      winner: json.moves[0].maxn_winner,
      guaranteed: json.moves[0].guaranteed_chips,
    },
  });
  assert.equal(read.choices.length, json.moves.length);
  assert.deepEqual([json.game, json.view], ["papillon", "open"]);
});

test("from the seat, in both games: the seat, the deals tried, each move's means", () => {
  for (const name of ["analyse-papillon-seat", "analyse-papillon-hidden"]) {
    const json = answer(name);
    const read = readAnalysis(json);
    assert.deepEqual([read.seat, read.fromSeat, read.tried], [json.to_move, true, json.deals], name);
    assert.deepEqual(read.choices[0].value, {
      kind: "mean chips",
      meanChips: json.moves[0].mean_chips,
      winChance: json.moves[0].win_chance,
      guaranteed: json.moves[0].guaranteed_chips,
      estimate: json.moves[0].sampled_chips,
    });
    // 20 splits of the six cards P0 cannot see: exact, and a deal for each worse move
    assert.deepEqual([read.exact, read.unit, read.whySampled], [true, "chips", null], name);
    assert.equal(read.whyWorse.length, json.why_worse.length);
  }
  const json = answer("analyse-mouche-seat");
  const read = readAnalysis(json);
  assert.deepEqual([read.seat, read.fromSeat, read.tried], [2, true, json.deals]);
  assert.deepEqual(read.choices[0], {
    move: "7D",
    value: {
      kind: "mean tricks",
      meanTricks: json.moves[0].mean_tricks,
      moucheChance: json.moves[0].mouche_chance,
      guaranteedTricks: null,
      estimate: null,
    },
  });
  // beyond the exact limits: an estimate, and why
  assert.deepEqual([read.exact, read.whySampled, read.whyWorse], [false, json.why_sampled, []]);
  assert.match(read.whySampled, /more than 100 deals/);
});

test("an exact answer from a seat: its figures, and for each worse card a deal that opens with every hand shown", () => {
  const json = answer("analyse-mouche-seat-exact");
  const read = readAnalysis(json);
  assert.deepEqual([read.seat, read.exact, read.tried, read.unit], [0, true, 660, "tricks"]);
  assert.deepEqual(read.choices[1].value, {
    kind: "mean tricks",
    meanTricks: json.moves[1].mean_tricks,
    moucheChance: json.moves[1].mouche_chance,
    guaranteedTricks: 1,
    estimate: json.moves[1].sampled_tricks,
  });
  const why = json.why_worse[0];
  assert.deepEqual(read.whyWorse, [
    {
      move: "KH",
      best: "AH",
      position: why.position,
      hands: why.hands,
      bestLine: why.best_line,
      line: why.line,
      bestResult: 2,
      result: 1,
    },
  ]);
  assert.match(why.position, /^mouche_/);
  // the open analysis and the declarations do not say how exact they are: null, none
  const open = readAnalysis(answer("analyse-mouche-open"));
  assert.deepEqual([open.exact, open.disagreements, open.whyWorse], [null, [], []]);
});

test("Papillon with one redeal left: the mover's own expected chips, a number", () => {
  const json = answer("analyse-papillon-redeal");
  const read = readAnalysis(json);
  assert.deepEqual([read.seat, read.fromSeat, read.tried], [2, false, json.deals]);
  assert.equal(read.choices[0].value.kind, "mean chips");
  assert.equal(read.choices[0].value.meanChips, json.moves[0].expected_chips[2]);
  assert.ok(Number.isFinite(read.choices[0].value.meanChips));
});

test("La Mouche with every hand known: each card's tricks and chips; the seat's values beside them not read", () => {
  const json = answer("analyse-mouche-open");
  const read = readAnalysis(json);
  assert.deepEqual([read.seat, read.fromSeat, read.tried], [2, false, null]);
  assert.deepEqual(
    read.choices.map((c) => c.move),
    json.moves.map((m) => m.move),
  );
  assert.deepEqual(read.choices[1].value, {
    kind: "max-n tricks",
    tricks: json.moves[1].maxn_tricks,
    chips: json.moves[1].maxn_chips,
    guaranteedTricks: json.moves[1].guaranteed_tricks,
  });
});

test("La Mouche's declarations: each one's mean chips, no card choices", () => {
  const json = answer("analyse-mouche-declarations");
  const read = readAnalysis(json);
  assert.deepEqual([read.seat, read.fromSeat, read.tried, read.choices], [0, true, json.deals, []]);
  assert.deepEqual(read.declarations[0], {
    declaration: json.moves[0].move,
    meanChips: json.moves[0].mean_chips,
  });
  assert.equal(read.declarations.length, json.moves.length);
  assert.deepEqual([json.game, json.view], ["mouche", "declaration"]);
});

test("an answer is read by its kind, its game and view, and one of no kind the board knows is refused", () => {
  assert.throws(() => readAnalysis({ moves: [] }), /not one this page can read\.$/);
  const seat = answer("analyse-mouche-seat");
  assert.throws(() => readAnalysis({ ...seat, view: "nowhere" }), /not one this page can read\.$/);
  // the same moves told to be another kind are read as that kind
  assert.equal(readAnalysis({ ...seat, game: "papillon" }).choices[0].value.kind, "mean chips");
  assert.throws(() => readReview({ ...seat, hands: [] }), /not a review this page can read\.$/);
});

test("a Papillon review: the seat, the move and its position, the judgement from the seat before the open one", () => {
  const json = answer("review-papillon-game");
  const read = readReview(json);
  assert.deepEqual(
    read.hands.map((h) => h.number),
    [3, 4],
  );
  const moves = json.hands[1].moves;
  read.hands[1].moves.forEach((m, k) => {
    const was = moves[k];
    assert.deepEqual([m.seat, m.move, m.position, m.choices], [was.seat, was.move, was.position, was.choices]);
    const judged = (was.from_seat && was.from_seat.judgement) || (was.open && was.open.judgement);
    assert.deepEqual(m.judgement, judged ? { mark: judged.mark, loss: judged.loss } : null);
    assert.equal(m.fromSeat, was.from_seat !== null);
    assert.equal(m.exact, was.from_seat ? (was.from_seat.exact ?? null) : null);
  });
  // (both views judged a move: the seat's is read)
  const both = moves.findIndex((m) => m.from_seat && m.open && m.from_seat.judgement);
  assert.ok(both >= 0);
  assert.equal(read.hands[1].moves[both].judgement.mark, moves[both].from_seat.judgement.mark);
});

test("a review's move from the seat says whether it was judged exactly (recorded answers: both ways)", () => {
  const papillon = readReview(answer("review-papillon")).hands[0].moves;
  const mouche = readReview(answer("review-mouche")).hands[0].moves;
  for (const [read, json] of [
    [papillon, answer("review-papillon")],
    [mouche, answer("review-mouche")],
  ])
    read.forEach((m, k) => {
      const was = json.hands[0].moves[k].from_seat;
      assert.equal(m.exact, was ? was.exact : null);
      if (was) assert.equal(typeof was.exact, "boolean");
    });
});

test("a review's move judged exactly from the seat and worse than the best: the deal where it does worse", () => {
  const json = answer("review-mouche-exact");
  const [first, ...rest] = readReview(json).hands[0].moves;
  const why = json.hands[0].moves[0].from_seat.why_worse;
  assert.deepEqual([first.move, first.exact, first.judgement.mark], ["9D", true, "blunder"]);
  assert.deepEqual(first.whyWorse, {
    move: "9D",
    best: "QD",
    position: why.position,
    hands: why.hands,
    bestLine: why.best_line,
    line: why.line,
    bestResult: why.best_result,
    result: why.result,
  });
  // the others: none (best, forced, or not judged from the seat)
  assert.ok(rest.every((m) => m.whyWorse === null));
});

test("a La Mouche review: the seat and the move, no position, the open judgement when the seat's is none", () => {
  const json = answer("review-mouche-bots");
  const moves = readReview(json).hands[0].moves;
  assert.deepEqual(moves[0], {
    seat: 1,
    move: "discard TD JH draw JS TS",
    position: null,
    choices: null,
    judgement: null,
    fromSeat: false,
    exact: null,
    whyWorse: null,
    notJudged: json.hands[0].moves[0].not_judged,
  });
  assert.deepEqual(moves[5].judgement, { mark: "only", loss: 0 });
  assert.equal(moves[5].fromSeat, false);
  assert.deepEqual([moves[6].judgement.mark, moves[6].fromSeat], ["blunder", true]);
});
