// Proved hints and "this deal is lost" warnings for the daily site: an
// exhaustive search over the Butterfly rules (rules.js), in a Web Worker so
// the page never waits for it.
//
// The search has no pruning at all: every legal move of every position, each
// position once (positions with the same key, rows in any order, play alike).
// So a "lost" verdict is a proof: every position the start can reach was seen
// and none is won. A "won" verdict comes with its line, replayed by the rules.
// When the node limit is reached first the answer is "unknown", and the page
// says nothing. tests/js/check_corpus.js holds its verdicts to the Python
// solver's on the shared corpus, under node and in Chromium.
//
// Messages: {id, ask: "decide" | "hint", position (JSON), limit, depth (or null)} ->
// {id, verdict: "won" | "lost" | "unknown", line, move, nodes}.
(function (root) {
  "use strict";

  // Depth first from ``position``: {verdict, line (won), nodes}. With
  // ``depth``, a win within that many moves: "lost" then says there is none
  // (a position is searched again when reached with more moves left).
  function decide(R, position, limit, depth) {
    var bound = depth === undefined || depth === null ? Infinity : depth;
    var seen = new Map([[R.key(position), bound]]);
    var nodes = 1;
    if (R.isWon(position)) return { verdict: "won", line: [], nodes: nodes };
    if (bound <= 0) return { verdict: "lost", line: [], nodes: nodes };
    var stack = [{ position: position, moves: R.legalMoves(position), next: 0, move: null, left: bound }];
    while (stack.length) {
      var top = stack[stack.length - 1];
      if (top.next === top.moves.length) {
        stack.pop();
        continue;
      }
      var move = top.moves[top.next++];
      var after = R.playUnchecked(top.position, move);
      var key = R.key(after);
      var left = top.left - 1;
      if (seen.has(key) && seen.get(key) >= left) continue;
      seen.set(key, left);
      nodes++;
      if (R.isWon(after)) {
        var line = stack.slice(1).map(function (frame) { return R.formatMove(frame.move); });
        line.push(R.formatMove(move));
        return { verdict: "won", line: line, nodes: nodes };
      }
      if (nodes >= limit) return { verdict: "unknown", line: [], nodes: nodes };
      if (left > 0) stack.push({ position: after, moves: R.legalMoves(after), next: 0, move: move, left: left });
    }
    return { verdict: "lost", line: [], nodes: nodes };
  }

  // A move that keeps ``position`` winnable (within ``depth`` moves, when
  // given), proved by a win after it: {verdict: "won", move, line} or "lost"
  // (no move keeps it) or "unknown".
  function hint(R, position, limit, depth) {
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

  var api = { decide: decide, hint: hint };
  root.ButterflySearch = api;
  if (typeof module !== "undefined" && module.exports) module.exports = api;

  // As a worker: rules.js beside this file, one answer per message.
  if (typeof importScripts === "function" && typeof root.postMessage === "function") {
    importScripts("rules.js");
    root.onmessage = function (event) {
      var ask = event.data;
      var R = root.ButterflyRules;
      var position = R.parsePosition(ask.position);
      var answer = (ask.ask === "hint" ? hint : decide)(R, position, ask.limit, ask.depth);
      answer.id = ask.id;
      root.postMessage(answer);
    };
  }
})(typeof globalThis !== "undefined" ? globalThis : this);
