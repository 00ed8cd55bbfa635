// The card-game board's words, pure: a move's value, the engine's answers
// and a reviewed hand as players say them, read by page/cards-answers.js.
import { cardText, parseCard } from "../rules.js";
import { plural, saidCards } from "./words.js";

// The marks that say a move gave something away, mildest first.
export const MARKED = ["inaccuracy", "mistake", "blunder"];
// The marks on one scale, as docs/analysis.md lists them (a move's loss as a share of what was at stake).
export const MARK_SCALE =
  "Marks, by the share of what was at stake that a move gave away: best; good, up to 10%; " +
  "inaccuracy, up to 25%; mistake, up to 50%; blunder, more.";
// What the small numbers on the cards are, once an answer puts them there.
export const BADGE_LEGEND =
  "On the cards: what each is worth in the answer below (+5: 5 chips more than now); a card with several choices shows its first.";

function round(x) {
  return Math.round(x * 10) / 10;
}

function percent(x) {
  return Math.round(x * 100) + "%";
}

// Chips won or lost, as players say it: "worth 4 chips more", "worth 3 chips less".
export function chipsWords(delta) {
  const n = round(Math.abs(delta));
  if (n === 0) return "worth no chips more";
  return "worth " + plural(n, "chip") + (delta > 0 ? " more" : " less");
}

// A value short enough for a card of the pack on a phone: "+5", "−3", "2 tricks".
export function badge(words) {
  const chips = /worth (\d+(?:\.\d)?) chips? (more|less)/.exec(words);
  if (chips) return (chips[2] === "more" ? "+" : "\u2212") + chips[1];
  return words
    .split(",")[0]
    .replace(/^wins /, "")
    .replace(" on average", "");
}

// One move's value (page/cards-answers.js, readAnalysis) in words, for the seat ``mover`` holding ``chipsNow``.
export function valueWords(value, mover, chipsNow) {
  if (value.kind === "max-n chips") {
    const played = chipsWords(value.chips[mover] - chipsNow);
    const worst = chipsWords(value.guaranteed - chipsNow);
    // (the same number twice is said once)
    return (
      played +
      (value.winner === mover ? ", takes the pool" : "") +
      (worst === played
        ? ", whatever the others do"
        : "; whatever the others do, " + worst.replace("worth ", "at worst "))
    );
  }
  if (value.kind === "max-n tricks")
    return (
      "wins " +
      plural(value.tricks[mover], "trick") +
      ", " +
      chipsWords(value.chips[mover]) +
      "; whatever the others do, at least " +
      plural(value.guaranteedTricks, "trick")
    );
  if (value.kind === "mean chips") {
    const sure = value.guaranteed ?? null;
    return (
      "on average " +
      chipsWords(value.meanChips - chipsNow) +
      ", wins the pool in " +
      percent(value.winChance) +
      (sure === null ? " of the deals tried" : " of the deals") +
      (sure === null ? "" : "; whatever the deal, " + chipsWords(sure - chipsNow).replace("worth ", "at worst "))
    );
  }
  const sure = value.guaranteedTricks ?? null;
  return (
    round(value.meanTricks) +
    " tricks on average, makes the mouche " +
    percent(value.moucheChance) +
    (sure === null ? "" : "; whatever the deal, at least " + plural(sure, "trick"))
  );
}

// How an answer from a seat was found, in a player's words: "exact, over all 660 deals of the cards P0 cannot
// see", or "an estimate from 500 deals tried (not exact: ...)"; "" for an answer that does not say.
export function howFound(read) {
  const who = "P" + read.seat;
  if (read.exact === true)
    return "exact, over all " + plural(read.tried, "deal") + " of the cards " + who + " cannot see";
  if (read.exact === false)
    return (
      "an estimate from " +
      plural(read.tried, "deal") +
      " tried, as if " +
      who +
      " would see every hand after this card" +
      (read.whySampled ? " (not exact: " + read.whySampled + ")" : "")
    );
  return "";
}

// A seat's result at the end of a line, in the answer's unit: "2 tricks", "no trick: the mouche", "197 chips";
// a La Mouche review's chips for the hand ("hand chips"): "2 chips won", "5 chips owed for the mouche".
function resultWords(n, unit) {
  if (unit === "tricks") return n === 0 ? "no trick: the mouche" : plural(n, "trick");
  if (unit === "hand chips") return n < 0 ? plural(-n, "chip") + " owed for the mouche" : plural(n, "chip") + " won";
  return plural(n, "chip");
}

// A move worse than the best (readAnalysis's whyWorse) as the board shows it: {move, text, position}.
export function whyWorseShown(w, seat, unit) {
  const others = w.hands
    .map((hand, s) => (s === seat ? null : "P" + s + " holds " + (hand && hand !== "-" ? saidCards(hand) : "nothing")))
    .filter((x) => x !== null)
    .join("; ");
  // ("P1 trail AS": the seat, then the move as players say it)
  const line = (moves) =>
    moves
      .slice(1)
      .map((m) => m.replace(/^(P\d+) (.*)$/, (_, who, move) => who + " " + saidCards(move)))
      .join(", ");
  const text =
    saidCards(w.move) +
    " does worse than " +
    saidCards(w.best) +
    " when " +
    others +
    ": after " +
    saidCards(w.best) +
    " (" +
    line(w.bestLine) +
    ") P" +
    seat +
    " ends with " +
    resultWords(w.bestResult, unit) +
    "; after " +
    saidCards(w.move) +
    " (" +
    line(w.line) +
    ") with " +
    resultWords(w.result, unit) +
    ".";
  return { move: w.move, text, position: w.position };
}

// An analysis read (readAnalysis) as the board shows it, for a set-up where the seat to move holds
// ``chips[seat]`` and the rules offered ``choices`` moves (null: not asked): a heading, the declarations,
// each choice {move, card: the first card it plays (null: none, as a fold), text}, and a note on the
// declarations not valued.
export function valuesShown(read, chips, choices) {
  const seat = read.seat;
  const how = howFound(read);
  const heading =
    "P" +
    seat +
    "\u2019s choices, " +
    (read.fromSeat ? "from P" + seat + "\u2019s seat" : "with all hands open") +
    (how ? ": " + how : read.fromSeat && read.tried ? " (" + plural(read.tried, "deal") + " tried)" : "");
  const declarations = (read.declarations || []).map(
    (d) => saidCards(d.declaration) + ": on average " + chipsWords(d.meanChips),
  );
  const items = read.choices.map((c) => ({
    move: c.move,
    card: firstCard(c.move),
    text: saidCards(c.move) + ": " + valueWords(c.value, seat, chips[seat]),
  }));
  const unvalued = read.declarations && choices !== null ? choices - read.declarations.length : 0;
  const note = unvalued > 0 ? plural(unvalued, "other declaration") + " not valued." : "";
  const disagreements = (read.disagreements || []).map(saidCards);
  const worse = (read.whyWorse || []).map((w) => whyWorseShown(w, seat, read.unit));
  return { heading, declarations, items, note, disagreements, worse };
}

// The first card a move plays, as the pack's buttons name it ("trail 7C 3S": 7C), or null ("fold").
function firstCard(move) {
  const found = /\b(10|[2-9TJQKA])[CDHS]\b/.exec(move);
  return found && cardText(parseCard(found[0]));
}

// A hand played to its end, in one sentence: the final chips and the pool.
export function endWords(result) {
  return (
    "The hand is over: " +
    result.chips.map((c, s) => "P" + s + " " + plural(c, "chip")).join(", ") +
    "; the pool holds " +
    result.pool +
    "."
  );
}

// ---- the review -------------------------------------------------------------------------------

// Why a move has no mark, in players' words (the API's reason when it is none of the known ones).
function notJudged(reason) {
  if (/declaration/.test(reason)) return "a declaration, not judged: its worth can only be estimated";
  if (/redeal/.test(reason)) return "not judged: too many cards unseen, with more than one redeal to come";
  return "not judged: " + String(reason || "no value was found").replace(/^not judged: /, "");
}

// A reviewed move's judgement (readReview) as players say it: "best", "the only card", "mistake, 2 chips less
// than the best".
export function markWords(move, game) {
  if (game === "papillon" && move.choices === 1) return "the only move";
  const j = move.judgement;
  if (!j) return notJudged(move.notJudged);
  if (j.mark === "only")
    return game === "mouche" && !move.fromSeat ? "the only card" : "every choice was worth the same";
  const lost = j.loss ? ", " + chipsWords(-j.loss).replace("worth ", "") + " than the best" : "";
  return j.mark + lost + (move.fromSeat ? (move.exact === false ? ", an estimate" : "") : ", with all hands open");
}

// A hand in one line: each player's marked moves and the chips their moves gave away.
export function handSummary(hand) {
  const seats = new Map();
  hand.moves.forEach((m) => {
    const seat = "P" + m.seat;
    const sum = seats.get(seat) || { marks: {}, lost: 0 };
    const j = m.judgement;
    if (j && MARKED.includes(j.mark)) sum.marks[j.mark] = (sum.marks[j.mark] || 0) + 1;
    sum.lost += (j && j.loss) || 0;
    seats.set(seat, sum);
  });
  const words = [...seats.entries()].sort().map(([seat, sum]) => {
    const marks = MARKED.filter((mark) => sum.marks[mark]).map((mark) => plural(sum.marks[mark], mark));
    const lost = round(sum.lost) ? ", " + plural(round(sum.lost), "chip") + " given away" : "";
    return seat + ": " + (marks.join(", ") || "no mistakes") + lost;
  });
  return "This hand: " + words.join("; ") + ".";
}

// The game a pasted text is a record of: "papillon", "mouche", "patience" (a Butterfly record or move
// list), or null when no move of any game is in it.
export function recordGame(text) {
  if (/\[Game\s+"mouche"\]|\[Start\s+"mouche_/i.test(text)) return "mouche";
  if (/\[Game\s+"papillon"\]|\[Start\s+"papillon_/i.test(text)) return "papillon";
  if (/\[Game\s+"|\b(10|[2-9TJQKA])[CDHS]\s+[A-Z]+\d?\s*>\s*[A-Z]/i.test(text)) return "patience";
  if (/\bP\d\s*:|\b(trail|stand|fold|discard)\b|\b(10|[2-9TJQKA])[CDHS]\s+x\s/i.test(text)) return "papillon";
  return null;
}
