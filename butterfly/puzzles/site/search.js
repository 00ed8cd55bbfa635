// Proved hints and "this deal is lost" warnings for the daily site: an
// exhaustive search over the Butterfly rules (rules.js), in a Web Worker so
// the page never waits for it.
//
// The search has no pruning at all: every legal move of every position, each
// position once (positions with the same key, rows in any order, play alike).
// So a "lost" verdict is a proof: every position the start can reach was seen
// and none is won. A "won" verdict comes with its line, replayed by the rules.
// Short attempts with the rows tried in shuffled orders run beside the full
// search, as in the solver: they find most wins far sooner.
// When the node limit is reached first the answer is "unknown", and the page
// says nothing. tests/js/check_corpus.js holds its verdicts to the Python
// solver's on the shared corpus, under node and in Chromium.
//
// An ES module: the page imports it (searching itself where no worker may
// start), and it is the worker's own script (started as a module worker).
// Messages: {id, ask: "decide" | "hint", position (rules.js's form), limit, depth (or null)} ->
// {id, verdict: "won" | "lost" | "unknown", line, move, nodes}.
import * as Rules from "./rules.js";

// One depth-first search from ``position`` that can stop at a node count
// and go on later from where it stopped. With ``depth``, a win within that
// many moves: "lost" then says there is none (a position is searched again
// when reached with more moves left). Its state's ``verdict`` is null until
// it is "won" (with ``line``) or "lost".
function search(R, position, depth) {
  var bound = depth === undefined || depth === null ? Infinity : depth;
  var state = { nodes: 1, verdict: null, line: [], seen: new Map([[R.key(position), bound]]), stack: [] };
  if (R.isWon(position)) state.verdict = "won";
  else if (bound <= 0) state.verdict = "lost";
  else state.stack.push({ position: position, moves: R.legalMoves(position), next: 0, move: null, left: bound });
  return state;
}

// Go on with ``state`` until it has a verdict or ``nodes`` in all.
function advance(R, state, nodes) {
  var stack = state.stack;
  while (state.verdict === null && stack.length && state.nodes < nodes) {
    var top = stack[stack.length - 1];
    if (top.next === top.moves.length) {
      stack.pop();
      continue;
    }
    var move = top.moves[top.next++];
    var after = R.playUnchecked(top.position, move);
    var key = R.key(after);
    var left = top.left - 1;
    if (state.seen.has(key) && state.seen.get(key) >= left) continue;
    state.seen.set(key, left);
    state.nodes++;
    if (R.isWon(after)) {
      state.line = stack.slice(1).map(function (frame) {
        return R.formatMove(frame.move);
      });
      state.line.push(R.formatMove(move));
      state.verdict = "won";
    } else if (left > 0) {
      stack.push({ position: after, moves: R.legalMoves(after), next: 0, move: move, left: left });
    }
  }
  if (state.verdict === null && !stack.length) state.verdict = "lost";
  return state;
}

// ``position`` with its rows tried in another order (only the order moves
// are tried in changes: each row keeps its name, so a line found plays on
// ``position`` itself); the order is drawn from ``attempt``.
function shuffled(position, attempt) {
  var order = position.rows.map(function (_, i) {
    return i;
  });
  var x = (attempt * 2654435761) >>> 0 || 1;
  for (var i = order.length - 1; i > 0; i--) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    var j = x % (i + 1);
    var t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  var names = position.rules.rowNames;
  return {
    rules: Object.assign({}, position.rules, {
      rowNames: order.map(function (k) {
        return names[k];
      }),
    }),
    rows: order.map(function (k) {
      return position.rows[k];
    }),
    foundations: position.foundations,
    cells: position.cells,
  };
}

// Restarts, as the solver's default schedule (butterfly/solver/patience/solve.py,
// "interleaved"): a search that commits early to a losing line can wander
// for millions of positions where the same search with its rows in another
// order wins in a few hundred. So the full search runs in slices that
// double, and between them short attempts with shuffled row orders, their
// positions kept within RESTART_WEIGHT times the full search's; 40 attempts,
// sharing RESTART_SHARE of ``limit``. Any of them that wins gives the line;
// the full search, or an attempt, that runs out of positions is a proof
// that none wins.
var RESTART_ATTEMPTS = 40;
var RESTART_NODES = 20000;
var RESTART_SHARE = 0.4;
var RESTART_WEIGHT = 3;

// Depth first from ``position``, with restarts: {verdict, line (won), nodes},
// within ``limit`` positions in all ("unknown" when they run out first).
export function decide(R, position, limit, depth) {
  var perAttempt = Math.min(RESTART_NODES, Math.max(1, Math.floor((limit * RESTART_SHARE) / RESTART_ATTEMPTS)));
  var full = search(R, position, depth);
  var spent = 0; // the attempts' positions
  var attempt = 0;
  var slice = Math.max(1, Math.floor(perAttempt / 4));
  function answer(state) {
    return { verdict: state.verdict || "unknown", line: state.line, nodes: full.nodes + spent };
  }
  while (true) {
    advance(R, full, Math.min(full.nodes + slice, limit - spent));
    if (full.verdict !== null || full.nodes + spent >= limit) return answer(full);
    slice *= 2;
    while (spent < RESTART_WEIGHT * full.nodes && attempt < RESTART_ATTEMPTS) {
      attempt++;
      var tried = advance(
        R,
        search(R, shuffled(position, attempt), depth),
        Math.min(perAttempt, limit - full.nodes - spent),
      );
      spent += tried.nodes;
      if (tried.verdict !== null) return { verdict: tried.verdict, line: tried.line, nodes: full.nodes + spent };
      if (full.nodes + spent >= limit) return answer(full);
    }
  }
}

// A move that keeps ``position`` winnable (within ``depth`` moves, when
// given), proved by a win after it: {verdict: "won", move, line} or "lost"
// (no move keeps it) or "unknown".
export function hint(R, position, limit, depth) {
  var nodes = 0;
  var unknown = false;
  var tried = new Set();
  var bound = depth === undefined || depth === null ? Infinity : depth;
  if (bound <= 0) return { verdict: "lost", nodes: nodes };
  var moves = R.legalMoves(position);
  for (var k = 0; k < moves.length; k++) {
    var after = R.playUnchecked(position, moves[k]);
    var key = R.key(after);
    if (tried.has(key)) continue;
    tried.add(key);
    var found = decide(R, after, Math.max(1, limit - nodes), bound - 1);
    nodes += found.nodes;
    if (found.verdict === "won") {
      return { verdict: "won", move: R.formatMove(moves[k]), line: found.line, nodes: nodes };
    }
    if (found.verdict === "unknown") unknown = true;
    if (nodes >= limit) return { verdict: "unknown", nodes: nodes };
  }
  return { verdict: unknown ? "unknown" : "lost", nodes: nodes };
}

// As a worker (the page's searcher starts this file as a module worker): one answer per message.
if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) {
  self.onmessage = function (event) {
    var ask = event.data;
    var answer = (ask.ask === "hint" ? hint : decide)(Rules, ask.position, ask.limit, ask.depth);
    answer.id = ask.id;
    self.postMessage(answer);
  };
}
