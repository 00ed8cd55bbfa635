// The card-game board's counters, drawn (cards.html, under the pack): each
// seat's chips and cards won or declaration, the pool, the dealer, the
// player to move, and, folded under More, the hands not shown and each
// game's options and stakes. Each input sends its value to the board's state
// (page/cards-state.js); ``changed(typing)`` redraws the board after one,
// ``refuse(words)`` says what is wrong with a value typed.
import { isMouche } from "./cards-line.js";
import { el } from "./dom.js";
import { sentence } from "./engine.js";

const DECLARED = { "": "not yet", s: "stands", f: "folds" };
const SCORING = { 1725: "every payment of 1725", modern: "the modern payments" };
const ENTRY = { all: "all into the next pool", "largest-first": "one at a time, largest first", cap: "capped" };
const TRUMPS = { "": "not yet", C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

// A counter's figures are chosen whole as it is entered, so the digits typed replace them, and a 0 left in
// front of them goes ("0108" is 108): no Backspace needed first.
function typedOver(input) {
  input.addEventListener("focus", () => input.select());
  input.addEventListener("input", () => {
    const bare = input.value.replace(/^(\s*-?)0+(?=[0-9])/, "$1");
    if (bare !== input.value) input.value = bare;
  });
}

function labelled(label, control) {
  const wrap = el("label", null, label + " ");
  wrap.appendChild(control);
  return wrap;
}

// The inputs of the counters, each sending its value to ``set`` then redrawing (``typing``: all but the
// counters, which are being typed in).
function makeInputs(changed, refuse) {
  // A whole number.
  function number(label, id, value, set) {
    const input = el("input", { id, inputmode: "numeric", autocomplete: "off", size: "5", value: String(value) });
    typedOver(input);
    input.addEventListener("input", () => {
      const text = input.value.trim();
      if (!/^-?[0-9]{1,15}$/.test(text)) {
        refuse(sentence(label + " must be a whole number, such as 20"));
        return;
      }
      set(Number(text));
      changed(true);
    });
    return labelled(label, input);
  }

  // A number that may be left empty (null): a hidden hand's cards, the unseen stock's.
  function count(label, id, value, set) {
    const shown = value === null ? "" : String(value);
    const input = el("input", { id, inputmode: "numeric", autocomplete: "off", size: "3", value: shown });
    typedOver(input);
    input.addEventListener("change", () => {
      const text = input.value.trim();
      if (text && !/^[0-9]{1,2}$/.test(text)) {
        refuse(sentence(label + " must be a number of cards, such as 3, or left empty"));
        return;
      }
      set(text ? Number(text) : null);
      changed();
    });
    return labelled(label, input);
  }

  // One of ``options`` ([value, words] pairs, or {value: words}); ``typing``: the counters are not redrawn after it.
  function choice(label, id, options, value, set, typing) {
    const select = el("select", { id });
    const pairs = Array.isArray(options) ? options : Object.entries(options);
    pairs.forEach(([v, words]) => select.appendChild(el("option", { value: v }, words)));
    select.value = value;
    select.addEventListener("change", () => {
      set(select.value);
      changed(typing);
    });
    return labelled(label, select);
  }

  // A seat, or null: ``extra``'s "" (such as nobody).
  function seat(label, id, players, value, set, extra) {
    const options = (extra || []).concat(Array.from({ length: players }, (_, s) => [String(s), "P" + s]));
    const read = (v) => (v === "" ? null : Number(v));
    return choice(label, id, options, value === null ? "" : String(value), (v) => set(read(v)), true);
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

  return { number, count, choice, seat, checkbox };
}

// Under More, Papillon's: the stock unseen, the stake, the scoring and the papillons made.
function papillonMore(board, input, more, hidden) {
  const setup = board.setup;
  hidden.appendChild(input.count("Stock, unseen cards", "stock-count", setup.stockCount, (v) => board.hideStock(v)));
  more.appendChild(hidden);
  const rest = el("div", { class: "card-seat" });
  rest.appendChild(input.number("Most cards pays", "stake", setup.stake, (v) => board.set("stake", v)));
  rest.appendChild(input.choice("Scoring", "scoring", SCORING, setup.scoring, (v) => board.set("scoring", v)));
  more.appendChild(rest);
  const made = el("div", { class: "card-seat" });
  for (let s = 0; s < setup.players; s++)
    made.appendChild(
      input.checkbox("P" + s + " made a papillon this hand", "papillon" + s, setup.papillons.includes(s), (on) =>
        board.madePapillon(s, on),
      ),
    );
  more.appendChild(made);
}

// Under More, La Mouche's: the Pamphile's suit, where the mouches go, the cap or the mouches waiting.
function moucheMore(board, input, more, hidden, changed, refuse) {
  const setup = board.setup;
  more.appendChild(hidden);
  const rules = el("div", { class: "card-seat" });
  if (setup.pamphile) {
    rules.appendChild(
      input.checkbox("The Pamphile counts in any suit for the mouche", "any-suit", setup.anySuit, (on) =>
        board.set("anySuit", on),
      ),
    );
    // Everyone saw who was paid for it: with a hand hidden, the answers deal the Pamphile to that hand alone.
    const paid = [
      ["", "not said"],
      ["-1", "nobody"],
    ];
    for (let s = 0; s < setup.players; s++) paid.push([String(s), "P" + s]);
    const value = setup.pamphilePaid === null ? "" : String(setup.pamphilePaid);
    rules.appendChild(
      input.choice("Paid for holding the Pamphile", "pamphile-paid", paid, value, (v) =>
        board.set("pamphilePaid", v === "" ? null : Number(v)),
      ),
    );
  }
  rules.appendChild(input.choice("Mouches made go", "entry", ENTRY, setup.entry, (v) => board.set("entry", v)));
  if (setup.entry === "cap") rules.appendChild(input.number("The cap", "cap", setup.cap, (v) => board.set("cap", v)));
  if (setup.entry === "largest-first") {
    const pending = el("input", { id: "pending", autocomplete: "off", size: "8", value: setup.pending.join(" ") });
    pending.addEventListener("change", () => {
      const text = pending.value.trim();
      if (!/^([0-9]{1,9}\s*)*$/.test(text)) {
        refuse("Mouches waiting are numbers of chips, such as 10 5.");
        return;
      }
      board.set("pending", text ? text.split(/\s+/).map(Number) : []);
      changed();
    });
    rules.appendChild(labelled("Mouches waiting, in chips", pending));
  }
  more.appendChild(rules);
  more.appendChild(
    el("p", { class: "note" }, "A player who discards gets a place for the cards discarded, when they are known."),
  );
}

// One row of counters for P``s``: the chips, and Papillon's cards won or La Mouche's declaration.
function seatRow(board, input, s) {
  const setup = board.setup;
  const row = el("div", { class: "card-seat" });
  row.appendChild(
    input.number("P" + s + "\u2019s chips", "chips" + s, setup.chips[s], (v) => board.set("chips", v, s)),
  );
  if (!isMouche(setup))
    row.appendChild(input.number("cards won", "won" + s, setup.taken[s], (v) => board.set("taken", v, s)));
  else {
    const choices = Object.assign({}, DECLARED);
    for (let k = 1; k <= 5; k++) choices["d" + k] = "discards " + k;
    const set = (v) => board.set("declared", v || null, s);
    row.appendChild(input.choice("declared", "declared" + s, choices, setup.declared[s] || "", set, true));
  }
  return row;
}

// The counters drawn in the fieldset ``counters``: returns their draw().
export function countersView(board, counters, changed, refuse) {
  const input = makeInputs(changed, refuse);
  let moreOpen = false; // (More kept open, or shut, across the redraws)

  // The rarely needed set-up, folded away: hands not shown, and each game's options and stakes.
  function drawMore() {
    const was = counters.querySelector(".card-more");
    if (was) moreOpen = was.open;
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
    for (let s = 0; s < board.setup.players; s++) {
      const label = "P" + s + "\u2019s hidden cards";
      hidden.appendChild(input.count(label, "hidden" + s, board.setup.hidden[s], (v) => board.hide(s, v)));
    }
    if (!isMouche(board.setup)) papillonMore(board, input, more, hidden);
    else moucheMore(board, input, more, hidden, changed, refuse);
    return more;
  }

  return function draw() {
    const more = drawMore();
    const setup = board.setup;
    counters.textContent = "";
    counters.appendChild(el("legend", null, "Counters"));
    const rows = [];
    for (let s = 0; s < setup.players; s++) rows.push(seatRow(board, input, s));
    const common = el("div", { class: "card-seat" });
    common.appendChild(input.number("Pool", "pool", setup.pool, (v) => board.set("pool", v)));
    common.appendChild(input.seat("Dealer", "dealer", setup.players, setup.dealer, (v) => board.set("dealer", v)));
    if (!isMouche(setup)) {
      common.appendChild(input.seat("To move", "to-move", setup.players, setup.toMove, (v) => board.set("toMove", v)));
      const nobody = [["", "nobody"]];
      const set = (v) => board.set("lastTrailer", v);
      common.appendChild(input.seat("Last to trail", "last-trailer", setup.players, setup.lastTrailer, set, nobody));
    } else if (setup.pamphile) {
      const set = (v) => board.set("trump", v || null);
      common.appendChild(input.choice("Trumps chosen", "trump", TRUMPS, setup.trump || "", set, true));
    }
    rows.concat([common, more]).forEach((row) => counters.appendChild(row));
  };
}
