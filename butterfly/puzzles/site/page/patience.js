// A Butterfly puzzle on the page: the board (board.js) and its controls
// (Undo, the move counter, Hint, the safe-cards option), a Game (game.js)
// played by taps, drags and keys (hands.js, input.js), each move judged by the kind's
// judge and, where winning is the goal, watched by the proved search.
import * as R from "../rules.js";
import { fitOnScreen } from "./board.js";
import { button, el, svgEl } from "./dom.js";
import { Game } from "./game.js";
import { handPlay } from "./hands.js";
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
  let locked = false;
  const box = el("div", { class: "board" });
  const controls = el("div", { class: "controls" });
  const counter = el("span", { class: "counter" });
  const svg = svgEl("svg", { class: "table", role: "group", "aria-label": "the board" });
  play.appendChild(box);
  box.appendChild(svg);

  controls.appendChild(
    button(
      "Undo",
      () => {
        if (locked || !game.undo()) return;
        hands.drop();
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
  function attempt(move, auto) {
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
      if (!attempt(safe, true)) break;
      made.push(shown(safe.card));
    }
    if (made.length && status.textContent === before)
      status.textContent = before + "; then home by themselves: " + made.join(", ") + ".";
  }

  const hands = handPlay(svg, layout, {
    position: () => game.current(),
    locked: () => locked,
    move: (move) => attempt(move, false),
    say: (text) => (status.textContent = text),
    render: () => render(),
    went: () => (game.moves.length ? R.parseMove(game.moves[game.moves.length - 1]).target : R.FOUNDATION),
  });

  function render() {
    // Done (or showing the answer): Undo, Hint and the option have nothing left to do.
    controls.querySelectorAll("button, input").forEach((c) => (c.disabled = locked));
    counter.textContent = " Moves: " + game.moves.length + (limit !== null ? " of " + limit : "");
    hands.draw();
  }

  render();
  return {
    element: box,
    controls: controls,
    fit: () => fitOnScreen(svg), // once the page has added its own controls (Give up)
    // The solution stepper shows its positions on the board, which then takes
    // no move; the counter counts the solution's moves shown.
    replay: (p, moves) => {
      locked = true;
      controls.hidden = true; // nothing to play while the solution is shown: its Back and Next take their place
      game.show(p, moves);
      hands.drop();
      render();
    },
    lock: () => {
      locked = true;
      hands.drop();
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
        if (!attempt(move)) break;
      }
      restoredUpTo = game.moves.length;
      replaying = false;
    },
  };
}
