// The card-game board's review, drawn (cards.html, #by-record and
// #review-out): a pasted record sent to butterfly serve, and its answer (read
// by page/cards-answers.js, said by page/cards-words.js) hand by hand, each
// move marked; a move with its position opens it in the set-up (``open``).
import { readReview } from "./cards-answers.js";
import { MARKED, MARK_SCALE, handSummary, markWords, recordGame, whyWorseShown } from "./cards-words.js";
import { button, el } from "./dom.js";
import { ask } from "./engine.js";
import { playedBy, saidCards } from "./words.js";

// One reviewed hand's moves, each said with its mark; ``open(position)`` opens a move's position.
function movesList(hand, game, open) {
  // (it scrolls when long: a Tab stop, so keys scroll it too)
  const list = el("ol", { class: "review-moves", tabindex: "0", "aria-label": "the hand's moves" });
  hand.moves.forEach((m) => {
    const text = playedBy("P" + m.seat, m.move) + ": " + markWords(m, game) + ".";
    const mark = m.judgement ? m.judgement.mark : "";
    const item = el("li", { class: MARKED.includes(mark) ? "review-mistake" : "", "data-mark": mark });
    if (m.position)
      item.appendChild(
        button(text, () => open(m.position), {
          class: "review-open",
          title: "its position before it, in the set-up",
        }),
      );
    else item.textContent = text;
    if (m.whyWorse) {
      // (judged exactly from the seat: the deal where it does worse, which opens with every hand shown)
      const why = whyWorseShown(m.whyWorse, m.seat, game === "mouche" ? "hand chips" : "chips");
      const said = el("p", { class: "why-worse" }, why.text + " ");
      said.appendChild(
        button("Open this deal, every hand shown", () => open(why.position), { "data-action": "open-deal" }),
      );
      item.appendChild(said);
    }
    list.appendChild(item);
  });
  return list;
}

// A reviewed game (readReview) in ``out``, a hand at a time with Previous and Next.
function showReview(out, review, game, open) {
  let k = 0;
  function draw() {
    out.textContent = "";
    const hand = review.hands[k];
    out.appendChild(el("h3", null, "Hand " + hand.number + " of " + review.hands.length));
    out.appendChild(el("p", { class: "review-sum" }, handSummary(hand)));
    out.appendChild(el("p", { class: "note" }, MARK_SCALE));
    out.appendChild(movesList(hand, game, open));
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
    next.disabled = k === review.hands.length - 1;
    row.appendChild(back);
    row.appendChild(next);
    out.appendChild(row);
  }
  draw();
}

// The review's form (#by-record) and its answer's place (#review-out).
export function reviewView(open) {
  const out = document.getElementById("review-out");
  document.getElementById("by-record").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = document.getElementById("record").value.trim();
    out.textContent = "";
    const game = recordGame(text);
    if (!text) out.textContent = "Paste a game\u2019s record first: the moves of a hand or a game, one after another.";
    else if (game === "patience") {
      out.appendChild(document.createTextNode("This is a Butterfly game: review it on "));
      out.appendChild(el("a", { href: "board.html" }, "the analysis board"));
      out.appendChild(document.createTextNode(" (board.html)."));
    } else if (game === null)
      out.textContent =
        "This is not a game record: it has no move of Papillon or La Mouche in it. Paste a game\u2019s record, hand by hand.";
    else {
      out.textContent = "Reviewing the game move by move\u2026";
      ask("api/review", { record: text, game }, "to review a game")
        .then((json) => showReview(out, readReview(json), game, open))
        .catch((error) => (out.textContent = saidCards(error.message)));
    }
  });
}
