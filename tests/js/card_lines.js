#!/usr/bin/env node
// The card-game board's lines (butterfly/puzzles/site/page/cards-line.js) on texts
// Python wrote: each text read into a set-up and written back, for
// tests/puzzles/test_card_board.py to hold equal to Python's lines; a La
// Mouche set-up is written a second time with its played cards placed seat
// by seat (bySeat: the page orders each trick by the rules, not by the clicks).
//
//   node tests/js/card_lines.js < TEXTS.json   (a JSON list of lines; prints a list of {line, bySeat} or {error})
import fs from "node:fs";
import { readLine, writeLine } from "../../butterfly/puzzles/site/page/cards-line.js";

const texts = JSON.parse(fs.readFileSync(0, "utf8"));
const out = texts.map((text) => {
  try {
    const setup = readLine(text);
    const line = writeLine(setup);
    if (!setup.plays) return { line };
    setup.plays = setup.plays.slice().sort((a, b) => a[0] - b[0]); // (stable: each seat's cards in trick order)
    return { line, bySeat: writeLine(setup) };
  } catch (error) {
    return { error: error.message };
  }
});
process.stdout.write(JSON.stringify(out) + "\n");
