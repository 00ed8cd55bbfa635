// The card-game board (cards.html): a Papillon, La Mouche or Le Pamphile
// deal or ending set up by clicks (choose a place, then click its cards),
// and, where the page is served by butterfly serve, the rules' verdict on
// it, every card's value (all hands open, or from the seat to move), play
// through it with undo, and a recorded game reviewed hand by hand. The
// position is kept in the address (cards.html#p=LINE), a link that opens it
// again. The state and its actions are page/cards-state.js's (no page: tested
// with node); this module and the views it starts only draw them
// (page/cards-set-up.js, cards-counters.js, cards-values.js, cards-play.js,
// cards-review.js) and ask the engine.
import { readMoves } from "./cards-answers.js";
import { playView } from "./cards-play.js";
import { reviewView } from "./cards-review.js";
import { say, setUpView } from "./cards-set-up.js";
import { CardBoard } from "./cards-state.js";
import { valuesView } from "./cards-values.js";
import { el } from "./dom.js";
import { ask, copyLink, engineHere, noteWithout } from "./engine.js";
import { saidCards } from "./words.js";

export function cardBoard() {
  const board = new CardBoard();
  let asked = 0;
  // A question's turn (a redraw is one): its answer is drawn only while no later one was asked.
  function turn() {
    const mine = ++asked;
    return () => mine === asked;
  }

  const root = document.getElementById("setup");
  const setUp = setUpView(board, root, redraw);
  const lineOut = document.getElementById("line-out");
  const link = document.getElementById("link");
  copyLink();
  // (a deal that shows why a card is worse opens as any line does, and the set-up is scrolled to)
  const openDeal = (position) => openLine(position, "This deal") && root.scrollIntoView();
  const values = valuesView(board, document.getElementById("engine"), setUp, turn, openDeal);
  const play = playView(board, document.getElementById("play-through"), redraw);

  // The board drawn again after an action (the counters too unless one is being typed in: ``typing``): the
  // set-up, its status, the line and the link, the values' buttons, then the rules asked.
  function redraw(typing) {
    const latest = turn();
    setUp.draw(typing);
    const line = board.line();
    lineOut.value = line;
    const hash = "#p=" + line;
    if (window.location.hash !== hash) window.history.replaceState(null, "", hash);
    link.value = window.location.href;
    document.getElementById("copied").textContent = "";
    values.draw();
    play.draw();
    say(setUp.rulesOut, "");
    play.engineStopped(false);
    askRules(latest);
  }

  // The rules' word on the set-up (served only): accepted with whose turn it is, or refused in one sentence.
  function askRules(latest) {
    const question = board.rulesQuestion();
    if (question === null) return;
    if (question.note) {
      say(setUp.rulesOut, "", question.note);
      return;
    }
    engineHere().then((here) => {
      if (!here) return;
      ask("api/moves", { position: question.line }, "").then(
        (json) => {
          if (!latest()) return;
          say(setUp.rulesOut, "", board.rulesAnswered(readMoves(json)));
          play.draw();
        },
        (error) => {
          if (!latest()) return;
          if (!error.stopped) {
            say(setUp.rulesOut, "Not a position the rules allow: " + saidCards(error.message));
            return;
          }
          // (unreachable is not illegal: the set-up says so, the play says what to do, beside its choices)
          say(setUp.rulesOut, "The rules could not be asked: the engine is not answering.");
          play.engineStopped(true);
        },
      );
    });
  }

  // ---- opening a line -----------------------------------------------------------------

  const said = document.getElementById("open-said");
  function openLine(text, what) {
    try {
      board.open(text);
    } catch (error) {
      said.textContent = what + " cannot be read: " + error.message + ".";
      return false;
    }
    said.textContent = "";
    play.forget(); // (it was about another position)
    redraw();
    return true;
  }

  reviewView((position) => openLine(position, "This move\u2019s position") && root.scrollIntoView());

  document.getElementById("by-line").addEventListener("submit", (event) => {
    event.preventDefault();
    let text = document.getElementById("line").value.trim();
    const found = /[#&]p=([^&]+)/.exec(text);
    if (found) text = found[1];
    if (!text) said.textContent = "Paste a position\u2019s line or a link to this board first.";
    else openLine(text, "That line");
  });
  // (read as the analysis board and the editor read it: a broken %-escape is a line that cannot be read, not a crash)
  const linked = new URLSearchParams(window.location.hash.slice(1)).get("p");
  if (!linked) redraw();
  else if (!openLine(linked, "This link\u2019s position")) {
    redraw();
    // (said in the set-up too: on a phone, Open a position is far below)
    setUp.problemsOut.prepend(el("strong", null, said.textContent), " ");
  }
  noteWithout(
    "to have the set-up checked by the rules, see every card\u2019s value, play it through and review a game. " +
      "Setting up, the line and the link work here without it.",
  );
}
