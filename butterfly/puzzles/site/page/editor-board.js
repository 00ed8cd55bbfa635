// The position editor's picture (editor.html): the butterfly as the board
// draws it (page/board.js, the measures ``layout`` from build.py, the faces
// <use>d by id), but every card of a row can be pressed, not only the outer
// one, and every place takes a card: an empty row, an empty pile at home, an
// empty cell. A row the game lacks is drawn until its cards are moved. Each
// pressable node is one button (role, tabindex -1: the page keeps one of them
// in the Tab order and the arrow keys go between them, page/input.js).
import * as R from "../rules.js";
import { svgEl } from "./dom.js";
import { SUIT_NAMES } from "./editor-layout.js";
import { shown } from "./words.js";

// The ring a focused node shows, around the part of it that is seen.
function focusRing(g, x, y, w, h) {
  for (const cls of ["ring-out", "ring-in"])
    g.appendChild(svgEl("rect", { class: cls, x: x - 5, y: y - 5, width: w + 10, height: h + 10, rx: 8 }));
}

function pressable(g, label) {
  g.setAttribute("role", "button");
  g.setAttribute("tabindex", "-1");
  g.setAttribute("aria-label", label);
  return g;
}

// A drawing of layouts on ``svg``: draw(layout, picked, title), ``picked`` the card
// picked up ({card, source, index}, source "palette" for one not yet placed) or null,
// ``title`` the game as the page names it ("Beleaguered Castle").
export function editorDrawing(svg, G) {
  let reach = [0, 0]; // the longest rows seen, left and right: the picture never shrinks under a finger

  function card(parent, c, source, index, label, x, y, seen, picked) {
    const isPicked = picked && picked.card === c && picked.source === source && picked.index === index;
    const g = pressable(svgEl("g", { class: "placed" + (isPicked ? " selected" : "") }), label);
    g.setAttribute("data-card", R.cardText(c));
    g.setAttribute("data-source", source);
    g.setAttribute("data-index", index);
    g.setAttribute("aria-pressed", isPicked ? "true" : "false");
    g.appendChild(svgEl("use", { href: "#face-" + R.cardText(c), x: x, y: isPicked ? y - 8 : y }));
    focusRing(g, seen.x, isPicked ? y - 8 : y, seen.width, G.height);
    parent.appendChild(g);
    return isPicked ? { x: x, y: y - 8 } : null;
  }

  function area(name, x, y, w, h, extra) {
    const g = svgEl("g", { class: "target" + (extra ? " extra" : ""), "data-target": name });
    g.appendChild(svgEl("rect", { class: "area", x: x, y: y, width: w, height: h, rx: 8 }));
    svg.appendChild(g);
    return g;
  }

  function empty(parent, name, label, face, x, y) {
    const g = pressable(svgEl("g", { class: "empty", "data-target": name }), label);
    g.appendChild(svgEl("use", { href: face, x: x, y: y }));
    // the place's outline is all it paints: its inside takes the press as well
    g.appendChild(svgEl("rect", { class: "area", x: x, y: y, width: G.width, height: G.height, rx: 6 }));
    focusRing(g, x, y, G.width, G.height);
    parent.appendChild(g);
  }

  return function draw(layout, picked, title) {
    const rules = layout.rules;
    const names = Object.keys(layout.rows);
    const wings = [names.filter((n) => n.charAt(0) === "L"), names.filter((n) => n.charAt(0) === "R")];
    wings.forEach((wing) => wing.sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))));
    const longest = (wing) => Math.max(0, ...wing.map((n) => layout.rows[n].length));
    reach = [Math.max(reach[0], longest(wings[0])), Math.max(reach[1], longest(wings[1]))];
    const wingWidth = (cards) => G.width + (Math.max(cards, G.minReach) - 1) * G.step;
    const levels = Math.max(wings[0].length, wings[1].length, 4);
    const top = G.margin;
    const bodyX = G.margin + G.label + wingWidth(reach[0]) + G.gap;
    const bodyWidth = G.width + 12 * G.pileStep;
    const rightX = bodyX + bodyWidth + G.gap;
    const width = rightX + wingWidth(reach[1]) + G.label + G.margin;
    const slots = Math.max(rules.cells, layout.cells.length);
    const cellsTop = top + levels * G.pitch + 22;
    const height = top + levels * G.pitch + (slots ? G.pitch + 22 : 0) + G.margin - 14;
    svg.textContent = "";
    svg.setAttribute("viewBox", "0 0 " + width + " " + height);
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    svg.appendChild(svgEl("rect", { class: "cloth", x: 0, y: 0, width: width, height: height }));
    let lifted = null; // where the picked card is drawn: its frame goes over everything

    // Home: each suit's pile, its top card the one to press.
    const bodyTop = top + ((levels - 4) * G.pitch) / 2;
    const home = area(R.FOUNDATION, bodyX - 6, bodyTop - 6, bodyWidth + 12, 3 * G.pitch + G.height + 12);
    layout.foundations.forEach((rank, s) => {
      const y = bodyTop + s * G.pitch;
      if (!rank) {
        empty(
          home,
          R.FOUNDATION,
          "home, the " + SUIT_NAMES[s] + " pile: empty",
          "#place-" + "CDHS".charAt(s),
          bodyX,
          y,
        );
        return;
      }
      for (let r = 1; r < rank; r++)
        home.appendChild(
          svgEl("use", {
            href: "#face-" + R.cardText(s * 13 + r - 1),
            x: bodyX + (r - 1) * G.pileStep,
            y: y + (r - 1) * G.pileStep,
          }),
        );
      const c = s * 13 + rank - 1;
      const offset = (rank - 1) * G.pileStep;
      const label = shown(c) + " at home, the top of the " + SUIT_NAMES[s] + " pile";
      const seen = { x: bodyX + offset, width: G.width };
      lifted = card(home, c, R.FOUNDATION, s, label, bodyX + offset, y + offset, seen, picked) || lifted;
    });

    // The wings: each row from its innermost card, next to the body, to its outer card.
    wings.forEach((wing, onRight) => {
      wing.forEach((name, level) => {
        const cards = layout.rows[name];
        const extra = !rules.rowNames.includes(name);
        const y = top + level * G.pitch;
        const innerX = onRight ? rightX : bodyX - G.gap - G.width;
        const step = onRight ? G.step : -G.step;
        const areaX = onRight ? rightX - 4 : G.margin - 4;
        const areaWidth = onRight ? width - G.margin - rightX + 8 : bodyX - G.gap - G.margin + 8;
        const row = area(name, areaX, y - 6, areaWidth, G.height + 12, extra);
        const labelAttrs = { class: "label", x: onRight ? width - G.margin : G.margin, y: y + G.height / 2 + 5 };
        if (onRight) labelAttrs["text-anchor"] = "end";
        row.appendChild(svgEl("text", labelAttrs, name));
        if (!cards.length) empty(row, name, "row " + name + ", empty", "#place", innerX, y);
        const lacks = extra ? ", a row " + title + " lacks" : "";
        cards.forEach((c, k) => {
          const x = innerX + k * step;
          const outer = k === cards.length - 1;
          // a covered card shows one step of itself, on the body's side of the card over it
          const seen = outer ? { x: x, width: G.width } : { x: onRight ? x : x + G.width - G.step, width: G.step };
          const where = " in " + name + ", card " + (k + 1) + " of " + cards.length + (outer ? " (outer)" : "");
          lifted = card(row, c, name, k, shown(c) + where + lacks, x, y, seen, picked) || lifted;
        });
      });
    });

    // The basement (or free cells) below the body, every card in it drawn even past its size.
    if (slots) {
      const span = slots * (G.width + 8) - 8;
      const bx = bodyX + bodyWidth / 2 - span / 2;
      const kind = rules.cellsOneWay ? "basement" : "free cells";
      const cells = area(R.CELL, bx - 6, cellsTop - 6, span + 12, G.height + 12);
      const labelAttrs = { class: "label small", x: bodyX + bodyWidth / 2, y: cellsTop - 10, "text-anchor": "middle" };
      cells.appendChild(svgEl("text", labelAttrs, kind + " (B)"));
      for (let k = 0; k < slots; k++) {
        const x = bx + k * (G.width + 8);
        const c = layout.cells[k];
        if (c === undefined) empty(cells, R.CELL, kind + ", an empty cell", "#place", x, cellsTop);
        else {
          const over = k >= rules.cells ? ", one more than " + title + " has" : "";
          const label = shown(c) + " in the " + kind + over;
          lifted = card(cells, c, R.CELL, k, label, x, cellsTop, { x: x, width: G.width }, picked) || lifted;
        }
      }
    }
    if (lifted)
      svg.appendChild(
        svgEl("rect", {
          class: "picked",
          "pointer-events": "none",
          x: lifted.x - 1,
          y: lifted.y - 1,
          width: G.width + 2,
          height: G.height + 2,
          rx: 6,
        }),
      );
  };
}
