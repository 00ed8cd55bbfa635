// One notation for players: cards as they are drawn (10♠, 7♦), Butterfly
// moves as "10♠ L4 → R1", "7♦ L2 → home", a card game's as "9♠ takes 4♦ 5♥",
// and a wrong choice's verdict in words. Files keep the compact notation.
import * as R from "../rules.js";

// "1 move", "3 moves".
export const plural = (n, word) => n + " " + word + (n === 1 ? "" : "s");

// A game's cells as players name them: Butterfly's, one way, are its basement ("3 basement cells"), the
// others' free cells ("1 free cell", "no free cells").
export function cellWords(count, oneWay) {
  const kind = oneWay ? "basement cell" : "free cell";
  return count ? plural(count, kind) : "no " + kind + "s";
}

// A card as players read it: rank and suit symbol ("10" for tens).
export function shown(card) {
  const text = R.cardText(card);
  const rank = text.slice(0, -1) === "T" ? "10" : text.slice(0, -1);
  return rank + "\u2663\u2666\u2665\u2660".charAt(Math.floor(card / 13));
}

// Card texts as players read them, everywhere a message names one: "7H"
// becomes "7♥", "TS" "10♠", and a capture "9S x 4D 5H" "9♠ takes 4♦ 5♥".
export function saidCards(text) {
  return String(text)
    .replace(/\b(10|[2-9TJQKA])([CDHS])\b/g, (token) => shown(R.parseCard(token)))
    .replace(/ x /g, " takes ")
    .replace(/^trail (.+)$/, "lays $1 on the table");
}

// A Butterfly move as players read it: "10♠ L4 → R1", "7♦ L2 → home", "K♣ basement → home".
export function said(text) {
  const move = R.parseMove(text);
  const place = (name) => (name === R.FOUNDATION ? "home" : name === R.CELL ? "basement" : name);
  return shown(move.card) + " " + place(move.source) + " \u2192 " + place(move.target);
}

// A message (the line reader's, the API's) as players read it: its Butterfly moves ("2C L4>F") as said
// writes them, then its cards as saidCards does.
export function saidMessage(text) {
  return saidCards(String(text).replace(/\b[2-9TJQKA][CDHS] (?:[LR][0-9]+|B)>(?:[LR][0-9]+|F|B)\b/g, said));
}

// Moves written as the page writes them ("10♦ L3 → home") in the file notation ("TD L3>F"), for a
// record pasted from the page; what is not a move is left as it was.
export function fileMoves(text) {
  return String(text)
    .replace(/10(?=[\u2663\u2666\u2665\u2660])/g, "T")
    .replace(/[\u2663\u2666\u2665\u2660]/g, (suit) => "CDHS".charAt("\u2663\u2666\u2665\u2660".indexOf(suit)))
    .replace(/\s*(?:\u2192|->)\s*/g, ">")
    .replace(/\bhome\b/gi, "F")
    .replace(/\bbasement\b/gi, "B");
}

// A stored move (Butterfly) or card (a card game) as the player reads it.
export function sayMove(patience, text) {
  return patience ? said(text) : saidCards(text);
}

// A card game's move with who plays it: "P0 plays Q♠", "P0's 8♦ takes 4♦ 4♠", "P2 lays A♠ on the table".
// La Mouche's declarations and choice of trumps, as players say them.
const DECLARING = [
  [/^discard (.+) draw (.+)$/, "discards $1 and draws $2"],
  [/^discard (.+)$/, "discards $1"],
  [/^stand$/, "stands"],
  [/^fold$/, "folds"],
  [/^trump (.)$/, "chooses trumps: $1"],
];

export function playedBy(seat, text) {
  const words = saidCards(text);
  const declared = DECLARING.find(([form]) => form.test(words));
  if (declared) return seat + " " + words.replace(declared[0], declared[1]);
  if (text.startsWith("trail ")) return seat + " " + words;
  return text.includes(" x ") ? seat + "\u2019s " + words : seat + " plays " + words;
}

// A wrong choice in a player's words (the puzzle file keeps the exact verdict and how it was proved).
export function wrongWords(verdict) {
  if (verdict === "unwinnable") return "after it the deal can no longer be won";
  if (verdict === "no pool") return "the others can stop you taking the pool";
  if (verdict === "no papillon") return "the others can stop your papillon";
  const chips = /^([+-])(\d+) chips$/.exec(verdict);
  if (chips) {
    const n = Number(chips[2]);
    if (n === 0) return "the others can hold you to no gain";
    const amount = n + " chip" + (n === 1 ? "" : "s");
    return "the others can hold you to " + (chips[1] === "+" ? "a gain of " : "a loss of ") + amount;
  }
  if (/trick/.test(verdict))
    return "the others can leave you with " + verdict.replace(/ tricks?/, (w) => w + " in all");
  return "the others can leave you with " + verdict;
}
