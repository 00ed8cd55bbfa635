// Each kind's judgements (butterfly/puzzles/site/page/kinds/*.js), played through the
// page's Game (page/game.js) on the calendar's own puzzles.
import assert from "node:assert/strict";
import { test } from "node:test";
import { puzzleOf } from "./fixtures.js";
import * as R from "../../butterfly/puzzles/site/rules.js";
import { Game } from "../../butterfly/puzzles/site/page/game.js";
import { KINDS, kindOf } from "../../butterfly/puzzles/site/page/kinds.js";
import { goalReached } from "../../butterfly/puzzles/site/page/kinds/goal.js";
import { cardChoices, judgeCard } from "../../butterfly/puzzles/site/page/kinds/only-card.js";

function gameOf(puzzle) {
  return new Game(puzzle, R.parsePosition(puzzle.position));
}

// The moves played one by one, each judged: the verdicts.
function playLine(game, line) {
  return line.map((text) => {
    const move = R.parseMove(text);
    assert.equal(game.refusal(move), null, text);
    game.play(move);
    return game.judgeLast();
  });
}

test("the kind table knows every kind the calendar has, and no other", () => {
  assert.deepEqual(Object.keys(KINDS).sort(), [
    "deal",
    "goal",
    "only-card",
    "only-move",
    "only-moves",
    "resource",
    "win-in",
  ]);
  assert.throws(() => kindOf({ kind: "chess" }), /no such kind of puzzle: chess/);
  assert.equal(KINDS.deal.help && KINDS.deal.safeHome, true);
  assert.equal(KINDS["win-in"].help && !KINDS["win-in"].safeHome, true);
  assert.equal(!KINDS.goal.help && !KINDS["only-move"].help, true);
});

test("a win-in is won by its solution within N, and a line at N without the win is wrong", () => {
  const puzzle = puzzleOf("win-in");
  const game = gameOf(puzzle);
  assert.equal(game.limit, puzzle.facts.n);
  const verdicts = playLine(game, puzzle.solution);
  assert.ok(verdicts.slice(0, -1).every((v) => v === null));
  assert.match(verdicts.at(-1).finish, /^Won in \d+ moves, par \d+!$/);
  assert.equal(verdicts.at(-1).count, puzzle.solution.length);
  // at N moves without the win the line is wrong, and no move past N is taken
  const short = gameOf({ ...puzzle, facts: { ...puzzle.facts, n: 1 } });
  short.play(R.parseMove(puzzle.solution[0]));
  assert.deepEqual(short.judgeLast(), { wrong: "That is 1 moves and not won: undo and try again." });
  assert.equal(
    short.refusal(R.parseMove(puzzle.solution[1])),
    "that would be move 2, and 1 is the most here: undo to try another line",
  );
});

test("a deal won in fewer moves than a par not proved shortest says so", () => {
  const puzzle = puzzleOf("deal");
  const par = puzzle.solution.length + 3;
  const game = gameOf({ ...puzzle, proof: { ...puzzle.proof, par: { ...puzzle.proof.par, moves: par } } });
  const verdict = playLine(game, puzzle.solution).at(-1);
  assert.equal(
    verdict.finish,
    "Won in " + puzzle.solution.length + " moves, par " + par + "! That is 3 fewer than the shortest win we know.",
  );
});

test("a goal puzzle is done the first time its goal is reached, and missed at par without it", () => {
  const puzzle = puzzleOf("goal");
  const par = puzzle.proof.par.moves;
  const verdict = playLine(gameOf(puzzle), puzzle.solution).at(-1);
  assert.deepEqual(verdict, { finish: "Done in " + par + " moves, par " + par + "!", count: par });
  // par moves that do not reach it: the last one is judged wrong, and no move more is taken
  const game = gameOf(puzzle);
  let verdicts = [];
  for (let k = 0; k < par && R.legalMoves(game.current()).length; k++) {
    const moves = R.legalMoves(game.current());
    const move = moves.find((m) => !goalReached(puzzle.facts.goal, R.playUnchecked(game.current(), m))) || moves[0];
    game.play(move);
    verdicts.push(game.judgeLast());
    if (verdicts.at(-1)) break;
  }
  const last = verdicts.at(-1);
  assert.ok(last && last.wrong, JSON.stringify(verdicts));
  assert.match(last.wrong, /^(That is \d+ moves and the goal is not reached|No legal move left)/);
});

test("goals: cards home, a card freed, a row emptied", () => {
  const p = R.parsePosition({
    game: "butterfly",
    foundations: ["3C", "2D", "2H", "4S"],
    basement: [],
    rows: { L1: ["5S", "4H"], L2: ["KD"], L3: [], L4: [], L5: [], R1: ["3H", "9C"], R2: [], R3: [], R4: [], R5: [] },
  });
  assert.equal(goalReached({ kind: "home", target: "2" }, p), true);
  assert.equal(goalReached({ kind: "home", target: "3" }, p), false);
  assert.equal(goalReached({ kind: "free", target: "4H" }, p), true); // the outer card
  assert.equal(goalReached({ kind: "free", target: "5S" }, p), false); // under the 4♥
  assert.equal(goalReached({ kind: "free", target: "AS" }, p), true); // off the rows
  assert.equal(goalReached({ kind: "empty", target: "L3" }, p), true);
  assert.equal(goalReached({ kind: "empty", target: "L2" }, p), false);
});

test("an only-move puzzle: the answer (any move of its class) is right, any other wrong, and play goes on after", () => {
  const puzzle = puzzleOf("only-move");
  const start = R.parsePosition(puzzle.position);
  const right = gameOf(puzzle);
  assert.deepEqual(playLine(right, [puzzle.answer[0][0]]), [
    { finish: "Right: " + said(puzzle.answer[0][0]) + " is the only move that keeps the deal winnable." },
  ]);
  const wrongMove = R.legalMoves(start)
    .map(R.formatMove)
    .find((m) => puzzle.answer[0].indexOf(m) < 0);
  const wrong = gameOf(puzzle);
  const [verdict] = playLine(wrong, [wrongMove]);
  assert.match(verdict.wrong, /is not it: the deal is lost after it\. Undo and try again\.$/);
  // the line goes wrong once: its try is named the first time, not after
  assert.equal(typeof wrong.failed(), "string");
  assert.equal(wrong.failed(), null);
  assert.equal(wrong.undo(), true);
  assert.equal(typeof wrong.failed(), "string"); // undone to before it went wrong: a new try
});

function said(text) {
  const move = R.parseMove(text);
  const place = (n) => (n === "F" ? "home" : n === "B" ? "basement" : n);
  const card = R.cardText(move.card);
  return (
    (card[0] === "T" ? "10" : card[0]) +
    "\u2663\u2666\u2665\u2660"[Math.floor(move.card / 13)] +
    " " +
    place(move.source) +
    " \u2192 " +
    place(move.target)
  );
}

test("only moves: each step's answer is right, the moves between are played and cannot be undone", () => {
  const puzzle = puzzleOf("only-moves");
  const steps = puzzle.facts.steps;
  const game = gameOf(puzzle);
  const first = playLine(game, [puzzle.answer[0][0]])[0];
  assert.match(first.right, new RegExp("^Right: .* \\(1 of " + steps.length + "\\)\\."));
  assert.equal(game.moves.length, steps[1]); // the moves up to the next step, played for the player
  assert.equal(game.canUndo(), false);
  const last = playLine(game, [puzzle.answer[1][0]])[0];
  assert.ok(last.right || last.finish);
  // a wrong move at the second step
  const again = gameOf(puzzle);
  playLine(again, [puzzle.answer[0][0]]);
  const wrongMove = R.legalMoves(again.current()).find((m) => puzzle.answer[1].indexOf(R.formatMove(m)) < 0);
  again.play(wrongMove);
  assert.match(again.judgeLast().wrong, /is not it/);
  assert.equal(again.undo(), true);
  assert.equal(again.undo(), false); // not past the step found
});

test("undo takes back the safe moves home made after the player's move with it", () => {
  const puzzle = puzzleOf("deal");
  const game = gameOf(puzzle);
  const [a, b] = puzzle.solution;
  game.play(R.parseMove(a));
  game.play(R.parseMove(b), true);
  assert.equal(game.moves.length, 2);
  game.undo();
  assert.equal(game.moves.length, 0);
});

test("a card game: the answer's cards meet the goal, the others miss it", () => {
  const puzzle = puzzleOf("only-card", "mouche");
  const choices = cardChoices(puzzle);
  const right = puzzle.answer.flat();
  assert.deepEqual(choices, [...choices].sort());
  assert.ok(right.every((card) => choices.includes(card)));
  assert.match(judgeCard(puzzle, right[0]).finish, /^Right: .* meets the goal against any defence\.$/);
  const wrong = choices.find((card) => !right.includes(card));
  assert.match(judgeCard(puzzle, wrong).wrong, /^Not that: .* misses the goal against the best defence\. Try again\.$/);
});
