// The card-game board's set-up, drawn (cards.html, #setup): the game and its
// players, the places, the pack (a card clicked goes to the place chosen),
// where every card is, La Mouche's tricks as read, and the counters
// (page/cards-counters.js). It draws page/cards-state.js's state and sends
// it the player's clicks; ``changed(typing)`` redraws the board after one.
import { cardText } from "../rules.js";
import * as C from "./cards-line.js";
import { countersView } from "./cards-counters.js";
import { PLAYERS } from "./cards-state.js";
import { button, el } from "./dom.js";
import { gridKeys, rove } from "./grid-keys.js";
import { plural, shown } from "./words.js";

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

// A status drawn whole each time, so nothing stays from an earlier one: what is wrong (to put right) in
// bold, what is only said (the cards left to place, the rules' yes) plain.
export function say(out, wrong, plain) {
  out.textContent = "";
  if (wrong) out.appendChild(el("strong", null, wrong));
  if (plain) out.appendChild(document.createTextNode((wrong ? " " : "") + plain));
}

const capital = (name) => name.charAt(0).toUpperCase() + name.slice(1);

// The game and its players, and the Clear button.
function gameChoice(board, changed) {
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
  const restart = (players) => {
    board.restart(gameSelect.value, players);
    changed();
  };
  head.appendChild(button("Clear", () => restart(Number(playersSelect.value)), { id: "clear" }));
  gameSelect.addEventListener("change", () => restart(PLAYERS[gameSelect.value][0]));
  playersSelect.addEventListener("change", () => restart(Number(playersSelect.value)));
  function draw() {
    gameSelect.value = board.setup.game;
    playersSelect.textContent = "";
    PLAYERS[board.setup.game].forEach((n) => playersSelect.appendChild(el("option", { value: String(n) }, String(n))));
    playersSelect.value = String(board.setup.players);
  }
  return { head, draw };
}

// The pack, one suit a row, each card labelled with its place; a card clicked goes to the place chosen.
function drawDeck(board, deck, changed) {
  // the card last focused stays the Tab stop, and keeps the focus, across the redraw
  const stop = deck.querySelector('[tabindex="0"]');
  const card = stop && stop.getAttribute("data-card");
  const focused = deck.contains(document.activeElement);
  deck.textContent = "";
  const setup = board.setup;
  const all = C.pack(setup.game, setup.players);
  deck.style.setProperty("--ranks", String(all.length / 4)); // (one suit a row: style.css)
  all.forEach((card, k) => {
    const place = C.placeOf(setup, card);
    const face = shown(card);
    const b = button(face, () => {
      board.click(cardText(card));
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

// Where every card is, place by place, and the hands and stock given by their number of cards.
function drawWhere(board, where, trickNote) {
  const setup = board.setup;
  where.textContent = "";
  C.places(setup).forEach((p) => {
    const item = el("li", { "data-where": p.id });
    item.textContent = capital(p.name) + ": " + (p.cards.map(shown).join(" ") || "none");
    where.appendChild(item);
  });
  setup.hidden.forEach((count, seat) => {
    if (count !== null)
      where.appendChild(
        el("li", { "data-where": "h" + seat }, "P" + seat + "\u2019s hand: " + plural(count, "card") + " not shown"),
      );
  });
  if (!C.isMouche(setup) && setup.stockCount !== null)
    where.appendChild(el("li", { "data-where": "s" }, "The stock: " + plural(setup.stockCount, "card") + " not shown"));
  drawTricks(board, where, trickNote);
}

// La Mouche's tricks as the page reads the played cards (cards-state.js, tricksRead), and how it reads them.
function drawTricks(board, where, trickNote) {
  const read = board.tricksRead();
  trickNote.textContent = read.note;
  read.tricks.forEach((text, k) => where.appendChild(el("li", { "data-trick": String(k + 1) }, text)));
}

// The set-up drawn in ``root``: {draw(typing), deck, legend, problemsOut, rulesOut} (the answers' places).
export function setUpView(board, root, changed) {
  const game = gameChoice(board, changed);
  const placesRow = el("div", { class: "card-places", role: "group", "aria-label": "put the cards clicked in" });
  const deck = el("div", { class: "card-deck", role: "group", "aria-label": "the cards (arrows move between them)" });
  gridKeys(deck);
  // (what the small numbers on the cards are, once an answer puts them there)
  const legend = el("p", { class: "note", id: "badge-legend" });
  const problemsOut = el("p", { id: "problems", role: "status" });
  const where = el("ul", { class: "card-where" });
  const counters = el("fieldset", { class: "card-counters" });
  const rulesOut = el("p", { id: "rules-said", role: "status" });
  // (La Mouche: how the played cards are read; drawWhere writes it)
  const trickNote = el("p", { class: "note", id: "trick-note" });
  [
    game.head,
    el("p", { class: "note" }, "Choose a place, then click its cards; a card clicked again goes back."),
    trickNote,
  ]
    .concat([placesRow, deck, legend, problemsOut, where, counters, rulesOut])
    .forEach((node) => root.appendChild(node));
  const drawCounters = countersView(board, counters, changed, (wrong) => say(problemsOut, wrong));

  function drawPlaces() {
    placesRow.textContent = "";
    const at = board.place();
    C.places(board.setup).forEach((p) => {
      const b = button(
        capital(p.name),
        () => {
          board.choose(p.id);
          drawPlaces();
        },
        { "data-place": p.id, "aria-pressed": p.id === at ? "true" : "false", class: "card-place" },
      );
      placesRow.appendChild(b);
    });
  }

  function draw(typing) {
    game.draw();
    drawPlaces();
    drawDeck(board, deck, changed);
    drawWhere(board, where, trickNote);
    if (!typing) drawCounters();
    const status = board.status();
    say(problemsOut, status.wrong, status.plain);
  }
  return { draw, deck, legend, problemsOut, rulesOut };
}
