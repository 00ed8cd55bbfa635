// Drawing the Butterfly board: the butterfly as butterfly/games/patience/picture.py
// draws it (the measures, ``layout``, come from there through build.py): the
// foundations as its body, the rows L1.. as the left wing and R1.. as the
// right, each row's outer card outermost and whole, the basement below. The
// card faces are the page's own (build.py: <use> of "face-7H"). Drawn anew
// after every press; the wings keep the width of the longest rows seen and the
// board its tallest height on the screen, so that it never shrinks under the
// player's finger; and it is as large as fits on the first screen with what
// goes under it (fitOnScreen).
import * as R from "../rules.js";
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

// The cards in the longest row of each wing of ``p``: [left, right].
function reachOf(p) {
  const longest = (wing) =>
    Math.max(0, ...p.rows.filter((row, i) => p.rules.rowNames[i].charAt(0) === wing).map((row) => row.length));
  return [longest("L"), longest("R")];
}

// Of ``positions``, one with the longest left rows and one with the longest
// right: drawn once, they widen the board to what every one of them needs.
export function widest(positions) {
  return [0, 1].map((side) => positions.reduce((wide, p) => (reachOf(p)[side] > reachOf(wide)[side] ? p : wide)));
}

// A drawing of positions on ``svg``: draw(position, selected, targets), where
// ``selected`` is the chosen card ({card, source} or null) and ``targets`` the
// places it may go ({name: true}).
export function boardDrawing(svg, layout) {
  const G = layout;
  let reach = [0, 0]; // the longest rows seen, left and right
  let tallest = 0; // the board's tallest on the screen so far, in pixels
  window.addEventListener("resize", () => fitOnScreen(svg)); // a phone turned

  // A card that can be pressed: a row's outer card or a basement card.
  function movable(parent, selected, card, source, x, y) {
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

  // A place a chosen card can go to: a row, home or the basement, holding
  // what ``fill`` draws in it (its focus ring over that); ``can`` when the
  // chosen card may go there.
  function place(name, label, x, y, w, h, can, focusable, fill) {
    const attrs = { class: "target" + (can ? " can" : ""), "data-target": name };
    if (focusable) {
      attrs.role = "button";
      attrs.tabindex = "0";
      attrs["aria-label"] = label;
    }
    const g = svgEl("g", attrs);
    g.appendChild(svgEl("rect", { class: "area", x: x, y: y, width: w, height: h, rx: 8 }));
    fill(g);
    if (focusable) focusRing(g, x, y, w, h);
    svg.appendChild(g);
    return g;
  }

  return function draw(p, selected, targets) {
    const names = p.rules.rowNames;
    const left = [];
    const right = [];
    names.forEach((name, i) => (name.charAt(0) === "L" ? left : right).push(i));
    reach = reachOf(p).map((cards, side) => Math.max(reach[side], cards));
    const wing = (cards) => G.width + (Math.max(cards, G.minReach) - 1) * G.step;
    const levels = Math.max(left.length, right.length, 4);
    const bodyX = G.margin + G.label + wing(reach[0]) + G.gap;
    const bodyWidth = G.width + 12 * G.pileStep;
    const rightX = bodyX + bodyWidth + G.gap;
    const width = rightX + wing(reach[1]) + G.label + G.margin;
    const wingsHeight = levels * G.pitch;
    const drawn = G.margin + wingsHeight + (p.rules.cells ? G.pitch + 22 : 0) + G.margin - 14;
    const room = fitOnScreen(svg); // what goes under the board may have changed since (a line's steps shown)
    // As wide as the screen (a phone), longer rows would make the board shorter
    // and what is under it move up: it keeps the tallest it has been on the
    // screen (within the room), its drawing in the middle.
    const across = svg.parentNode.clientWidth;
    const height = across ? Math.max(drawn, (Math.min(tallest, room) * width) / across) : drawn;
    const top = G.margin + (height - drawn) / 2;
    svg.textContent = "";
    svg.setAttribute("viewBox", "0 0 " + width + " " + height);
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    tallest = Math.max(tallest, Math.floor(svg.getBoundingClientRect().height)); // whole pixels: no creeping up
    svg.appendChild(svgEl("rect", { class: "cloth", x: 0, y: 0, width: width, height: height }));
    // The body: each suit's pile, its top card last.
    const bodyTop = top + ((levels - 4) * G.pitch) / 2;
    place(
      R.FOUNDATION,
      "home (the foundations)",
      bodyX - 6,
      bodyTop - 6,
      bodyWidth + 12,
      3 * G.pitch + G.height + 12,
      targets[R.FOUNDATION],
      true,
      (home) => {
        for (let s = 0; s < 4; s++) {
          const y = bodyTop + s * G.pitch;
          if (!p.foundations[s]) home.appendChild(svgEl("use", { href: "#place-" + "CDHS".charAt(s), x: bodyX, y: y }));
          for (let rank = 1; rank <= p.foundations[s]; rank++) {
            const offset = (rank - 1) * G.pileStep;
            home.appendChild(
              svgEl("use", { href: "#face-" + R.cardText(s * 13 + rank - 1), x: bodyX + offset, y: y + offset }),
            );
          }
        }
      },
    );
    // The wings: the innermost card next to the body; an emptied row that is lost is gone.
    [left, right].forEach((side, onRight) => {
      side.forEach((i, level) => {
        const name = names[i];
        const cards = p.rows[i];
        if (!cards.length && p.rules.emptyRows === "lost") return;
        const y = top + level * G.pitch;
        const innerX = onRight ? rightX : bodyX - G.gap - G.width;
        const step = onRight ? G.step : -G.step;
        const areaX = onRight ? rightX - 4 : G.margin - 4;
        const areaWidth = onRight ? width - G.margin - rightX + 8 : bodyX - G.gap - G.margin + 8;
        const row = place(
          name,
          "row " + name + ", empty",
          areaX,
          y - 6,
          areaWidth,
          G.height + 12,
          targets[name],
          !cards.length,
          (g) => {
            const labelAttrs = { class: "label", x: onRight ? width - G.margin : G.margin, y: y + G.height / 2 + 5 };
            if (onRight) labelAttrs["text-anchor"] = "end";
            g.appendChild(svgEl("text", labelAttrs, name));
            if (!cards.length) g.appendChild(svgEl("use", { href: "#place", x: innerX, y: y }));
            cards.forEach((c, k) => {
              if (k < cards.length - 1)
                g.appendChild(svgEl("use", { href: "#face-" + R.cardText(c), x: innerX + k * step, y: y }));
            });
          },
        );
        // the outer card over the row's focus ring, so that its own shows whole
        if (cards.length) movable(row, selected, cards[cards.length - 1], name, innerX + (cards.length - 1) * step, y);
      });
    });
    // The basement (or free cells) below the body.
    if (p.rules.cells) {
      const by = top + wingsHeight + 22;
      const span = p.rules.cells * (G.width + 8) - 8;
      const bx = bodyX + bodyWidth / 2 - span / 2;
      const kind = p.rules.cellsOneWay ? "basement" : "free cells";
      // a place to press only while empty (as a row): its cards are the buttons then, and a
      // card pressed with another chosen names its place; a button inside a button is none to a screen reader
      const cells = place(
        R.CELL,
        kind,
        bx - 6,
        by - 6,
        span + 12,
        G.height + 12,
        targets[R.CELL],
        !p.cells.length,
        (g) => {
          g.appendChild(
            svgEl(
              "text",
              { class: "label small", x: bodyX + bodyWidth / 2, y: by - 10, "text-anchor": "middle" },
              kind,
            ),
          );
          for (let k = p.cells.length; k < p.rules.cells; k++)
            g.appendChild(svgEl("use", { href: "#place", x: bx + k * (G.width + 8), y: by }));
        },
      );
      p.cells.forEach((c, k) => movable(cells, selected, c, R.CELL, bx + k * (G.width + 8), by));
    }
  };
}
