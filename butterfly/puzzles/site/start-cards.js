// Starts the card-game board (cards.html; butterfly/puzzles/site/cards_page.py
// writes the page): the entry of its ES modules, as start-board.js is the
// analysis board's. Its keys are its own (page/grid-keys.js): not the
// Butterfly boards' shortcuts.
import { cardBoard } from "./page/cards-board.js";
import { toolPage } from "./page/tool.js";

toolPage(cardBoard, false);
