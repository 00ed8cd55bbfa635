// Starts the position editor (editor.html; butterfly/puzzles/site/editor_page.py
// writes the page): the entry of its ES modules, as start-board.js is the board's.
// The page's data (JSON in <script id="page-data">): the picture's measures and the rules' presets.
import { positionEditor } from "./page/editor-view.js";
import { toolPage } from "./page/tool.js";

toolPage(positionEditor);
