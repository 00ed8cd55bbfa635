// The card-game board's script (cards.html; puzzles/site/cards_page.py
// writes the page): the entry of its ES modules, as analysis.js is the
// analysis board's.
import { cardBoard } from "./page/cards-board.js";
import { contrastToggle } from "./page/contrast.js";
import { howToPlay } from "./page/dialogs.js";
import { offline } from "./page/offline.js";
import { whenReady } from "./page/ready.js";

function main() {
  contrastToggle();
  howToPlay(false, false);
  offline(JSON.parse(document.getElementById("page-data").textContent).span);
  cardBoard();
}

whenReady(main);
