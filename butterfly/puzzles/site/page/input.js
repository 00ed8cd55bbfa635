// Input: taps and clicks, drags (mouse, pen or finger), and keys: Enter or
// Space on the board, the arrow keys from card to card, Escape, and the
// page's shortcuts (u or Ctrl+Z for Undo, h for Hint).
import { svgEl } from "./dom.js";

// The card or place a node belongs to (null: none).
export function pressable(node) {
  return node && node.closest ? node.closest("[data-card], [data-target]") : null;
}

// The board's own listeners on ``svg``: ``on.press(node)`` for a card or place
// pressed (a click, Enter or Space); ``on.drop(node, name)`` for a card
// dragged to a place or another row's card (``name``: the place), or
// ``on.drop(node, null)`` when dropped off the board; ``on.escape()`` (true
// when it put a card down); ``on.locked()`` while no move may be made.
// ``layout``: the card's size, for the dragged card's face.
export function boardInput(svg, layout, on) {
  let dragged = false; // the click that ends a drag is no press
  svg.addEventListener("click", (event) => {
    if (dragged) {
      dragged = false;
      return;
    }
    on.press(pressable(event.target));
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !on.locked() && on.escape()) event.preventDefault();
  });
  svg.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const node = pressable(event.target);
    if (!node) return;
    event.preventDefault();
    on.press(node);
  });

  // Dragging a card to its place, with a mouse, a pen or a finger.
  let drag = null; // {id, x, y, node, ghost}
  function svgPoint(event) {
    const matrix = svg.getScreenCTM();
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix ? matrix.inverse() : undefined);
    return { x: point.x - layout.width / 2, y: point.y - layout.height / 2 };
  }
  svg.addEventListener("pointerdown", (event) => {
    dragged = false;
    const node = event.target.closest ? event.target.closest("[data-card]") : null;
    if (on.locked() || !node || event.button !== 0) return;
    drag = { id: event.pointerId, x: event.clientX, y: event.clientY, node: node, ghost: null };
  });
  svg.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.ghost) {
      if (Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) < 8) return;
      drag.ghost = svgEl("use", { href: "#face-" + drag.node.getAttribute("data-card"), class: "ghost" });
      drag.node.classList.add("lifted");
      svg.appendChild(drag.ghost);
      svg.setPointerCapture(event.pointerId);
    }
    const at = svgPoint(event);
    drag.ghost.setAttribute("x", at.x);
    drag.ghost.setAttribute("y", at.y);
  });
  function endDrag(event, drop) {
    if (!drag || event.pointerId !== drag.id) return;
    const was = drag;
    drag = null;
    if (!was.ghost) return; // a press, not a drag: the click follows
    dragged = true;
    was.ghost.remove();
    was.node.classList.remove("lifted");
    const under = drop ? pressable(document.elementFromPoint(event.clientX, event.clientY)) : null;
    on.drop(was.node, under ? under.getAttribute("data-target") || under.getAttribute("data-source") : null);
  }
  svg.addEventListener("pointerup", (event) => endDrag(event, true));
  svg.addEventListener("pointercancel", (event) => endDrag(event, false));
}

// The board is drawn anew after every press: a keyboard player keeps their
// place. focusedPlace before drawing, then refocus after it: the same card, or
// else the place it was on, or (when a move emptied its row, which may then be
// gone) ``went``, where the card went, or the first place.
export function focusedPlace(svg) {
  const node = document.activeElement;
  if (!node || !svg.contains(node)) return null;
  return {
    card: node.getAttribute("data-card"),
    source: node.getAttribute("data-source"),
    target: node.getAttribute("data-target"),
  };
}

export function refocus(svg, at, went) {
  if (!at) return;
  const again =
    (at.card && svg.querySelector('[data-card="' + at.card + '"][data-source="' + at.source + '"]')) ||
    svg.querySelector('[data-source="' + (at.target || at.source) + '"]') ||
    svg.querySelector('[data-target="' + (at.target || at.source) + '"][tabindex]') ||
    svg.querySelector('[data-target="' + went + '"][tabindex]') ||
    svg.querySelector("[tabindex]");
  if (again) again.focus();
}

// Arrow keys on the board: to the nearest card or place that can be
// pressed in the arrow's direction, as the eye goes on the picture; with a
// card picked up, only among the places lit as where it may go (and itself).
function arrows(event) {
  const keys = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const board = event.target && event.target.closest ? event.target.closest(".board") : null;
  const way = keys[event.key];
  if (!board || !way) return false;
  const centre = (node) => {
    const box = node.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  };
  const from = centre(event.target);
  let best = null;
  let bestScore = Infinity;
  const lit = board.querySelector(".can") !== null;
  const aimed = (node) => node.closest(".can") || node.matches(".selected");
  board.querySelectorAll("[tabindex]").forEach((node) => {
    if (node === event.target || (lit && !aimed(node))) return;
    const to = centre(node);
    const along = (to.x - from.x) * way[0] + (to.y - from.y) * way[1];
    const across = Math.abs((to.x - from.x) * way[1] + (to.y - from.y) * way[0]);
    if (along <= 1) return; // not that way
    const score = along + 2 * across; // straight on first
    if (score < bestScore) {
      best = node;
      bestScore = score;
    }
  });
  if (best) best.focus();
  return true;
}

// The arrows on the board; u or Ctrl+Z: the Undo button's job, h the Hint's,
// r, Ctrl+Y or Ctrl+Shift+Z the Redo's (the analysis board), from anywhere on
// the page but a field being typed in.
export function shortcuts() {
  document.addEventListener("keydown", (event) => {
    if (document.querySelector("dialog[open]")) return; // How to play or the finish panel: keys are theirs
    const typing = event.target && event.target.closest && event.target.closest("input, textarea, select");
    if (typing && event.target.type !== "checkbox") return;
    if (arrows(event)) {
      event.preventDefault();
      return;
    }
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    const command = !plain && !event.altKey;
    const redo = document.querySelector('#play [data-action="redo"]');
    let action = null;
    if ((plain && event.key === "r") || (command && (event.key === "y" || (redo && event.key === "Z"))))
      action = "redo";
    else if ((plain && event.key === "u") || (command && (event.key === "z" || event.key === "Z"))) action = "undo";
    else if (plain && event.key === "h") action = "hint";
    // (the analysis board's hint is among the engine's questions, not the board's controls)
    const button = '[data-action="' + action + '"]';
    const pressed = action && document.querySelector("#play " + button + ", #engine " + button);
    if (pressed) {
      event.preventDefault();
      pressed.click();
    }
  });
}
