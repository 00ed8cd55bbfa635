// A card game's answer (a Sunday), chosen from the buttons under the picture
// or by pressing the card in the picture (each playable card framed in
// yellow; one with several choices, as Papillon's captures, asks which).
// As on the Butterfly days, a first press only chooses a card (lifted in the
// picture), so that a curious tap is never a wrong try: pressed again, or
// dragged to the middle of the table, it is played; Escape puts it down.
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
      mark(null);
      box.querySelectorAll("button").forEach((b) => (b.disabled = true));
      // the picture's cards are no longer to be played: no frames, no buttons
      document.querySelectorAll("#picture .choosable").forEach((g) => {
        g.classList.remove("choosable");
        g.removeAttribute("role");
        g.removeAttribute("tabindex");
        g.removeAttribute("aria-label");
        g.removeAttribute("aria-pressed");
      });
    },
  };
  function strike(card) {
    const choice = box.querySelector('[data-card="' + card + '"]');
    if (choice) choice.classList.add("refuted");
  }
  const prompt = "Your move: tap a card with a yellow frame, or choose below the picture.";
  let chosen = null; // the choice pressed once, played by a second press

  // The choice ``card`` shown chosen (null: none), in its button and in the picture.
  function mark(card) {
    chosen = card;
    box.querySelectorAll("button.choice").forEach((b) => {
      b.setAttribute("aria-pressed", String(b.getAttribute("data-card") === card));
    });
    document.querySelectorAll("#picture .choosable").forEach((g) => {
      const lifted = card !== null && g.id === "card-" + card.split(" ")[0];
      g.classList.toggle("chosen", lifted);
      g.setAttribute("aria-pressed", String(lifted));
      if (lifted) g.setAttribute("transform", "translate(0 -12)");
      else g.removeAttribute("transform");
    });
  }

  // A choice pressed: the first press chooses it, a second plays it.
  function press(card) {
    if (locked) return;
    if (chosen === card) {
      mark(null);
      decide(card);
      return;
    }
    mark(card);
    status.textContent = "Chosen: " + saidCards(card) + ". Tap it again to play it (Escape puts it down).";
  }

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || chosen === null || locked || document.querySelector("dialog[open]")) return;
    event.preventDefault();
    status.textContent = saidCards(chosen) + " put down. " + prompt;
    mark(null);
  });

  function decide(card) {
    const verdict = judgeCard(puzzle, card);
    if (verdict.finish) day.finish(verdict.finish);
    else {
      strike(card);
      day.miss(verdict.wrong, "card " + card);
    }
    status.scrollIntoView({ block: "nearest" }); // on a phone the picture fills the screen
  }
  cards.forEach((card) =>
    box.appendChild(
      button(saidCards(card), () => press(card), { class: "choice", "data-card": card, "aria-pressed": "false" }),
    ),
  );
  tried.forEach((what) => {
    if (what.startsWith("card ")) strike(what.slice(5));
  });
  status.textContent = prompt;
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
  // (what a card of the picture may do to the choice: read and changed through these)
  const chooser = {
    locked: () => locked,
    chosen: () => chosen,
    press,
    decide,
    mark,
    say: (text) => (status.textContent = text),
    focus: (card) => box.querySelector('[data-card="' + card + '"]').focus(),
  };
  Object.keys(byCard).forEach((first) => pressableCard(picture, first, byCard[first], chooser));
  return handle;
}

// The picture's card ``first`` made pressable (framed, a button, dragged to the middle of the table to be
// played), for its ``options`` (the choices that play it): a press goes to ``chooser`` (cardChoice's).
function pressableCard(picture, first, options, chooser) {
  const g = picture.querySelector("#card-" + first);
  const outline = g && g.querySelector("rect");
  if (!outline) return;
  g.setAttribute("role", "button");
  g.setAttribute("tabindex", "0");
  g.setAttribute("aria-label", "play " + saidCards(first));
  g.classList.add("choosable");
  g.setAttribute("aria-pressed", "false");
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
    if (chooser.locked()) return;
    if (options.length === 1) {
      chooser.press(options[0]);
      return;
    }
    chooser.say(
      saidCards(first) +
        " can be played " +
        options.length +
        " ways: " +
        options.map(saidCards).join(" or ") +
        ". Choose one below.",
    );
    chooser.focus(options[0]);
  }
  // A card dragged to the middle of the table is played (as a second tap); dropped elsewhere it goes back.
  let drag = null; // {id, x, y, moved}
  let dragged = false; // the click that ends a drag is no press
  g.addEventListener("pointerdown", (event) => {
    dragged = false;
    if (!chooser.locked() && event.button === 0)
      drag = { id: event.pointerId, x: event.clientX, y: event.clientY, moved: false };
  });
  g.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 8) return;
    if (!drag.moved) g.setPointerCapture(event.pointerId);
    drag.moved = true;
    const scale = picture.getScreenCTM() ? picture.getScreenCTM().a : 1;
    g.setAttribute("transform", "translate(" + dx / scale + " " + dy / scale + ")");
  });
  function endDrag(event, dropped) {
    if (!drag || event.pointerId !== drag.id) return;
    const moved = drag.moved;
    drag = null;
    if (!moved) return; // a press, not a drag: the click follows
    dragged = true;
    chooser.mark(chooser.chosen()); // back in its place (lifted if chosen)
    const middle = picture.querySelector(".middle");
    const mat = middle ? middle.getBoundingClientRect() : null;
    const inside =
      mat &&
      event.clientX >= mat.left &&
      event.clientX <= mat.right &&
      event.clientY >= mat.top &&
      event.clientY <= mat.bottom;
    if (!dropped || !inside || chooser.locked()) return;
    if (options.length === 1) {
      chooser.mark(null);
      chooser.decide(options[0]);
    } else pick();
  }
  g.addEventListener("pointerup", (event) => endDrag(event, true));
  g.addEventListener("pointercancel", (event) => endDrag(event, false));
  g.addEventListener("click", () => {
    if (dragged) dragged = false;
    else pick();
  });
  g.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    pick();
  });
}
