// The card-game board's values, drawn (cards.html, #engine): the buttons that
// ask butterfly serve for every card's value, all hands open or from the seat
// to move, and its answer (read by page/cards-answers.js, said by
// page/cards-words.js) listed and put on the cards of the pack.
import { readAnalysis } from "./cards-answers.js";
import { BADGE_LEGEND, badge, valuesShown } from "./cards-words.js";
import { button, el } from "./dom.js";
import { ask } from "./engine.js";
import { saidCards } from "./words.js";

// The values drawn in ``engine``, their badges on ``setUp``'s pack (page/cards-set-up.js); ``turn()``: a new
// question's turn, whose answer is drawn only while it is still the latest; ``openDeal(line)``: open a deal
// shown to say why a card is worse (every hand shown) on the board. Returns {draw()}.
export function valuesView(board, engine, setUp, turn, openDeal) {
  const { deck, legend } = setUp;
  const answer = el("p", { class: "answer", role: "status" });
  const values = el("div", { class: "values" });
  const openButton = button("Values, all hands open", () => askValues(false), { "data-action": "open-values" });
  const openNote = el("p", { class: "note", id: "open-note" });
  const seatButton = button("Values from the seat to move", () => askValues(true), { "data-action": "seat-values" });
  [openButton, seatButton, openNote, answer, values].forEach((node) => engine.appendChild(node));

  function askValues(fromSeat) {
    const latest = turn();
    values.textContent = "";
    legend.textContent = "";
    deck.querySelectorAll(".card-value").forEach((v) => v.remove()); // (they were another answer's)
    const question = board.valuesQuestion(fromSeat);
    if (question.refused) {
      answer.textContent = question.refused;
      return;
    }
    answer.textContent = "Working out every card\u2019s value\u2026";
    ask("api/analyse", question.body, "to see every card\u2019s value")
      .then((json) => latest() && show(readAnalysis(json)))
      .catch((error) => latest() && (answer.textContent = saidCards(error.message)));
  }

  function show(read) {
    answer.textContent = "";
    const shown = valuesShown(read, board.setup.chips, board.moves ? board.moves.moves.length : null);
    values.appendChild(el("h3", null, shown.heading));
    const ul = el("ul", { class: "move-values" });
    shown.declarations.forEach((words) => ul.appendChild(el("li", null, words)));
    shown.items.forEach((item) => {
      ul.appendChild(el("li", { "data-move": item.move }, item.text));
      const face = item.card && deck.querySelector('[data-card="' + item.card + '"]');
      if (face && !face.querySelector(".card-value"))
        face.appendChild(el("span", { class: "card-value" }, badge(item.text.split(": ")[1])));
    });
    values.appendChild(ul);
    if (shown.note) values.appendChild(el("p", { class: "note" }, shown.note));
    shown.disagreements.forEach((words) => values.appendChild(el("p", { class: "disagreement" }, words)));
    if (shown.worse.length) {
      values.appendChild(el("h4", null, "Why the others are worse: one deal each"));
      const why = el("ul", { class: "why-worse" });
      shown.worse.forEach((item) => {
        const li = el("li", { "data-move": item.move }, item.text + " ");
        li.appendChild(
          button("Open this deal, every hand shown", () => openDeal(item.position), { "data-action": "open-deal" }),
        );
        why.appendChild(li);
      });
      values.appendChild(why);
    }
    if (deck.querySelector(".card-value")) legend.textContent = BADGE_LEGEND;
  }

  // No answer kept from before a change; the buttons as the set-up allows them.
  function draw() {
    values.textContent = "";
    answer.textContent = "";
    legend.textContent = "";
    // before the draw, the cards a seat will hold are not known: no hand can be open
    const drawing = !board.over && board.declaring();
    openButton.disabled = board.over !== null || drawing;
    seatButton.disabled = board.over !== null;
    openNote.textContent = board.over
      ? "The hand is over: nothing is left to value."
      : drawing
        ? "While the stock is still to be drawn, no hand can be open: the values are from the seat to move."
        : "";
  }
  return { draw };
}
