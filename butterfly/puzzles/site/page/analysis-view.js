// The analysis board's view (board.html; analysis.js puts the page together): it draws the state
// (analysis-state.js) — the board, Undo and Redo, the engine's answers, the winning line's steps, the
// player's free-play statistics — and forwards the player's presses to it; it decides nothing itself.
import { WAITING } from "./analysis-state.js";
import { rulesWords } from "./analysis-setup.js";
import { button, el } from "./dom.js";
import { GRADES } from "./freeplay.js";
import { handPlay } from "./hands.js";
import { rankMoves, valueWords } from "./move-values.js";
import { said } from "./words.js";

// The board played by hand, Undo, Redo and the counter; ``ui.render()`` draws them from the state.
export function boardControls(state, ui, svg, layout, controls) {
  const counter = el("span", { class: "counter" });
  const hands = handPlay(svg, layout, {
    position: () => state.position(),
    locked: () => state.viewing() !== null,
    waiting: () => (ui.status.textContent = WAITING),
    move: (move) => {
      const tried = state.tryMove(move);
      ui.status.textContent = tried.status;
      if (tried.played) drawChanged(state, ui);
      else ui.render();
      return tried.played;
    },
    say: (text) => (ui.status.textContent = text),
    render: () => ui.render(),
    went: () => state.went(),
  });
  // Undo, Redo and the review's steps: the status, or null when nothing changed.
  const moved = (status) => {
    if (status === null) return;
    hands.drop();
    ui.status.textContent = status;
    drawChanged(state, ui);
  };
  const undo = button("Undo", () => moved(state.undo()), { "data-action": "undo", "aria-keyshortcuts": "U Control+Z" });
  const redo = button("Redo", () => moved(state.redo()), { "data-action": "redo", "aria-keyshortcuts": "R Control+Y" });
  [undo, redo, counter].forEach((part) => controls.appendChild(part));
  ui.hands = hands;
  ui.moved = moved;
  ui.render = () => {
    undo.disabled = !state.canUndo();
    redo.disabled = !state.canRedo();
    counter.textContent = state.counterWords();
    if (ui.reviewShow) ui.reviewShow(state.at());
    hands.draw();
  };
}

// After every move, undo or redo: the picture, the address, and the engine's answers (about another position now) gone.
export function drawChanged(state, ui) {
  ui.answer.textContent = "";
  ui.values.textContent = "";
  ui.lineSteps.textContent = "";
  if (!state.reviewed) dropReview(state, ui);
  if (state.freeWords) document.getElementById("free-said").textContent = state.freeWords;
  showStats(state.stats);
  const hash = state.address();
  if (window.location.hash !== hash) window.history.replaceState(null, "", hash);
  document.getElementById("link").value = window.location.href;
  document.getElementById("to-editor").href = state.editorLink();
  document.getElementById("copied").textContent = "";
  ui.render();
}

// A game opened (its ``status``: why a link's move was not played, or nothing): what it is, then as changed.
export function drawOpened(state, ui, status) {
  ui.hands.drop();
  document.getElementById("what").textContent = state.what + " \u00b7 " + rulesWords(state.game.history[0]);
  // (a link from a day page opens a game of its grade: "A new deal" then deals that grade again)
  if (state.free) document.getElementById("grade").value = state.free.grade;
  ui.status.textContent = status;
  drawChanged(state, ui);
}

// No review shown (of another game, or a record refused).
export function dropReview(state, ui) {
  state.dropReview();
  ui.reviewShow = null;
  ui.reviewBox.textContent = "";
  ui.reviewSteps.textContent = "";
}

// The player's free-play statistics by grade.
export function showStats(stats) {
  const rows = document.querySelector("#free-stats tbody");
  rows.textContent = "";
  GRADES.forEach((g) => {
    const row = el("tr");
    row.appendChild(el("th", { scope: "row" }, g));
    const kept = stats[g];
    [kept.played, kept.won, kept.best === null ? "\u2013" : kept.best].forEach((v) =>
      row.appendChild(el("td", null, String(v))),
    );
    rows.appendChild(row);
  });
}

// The engine's questions, answered only when asked (nothing is spoiled).
export function engineButtons(state, ui) {
  const engine = document.getElementById("engine");
  const tell = (text) => (ui.answer.textContent = text);
  const winnable = button("Is this still winnable?", () => state.askWinnable(tell), { "data-action": "winnable" });
  const values = () => {
    ui.values.textContent = "";
    state.askValues(tell, (json, searching, offered) => drawValues(state, ui, json, searching, offered));
  };
  const showValues = button("Show the values", values, { "data-action": "values" });
  const hint = button("A hint", () => state.askHint(tell), { "data-action": "hint" });
  [winnable, showValues, hint, ui.answer, ui.values].forEach((part) => engine.appendChild(part));
}

// The values: each legal move as players say it (a button that plays it), the winning moves shortest first,
// and the winning line offered (``offered``: the state's) to step through; ``searching``: the winning moves'
// lengths (and the moves not yet decided) are still being searched. The focus stays on its button.
function drawValues(state, ui, json, searching, offered) {
  const keyOf = (b) => b.getAttribute("data-move") || b.getAttribute("data-action");
  const parts = [ui.values, ui.lineSteps];
  const again = parts.some((part) => part.contains(document.activeElement)) ? keyOf(document.activeElement) : null;
  // the list folds away (it is long on a phone); drawn again, it stays as the player left it
  const folded = ui.values.querySelector("details:not([open])") !== null;
  ui.values.textContent = "";
  const fold = el("details", folded ? {} : { open: "" });
  const summary = el("summary");
  summary.appendChild(el("h3", null, "The moves from here"));
  fold.appendChild(summary);
  ui.values.appendChild(fold);
  const list = el("ul", { class: "move-values" });
  rankMoves(json.moves, searching).forEach((m) => {
    const item = el("li");
    const text = said(m.move) + ": " + valueWords(m, searching);
    const played = () => {
      if (state.viewing()) return;
      ui.hands.drop();
      const status = state.playValue(m.move);
      if (status === null) return;
      ui.status.textContent = status;
      drawChanged(state, ui);
    };
    item.appendChild(button(text, played, { class: "value value-" + m.value, "data-move": m.move }));
    list.appendChild(item);
  });
  fold.appendChild(list);
  if (offered) {
    drawLine(state, ui);
    if (offered.status !== null) ui.status.textContent = offered.status;
    ui.render();
  }
  if (again) parts.forEach((part) => part.querySelectorAll("button").forEach((b) => keyOf(b) === again && b.focus()));
}

// The winning line offered, stepped through on the board with Previous and Next, under it.
function drawLine(state, ui) {
  ui.lineSteps.textContent = "";
  const step = el("p", { class: "step", "aria-live": "polite" });
  const go = (to) => {
    const status = state.step(to);
    if (status !== null) ui.status.textContent = status;
    show();
    ui.render();
  };
  const back = button("Previous", () => go(state.stepping.k - 1), { "data-action": "previous" });
  const next = button("Next", () => go(state.stepping.k + 1), { "data-action": "next" });
  const leave = button("Back to the game", () => go(0), { "data-action": "leave" });
  ui.lineSteps.appendChild(step);
  const row = el("div", { class: "controls" });
  [back, next, leave].forEach((b) => row.appendChild(b));
  ui.lineSteps.appendChild(row);
  function show() {
    const k = state.stepping.k;
    ui.hands.drop();
    back.disabled = k === 0;
    next.disabled = k === state.stepping.offer.line.length;
    leave.disabled = k === 0;
    step.textContent = state.stepWords();
  }
  show();
}
