// Cards moved by hand on a board of the Butterfly family, shared by the daily
// puzzle (patience.js) and the analysis board (analysis.js): a tap picks a
// card up and lights where it may go, a second names its place (or, on the
// same card, sends it home or makes its one move); drags and keys (input.js)
// do the same. The page decides what a move tried does.
import * as R from "../rules.js";
import { boardDrawing } from "./board.js";
import { boardInput, focusedPlace, refocus } from "./input.js";
import { shown } from "./words.js";

// On ``svg``, drawn by board.js with ``layout``; ``on``: the page's side:
// position() the position shown, locked() while no move may be made
// (waiting(), when given, then says why to a press on the board),
// move(move) a move tried (true when played; the page redraws),
// say(text) a word to the player, render() the page redrawn (which calls
// draw), went() where focus goes when the focused place is gone.
export function handPlay(svg, layout, on) {
  const drawing = boardDrawing(svg, layout);
  let selected = null; // {card, source}

  function attempt(target) {
    const move = { card: selected.card, source: selected.source, target: target };
    selected = null;
    return on.move(move);
  }

  // A card pressed: a tap only picks it up, showing where it may go, so that
  // a curious tap is never a move (nor a wrong try); a card with no move is not
  // picked up, and says so. Pressed again once chosen (a double tap), it goes
  // home when it can, else makes its one move when it has only one, else is let go.
  function choose(card, source) {
    const again = selected && selected.card === card && selected.source === source;
    const own = R.legalMoves(on.position()).filter((m) => m.card === card && m.source === source);
    if (again && own.length) {
      const home = own.some((m) => m.target === R.FOUNDATION);
      if (home || own.length === 1) {
        attempt(home ? R.FOUNDATION : own[0].target);
        return;
      }
    }
    if (!again && !own.length) {
      selected = null;
      on.say(shown(card) + " has no move now.");
      on.render();
      return;
    }
    if (again) {
      putDown();
      return;
    }
    selected = { card: card, source: source };
    on.say(shown(card) + " picked up: now where it goes (Escape puts it down).");
    on.render();
  }

  // The chosen card let go (Escape, or pressed again with no one move to make): said, so that
  // the status no longer reads "picked up".
  function putDown() {
    on.say(shown(selected.card) + " put down.");
    selected = null;
    on.render();
  }

  // A press on the board: a movable card is chosen (or, with another card
  // chosen, names its row as the destination); a place is the destination.
  function press(node) {
    if (!node) return;
    if (on.locked()) {
      if (on.waiting) on.waiting();
      return;
    }
    const card = node.getAttribute("data-card");
    if (card !== null) {
      const source = node.getAttribute("data-source");
      const c = R.parseCard(card);
      // With another card chosen, a card names its place (a basement card
      // the basement), unless both are basement cards: then it is chosen instead.
      const other = selected && !(selected.card === c && selected.source === source);
      if (other && !(source === R.CELL && selected.source === R.CELL)) attempt(source);
      else choose(c, source);
      return;
    }
    const name = node.getAttribute("data-target");
    if (name !== null && selected) attempt(name);
  }

  boardInput(svg, layout, {
    locked: on.locked,
    press: press,
    // Escape puts a chosen card down.
    escape: () => {
      if (!selected) return false;
      putDown();
      return true;
    },
    // A card dragged to a place is moved there; dropped off the board it goes back.
    drop: (node, name) => {
      const source = node.getAttribute("data-source");
      if (name && name !== source) {
        selected = { card: R.parseCard(node.getAttribute("data-card")), source: source };
        attempt(name);
      } else on.render();
    },
  });

  return {
    // The position drawn, the chosen card lifted and where it may go lit; the focus kept.
    draw: () => {
      const at = focusedPlace(svg);
      const p = on.position();
      const targets = {}; // where the chosen card may go
      if (selected) {
        R.legalMoves(p).forEach((m) => {
          if (m.card === selected.card && m.source === selected.source) targets[m.target] = true;
        });
      }
      drawing(p, selected, targets);
      refocus(svg, at, on.went());
    },
    // The chosen card put down (a move undone, the board locked).
    drop: () => {
      selected = null;
    },
  };
}
