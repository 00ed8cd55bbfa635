// The card-game board's play-through, drawn (cards.html, #play-through): the
// rules' choices as buttons (La Mouche's discards as one choice whose cards
// are chosen), what was played, Undo, and the engine stopped said beside them
// with a button to ask again. It draws page/cards-state.js's state and sends
// it the moves played; ``redraw()`` draws the board after one.
import { discardChoice } from "./cards-state.js";
import { button, el } from "./dom.js";
import { playedBy, shown } from "./words.js";
import { parseCard } from "../rules.js";

// The discards of ``who`` as one choice: the cards chosen one by one, then the discard they make played.
function discardPicker(who, discards, playMove) {
  const choice = discardChoice(who, discards);
  const chosen = new Set();
  const box = el("details", { class: "discard-pick" });
  box.appendChild(el("summary", null, who + " discards\u2026"));
  const row = el("div", { class: "card-places", role: "group", "aria-label": "the cards to discard" });
  const go = button("", () => choice.pick(chosen).move && playMove(choice.pick(chosen).move), {
    "data-action": "discard",
  });
  function update() {
    const picked = choice.pick(chosen);
    go.disabled = !picked.move;
    go.textContent = picked.words;
  }
  choice.cards.forEach((card) => {
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

// The play-through drawn in ``play``: {draw(), engineStopped(on)}.
export function playView(board, play, redraw) {
  const played = el("p", { class: "said", role: "status", id: "played" });
  const choices = el("ul", { class: "move-values", id: "choices" });
  const undo = button(
    "Undo",
    () => {
      const words = board.undo();
      if (words === null) return;
      redraw();
      played.textContent = words;
    },
    { "data-action": "undo" },
  );
  // The engine stopped: said beside the choices it would have given, with a button to ask it again.
  const stoppedOut = el("p", { class: "said", role: "status", id: "engine-stopped" });
  const askAgain = button("Ask again", () => redraw(), { "data-action": "ask-again", hidden: "" });
  [played, stoppedOut, askAgain, choices, undo].forEach((node) => play.appendChild(node));

  function playMove(m) {
    const words = board.play(m);
    redraw();
    played.textContent = words;
  }

  function draw() {
    choices.textContent = "";
    undo.disabled = board.history.length === 0;
    const offered = board.choices();
    if (!offered) return;
    const item = (node) => choices.appendChild(el("li")).appendChild(node);
    offered.each.forEach((m) =>
      item(button(playedBy(offered.who, m.move), () => playMove(m), { "data-move": m.move })),
    );
    if (offered.discards.length) item(discardPicker(offered.who, offered.discards, playMove));
  }

  function engineStopped(on) {
    stoppedOut.textContent = on
      ? "The engine is not answering: start butterfly serve again, then press Ask again."
      : "";
    askAgain.hidden = !on;
  }

  // (a position opened: what was played was of another)
  const forget = () => (played.textContent = "");
  return { draw, engineStopped, forget };
}
