// The card-game board's set-up (cards.html) and its one line, for Papillon
// and La Mouche (Le Pamphile is La Mouche with the option): a set-up read
// from a line and written back exactly as Python writes the position
// (butterfly/games/papillon/notation.py, butterfly/games/mouche/notation.py; docs/formats.md,
// "One-line positions"), and the plain checks a set-up needs before any
// engine is asked: a card in two places, cards missing, a hand too full.
// The rules themselves stay in Python: the page asks butterfly serve.
import { cardText, parseCard } from "../rules.js";
import { plural } from "./words.js";

export const GAMES = { papillon: "Papillon", mouche: "La Mouche", pamphile: "Le Pamphile" };
// The pack each La Mouche table plays with: its ranks (docs/rules/mouche.md).
const MOUCHE_RANKS = { 3: "A89TJQK", 4: "A6789TJQK", 5: "A3456789TJQK", 6: "A23456789TJQK" };
const RANKS = "A23456789TJQK";
export const HAND_SIZE = { papillon: 3, mouche: 5 };
const MOUCHE_PURSE = 1000;
const MOUCHE_CAP = 20;
const PAMPHILE = "JC";
const SUITS = "CDHS";
// La Mouche's card order, low to high (the ace between the ten and the jack).
const MOUCHE_ORDER = "23456789TAJQK";

// The cards a game with ``players`` plays with, in the order of the pack (suit by suit, rank up).
export function pack(game, players) {
  const ranks = game === "papillon" ? RANKS : MOUCHE_RANKS[players];
  const cards = [];
  for (let suit = 0; suit < 4; suit++) for (const r of ranks) cards.push(suit * 13 + RANKS.indexOf(r));
  return cards;
}

// A new set-up: every card still to place, every counter at its start.
export function blank(game, players) {
  const n = players;
  // hidden: per seat, null for a hand shown, else its number of cards (the view from one seat)
  const hands = Array.from({ length: n }, () => []);
  const base = { game, players: n, hands, hidden: Array(n).fill(null), dealer: n - 1 };
  if (game === "papillon")
    return Object.assign(base, {
      table: [],
      stock: [],
      stockCount: null, // the stock given by its number of cards, unseen
      taken: Array(n).fill(0), // per seat, the number of cards won; their cards once a hand is hidden
      chips: Array(n).fill(0),
      pool: 0,
      stake: 1,
      toMove: 0,
      lastTrailer: null,
      papillons: [],
      scoring: "1725",
    });
  return Object.assign(base, {
    pamphile: game === "pamphile",
    anySuit: false,
    entry: "all",
    cap: MOUCHE_CAP,
    turned: null,
    trump: null,
    declared: Array(n).fill(null),
    plays: [],
    pool: 5,
    chips: Array(n).fill(MOUCHE_PURSE),
    discarded: Array(n).fill(null),
    pending: [],
    pamphilePaid: null, // Le Pamphile: the seat paid for holding it, -1 nobody, null not said
  });
}

export function isMouche(setup) {
  return setup.game !== "papillon";
}

// ---- writing -------------------------------------------------------------------

function cards(list) {
  return list.map(cardText).join("") || "-";
}

function byPack(list) {
  return list.slice().sort((a, b) => a - b);
}

function join(game, fields) {
  return [game].concat(fields.map(([tag, value]) => tag + value)).join("_");
}

// The seats still in the hand (not folded), in order from the first to play.
export function inHand(setup) {
  const n = setup.players;
  const seats = [];
  for (let k = 1; k <= n; k++) if (setup.declared[(setup.dealer + k) % n] !== "f") seats.push((setup.dealer + k) % n);
  return seats;
}

// A hand as the line writes it: its cards, or their number when hidden.
function handText(setup, seat, list) {
  return setup.hidden[seat] === null ? cards(list) : String(setup.hidden[seat]);
}

// The set-up's line, as Python writes the position it gives.
export function writeLine(setup) {
  if (!isMouche(setup)) {
    const f = [
      ["h", setup.hands.map((h, seat) => handText(setup, seat, h)).join(".")],
      ["t", cards(byPack(setup.table))],
    ];
    if (setup.stockCount !== null) f.push(["s", String(setup.stockCount)]);
    else if (setup.stock.length) f.push(["s", cards(setup.stock)]);
    f.push(
      ["w", setup.taken.map((t) => (Array.isArray(t) ? cards(t) : String(t))).join(".")],
      ["c", setup.chips.join(".")],
      ["p", String(setup.pool)],
    );
    if (setup.stake !== 1) f.push(["k", String(setup.stake)]);
    f.push(["d", String(setup.dealer)], ["m", String(setup.toMove)]);
    if (setup.lastTrailer !== null) f.push(["l", String(setup.lastTrailer)]);
    if (setup.papillons.length) f.push(["b", setup.papillons.join(".")]);
    if (setup.scoring !== "1725") f.push(["r", setup.scoring]);
    return join("papillon", f);
  }
  const options = [];
  if (setup.pamphile) options.push("pamphile");
  if (setup.anySuit) options.push("any-suit");
  if (setup.entry !== "all") options.push(setup.entry);
  if (setup.cap !== MOUCHE_CAP) options.push("cap" + setup.cap);
  const f = options.length ? [["o", options.join(".")]] : [];
  f.push(["d", String(setup.dealer)], ["t", setup.turned === null ? "-" : cardText(setup.turned)]);
  if (setup.trump !== null && setup.pamphile && setup.turned !== null && cardText(setup.turned) === PAMPHILE)
    f.push(["u", setup.trump]);
  f.push(["a", setup.declared.map((d) => d || "-").join(".")]);
  f.push([
    "h",
    setup.hands.map((h, seat) => (setup.declared[seat] === "f" ? "-" : handText(setup, seat, byPack(h)))).join("."),
  ]);
  const size = inHand(setup).length;
  const played = (plays) => plays.map(([seat, card]) => seat + cardText(card)).join("") || "-";
  // (cards placed as played by a seat that folded come last, as placed: the rules then refuse them)
  const seats = inHand(setup);
  const plays = tricks(setup)
    .flat()
    .concat(setup.plays.filter(([seat]) => !seats.includes(seat)));
  const whole = plays.length - (plays.length % size);
  if (whole) {
    const done = [];
    for (let k = 0; k < whole; k += size) done.push(played(plays.slice(k, k + size)));
    f.push(["w", done.join(".")]);
  }
  if (plays.length > whole) f.push(["k", played(plays.slice(whole))]);
  f.push(["p", String(setup.pool)], ["c", setup.chips.join(".")]);
  if (setup.discarded.some((d) => d && d.length))
    f.push(["x", setup.discarded.map((d) => (d && d.length ? cards(byPack(d)) : "-")).join(".")]);
  if (setup.pending.length) f.push(["q", setup.pending.join(".")]);
  if (setup.pamphile && setup.pamphilePaid !== null)
    f.push(["j", setup.pamphilePaid < 0 ? "-" : String(setup.pamphilePaid)]);
  return join("mouche", f);
}

// ---- the order of play (La Mouche) -------------------------------------------------
// The page keeps each seat's played cards in the order of the tricks, however they were clicked; the
// order within each trick follows from the rules (butterfly/games/mouche/rules.py, trick_winner).

// The trump suit (0 to 3: clubs, diamonds, hearts, spades), or null while it is not known.
export function trumpSuit(setup) {
  if (setup.turned === null) return null;
  if (isPamphile(setup, setup.turned)) return setup.trump === null ? null : SUITS.indexOf(setup.trump);
  return Math.floor(setup.turned / 13);
}

function isPamphile(setup, card) {
  return setup.pamphile && cardText(card) === PAMPHILE;
}

// How strongly ``card`` holds a trick led in suit ``led``: the Pamphile over trumps, over the suit led, over the rest.
function strength(setup, card, led, trump) {
  if (isPamphile(setup, card)) return 300;
  const power = MOUCHE_ORDER.indexOf(cardText(card).charAt(0));
  const suit = Math.floor(card / 13);
  if (suit === trump) return 200 + power;
  return suit === led ? 100 + power : 0;
}

// The seat that wins ``trick`` (its [seat, card] plays in the order played).
export function trickWinner(setup, trick) {
  const trump = trumpSuit(setup);
  const led = isPamphile(setup, trick[0][1]) ? trump : Math.floor(trick[0][1] / 13);
  const hold = ([, card]) => strength(setup, card, led, trump);
  return trick.reduce((best, play) => (hold(play) > hold(best) ? play : best))[0];
}

// The cards played, trick by trick, each in the order of play: the first to play still in the hand leads
// the first trick, the winner of each trick the next; each seat's k-th card is its card of trick k.
export function tricks(setup) {
  const seats = inHand(setup);
  const bySeat = seats.map((seat) => setup.plays.filter(([s]) => s === seat));
  const out = [];
  let leader = 0; // (an index in seats)
  for (let k = 0; seats.length && bySeat.some((plays) => plays.length > k); k++) {
    const trick = [];
    for (let j = 0; j < seats.length; j++) {
      const play = bySeat[(leader + j) % seats.length][k];
      if (play) trick.push(play);
    }
    out.push(trick);
    if (trick.length === seats.length) leader = seats.indexOf(trickWinner(setup, trick));
  }
  return out;
}

// ---- reading -------------------------------------------------------------------

// A line's problem, as one sentence's worth of words (thrown).
function refuse(text) {
  throw new Error(text);
}

function fieldsOf(text, tags) {
  const line = text.trim();
  if (!/^[A-Za-z0-9._~-]+$/.test(line)) refuse("a line holds only letters, digits and - . _ ~");
  const [head, ...parts] = line.split("_");
  const fields = {};
  parts.forEach((part) => {
    const tag = part.charAt(0).toLowerCase();
    if (!tags.includes(tag)) refuse("the line has a field this board does not know: " + part);
    if (tag in fields) refuse("the line gives the field " + tag + " twice");
    fields[tag] = part.slice(1);
  });
  return [head.toLowerCase(), fields];
}

function cardsOf(value, what) {
  const text = value === "-" ? "" : value;
  const out = [];
  let at = 0;
  while (at < text.length) {
    const width = text.slice(at, at + 2) === "10" ? 3 : 2;
    const card = parseCard(text.slice(at, at + width));
    if (card === null) refuse(what + ": unknown card " + text.slice(at, at + width));
    out.push(card);
    at += width;
  }
  return out;
}

function numberOf(value, what) {
  if (!/^-?[0-9]{1,15}$/.test(value || "")) refuse(what + " must be a whole number, not " + (value || "nothing"));
  return Number(value);
}

function items(value) {
  return value.split(".").map((item) => (item === "-" ? "" : item));
}

function need(fields, tags) {
  tags.forEach((t) => {
    if (!(t in fields)) refuse("the line has no field " + t);
  });
}

// The set-up a line gives (an Error with the reason when this board cannot hold it).
export function readLine(text) {
  const head = text.trim().split("_")[0].toLowerCase();
  if (head === "papillon") return readPapillon(text);
  if (head === "mouche") return readMouche(text);
  return refuse("a card game's line starts with papillon or mouche");
}

// Each hand's cards, or its number of hidden cards.
function readHands(setup, hands) {
  hands.forEach((item, seat) => {
    if (/^[0-9]+$/.test(item)) setup.hidden[seat] = Number(item);
    else setup.hands[seat] = isMouche(setup) ? byPack(cardsOf(item, "hand " + seat)) : cardsOf(item, "hand " + seat);
  });
}

function readPapillon(text) {
  const [, f] = fieldsOf(text, ["h", "t", "s", "w", "c", "p", "k", "d", "m", "l", "b", "r"]);
  need(f, ["h", "t", "d", "m"]);
  const hands = items(f.h);
  if (hands.length !== 3 && hands.length !== 4) refuse("Papillon has 3 or 4 players, not " + hands.length);
  const setup = blank("papillon", hands.length);
  readHands(setup, hands);
  setup.table = byPack(cardsOf(f.t, "the table"));
  if ("s" in f) {
    if (/^[0-9]+$/.test(f.s)) setup.stockCount = Number(f.s);
    else setup.stock = cardsOf(f.s, "the stock");
  }
  const perSeat = (value, what) => {
    const list = items(value);
    if (list.length !== hands.length) refuse(what + ": " + list.length + " entries for " + hands.length + " players");
    return list;
  };
  if ("w" in f) {
    const won = perSeat(f.w, "cards won").map((item, seat) =>
      /^[0-9]+$/.test(item) ? numberOf(item, "cards won") : byPack(cardsOf(item, "cards won by player " + seat)),
    );
    // every seat's cards listed stay listed; else the numbers
    setup.taken = won.every(Array.isArray) ? won : won.map((w) => (Array.isArray(w) ? w.length : w));
  }
  if ("c" in f) setup.chips = perSeat(f.c, "chips").map((c) => numberOf(c, "chips"));
  if ("p" in f) setup.pool = numberOf(f.p, "the pool");
  if ("k" in f) setup.stake = numberOf(f.k, "the stake");
  setup.dealer = numberOf(f.d, "the dealer");
  setup.toMove = numberOf(f.m, "the player to move");
  if ("l" in f && f.l !== "-") setup.lastTrailer = numberOf(f.l, "the last to trail");
  if ("b" in f && f.b !== "-") setup.papillons = f.b.split(".").map((s) => numberOf(s, "papillons"));
  if ("r" in f) setup.scoring = f.r.toLowerCase();
  return setup;
}

function readMouche(text) {
  const [, f] = fieldsOf(text, ["o", "d", "t", "u", "a", "h", "w", "k", "p", "c", "x", "q", "j"]);
  need(f, ["d", "t", "a", "h"]);
  const hands = items(f.h);
  if (hands.length < 3 || hands.length > 6) refuse("La Mouche has 3 to 6 players, not " + hands.length);
  const options = "o" in f && f.o ? f.o.toLowerCase().split(".") : [];
  const setup = blank(options.includes("pamphile") ? "pamphile" : "mouche", hands.length);
  options.forEach((word) => {
    if (word === "any-suit") setup.anySuit = true;
    else if (word === "largest-first" || word === "cap") setup.entry = word;
    else if (/^cap[0-9]+$/.test(word)) setup.cap = Number(word.slice(3));
    else if (word !== "pamphile") refuse("unknown option " + word);
  });
  setup.dealer = numberOf(f.d, "the dealer");
  const turned = cardsOf(f.t, "the turned card");
  if (turned.length !== 1) refuse("one turned card, not " + f.t);
  setup.turned = turned[0];
  if ("u" in f) setup.trump = f.u.toUpperCase();
  setup.declared = items(f.a).map((d) => {
    const code = d.toLowerCase();
    if (code !== "" && code !== "f" && code !== "s" && !/^d[0-9]+$/.test(code))
      refuse("a declaration is f, s, d and a number, or -, not " + d);
    return code || null;
  });
  readHands(setup, hands);
  const playsOf = (value, what) => {
    const out = [];
    const body = value === "-" ? "" : value;
    const found = body.match(/[0-9](10|[2-9TJQKA])[CDHS]/gi) || [];
    if (found.join("").length !== body.length) refuse(what + ": a seat digit before each card");
    found.forEach((play) => out.push([Number(play[0]), cardsOf(play.slice(1), what)[0]]));
    return out;
  };
  if ("w" in f)
    items(f.w).forEach((trick, k) => (setup.plays = setup.plays.concat(playsOf(trick, "trick " + (k + 1)))));
  if ("k" in f) setup.plays = setup.plays.concat(playsOf(f.k, "the trick in progress"));
  if ("p" in f) setup.pool = numberOf(f.p, "the pool");
  if ("c" in f) setup.chips = f.c.split(".").map((c) => numberOf(c, "chips"));
  if ("x" in f) setup.discarded = items(f.x).map((d, seat) => (d ? byPack(cardsOf(d, "discarded by " + seat)) : null));
  if ("q" in f) setup.pending = f.q.split(".").map((q) => numberOf(q, "pending mouches"));
  if ("j" in f) setup.pamphilePaid = f.j === "-" ? -1 : numberOf(f.j, "the player paid for the Pamphile");
  return setup;
}

// ---- where the cards are -----------------------------------------------------------

// Every place a card can be in this set-up, by name, with its cards.
export function places(setup) {
  const out = [];
  setup.hands.forEach((hand, seat) => {
    if (setup.hidden[seat] === null) out.push({ id: "h" + seat, name: "P" + seat + "\u2019s hand", cards: hand });
  });
  if (!isMouche(setup)) {
    out.push({ id: "t", name: "the table", cards: setup.table });
    if (setup.stockCount === null) out.push({ id: "s", name: "the stock", cards: setup.stock });
    setup.taken.forEach((t, seat) => {
      if (Array.isArray(t)) out.push({ id: "w" + seat, name: "won by P" + seat, cards: t });
    });
  } else {
    out.push({ id: "u", name: "the turned card", cards: setup.turned === null ? [] : [setup.turned] });
    for (let seat = 0; seat < setup.players; seat++)
      out.push({
        id: "p" + seat,
        name: "played by P" + seat,
        cards: setup.plays.filter(([s]) => s === seat).map(([, c]) => c),
      });
    // a seat that discarded: its discards, when they are known
    setup.declared.forEach((d, seat) => {
      if ((d && d.charAt(0) === "d") || (setup.discarded[seat] && setup.discarded[seat].length))
        out.push({ id: "x" + seat, name: "discarded by P" + seat, cards: setup.discarded[seat] || [] });
    });
  }
  return out;
}

// Where ``card`` is: its place, or null while it is not placed.
export function placeOf(setup, card) {
  return places(setup).find((p) => p.cards.includes(card)) || null;
}

function without(setup, card) {
  setup.hands = setup.hands.map((h) => h.filter((c) => c !== card));
  if (!isMouche(setup)) {
    setup.table = setup.table.filter((c) => c !== card);
    setup.stock = setup.stock.filter((c) => c !== card);
    setup.taken = setup.taken.map((t) => (Array.isArray(t) ? t.filter((c) => c !== card) : t));
  } else {
    if (setup.turned === card) setup.turned = null;
    setup.plays = setup.plays.filter(([, c]) => c !== card);
    setup.discarded = setup.discarded.map((d) => d && d.filter((c) => c !== card));
  }
}

// ``card`` put in the place ``id`` (taken from where it was); put again where it is, it is taken back.
export function place(setup, card, id) {
  const was = placeOf(setup, card);
  without(setup, card);
  if (was && was.id === id) return;
  const kind = id.charAt(0);
  const seat = Number(id.slice(1));
  if (kind === "h") {
    setup.hands[seat].push(card);
    if (isMouche(setup)) setup.hands[seat] = byPack(setup.hands[seat]);
  } else if (kind === "t") setup.table = byPack(setup.table.concat([card]));
  else if (kind === "s") setup.stock.push(card);
  else if (kind === "u") {
    if (setup.turned !== null) without(setup, setup.turned);
    setup.turned = card;
  } else if (kind === "p") setup.plays.push([seat, card]);
  else if (kind === "w") setup.taken[seat] = byPack(setup.taken[seat].concat([card]));
  else if (kind === "x") setup.discarded[seat] = byPack((setup.discarded[seat] || []).concat([card]));
}

// P``seat``'s hand hidden as ``count`` cards (its cards back in the pack), or shown again (null).
export function hide(setup, seat, count) {
  setup.hidden[seat] = count;
  if (count !== null) setup.hands[seat] = [];
  if (!isMouche(setup)) listWon(setup);
}

// Papillon's stock given as ``count`` unseen cards (its cards back in the pack), or by its cards (null).
export function hideStock(setup, count) {
  setup.stockCount = count;
  if (count !== null) setup.stock = [];
  listWon(setup);
}

// With a hand or the stock hidden, the cards won are placed card by card (so the unseen cards are known,
// as Python asks); with none hidden, counted again.
function listWon(setup) {
  const unseen = setup.stockCount !== null || setup.hidden.some((h) => h !== null);
  if (unseen && !Array.isArray(setup.taken[0])) setup.taken = setup.taken.map(() => []);
  if (!unseen && Array.isArray(setup.taken[0])) setup.taken = setup.taken.map((t) => t.length);
}

// What is wrong with the set-up that the page can tell without the rules, each in plain words (none: []).
export function problems(setup) {
  const out = [];
  const all = pack(setup.game, setup.players);
  const placed = places(setup).reduce((n, p) => n + p.cards.length, 0);
  const size = HAND_SIZE[isMouche(setup) ? "mouche" : "papillon"];
  const held = (seat) => (setup.hidden[seat] === null ? setup.hands[seat].length : setup.hidden[seat]);
  setup.hands.forEach((hand, seat) => {
    if (held(seat) > size) out.push("P" + seat + "\u2019s hand holds " + held(seat) + " cards, at most " + size);
  });
  if (!isMouche(setup)) {
    const unseen = setup.hidden.reduce((a, b) => a + (b || 0), 0) + (setup.stockCount || 0);
    const won = setup.taken.reduce((a, b) => a + (Array.isArray(b) ? 0 : b), 0) + unseen;
    const left = all.length - placed;
    const what = unseen ? "the cards won and not shown" : "the cards won";
    if (left !== won)
      out.push(
        plural(left, "card") +
          " not placed and " +
          what +
          " add up to " +
          won +
          ": " +
          (left > won
            ? "place " + plural(left - won, "card") + " more, or count them as won"
            : "count " + plural(won - left, "card") + " fewer as won"),
      );
    if (!held(setup.toMove)) out.push("P" + setup.toMove + " is to move but holds no cards");
    const stock = setup.stockCount === null ? setup.stock.length : setup.stockCount;
    const deal = size * setup.players;
    if (stock % deal)
      out.push("the stock holds " + plural(stock, "card") + ": it deals 3 to each player, so a multiple of " + deal);
    if (setup.papillons.length && stock) out.push("a papillon is made only once the stock is empty");
    setup.papillons.forEach((seat) => {
      if (held(seat)) out.push("P" + seat + " made a papillon but still holds cards");
    });
    if (setup.stake < 1) out.push("most cards pays at least 1 chip");
    if (setup.pool < 0) out.push("the pool holds 0 chips or more");
  } else {
    if (setup.turned === null) out.push("no card is turned for trumps yet");
    setup.hands.forEach((hand, seat) => {
      const count = held(seat) + setup.plays.filter(([s]) => s === seat).length;
      if (setup.declared[seat] !== "f" && count !== size)
        out.push(
          "P" +
            seat +
            " should hold " +
            size +
            " cards (with those played): " +
            count +
            (count === 1 ? " is " : " are ") +
            (setup.hidden[seat] === null ? "placed" : "hidden or played"),
        );
    });
    // (each trick takes one card from each player still in the hand)
    const counts = inHand(setup).map((seat) => [seat, setup.plays.filter(([s]) => s === seat).length]);
    const most = counts.reduce((a, b) => (b[1] > a[1] ? b : a), [null, 0]);
    const fewest = counts.reduce((a, b) => (b[1] < a[1] ? b : a), [null, Infinity]);
    if (most[1] - fewest[1] > 1)
      out.push(
        "P" +
          most[0] +
          " has played " +
          plural(most[1], "card") +
          " and P" +
          fewest[0] +
          " " +
          fewest[1] +
          ": each trick takes one card from each player",
      );
    out.push(...moucheOrder(setup, all.length));
  }
  return out;
}

// What La Mouche's rules ask of the order of the hand, checked here so that a set-up still being placed is
// not sent to them (butterfly/games/mouche/format.py says the same): the declarations, the discards, the play.
function moucheOrder(setup, packSize) {
  const out = [];
  const n = setup.players;
  const order = Array.from({ length: n }, (_, k) => (setup.dealer + 1 + k) % n);
  const waiting = order.filter((seat) => setup.declared[seat] === null);
  const early = order.slice(order.indexOf(waiting[0])).find((seat) => setup.declared[seat] !== null);
  if (waiting.length && early !== undefined)
    out.push("P" + waiting[0] + " declares before P" + early + ": the declarations go in turn from the first to play");
  if (
    setup.turned !== null &&
    isPamphile(setup, setup.turned) &&
    setup.trump === null &&
    setup.declared.some((d) => d !== null)
  )
    out.push("the Pamphile is turned: choose the trumps before anyone declares");
  if (order.slice(0, -1).every((seat) => setup.declared[seat] === "f"))
    out.push("everyone but the dealer folded: the hand is over");
  else if (setup.plays.length && waiting.length)
    out.push("P" + waiting[0] + " has not declared yet: cards are played only once everyone has");
  const discards = setup.declared.map((d) => (d && d.charAt(0) === "d" ? Number(d.slice(1)) : 0));
  setup.discarded.forEach((cards, seat) => {
    const placed = cards ? cards.length : 0;
    if (placed && placed !== discards[seat])
      out.push(
        discards[seat]
          ? "P" + seat + " discarded " + plural(discards[seat], "card") + ": " + placed + " placed as discarded"
          : "P" + seat + " did not discard: take back the cards placed as discarded",
      );
  });
  const stock = packSize - n * HAND_SIZE.mouche - 1;
  const thrown = discards.reduce((a, b) => a + b, 0);
  if (thrown > stock) out.push(plural(thrown, "card") + " discarded: more than the stock of " + stock);
  // the trick being played: its cards placed from its leader on, none skipped
  const all = tricks(setup);
  const seats = inHand(setup);
  const last = all[all.length - 1];
  if (last && last.length < seats.length) {
    const leader = all.length > 1 ? trickWinner(setup, all[all.length - 2]) : seats[0];
    const turn = seats.slice(seats.indexOf(leader)).concat(seats.slice(0, seats.indexOf(leader)));
    const gap = last.findIndex(([seat], k) => seat !== turn[k]);
    if (gap >= 0)
      out.push(
        "trick " +
          all.length +
          " has P" +
          last[gap][0] +
          "\u2019s card but not yet P" +
          turn[gap] +
          "\u2019s, who plays before",
      );
  }
  if (seats.length && seats.every((seat) => setup.plays.filter(([s]) => s === seat).length === HAND_SIZE.mouche))
    out.push("every trick is played: the hand is over");
  if (setup.pool < 5 || setup.pool % 5) out.push("the pool is a multiple of 5 chips, at least 5");
  if (setup.cap < 5 || setup.cap % 5) out.push("the cap is a multiple of 5 chips, at least 5");
  if (setup.pending.some((q) => q < 5 || q % 5)) out.push("a mouche waiting is a multiple of 5 chips, at least 5");
  return out;
}

// The cards not placed yet, in the order of the pack.
export function unplaced(setup) {
  return pack(setup.game, setup.players).filter((c) => placeOf(setup, c) === null);
}
