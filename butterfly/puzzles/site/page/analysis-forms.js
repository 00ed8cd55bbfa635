// The analysis board's forms (board.html, under the board): a deal opened by its number, a position by
// its line or a link, a new free-play deal, a game reviewed. Each forwards what was typed to the state
// (analysis-state.js, analysis-setup.js) and draws what it says (analysis-view.js).
import { dealRequest, pastedOpening, recordRequest } from "./analysis-setup.js";
import { drawOpened, dropReview, showStats } from "./analysis-view.js";
import { el } from "./dom.js";
import { drawDeal, showDrawn } from "./freeplay.js";
import { reviewPanel } from "./review.js";
import { saidMessage } from "./words.js";

// Review: the game on the board, or a record pasted (its moves from the board's start when it names no deal).
export function reviewForms(state, ui) {
  const reviewSaid = document.getElementById("review-said");
  const refused = (text) => {
    dropReview(state, ui);
    reviewSaid.textContent = text;
  };
  // The reviewed game opened on the board, its review beside it, shown at the move the state chose.
  function review(body) {
    reviewSaid.textContent = "Reviewing the game\u2026";
    state.askReview(body).then((outcome) => {
      if (outcome === null) return;
      if (outcome.refusal !== undefined) {
        refused(outcome.refusal);
        return;
      }
      reviewSaid.textContent = "";
      const goTo = (n) => ui.moved(state.goTo(n));
      ui.reviewShow = reviewPanel(ui.reviewBox, ui.reviewSteps, state.reviewed.json, goTo);
      drawOpened(state, ui, outcome.status);
    });
  }
  document.getElementById("review-board").addEventListener("click", () => {
    const body = state.boardRecord();
    if (body === null) reviewSaid.textContent = "Play a move on the board first, or paste a game's record below.";
    else review(body);
  });
  document.getElementById("by-record").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = document.getElementById("record").value.trim();
    const asked = recordRequest(text, state.startLine());
    if (asked.body) review(asked.body);
    else if (asked.papillon) {
      refused("This is a Papillon game: review it on the ");
      reviewSaid.append(el("a", { href: "cards.html" }, "card-game board"), ".");
    } else if (text) refused(asked.refusal);
    else reviewSaid.textContent = asked.refusal; // (nothing pasted: a review shown stays)
  });
}

// Free play: a deal drawn at the grade chosen among those proved winnable, its grade and par shown, and the
// player's games counted by grade (begun at the first move, won once every card is home), kept by the browser.
export function freePlayForm(state, ui) {
  const freeSaid = document.getElementById("free-said");
  showStats(state.stats);
  document.getElementById("free-deal").addEventListener("submit", (event) => {
    event.preventDefault();
    const grade = document.getElementById("grade").value;
    freeSaid.textContent = "Dealing a new deal of grade " + grade + "\u2026";
    state.openFree(grade, drawDeal(state.deals, grade, Math.random)).then(
      (opened) => {
        drawOpened(state, ui, opened.status);
        showDrawn(freeSaid, document.getElementById("what"), opened.game);
      },
      (error) => (freeSaid.textContent = saidMessage(error.message)),
    );
  });
}

// Opening: by number (the engine deals it), by PySolFC number, or by a pasted line or link; else the address's
// game, else ``start`` (deal 1).
export function openingForms(state, ui, start) {
  const openSaid = document.getElementById("open-said");
  const say = (text) => (openSaid.textContent = text);
  // The address's position and moves, when it holds them: true when opened.
  function openAddress() {
    const opened = state.openAddress(window.location.hash);
    if (opened === null) return false;
    if (opened.refusal !== undefined) {
      say(opened.refusal);
      return false;
    }
    drawOpened(state, ui, opened.status);
    return true;
  }
  document.getElementById("by-number").addEventListener("submit", (event) => {
    event.preventDefault();
    const number = document.getElementById("number").value.trim();
    const game = document.getElementById("game").value;
    const theirs = document.getElementById("pysol").checked;
    const request = dealRequest(number, game, theirs);
    if (request.refusal) {
      say(request.refusal);
      return;
    }
    say("Dealing " + request.what + "\u2026");
    state.openDeal(request, number, !theirs && game === "butterfly").then(
      () => {
        say("");
        drawOpened(state, ui, "");
      },
      (error) => say(saidMessage(error.message)),
    );
  });
  document.getElementById("by-line").addEventListener("submit", (event) => {
    event.preventDefault();
    const pasted = pastedOpening(document.getElementById("line").value.trim());
    if (pasted.address !== undefined) {
      // a link to the board: its address opens as it would
      window.history.replaceState(null, "", pasted.address);
      if (openAddress()) say("");
      return;
    }
    const opened = pasted.refusal ? pasted : state.openLine(pasted.line, "A position");
    if (opened.refusal) say(opened.refusal);
    else {
      drawOpened(state, ui, opened.status);
      say("");
    }
  });
  window.addEventListener("hashchange", () => {
    if (window.location.hash !== state.address()) openAddress();
  });
  if (!openAddress()) drawOpened(state, ui, state.openLine(start, "Deal 1", state.parOf("1")).status);
}
