#!/usr/bin/env node
// The card-game board's set-ups on their way (butterfly/puzzles/site/page/cards-state.js):
// each position Python wrote (every hand shown) is placed again on a blank
// board by the actions the page sends, card by card and counter by counter
// in a shuffled order (each player's played cards in the order of their
// tricks), and every set-up met on the way that the board asks the rules
// about is printed: tests/puzzles/test_card_board.py holds the rules to
// accept it.
//
//   node tests/js/card_steps.js < TEXTS.json   (a JSON list of lines; prints the list of lines the page would send)
import fs from "node:fs";
import { cardText } from "../../butterfly/puzzles/site/rules.js";
import * as C from "../../butterfly/puzzles/site/page/cards-line.js";
import { CardBoard } from "../../butterfly/puzzles/site/page/cards-state.js";

let seed = 7;
function random() {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}

function shuffled(list) {
  for (let k = list.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [list[k], list[j]] = [list[j], list[k]];
  }
  return list;
}

// The clicks and counters that set up ``target`` on ``board`` (a blank one, its options already set): each
// a step; a seat's played cards, and a discard after its declaration, keep their order.
function steps(board, target) {
  const out = [];
  const put = (card, id) => () => {
    board.choose(id);
    board.click(cardText(card));
  };
  const set = (field, value, seat) => () => board.set(field, value, seat);
  target.hands.forEach((hand, seat) => hand.forEach((card) => out.push([put(card, "h" + seat)])));
  target.chips.forEach((chips, seat) => out.push([set("chips", chips, seat)]));
  out.push([set("pool", target.pool)]);
  if (!C.isMouche(target)) {
    target.table.forEach((card) => out.push([put(card, "t")]));
    target.stock.forEach((card) => out.push([put(card, "s")]));
    target.taken.forEach((won, seat) => out.push([set("taken", won, seat)]));
    out.push([set("toMove", target.toMove)], [set("lastTrailer", target.lastTrailer)]);
    out.push([set("papillons", target.papillons)]);
    return out;
  }
  out.push([put(target.turned, "u")], [set("trump", target.trump)]);
  target.declared.forEach((declared, seat) => {
    const discards = (target.discarded[seat] || []).map((card) => put(card, "x" + seat));
    out.push([set("declared", declared, seat), ...discards]);
  });
  for (let seat = 0; seat < target.players; seat++)
    out.push(target.plays.filter(([s]) => s === seat).map(([, card]) => put(card, "p" + seat)));
  return out;
}

const texts = JSON.parse(fs.readFileSync(0, "utf8"));
const sent = [];
for (const text of texts) {
  const target = C.readLine(text);
  if (target.hidden.some((count) => count !== null)) continue;
  const board = new CardBoard();
  board.restart(target.game, target.players);
  const options = ["dealer", "stake", "scoring", "anySuit", "entry", "cap", "pending"];
  options.forEach((name) => name in target && board.set(name, target[name]));
  // the steps shuffled, each group's in its order: the next step taken from a group drawn at random
  const groups = shuffled(steps(board, target).filter((group) => group.length));
  while (groups.length) {
    const k = Math.floor(random() * groups.length);
    groups[k].shift()();
    if (!groups[k].length) groups.splice(k, 1);
    const question = board.rulesQuestion();
    if (question) sent.push(question.line);
  }
}
process.stdout.write(JSON.stringify(sent) + "\n");
