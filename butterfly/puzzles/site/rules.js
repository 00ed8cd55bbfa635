// The Butterfly family of patiences in JavaScript: a port of
// butterfly/games/patience/rules.py for the daily puzzle page.
//
// The Python engine is the reference: tests/puzzles/test_js_rules.py builds a
// corpus with it (butterfly/puzzles/site/corpus.py) and tests/js/check_corpus.js checks
// that these rules judge every case identically (legal moves in the same
// order, the same reasons for illegal moves, the same positions after play).
//
// An ES module, for the page, the search's worker and node alike. The presets
// are data (butterfly/games/patience/presets.json, read by Python too): the page passes
// them in from its data, node from the file (usePresets), before any rules are made.
//
// Cards are ints 0..51 (suit * 13 + rank - 1, suits C D H S), as in butterfly.games.cards.
// A position is {rules, rows: [[card, ...], ...], foundations: [4 top ranks], cells: [sorted cards]};
// a move is {card, source, target} with source/target a row name, "F" or "B".
var RANKS = "A23456789TJQK";
var SUITS = "CDHS";
var SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"; // ♣♦♥♠
var SUIT_OUTLINES = "\u2667\u2662\u2661\u2664"; // ♧♢♡♤
export const FOUNDATION = "F";
export const CELL = "B";

// The presets of presets.json, by name, their suit variants and the most cells; set by usePresets.
var PRESETS = null;
var VARIANTS = [];
var MAX_CELLS = 0;

// The presets' data (butterfly/games/patience/presets.json: Python's field names), for every rules made after.
export function usePresets(data) {
  PRESETS = {};
  data.presets.forEach(function (p) {
    PRESETS[p.name] = {
      name: p.name,
      rowSizes: p.row_sizes,
      acesOnFoundations: p.aces_on_foundations,
      build: p.build,
      suits: p.suits,
      emptyRows: p.empty_rows,
      cells: p.cells,
      cellsOneWay: p.cells_one_way,
      lastCardToFoundationOnly: p.last_card_to_foundation_only,
    };
  });
  VARIANTS = data.variants.slice();
  MAX_CELLS = data.max_cells;
}

function presets() {
  if (PRESETS === null) throw new Error("no presets: usePresets(presets.json) first");
  return PRESETS;
}

// The presets' names (the games), in presets.json's order, as Python lists them.
export function gameNames() {
  return Object.keys(presets());
}

function rowNames(rowSizes) {
  var left = Math.floor((rowSizes.length + 1) / 2);
  var names = [];
  for (var i = 0; i < rowSizes.length; i++) names.push(i < left ? "L" + (i + 1) : "R" + (i - left + 1));
  return names;
}

function copyRules(rules) {
  var copy = {};
  for (var k in rules) if (Object.prototype.hasOwnProperty.call(rules, k)) copy[k] = rules[k];
  return copy;
}

// make_rules: a preset changed by a suit variant and a number of cells.
export function makeRules(game, variant, cells) {
  if (game === undefined || game === null) game = "butterfly";
  if (!Object.prototype.hasOwnProperty.call(presets(), game)) {
    throw new Error("unknown game '" + game + "' (games: " + Object.keys(presets()).join(", ") + ")");
  }
  var rules = copyRules(presets()[game]);
  var name = rules.name;
  if (variant !== undefined && variant !== null) {
    if (VARIANTS.indexOf(variant) < 0) {
      throw new Error("unknown variant '" + variant + "' (variants: " + VARIANTS.join(", ") + ")");
    }
    if (variant !== rules.suits) {
      rules.suits = variant;
      name += "/" + variant;
    }
  }
  if (cells !== undefined && cells !== null) {
    if (!(typeof cells === "number" && Number.isInteger(cells) && cells >= 0 && cells <= MAX_CELLS)) {
      throw new Error("number of cells must be 0 to " + MAX_CELLS + ", not " + cells);
    }
    if (cells !== rules.cells) {
      rules.cells = cells;
      name += "/" + (rules.cellsOneWay ? "basement" : "cells") + "-" + cells;
    }
  }
  rules.name = name;
  rules.rowNames = rowNames(rules.rowSizes);
  return rules;
}

// ------------------------------------------------------------------ cards
export function cardText(card) {
  return RANKS[card % 13] + SUITS[Math.floor(card / 13)];
}

function isRed(card) {
  var suit = Math.floor(card / 13);
  return suit === 1 || suit === 2;
}

// Card.parse: "7H", "TS"/"10S", "qd", "A♠" (any case); null when not a card.
export function parseCard(text) {
  var t = String(text).trim();
  var chars = Array.from(t);
  if (chars.length < 2 || chars.length > 3 || /\s/.test(t)) return null;
  var rankText = chars.slice(0, -1).join("").trim().toUpperCase();
  var suitText = chars[chars.length - 1].toUpperCase();
  var rank;
  if (rankText === "10") rank = 10;
  else if (rankText.length === 1 && RANKS.indexOf(rankText) >= 0) rank = RANKS.indexOf(rankText) + 1;
  else return null;
  var suit = SUITS.indexOf(suitText);
  if (suit < 0) suit = SUIT_SYMBOLS.indexOf(suitText);
  if (suit < 0) suit = SUIT_OUTLINES.indexOf(suitText);
  if (suit < 0 || suitText === "") return null;
  return suit * 13 + rank - 1;
}

function parseCardStrict(text, where) {
  var card = parseCard(text);
  if (card === null) throw new Error(where + ": unknown card '" + text + "'");
  return card;
}

function byNumber(a, b) {
  return a - b;
}

// ------------------------------------------------------------------ moves
export function formatMove(move) {
  return cardText(move.card) + " " + move.source + ">" + move.target;
}

// Move.parse: "7H L3>R2" (spaces around ">" allowed, any case); throws on bad text.
export function parseMove(text) {
  var s = String(text);
  var parts = s.split(">").join(" > ").trim().split(/\s+/);
  var shown = "'" + s.trim() + "'";
  if (parts.length !== 4 || parts[2] !== ">") {
    throw new Error("bad move " + shown + " (expected e.g. '7H L3>R2', 'KD L1>F', '5C B>F')");
  }
  var card = parseCard(parts[0]);
  if (card === null) throw new Error("unknown card '" + parts[0] + "' (expected rank then suit, e.g. 7H, TS, 10S, QD)");
  var source = parts[1].toUpperCase();
  var target = parts[3].toUpperCase();
  var places = [source, target];
  for (var i = 0; i < 2; i++) {
    var place = places[i];
    if (place !== FOUNDATION && place !== CELL && !/^[LR][0-9]+$/.test(place)) {
      throw new Error("bad place '" + place + "' in move " + shown + " (expected L1.., R1.., F or B)");
    }
  }
  if (source === FOUNDATION) throw new Error("bad move " + shown + ": cards never leave the foundations");
  return { card: card, source: source, target: target };
}

export function sameMove(a, b) {
  return a.card === b.card && a.source === b.source && a.target === b.target;
}

// --------------------------------------------------------------- positions
// The position JSON of butterfly.games.patience.format.deal_to_json (a parsed object).
export function parsePosition(data) {
  if (typeof data === "string") data = JSON.parse(data);
  var rules = makeRules(data.game, data.variant, data.cells);
  var given = {};
  var rowsData = data.rows || {};
  Object.keys(rowsData).forEach(function (name) {
    var key = String(name).toUpperCase();
    if (rules.rowNames.indexOf(key) < 0) throw new Error("rows." + name + ": no row " + key + " in " + rules.name);
    var cards = rowsData[name];
    if (typeof cards === "string") cards = cards.trim() === "" || cards.trim() === "-" ? [] : cards.trim().split(/\s+/);
    given[key] = cards.map(function (c) {
      return parseCardStrict(c, "rows." + name);
    });
  });
  var rows = rules.rowNames.map(function (name) {
    if (!given[name]) throw new Error(rules.name + " has " + rules.rowNames.length + " rows (missing " + name + ")");
    return given[name];
  });
  var foundations;
  if (data.foundations !== undefined) {
    foundations = [0, 0, 0, 0];
    data.foundations.forEach(function (c) {
      var card = parseCardStrict(c, "foundations");
      foundations[Math.floor(card / 13)] = (card % 13) + 1;
    });
  } else {
    var base = rules.acesOnFoundations ? 1 : 0;
    foundations = [base, base, base, base];
  }
  var cells = (data.basement || []).map(function (c) {
    return parseCardStrict(c, "basement");
  });
  cells.sort(byNumber);
  return { rules: rules, rows: rows, foundations: foundations, cells: cells };
}

// deal_to_json: the JSON form of a position (the header only where it differs from the preset).
export function positionToJson(position) {
  var rules = position.rules;
  var game = rules.name.split("/")[0];
  var p = presets()[game];
  var out = { game: game };
  if (rules.suits !== p.suits) out.variant = rules.suits;
  if (rules.cells !== p.cells) out.cells = rules.cells;
  out.foundations = [];
  for (var suit = 0; suit < 4; suit++) {
    var top = position.foundations[suit];
    if (top) out.foundations.push(cardText(suit * 13 + top - 1));
  }
  out.basement = position.cells.map(cardText);
  out.rows = {};
  rules.rowNames.forEach(function (name, i) {
    out.rows[name] = position.rows[i].map(cardText);
  });
  return out;
}

export function isWon(position) {
  var f = position.foundations;
  return f[0] === 13 && f[1] === 13 && f[2] === 13 && f[3] === 13;
}

function canGoToFoundation(position, card) {
  return position.foundations[Math.floor(card / 13)] === card % 13;
}

function compareRows(a, b) {
  var n = Math.min(a.length, b.length);
  for (var i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

// Position.key as text: the rows sorted (as Python sorts tuples of cards),
// each as its cards joined by spaces, joined by "|", then "/" and the cells.
// Positions with equal keys have the same future.
export function key(position) {
  var rows = position.rows.slice().sort(compareRows);
  return (
    rows
      .map(function (row) {
        return row.map(cardText).join(" ");
      })
      .join("|") +
    "/" +
    position.cells.map(cardText).join(" ")
  );
}

function canBuild(rules, card, onto) {
  var step = (card % 13) - (onto % 13);
  if (step !== -1 && (rules.build === "down" || step !== 1)) return false;
  if (rules.suits === "any") return true;
  if (rules.suits === "same-suit") return Math.floor(card / 13) === Math.floor(onto / 13);
  return isRed(card) !== isRed(onto);
}

function last(row) {
  return row[row.length - 1];
}

// Position.legal_moves, in the same order:
// 1. to the foundations: rows L1.. in order, then cells in card order;
// 2. row to row: source rows in order, each to target rows in order;
// 3. cell to row (free cells only): cells in card order, rows in order;
// 4. row to cell: rows in order.
export function legalMoves(position) {
  var rules = position.rules;
  var rows = position.rows;
  var names = rules.rowNames;
  var moves = [];
  var i, j, row, card, target;
  for (i = 0; i < rows.length; i++) {
    row = rows[i];
    if (row.length && canGoToFoundation(position, last(row))) {
      moves.push({ card: last(row), source: names[i], target: FOUNDATION });
    }
  }
  position.cells.forEach(function (c) {
    if (canGoToFoundation(position, c)) moves.push({ card: c, source: CELL, target: FOUNDATION });
  });
  var anyEmpty = rules.emptyRows === "any-card";
  for (i = 0; i < rows.length; i++) {
    row = rows[i];
    if (!row.length || (rules.lastCardToFoundationOnly && row.length === 1)) continue;
    card = last(row);
    for (j = 0; j < rows.length; j++) {
      target = rows[j];
      if (j !== i && (target.length ? canBuild(rules, card, last(target)) : anyEmpty)) {
        moves.push({ card: card, source: names[i], target: names[j] });
      }
    }
  }
  if (!rules.cellsOneWay) {
    position.cells.forEach(function (c) {
      for (j = 0; j < rows.length; j++) {
        target = rows[j];
        if (target.length ? canBuild(rules, c, last(target)) : anyEmpty) {
          moves.push({ card: c, source: CELL, target: names[j] });
        }
      }
    });
  }
  if (position.cells.length < rules.cells) {
    for (i = 0; i < rows.length; i++) {
      row = rows[i];
      if (row.length && !(rules.lastCardToFoundationOnly && row.length === 1)) {
        moves.push({ card: last(row), source: names[i], target: CELL });
      }
    }
  }
  return moves;
}

// butterfly/solver/patience/pruning.py is_safe_foundation_move: a move home that can
// always be made at once without losing a win, because no card could ever
// again be built on this one (each that could is home, or in the basement,
// from where no card returns to a row). The page's option to move such
// cards home by themselves uses it.
export function isSafeHome(position, move) {
  if (move.target !== FOUNDATION) return false;
  var rules = position.rules;
  if (move.source === CELL && rules.cellsOneWay) return true;
  for (var c = 0; c < 52; c++) {
    if (!canBuild(rules, c, move.card)) continue;
    var home = position.foundations[Math.floor(c / 13)] > c % 13;
    if (!home && !(rules.cellsOneWay && position.cells.indexOf(c) >= 0)) return false;
  }
  return true;
}

function buildHint(rules) {
  var ranks = rules.build === "down" ? "one rank lower" : "one rank higher or lower";
  var suits = { any: "", "same-suit": ", same suit", "alternate-colours": ", other colour" }[rules.suits];
  return ranks + suits;
}

// Position.check_move: null when legal, else the same one-line reason as Python.
export function checkMove(position, move) {
  if (typeof move === "string") move = parseMove(move);
  var rules = position.rules;
  var card = move.card;
  var source = move.source;
  var target = move.target;
  var names = rules.rowNames;
  var row;
  if (source === CELL) {
    if (position.cells.indexOf(card) < 0) {
      return cardText(card) + " is not in the " + (rules.cellsOneWay ? "basement" : "cells");
    }
  } else if (source === FOUNDATION) {
    return "cards never leave the foundations";
  } else {
    if (names.indexOf(source) < 0) return "no row " + source;
    row = position.rows[names.indexOf(source)];
    if (!row.length || last(row) !== card) {
      var outer = row.length ? cardText(last(row)) : "nothing (the row is empty)";
      return cardText(card) + " is not the outer card of " + source + " (its outer card is " + outer + ")";
    }
  }
  if (target === FOUNDATION) {
    if (!canGoToFoundation(position, card)) {
      var top = position.foundations[Math.floor(card / 13)];
      var below = top === 0 ? "nothing" : cardText(Math.floor(card / 13) * 13 + top - 1);
      return cardText(card) + " cannot go to its foundation (it holds " + below + ")";
    }
    return null;
  }
  if (source !== CELL && rules.lastCardToFoundationOnly && position.rows[names.indexOf(source)].length === 1) {
    return cardText(card) + " is the last card of " + source + ": it may only go home";
  }
  if (target === CELL) {
    if (source === CELL) return cardText(card) + " is already in the cells";
    if (position.cells.length >= rules.cells) {
      if (!rules.cells) return rules.name + " has no cells";
      return rules.cellsOneWay ? "the basement is full (it holds " + rules.cells + ")" : "no free cell";
    }
    return null;
  }
  if (names.indexOf(target) < 0) return "no row " + target;
  if (source === target) return cardText(card) + " is already in " + target;
  if (source === CELL && rules.cellsOneWay) {
    return cardText(card) + " is in the basement: it may only go home";
  }
  row = position.rows[names.indexOf(target)];
  if (!row.length) {
    if (rules.emptyRows === "lost") return target + " is empty and lost: nothing may be placed there";
    return null;
  }
  if (!canBuild(rules, card, last(row))) {
    return cardText(card) + " may not be placed on " + cardText(last(row)) + " (" + buildHint(rules) + ")";
  }
  return null;
}

// Position.play_unchecked: the move must be legal.
export function playUnchecked(position, move) {
  var names = position.rules.rowNames;
  var rows = position.rows.slice();
  var cells = position.cells.slice();
  var foundations = position.foundations.slice();
  if (move.source === CELL) {
    cells.splice(cells.indexOf(move.card), 1);
  } else {
    var i = names.indexOf(move.source);
    rows[i] = rows[i].slice(0, -1);
  }
  if (move.target === FOUNDATION) {
    foundations[Math.floor(move.card / 13)] = (move.card % 13) + 1;
  } else if (move.target === CELL) {
    cells.push(move.card);
    cells.sort(byNumber);
  } else {
    var j = names.indexOf(move.target);
    rows[j] = rows[j].concat([move.card]);
  }
  return { rules: position.rules, rows: rows, foundations: foundations, cells: cells };
}

// Position.play: the position after the move; throws (with Python's message) if it is illegal.
export function play(position, move) {
  if (typeof move === "string") move = parseMove(move);
  var reason = checkMove(position, move);
  if (reason !== null) throw new Error("illegal move " + formatMove(move) + ": " + reason);
  return playUnchecked(position, move);
}
