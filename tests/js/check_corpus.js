#!/usr/bin/env node
// Judge a corpus built by the Python engine (butterfly/puzzles/site/corpus.py) with the
// page's JavaScript (judge_corpus.js) and report every disagreement.
//
//   node tests/js/check_corpus.js CORPUS.json [RULES.js]
//
// RULES.js: the rules to judge (the site's by default); search.js,
// page/game.js and line.js (one-line positions) beside it are judged too. The presets come from
// butterfly/games/patience/presets.json, as Python's do.
//
// Exit 0 when the JavaScript judges everything as Python did, 1 on any
// mismatch (each printed), 2 on bad usage or an unreadable corpus.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { judgeCorpus } from "./judge_corpus.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PRESETS = path.join(HERE, "..", "..", "butterfly", "games", "patience", "presets.json");
const MAX_SHOWN = 50;

function usage(message) {
  process.stderr.write(message + "\nusage: node check_corpus.js CORPUS.json [RULES.js]\n");
  process.exit(2);
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length < 1 || args.length > 2) usage("expected a corpus file");
  const site = path.join(HERE, "..", "..", "butterfly", "puzzles", "site");
  const rulesPath = path.resolve(args[1] || path.join(site, "rules.js"));
  const R = await import(pathToFileURL(rulesPath).href);
  R.usePresets(JSON.parse(fs.readFileSync(PRESETS, "utf8")));
  const beside = (name) => path.join(path.dirname(rulesPath), name);
  const S = fs.existsSync(beside("search.js")) ? await import(pathToFileURL(beside("search.js")).href) : null;
  const page = fs.existsSync(beside("page/game.js")) ? await import(pathToFileURL(beside("page/game.js")).href) : null;
  const L = fs.existsSync(beside("line.js")) ? await import(pathToFileURL(beside("line.js")).href) : null;
  let corpus;
  try {
    corpus = JSON.parse(fs.readFileSync(args[0], "utf8"));
  } catch (error) {
    usage(`cannot read corpus ${args[0]}: ${error.message}`);
  }
  if (!corpus || !Array.isArray(corpus.cases)) usage(`${args[0]} is not a rules corpus (no 'cases')`);
  const { checks, mismatches, decided, provedLost } = judgeCorpus(R, corpus, S, page && page.Game, L);
  mismatches.slice(0, MAX_SHOWN).forEach((m) => process.stdout.write(m + "\n"));
  if (mismatches.length > MAX_SHOWN) process.stdout.write(`... and ${mismatches.length - MAX_SHOWN} more\n`);
  const summary =
    `${corpus.cases.length} positions, ${(corpus.parse || []).length} move texts, ` +
    `${(corpus.lines || []).length} one-line texts, ${(corpus.goals || []).length} goal lines, ${(corpus.choices || []).length} only-move choices, ` +
    `${checks} judgements: ${mismatches.length} mismatch(es); ${decided} verdict(s) decided by the search, ${provedLost} of them lost`;
  process.stdout.write(summary + "\n");
  process.exit(mismatches.length ? 1 : 0);
}

await main();
