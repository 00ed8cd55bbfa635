// The card-game board (cards.html): a Papillon, La Mouche or Le Pamphile
// deal or ending set up by clicks (choose a place, then click its cards;
// page/cards-line.js holds the set-up and writes its line), and, where the
// page is served by butterfly serve, the rules' verdict on it, every card's
// value (all hands open, or from the seat to move), play through it with
// undo, and a recorded game reviewed hand by hand. The position is kept in
// the address (cards.html#p=LINE), a link that opens it again.
import { cardText, parseCard } from "../rules.js";
import * as C from "./cards-line.js";
import { button, el } from "./dom.js";
import { ask, copyLink, engineHere, noteWithout, sentence } from "./engine.js";
import { gridKeys, rove } from "./grid-keys.js";
import { playedBy, plural, saidCards, shown } from "./words.js";

const PLAYERS = { papillon: [3, 4], mouche: [3, 4, 5, 6], pamphile: [3, 4, 5, 6] };
const MARKED = ["inaccuracy", "mistake", "blunder"];
const DECLARED = { "": "not yet", s: "stands", f: "folds" };
const SCORING = { 1725: "every payment of 1725", modern: "the modern payments" };
// A place in a few letters, under a card of the pack: "P0", "table", "turned", "won P1".
const SHORT = {
  h: (seat) => "P" + seat,
  t: () => "table",
  s: () => "stock",
  w: (seat) => "won P" + seat,
  u: () => "turned",
  p: (seat) => "by P" + seat,
  x: (seat) => "out P" + seat,
};
const ENTRY = { all: "all into the next pool", "largest-first": "one at a time, largest first", cap: "capped" };

function round(x) {
  return Math.round(x * 10) / 10;
}

// Chips won or lost, as players say it: "worth 4 chips more", "worth 3 chips less".
export function chipsWords(delta) {
  const n = round(Math.abs(delta));
  if (n === 0) return "worth no chips more";
  return "worth " + plural(n, "chip") + (delta > 0 ? " more" : " less");
}

// A value short enough for a card of the pack on a phone: "+5", "−3", "2 tricks".
function badge(words) {
  const chips = /worth (\d+(?:\.\d)?) chips? (more|less)/.exec(words);
  if (chips) return (chips[2] === "more" ? "+" : "\u2212") + chips[1];
  return words
    .split(",")[0]
    .replace(/^wins /, "")
    .replace(" on average", "");
}

function percent(x) {
  return Math.round(x * 100) + "%";
}

// One move's value in words, from an analysis's answer (all hands open, or from a seat).
export function valueWords(m, mover, chipsNow) {
  if (m.maxn_chips !== undefined && m.maxn_tricks === undefined) {
    const played = chipsWords(m.maxn_chips[mover] - chipsNow) + (m.maxn_winner === mover ? ", takes the pool" : "");
    const worst = chipsWords(m.guaranteed - chipsNow);
    // (the same number twice is said once)
    return (
      played +
      (worst === chipsWords(m.maxn_chips[mover] - chipsNow)
        ? ", whatever the others do"
        : "; whatever the others do, " + worst.replace("worth ", "at worst "))
    );
  }
  if (m.maxn_tricks !== undefined)
    return (
      "wins " +
      plural(m.maxn_tricks[mover], "trick") +
      ", " +
      chipsWords(m.maxn_chips[mover]) +
      "; whatever the others do, at least " +
      plural(m.guaranteed_tricks, "trick")
    );
  const mean = m.mean_chips !== undefined ? m.mean_chips : m.expected_chips;
  if (mean !== undefined)
    return (
      "on average " +
      chipsWords(mean - chipsNow) +
      ", wins the pool in " +
      percent(m.win_chance) +
      " of the deals tried"
    );
  if (m.mean_tricks !== undefined)
    return round(m.mean_tricks) + " tricks on average, makes the mouche " + percent(m.mouche_chance);
  return "not valued";
}

export function cardBoard() {
  let setup = C.blank("papillon", 3);
  let at = "h0"; // the place the next card clicked goes to
  let history = []; // the positions played through, for undo: {line, move} (the move in words)
  let over = null; // a hand played to its end: {before: its last line, end: the result in words}
  let asked = 0;

  const root = document.getElementById("setup");
  const problemsOut = el("p", { id: "problems", role: "status" });
  const rulesOut = el("p", { id: "rules-said", role: "status" });

  // The game and its players.
  const head = el("div", { class: "open-form" });
  const gameSelect = el("select", { id: "card-game" });
  Object.keys(C.GAMES).forEach((g) => gameSelect.appendChild(el("option", { value: g }, C.GAMES[g])));
  const playersSelect = el("select", { id: "players" });
  const gameLabel = el("label", null, "Game ");
  gameLabel.appendChild(gameSelect);
  const playersLabel = el("label", null, " Players ");
  playersLabel.appendChild(playersSelect);
  head.appendChild(gameLabel);
  head.appendChild(playersLabel);
  head.appendChild(button("Clear", () => restart(gameSelect.value, Number(playersSelect.value)), { id: "clear" }));
  gameSelect.addEventListener("change", () => restart(gameSelect.value, PLAYERS[gameSelect.value][0]));
  playersSelect.addEventListener("change", () => restart(gameSelect.value, Number(playersSelect.value)));

  const placesRow = el("div", { class: "card-places", role: "group", "aria-label": "put the cards clicked in" });
  const deck = el("div", { class: "card-deck", role: "group", "aria-label": "the cards (arrows move between them)" });
  gridKeys(deck);
  // (what the small numbers on the cards are, once an answer puts them there)
  const legend = el("p", { class: "note", id: "badge-legend" });
  const where = el("ul", { class: "card-where" });
  const counters = el("fieldset", { class: "card-counters" });
  // (La Mouche: how the played cards are read; drawWhere writes it)
  const trickNote = el("p", { class: "note", id: "trick-note" });
  [head, el("p", { class: "note" }, "Choose a place, then click its cards; a card clicked again goes back."), trickNote]
    .concat([placesRow, deck, legend, problemsOut, where, counters, rulesOut])
    .forEach((node) => root.appendChild(node));

  // A status drawn whole each time, so nothing stays from an earlier one: what is wrong (to put right) in
  // bold, what is only said (the cards left to place, the rules' yes) plain.
  function say(out, wrong, plain) {
    out.textContent = "";
    if (wrong) out.appendChild(el("strong", null, wrong));
    if (plain) out.appendChild(document.createTextNode((wrong ? " " : "") + plain));
  }

  // A counter's figures are chosen whole as it is entered, so the digits typed replace them, and a 0 left in
  // front of them goes ("0108" is 108): no Backspace needed first.
  function typedOver(input) {
    input.addEventListener("focus", () => input.select());
    input.addEventListener("input", () => {
      const bare = input.value.replace(/^(\s*-?)0+(?=[0-9])/, "$1");
      if (bare !== input.value) input.value = bare;
    });
  }

  function restart(game, players) {
    setup = C.blank(game, players);
    at = "h0";
    history = [];
    changed();
  }

  function drawPlaces() {
    placesRow.textContent = "";
    C.places(setup).forEach((p) => {
      const b = button(
        p.name.charAt(0).toUpperCase() + p.name.slice(1),
        () => {
          at = p.id;
          drawPlaces();
        },
        { "data-place": p.id, "aria-pressed": p.id === at ? "true" : "false", class: "card-place" },
      );
      placesRow.appendChild(b);
    });
  }

  function drawDeck() {
    // the card last focused stays the Tab stop, and keeps the focus, across the redraw
    const stop = deck.querySelector('[tabindex="0"]');
    const card = stop && stop.getAttribute("data-card");
    const focused = deck.contains(document.activeElement);
    deck.textContent = "";
    const all = C.pack(setup.game, setup.players);
    deck.style.setProperty("--ranks", String(all.length / 4)); // (one suit a row: style.css)
    all.forEach((card, k) => {
      const place = C.placeOf(setup, card);
      const face = shown(card);
      const b = button(face, () => {
        C.place(setup, card, at);
        changed();
      });
      b.className =
        "card-pick" +
        (place ? " placed" : "") +
        (/[♦♥]/.test(face) ? " red" : "") +
        (k % (all.length / 4) === 0 ? " suit-start" : "");
      b.setAttribute("data-card", cardText(card));
      b.setAttribute("aria-label", face + (place ? ", in " + place.name : ", not placed"));
      if (place) b.appendChild(el("small", null, SHORT[place.id.charAt(0)](place.id.slice(1))));
      deck.appendChild(b);
    });
    const again = deck.querySelector('[data-card="' + card + '"]');
    rove(deck, again);
    if (focused && again) again.focus();
  }

  function drawWhere() {
    where.textContent = "";
    C.places(setup).forEach((p) => {
      const item = el("li", { "data-where": p.id });
      item.textContent =
        p.name.charAt(0).toUpperCase() + p.name.slice(1) + ": " + (p.cards.map(shown).join(" ") || "none");
      where.appendChild(item);
    });
    setup.hidden.forEach((count, seat) => {
      if (count !== null)
        where.appendChild(
          el("li", { "data-where": "h" + seat }, "P" + seat + "\u2019s hand: " + plural(count, "card") + " not shown"),
        );
    });
    if (!C.isMouche(setup) && setup.stockCount !== null)
      where.appendChild(
        el("li", { "data-where": "s" }, "The stock: " + plural(setup.stockCount, "card") + " not shown"),
      );
    drawTricks();
  }

  // La Mouche's tricks as the page reads the played cards: each in the order of play, its winner once whole.
  function drawTricks() {
    const first = C.isMouche(setup) ? C.inHand(setup)[0] : undefined;
    trickNote.textContent =
      first === undefined
        ? ""
        : "Played cards: place each player\u2019s in the order of their tricks, the players in any order. " +
          "Each trick is put in the order of play: P" +
          first +
          ", the first to play still in the hand, leads the first trick; the winner of each trick leads the next.";
    if (first === undefined) return;
    const whole = C.inHand(setup).length;
    const known = C.trumpSuit(setup) !== null;
    C.tricks(setup).forEach((trick, k) => {
      const cards = trick.map(([seat, card]) => "P" + seat + " " + shown(card)).join(", ");
      const end = trick.length < whole ? "" : known ? "; P" + C.trickWinner(setup, trick) + " wins it" : "";
      const head = "Trick " + (k + 1) + (trick.length < whole ? " so far" : "");
      where.appendChild(el("li", { "data-trick": String(k + 1) }, head + ": " + cards + end));
    });
  }

  // A whole-number input for a counter: ``get``/``set`` read and write the set-up.
  function numberInput(label, id, value, set) {
    const wrap = el("label", null, label + " ");
    const input = el("input", { id, inputmode: "numeric", autocomplete: "off", size: "5", value: String(value) });
    typedOver(input);
    input.addEventListener("input", () => {
      const text = input.value.trim();
      if (!/^-?[0-9]{1,15}$/.test(text)) {
        say(problemsOut, sentence(label + " must be a whole number, such as 20"));
        return;
      }
      set(Number(text));
      changed(true);
    });
    wrap.appendChild(input);
    return wrap;
  }

  function seatSelect(label, id, value, set, extra) {
    const wrap = el("label", null, label + " ");
    const select = el("select", { id });
    (extra || []).forEach(([v, text]) => select.appendChild(el("option", { value: v }, text)));
    for (let s = 0; s < setup.players; s++) select.appendChild(el("option", { value: String(s) }, "P" + s));
    select.value = value === null ? "" : String(value);
    select.addEventListener("change", () => {
      set(select.value === "" ? null : Number(select.value));
      changed(true);
    });
    wrap.appendChild(select);
    return wrap;
  }

  // A number that may be left empty (null): a hidden hand's cards, the unseen stock's.
  function countInput(label, id, value, set) {
    const wrap = el("label", null, label + " ");
    const input = el("input", {
      id,
      inputmode: "numeric",
      autocomplete: "off",
      size: "3",
      value: value === null ? "" : String(value),
    });
    typedOver(input);
    input.addEventListener("change", () => {
      const text = input.value.trim();
      if (text && !/^[0-9]{1,2}$/.test(text)) {
        say(problemsOut, sentence(label + " must be a number of cards, such as 3, or left empty"));
        return;
      }
      set(text ? Number(text) : null);
      changed();
    });
    wrap.appendChild(input);
    return wrap;
  }

  function checkbox(label, id, checked, set) {
    const wrap = el("label");
    const box = el("input", { type: "checkbox", id });
    box.checked = checked;
    box.addEventListener("change", () => {
      set(box.checked);
      changed();
    });
    wrap.appendChild(box);
    wrap.appendChild(document.createTextNode(" " + label));
    return wrap;
  }

  function choice(label, id, options, value, set) {
    const wrap = el("label", null, label + " ");
    const select = el("select", { id });
    Object.keys(options).forEach((v) => select.appendChild(el("option", { value: v }, options[v])));
    select.value = value;
    select.addEventListener("change", () => {
      set(select.value);
      changed();
    });
    wrap.appendChild(select);
    return wrap;
  }

  // The rarely needed set-up, folded away: hands not shown, and each game's options and stakes.
  let moreOpen = false;
  function drawMore() {
    const was = counters.querySelector(".card-more");
    if (was) moreOpen = was.open; // (kept open, or shut, across the redraws)
    const more = el("details", { class: "card-more" });
    more.open = moreOpen;
    more.appendChild(el("summary", null, "More"));
    more.appendChild(
      el(
        "p",
        { class: "note" },
        "Seen from one seat: give a hand by its number of cards, leave it empty to place its cards.",
      ),
    );
    const hidden = el("div", { class: "card-seat" });
    for (let s = 0; s < setup.players; s++)
      hidden.appendChild(
        countInput("P" + s + "\u2019s hidden cards", "hidden" + s, setup.hidden[s], (v) => C.hide(setup, s, v)),
      );
    if (!C.isMouche(setup)) {
      hidden.appendChild(
        countInput("Stock, unseen cards", "stock-count", setup.stockCount, (v) => C.hideStock(setup, v)),
      );
      more.appendChild(hidden);
      const rest = el("div", { class: "card-seat" });
      rest.appendChild(numberInput("Most cards pays", "stake", setup.stake, (v) => (setup.stake = v)));
      rest.appendChild(choice("Scoring", "scoring", SCORING, setup.scoring, (v) => (setup.scoring = v)));
      more.appendChild(rest);
      const made = el("div", { class: "card-seat" });
      for (let s = 0; s < setup.players; s++)
        made.appendChild(
          checkbox("P" + s + " made a papillon this hand", "papillon" + s, setup.papillons.includes(s), (on) => {
            const seats = setup.papillons.filter((p) => p !== s);
            setup.papillons = on ? seats.concat([s]).sort() : seats;
          }),
        );
      more.appendChild(made);
      return more;
    }
    more.appendChild(hidden);
    const rules = el("div", { class: "card-seat" });
    if (setup.pamphile)
      rules.appendChild(
        checkbox(
          "The Pamphile counts in any suit for the mouche",
          "any-suit",
          setup.anySuit,
          (on) => (setup.anySuit = on),
        ),
      );
    rules.appendChild(choice("Mouches made go", "entry", ENTRY, setup.entry, (v) => (setup.entry = v)));
    if (setup.entry === "cap") rules.appendChild(numberInput("The cap", "cap", setup.cap, (v) => (setup.cap = v)));
    if (setup.entry === "largest-first") {
      const wrap = el("label", null, "Mouches waiting, in chips ");
      const input = el("input", { id: "pending", autocomplete: "off", size: "8", value: setup.pending.join(" ") });
      input.addEventListener("change", () => {
        const text = input.value.trim();
        if (!/^([0-9]{1,9}\s*)*$/.test(text)) {
          say(problemsOut, "Mouches waiting are numbers of chips, such as 10 5.");
          return;
        }
        setup.pending = text ? text.split(/\s+/).map(Number) : [];
        changed();
      });
      wrap.appendChild(input);
      rules.appendChild(wrap);
    }
    more.appendChild(rules);
    more.appendChild(
      el("p", { class: "note" }, "A player who discards gets a place for the cards discarded, when they are known."),
    );
    return more;
  }

  function drawCounters() {
    const more = drawMore();
    counters.textContent = "";
    counters.appendChild(el("legend", null, "Counters"));
    const rows = [];
    for (let s = 0; s < setup.players; s++) {
      const row = el("div", { class: "card-seat" });
      row.appendChild(numberInput("P" + s + "\u2019s chips", "chips" + s, setup.chips[s], (v) => (setup.chips[s] = v)));
      if (!C.isMouche(setup))
        row.appendChild(numberInput("cards won", "won" + s, setup.taken[s], (v) => (setup.taken[s] = v)));
      else {
        const wrap = el("label", null, "declared ");
        const select = el("select", { id: "declared" + s });
        const choices = Object.assign({}, DECLARED);
        for (let k = 1; k <= 5; k++) choices["d" + k] = "discards " + k;
        Object.keys(choices).forEach((v) => select.appendChild(el("option", { value: v }, choices[v])));
        select.value = setup.declared[s] || "";
        select.addEventListener("change", () => {
          setup.declared[s] = select.value || null;
          changed(true);
        });
        wrap.appendChild(select);
        row.appendChild(wrap);
      }
      rows.push(row);
    }
    const common = el("div", { class: "card-seat" });
    common.appendChild(numberInput("Pool", "pool", setup.pool, (v) => (setup.pool = v)));
    common.appendChild(seatSelect("Dealer", "dealer", setup.dealer, (v) => (setup.dealer = v)));
    if (!C.isMouche(setup)) {
      common.appendChild(seatSelect("To move", "to-move", setup.toMove, (v) => (setup.toMove = v)));
      common.appendChild(
        seatSelect("Last to trail", "last-trailer", setup.lastTrailer, (v) => (setup.lastTrailer = v), [
          ["", "nobody"],
        ]),
      );
    } else if (setup.pamphile) {
      const wrap = el("label", null, "Trumps chosen ");
      const select = el("select", { id: "trump" });
      [
        ["", "not yet"],
        ["C", "\u2663"],
        ["D", "\u2666"],
        ["H", "\u2665"],
        ["S", "\u2660"],
      ].forEach(([v, t]) => select.appendChild(el("option", { value: v }, t)));
      select.value = setup.trump || "";
      select.addEventListener("change", () => {
        setup.trump = select.value || null;
        changed(true);
      });
      wrap.appendChild(select);
      common.appendChild(wrap);
    }
    rows.concat([common, more]).forEach((row) => counters.appendChild(row));
  }

  // ---- the line, the link ----------------------------------------------------------------

  const lineOut = document.getElementById("line-out");
  const link = document.getElementById("link");
  copyLink();

  // A change made to the set-up: a hand played to its end is no longer over.
  function changed(typing) {
    over = null;
    redraw(typing);
  }

  // The picture (unless a counter is being typed), the checks, the line and the link.
  function redraw(typing) {
    asked++;
    gameSelect.value = setup.game;
    playersSelect.textContent = "";
    PLAYERS[setup.game].forEach((n) => playersSelect.appendChild(el("option", { value: String(n) }, String(n))));
    playersSelect.value = String(setup.players);
    if (!C.places(setup).some((p) => p.id === at)) at = C.places(setup)[0].id;
    drawPlaces();
    drawDeck();
    drawWhere();
    if (!typing) drawCounters();
    const wrong = over ? [] : C.problems(setup);
    const left = C.unplaced(setup).length;
    if (over) say(problemsOut, "", over.end);
    else if (wrong.length) say(problemsOut, wrong.map(sentence).join(" "));
    else
      say(
        problemsOut,
        "",
        C.isMouche(setup)
          ? plural(left, "card") + " not placed: the stock and the discards."
          : "Every card is placed or counted as won.",
      );
    // (a hand over is no position to open again: the line and the link stay at its last one)
    const line = over ? over.before : C.writeLine(setup);
    lineOut.value = line;
    const hash = "#p=" + line;
    if (window.location.hash !== hash) window.history.replaceState(null, "", hash);
    link.value = window.location.href;
    document.getElementById("copied").textContent = "";
    values.textContent = "";
    answer.textContent = "";
    legend.textContent = "";
    // before the draw, the cards a seat will hold are not known: no hand can be open
    const drawing = !over && declaring();
    openButton.disabled = over !== null || drawing;
    seatButton.disabled = over !== null;
    openNote.textContent = over
      ? "The hand is over: nothing is left to value."
      : drawing
        ? "While the stock is still to be drawn, no hand can be open: the values are from the seat to move."
        : "";
    check(line, wrong);
  }

  // La Mouche before the draw: a seat still in the hand has not declared.
  function declaring() {
    return C.isMouche(setup) && !setup.plays.length && C.inHand(setup).some((s) => setup.declared[s] === null);
  }

  // ---- the engine -------------------------------------------------------------------------

  // The rules' word on the set-up (served only): accepted with whose turn it is, or refused in one sentence.
  let moves = null;
  function check(line, wrong) {
    const mine = asked;
    moves = null;
    drawMoves();
    say(rulesOut, "");
    stoppedOut.textContent = "";
    askAgain.hidden = true;
    if (over || wrong.length) return;
    if (setup.hidden.some((count) => count !== null)) {
      say(rulesOut, "", "Playing it through needs every hand shown; the values from the seat to move work as it is.");
      return;
    }
    engineHere().then((here) => {
      if (!here) return;
      ask("api/moves", { position: line }, "").then(
        (json) => {
          if (mine !== asked) return;
          moves = json;
          say(
            rulesOut,
            "",
            "The rules accept this position: P" +
              json.to_move +
              " to move, " +
              plural(json.moves.length, "choice") +
              ".",
          );
          drawMoves();
        },
        (error) => {
          if (mine !== asked) return;
          if (!error.stopped) {
            say(rulesOut, "Not a position the rules allow: " + saidCards(error.message));
            return;
          }
          // (unreachable is not illegal: the set-up says so, the play says what to do, beside its choices)
          say(rulesOut, "The rules could not be asked: the engine is not answering.");
          stoppedOut.textContent = "The engine is not answering: start butterfly serve again, then press Ask again.";
          askAgain.hidden = false;
        },
      );
    });
  }

  const engine = document.getElementById("engine");
  const answer = el("p", { class: "answer", role: "status" });
  const values = el("div", { class: "values" });
  const openButton = button("Values, all hands open", () => askValues(false), { "data-action": "open-values" });
  const openNote = el("p", { class: "note", id: "open-note" });
  engine.appendChild(openButton);
  const seatButton = button("Values from the seat to move", () => askValues(true), { "data-action": "seat-values" });
  engine.appendChild(seatButton);
  engine.appendChild(openNote);
  engine.appendChild(answer);
  engine.appendChild(values);

  // The seat to move: the rules' answer; else Papillon's counter, or La Mouche's one hand shown (a seat's view).
  function mover() {
    if (moves) return moves.to_move;
    if (!C.isMouche(setup)) return setup.toMove;
    const seen = setup.hidden.flatMap((count, seat) => (count === null ? [seat] : []));
    return seen.length === 1 ? seen[0] : null;
  }

  function askValues(fromSeat) {
    const mine = ++asked;
    const line = C.writeLine(setup);
    values.textContent = "";
    legend.textContent = "";
    deck.querySelectorAll(".card-value").forEach((v) => v.remove()); // (they were another answer's)
    const seat = mover();
    const body = { position: line };
    if (fromSeat) {
      if (seat === null) {
        answer.textContent = "Set up a position the rules accept first: then its player to move is known.";
        return;
      }
      body.as_player = seat;
    }
    answer.textContent = "Working out every card\u2019s value\u2026";
    ask("api/analyse", body, "to see every card\u2019s value").then(
      (json) => {
        if (mine !== asked) return;
        answer.textContent = "";
        showValues(json, fromSeat);
      },
      (error) => mine === asked && (answer.textContent = saidCards(error.message)),
    );
  }

  function showValues(json, fromSeat) {
    const seat = json.to_move !== undefined ? json.to_move : json.player;
    const now = setup.chips[seat];
    const list = json.moves || json.cards || (json.from_seat && json.from_seat.cards) || [];
    const tried = json.splits || json.worlds || json.stock_deals;
    const sampled = fromSeat || json.options !== undefined; // (the declarations are valued from the seat only)
    values.appendChild(
      el(
        "h3",
        null,
        "P" +
          seat +
          "\u2019s choices, " +
          (sampled ? "from P" + seat + "\u2019s seat" : "with all hands open") +
          (sampled && tried ? " (" + plural(tried, "deal") + " tried)" : ""),
      ),
    );
    const ul = el("ul", { class: "move-values" });
    (json.options || []).forEach((o) =>
      ul.appendChild(el("li", null, saidCards(o.declaration) + ": on average " + chipsWords(o.mean_chips))),
    );
    list.forEach((m) => {
      const text = saidCards(m.move || m.card) + ": " + valueWords(m, seat, now);
      ul.appendChild(el("li", { "data-move": m.move || m.card }, text));
      const first = parseCard((m.move || m.card).split(" ")[0]);
      const face = deck.querySelector('[data-card="' + cardText(first) + '"]');
      if (face && !face.querySelector(".card-value"))
        face.appendChild(el("span", { class: "card-value" }, badge(text.split(": ")[1])));
    });
    values.appendChild(ul);
    const unvalued = json.options && moves ? moves.moves.length - json.options.length : 0;
    if (unvalued > 0)
      values.appendChild(el("p", { class: "note" }, plural(unvalued, "other declaration") + " not valued."));
    if (deck.querySelector(".card-value"))
      legend.textContent =
        "On the cards: what each is worth in the answer below (+5: 5 chips more than now); a card with several choices shows its first.";
  }

  // ---- play through ---------------------------------------------------------------------

  const play = document.getElementById("play-through");
  const played = el("p", { class: "said", role: "status", id: "played" });
  const choices = el("ul", { class: "move-values", id: "choices" });
  const undo = button(
    "Undo",
    () => {
      if (!history.length) return;
      const last = history.pop();
      setup = C.readLine(last.line);
      over = null;
      redraw();
      played.textContent = "Took back " + last.move + ".";
    },
    { "data-action": "undo" },
  );
  // The engine stopped: said beside the choices it would have given, with a button to ask it again.
  const stoppedOut = el("p", { class: "said", role: "status", id: "engine-stopped" });
  const askAgain = button("Ask again", () => redraw(), { "data-action": "ask-again", hidden: "" });
  play.appendChild(played);
  play.appendChild(stoppedOut);
  play.appendChild(askAgain);
  play.appendChild(choices);
  play.appendChild(undo);

  function drawMoves() {
    choices.textContent = "";
    undo.disabled = history.length === 0;
    if (!moves) return;
    const who = "P" + moves.to_move;
    const item = (node) => choices.appendChild(el("li")).appendChild(node);
    // La Mouche's discards (often thirty) are one choice: the cards are chosen, then discarded
    const discards = moves.moves.filter((m) => m.move.startsWith("discard "));
    moves.moves
      .filter((m) => !discards.includes(m))
      .forEach((m) => item(button(playedBy(who, m.move), () => playMove(who, m), { "data-move": m.move })));
    if (discards.length) item(discardPicker(who, discards));
  }

  // The cards a discard throws away, as the API writes them: "discard JC 8S draw 9C TD" gives JC 8S.
  function discarded(move) {
    return move
      .replace(/^discard /, "")
      .split(" draw ")[0]
      .split(" ");
  }

  function discardPicker(who, discards) {
    const key = (cards) => cards.slice().sort().join(" ");
    const legal = new Map(discards.map((m) => [key(discarded(m.move)), m]));
    const cards = [...new Set(discards.flatMap((m) => discarded(m.move)))];
    cards.sort((a, b) => parseCard(a) - parseCard(b));
    const chosen = new Set();
    const box = el("details", { class: "discard-pick" });
    box.appendChild(el("summary", null, who + " discards\u2026"));
    const row = el("div", { class: "card-places", role: "group", "aria-label": "the cards to discard" });
    const go = button("", () => legal.has(key([...chosen])) && playMove(who, legal.get(key([...chosen]))), {
      "data-action": "discard",
    });
    function update() {
      const m = legal.get(key([...chosen]));
      go.disabled = !m;
      go.textContent = m
        ? playedBy(who, m.move)
        : chosen.size
          ? "Not a discard the rules allow"
          : "Choose the cards to discard";
    }
    cards.forEach((card) => {
      const b = button(
        shown(parseCard(card)),
        () => {
          if (!chosen.delete(card)) chosen.add(card);
          b.setAttribute("aria-pressed", String(chosen.has(card)));
          update();
        },
        { "aria-pressed": "false", "data-discard": card, class: "card-place" },
      );
      row.appendChild(b);
    });
    box.appendChild(row);
    box.appendChild(go);
    update();
    return box;
  }

  function playMove(who, m) {
    const words = playedBy(who, m.move);
    const said = m.said.length ? " (" + m.said.map(saidCards).join("; ") + ")" : "";
    const before = C.writeLine(setup);
    history.push({ line: before, move: words });
    if (m.position === null) {
      setup = handOver(before, m.move, moves.to_move, m.result);
      over = {
        before,
        end:
          "The hand is over: " +
          m.result.chips.map((c, s) => "P" + s + " " + plural(c, "chip")).join(", ") +
          "; the pool holds " +
          m.result.pool +
          ".",
      };
    } else setup = C.readLine(m.position);
    redraw();
    played.textContent = words + said + "." + (over ? " " + over.end : "");
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

  // ---- review ---------------------------------------------------------------------------

  const reviewOut = document.getElementById("review-out");
  document.getElementById("by-record").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = document.getElementById("record").value.trim();
    reviewOut.textContent = "";
    const game = recordGame(text);
    if (!text)
      reviewOut.textContent = "Paste a game\u2019s record first: the moves of a hand or a game, one after another.";
    else if (game === "patience") {
      reviewOut.appendChild(document.createTextNode("This is a Butterfly game: review it on "));
      reviewOut.appendChild(el("a", { href: "board.html" }, "the analysis board"));
      reviewOut.appendChild(document.createTextNode(" (board.html)."));
    } else if (game === null)
      reviewOut.textContent =
        "This is not a game record: it has no move of Papillon or La Mouche in it. Paste a game\u2019s record, hand by hand.";
    else {
      reviewOut.textContent = "Reviewing the game move by move\u2026";
      ask("api/review", { record: text, game }, "to review a game").then(
        (json) => showReview(json, game),
        (error) => (reviewOut.textContent = saidCards(error.message)),
      );
    }
  });

  // ---- opening a line -----------------------------------------------------------------

  const said = document.getElementById("open-said");
  function openLine(text, what) {
    try {
      setup = C.readLine(text);
    } catch (error) {
      said.textContent = what + " cannot be read: " + error.message + ".";
      return false;
    }
    history = [];
    said.textContent = "";
    played.textContent = ""; // (it was about another position)
    changed();
    return true;
  }

  // A reviewed hand, its moves marked, each opening its position in the set-up when the review gives it.
  function showReview(json, game) {
    let k = 0;
    function draw() {
      reviewOut.textContent = "";
      const hand = json.hands[k];
      reviewOut.appendChild(el("h3", null, "Hand " + hand.number + " of " + json.hands.length));
      reviewOut.appendChild(el("p", { class: "review-sum" }, handSummary(hand, game)));
      reviewOut.appendChild(el("p", { class: "note" }, MARK_SCALE));
      // (it scrolls when long: a Tab stop, so keys scroll it too)
      const list = el("ol", { class: "review-moves", tabindex: "0", "aria-label": "the hand's moves" });
      hand.moves.forEach((m) => {
        const text = playedBy(seatOf(m, game), m.move || m.action) + ": " + markWords(m, game) + ".";
        const mark = (judgementOf(m) || {}).mark || "";
        const item = el("li", { class: MARKED.includes(mark) ? "review-mistake" : "", "data-mark": mark });
        if (m.position)
          item.appendChild(
            button(text, () => openLine(m.position, "This move\u2019s position") && root.scrollIntoView(), {
              class: "review-open",
              title: "its position before it, in the set-up",
            }),
          );
        else item.textContent = text;
        list.appendChild(item);
      });
      reviewOut.appendChild(list);
      const row = el("div", { class: "controls" });
      const back = button("Previous hand", () => {
        k--;
        draw();
      });
      const next = button("Next hand", () => {
        k++;
        draw();
      });
      back.disabled = k === 0;
      next.disabled = k === json.hands.length - 1;
      row.appendChild(back);
      row.appendChild(next);
      reviewOut.appendChild(row);
    }
    draw();
  }

  document.getElementById("by-line").addEventListener("submit", (event) => {
    event.preventDefault();
    let text = document.getElementById("line").value.trim();
    const found = /[#&]p=([^&]+)/.exec(text);
    if (found) text = found[1];
    if (!text) said.textContent = "Paste a position\u2019s line or a link to this board first.";
    else openLine(text, "That line");
  });
  // (read as the analysis board and the editor read it: a broken %-escape is a line that cannot be read, not a crash)
  const linked = new URLSearchParams(window.location.hash.slice(1)).get("p");
  if (!linked) changed();
  else if (!openLine(linked, "This link\u2019s position")) {
    changed();
    // (said in the set-up too: on a phone, Open a position is far below)
    problemsOut.prepend(el("strong", null, said.textContent), " ");
  }
  noteWithout(
    "to have the set-up checked by the rules, see every card\u2019s value, play it through and review a game. " +
      "Setting up, the line and the link work here without it.",
  );
}

// ---- the review's words --------------------------------------------------------------------

// The marks on one scale, as docs/analysis.md lists them (a move's loss as a share of what was at stake).
const MARK_SCALE =
  "Marks, by the share of what was at stake that a move gave away: best; good, up to 10%; " +
  "inaccuracy, up to 25%; mistake, up to 50%; blunder, more.";

function seatOf(move, game) {
  return "P" + (game === "mouche" ? move.seat : move.player);
}

// A move's judgement (from the seat when judged so, else with all hands open), or null when not judged.
function judgementOf(move) {
  return (move.from_seat && move.from_seat.judgement) || (move.open_cards || move.open || {}).judgement || null;
}

// Why a move has no mark, in players' words (the API's reason when it is none of the known ones).
function notJudged(reason) {
  if (/declaration/.test(reason)) return "a declaration, not judged: its worth can only be estimated";
  if (/redeal/.test(reason)) return "not judged: too many cards unseen, with more than one redeal to come";
  return "not judged: " + String(reason || "no value was found").replace(/^not judged: /, "");
}

// The judgement as players say it: "best", "the only card", "mistake, 2 chips less than the best".
function markWords(move, game) {
  if (game === "papillon" && move.choices === 1) return "the only move";
  const j = judgementOf(move);
  if (!j) return notJudged(move.not_judged);
  if (j.mark === "only")
    return game === "mouche" && move.from_seat === null ? "the only card" : "every choice was worth the same";
  const lost = j.loss ? ", " + chipsWords(-j.loss).replace("worth ", "") + " than the best" : "";
  const open = move.from_seat ? "" : ", with all hands open";
  return j.mark + lost + open;
}

// A hand in one line: each player's marked moves and the chips their moves gave away.
function handSummary(hand, game) {
  const seats = new Map();
  hand.moves.forEach((m) => {
    const seat = seatOf(m, game);
    const sum = seats.get(seat) || { marks: {}, lost: 0 };
    const j = judgementOf(m);
    if (j && MARKED.includes(j.mark)) sum.marks[j.mark] = (sum.marks[j.mark] || 0) + 1;
    sum.lost += (j && j.loss) || 0;
    seats.set(seat, sum);
  });
  const words = [...seats.entries()].sort().map(([seat, sum]) => {
    const marks = MARKED.filter((mark) => sum.marks[mark]).map((mark) => plural(sum.marks[mark], mark));
    const lost = round(sum.lost) ? ", " + plural(round(sum.lost), "chip") + " given away" : "";
    return seat + ": " + (marks.join(", ") || "no mistakes") + lost;
  });
  return "This hand: " + words.join("; ") + ".";
}

// The game a pasted text is a record of: "papillon", "mouche", "patience" (a Butterfly record or move
// list), or null when no move of any game is in it.
function recordGame(text) {
  if (/\[Game\s+"mouche"\]|\[Start\s+"mouche_/i.test(text)) return "mouche";
  if (/\[Game\s+"papillon"\]|\[Start\s+"papillon_/i.test(text)) return "papillon";
  if (/\[Game\s+"|\b(10|[2-9TJQKA])[CDHS]\s+[A-Z]+\d?\s*>\s*[A-Z]/i.test(text)) return "patience";
  if (/\bP\d\s*:|\b(trail|stand|fold|discard)\b|\b(10|[2-9TJQKA])[CDHS]\s+x\s/i.test(text)) return "papillon";
  return null;
}
