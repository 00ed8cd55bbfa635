// The position editor's layout with no page (editor-state.js drives it,
// editor-board.js draws it): cards put and taken, what is wrong said as Python says it (line.js
// problems) in a player's words, and the line once the position is whole. A layout is a position
// of rules.js whose rows are named ({rows: {L1: [...], ...}}), so that a row
// the rules lack can keep its cards after the game is changed, until moved.
import * as R from "../rules.js";
import { parseLine, positionLine, problems } from "../line.js";
import { cellWords, plural, saidCards } from "./words.js";

// The suits by index, as the page names them.
export const SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"];

function copy(layout, rules) {
  const rows = {};
  for (const name in layout.rows) rows[name] = layout.rows[name].slice();
  return {
    rules: rules || layout.rules,
    rows: rows,
    foundations: layout.foundations.slice(),
    cells: layout.cells.slice(),
  };
}

// No card placed but the preset's start at home (Butterfly's aces).
export function emptyLayout(rules) {
  const base = rules.acesOnFoundations ? 1 : 0;
  const rows = {};
  rules.rowNames.forEach((name) => (rows[name] = []));
  return { rules: rules, rows: rows, foundations: [base, base, base, base], cells: [] };
}

export function layoutOf(position) {
  const rows = {};
  position.rules.rowNames.forEach((name, i) => (rows[name] = position.rows[i].slice()));
  return {
    rules: position.rules,
    rows: rows,
    foundations: position.foundations.slice(),
    cells: position.cells.slice(),
  };
}

// The layout under other rules, every card kept: a row they lack stays while it holds cards.
export function withRules(layout, rules) {
  const rows = {};
  rules.rowNames.forEach((name) => (rows[name] = (layout.rows[name] || []).slice()));
  for (const name in layout.rows)
    if (!(name in rows) && layout.rows[name].length) rows[name] = layout.rows[name].slice();
  return { ...copy(layout, rules), rows: rows };
}

// ``card`` put at ``target``: a row (after its card ``after``, or outermost), home (its
// suit's pile then reaches it: the cards below are home too) or the basement.
export function put(layout, card, target, after) {
  const next = copy(layout);
  if (target === R.FOUNDATION) next.foundations[Math.floor(card / 13)] = (card % 13) + 1;
  else if (target === R.CELL) next.cells = next.cells.concat([card]).sort((a, b) => a - b);
  else {
    const row = next.rows[target];
    row.splice(after === undefined ? row.length : after + 1, 0, card);
  }
  return next;
}

// The card at ``source`` taken away: a row's card ``index``, a basement card, or a pile's top card (the pile one lower).
export function take(layout, card, source, index) {
  const next = copy(layout);
  if (source === R.FOUNDATION) next.foundations[Math.floor(card / 13)] = card % 13;
  else if (source === R.CELL) next.cells.splice(next.cells.indexOf(card), 1);
  else {
    next.rows[source].splice(index, 1);
    if (!layout.rules.rowNames.includes(source) && !next.rows[source].length) delete next.rows[source];
  }
  return next;
}

// The card at ``source`` (a row's card ``index``) moved to ``target``, after the row's card
// ``after`` (counted before the move) or outermost; the layout itself when nothing changes
// (the one card of a row the rules lack, put on that row again: the row went with it).
export function move(layout, card, source, index, target, after) {
  const taken = take(layout, card, source, index);
  if (target !== R.FOUNDATION && target !== R.CELL && !taken.rows[target]) return layout;
  const shift = source === target && after !== undefined && index <= after ? 1 : 0;
  return put(taken, card, target, after === undefined ? undefined : after - shift);
}

// Where each card lies: a list of places ("L1", "F", "B") by card, empty for a card not placed.
export function places(layout) {
  const where = [];
  for (let card = 0; card < 52; card++) where.push([]);
  layout.foundations.forEach((top, suit) => {
    for (let rank = 1; rank <= top; rank++) where[suit * 13 + rank - 1].push(R.FOUNDATION);
  });
  for (const name in layout.rows) layout.rows[name].forEach((card) => where[card].push(name));
  layout.cells.forEach((card) => where[card].push(R.CELL));
  return where;
}

// The position of rules.js the layout is (its rows the rules' own, then any they lack).
function positionOf(layout) {
  const names = Object.keys(layout.rows);
  return {
    rules: { ...layout.rules, rowNames: names },
    rows: names.map((name) => layout.rows[name]),
    foundations: layout.foundations,
    cells: layout.cells,
  };
}

// Python's words made plainer, as every other page names places: home and the basement (or free cells),
// not "foundation" and "cells"; which pile at home holds a card, "1 card missing", the game by its
// ``title``, cards as players read them (7♥).
function plain(problem, layout, title) {
  const rules = layout.rules;
  const cellsName = rules.cellsOneWay ? "the basement" : "the free cells";
  const where = (place) => (place === "foundation" ? "at home" : "in " + (place === R.CELL ? cellsName : place));
  const twice = /^card (\S\S) is twice: in foundation and/.exec(problem);
  let words = problem
    .replace(/^(\d+) card\(s\) missing/, (_, n) => plural(Number(n), "card") + " missing")
    .replace(
      /^(\d+) cards in the cells, \S+ has (\d+)$/,
      (_, n, room) =>
        n + " cards in " + cellsName + ", " + title + " has " + cellWords(Number(room), rules.cellsOneWay),
    )
    .replace(
      / is twice: in (\S+) and (\S+)$/,
      (_, first, second) => " is twice: " + where(first) + " and " + where(second),
    );
  if (twice) {
    const suit = Math.floor(R.parseCard(twice[1]) / 13);
    const top = R.cardText(suit * 13 + layout.foundations[suit] - 1);
    const ace = R.cardText(suit * 13);
    words += " (the " + SUIT_NAMES[suit] + " pile at home holds " + ace + " to " + top + ")";
  }
  return saidCards(words);
}

// A game's rows in words: "L1 to L4 and R1 to R4".
function rowWords(names) {
  const side = (wing) => names.filter((n) => n.charAt(0) === wing);
  return [side("L"), side("R")].map((rows) => rows[0] + " to " + rows[rows.length - 1]).join(" and ");
}

// Everything wrong with the layout, each in one sentence (Python's line reader's where it has one, in a
// player's words); none when whole. ``title``: the game's name as the page names it ("Beleaguered Castle").
export function check(layout, title) {
  const names = layout.rules.rowNames;
  const extra = Object.keys(layout.rows).filter((name) => !names.includes(name));
  const found = extra.length
    ? [title + " has rows " + rowWords(names) + ": move the cards on " + extra.join(" and ")]
    : [];
  return found.concat(problems(positionOf(layout)).map((problem) => plain(problem, layout, title)));
}

// The line of a whole layout (check finds nothing), read back by parseLine as every reader will read it.
export function lineOf(layout) {
  const line = positionLine(positionOf(layout));
  parseLine(line);
  return line;
}
