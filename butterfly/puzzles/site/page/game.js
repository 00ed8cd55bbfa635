// A Butterfly puzzle in play, with no page: the positions and moves, the
// puzzle's limit, undo and redo, and its kind's judge (kinds.js). The board
// (patience.js) shows it; the node tests and the shared corpus play it alone.
// With no puzzle (null) it is a game played freely, as on the analysis board
// (analysis-state.js): no limit, nothing judged.
import * as R from "../rules.js";
import { kindOf } from "./kinds.js";

// A game with no puzzle: its judge says nothing.
const FREELY = { judge: () => () => null };

export class Game {
  constructor(puzzle, start) {
    const kind = puzzle === null ? FREELY : kindOf(puzzle);
    this.kind = kind;
    this.limit = kind.limit ? kind.limit(puzzle) : null;
    this.judge = kind.judge(puzzle, start);
    this.history = [start];
    this.moves = [];
    this.automatic = []; // beside each move: made by the safe-cards option
    this.fixedMoves = 0; // moves played for the player (only moves): never undone
    this.failedAt = null; // where the line went wrong (failed)
    this.undone = []; // the moves taken back, the latest last, each {move, auto, position}: redo makes them again
  }

  current() {
    return this.history[this.history.length - 1];
  }

  // The moves the puzzle's limit still allows (null: no limit).
  movesLeft() {
    return this.limit === null ? null : this.limit - this.moves.length;
  }

  // Why ``move`` may not be made: the rules' reason, or the puzzle's limit; null when it may.
  refusal(move) {
    const reason = R.checkMove(this.current(), move);
    if (reason === null && this.limit !== null && this.moves.length >= this.limit) {
      return (
        "that would be move " +
        (this.moves.length + 1) +
        ", and " +
        this.limit +
        " is the most here: undo to try another line"
      );
    }
    return reason;
  }

  // ``move`` made (it must pass refusal); ``auto``: by the option that moves safe cards home.
  // Another move played: the moves taken back are no longer the game's.
  play(move, auto) {
    this.history.push(R.play(this.current(), move));
    this.moves.push(R.formatMove(move));
    this.automatic.push(auto === true);
    this.undone = [];
  }

  // The kind's verdict on the latest move: {finish, count}, {wrong}, {right}
  // (an only move found, more to come), or null. A step of only moves puts its
  // own position in place and plays the moves between (which cannot be undone).
  judgeLast() {
    const verdict = this.judge(this.current(), this.moves, this.limit);
    if (verdict && verdict.position) this.history[this.history.length - 1] = verdict.position;
    if (verdict && verdict.played) {
      verdict.played.forEach((p) => {
        this.moves.push(p.move);
        this.automatic.push(false);
        this.history.push(p.position);
      });
      this.fixedMoves = this.moves.length;
    }
    return verdict;
  }

  canUndo() {
    return this.moves.length > this.fixedMoves;
  }

  // A move taken back, with the moves the option made after it; false when none may be.
  undo() {
    if (!this.canUndo()) return false;
    let wasAuto;
    do {
      wasAuto = this.automatic.pop();
      this.undone.push({ move: this.moves.pop(), auto: wasAuto, position: this.history.pop() });
    } while (wasAuto && this.moves.length > this.fixedMoves);
    if (this.failedAt !== null && this.moves.length < this.failedAt) this.failedAt = null;
    return true;
  }

  // The move last taken back made again (with the moves the option made after it); false when none was.
  redo() {
    if (!this.undone.length) return false;
    do {
      const next = this.undone.pop();
      this.moves.push(next.move);
      this.automatic.push(next.auto);
      this.history.push(next.position);
    } while (this.undone.length && this.undone[this.undone.length - 1].auto);
    return true;
  }

  // The game's moves, those taken back included (in the order played).
  allMoves() {
    return this.moves.concat(this.undone.map((u) => u.move).reverse());
  }

  // The game shown after its ``n``-th move (within the moves it has), by undo or redo.
  goTo(n) {
    while (this.moves.length > n && this.undo());
    while (this.moves.length < n && this.redo());
  }

  // One wrong attempt is one wrong try, however many moves are played after it:
  // the line counts again only once undone to before where it went wrong. The
  // try's name the first time (the position reached, with the moves used where
  // they are limited: the same one again, by any line, is the same try); null after.
  failed() {
    if (this.failedAt !== null) return null;
    this.failedAt = this.moves.length;
    return R.key(this.current()) + (this.limit === null ? "" : " @" + this.moves.length);
  }

  // The solution stepper's view: ``position`` after the solution's ``moves`` (nothing more is played).
  show(position, moves) {
    this.history = [position];
    this.moves = moves;
    this.automatic = [];
    this.undone = [];
  }
}
