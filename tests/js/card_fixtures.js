// What the card-game board's tests share: butterfly serve's answers recorded
// in tests/js/card_answers.json (each {path, request, answer}), and the lines
// of the positions the browser tests use (tests/server/served.py).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ANSWERS = JSON.parse(fs.readFileSync(path.join(HERE, "card_answers.json"), "utf8")).answers;

// examples/papillon/last-deal.json as a line.
export const LAST_DEAL = "papillon_hAH6SJS.4DAS4S.THJH8S_tAC4C6C8CTCJC5D6DJD_w8.13.13_c108.116.116_p80_d2_m0_l2";
// A La Mouche hand before the declarations.
export const MOUCHE_START = "mouche_d2_tTH_a-.-.-_hKHQH9S8SJC.AH8D9DJDKS.ACKCQC8CQD_p5_c1000.1000.995";
