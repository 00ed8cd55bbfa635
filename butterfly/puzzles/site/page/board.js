// Drawing the Butterfly board: the butterfly as butterfly/games/patience/picture.py
// draws it (the measures, ``layout``, come from there through build.py; where
// each part goes, board-measures.js): the foundations as its body, the rows
// L1.. as the left wing and R1.. as the right, each row's outer card outermost
// and whole, the basement below. The card faces are the page's own (build.py:
// <use> of "face-7H"). Drawn anew after every press; the wings keep the width
// of the longest rows seen and the board its tallest height on the screen, so
// that it never shrinks under the player's finger; and it is as large as fits
// on the first screen with what goes under it (fitOnScreen).
import * as R from "../rules.js";
import { bodyTop, boardMeasures, cellX, cellsMeasures, heightShown, reachOf, rowMeasures } from "./board-measures.js";
import { svgEl } from "./dom.js";
import { shown } from "./words.js";

function focusRing(g, x, y, w, h) {
  g.appendChild(svgEl("rect", { class: "ring-out", x: x - 5, y: y - 5, width: w + 10, height: h + 10, rx: 8 }));
  g.appendChild(svgEl("rect", { class: "ring-in", x: x - 5, y: y - 5, width: w + 10, height: h + 10, rx: 8 }));
}

// The board (``svg`` in its box) as large as fits on the first screen with
// what goes under it in its section (its controls, a line's steps), never
// smaller than a third of the screen, as laid out now: that height, in pixels.
export function fitOnScreen(svg) {
  const box = svg.parentNode;
  const top = box.getBoundingClientRect().top + window.scrollY;
  const shown = Array.from(box.parentNode.children).filter((part) => part.offsetParent !== null);
  const under = shown[shown.length - 1].getBoundingClientRect().bottom - box.getBoundingClientRect().bottom;
  const room = Math.max(window.innerHeight - top - under - 12, window.innerHeight / 3);
  svg.style.maxHeight = room + "px";
  return room;
}

// Of ``positions``, one with the longest left rows and one with the longest
// right: drawn once, they widen the board to what every one of them needs.
export function widest(positions) {
  return [0, 1].map((side) => positions.reduce((wide, p) => (reachOf(p)[side] > reachOf(wide)[side] ? p : wide)));
}

// What one drawing of the board draws with: ``svg``, the layout ``G``, the
// position ``p``, the chosen card ``selected``, the places it may go
// ``targets``, the measures (board-measures.js) and the drawing's ``top``.

// A card that can be pressed (a row's outer card or a basement card), in ``parent``.
function movable(board, parent, card, source, x, y) {
  const { G, selected } = board;
  const text = R.cardText(card);
  const isSelected = selected && selected.card === card && selected.source === source;
  const g = svgEl("g", {
    class: "movable" + (isSelected ? " selected" : ""),
    role: "button",
    tabindex: "0",
    "aria-pressed": isSelected ? "true" : "false",
    "aria-label": shown(card) + (source === R.CELL ? " in the basement" : " on row " + source),
    "data-card": text,
    "data-source": source,
  });
  if (isSelected) y -= 8;
  g.appendChild(svgEl("use", { href: "#face-" + text, x: x, y: y }));
  if (isSelected)
    g.appendChild(
      svgEl("rect", { class: "picked", x: x - 1, y: y - 1, width: G.width + 2, height: G.height + 2, rx: 6 }),
    );
  focusRing(g, x, y, G.width, G.height);
  parent.appendChild(g);
}

// A place a chosen card can go to, ``name`` (a row, home or the basement), in
// the area {x, y, w, h}, holding what ``fill`` draws in it (its focus ring over
// that, when ``focusable``); lit when the chosen card may go there.
function place(board, name, label, area, focusable, fill) {
  const { x, y, w, h } = area;
  const attrs = { class: "target" + (board.targets[name] ? " can" : ""), "data-target": name };
  if (focusable) {
    attrs.role = "button";
    attrs.tabindex = "0";
    attrs["aria-label"] = label;
  }
  const g = svgEl("g", attrs);
  g.appendChild(svgEl("rect", { class: "area", x: x, y: y, width: w, height: h, rx: 8 }));
  fill(g);
  if (focusable) focusRing(g, x, y, w, h);
  board.svg.appendChild(g);
  return g;
}

// The body: each suit's pile, its top card last (an empty pile's place shown).
function drawHome(board) {
  const { G, p, measures } = board;
  const { bodyX, bodyWidth } = measures;
  const top = bodyTop(G, measures, board.top);
  const area = { x: bodyX - 6, y: top - 6, w: bodyWidth + 12, h: 3 * G.pitch + G.height + 12 };
  place(board, R.FOUNDATION, "home (the foundations)", area, true, (home) => {
    for (let s = 0; s < 4; s++) {
      const y = top + s * G.pitch;
      if (!p.foundations[s]) home.appendChild(svgEl("use", { href: "#place-" + "CDHS".charAt(s), x: bodyX, y: y }));
      for (let rank = 1; rank <= p.foundations[s]; rank++) {
        const offset = (rank - 1) * G.pileStep;
        home.appendChild(
          svgEl("use", { href: "#face-" + R.cardText(s * 13 + rank - 1), x: bodyX + offset, y: y + offset }),
        );
      }
    }
  });
}

// Row ``i`` at ``level`` of its wing: the innermost card next to the body, its
// outer card a card to press; an emptied row that is lost is gone.
function drawRow(board, i, level, onRight) {
  const { G, p } = board;
  const name = p.rules.rowNames[i];
  const cards = p.rows[i];
  if (!cards.length && p.rules.emptyRows === "lost") return;
  const at = rowMeasures(G, board.measures, board.top, level, onRight);
  const { y, innerX, step } = at;
  const area = { x: at.areaX, y: y - 6, w: at.areaWidth, h: G.height + 12 };
  const row = place(board, name, "row " + name + ", empty", area, !cards.length, (g) => {
    const labelAttrs = { class: "label", x: at.labelX, y: y + G.height / 2 + 5 };
    if (onRight) labelAttrs["text-anchor"] = "end";
    g.appendChild(svgEl("text", labelAttrs, name));
    if (!cards.length) g.appendChild(svgEl("use", { href: "#place", x: innerX, y: y }));
    cards.forEach((c, k) => {
      if (k < cards.length - 1)
        g.appendChild(svgEl("use", { href: "#face-" + R.cardText(c), x: innerX + k * step, y: y }));
    });
  });
  // the outer card over the row's focus ring, so that its own shows whole
  if (cards.length) movable(board, row, cards[cards.length - 1], name, innerX + (cards.length - 1) * step, y);
}

// The basement (or free cells) below the body.
function drawCells(board) {
  const { G, p } = board;
  const cells = cellsMeasures(G, board.measures, board.top, p.rules.cells);
  const kind = p.rules.cellsOneWay ? "basement" : "free cells";
  const area = { x: cells.x - 6, y: cells.y - 6, w: cells.span + 12, h: G.height + 12 };
  // a place to press only while empty (as a row): its cards are the buttons then, and a
  // card pressed with another chosen names its place; a button inside a button is none to a screen reader
  const basement = place(board, R.CELL, kind, area, !p.cells.length, (g) => {
    const labelAttrs = { class: "label small", x: cells.centre, y: cells.y - 10, "text-anchor": "middle" };
    g.appendChild(svgEl("text", labelAttrs, kind));
    for (let k = p.cells.length; k < p.rules.cells; k++)
      g.appendChild(svgEl("use", { href: "#place", x: cellX(G, cells, k), y: cells.y }));
  });
  p.cells.forEach((c, k) => movable(board, basement, c, R.CELL, cellX(G, cells, k), cells.y));
}

// The svg emptied and sized ``width`` by ``height``, the cloth under all.
function clearTo(svg, width, height) {
  svg.textContent = "";
  svg.setAttribute("viewBox", "0 0 " + width + " " + height);
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
}

// A drawing of positions on ``svg``: draw(position, selected, targets), where
// ``selected`` is the chosen card ({card, source} or null) and ``targets`` the
// places it may go ({name: true}).
export function boardDrawing(svg, layout) {
  const G = layout;
  let reach = [0, 0]; // the longest rows seen, left and right
  let tallest = 0; // the board's tallest on the screen so far, in pixels
  window.addEventListener("resize", () => fitOnScreen(svg)); // a phone turned

  return function draw(p, selected, targets) {
    reach = reachOf(p).map((cards, side) => Math.max(reach[side], cards));
    const measures = boardMeasures(G, p, reach);
    const room = fitOnScreen(svg); // what goes under the board may have changed since (a line's steps shown)
    const height = heightShown(measures, svg.parentNode.clientWidth, room, tallest);
    clearTo(svg, measures.width, height);
    tallest = Math.max(tallest, Math.floor(svg.getBoundingClientRect().height)); // whole pixels: no creeping up
    svg.appendChild(svgEl("rect", { class: "cloth", x: 0, y: 0, width: measures.width, height: height }));
    const board = { svg, G, p, selected, targets, measures, top: G.margin + (height - measures.drawn) / 2 };
    drawHome(board);
    [measures.left, measures.right].forEach((side, onRight) =>
      side.forEach((i, level) => drawRow(board, i, level, onRight)),
    );
    if (p.rules.cells) drawCells(board);
  };
}
