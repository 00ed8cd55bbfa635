// Where board.js draws each part of the Butterfly board, with no page: the
// measures of butterfly/games/patience/picture.py (``G``, the page's layout)
// applied to a position, in the drawing's units. The left wing's rows are
// those named L.., the right's R..; the body of foundations between them,
// the basement (or free cells) below it.

// The cards in the longest row of each wing of ``p``: [left, right].
export function reachOf(p) {
  const longest = (wing) =>
    Math.max(0, ...p.rows.filter((row, i) => p.rules.rowNames[i].charAt(0) === wing).map((row) => row.length));
  return [longest("L"), longest("R")];
}

// The board's parts across and down for ``p``, its wings as wide as ``reach``
// (the longest rows seen, [left, right]): the rows of each wing (indices in
// p.rows, top first), the levels of rows, where the body and the right wing
// start, the width, the wings' height and the height the drawing needs.
export function boardMeasures(G, p, reach) {
  const left = [];
  const right = [];
  p.rules.rowNames.forEach((name, i) => (name.charAt(0) === "L" ? left : right).push(i));
  const wing = (cards) => G.width + (Math.max(cards, G.minReach) - 1) * G.step;
  const levels = Math.max(left.length, right.length, 4);
  const bodyX = G.margin + G.label + wing(reach[0]) + G.gap;
  const bodyWidth = G.width + 12 * G.pileStep;
  const rightX = bodyX + bodyWidth + G.gap;
  const width = rightX + wing(reach[1]) + G.label + G.margin;
  const wingsHeight = levels * G.pitch;
  const drawn = G.margin + wingsHeight + (p.rules.cells ? G.pitch + 22 : 0) + G.margin - 14;
  return { left, right, levels, bodyX, bodyWidth, rightX, width, wingsHeight, drawn };
}

// The board's height, in the drawing's units, shown ``across`` pixels wide
// (0 before it is laid out) in ``room`` pixels of the screen. As wide as the
// screen (a phone), longer rows would make the board shorter and what is under
// it move up: it keeps the ``tallest`` it has been on the screen (within the
// room), never less than its drawing needs.
export function heightShown(measures, across, room, tallest) {
  const { drawn, width } = measures;
  return across ? Math.max(drawn, (Math.min(tallest, room) * width) / across) : drawn;
}

// The body's top (the foundations in the middle of the wings), from the
// drawing's ``top``.
export function bodyTop(G, measures, top) {
  return top + ((measures.levels - 4) * G.pitch) / 2;
}

// A row at ``level`` of its wing: its cards' top ``y``, its innermost card's
// ``innerX`` (next to the body) and the ``step`` to the next card outwards, its
// place's ``areaX`` and ``areaWidth``, its name's ``labelX``.
export function rowMeasures(G, measures, top, level, onRight) {
  const { bodyX, rightX, width } = measures;
  return {
    y: top + level * G.pitch,
    innerX: onRight ? rightX : bodyX - G.gap - G.width,
    step: onRight ? G.step : -G.step,
    areaX: onRight ? rightX - 4 : G.margin - 4,
    areaWidth: onRight ? width - G.margin - rightX + 8 : bodyX - G.gap - G.margin + 8,
    labelX: onRight ? width - G.margin : G.margin,
  };
}

// The basement of ``cells`` places under the body: its cards' top ``y``, its
// first card's ``x`` and the ``span`` of them all, its middle ``centre``.
export function cellsMeasures(G, measures, top, cells) {
  const span = cells * (G.width + 8) - 8;
  const centre = measures.bodyX + measures.bodyWidth / 2;
  return { y: top + measures.wingsHeight + 22, x: centre - span / 2, span, centre };
}

// The ``k``th basement card's left edge.
export function cellX(G, cells, k) {
  return cells.x + k * (G.width + 8);
}
