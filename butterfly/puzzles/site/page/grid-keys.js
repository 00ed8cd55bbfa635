// A grid of buttons as one Tab stop, the arrows between them, as the
// position editor's palette (page/editor-view.js): Left and Right a button, Up
// and Down the nearest button of the row drawn above or below (rows may be
// of any length: a suit a row, split in two on a phone), Home and End the
// first and the last. The buttons may be drawn again: ``rove`` marks the
// one to come back to.

// The button of ``all`` in the nearest row above (``way`` −1) or below (1) ``from``, the closest across.
function vertical(all, from, way) {
  const box = (b) => b.getBoundingClientRect();
  const at = box(from);
  const x = at.left + at.width / 2;
  const rows = all.filter((b) => Math.sign(box(b).top - at.top) === way);
  if (!rows.length) return null;
  const row = way > 0 ? Math.min(...rows.map((b) => box(b).top)) : Math.max(...rows.map((b) => box(b).top));
  const across = (b) => Math.abs(box(b).left + box(b).width / 2 - x);
  return rows.filter((b) => box(b).top === row).reduce((best, b) => (across(b) < across(best) ? b : best));
}

// The buttons of ``box`` answering the arrows (their Tab stop kept on the one last focused).
export function gridKeys(box) {
  box.addEventListener("keydown", (event) => {
    const all = Array.from(box.querySelectorAll("button"));
    const from = all.indexOf(event.target);
    if (from < 0) return;
    const step = { ArrowLeft: all[from - 1], ArrowRight: all[from + 1], Home: all[0], End: all[all.length - 1] };
    const way = { ArrowUp: -1, ArrowDown: 1 }[event.key];
    const to = way ? vertical(all, all[from], way) : step[event.key];
    if (!to) return;
    event.preventDefault();
    to.focus();
  });
  box.addEventListener("focusin", (event) => rove(box, event.target));
}

// ``key`` (or the first button, when it is not in ``box``) the Tab stop of ``box``.
export function rove(box, key) {
  const all = Array.from(box.querySelectorAll("button"));
  const stop = all.includes(key) ? key : all[0];
  all.forEach((k) => k.setAttribute("tabindex", k === stop ? "0" : "-1"));
}
