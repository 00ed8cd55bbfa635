// A Butterfly puzzle on the page: the board (board.js) and its controls
// (Undo, the move counter, Hint, the safe-cards option), a Game (game.js)
// played by taps, drags and keys (input.js), each move judged by the kind's
// judge and, where winning is the goal, watched by the proved search.
import * as R from "../rules.js";
import { boardDrawing } from "./board.js";
import { button, el, svgEl } from "./dom.js";
import { Game } from "./game.js";
import { boardInput, focusedPlace, refocus } from "./input.js";
import { searcher } from "./searcher.js";
import { AUTO, remember, remembered } from "./store.js";
import { said, saidCards, shown } from "./words.js";

// The option "safe cards go home by themselves", remembered by the browser:
// its checkbox, added to ``controls``.
function autoOption(controls) {
  const box = el("input", { type: "checkbox", "data-action": "auto" });
  box.checked = remembered(AUTO) === "on";
  box.addEventListener("change", () => remember(AUTO, box.checked ? "on" : "off"));
  const label = el("label");
  label.appendChild(box);
  label.appendChild(document.createTextNode(" Safe cards go home by themselves"));
  controls.appendChild(label);
  return box;
}

// The board in ``play``, from ``start``, laid out by ``layout`` (build.py LAYOUT);
// ``day``: the page's side, {status (the status line), finish(message, count),
// miss(message, what, replayed), changed(moves)}.
export function patienceBoard(play, start, layout, puzzle, day) {
  const status = day.status;
  const game = new Game(puzzle, start);
  const kind = game.kind;
  const limit = game.limit;
  let replaying = false; // the kept moves played again: the option makes none
  let restoredUpTo = 0; // moves replayed from the browser's memory: a loss there was counted before
  let selected = null; // {card, source}
  let locked = false;
  const box = el("div", { class: "board" });
  const controls = el("div", { class: "controls" });
  const counter = el("span", { class: "counter" });
  const svg = svgEl("svg", { class: "table", role: "group", "aria-label": "the board" });
  const draw = boardDrawing(svg, layout);
  play.appendChild(box);
  box.appendChild(svg);

  controls.appendChild(
    button(
      "Undo",
      () => {
        if (locked || !game.undo()) return;
        selected = null;
        status.textContent = "";
        render();
        day.changed(game.moves);
        asked++; // an answer about the position undone no longer applies
      },
      { "data-action": "undo" },
    ),
  );
  controls.appendChild(counter);

  // Proved help where winning is the goal (deals, resource puzzles, win-in):
  // a lost position is reported after each move, and Hint gives a move.
  const ask = kind.help ? searcher() : null;
  const onSolution = {}; // the key of each position of the stored winning line: where it goes on
  if (ask) {
    let along = start;
    puzzle.solution.forEach((move, k) => {
      if (!(R.key(along) in onSolution)) onSolution[R.key(along)] = k;
      along = R.play(along, move);
    });
  }
  let asked = 0; // the latest question: an answer to an older one is dropped
  const keeps = limit === null ? " keeps the deal winnable." : " keeps a win within the moves left.";
  if (ask) {
    controls.appendChild(
      button(
        "Hint",
        () => {
          if (locked) return;
          const mine = ++asked;
          const at = game.moves.length;
          // On the stored winning line, its next move is proved at once by the rest of the line.
          const along = onSolution[R.key(game.current())];
          if (along !== undefined && (limit === null || puzzle.solution.length - along <= game.movesLeft())) {
            status.textContent = "Hint: " + said(puzzle.solution[along]) + keeps;
            return;
          }
          status.textContent = "Looking for a move that" + keeps.replace(/\.$/, "\u2026");
          ask("hint", game.current(), game.movesLeft(), (answer) => {
            if (mine !== asked || locked) return;
            if (answer.verdict === "won") status.textContent = "Hint: " + said(answer.move) + keeps;
            else if (answer.verdict === "lost") lost(at);
            else
              status.textContent = "No hint found in time (" + answer.nodes.toLocaleString("en") + " positions tried).";
          });
        },
        { "data-action": "hint" },
      ),
    );
  }
  const autoHome = kind.safeHome ? autoOption(controls) : null;
  play.appendChild(controls);

  function lost(at) {
    if (game.moves.length !== at || locked) return;
    const message =
      limit === null
        ? "This deal can no longer be won from here: every line was tried. Undo to go back."
        : "No line wins within " + limit + " moves from here: every one was tried. Undo to go back.";
    fail(message, at <= restoredUpTo);
  }

  function watchForLoss() {
    // At the puzzle's limit the move itself was judged ("That is N moves and not won"): no second verdict races it.
    if (!ask || locked || R.isWon(game.current()) || (limit !== null && game.moves.length >= limit)) return;
    const mine = ++asked;
    const at = game.moves.length;
    ask("decide", game.current(), game.movesLeft(), (answer) => {
      if (mine === asked && answer.verdict === "lost") lost(at);
    });
  }

  // The board as large as fits with its controls on the first screen (never
  // smaller than a third of it), as laid out now and after a turn or resize.
  function fit() {
    const top = box.getBoundingClientRect().top + window.scrollY;
    const room = window.innerHeight - top - controls.getBoundingClientRect().height - 12;
    svg.style.maxHeight = Math.max(room, window.innerHeight / 3) + "px";
  }
  window.addEventListener("resize", fit);

  // A wrong line, told; counted once (game.failed), and not again when
  // replayed from the browser's memory (``counted``: before the reload).
  function fail(message, counted) {
    const what = game.failed();
    if (what === null) status.textContent = message;
    else day.miss(message, what, counted || replaying);
  }

  function apply(verdict) {
    if (!verdict) return;
    if (verdict.finish) {
      locked = true; // done: no more moves to judge
      day.finish(verdict.finish, verdict.count);
    } else if (verdict.wrong) fail(verdict.wrong);
    else if (verdict.right) {
      status.textContent = verdict.right;
      render();
    }
  }

  // A move tried: refused with the reason when illegal or past the puzzle's
  // limit, else played and judged. True when played.
  // ``auto``: made by the option that moves safe cards home, after the player's move.
  function attempt(target, auto) {
    const move = { card: selected.card, source: selected.source, target: target };
    selected = null;
    const reason = game.refusal(move);
    if (reason !== null) {
      status.textContent = "Not legal: " + saidCards(reason) + ".";
      render();
      return false;
    }
    game.play(move, auto);
    if (!auto) status.textContent = said(R.formatMove(move));
    render();
    apply(game.judgeLast());
    day.changed(game.moves);
    if (auto) return true;
    playSafe();
    watchForLoss();
    return true;
  }

  // The option: after each move of the player's, the cards that can go home
  // safely (rules.js isSafeHome: no win is lost by it) go, one by one.
  function playSafe() {
    if (!autoHome || !autoHome.checked || replaying) return;
    const before = status.textContent;
    const made = [];
    while (!locked) {
      const p = game.current();
      const safe = R.legalMoves(p).filter((m) => R.isSafeHome(p, m))[0];
      if (!safe) break;
      selected = { card: safe.card, source: safe.source };
      if (!attempt(R.FOUNDATION, true)) break;
      made.push(shown(safe.card));
    }
    if (made.length && status.textContent === before)
      status.textContent = before + "; then home by themselves: " + made.join(", ") + ".";
  }

  // A card pressed: a tap only picks it up, showing where it may go, so that
  // a curious tap is never a move (nor a wrong try); a card with no move is not
  // picked up, and says so. Pressed again once chosen (a double tap), it goes
  // home when it can, else makes its one move when it has only one, else is let go.
  function choose(card, source) {
    if (locked) return;
    const again = selected && selected.card === card && selected.source === source;
    const own = R.legalMoves(game.current()).filter((m) => m.card === card && m.source === source);
    if (again && own.length) {
      const home = own.some((m) => m.target === R.FOUNDATION);
      if (home || own.length === 1) {
        attempt(home ? R.FOUNDATION : own[0].target);
        return;
      }
    }
    if (!again && !own.length) {
      selected = null;
      status.textContent = shown(card) + " has no move now.";
      render();
      return;
    }
    selected = again ? null : { card: card, source: source };
    if (selected) status.textContent = shown(card) + " picked up: now where it goes (Escape puts it down).";
    render();
  }

  function target(name) {
    if (locked) return;
    if (selected) attempt(name);
  }

  // A press on the board: a movable card is chosen (or, with another card
  // chosen, names its row as the destination); a place is the destination.
  function press(node) {
    if (locked || !node) return;
    const card = node.getAttribute("data-card");
    if (card !== null) {
      const source = node.getAttribute("data-source");
      const c = R.parseCard(card);
      // With another card chosen, a card names its place (a basement card
      // the basement), unless both are basement cards: then it is chosen instead.
      const other = selected && !(selected.card === c && selected.source === source);
      if (other && !(source === R.CELL && selected.source === R.CELL)) target(source);
      else choose(c, source);
      return;
    }
    const name = node.getAttribute("data-target");
    if (name !== null) target(name);
  }

  boardInput(svg, layout, {
    locked: () => locked,
    press: press,
    // Escape puts a chosen card down.
    escape: () => {
      if (!selected) return false;
      selected = null;
      render();
      return true;
    },
    // A card dragged to a place is moved there; dropped off the board it goes back.
    drop: (node, name) => {
      const source = node.getAttribute("data-source");
      if (name && name !== source) {
        selected = { card: R.parseCard(node.getAttribute("data-card")), source: source };
        attempt(name);
      } else render();
    },
  });

  function render() {
    const at = focusedPlace(svg);
    // Done (or showing the answer): Undo, Hint and the option have nothing left to do.
    controls.querySelectorAll("button, input").forEach((c) => (c.disabled = locked));
    const p = game.current();
    const targets = {}; // where the chosen card may go
    if (selected) {
      R.legalMoves(p).forEach((m) => {
        if (m.card === selected.card && m.source === selected.source) targets[m.target] = true;
      });
    }
    draw(p, selected, targets);
    counter.textContent = " Moves: " + game.moves.length + (limit !== null ? " of " + limit : "");
    const moves = game.moves;
    refocus(svg, at, moves.length ? R.parseMove(moves[moves.length - 1]).target : R.FOUNDATION);
  }

  render();
  return {
    element: box,
    controls: controls,
    fit: fit,
    // The solution stepper shows its positions on the board, which then takes
    // no move; the counter counts the solution's moves shown.
    replay: (p, moves) => {
      locked = true;
      controls.hidden = true; // nothing to play while the solution is shown: its Back and Next take their place
      game.show(p, moves);
      selected = null;
      render();
    },
    lock: () => {
      locked = true;
      selected = null;
      render();
    },
    // The kept moves played again, up to the first that no longer applies
    // (moves played for the player between only moves are skipped: they replay themselves).
    restore: (kept) => {
      replaying = true;
      for (let i = 0; i < kept.length && !locked; i++) {
        if (i < game.moves.length) continue;
        let move;
        try {
          move = R.parseMove(kept[i]);
        } catch {
          break;
        }
        selected = { card: move.card, source: move.source };
        if (!attempt(move.target)) break;
      }
      restoredUpTo = game.moves.length;
      replaying = false;
    },
  };
}
