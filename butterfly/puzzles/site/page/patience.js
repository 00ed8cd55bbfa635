// A Butterfly puzzle on the page: the board (board.js) and its controls
// (Undo, the move counter, Hint, the safe-cards option), a Game (game.js)
// played by taps, drags and keys (hands.js, input.js), each move judged by the kind's
// judge and, where winning is the goal, watched by the proved search (its
// hints and words: patience-help.js).
import * as R from "../rules.js";
import { fitOnScreen } from "./board.js";
import { button, el, svgEl } from "./dom.js";
import { Game } from "./game.js";
import { handPlay } from "./hands.js";
import { helpWords, safeHomeMove, solutionPlaces, storedHint } from "./patience-help.js";
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
// miss(message, what, replayed), changed(moves)}. The page uses its ``element``,
// its ``controls``, fit(), replay(), lock() and restore().
export function patienceBoard(play, start, layout, puzzle, day) {
  return new PatienceBoard(play, start, layout, puzzle, day);
}

class PatienceBoard {
  constructor(play, start, layout, puzzle, day) {
    this.day = day;
    this.status = day.status;
    this.solution = puzzle.solution;
    this.game = new Game(puzzle, start);
    this.words = helpWords(this.game.limit);
    this.replaying = false; // the kept moves played again: the option makes none
    this.restoredUpTo = 0; // moves replayed from the browser's memory: a loss there was counted before
    this.locked = false;
    this.asked = 0; // the latest question: an answer to an older one is dropped
    this.element = el("div", { class: "board" });
    this.controls = el("div", { class: "controls" });
    this.counter = el("span", { class: "counter" });
    this.svg = svgEl("svg", { class: "table", role: "group", "aria-label": "the board" });
    play.appendChild(this.element);
    this.element.appendChild(this.svg);
    // Proved help where winning is the goal (deals, resource puzzles, win-in):
    // a lost position is reported after each move, and Hint gives a move.
    this.ask = this.game.kind.help ? searcher() : null;
    this.onSolution = this.ask ? solutionPlaces(start, puzzle.solution) : {}; // where the stored line goes on
    this.addControls();
    play.appendChild(this.controls);
    this.hands = handPlay(this.svg, layout, {
      position: () => this.game.current(),
      locked: () => this.locked,
      move: (move) => this.attempt(move, false),
      say: (text) => (this.status.textContent = text),
      render: () => this.render(),
      went: () =>
        this.game.moves.length ? R.parseMove(this.game.moves[this.game.moves.length - 1]).target : R.FOUNDATION,
    });
    this.render();
  }

  // Undo, the counter, Hint where the kind helps, the option where safe cards may go home.
  addControls() {
    this.controls.appendChild(button("Undo", () => this.undo(), { "data-action": "undo" }));
    this.controls.appendChild(this.counter);
    if (this.ask) this.controls.appendChild(button("Hint", () => this.hint(), { "data-action": "hint" }));
    this.autoHome = this.game.kind.safeHome ? autoOption(this.controls) : null;
  }

  undo() {
    if (this.locked || !this.game.undo()) return;
    this.hands.drop();
    this.status.textContent = "";
    this.render();
    this.day.changed(this.game.moves);
    this.asked++; // an answer about the position undone no longer applies
  }

  hint() {
    if (this.locked) return;
    const mine = ++this.asked;
    const at = this.game.moves.length;
    const stored = storedHint(this.solution, this.onSolution, this.game);
    if (stored !== null) {
      this.status.textContent = this.words.hint(stored);
      return;
    }
    this.status.textContent = this.words.looking;
    this.ask("hint", this.game.current(), this.game.movesLeft(), (answer) => {
      if (mine !== this.asked || this.locked) return;
      if (answer.verdict === "won") this.status.textContent = this.words.hint(answer.move);
      else if (answer.verdict === "lost") this.lost(at);
      else this.status.textContent = this.words.notFound(answer.nodes);
    });
  }

  // The search proved the position after move ``at`` lost: told, unless moves were made since.
  lost(at) {
    if (this.game.moves.length !== at || this.locked) return;
    this.fail(this.words.lost, at <= this.restoredUpTo);
  }

  watchForLoss() {
    const game = this.game;
    // At the puzzle's limit the move itself was judged ("That is N moves and not won"): no second verdict races it.
    if (!this.ask || this.locked || R.isWon(game.current()) || (game.limit !== null && game.moves.length >= game.limit))
      return;
    const mine = ++this.asked;
    const at = game.moves.length;
    this.ask("decide", game.current(), game.movesLeft(), (answer) => {
      if (mine === this.asked && answer.verdict === "lost") this.lost(at);
    });
  }

  // A wrong line, told; counted once (game.failed), and not again when
  // replayed from the browser's memory (``counted``: before the reload).
  fail(message, counted) {
    const what = this.game.failed();
    if (what === null) this.status.textContent = message;
    else this.day.miss(message, what, counted || this.replaying);
  }

  apply(verdict) {
    if (!verdict) return;
    if (verdict.finish) {
      this.locked = true; // done: no more moves to judge
      this.day.finish(verdict.finish, verdict.count);
    } else if (verdict.wrong) this.fail(verdict.wrong);
    else if (verdict.right) {
      this.status.textContent = verdict.right;
      this.render();
    }
  }

  // A move tried: refused with the reason when illegal or past the puzzle's
  // limit, else played and judged. True when played.
  // ``auto``: made by the option that moves safe cards home, after the player's move.
  attempt(move, auto) {
    const reason = this.game.refusal(move);
    if (reason !== null) {
      this.status.textContent = "Not legal: " + saidCards(reason) + ".";
      this.render();
      return false;
    }
    this.game.play(move, auto);
    if (!auto) this.status.textContent = said(R.formatMove(move));
    this.render();
    this.apply(this.game.judgeLast());
    this.day.changed(this.game.moves);
    if (auto) return true;
    this.playSafe();
    this.watchForLoss();
    return true;
  }

  // The option: after each move of the player's, the cards that can go home
  // safely (no win is lost by it) go, one by one.
  playSafe() {
    if (!this.autoHome || !this.autoHome.checked || this.replaying) return;
    const before = this.status.textContent;
    const made = [];
    while (!this.locked) {
      const safe = safeHomeMove(this.game.current());
      if (!safe) break;
      if (!this.attempt(safe, true)) break;
      made.push(shown(safe.card));
    }
    if (made.length && this.status.textContent === before)
      this.status.textContent = before + "; then home by themselves: " + made.join(", ") + ".";
  }

  render() {
    // Done (or showing the answer): Undo, Hint and the option have nothing left to do.
    this.controls.querySelectorAll("button, input").forEach((c) => (c.disabled = this.locked));
    const limit = this.game.limit;
    this.counter.textContent = " Moves: " + this.game.moves.length + (limit !== null ? " of " + limit : "");
    this.hands.draw();
  }

  // Once the page has added its own controls (Give up).
  fit() {
    return fitOnScreen(this.svg);
  }

  // The solution stepper shows its positions on the board, which then takes
  // no move; the counter counts the solution's moves shown.
  replay(p, moves) {
    this.locked = true;
    this.controls.hidden = true; // nothing to play while the solution is shown: its Back and Next take their place
    this.game.show(p, moves);
    this.hands.drop();
    this.render();
  }

  lock() {
    this.locked = true;
    this.hands.drop();
    this.render();
  }

  // The kept moves played again, up to the first that no longer applies
  // (moves played for the player between only moves are skipped: they replay themselves).
  restore(kept) {
    this.replaying = true;
    for (let i = 0; i < kept.length && !this.locked; i++) {
      if (i < this.game.moves.length) continue;
      let move;
      try {
        move = R.parseMove(kept[i]);
      } catch {
        break;
      }
      if (!this.attempt(move)) break;
    }
    this.restoredUpTo = this.game.moves.length;
    this.replaying = false;
  }
}
