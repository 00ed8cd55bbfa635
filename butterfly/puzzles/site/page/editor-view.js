// The position editor (editor.html): a position of the Butterfly family set
// up card by card. A card is picked from the palette of the 52 (each marked
// placed, where, or missing) or from the layout, then put by pressing a place
// (a row, after the card pressed or outermost; home; the basement), or dragged
// there; dragged onto the palette, or Delete, puts it back. Every change says
// at once what is wrong (page/editor-layout.js check, the line reader's words);
// a whole position gets its line, a link to the analysis board and one back
// here (editor.html#p=LINE). No engine, but for a deal opened by its
// number, which butterfly serve deals where it serves the page.
import * as R from "../rules.js";
import { isLine, parseLine } from "../line.js";
import { button, el, svgEl } from "./dom.js";
import { editorDrawing } from "./editor-board.js";
import { check, emptyLayout, layoutOf, lineOf, move, places, put, take, withRules } from "./editor-layout.js";
import { ask, copyLink, sentence } from "./engine.js";
import { boardInput, focusedPlace, pressable, refocus } from "./input.js";
import { cellWords, saidMessage, shown } from "./words.js";

const PALETTE = "palette";
const SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"];

// A place as every page names it: home, the basement (Butterfly's one-way cells) or the free cells, a row.
function placeWords(name, rules) {
  if (name === R.FOUNDATION) return "home";
  if (name === R.CELL) return rules.cellsOneWay ? "the basement" : "the free cells";
  return name;
}

// The editor page: ``data`` from editor_page.py (layout: the picture's measures).
export function positionEditor(data) {
  const play = document.getElementById("play");
  const said = document.getElementById("said");
  const svg = svgEl("svg", { class: "table", role: "group", "aria-label": "the layout" });
  const box = el("div", { class: "board" });
  box.appendChild(svg);
  const palette = el("div", { class: "palette", role: "group", "aria-label": "the 52 cards", "data-target": PALETTE });
  const game = document.getElementById("game");
  const variant = document.getElementById("variant");
  const cells = document.getElementById("cells");
  const cellsName = document.getElementById("cells-name");
  const draw = editorDrawing(svg, data.layout);

  let layout = emptyLayout(R.makeRules("butterfly"));
  let picked = null; // {card, source, index}: source PALETTE for a card not taken from the layout
  let history = [layout];
  let at = 0;

  // The palette: a suit a line, a button a card; one of them in the Tab order, the arrows between them.
  const keys = [];
  for (let suit = 0; suit < 4; suit++) {
    const line = el("div", { class: "suit", role: "group", "aria-label": SUIT_NAMES[suit] });
    for (let rank = 0; rank < 13; rank++) {
      const c = suit * 13 + rank;
      const key = button("", () => pick(c), {
        class: "key" + (suit === 1 || suit === 2 ? " red" : ""),
        tabindex: "-1",
      });
      key.setAttribute("data-palette", R.cardText(c));
      key.appendChild(el("span", { class: "face" }, shown(c)));
      key.appendChild(el("span", { class: "where" }));
      line.appendChild(key);
      keys.push(key);
    }
    palette.appendChild(line);
  }
  keys[0].setAttribute("tabindex", "0");
  palette.addEventListener("keydown", (event) => {
    const from = keys.indexOf(event.target);
    const way = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -13, ArrowDown: 13, Home: -52, End: 52 }[event.key];
    if (from < 0 || way === undefined) return;
    event.preventDefault();
    const to = Math.abs(way) === 1 ? from - (from % 13) + (((from % 13) + way + 13) % 13) : (from + way + 52) % 52;
    keys[Math.abs(way) === 52 ? (way < 0 ? 0 : 51) : to].focus();
  });
  palette.addEventListener("focusin", (event) => {
    if (keys.includes(event.target)) keys.forEach((k) => k.setAttribute("tabindex", k === event.target ? "0" : "-1"));
  });
  // The layout's buttons likewise: one in the Tab order, the one last focused, kept across redraws.
  // (heard on the box: Chrome makes an SVG element that hears focus events focusable itself)
  let stop = null; // that button's card and place
  box.addEventListener("focusin", (event) => rove(pressable(event.target)));
  function rove(node) {
    if (!node || !node.hasAttribute("tabindex")) return;
    stop = {
      card: node.getAttribute("data-card"),
      source: node.getAttribute("data-source"),
      target: node.getAttribute("data-target"),
    };
    svg.querySelectorAll("[tabindex]").forEach((n) => n.setAttribute("tabindex", n === node ? "0" : "-1"));
  }
  function stopAgain() {
    const named =
      stop && stop.card && svg.querySelector('[data-card="' + stop.card + '"][data-source="' + stop.source + '"]');
    const place = stop && svg.querySelector('[data-target="' + (stop.target || stop.source) + '"][tabindex]');
    return named || place || svg.querySelector("[tabindex]");
  }

  const undo = button("Undo", () => go(at - 1), { "data-action": "undo", "aria-keyshortcuts": "U Control+Z" });
  const redo = button("Redo", () => go(at + 1), { "data-action": "redo", "aria-keyshortcuts": "R Control+Y" });
  const putBack = button("Put back in the palette", () => remove(), { "aria-keyshortcuts": "Delete" });
  const clear = button("Clear the layout", () => {
    change(emptyLayout(layout.rules), "The layout is cleared: every card is back in the palette" + homeWords() + ".");
  });
  const controls = el("div", { class: "controls" });
  [undo, redo, putBack, clear].forEach((b) => controls.appendChild(b));
  play.appendChild(palette);
  play.appendChild(box);
  play.appendChild(controls);

  function homeWords() {
    return layout.rules.acesOnFoundations ? " but the aces, which start at home" : "";
  }

  function pick(c) {
    if (picked && picked.source === PALETTE && picked.card === c) {
      putDown();
      return;
    }
    picked = { card: c, source: PALETTE, index: 0 };
    say("Picked " + shown(c) + " from the palette: press the place for it (Esc puts it down).");
    render();
  }

  function putDown() {
    if (!picked) return false;
    say("Put " + shown(picked.card) + " down.");
    picked = null;
    render();
    return true;
  }

  function say(text) {
    said.textContent = text;
  }

  // A change of the layout: kept for Undo (what was undone is dropped), then said and shown.
  function change(next, words) {
    history = history.slice(0, at + 1).concat([next]);
    at++;
    layout = next;
    picked = null;
    say(words);
    render();
  }

  function go(to) {
    if (to < 0 || to >= history.length) return;
    say(to < at ? "Undone." : "Done again.");
    at = to;
    layout = history[at];
    picked = null;
    syncRules();
    render();
  }

  // The picked card put at ``target`` (after the row's card ``after``, or outermost).
  function place(target, after) {
    const { card, source, index } = picked;
    const moving = source !== PALETTE;
    const next = moving ? move(layout, card, source, index, target, after) : put(layout, card, target, after);
    if (next === layout) {
      putDown();
      return;
    }
    const where = placeWords(target, layout.rules);
    let words = moving
      ? shown(card) + " moved from " + placeWords(source, layout.rules) + " to " + where
      : shown(card) + " put in " + where;
    if (target === R.FOUNDATION && card % 13)
      words += ": the " + SUIT_NAMES[Math.floor(card / 13)] + " pile now holds every card up to it";
    change(next, sentence(words));
  }

  function remove() {
    if (!picked || picked.source === PALETTE) return;
    const { card, source, index } = picked;
    const words = shown(card) + " put back in the palette from " + placeWords(source, layout.rules);
    change(take(layout, card, source, index), sentence(words));
  }

  function pickedFrom(node) {
    const source = node.getAttribute("data-source");
    return {
      card: R.parseCard(node.getAttribute("data-card")),
      source: source,
      index: Number(node.getAttribute("data-index")),
    };
  }

  function press(node) {
    if (!node) return;
    const target = node.getAttribute("data-target") || node.getAttribute("data-source");
    const isCard = node.hasAttribute("data-card");
    if (!picked) {
      if (!isCard) {
        say("Pick a card first: from the palette, or one on the layout to move it.");
        return;
      }
      picked = pickedFrom(node);
      say(
        "Picked " +
          shown(picked.card) +
          " from " +
          placeWords(picked.source, layout.rules) +
          ": press its new place, or Delete to put it back in the palette.",
      );
      render();
      return;
    }
    const other = isCard && pickedFrom(node);
    if (other && other.card === picked.card && other.source === picked.source && other.index === picked.index) {
      putDown();
      return;
    }
    const inRow = other && target !== R.FOUNDATION && target !== R.CELL;
    place(target, inRow ? other.index : undefined);
  }

  boardInput(svg, data.layout, {
    press: press,
    drop: (node, name) => {
      if (!name) return;
      picked = pickedFrom(node);
      if (name === PALETTE) remove();
      else place(name);
    },
    escape: putDown,
    locked: () => false,
  });
  document.addEventListener("keydown", (event) => {
    const typing = event.target && event.target.closest && event.target.closest("input, select, textarea");
    if (typing || document.querySelector("dialog[open]")) return;
    if ((event.key === "Delete" || event.key === "Backspace") && picked && picked.source !== PALETTE) {
      event.preventDefault();
      remove();
    }
  });

  // A palette card dragged onto the layout, with a mouse or a pen (a finger scrolls the page).
  let drag = null;
  palette.addEventListener("pointerdown", (event) => {
    const key = event.target.closest("[data-palette]");
    if (!key || event.button !== 0 || event.pointerType === "touch") return;
    drag = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      card: R.parseCard(key.getAttribute("data-palette")),
      ghost: null,
    };
  });
  document.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.ghost) {
      if (Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) < 8) return;
      const G = data.layout;
      drag.ghost = svgEl("svg", {
        class: "drag-ghost",
        width: G.width,
        height: G.height,
        viewBox: "0 0 " + G.width + " " + G.height,
      });
      drag.ghost.appendChild(svgEl("use", { href: "#face-" + R.cardText(drag.card) }));
      document.body.appendChild(drag.ghost);
    }
    drag.ghost.style.left = event.clientX - data.layout.width / 2 + "px";
    drag.ghost.style.top = event.clientY - data.layout.height / 2 + "px";
  });
  document.addEventListener("pointerup", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const was = drag;
    drag = null;
    if (!was.ghost) return; // a press: the click picks the card
    was.ghost.remove();
    const under = pressable(document.elementFromPoint(event.clientX, event.clientY));
    if (!under || !svg.contains(under)) return;
    picked = { card: was.card, source: PALETTE, index: 0 };
    place(under.getAttribute("data-target") || under.getAttribute("data-source"));
  });

  // The rules: the game, its suits and its cells, as the form gives them; the cards stay where they are.
  function rulesChosen(reset) {
    const preset = R.makeRules(game.value);
    if (reset) cells.value = String(preset.cells);
    const rules = R.makeRules(game.value, variant.value || null, Number(cells.value));
    const words = gameTitle() + ": " + rules.rowNames.length + " rows, ";
    change(withRules(layout, rules), sentence(words + cellWords(rules.cells, rules.cellsOneWay)));
    nameCells();
  }
  game.addEventListener("change", () => rulesChosen(true));
  variant.addEventListener("change", () => rulesChosen(false));
  cells.addEventListener("change", () => rulesChosen(false));
  function syncRules() {
    const rules = layout.rules;
    const name = rules.name.split("/")[0];
    game.value = name;
    variant.value = rules.suits === R.makeRules(name).suits ? "" : rules.suits;
    cells.value = String(rules.cells);
    nameCells();
  }
  // The game as the menu names it ("Beleaguered Castle").
  function gameTitle() {
    return game.options[game.selectedIndex].text;
  }
  // The cells' menu named as the game names them: Butterfly's basement, the others' free cells.
  function nameCells() {
    cellsName.textContent = layout.rules.cellsOneWay ? "Basement cells" : "Free cells";
  }

  // What the page shows after every change: the picture, the palette, what is wrong, the line and links when whole.
  const verdict = document.getElementById("verdict");
  const list = document.getElementById("problems");
  const done = document.getElementById("done");
  const lineOut = document.getElementById("line-out");
  const toBoard = document.getElementById("to-board");
  const link = document.getElementById("link");
  function render() {
    const at_ = focusedPlace(svg);
    draw(layout, picked, gameTitle());
    refocus(svg, at_, null);
    if (!svg.querySelector('[tabindex="0"]')) rove(stopAgain());
    const where = places(layout);
    keys.forEach((key, c) => {
      const here = where[c];
      const isPicked = picked !== null && picked.source === PALETTE && picked.card === c;
      key.classList.toggle("placed", here.length === 1);
      key.classList.toggle("twice", here.length > 1);
      key.setAttribute("aria-pressed", isPicked ? "true" : "false");
      key.querySelector(".where").textContent = here.length
        ? here.map((p) => (p === R.FOUNDATION ? "home" : p)).join(" ")
        : "";
      const state = here.length
        ? here.map((p) => (p === R.FOUNDATION ? "at home" : "in " + placeWords(p, layout.rules))).join(" and ")
        : "not placed";
      key.setAttribute(
        "aria-label",
        shown(c) + ", " + (here.length > 1 ? "placed " + here.length + " times, " : "") + state,
      );
    });
    undo.disabled = at === 0;
    redo.disabled = at >= history.length - 1;
    putBack.disabled = !picked || picked.source === PALETTE;
    const problems = check(layout, gameTitle());
    let line = null;
    if (!problems.length) {
      try {
        line = lineOf(layout);
      } catch (error) {
        problems.push(saidMessage(error.message));
      }
    }
    list.textContent = "";
    problems.forEach((p) => list.appendChild(el("li", null, sentence(p))));
    verdict.textContent = line
      ? "Complete: every card is placed once. The position's line and links are below."
      : problems.length === 1
        ? "Not a position yet: one thing is wrong."
        : "Not a position yet: " + problems.length + " things are wrong.";
    done.hidden = !line;
    const address = line ? "#p=" + line : window.location.href.split("#")[0];
    if (window.location.hash !== (line ? address : "")) window.history.replaceState(null, "", address);
    if (line) {
      lineOut.value = line;
      toBoard.href = "board.html#p=" + line;
      link.value = window.location.href;
      document.getElementById("copied").textContent = "";
    }
  }

  copyLink();

  // A line (or a link holding one) opened: the layout becomes its position, or the line's one sentence says why not.
  const openSaid = document.getElementById("open-said");
  function openLine(text, words) {
    try {
      const position = parseLine(text);
      layout = layoutOf(position);
      history = [layout];
      at = 0;
      picked = null;
      syncRules();
      say(words);
      openSaid.textContent = "";
      render();
      return true;
    } catch (error) {
      openSaid.textContent = sentence("That line cannot be read: " + saidMessage(error.message));
      return false;
    }
  }
  document.getElementById("by-line").addEventListener("submit", (event) => {
    event.preventDefault();
    let text = document.getElementById("line").value.trim();
    const found = /[#&]p=([^&]+)/.exec(text);
    if (found) text = found[1];
    if (!text)
      openSaid.textContent =
        "Paste a line first, such as one copied from the board's Share link, or open a deal by its number above.";
    else if (!isLine(text) && !text.includes("_"))
      openSaid.textContent =
        "That is not a position's line: a line starts with its game's name, such as butterfly or fortress.";
    else openLine(text, "The line is open: change any card.");
  });

  // A deal by its number, dealt by butterfly serve (the rules here cannot deal): the layout becomes that deal.
  document.getElementById("by-number").addEventListener("submit", (event) => {
    event.preventDefault();
    const number = document.getElementById("number").value.trim();
    const wrong = !number
      ? "Type a deal number first."
      : !/^[0-9]+$/.test(number)
        ? "A deal number is a whole number, such as 5."
        : BigInt(number) > 9223372036854775807n
          ? "That number is too large: deals go up to 9,223,372,036,854,775,807."
          : null;
    if (wrong) {
      openSaid.textContent = wrong;
      return;
    }
    const game = document.getElementById("game").value;
    openSaid.textContent = "Dealing deal " + number + "\u2026";
    ask(
      "api/deal?number=" + number + "&game=" + encodeURIComponent(game),
      null,
      "to deal by number (a position's line opens without it)",
    ).then(
      (json) => openLine(json.position, "Deal " + number + " is open: change any card."),
      (error) => (openSaid.textContent = saidMessage(error.message)),
    );
  });

  function openAddress() {
    const line = new URLSearchParams(window.location.hash.slice(1)).get("p");
    return line !== null && openLine(line, "The link's position is open: change any card.");
  }
  window.addEventListener("hashchange", () => {
    if (lineOut.value === "" || window.location.hash !== "#p=" + lineOut.value) openAddress();
  });
  if (!openAddress()) {
    syncRules();
    say("Pick a card from the palette, then press its place on the layout.");
    render();
  }
}
