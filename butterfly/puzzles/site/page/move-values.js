// The analysis board's move values (page/analysis.js shows them), with no page: each move's value in a
// player's words, the moves ranked, and the winning line to offer. The engine's answers come in two
// (docs/serve.md, "Quick requests first"): a quick one that says which moves win, then one with
// ``lengths``, that gives each winning move the shortest line it found, its length proved (``optimal``)
// or not (``bounded``, and ``won`` when the search for a shorter line stopped first: the line it has is
// a win all the same). While the second is awaited (``searching``), a winning move's length is not known.
import * as R from "../rules.js";
import { plural } from "./words.js";

// The values of a move that keeps the deal winnable, proved length first.
const WINS = ["optimal", "bounded", "won"];

export const wins = (move) => WINS.includes(move.value);

// A winning move's length as far as it is known: the length of its line (proved shortest or not), or
// null while lengths are searched or where the search found none.
function knownLength(move, searching) {
  if (move.value === "optimal" || move.value === "bounded") return move.length;
  return move.value === "won" && !searching ? move.length : null;
}

// A move's value as players say it: "wins in 62 moves" (proved), "wins in 61 to 64 moves" (a line of 64 found,
// none shorter than 61 possible), "wins in at most 64 moves" (no fewest proved), "loses the deal".
export function valueWords(move, searching) {
  if (move.value === "optimal") return "wins in " + plural(move.length, "move");
  if (wins(move)) {
    const length = knownLength(move, searching);
    if (length === null) return searching ? "wins \u2014 length still being searched" : "wins";
    // bounded both ways: the proved fewest moves beside the line found ("wins in 61 to 64 moves")
    const least = move.value === "bounded" ? move.lower_bound : null;
    if (least && least < length) return "wins in " + least + " to " + plural(length, "move");
    return "wins in at most " + plural(length, "move");
  }
  if (move.value === "lost") return "loses the deal";
  return searching ? "still thinking\u2026" : "not decided";
}

// The moves best first: winning moves shortest first (proved before not at the same length, the engine's
// order kept among equals), those of unknown length after them, then the moves not decided, then the lost.
export function rankMoves(moves, searching) {
  const rank = (m) => {
    if (!wins(m)) return [m.value === "lost" ? 3 : 2, 0, 0];
    const length = knownLength(m, searching);
    return [length === null ? 1 : 0, length || 0, WINS.indexOf(m.value)];
  };
  const order = (a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2];
  };
  return moves.slice().sort(order);
}

// The second answer with what the quick one decided and it did not (its share of the time spent on
// lengths): such a move keeps the quick value, but not the quick line's length (not shortened, it says
// nothing of the distance).
export function mergeAnswers(quick, full) {
  const before = new Map(quick.moves.map((m) => [m.move, m]));
  const moves = full.moves.map((m) => {
    const earlier = before.get(m.move);
    return m.value === "unknown" && earlier && earlier.value !== "unknown" ? withoutLength(earlier) : m;
  });
  return Object.assign({}, full, { moves: moves });
}

// The answer with no winning move's length but the proved ones: the lengths were asked for and not
// given (the engine busy or gone), and a quick line's length says nothing of the distance.
export function withoutLengths(json) {
  return Object.assign({}, json, { moves: json.moves.map(withoutLength) });
}

function withoutLength(move) {
  return move.value === "won" ? Object.assign({}, move, { length: null, line: null }) : move;
}

// The winning line to offer: the best-ranked move's when its length is known, else the answer's own.
// {line, shortest}: ``shortest`` true when no move can win sooner (its length proved, every other
// winning move's lower bound as long, none undecided). None (null) when nothing wins.
export function offeredLine(json, searching) {
  const ranked = rankMoves(json.moves, searching);
  const first = ranked[0];
  if (first && wins(first) && knownLength(first, searching) !== null) {
    const shortest =
      first.value === "optimal" &&
      ranked
        .slice(1)
        .every(
          (m) => m.value === "lost" || (m.lower_bound !== null && m.value !== "won" && m.lower_bound >= first.length),
        );
    return { line: first.line, known: true, shortest: shortest };
  }
  return json.line && json.line.length ? { line: json.line, known: false, shortest: false } : null;
}

// The offered line in words, before its steps: "A winning line of 60 moves from here, none shorter",
// "..., the shortest known", or while lengths are searched "... (shorter ones are still being searched)".
export function lineWords(offer, searching) {
  const words = "A winning line of " + plural(offer.line.length, "move") + " from here";
  if (offer.shortest) return words + ", none shorter";
  if (offer.known) return words + ", the shortest known";
  return searching ? words + " (shorter ones are still being searched)" : words;
}

// Of the moves that keep the deal winnable, one for a hint: a move home when there is one (it never misleads).
export function hintMove(moves) {
  const winning = moves.filter(wins);
  return winning.find((m) => R.parseMove(m.move).target === R.FOUNDATION) || winning[0];
}
