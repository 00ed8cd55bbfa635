// What the unit tests share: the presets loaded as the page loads them (from
// butterfly/games/patience/presets.json), and the calendar's puzzles as the page gets them.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { usePresets } from "../../butterfly/puzzles/site/rules.js";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const PRESETS = JSON.parse(
  fs.readFileSync(path.join(ROOT, "butterfly", "games", "patience", "presets.json"), "utf8"),
);
usePresets(PRESETS);

const DAYS = fs
  .readFileSync(path.join(ROOT, "butterfly", "puzzles", "calendar", "2027.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line));

// The calendar's first puzzle of ``kind`` (and game), as its page carries it.
export function puzzleOf(kind, game = "butterfly") {
  const day = DAYS.find((d) => d.puzzle.kind === kind && d.puzzle.game.split("/")[0] === game);
  if (!day) throw new Error("no " + kind + " puzzle of " + game + " in 2027");
  return day.puzzle;
}
