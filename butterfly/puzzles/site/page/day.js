// A day's page: the puzzle played (a Butterfly board, or a card game's
// choice), its progress kept and restored, wrong tries counted once, the end
// (solved or given up) with the finish panel and what shows under the board.
import * as R from "../rules.js";
import { showAfter } from "./after.js";
import { cardChoice } from "./card-choice.js";
import { localDate } from "./dates.js";
import { button, el } from "./dom.js";
import { figuresNow, finishPanel } from "./finish.js";
import { patienceBoard } from "./patience.js";
import { dayState, MOST_TRIED, saveDay } from "./store.js";
import { statsText } from "./streaks.js";
import { sayMove } from "./words.js";

// ``clock``: store.js readClock's reading as the page opened.
export function day(data, clock) {
  const puzzle = data.puzzle;
  const play = document.getElementById("play");
  const after = document.getElementById("after");
  const status = el("p", { class: "status", role: "status" });
  const today = localDate(new Date(clock.now));
  if (data.date > today) {
    // nothing of the puzzle before its day: neither its picture nor its goal
    ["picture", "goal"].forEach((id) => {
      const hidden = document.getElementById(id);
      if (hidden) hidden.hidden = true;
    });
    const when = document.querySelector(".meta time");
    play.appendChild(
      el(
        "p",
        { class: "status" },
        "This puzzle opens on " + (when ? when.textContent : data.date) + ": come back then.",
      ),
    );
    return;
  }
  const state = dayState(data.date);
  let restoring = false; // replaying the kept moves: nothing is counted or kept again
  let done = false; // solved or given up: the board takes no more moves
  const par = puzzle.proof && puzzle.proof.par ? puzzle.proof.par.moves : null;
  let board = null;
  let start = null;
  let giveUpButton = null;
  let showSolution = () => {};

  function keep() {
    if (!restoring) saveDay(data.date, state);
  }

  // A wrong try: ``what`` names it (a card, or a position proved lost), so that
  // the same try again, after an undo or a reload, is no second miss.
  // ``replayed``: reached again by the moves kept from before a reload, and counted then.
  function miss(message, what, replayed) {
    const again = state.tried.indexOf(what) >= 0;
    if (!again && state.tried.length < MOST_TRIED) state.tried.push(what);
    if (!again && !replayed) state.misses++;
    keep();
    status.textContent = again && !replayed ? "Already tried. " + message : message;
  }

  // Solved: ``count`` is the line's length for a puzzle with a par.
  function finish(message, count) {
    status.textContent = message;
    if (done || state.gaveUp) return;
    done = true;
    if (board) board.lock();
    const now = !state.solved; // solved just now, not opened solved
    if (now) {
      state.solved = true;
      state.on = today;
      state.at = clock.now;
      // Solved by a clock set back (docs/puzzles.md, "Progress, streak and statistics"): kept, but not for the streak.
      state.streak = !clock.back;
      state.over = par !== null && typeof count === "number" ? count - par : null;
      keep();
    }
    ended(message);
    if (now) finishPanel(message, state, data, showSolution);
  }

  function answerText() {
    return puzzle.answer.length
      ? "The answer: " + puzzle.answer.map((c) => c.map((m) => sayMove(data.patience, m)).join(" or ")).join("; ") + "."
      : "Given up. The solution can be stepped through under the board.";
  }

  function giveUp() {
    if (done) return;
    done = true;
    if (board) board.lock();
    state.gaveUp = true;
    keep();
    ended(answerText());
    finishPanel(answerText(), state, data, showSolution);
  }

  // The day over: what shows under the board, and Give up gone.
  function ended(result) {
    if (giveUpButton) giveUpButton.hidden = true;
    showSolution = showAfter(after, play, data, {
      status: status,
      board: board,
      start: start,
      openPanel: () => finishPanel(result, state, data, showSolution),
    });
  }

  play.appendChild(status);
  // A card game's verdicts go above its picture, in view with the cards tapped.
  const figure = document.getElementById("picture");
  if (!data.patience && figure) figure.parentNode.insertBefore(status, figure);
  const side = {
    status: status,
    finish: finish,
    miss: miss,
    changed: (moves) => {
      state.moves = moves.slice();
      keep();
    },
  };
  if (data.patience) {
    start = R.parsePosition(puzzle.position);
    board = patienceBoard(play, start, data.layout, puzzle, side);
    if (figure) figure.hidden = true;
  } else {
    board = cardChoice(play, puzzle, side, state.tried);
  }
  // Where the reader left the day: the moves replayed (each judged again, a wrong try already kept is not counted again).
  restoring = true;
  if (board.restore) board.restore(state.moves);
  restoring = false;
  if (state.solved) {
    if (!done)
      finish("Solved" + (state.on && state.on !== data.date ? " on " + state.on : "") + ". " + statsText(figuresNow()));
  } else if (state.gaveUp) {
    done = true;
    board.lock();
    status.textContent = answerText();
    ended(answerText());
  } else if (state.moves.length || state.misses) {
    status.textContent =
      "Welcome back: where you left it" + (state.misses ? " (" + state.misses + " wrong so far)" : "") + ".";
  }
  if (!done) {
    giveUpButton = button(
      "Give up",
      () => {
        // Next to Undo and Hint, one slip of a finger would end the day for good: ask first.
        if (!window.confirm("Give up? The answer will be shown, and the day counts as given up.")) return;
        status.textContent = answerText();
        giveUp();
      },
      { "data-action": "give-up" },
    );
    (board.controls || play).appendChild(giveUpButton);
  }
  if (board.fit) board.fit();
}
