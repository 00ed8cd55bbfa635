// The analysis board's state and actions with no page (butterfly/puzzles/site/page/analysis-state.js): the game
// on the shared Game (moves, undo, redo, jumps, the link), the engine's answers as the board reads them (asked
// quickly first, then with the full budget; an older answer dropped), the winning line stepped through, the
// review of a game, and free play counted once. The engine is a stand-in answering as the API does
// (docs/serve.md): tests/puzzles/test_board.py checks the real one's answers in the browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import "./fixtures.js";
import * as R from "../../butterfly/puzzles/site/rules.js";
import { parseLine, positionLine } from "../../butterfly/puzzles/site/line.js";
import { AnalysisState, QUICK, WAITING } from "../../butterfly/puzzles/site/page/analysis-state.js";
import { parseStats } from "../../butterfly/puzzles/site/page/freeplay.js";
import { said } from "../../butterfly/puzzles/site/page/words.js";
import { FORTRESS, P, P_WIN } from "./analysis-positions.js";

// Free play's data (build.py board_free_play): a grade a deal from deal 0 ("-": not proved winnable), pars by deal.
const FREE = { grades: "-12-1-5", pars: [null, 60, null, null, 4] };

// An engine answering ``answer(path, body)`` (an Error: refused), the questions asked kept in order.
function engine(answer) {
  const asked = [];
  const ask = (path, body) => {
    asked.push([path, body]);
    return Promise.resolve().then(() => {
      const json = answer(path, body);
      if (json instanceof Error) throw json;
      return json;
    });
  };
  return { ask, asked };
}

// A board with ``position`` (a line) opened, its engine answering ``answer``.
function board(position = P, answer = () => new Error("no engine here"), free = null) {
  const { ask, asked } = engine(answer);
  const state = new AnalysisState(FREE, parseStats(""), ask);
  state.open(parseLine(position), "A position", [], free);
  return { state, asked };
}

const playAll = (state, moves) => moves.map((m) => state.tryMove(R.parseMove(m)));

test("the board's moves, undo and redo are the shared Game's, and a move after an undo drops the moves undone", () => {
  const { state } = board();
  assert.equal(state.counterWords(), " Move 0 of 0");
  assert.ok(!state.canUndo() && !state.canRedo());
  assert.deepEqual(playAll(state, P_WIN.slice(0, 2)), [
    { played: true, status: said("QH R3>F") },
    { played: true, status: said("QS R3>F") },
  ]);
  assert.equal(state.counterWords(), " Move 2 of 2");
  assert.equal(state.undo(), "Took back " + said("QS R3>F") + ".");
  assert.equal(state.counterWords(), " Move 1 of 2");
  assert.ok(state.canUndo() && state.canRedo());
  assert.equal(state.redo(), "Redone: " + said("QS R3>F") + ".");
  assert.equal(state.redo(), null); // nothing more to redo
  assert.equal(state.goTo(0), "The start of the game.");
  assert.equal(state.goTo(9), "Move 2: " + said("QS R3>F") + "."); // as far as the game goes
  assert.equal(state.undo(), "Took back " + said("QS R3>F") + ".");
  const other = state.tryMove(R.parseMove("KH B>F"));
  assert.ok(other.played);
  assert.equal(state.counterWords(), " Move 2 of 2");
  assert.equal(state.went(), R.FOUNDATION);
  const refused = state.tryMove(R.parseMove("KC B>F"));
  assert.equal(refused.played, false);
  assert.match(refused.status, /^Not legal: .*\.$/);
  assert.doesNotMatch(refused.status, /\b[2-9TJQKA][CDHS]\b/); // cards as K♣, never KC
  assert.equal(state.counterWords(), " Move 2 of 2");
  // the last move wins: said so
  state.tryMove(R.parseMove("QS R3>F"));
  assert.equal(state.tryMove(R.parseMove("KS B>F")).status, "K\u2660 basement \u2192 home: won, every card is home.");
  assert.equal(state.undo(), "Took back K\u2660 basement \u2192 home.");
  assert.equal(state.goTo(-4), "The start of the game.");
  assert.equal(state.undo(), null);
});

test("the address keeps the start and the moves played (not those undone), and opens them again", () => {
  const { state } = board();
  playAll(state, P_WIN.slice(0, 3));
  state.undo();
  const address = state.address();
  assert.equal(address, "#p=" + P + "&m=QHR3F.QSR3F");
  assert.equal(state.editorLink(), "editor.html#p=" + positionLine(state.game.current()));
  const again = board(FORTRESS).state;
  assert.deepEqual(again.openAddress(address), { status: "" });
  assert.equal(again.what, "From a link");
  assert.equal(again.counterWords(), " Move 2 of 2");
  assert.equal(again.address(), address);
  // a link's move that is not legal: the moves before it played, and said so
  assert.deepEqual(again.openAddress("#p=" + P + "&m=QHR3F.KCBF.QSR3F"), {
    status: "The link's move 2 is not legal here: the moves before it are played.",
  });
  assert.equal(again.counterWords(), " Move 1 of 1");
  assert.equal(again.openAddress("#m=QHR3F"), null); // no position: nothing opened
  const refused = again.openAddress("#p=butterfly_l7H7H");
  assert.match(refused.refusal, /^This link's position cannot be read: .*\.$/);
  assert.equal(again.address(), "#p=" + P + "&m=QHR3F"); // the board keeps its game
});

test("a bad line is refused in one sentence, in a player's words, and the board keeps its position", () => {
  const { state } = board(FORTRESS);
  assert.equal(state.what, "A position");
  for (const bad of [FORTRESS.replace("_r", "_r-.", 1), "butterfly_l7H7H", "klondike_l-_r-"]) {
    const { refusal } = state.openLine(bad, "A position");
    assert.ok(refusal.startsWith("That line cannot be read: ") && refusal.endsWith("."), refusal);
    assert.ok(!refusal.includes("\n") && refusal.split(". ").length === 1, refusal);
    assert.doesNotMatch(refusal, /\b(node|nodes|kernel|paranoid|class)\b/i);
    assert.doesNotMatch(refusal, /\b[2-9TJQKA][CDHS]\b/, refusal); // cards as 7♥, never 7H
    assert.equal(state.startLine(), FORTRESS);
  }
});

test("is this still winnable: asked quickly, asked again with the full budget when undecided, the par at the start only", () => {
  const solve = (result) => ({ result: result, moves: result === "unresolved" ? [] : P_WIN });
  const { state, asked } = board(P, (path, body) => solve(body.seconds ? "unresolved" : "optimal"));
  state.par = 4;
  const told = [];
  return state
    .askWinnable((text) => told.push(text))
    .then(() => {
      assert.deepEqual(asked, [
        ["api/solve", { position: P, seconds: QUICK }],
        ["api/solve", { position: P }],
      ]);
      assert.deepEqual(told, [
        "Asking whether this position can still be won\u2026",
        "Not decided at once: still thinking\u2026",
        "Still winnable: a winning line of 4 moves was found from here; the shortest win from the deal is 4 moves.",
      ]);
      playAll(state, P_WIN.slice(0, 1));
      told.length = 0;
      return state.askWinnable((text) => told.push(text));
    })
    .then(() => {
      assert.equal(told[told.length - 1], "Still winnable: a winning line of 4 moves was found from here.");
      playAll(state, P_WIN.slice(1));
      asked.length = 0;
      return state.askWinnable((text) => told.push(text));
    })
    .then(() => {
      assert.equal(told[told.length - 1], "Won: every card is home.");
      assert.deepEqual(asked, []); // a won game asks nothing
    });
});

test("an answer to an older question is dropped: the game changed since", () => {
  const { state } = board(P, () => ({ result: "unwinnable", moves: [] }));
  const told = [];
  const asking = state.askWinnable((text) => told.push(text));
  playAll(state, P_WIN.slice(0, 1));
  return asking.then(() => assert.deepEqual(told, ["Asking whether this position can still be won\u2026"]));
});

// The docs' position's values: the quick answer says both moves win; with lengths, QH R3>F wins in 4 (proved),
// QH R3>B in 5 (lines as the API gives them).
const LINE_4 = P_WIN;
const LINE_5 = ["QH R3>B", "QS R3>F", "QH B>F", "KH B>F", "KS B>F"];
const entry = (move, value, line, lower) => ({
  move: move,
  value: value,
  length: line ? line.length : null,
  lower_bound: lower ?? null,
  line: line,
});
const QUICK_VALUES = { line: LINE_4, moves: [entry("QH R3>F", "won", LINE_4), entry("QH R3>B", "won", LINE_5)] };
const FULL_VALUES = {
  line: LINE_4,
  moves: [entry("QH R3>F", "optimal", LINE_4, 4), entry("QH R3>B", "optimal", LINE_5, 5)],
};

// An engine whose quick answers are QUICK_VALUES and whose answers with lengths wait in ``held`` (each
// {resolve, reject}) until the test gives them.
function heldEngine() {
  const held = [];
  const asked = [];
  const ask = (path, body) => {
    asked.push([path, body]);
    if (body.seconds) return Promise.resolve(QUICK_VALUES);
    return new Promise((resolve, reject) => held.push({ resolve, reject }));
  };
  return { ask, asked, held };
}

test("the values: quick first, then with lengths; a winning line offered, stepped through on the board", () => {
  const { ask, asked, held } = heldEngine();
  const state = new AnalysisState(FREE, parseStats(""), ask);
  state.open(parseLine(P), "A position", []);
  const told = [];
  const shown = [];
  const asking = state.askValues(
    (text) => told.push(text),
    (json, searching, offered) => shown.push({ json, searching, offered }),
  );
  const quickShown = () =>
    new Promise((resolve) => {
      const wait = () => (shown.length ? resolve() : setImmediate(wait));
      wait();
    });
  return quickShown()
    .then(() => {
      assert.deepEqual(asked, [
        ["api/analyse", { position: P, lines: "best", seconds: QUICK }],
        ["api/analyse", { position: P, lengths: true }],
      ]);
      assert.equal(told[told.length - 1], "Still searching how long each winning line is\u2026");
      assert.equal(shown[0].searching, true);
      assert.equal(
        state.stepWords(),
        "A winning line of 4 moves from here (shorter ones are still being searched): Next shows it.",
      );
      // the player steps through the quick answer's line: the board shows its positions, the game waits
      assert.equal(state.step(1), WAITING);
      assert.equal(state.step(2), WAITING);
      assert.equal(state.stepWords(), "Winning line, move 2 of 4: " + said("QS R3>F") + ".");
      assert.equal(state.counterWords(), " Winning line: move 2 of 4");
      assert.equal(
        positionLine(state.position()),
        positionLine(R.play(R.play(parseLine(P), R.parseMove("QH R3>F")), R.parseMove("QS R3>F"))),
      );
      assert.ok(!state.canUndo() && state.undo() === null && state.playValue("QH R3>B") === null);
      // the answer with lengths offers the same line: the move reached is kept
      held.pop().resolve(FULL_VALUES);
      return asking;
    })
    .then(() => {
      assert.deepEqual(told[told.length - 1], "");
      assert.deepEqual(shown[1].offered, { status: WAITING });
      assert.equal(state.stepWords(), "Winning line, move 2 of 4: " + said("QS R3>F") + ".");
      assert.equal(state.step(4), WAITING);
      assert.equal(state.stepWords(), "Winning line, move 4 of 4: K\u2660 basement \u2192 home (the end).");
      assert.equal(state.step(9), WAITING); // no further than the end
      assert.equal(state.step(0), "The game again, at move 0: your move.");
      assert.equal(state.stepWords(), "A winning line of 4 moves from here, none shorter: Next shows it.");
      assert.equal(state.position(), state.game.current());
    });
});

test("another line offered by the answer with lengths starts again from the game; lengths refused keep the quick values", () => {
  const { ask, held } = heldEngine();
  const state = new AnalysisState(FREE, parseStats(""), ask);
  state.open(parseLine(P), "A position", []);
  const told = [];
  const shown = [];
  const values = () =>
    state.askValues(
      (text) => told.push(text),
      (json, searching, offered) => shown.push({ json, searching, offered }),
    );
  const awaited = () =>
    new Promise((resolve) => {
      const wait = () => (held.length ? resolve() : setImmediate(wait));
      wait();
    });
  const undecided = { ...FULL_VALUES.moves[0], value: "unknown", length: null, lower_bound: null, line: null };
  const asking = values();
  return awaited()
    .then(() => {
      state.step(2);
      held.pop().resolve({ ...FULL_VALUES, moves: [undecided, FULL_VALUES.moves[1]] });
      return asking;
    })
    .then(() => {
      assert.equal(state.stepWords(), "A winning line of 5 moves from here, the shortest known: Next shows it.");
      assert.equal(state.viewing(), null); // the game again
      // the quick answer's win kept for the move the second left undecided, its length not claimed
      const last = shown[shown.length - 1].json.moves.map((m) => [m.move, m.value, m.length]);
      assert.deepEqual(last, [
        ["QH R3>F", "won", null],
        ["QH R3>B", "optimal", 5],
      ]);
      const refused = values();
      return awaited().then(() => {
        held.pop().reject(new Error("The engine is busy; ask again in a moment."));
        return refused;
      });
    })
    .then(() => {
      const last = shown[shown.length - 1];
      assert.equal(last.searching, false);
      assert.deepEqual(
        last.json.moves.map((m) => [m.move, m.value, m.length]),
        [
          ["QH R3>F", "won", null],
          ["QH R3>B", "won", null],
        ],
      );
      assert.equal(state.stepWords(), "A winning line of 4 moves from here: Next shows it.");
      assert.equal(told[told.length - 1], "The engine is busy; ask again in a moment.");
    });
});

test("a value's move played from the list; no move left is said without asking", () => {
  const { state, asked } = board();
  assert.equal(state.playValue("QH R3>F"), said("QH R3>F")); // (no word of a win: the list's own)
  assert.equal(state.playValue("QH R3>F"), null); // not legal now
  playAll(state, P_WIN.slice(1));
  const told = [];
  return state
    .askValues(
      (text) => told.push(text),
      () => assert.fail("no values"),
    )
    .then(() => {
      assert.deepEqual(told, ["Won: every card is home."]);
      assert.deepEqual(asked, []);
    });
});

test("a hint is one move that keeps the deal winnable; a deal lost says so", () => {
  let moves = QUICK_VALUES.moves;
  const { state, asked } = board(P, () => ({ line: [], moves: moves }));
  const told = [];
  return state
    .askHint((text) => told.push(text))
    .then(() => {
      assert.deepEqual(told, [
        "Looking for a move that keeps the deal winnable\u2026",
        "A move that keeps the deal winnable: " + said("QH R3>F") + ".",
      ]);
      assert.deepEqual(asked, [["api/analyse", { position: P, lines: "best", seconds: QUICK }]]);
      moves = [entry("QH R3>F", "lost"), entry("QH R3>B", "lost")];
      return state.askHint((text) => told.push(text));
    })
    .then(() => assert.equal(told[told.length - 1], "No move keeps the deal winnable: it is lost."));
});

// A review of the game QH R3>B, QS R3>F (a move over the shortest win, as the API marks it).
const REVIEW = {
  position: P,
  result: "unfinished",
  moves: [
    { number: 1, move: "QH R3>B", mark: "winning", over: 1 },
    { number: 2, move: "QS R3>F", mark: "best", over: 0 },
  ],
};

test("a game reviewed is opened on the board at its end (before its losing move when lost), and dropped for another game", () => {
  const { state, asked } = board(FORTRESS, (path, body) =>
    body.record.includes("KC") ? new Error("Move 1 is not legal.") : path === "api/review" && REVIEW,
  );
  assert.equal(state.boardRecord(), null); // no move played yet
  return state
    .askReview({ record: "QH R3>B\nQS R3>F", position: P })
    .then((outcome) => {
      assert.deepEqual(asked, [["api/review", { record: "QH R3>B\nQS R3>F", position: P }]]);
      assert.deepEqual(outcome, { status: "Move 2: " + said("QS R3>F") + "." });
      assert.equal(state.what, "A reviewed game");
      assert.equal(state.reviewed.json, REVIEW);
      assert.deepEqual(state.boardRecord(), { record: "QH R3>B\nQS R3>F", position: P });
      // the review's steps move along the game; an undo keeps the same game (and its review)
      assert.equal(state.goTo(1), "Move 1: Q\u2665 R3 \u2192 basement.");
      assert.notEqual(state.reviewed, null);
      state.redo();
      state.undo();
      assert.notEqual(state.reviewed, null);
      // another move played after it: another game, no longer the one reviewed
      state.tryMove(R.parseMove("QH B>F"));
      assert.equal(state.reviewed, null);
      return state.askReview({ record: "KC L1>F" });
    })
    .then((outcome) => {
      assert.deepEqual(outcome, { refusal: "Move 1 is not legal." });
      assert.equal(state.reviewed, null);
      // a lost game is shown just before its losing move
      const lost = { ...REVIEW, result: "lost", losing_move: 2 };
      state.ask = () => Promise.resolve(lost);
      return state.askReview({ record: "QH R3>B\nQS R3>F", position: P });
    })
    .then((outcome) => {
      assert.deepEqual(outcome, { status: "Move 1: Q\u2665 R3 \u2192 basement." });
      assert.equal(state.counterWords(), " Move 1 of 2");
    });
});

test("free play: a deal of the grade chosen, begun at its first move and won once, counted once, reloaded or not", () => {
  const kept = new Map();
  globalThis.window = { localStorage: { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, v) } };
  try {
    const free = board().state;
    assert.deepEqual(free.freeGame("1", 1), { grade: "1", deal: 1, par: 60 });
    assert.deepEqual(free.freeGame("1", 4), { grade: "1", deal: 4, par: 4 });
    assert.deepEqual(free.freeGame("2", 4), null); // deal 4 is of grade 1
    assert.deepEqual(free.freeGame("9", 1), null);
    assert.equal(free.parOf("4"), 4);
    assert.equal(free.parOf("12345678"), null);
    const { state } = board(P, undefined, free.freeGame("1", 4));
    assert.equal(state.parHere(), 4);
    playAll(state, P_WIN.slice(0, 2));
    assert.equal(state.parHere(), null); // the par is the deal's, from its start
    assert.deepEqual(state.stats["1"], { played: 1, won: 0, best: null });
    assert.ok(state.address().endsWith("&free=1&deal=4"));
    // reloaded: still free play, begun already
    const reloaded = new AnalysisState(FREE, parseStats(kept.get("butterfly-board-free")), state.ask);
    assert.deepEqual(reloaded.openAddress(state.address()), { status: "" });
    assert.equal(reloaded.what, "Free play: deal 4, grade 1, par 4");
    assert.deepEqual(reloaded.stats["1"], { played: 1, won: 0, best: null });
    const won = playAll(reloaded, P_WIN.slice(2));
    assert.equal(won[1].status, "K\u2660 basement \u2192 home: won, every card is home.");
    assert.equal(reloaded.freeWords, "Won, and counted in your free play: 0 moves over par.");
    reloaded.undo();
    assert.equal(reloaded.freeWords, "");
    reloaded.redo();
    assert.equal(reloaded.freeWords, ""); // counted once
    assert.deepEqual(parseStats(kept.get("butterfly-board-free"))["1"], { played: 1, won: 1, best: 0 });
    const other = new AnalysisState(FREE, parseStats(""), state.ask);
    other.openAddress("#p=" + P + "&free=2&deal=4");
    assert.equal(other.free, null); // not a deal of that grade: not free play
    assert.equal(other.what, "From a link");
  } finally {
    delete globalThis.window;
  }
});
