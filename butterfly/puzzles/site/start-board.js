// Starts the analysis board (board.html; butterfly/puzzles/site/build.py writes the
// page): the entry of its ES modules, as start-daily.js is the daily pages'.
// The page's data (JSON in <script id="page-data">): the board's measures,
// the rules' presets and the line opened when the address holds none.
import { analysisBoard } from "./page/analysis.js";
import { toolPage } from "./page/tool.js";

toolPage(analysisBoard);
