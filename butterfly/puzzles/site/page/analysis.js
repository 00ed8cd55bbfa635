// The analysis board (board.html): a deal of the Butterfly family opened by
// its number, its PySolFC number or its line (line.js), played by hand
// (hands.js) with undo and redo without limit, and, where the page is served
// by ``butterfly serve`` (its web API, docs/serve.md), asked whether it can
// still be won and what each move is worth, with a winning line stepped
// through on the picture. The position and the moves played from it are
// kept in the address (board.html#p=LINE&m=MOVES), a link that opens them again.
//
// Its state and every action are analysis-state.js's (the set-up from a link or a form analysis-setup.js's);
// analysis-view.js draws the board and the engine's answers, analysis-forms.js forwards the forms under it.
import { AnalysisState } from "./analysis-state.js";
import { freePlayForm, openingForms, reviewForms } from "./analysis-forms.js";
import { boardControls, engineButtons } from "./analysis-view.js";
import { el, svgEl } from "./dom.js";
import { ask, copyLink, noteWithout } from "./engine.js";
import { loadStats } from "./freeplay.js";

// The board page: ``data`` from build.py (layout, presets, start: the line opened by default, free: free play).
export function analysisBoard(data) {
  const state = new AnalysisState(data.free, loadStats(), ask);
  const play = document.getElementById("play");
  // The page's parts the views share (boardControls adds hands, render() and moved(status)).
  const ui = {
    status: el("p", { class: "status", role: "status" }),
    // under the board, in sight of it: the winning line's steps, and a review's
    lineSteps: el("div", { class: "steps" }),
    reviewSteps: el("div", { class: "steps" }),
    answer: el("p", { class: "answer", role: "status" }),
    values: el("div", { class: "values" }),
    reviewBox: document.getElementById("review-moves"),
    reviewShow: null, // the review panel's mark of the move shown (review.js reviewPanel), while it is shown
  };
  const box = el("div", { class: "board" });
  const svg = svgEl("svg", { class: "table", role: "group", "aria-label": "the board" });
  const controls = el("div", { class: "controls" });
  box.appendChild(svg);
  [ui.status, box, controls, ui.lineSteps, ui.reviewSteps].forEach((part) => play.appendChild(part));
  boardControls(state, ui, svg, data.layout, controls);
  engineButtons(state, ui);
  copyLink();
  reviewForms(state, ui);
  freePlayForm(state, ui);
  openingForms(state, ui, data.start);
  noteWithout(
    "to open deals by number, ask whether a position can still be won and see every move's value. " +
      "Opening a position's line and playing it work here without it.",
  );
}
