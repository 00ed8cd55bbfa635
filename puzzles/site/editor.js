// The position editor's script (editor.html; puzzles/site/editor_page.py
// writes the page): the entry of its ES modules, as analysis.js is the board's.
// The page's data (JSON in <script id="page-data">): the picture's measures and the rules' presets.
import { usePresets } from "./rules.js";
import { contrastToggle } from "./page/contrast.js";
import { howToPlay } from "./page/dialogs.js";
import { positionEditor } from "./page/editor.js";
import { shortcuts } from "./page/input.js";
import { offline } from "./page/offline.js";
import { whenReady } from "./page/ready.js";

function main() {
  contrastToggle();
  const data = JSON.parse(document.getElementById("page-data").textContent);
  offline(data.span);
  howToPlay(false, false);
  shortcuts();
  usePresets(data.presets);
  positionEditor(data);
}

whenReady(main);
