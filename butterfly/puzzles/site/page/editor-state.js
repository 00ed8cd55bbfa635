// The position editor with no page: the layout set up so far (editor-layout.js),
// the card picked up, undo and redo, what each action says, what is wrong and the
// line once whole. editor-view.js shows it and forwards the player's actions to
// it; the node tests drive it alone.
import * as R from "../rules.js";
import { isLine, parseLine } from "../line.js";
import {
  SUIT_NAMES,
  check,
  emptyLayout,
  layoutOf,
  lineOf,
  move,
  places,
  put,
  take,
  withRules,
} from "./editor-layout.js";
import { sentence } from "./engine.js";
import { cellWords, saidMessage, shown } from "./words.js";

// The source of a card picked from the palette (not taken from the layout), and the palette's drop target.
export const PALETTE = "palette";

// A place as every page names it: home, the basement (Butterfly's one-way cells) or the free cells, a row.
function placeWords(name, rules) {
  if (name === R.FOUNDATION) return "home";
  if (name === R.CELL) return rules.cellsOneWay ? "the basement" : "the free cells";
  return name;
}

// Each action returns what the page says of it, or null when nothing happens.
export class Editor {
  constructor(rules) {
    this.layout = emptyLayout(rules);
    this.picked = null; // {card, source, index}: source PALETTE for a card not taken from the layout
    this.history = [this.layout];
    this.at = 0;
  }

  canUndo() {
    return this.at > 0;
  }

  canRedo() {
    return this.at < this.history.length - 1;
  }

  // The picked card came from the layout, so it can go back to the palette.
  canPutBack() {
    return this.picked !== null && this.picked.source !== PALETTE;
  }

  // A palette card pressed: picked up, or put down when it was the one picked.
  pick(card) {
    if (this.picked && this.picked.source === PALETTE && this.picked.card === card) return this.putDown();
    this.picked = { card: card, source: PALETTE, index: 0 };
    return "Picked " + shown(card) + " from the palette: press the place for it (Esc puts it down).";
  }

  putDown() {
    if (!this.picked) return null;
    const words = "Put " + shown(this.picked.card) + " down.";
    this.picked = null;
    return words;
  }

  // A place of the layout pressed: ``target`` its name, ``card`` the card pressed there
  // ({card, source, index}) or null for an empty place. With nothing picked, a card is
  // picked up; with a card picked, it goes there (just outside a row's card pressed).
  press(target, card) {
    if (!this.picked) {
      if (!card) return "Pick a card first: from the palette, or one on the layout to move it.";
      this.picked = card;
      const from = placeWords(card.source, this.layout.rules);
      return (
        "Picked " +
        shown(card.card) +
        " from " +
        from +
        ": press its new place, or Delete to put it back in the palette."
      );
    }
    const { source, index } = this.picked;
    if (card && card.card === this.picked.card && card.source === source && card.index === index) return this.putDown();
    const inRow = card && target !== R.FOUNDATION && target !== R.CELL;
    return this.place(target, inRow ? card.index : undefined);
  }

  // ``card`` ({card, source, index}) dragged onto ``target``: a place, or the palette.
  drop(card, target) {
    this.picked = card;
    return target === PALETTE ? this.putBack() : this.place(target);
  }

  // The picked card put at ``target`` (after the row's card ``after``, or outermost).
  place(target, after) {
    const { card, source, index } = this.picked;
    const layout = this.layout;
    const moving = source !== PALETTE;
    const next = moving ? move(layout, card, source, index, target, after) : put(layout, card, target, after);
    if (next === layout) return this.putDown();
    const where = placeWords(target, layout.rules);
    let words = moving
      ? shown(card) + " moved from " + placeWords(source, layout.rules) + " to " + where
      : shown(card) + " put in " + where;
    if (target === R.FOUNDATION && card % 13)
      words += ": the " + SUIT_NAMES[Math.floor(card / 13)] + " pile now holds every card up to it";
    return this.change(next, sentence(words));
  }

  // The card picked from the layout put back in the palette.
  putBack() {
    if (!this.canPutBack()) return null;
    const { card, source, index } = this.picked;
    const words = shown(card) + " put back in the palette from " + placeWords(source, this.layout.rules);
    return this.change(take(this.layout, card, source, index), sentence(words));
  }

  clear() {
    const home = this.layout.rules.acesOnFoundations ? " but the aces, which start at home" : "";
    return this.change(
      emptyLayout(this.layout.rules),
      "The layout is cleared: every card is back in the palette" + home + ".",
    );
  }

  // Other rules (``title``: the game as the page names it), every card staying where it is.
  chooseRules(rules, title) {
    const words = title + ": " + rules.rowNames.length + " rows, " + cellWords(rules.cells, rules.cellsOneWay);
    return this.change(withRules(this.layout, rules), sentence(words));
  }

  // A change of the layout: kept for Undo (what was undone is dropped).
  change(next, words) {
    this.history = this.history.slice(0, this.at + 1).concat([next]);
    this.at++;
    this.layout = next;
    this.picked = null;
    return words;
  }

  undo() {
    return this.go(this.at - 1);
  }

  redo() {
    return this.go(this.at + 1);
  }

  go(to) {
    if (to < 0 || to >= this.history.length) return null;
    const words = to < this.at ? "Undone." : "Done again.";
    this.at = to;
    this.layout = this.history[to];
    this.picked = null;
    return words;
  }

  // The layout becomes the position of ``line``, a fresh start for Undo: null, or the
  // sentence saying why the line cannot be read (the layout then kept).
  open(line) {
    let layout;
    try {
      layout = layoutOf(parseLine(line));
    } catch (error) {
      return sentence("That line cannot be read: " + saidMessage(error.message));
    }
    this.layout = layout;
    this.history = [layout];
    this.at = 0;
    this.picked = null;
    return null;
  }

  // What is wrong, each a sentence (``title``: the game as the page names it), the line
  // when nothing is, and the verdict in words.
  verdict(title) {
    const problems = check(this.layout, title);
    let line = null;
    if (!problems.length) {
      try {
        line = lineOf(this.layout);
      } catch (error) {
        problems.push(saidMessage(error.message));
      }
    }
    const words = line
      ? "Complete: every card is placed once. The position's line and links are below."
      : problems.length === 1
        ? "Not a position yet: one thing is wrong."
        : "Not a position yet: " + problems.length + " things are wrong.";
    return { problems: problems.map(sentence), line: line, words: words };
  }

  // Each palette card, by card: placed once or more, picked, where it lies ("L1", "home") and in words.
  paletteKeys() {
    const rules = this.layout.rules;
    return places(this.layout).map((here, c) => {
      const state = here.length
        ? here.map((p) => (p === R.FOUNDATION ? "at home" : "in " + placeWords(p, rules))).join(" and ")
        : "not placed";
      return {
        placed: here.length === 1,
        twice: here.length > 1,
        pressed: this.picked !== null && this.picked.source === PALETTE && this.picked.card === c,
        where: here.map((p) => (p === R.FOUNDATION ? "home" : p)).join(" "),
        label: shown(c) + ", " + (here.length > 1 ? "placed " + here.length + " times, " : "") + state,
      };
    });
  }
}

// What was typed in the line's field (a line, or any link holding one): {line}, or {wrong} saying why it is none.
export function typedLine(typed) {
  let text = typed.trim();
  const found = /[#&]p=([^&]+)/.exec(text);
  if (found) text = found[1];
  if (!text)
    return {
      wrong: "Paste a line first, such as one copied from the board's Share link, or open a deal by its number above.",
    };
  if (!isLine(text) && !text.includes("_"))
    return {
      wrong: "That is not a position's line: a line starts with its game's name, such as butterfly or fortress.",
    };
  return { line: text };
}

// Why ``number`` (typed, trimmed) is not a deal's number, or null when it is one.
export function dealNumberWrong(number) {
  if (!number) return "Type a deal number first.";
  if (!/^[0-9]+$/.test(number)) return "A deal number is a whole number, such as 5.";
  if (BigInt(number) > 9223372036854775807n)
    return "That number is too large: deals go up to 9,223,372,036,854,775,807.";
  return null;
}
