// The analysis board's set-up, with no page: what its address holds
// (board.html#p=LINE&m=MOVES, with &free=GRADE&deal=N for a free-play game),
// what its forms ask for (a deal by number, a position's line, a record to
// review), and how it names a game and its rules.
import * as R from "../rules.js";
import { isLine } from "../line.js";
import { hasMove, recordText } from "./review.js";
import { cellWords, plural } from "./words.js";

const TITLES = {
  butterfly: "Butterfly",
  fortress: "Fortress",
  "beleaguered-castle": "Beleaguered Castle",
  "streets-and-alleys": "Streets and Alleys",
};
// The largest deal number the engine deals by its own numbering (a signed 64-bit integer).
const MOST_NUMBER = 9223372036854775807n;

// A move in the address: card, source, target with nothing between ("7HL2L1", "5CBF"): URL-safe.
export function moveToLink(move) {
  return R.cardText(move.card) + move.source + move.target;
}

export function moveFromLink(text) {
  const found = /^([2-9TJQKA][CDHS])([LR][0-9]+|B)([LR][0-9]+|F|B)$/i.exec(text);
  if (!found) return null;
  return { card: R.parseCard(found[1]), source: found[2].toUpperCase(), target: found[3].toUpperCase() };
}

// The address of a game: its start's line, the moves played (``moves``, as the rules' moves), and
// ``free`` ({grade, deal}) for a free-play game, so that a reload still counts it as free play.
export function addressOf(startLine, moves, free) {
  const played = moves.map(moveToLink).join(".");
  const freely = free ? "&free=" + free.grade + "&deal=" + free.deal : "";
  return "#p=" + startLine + (played ? "&m=" + played : "") + freely;
}

// What an address (``hash``, with its #) holds: {line, played, grade, deal}, ``played`` the moves
// (null for one that cannot be read); null when it holds no position.
export function readAddress(hash) {
  const params = new URLSearchParams(hash.slice(1));
  const line = params.get("p");
  if (!line) return null;
  const played = (params.get("m") || "")
    .split(".")
    .filter((m) => m)
    .map(moveFromLink);
  return { line: line, played: played, grade: params.get("free"), deal: Number(params.get("deal")) };
}

// The game and its rules in words: "Butterfly", "Fortress, same suit, 2 free cells".
export function rulesWords(position) {
  const data = R.positionToJson(position);
  let words = TITLES[data.game];
  if (data.variant) words += ", " + data.variant.replace("-", " ");
  if (data.cells !== undefined) words += ", " + cellWords(data.cells, position.rules.cellsOneWay);
  return words;
}

// The deal's par, when known, after what was found: the line found is a winning one, not claimed shortest.
export function parWords(par) {
  return par === null ? "" : "; the shortest win from the deal is " + plural(par, "move");
}

// A deal asked for by its number (as typed) in ``game``, by PySolFC's numbering when ``theirs``:
// {query, what} for the API's deal, or {refusal} saying what is wrong.
export function dealRequest(number, game, theirs) {
  if (!/^[0-9]+$/.test(number) || (!theirs && BigInt(number) > MOST_NUMBER))
    return {
      refusal: "A deal number is a whole number, such as 5" + (theirs ? "." : ", up to 9,223,372,036,854,775,807."),
    };
  if (theirs && game === "butterfly")
    return {
      refusal:
        "PySolFC numbers Fortress, Beleaguered Castle and Streets and Alleys, not Butterfly: choose one of those.",
    };
  return {
    query: (theirs ? "pysol=" : "number=") + number + "&game=" + encodeURIComponent(game),
    what: (theirs ? "PySolFC deal " : "Deal ") + number,
  };
}

// What was pasted to open (trimmed): {address} for a link to the board (its part from #), {line}
// for a position's line, or {refusal} saying why it is neither.
export function pastedOpening(text) {
  const hash = text.indexOf("#");
  if (hash >= 0 && /[#&]p=/.test(text.slice(hash))) return { address: text.slice(hash) };
  if (!text)
    return { refusal: "Paste a position's line first, such as the one butterfly deal 5 --format line prints." };
  if (!isLine(text) && !text.includes("_"))
    return {
      refusal: "That is not a position's line: a line starts with its game's name, such as butterfly or fortress.",
    };
  return { line: text };
}

// A record pasted to review (trimmed), its moves from ``startLine`` unless it names its deal or position:
// {body} for the API's review, {refusal} saying why it cannot be, or {papillon: true} (the card-game board's).
export function recordRequest(text, startLine) {
  if (!text) return { refusal: "Paste a game's record first, or its moves played from the board's start." };
  if (/^\s*\[(Hand|Start)\s/im.test(text)) return { papillon: true };
  const record = recordText(text);
  if (!hasMove(record))
    return {
      refusal: "This is not a game record: its moves are written one a line, such as 7\u2665 L3 \u2192 R2 or 7H L3>R2.",
    };
  const named = /^\s*\[(Deal|Position)\s/im.test(record);
  return { body: named ? { record: record } : { record: record, position: startLine } };
}
