// The card-game board's set-up (cards.html) and its one line, for Papillon
// and La Mouche (Le Pamphile is La Mouche with the option): a set-up read
// from a line and written back exactly as Python writes the position
// (games/papillon/notation.py, games/mouche/notation.py; docs/formats.md,
// "One-line positions"), and the plain checks a set-up needs before any
// engine is asked: a card in two places, cards missing, a hand too full.
// The rules themselves stay in Python: the page asks butterfly serve.
import { cardText, parseCard } from "../rules.js";

export const GAMES = { papillon: "Papillon", mouche: "La Mouche", pamphile: "Le Pamphile" };
// The pack each La Mouche table plays with: its ranks (docs/rules/mouche.md).
const MOUCHE_RANKS = { 3: "A89TJQK", 4: "A6789TJQK", 5: "A3456789TJQK", 6: "A23456789TJQK" };
const RANKS = "A23456789TJQK";
export const HAND_SIZE = { papillon: 3, mouche: 5 };
const MOUCHE_PURSE = 1000;
const MOUCHE_CAP = 20;
const PAMPHILE = "JC";

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
  const base = { game, players: n, hands: Array.from({ length: n }, () => []), dealer: n - 1 };
  if (game === "papillon")
    return Object.assign(base, {
      table: [],
      stock: [],
      taken: Array(n).fill(0),
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

// The set-up's line, as Python writes the position it gives.
export function writeLine(setup) {
  if (!isMouche(setup)) {
    const f = [
      ["h", setup.hands.map(cards).join(".")],
      ["t", cards(byPack(setup.table))],
    ];
    if (setup.stock.length) f.push(["s", cards(setup.stock)]);
    f.push(["w", setup.taken.join(".")], ["c", setup.chips.join(".")], ["p", String(setup.pool)]);
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
  f.push(["h", setup.hands.map((h, seat) => (setup.declared[seat] === "f" ? "-" : cards(byPack(h)))).join(".")]);
  const size = inHand(setup).length;
  const played = (plays) => plays.map(([seat, card]) => seat + cardText(card)).join("") || "-";
  const whole = setup.plays.length - (setup.plays.length % size);
  if (whole) {
    const tricks = [];
    for (let k = 0; k < whole; k += size) tricks.push(played(setup.plays.slice(k, k + size)));
    f.push(["w", tricks.join(".")]);
  }
  if (setup.plays.length > whole) f.push(["k", played(setup.plays.slice(whole))]);
  f.push(["p", String(setup.pool)], ["c", setup.chips.join(".")]);
  if (setup.discarded.some((d) => d && d.length))
    f.push(["x", setup.discarded.map((d) => (d && d.length ? cards(byPack(d)) : "-")).join(".")]);
  if (setup.pending.length) f.push(["q", setup.pending.join(".")]);
  return join("mouche", f);
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

function readPapillon(text) {
  const [, f] = fieldsOf(text, ["h", "t", "s", "w", "c", "p", "k", "d", "m", "l", "b", "r"]);
  need(f, ["h", "t", "d", "m"]);
  const hands = items(f.h).map((item, seat) => {
    if (/^[0-9]+$/.test(item)) refuse("hand " + seat + " is hidden: this board sets up every hand shown");
    return cardsOf(item, "hand " + seat);
  });
  if (hands.length !== 3 && hands.length !== 4) refuse("Papillon has 3 or 4 players, not " + hands.length);
  const setup = blank("papillon", hands.length);
  setup.hands = hands;
  setup.table = byPack(cardsOf(f.t, "the table"));
  if ("s" in f) {
    if (/^[0-9]+$/.test(f.s)) refuse("the stock is given by its number: this board needs its cards");
    setup.stock = cardsOf(f.s, "the stock");
  }
  const perSeat = (value, what) => {
    const list = items(value);
    if (list.length !== hands.length) refuse(what + ": " + list.length + " entries for " + hands.length + " players");
    return list;
  };
  if ("w" in f)
    setup.taken = perSeat(f.w, "cards won").map((item, seat) =>
      /^[0-9]+$/.test(item) ? numberOf(item, "cards won") : cardsOf(item, "cards won by player " + seat).length,
    );
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
  const [, f] = fieldsOf(text, ["o", "d", "t", "u", "a", "h", "w", "k", "p", "c", "x", "q"]);
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
  setup.hands = hands.map((item, seat) => {
    if (/^[0-9]+$/.test(item)) refuse("hand " + seat + " is hidden: this board sets up every hand shown");
    return byPack(cardsOf(item, "hand " + seat));
  });
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
  return setup;
}

// ---- where the cards are -----------------------------------------------------------

// Every place a card can be in this set-up, by name, with its cards.
export function places(setup) {
  const out = setup.hands.map((hand, seat) => ({ id: "h" + seat, name: "P" + seat + "\u2019s hand", cards: hand }));
  if (!isMouche(setup)) {
    out.push({ id: "t", name: "the table", cards: setup.table });
    out.push({ id: "s", name: "the stock", cards: setup.stock });
  } else {
    out.push({ id: "u", name: "the turned card", cards: setup.turned === null ? [] : [setup.turned] });
    for (let seat = 0; seat < setup.players; seat++)
      out.push({
        id: "p" + seat,
        name: "played by P" + seat,
        cards: setup.plays.filter(([s]) => s === seat).map(([, c]) => c),
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
  } else {
    if (setup.turned === card) setup.turned = null;
    setup.plays = setup.plays.filter(([, c]) => c !== card);
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
}

// What is wrong with the set-up that the page can tell without the rules, each in plain words (none: []).
export function problems(setup) {
  const out = [];
  const all = pack(setup.game, setup.players);
  const placed = places(setup).reduce((n, p) => n + p.cards.length, 0);
  const size = HAND_SIZE[isMouche(setup) ? "mouche" : "papillon"];
  setup.hands.forEach((hand, seat) => {
    if (hand.length > size) out.push("P" + seat + "\u2019s hand holds " + hand.length + " cards, at most " + size);
  });
  if (!isMouche(setup)) {
    const won = setup.taken.reduce((a, b) => a + b, 0);
    const left = all.length - placed;
    const cardsWord = (n) => n + (n === 1 ? " card" : " cards");
    if (left !== won)
      out.push(
        cardsWord(left) +
          " not placed and the cards won add up to " +
          won +
          ": " +
          (left > won
            ? "place " + cardsWord(left - won) + " more, or count them as won"
            : "count " + cardsWord(won - left) + " fewer as won"),
      );
    if (!setup.hands[setup.toMove] || !setup.hands[setup.toMove].length)
      out.push("P" + setup.toMove + " is to move but holds no cards");
  } else {
    if (setup.turned === null) out.push("no card is turned for trumps yet");
    setup.hands.forEach((hand, seat) => {
      const held = hand.length + setup.plays.filter(([s]) => s === seat).length;
      if (setup.declared[seat] !== "f" && held !== size)
        out.push("P" + seat + " holds and has played " + held + " cards, not " + size);
    });
  }
  return out;
}

// The cards not placed yet, in the order of the pack.
export function unplaced(setup) {
  return pack(setup.game, setup.players).filter((c) => placeOf(setup, c) === null);
}
