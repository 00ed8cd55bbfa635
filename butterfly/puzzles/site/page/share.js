// The share: the text (as butterfly.puzzles.daily.share_text writes it, with the
// player's own squares and result) and its button.
import { button, el } from "./dom.js";

// The player's squares: a red one for each wrong try, then green, or black when given up.
export function squares(state) {
  let mine = "";
  for (let k = 0; k < state.misses; k++) mine += "\uD83D\uDFE5";
  return mine + (state.gaveUp ? "\u2B1B" : "\uD83D\uDFE9");
}

// ``share``: the page data's (head, solved, par, done, url); ``state``: the day's as kept.
export function shareText(share, state) {
  let result = share.solved;
  if (state.gaveUp) result = "given up";
  else if (share.par !== null && state.over !== null)
    result = share.done + " in " + (share.par + state.over) + " moves, par " + share.par;
  const lines = [share.head, squares(state) + " " + result];
  if (share.url) lines.push(share.url);
  return lines.join("\n");
}

// The system's share sheet where the browser has one (phones), else a copy
// to the clipboard; the text stays in view to copy by hand.
export function shareButton(text) {
  const say = el("span", { class: "shared", role: "status" });
  const share = button(
    navigator.share ? "Share" : "Copy the result",
    () => {
      if (navigator.share) {
        navigator.share({ text: text }).catch(() => {
          /* the sheet closed unshared: nothing to say */
        });
        return;
      }
      if (!navigator.clipboard) {
        say.textContent = "Copy it from the box above.";
        return;
      }
      navigator.clipboard.writeText(text).then(
        () => (say.textContent = "Copied."),
        () => (say.textContent = "Copy it from the box above."),
      );
    },
    { class: "primary", "data-action": "share" },
  );
  const box = el("div", { class: "share-row" });
  box.appendChild(share);
  box.appendChild(say);
  return box;
}
