// Dialogs over the page (native <dialog>, modal): How to play, and what
// every dialog shares.
import { remember, remembered, SEEN } from "./store.js";

// A press outside a dialog's box (on its backdrop: the dialog itself, its sheet filling the box) closes it.
export function closeOnBackdrop(dialog) {
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
}

// How to play: it opens by itself on the first visit only, and from the
// header's "?"; its button, Escape or a press outside it closes it.
// ``sunday``: a card game's day, where it opens at the Sunday games;
// ``byItself`` false: never by itself (the analysis board).
export function howToPlay(sunday, byItself = true) {
  const how = document.getElementById("how");
  if (!how || typeof how.showModal !== "function") return;
  function open() {
    if (how.open) return;
    how.showModal();
    const games = sunday && document.getElementById("how-sunday");
    if (games) games.scrollIntoView({ block: "start" });
  }
  closeOnBackdrop(how);
  const help = document.getElementById("help");
  if (help) {
    help.hidden = false;
    help.addEventListener("click", open);
  }
  // storage refused: never opened by itself, rather than on every page
  if (!byItself || remembered(SEEN) || !remember(SEEN, "yes")) return;
  open();
}
