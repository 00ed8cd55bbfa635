// A patience position in one line (docs/formats.md, "One-line positions"):
// the JavaScript twin of butterfly/games/notation.py and butterfly/games/patience/notation.py.
// parseLine reads a line into a position of rules.js, checked as Python
// checks it (every card once, the rows the game has), and refuses a bad one
// with Python's own one-line message; positionLine writes a position as
// Python's position_line does. tests/puzzles/test_js_rules.py checks both
// against Python on a shared corpus (butterfly/puzzles/site/corpus.py "lines").
import * as R from "./rules.js";

const FIELD = "_";
const ITEM = ".";
const EMPTY = "-";
// The longest line read (notation.MAX_LINE).
export const MAX_LINE = 2000;
const ALLOWED = /^[A-Za-z0-9._~-]$/;
const TAGS = {
  v: "variant",
  c: "cells",
  f: "foundations",
  b: "basement",
  l: "left rows",
  r: "right rows",
};
const SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"];

// Python's repr of a short text, as errors.shown quotes it.
function repr(text) {
  const escaped = Array.from(text)
    .map((ch) => {
      const code = ch.codePointAt(0);
      if (ch === "\\") return "\\\\";
      if (ch === "\n") return "\\n";
      if (ch === "\r") return "\\r";
      if (ch === "\t") return "\\t";
      if (code < 0x20 || code === 0x7f) return "\\x" + code.toString(16).padStart(2, "0");
      return ch;
    })
    .join("");
  if (text.includes("'") && !text.includes('"')) return '"' + escaped + '"';
  return "'" + escaped.replace(/'/g, "\\'") + "'";
}

// errors.shown: quoted, cut short when long.
function shown(text, limit = 40) {
  const chars = Array.from(text);
  if (chars.length <= limit) return repr(text);
  return repr(chars.slice(0, limit).join("") + "...") + " (" + chars.length.toLocaleString("en") + " characters)";
}

function refuse(message) {
  const error = new Error(message);
  error.name = "LineError";
  throw error;
}

// notation.items: a list field's items, "-" alone an empty item.
function items(value) {
  return value.split(ITEM).map((item) => (item === EMPTY ? "" : item));
}

// notation.cards: cards written one after another ("-" or nothing: none), as ints.
function cards(value, what) {
  const text = value === EMPTY ? "" : value;
  const out = [];
  let at = 0;
  while (at < text.length) {
    const width = text.slice(at, at + 2) === "10" ? 3 : 2;
    const token = text.slice(at, at + width);
    const card = token.length >= 2 ? R.parseCard(token) : null;
    if (card === null) refuse(what + ": unknown card " + shown(token) + " in " + shown(value));
    out.push(card);
    at += width;
  }
  return out;
}

// notation.number: a whole number, "-" before it when negative (as a BigInt: any size, as Python's int).
function number(value, what) {
  const digits = value.startsWith("-") ? value.slice(1) : value;
  if (!/^[0-9]+$/.test(digits) || digits.length > 30) refuse(what + " must be a whole number, not " + shown(value));
  return BigInt(value);
}

// notation.split_line: the game's name and each field's raw value by tag.
function splitLine(text) {
  const line = text.trim();
  const length = Array.from(line).length;
  if (length > MAX_LINE) refuse("a line is at most " + MAX_LINE + " characters, not " + length.toLocaleString("en"));
  const bad = Array.from(new Set(Array.from(line).filter((ch) => !ALLOWED.test(ch)))).sort(
    (a, b) => a.codePointAt(0) - b.codePointAt(0),
  );
  if (bad.length) refuse("a line holds only letters, digits and - . _ ~, not " + repr(bad[0]));
  const [head, ...parts] = line.split(FIELD);
  const name = head.toLowerCase();
  const games = R.gameNames();
  if (!games.includes(name)) refuse("unknown game " + shown(head) + " (games: " + games.join(", ") + ")");
  const fields = {};
  for (const part of parts) {
    const tag = part.slice(0, 1).toLowerCase();
    if (!Object.prototype.hasOwnProperty.call(TAGS, tag)) {
      const known = Object.keys(TAGS)
        .map((t) => t + " " + TAGS[t])
        .join(" ");
      refuse("unknown field " + shown(part) + " in the line (" + name + " fields: " + known + ")");
    }
    if (Object.prototype.hasOwnProperty.call(fields, tag))
      refuse("the line gives " + TAGS[tag] + " (" + tag + ") twice");
    fields[tag] = part.slice(1);
  }
  return { game: name, fields: fields };
}

// Whether ``text`` is meant as a patience line (a preset's name, then "_").
export function isLine(text) {
  const head = String(text).trim().split(FIELD, 1)[0].toLowerCase();
  return String(text).includes(FIELD) && R.gameNames().includes(head);
}

// parse_line: the position a line gives; a bad line throws Python's one-line message.
export function parseLine(text) {
  const { game, fields } = splitLine(String(text));
  for (const tag of ["l", "r"]) if (!(tag in fields)) refuse("the line has no " + TAGS[tag] + " (" + tag + ")");
  const variant = "v" in fields ? fields.v.toLowerCase() : null;
  const cellCount = "c" in fields ? number(fields.c, "cells") : null;
  const foundationCards = "f" in fields ? cards(fields.f, "foundations") : null;
  const basement = cards(fields.b === undefined ? "" : fields.b, "basement");
  const given = [];
  for (const tag of ["l", "r"]) {
    items(fields[tag]).forEach((row, k) => {
      const name = tag.toUpperCase() + (k + 1);
      given.push({ name: name, cards: cards(row, "row " + name) });
    });
  }
  let foundations = null;
  if (foundationCards !== null) {
    foundations = [0, 0, 0, 0];
    foundationCards.forEach((card) => {
      const suit = Math.floor(card / 13);
      if (foundations[suit]) refuse("foundations: two " + SUIT_NAMES[suit] + " foundation cards");
      foundations[suit] = (card % 13) + 1;
    });
  }
  // deal_from_json's _build: the rules (the variant checked before the cells), then the rows they have
  let rules;
  try {
    rules = R.makeRules(game, variant, cellCount === null ? null : Number(cellCount));
  } catch (error) {
    // a number past 2^53 is said as Python says it, every digit
    const cellsWrong = cellCount !== null && error.message.startsWith("number of cells");
    refuse(cellsWrong ? error.message.replace(/, not .*$/, ", not " + cellCount.toString()) : error.message);
  }
  const names = rules.rowNames;
  for (const row of given) {
    if (!names.includes(row.name))
      refuse(
        "rows." +
          row.name +
          ": no row " +
          row.name +
          " in " +
          rules.name +
          " (rows " +
          names[0] +
          ".." +
          names[names.length - 1] +
          ")",
      );
  }
  const byName = {};
  given.forEach((row) => (byName[row.name] = row.cards));
  const missing = names.filter((n) => !(n in byName));
  if (missing.length)
    refuse(
      rules.name +
        " has " +
        names.length +
        " rows, the deal has " +
        given.length +
        " (missing " +
        missing.join(", ") +
        ")",
    );
  if (foundations === null) {
    const base = rules.acesOnFoundations ? 1 : 0;
    foundations = [base, base, base, base];
  }
  const position = {
    rules: rules,
    rows: names.map((n) => byName[n]),
    foundations: foundations,
    cells: basement.slice().sort((a, b) => a - b),
  };
  validate(position);
  return position;
}

// Position.validate: every card exactly once, no more cards in the cells than the rules have.
function validate(position) {
  const found = problems(position);
  if (found.length) refuse(found[0]);
}

// Every problem Position.validate would find, in the order it looks (it says the
// first): more cards in the cells than the rules have, each card again where it
// already was, then the cards missing. The position editor says them all at once.
export function problems(position) {
  const rules = position.rules;
  const found = [];
  if (position.cells.length > rules.cells)
    found.push(position.cells.length + " cards in the cells, " + rules.name + " has " + rules.cells);
  const seen = {};
  for (let suit = 0; suit < 4; suit++)
    for (let rank = 1; rank <= position.foundations[suit]; rank++) seen[suit * 13 + rank - 1] = "foundation";
  const places = rules.rowNames.map((name, i) => [name, position.rows[i]]);
  places.push([R.CELL, position.cells]);
  for (const [name, placed] of places) {
    for (const card of placed) {
      if (card in seen) found.push("card " + R.cardText(card) + " is twice: in " + seen[card] + " and " + name);
      seen[card] = name;
    }
  }
  const missing = [];
  for (let card = 0; card < 52; card++) if (!(card in seen)) missing.push(R.cardText(card));
  if (missing.length)
    found.push(
      missing.length + " card(s) missing: " + missing.slice(0, 8).join(" ") + (missing.length > 8 ? " ..." : ""),
    );
  return found;
}

function writeCards(list) {
  return list.join("") || EMPTY;
}

// position_line: the one line of a position; parseLine reads it back.
export function positionLine(position) {
  const data = R.positionToJson(position);
  const fields = [];
  if ("variant" in data) fields.push("v" + data.variant);
  if ("cells" in data) fields.push("c" + data.cells);
  fields.push("f" + writeCards(data.foundations), "b" + writeCards(data.basement));
  for (const [tag, wing] of [
    ["l", "L"],
    ["r", "R"],
  ]) {
    const rows = Object.keys(data.rows)
      .filter((name) => name.charAt(0) === wing)
      .map((name) => writeCards(data.rows[name]));
    fields.push(tag + rows.join(ITEM));
  }
  return [data.game, ...fields].join(FIELD);
}
