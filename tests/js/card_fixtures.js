// What the card-game board's tests share: butterfly serve's answers recorded
// in tests/js/card_answers.json (each {path, request, answer}).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ANSWERS = JSON.parse(fs.readFileSync(path.join(HERE, "card_answers.json"), "utf8")).answers;

// The positions those answers are of: examples/papillon/last-deal.json as a line, and a La Mouche hand
// before the declarations (tests/server/served.py, MOUCHE_START).
export const LAST_DEAL = ANSWERS["moves-papillon"].request.position;
export const MOUCHE_START = ANSWERS["moves-mouche-declarations"].request.position;
