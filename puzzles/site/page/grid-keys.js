// A grid of buttons as one Tab stop, the arrows between them, as the
// position editor's palette (page/editor.js): Left and Right a button,
// Up and Down a row of ``columns``, Home and End the first and the last.
// The buttons may be drawn again: ``rove`` marks the one to come back to.

// The buttons of ``box`` answering the arrows (their Tab stop kept on the one last focused).
export function gridKeys(box, columns) {
  const keys = () => Array.from(box.querySelectorAll("button"));
  box.addEventListener("keydown", (event) => {
    const all = keys();
    const from = all.indexOf(event.target);
    const way = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns }[event.key];
    const to = { Home: 0, End: all.length - 1 }[event.key] ?? from + way;
    if (from < 0 || Number.isNaN(to) || to < 0 || to >= all.length) return;
    event.preventDefault();
    all[to].focus();
  });
  box.addEventListener("focusin", (event) => rove(box, event.target));
}

// ``key`` (or the first button, when it is not in ``box``) the Tab stop of ``box``.
export function rove(box, key) {
  const all = Array.from(box.querySelectorAll("button"));
  const stop = all.includes(key) ? key : all[0];
  all.forEach((k) => k.setAttribute("tabindex", k === stop ? "0" : "-1"));
}
