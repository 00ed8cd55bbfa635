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
  if (m.maxn_chips !== undefined && m.maxn_tricks === undefined)
    return (
      chipsWords(m.maxn_chips[mover] - chipsNow) +
      (m.maxn_winner === mover ? ", takes the pool" : "") +
      "; whatever the others do, " +
      chipsWords(m.guaranteed - chipsNow).replace("worth ", "at worst ")
    );
  if (m.maxn_tricks !== undefined)
    return (
      "wins " +
      plural(m.maxn_tricks[mover], "trick") +
      ", " +
      chipsWords(m.maxn_chips[mover]) +
      "; whatever the others do, at least " +
      plural(m.guaranteed_tricks, "trick")
    );
  if (m.mean_chips !== undefined)
    return "on average " + chipsWords(m.mean_chips - chipsNow) + ", takes the pool " + percent(m.win_chance);
  if (m.expected_chips !== undefined)
    return "on average " + chipsWords(m.expected_chips - chipsNow) + ", takes the pool " + percent(m.win_chance);
  if (m.mean_tricks !== undefined)
    return round(m.mean_tricks) + " tricks on average, makes the mouche " + percent(m.mouche_chance);
  return "not valued";
}

export function cardBoard() {
  let setup = C.blank("papillon", 3);
  let at = "h0"; // the place the next card clicked goes to
  let history = []; // the lines played through, for undo
  let asked = 0;

  const root = document.getElementById("setup");
  const problemsOut = el("p", { class: "said", id: "problems", role: "status" });
  const rulesOut = el("p", { class: "said", id: "rules-said", role: "status" });

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
  gridKeys(deck, 13);
  const where = el("ul", { class: "card-where" });
  const counters = el("fieldset", { class: "card-counters" });
  [head, el("p", { class: "note" }, "Choose a place, then click its cards; a card clicked again goes back."), placesRow]
    .concat([deck, problemsOut, where, counters, rulesOut])
    .forEach((node) => root.appendChild(node));

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
    C.pack(setup.game, setup.players).forEach((card) => {
      const place = C.placeOf(setup, card);
      const face = shown(card);
      const short = place ? (place.id.charAt(0) === "h" ? "P" + place.id.slice(1) : place.name.split(" ").pop()) : "";
      const b = button(face, () => {
        C.place(setup, card, at);
        changed();
      });
      b.className = "card-pick" + (place ? " placed" : "") + (/[♦♥]/.test(face) ? " red" : "");
      b.setAttribute("data-card", cardText(card));
      b.setAttribute("aria-label", face + (place ? ", in " + place.name : ", not placed"));
      if (short) b.appendChild(el("small", null, short));
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
  }

  // A whole-number input for a counter: ``get``/``set`` read and write the set-up.
  function numberInput(label, id, value, set) {
    const wrap = el("label", null, label + " ");
    const input = el("input", { id, inputmode: "numeric", autocomplete: "off", size: "5", value: String(value) });
    input.addEventListener("input", () => {
      const text = input.value.trim();
      if (!/^-?[0-9]{1,15}$/.test(text)) {
        problemsOut.textContent = sentence(label + " must be a whole number, such as 20");
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
    input.addEventListener("change", () => {
      const text = input.value.trim();
      if (text && !/^[0-9]{1,2}$/.test(text)) {
        problemsOut.textContent = sentence(label + " must be a number of cards, such as 3, or left empty");
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
          problemsOut.textContent = "Mouches waiting are numbers of chips, such as 10 5.";
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

  // After every change: the picture (unless a counter is being typed), the checks, the line and the link.
  function changed(typing) {
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
    const wrong = C.problems(setup);
    const left = C.unplaced(setup).length;
    problemsOut.textContent = wrong.length
      ? wrong.map(sentence).join(" ")
      : C.isMouche(setup)
        ? plural(left, "card") + " not placed: the stock and the discards."
        : "Every card is placed or counted as won.";
    const line = C.writeLine(setup);
    lineOut.textContent = line;
    const hash = "#p=" + line;
    if (window.location.hash !== hash) window.history.replaceState(null, "", hash);
    link.value = window.location.href;
    document.getElementById("copied").textContent = "";
    values.textContent = "";
    answer.textContent = "";
    check(line, wrong);
  }

  // ---- the engine -------------------------------------------------------------------------

  // The rules' word on the set-up (served only): accepted with whose turn it is, or refused in one sentence.
  let moves = null;
  function check(line, wrong) {
    const mine = asked;
    moves = null;
    drawMoves();
    if (wrong.length) {
      rulesOut.textContent = "";
      return;
    }
    engineHere().then((here) => {
      if (!here) return;
      ask("api/moves", { position: line }, "").then(
        (json) => {
          if (mine !== asked) return;
          moves = json;
          rulesOut.textContent =
            "The rules accept this position: P" +
            json.to_move +
            " to move, " +
            plural(json.moves.length, "choice") +
            ".";
          drawMoves();
        },
        (error) =>
          mine === asked && (rulesOut.textContent = "Not a position the rules allow: " + saidCards(error.message)),
      );
    });
  }

  const engine = document.getElementById("engine");
  const answer = el("p", { class: "answer", role: "status" });
  const values = el("div", { class: "values" });
  engine.appendChild(button("Values, all hands open", () => askValues(false), { "data-action": "open-values" }));
  engine.appendChild(button("Values from the seat to move", () => askValues(true), { "data-action": "seat-values" }));
  engine.appendChild(answer);
  engine.appendChild(values);

  function mover() {
    return C.isMouche(setup) ? (moves ? moves.to_move : null) : setup.toMove;
  }

  function askValues(fromSeat) {
    const mine = ++asked;
    const line = C.writeLine(setup);
    values.textContent = "";
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
    if (json.options)
      json.options.forEach((o) =>
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
  }

  // ---- play through ---------------------------------------------------------------------

  const play = document.getElementById("play-through");
  const played = el("p", { class: "said", role: "status", id: "played" });
  const choices = el("ul", { class: "move-values", id: "choices" });
  const undo = button(
    "Undo",
    () => {
      if (!history.length) return;
      setup = C.readLine(history.pop());
      played.textContent = "Took back the last move.";
      changed();
    },
    { "data-action": "undo" },
  );
  play.appendChild(played);
  play.appendChild(choices);
  play.appendChild(undo);

  function drawMoves() {
    choices.textContent = "";
    undo.disabled = history.length === 0;
    if (!moves) return;
    moves.moves.forEach((m) => {
      const who = "P" + moves.to_move;
      const b = button(
        playedBy(who, m.move),
        () => {
          const before = C.writeLine(setup);
          const said = m.said.length ? " (" + m.said.map(saidCards).join("; ") + ")" : "";
          if (m.position === null) {
            played.textContent =
              playedBy(who, m.move) +
              said +
              ". The hand is over: " +
              m.result.chips.map((c, s) => "P" + s + " " + plural(c, "chip")).join(", ") +
              "; the pool holds " +
              m.result.pool +
              ".";
            return;
          }
          history.push(before);
          setup = C.readLine(m.position);
          changed();
          played.textContent = playedBy(who, m.move) + said + ".";
        },
        { "data-move": m.move },
      );
      const item = el("li");
      item.appendChild(b);
      choices.appendChild(item);
    });
  }

  // ---- review ---------------------------------------------------------------------------

  const reviewOut = document.getElementById("review-out");
  document.getElementById("by-record").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = document.getElementById("record").value.trim();
    if (!text) {
      reviewOut.textContent = "Paste a game\u2019s record first: the moves of a hand or a game, one after another.";
      return;
    }
    const game = /\[Game\s+"mouche"\]|\[Start\s+"mouche_/i.test(text) ? "mouche" : "papillon";
    reviewOut.textContent = "Reviewing the game move by move\u2026";
    ask("api/review", { record: text, game }, "to review a game").then(
      (json) => showReview(json, game),
      (error) => (reviewOut.textContent = saidCards(error.message)),
    );
  });

  // A move's judgement (from the seat when judged so, else with all hands open), or null when not judged.
  function judgementOf(move) {
    return (move.from_seat && move.from_seat.judgement) || (move.open_cards || move.open || {}).judgement || null;
  }

  // The judgement as players say it: "best", "the only card", "mistake, 2 chips less than the best".
  function markWords(move, game) {
    const j = judgementOf(move);
    if (!j) return move.not_judged ? "a declaration, not judged" : "";
    if (j.mark === "only") {
      const forced = game === "mouche" ? move.from_seat === null : move.choices === 1;
      if (forced) return game === "mouche" ? "the only card" : "the only move";
      return "every choice was worth the same";
    }
    const lost = j.loss ? ", " + chipsWords(-j.loss).replace("worth ", "") + " than the best" : "";
    return j.mark + lost;
  }

  function showReview(json, game) {
    let k = 0;
    function draw() {
      reviewOut.textContent = "";
      const hand = json.hands[k];
      reviewOut.appendChild(el("h3", null, "Hand " + hand.number + " of " + json.hands.length));
      // (it scrolls when long: a Tab stop, so keys scroll it too)
      const list = el("ol", { class: "review-moves", tabindex: "0", "aria-label": "the hand's moves" });
      hand.moves.forEach((m) => {
        const seat = "P" + (game === "mouche" ? m.seat : m.player);
        const words = markWords(m, game);
        const mark = (judgementOf(m) || {}).mark || "";
        const item = el("li", { class: MARKED.includes(mark) ? "review-mistake" : "", "data-mark": mark });
        item.textContent = playedBy(seat, m.move || m.action) + (words ? ": " + words : "") + ".";
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
    changed();
    return true;
  }
  document.getElementById("by-line").addEventListener("submit", (event) => {
    event.preventDefault();
    let text = document.getElementById("line").value.trim();
    const found = /[#&]p=([^&]+)/.exec(text);
    if (found) text = found[1];
    if (!text) said.textContent = "Paste a position\u2019s line first, such as papillon analyse --format line prints.";
    else openLine(text, "That line");
  });
  const linked = /[#&]p=([^&]+)/.exec(window.location.hash);
  if (!linked || !openLine(decodeURIComponent(linked[1]), "This link\u2019s position")) changed();
  noteWithout(
    "to have the set-up checked by the rules, see every card\u2019s value, play it through and review a game. " +
      "Setting up, the line and the link work here without it.",
  );
}
