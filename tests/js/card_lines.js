#!/usr/bin/env node
// The card-game board's lines (puzzles/site/page/cards-line.js) on texts
// Python wrote: each text read into a set-up and written back, for
// tests/puzzles/test_card_board.py to hold equal to Python's lines.
//
//   node tests/js/card_lines.js < TEXTS.json   (a JSON list of lines; prints a list of {line} or {error})
import fs from "node:fs";
import { readLine, writeLine } from "../../puzzles/site/page/cards-line.js";

const texts = JSON.parse(fs.readFileSync(0, "utf8"));
const out = texts.map((text) => {
  try {
    return { line: writeLine(readLine(text)) };
  } catch (error) {
    return { error: error.message };
  }
});
process.stdout.write(JSON.stringify(out) + "\n");
