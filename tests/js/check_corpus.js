#!/usr/bin/env node
// Judge a corpus built by the Python engine (puzzles/site/corpus.py) with the
// JavaScript rules (puzzles/site/rules.js) and report every disagreement.
//
//   node tests/js/check_corpus.js CORPUS.json [RULES.js]
//
// Exit 0 when the JavaScript rules judge everything as Python did, 1 on any
// mismatch (each printed), 2 on bad usage or an unreadable corpus.
//
// In a browser (tests/puzzles/test_browser.py) the same judge runs on the rules
// the pages load: this file, loaded after rules.js, defines judgeCorpus(R, corpus).
"use strict";

const MAX_SHOWN = 50;
// The search's node limit when judging a verdict (puzzles/site/corpus.py SEARCH_NODES).
const SEARCH_NODES = 50000;

function usage(message) {
  process.stderr.write(message + "\nusage: node check_corpus.js CORPUS.json [RULES.js]\n");
  process.exit(2);
}

// JSON with object keys sorted, so that equal values print equal.
function canonical(value) {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (value && typeof value === "object") {
    return (
      "{" +
      Object.keys(value)
        .sort()
        .map((k) => JSON.stringify(k) + ":" + canonical(value[k]))
        .join(",") +
      "}"
    );
  }
  return JSON.stringify(value);
}

// Every judgement of the corpus by the rules R (and the page's search S, when
// given: its verdicts must not contradict the Python solver's): {checks, mismatches, decided}.
function judgeCorpus(R, corpus, S) {
  const mismatches = [];
  let checks = 0;
  let decided = 0;
  let provedLost = 0;
  function expect(where, what, got, wanted) {
    checks += 1;
    const a = canonical(got);
    const b = canonical(wanted);
    if (a !== b) mismatches.push(`${where}: ${what}: JavaScript ${a}, Python ${b}`);
  }
  function attempt(where, fn) {
    try {
      fn();
    } catch (error) {
      checks += 1;
      mismatches.push(`${where}: JavaScript threw: ${error && error.message}`);
    }
  }

  corpus.cases.forEach((c, n) => {
    const where = `case ${n} (${c.rules})`;
    attempt(where, () => {
      const position = R.parsePosition(c.position);
      expect(where, "rules", position.rules.name, c.rules);
      expect(where, "position JSON", R.positionToJson(position), c.position);
      expect(where, "key", R.key(position), c.key);
      expect(where, "won", R.isWon(position), c.won);
      const legal = R.legalMoves(position);
      expect(where, "legal moves", legal.map(R.formatMove), c.legal);
      legal.forEach((move) => expect(where, `check of legal ${R.formatMove(move)}`, R.checkMove(position, move), null));
      expect(where, "safe moves home", legal.filter((m) => R.isSafeHome(position, m)).map(R.formatMove), c.safe);
      c.candidates.forEach((cand) => {
        attempt(`${where}, move ${cand.move}`, () => {
          expect(where, `check of ${cand.move}`, R.checkMove(position, R.parseMove(cand.move)), cand.reason);
        });
      });
      let current = position;
      c.sequence.forEach((step, i) => {
        current = R.play(current, R.parseMove(step.move));
        expect(where, `key after move ${i + 1} (${step.move})`, R.key(current), step.key);
        expect(where, `won after move ${i + 1} (${step.move})`, R.isWon(current), step.won);
      });
      expect(where, "final position", R.positionToJson(current), c.final);
      if (S && (c.verdict === "won" || c.verdict === "unwinnable")) {
        const found = S.decide(R, position, SEARCH_NODES);
        if (found.verdict !== "unknown") {
          decided += 1;
          if (found.verdict === "lost") provedLost += 1;
          expect(where, "search verdict", found.verdict === "won" ? "won" : "unwinnable", c.verdict);
          if (found.verdict === "won") {
            let end = position;
            found.line.forEach((m) => (end = R.play(end, m)));
            expect(where, "search line wins", R.isWon(end), true);
          }
        }
      }
      // Within a number of moves: a win in the fewest moves Python proved, none in one fewer.
      if (S && typeof c.shortest === "number") {
        const within = S.decide(R, position, SEARCH_NODES, c.shortest);
        const short = c.shortest > 0 ? S.decide(R, position, SEARCH_NODES, c.shortest - 1) : { verdict: "unknown" };
        if (within.verdict !== "unknown") {
          decided += 1;
          expect(where, `a win within ${c.shortest} moves`, within.verdict, "won");
          if (within.verdict === "won") expect(where, "its length", within.line.length <= c.shortest, true);
        }
        if (short.verdict !== "unknown") {
          decided += 1;
          if (short.verdict === "lost") provedLost += 1;
          expect(where, `a win within ${c.shortest - 1} moves`, short.verdict, "lost");
        }
      }
    });
  });

  (corpus.parse || []).forEach((p, n) => {
    const where = `parse ${n} (${JSON.stringify(p.text)})`;
    let got;
    try {
      got = R.formatMove(R.parseMove(p.text));
    } catch (error) {
      got = null;
    }
    expect(where, "move", got, p.move);
  });
  return { checks, mismatches, decided, provedLost };
}

function main() {
  const fs = require("fs");
  const path = require("path");
  const args = process.argv.slice(2);
  if (args.length < 1 || args.length > 2) usage("expected a corpus file");
  const rulesPath = path.resolve(args[1] || path.join(__dirname, "..", "..", "puzzles", "site", "rules.js"));
  const R = require(rulesPath);
  const searchPath = path.join(path.dirname(rulesPath), "search.js");
  const S = fs.existsSync(searchPath) ? require(searchPath) : null;
  let corpus;
  try {
    corpus = JSON.parse(fs.readFileSync(args[0], "utf8"));
  } catch (error) {
    usage(`cannot read corpus ${args[0]}: ${error.message}`);
  }
  if (!corpus || !Array.isArray(corpus.cases)) usage(`${args[0]} is not a rules corpus (no 'cases')`);
  const { checks, mismatches, decided, provedLost } = judgeCorpus(R, corpus, S);
  mismatches.slice(0, MAX_SHOWN).forEach((m) => process.stdout.write(m + "\n"));
  if (mismatches.length > MAX_SHOWN) process.stdout.write(`... and ${mismatches.length - MAX_SHOWN} more\n`);
  const summary =
    `${corpus.cases.length} positions, ${(corpus.parse || []).length} move texts, ` +
    `${checks} judgements: ${mismatches.length} mismatch(es); ${decided} verdict(s) decided by the search, ${provedLost} of them lost`;
  process.stdout.write(summary + "\n");
  process.exit(mismatches.length ? 1 : 0);
}

if (typeof module !== "undefined" && require.main === module) main();
else globalThis.judgeCorpus = judgeCorpus;
