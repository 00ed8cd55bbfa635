// The card-game board's state and actions, with no page (cards.html draws
// them: page/cards-board.js): the set-up (page/cards-line.js), the place the
// next card clicked goes to, the positions played through (for undo), a
// hand played to its end, and the rules' answer on the set-up (read by
// page/cards-answers.js). Every action changes the state and returns; the
// page then draws it whole.
import { parseCard } from "../rules.js";
import * as C from "./cards-line.js";
import { endWords } from "./cards-words.js";
import { sentence } from "./engine.js";
import { playedBy, plural, saidCards, shown } from "./words.js";

// The player counts each game is played by, the first its default.
export const PLAYERS = { papillon: [3, 4], mouche: [3, 4, 5, 6], pamphile: [3, 4, 5, 6] };

export class CardBoard {
  constructor() {
    this.restart("papillon", 3);
  }

  // A blank set-up of ``game`` for ``players``.
  restart(game, players) {
    this.setup = C.blank(game, players);
    this.at = "h0"; // the place the next card clicked goes to
    this.history = []; // the positions played through, for undo: {line, move} (the move in words)
    this.over = null; // a hand played to its end: {before: its last line, end: the result in words}
    this.moves = null; // the rules' answer on the set-up (readMoves), null while not asked or refused
  }

  // ---- the set-up -----------------------------------------------------------------------

  // The place the next card clicked goes to; the first place when the one chosen is gone with a change.
  place() {
    const places = C.places(this.setup);
    if (!places.some((p) => p.id === this.at)) this.at = places[0].id;
    return this.at;
  }

  choose(place) {
    this.at = place;
  }

  // ``card`` (a card's text) put in the place chosen, or taken back when it is there already.
  click(card) {
    C.place(this.setup, parseCard(card), this.place());
    this.edited();
  }

  // A counter of the set-up given ``value``: ``field`` one of the set-up's (cards-line.js, blank), ``seat`` for
  // those kept seat by seat.
  set(field, value, seat) {
    if (seat === undefined) this.setup[field] = value;
    else this.setup[field][seat] = value;
    this.edited();
  }

  // P``seat`` made a papillon this hand (``on``), or not.
  madePapillon(seat, on) {
    const seats = this.setup.papillons.filter((p) => p !== seat);
    this.set("papillons", on ? seats.concat([seat]).sort() : seats);
  }

  // P``seat``'s hand hidden as ``count`` cards, or shown again (null).
  hide(seat, count) {
    C.hide(this.setup, seat, count);
    this.edited();
  }

  // Papillon's stock given as ``count`` unseen cards, or by its cards (null).
  hideStock(count) {
    C.hideStock(this.setup, count);
    this.edited();
  }

  // A change made to the set-up: a hand played to its end is no longer over, the rules' answer was of another.
  edited() {
    this.over = null;
    this.moves = null;
  }

  // The set-up a line gives (throws an Error with the reason when it cannot be read, the state unchanged).
  open(text) {
    this.setup = C.readLine(text);
    this.history = [];
    this.edited();
  }

  // The line of the set-up; once a hand is over, of its last position (no position to open again).
  line() {
    return this.over ? this.over.before : C.writeLine(this.setup);
  }

  // What is wrong with the set-up, as sentences (none while a hand is over).
  problems() {
    return this.over ? [] : C.problems(this.setup).map(sentence);
  }

  // The set-up's status: {wrong: what to put right (a sentence or more, "" for none), plain: what is only said}.
  status() {
    if (this.over) return { wrong: "", plain: this.over.end };
    const wrong = this.problems();
    if (wrong.length) return { wrong: wrong.join(" "), plain: "" };
    const plain = C.isMouche(this.setup)
      ? plural(C.unplaced(this.setup).length, "card") + " not placed: the stock and the discards."
      : "Every card is placed or counted as won.";
    return { wrong: "", plain };
  }

  // La Mouche's tricks as the page reads the played cards: {note: how it reads them ("" in Papillon), tricks:
  // each trick in words, in the order of play, its winner once whole}.
  tricksRead() {
    const s = this.setup;
    const first = C.isMouche(s) ? C.inHand(s)[0] : undefined;
    if (first === undefined) return { note: "", tricks: [] };
    const note =
      "Played cards: place each player\u2019s in the order of their tricks, the players in any order. " +
      "Each trick is put in the order of play: P" +
      first +
      ", the first to play still in the hand, leads the first trick; the winner of each trick leads the next.";
    const whole = C.inHand(s).length;
    const known = C.trumpSuit(s) !== null;
    const tricks = C.tricks(s).map((trick, k) => {
      const cards = trick.map(([seat, card]) => "P" + seat + " " + shown(card)).join(", ");
      const end = trick.length < whole ? "" : known ? "; P" + C.trickWinner(s, trick) + " wins it" : "";
      return "Trick " + (k + 1) + (trick.length < whole ? " so far" : "") + ": " + cards + end;
    });
    return { note, tricks };
  }

  // La Mouche before the draw: a seat still in the hand has not declared (no hand can then be open).
  declaring() {
    const s = this.setup;
    return C.isMouche(s) && !s.plays.length && C.inHand(s).some((seat) => s.declared[seat] === null);
  }

  // ---- the engine ---------------------------------------------------------------------------

  // What the rules are asked of the set-up: {line} to ask; {note} when they are not asked but the page says
  // why; null when it is wrong or over (the status says so).
  rulesQuestion() {
    if (this.over || this.problems().length) return null;
    if (this.setup.hidden.some((count) => count !== null))
      return { note: "Playing it through needs every hand shown; the values from the seat to move work as it is." };
    return { line: this.line() };
  }

  // The rules' answer on the set-up (readMoves), in words.
  rulesAnswered(moves) {
    this.moves = moves;
    return (
      "The rules accept this position: P" + moves.toMove + " to move, " + plural(moves.moves.length, "choice") + "."
    );
  }

  // The seat to move: the rules' answer; else Papillon's counter, or La Mouche's one hand shown (a seat's view).
  mover() {
    if (this.moves) return this.moves.toMove;
    if (!C.isMouche(this.setup)) return this.setup.toMove;
    const seen = this.setup.hidden.flatMap((count, seat) => (count === null ? [seat] : []));
    return seen.length === 1 ? seen[0] : null;
  }

  // The question for every card's value, from the seat to move (``fromSeat``) or with all hands open:
  // {body} to POST to api/analyse, or {refused} in words.
  valuesQuestion(fromSeat) {
    const body = { position: C.writeLine(this.setup) };
    if (!fromSeat) return { body };
    const seat = this.mover();
    if (seat === null)
      return { refused: "Set up a position the rules accept first: then its player to move is known." };
    body.as_player = seat;
    return { body };
  }

  // ---- play through ---------------------------------------------------------------------

  // The rules' choices as the page offers them: {who, each: the moves offered one by one, discards: La
  // Mouche's discards (often thirty), offered as one choice whose cards are chosen (discardChoice)}.
  choices() {
    if (!this.moves) return null;
    const who = "P" + this.moves.toMove;
    const discards = this.moves.moves.filter((m) => m.move.startsWith("discard "));
    return { who, each: this.moves.moves.filter((m) => !discards.includes(m)), discards };
  }

  // ``m``, one of the rules' moves, played: the set-up its position, or the hand over; said in words.
  play(m) {
    const who = "P" + this.moves.toMove;
    const words = playedBy(who, m.move);
    const said = m.said.length ? " (" + m.said.map(saidCards).join("; ") + ")" : "";
    const before = C.writeLine(this.setup);
    this.history.push({ line: before, move: words });
    if (m.position === null) {
      this.setup = handOver(before, m.move, this.moves.toMove, m.result);
      this.over = { before, end: endWords(m.result) };
    } else {
      this.setup = C.readLine(m.position);
      this.over = null;
    }
    this.moves = null;
    return words + said + "." + (this.over ? " " + this.over.end : "");
  }

  // The last move played taken back, said in words (null when none was played).
  undo() {
    if (!this.history.length) return null;
    const last = this.history.pop();
    this.setup = C.readLine(last.line);
    this.edited();
    return "Took back " + last.move + ".";
  }
}

// The set-up once the last move has ended the hand: its cards played, the final chips and pool.
function handOver(line, move, seat, result) {
  const end = C.readLine(line);
  const cards = (move.match(/\b(10|[2-9TJQKA])[CDHS]\b/g) || []).map(parseCard);
  if (!C.isMouche(end)) {
    cards.forEach((card) => C.place(end, card, C.placeOf(end, card).id)); // (placed again where it is: gone)
    end.table = []; // (taken by the last to capture: docs/rules/papillon.md, the end of the hand)
  } else {
    cards.forEach((card) => C.place(end, card, "p" + seat));
    if (move === "fold") {
      end.declared[seat] = "f";
      end.hands[seat] = []; // (a folded hand is out of the play, as the line writes it)
    }
  }
  end.chips = result.chips;
  end.pool = result.pool;
  return end;
}

// ---- La Mouche's discards, chosen card by card ------------------------------------------------

// The cards a discard throws away, as the API writes them: "discard JC 8S draw 9C TD" gives JC 8S.
function discarded(move) {
  return move
    .replace(/^discard /, "")
    .split(" draw ")[0]
    .split(" ");
}

const discardKey = (cards) => cards.slice().sort().join(" ");

// The discards of ``who`` offered as one choice: {cards: every card some discard throws, in the order of the
// pack; pick(chosen): the move discarding exactly the cards ``chosen`` (null: none), and its words}.
export function discardChoice(who, discards) {
  const legal = new Map(discards.map((m) => [discardKey(discarded(m.move)), m]));
  const cards = [...new Set(discards.flatMap((m) => discarded(m.move)))];
  cards.sort((a, b) => parseCard(a) - parseCard(b));
  function pick(chosen) {
    const m = legal.get(discardKey([...chosen])) || null;
    const words = m
      ? playedBy(who, m.move)
      : chosen.size
        ? "Not a discard the rules allow"
        : "Choose the cards to discard";
    return { move: m, words };
  }
  return { cards, pick };
}
