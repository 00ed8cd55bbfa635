// What the tool pages' scripts (the analysis board, the position editor, the
// card-game board) do before their own: the contrast toggle, the days kept
// offline, How to play, the board's keys (``keys``) and the rules' presets
// when the page carries them; then ``start(data)``, data being the page's
// JSON (<script id="page-data">).
import { usePresets } from "../rules.js";
import { contrastToggle } from "./contrast.js";
import { howToPlay } from "./dialogs.js";
import { shortcuts } from "./input.js";
import { offline } from "./offline.js";
import { whenReady } from "./ready.js";

export function toolPage(start, keys = true) {
  whenReady(() => {
    contrastToggle();
    const data = JSON.parse(document.getElementById("page-data").textContent);
    offline(data.span);
    howToPlay(false, false);
    if (keys) shortcuts();
    if (data.presets) usePresets(data.presets);
    start(data);
  });
}
