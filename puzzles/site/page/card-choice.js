// A card game's answer (a Sunday), chosen from the buttons under the picture
// or by pressing the card in the picture (each playable card framed in
// yellow; one with several choices, as Papillon's captures, asks which).
import { button, el, svgEl } from "./dom.js";
import { cardChoices, judgeCard } from "./kinds/only-card.js";
import { saidCards } from "./words.js";

// ``day``: the page's side, {status, finish(message), miss(message, what)};
// ``tried``: the wrong choices kept from before (struck through).
export function cardChoice(play, puzzle, day, tried) {
  const status = day.status;
  const cards = cardChoices(puzzle);
  let locked = false;
  const box = el("div", { class: "choices", role: "group", "aria-label": "your card" });
  const handle = {
    lock: () => {
      locked = true;
      box.querySelectorAll("button").forEach((b) => (b.disabled = true));
      // the picture's cards are no longer to be played: no frames, no buttons
      document.querySelectorAll("#picture .choosable").forEach((g) => {
        g.classList.remove("choosable");
        g.removeAttribute("role");
        g.removeAttribute("tabindex");
        g.removeAttribute("aria-label");
      });
    },
  };
  function strike(card) {
    const choice = box.querySelector('[data-card="' + card + '"]');
    if (choice) choice.classList.add("refuted");
  }
  function decide(card) {
    if (locked) return;
    const verdict = judgeCard(puzzle, card);
    if (verdict.finish) day.finish(verdict.finish);
    else {
      strike(card);
      day.miss(verdict.wrong, "card " + card);
    }
    status.scrollIntoView({ block: "nearest" }); // on a phone the picture fills the screen
  }
  cards.forEach((card) =>
    box.appendChild(button(saidCards(card), () => decide(card), { class: "choice", "data-card": card })),
  );
  tried.forEach((what) => {
    if (what.startsWith("card ")) strike(what.slice(5));
  });
  status.textContent = "Your move: tap a card with a yellow frame, or choose below the picture.";
  play.appendChild(box);
  // The cards of the picture that a choice plays can be pressed too.
  const picture = document.querySelector("#picture svg");
  if (!picture) return handle;
  picture.setAttribute("role", "group");
  picture.setAttribute("aria-label", "the position: your cards can be pressed");
  const byCard = {};
  cards.forEach((choice) => {
    const first = choice.split(" ")[0];
    (byCard[first] = byCard[first] || []).push(choice);
  });
  Object.keys(byCard).forEach((first) => {
    const g = picture.querySelector("#card-" + first);
    const outline = g && g.querySelector("rect");
    if (!outline) return;
    const options = byCard[first];
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", "0");
    g.setAttribute("aria-label", "play " + saidCards(first));
    g.classList.add("choosable");
    ["ring-out", "ring-in"].forEach((ring) => {
      g.appendChild(
        svgEl("rect", {
          class: ring,
          x: Number(outline.getAttribute("x")) - 5,
          y: Number(outline.getAttribute("y")) - 5,
          width: Number(outline.getAttribute("width")) + 10,
          height: Number(outline.getAttribute("height")) + 10,
          rx: 8,
        }),
      );
    });
    function pick() {
      if (locked) return;
      if (options.length === 1) {
        decide(options[0]);
        return;
      }
      status.textContent =
        saidCards(first) +
        " can be played " +
        options.length +
        " ways: " +
        options.map(saidCards).join(" or ") +
        ". Choose one below.";
      box.querySelector('[data-card="' + options[0] + '"]').focus();
    }
    g.addEventListener("click", pick);
    g.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      pick();
    });
  });
  return handle;
}
