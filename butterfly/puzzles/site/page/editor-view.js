// The position editor (editor.html): a position of the Butterfly family set
// up card by card. A card is picked from the palette of the 52 (each marked
// placed, where, or missing) or from the layout, then put by pressing a place
// (a row, after the card pressed or outermost; home; the basement), or dragged
// there; dragged onto the palette, or Delete, puts it back. Every change says
// at once what is wrong (page/editor-layout.js check, the line reader's words);
// a whole position gets its line, a link to the analysis board and one back
// here (editor.html#p=LINE). No engine, but for a deal opened by its
// number, which butterfly serve deals where it serves the page.
//
// This module only draws and forwards: the editor's state and what each action
// says are editor-state.js's, the picture editor-board.js's.
import * as R from "../rules.js";
import { button, el, svgEl } from "./dom.js";
import { editorDrawing } from "./editor-board.js";
import { SUIT_NAMES } from "./editor-layout.js";
import { Editor, PALETTE, dealNumberWrong, typedLine } from "./editor-state.js";
import { ask, copyLink } from "./engine.js";
import { boardInput, focusedPlace, pressable, refocus } from "./input.js";
import { saidMessage, shown } from "./words.js";

// The palette: a suit a line, a button a card, ``pick(card)`` on a press; one of
// them in the Tab order, the arrows between them.
function paletteView(pick) {
  const palette = el("div", { class: "palette", role: "group", "aria-label": "the 52 cards", "data-target": PALETTE });
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
  // Each key as the editor has it (Editor.paletteKeys).
  function show(states) {
    keys.forEach((key, c) => {
      const state = states[c];
      key.classList.toggle("placed", state.placed);
      key.classList.toggle("twice", state.twice);
      key.setAttribute("aria-pressed", state.pressed ? "true" : "false");
      key.querySelector(".where").textContent = state.where;
      key.setAttribute("aria-label", state.label);
    });
  }
  return { palette, show };
}

// The layout's buttons likewise: one in the Tab order, the one last focused, kept
// across redraws; the function returned puts one back in the Tab order after a redraw.
// (heard on the box: Chrome makes an SVG element that hears focus events focusable itself)
function layoutStops(box, svg) {
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
  return () => {
    if (!svg.querySelector('[tabindex="0"]')) rove(stopAgain());
  };
}

// A palette card dragged onto the layout, with a mouse or a pen (a finger scrolls the
// page): ``drop(card, target)`` when it lands on a place. ``G``: the picture's measures.
function paletteDrag(palette, svg, G, drop) {
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
      drag.ghost = svgEl("svg", {
        class: "drag-ghost",
        width: G.width,
        height: G.height,
        viewBox: "0 0 " + G.width + " " + G.height,
      });
      drag.ghost.appendChild(svgEl("use", { href: "#face-" + R.cardText(drag.card) }));
      document.body.appendChild(drag.ghost);
    }
    drag.ghost.style.left = event.clientX - G.width / 2 + "px";
    drag.ghost.style.top = event.clientY - G.height / 2 + "px";
  });
  document.addEventListener("pointerup", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const was = drag;
    drag = null;
    if (!was.ghost) return; // a press: the click picks the card
    was.ghost.remove();
    const under = pressable(document.elementFromPoint(event.clientX, event.clientY));
    if (!under || !svg.contains(under)) return;
    drop(
      { card: was.card, source: PALETTE, index: 0 },
      under.getAttribute("data-target") || under.getAttribute("data-source"),
    );
  });
}

// The card a layout's node holds ({card, source, index}), null for an empty place.
function cardAt(node) {
  if (!node.hasAttribute("data-card")) return null;
  return {
    card: R.parseCard(node.getAttribute("data-card")),
    source: node.getAttribute("data-source"),
    index: Number(node.getAttribute("data-index")),
  };
}

// The rules' form: the game, its suits and its cells; ``chosen(rules)`` when the player
// changes them (the game changed: its own cells). Returns the game as the menu names
// it ("Beleaguered Castle") and the form set to the editor's rules.
function rulesForm(chosen) {
  const game = document.getElementById("game");
  const variant = document.getElementById("variant");
  const cells = document.getElementById("cells");
  const cellsName = document.getElementById("cells-name");
  function read(reset) {
    if (reset) cells.value = String(R.makeRules(game.value).cells);
    chosen(R.makeRules(game.value, variant.value || null, Number(cells.value)));
  }
  game.addEventListener("change", () => read(true));
  variant.addEventListener("change", () => read(false));
  cells.addEventListener("change", () => read(false));
  // The cells' menu named as the game names them: Butterfly's basement, the others' free cells.
  function nameCells(rules) {
    cellsName.textContent = rules.cellsOneWay ? "Basement cells" : "Free cells";
  }
  return {
    title: () => game.options[game.selectedIndex].text,
    nameCells: nameCells,
    sync(rules) {
      const name = rules.name.split("/")[0];
      game.value = name;
      variant.value = rules.suits === R.makeRules(name).suits ? "" : rules.suits;
      cells.value = String(rules.cells);
      nameCells(rules);
    },
  };
}

// A line (or a link holding one) or a deal number opened: ``open(line, words)`` opens
// it, true when it could; what is wrong is said in ``openSaid``.
function openForms(openSaid, open) {
  document.getElementById("by-line").addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = typedLine(document.getElementById("line").value);
    if (typed.wrong) openSaid.textContent = typed.wrong;
    else open(typed.line, "The line is open: change any card.");
  });
  // A deal by its number, dealt by butterfly serve (the rules here cannot deal).
  document.getElementById("by-number").addEventListener("submit", (event) => {
    event.preventDefault();
    const number = document.getElementById("number").value.trim();
    const wrong = dealNumberWrong(number);
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
      (json) => open(json.position, "Deal " + number + " is open: change any card."),
      (error) => (openSaid.textContent = saidMessage(error.message)),
    );
  });
}

// The editor page: ``data`` from editor_page.py (layout: the picture's measures).
export function positionEditor(data) {
  const editor = new Editor(R.makeRules("butterfly"));
  const play = document.getElementById("play");
  const said = document.getElementById("said");
  const svg = svgEl("svg", { class: "table", role: "group", "aria-label": "the layout" });
  const box = el("div", { class: "board" });
  box.appendChild(svg);
  const draw = editorDrawing(svg, data.layout);
  const { palette, show } = paletteView((c) => act(editor.pick(c)));
  const keepStop = layoutStops(box, svg);
  const form = rulesForm((rules) => {
    act(editor.chooseRules(rules, form.title()));
    form.nameCells(editor.layout.rules);
  });

  // What an action said, then the page as it now is; with the rules as they now are when they may have changed.
  function act(words, rulesChanged) {
    if (words === null) return false;
    said.textContent = words;
    if (rulesChanged) form.sync(editor.layout.rules);
    render();
    return true;
  }

  const undo = button("Undo", () => act(editor.undo(), true), {
    "data-action": "undo",
    "aria-keyshortcuts": "U Control+Z",
  });
  const redo = button("Redo", () => act(editor.redo(), true), {
    "data-action": "redo",
    "aria-keyshortcuts": "R Control+Y",
  });
  const putBack = button("Put back in the palette", () => act(editor.putBack()), { "aria-keyshortcuts": "Delete" });
  const clear = button("Clear the layout", () => act(editor.clear()));
  const controls = el("div", { class: "controls" });
  [undo, redo, putBack, clear].forEach((b) => controls.appendChild(b));
  play.appendChild(palette);
  play.appendChild(box);
  play.appendChild(controls);

  boardInput(svg, data.layout, {
    press: (node) => {
      if (node) act(editor.press(node.getAttribute("data-target") || node.getAttribute("data-source"), cardAt(node)));
    },
    drop: (node, name) => {
      if (name) act(editor.drop(cardAt(node), name));
    },
    escape: () => act(editor.putDown()),
    locked: () => false,
  });
  document.addEventListener("keydown", (event) => {
    const typing = event.target && event.target.closest && event.target.closest("input, select, textarea");
    if (typing || document.querySelector("dialog[open]")) return;
    if ((event.key === "Delete" || event.key === "Backspace") && editor.canPutBack()) {
      event.preventDefault();
      act(editor.putBack());
    }
  });
  paletteDrag(palette, svg, data.layout, (card, target) => act(editor.drop(card, target)));

  // What the page shows after every change: the picture, the palette, what is wrong, the line and links when whole.
  const list = document.getElementById("problems");
  const lineOut = document.getElementById("line-out");
  function render() {
    const at = focusedPlace(svg);
    draw(editor.layout, editor.picked, form.title());
    refocus(svg, at, null);
    keepStop();
    show(editor.paletteKeys());
    undo.disabled = !editor.canUndo();
    redo.disabled = !editor.canRedo();
    putBack.disabled = !editor.canPutBack();
    const { problems, line, words } = editor.verdict(form.title());
    list.textContent = "";
    problems.forEach((p) => list.appendChild(el("li", null, p)));
    document.getElementById("verdict").textContent = words;
    document.getElementById("done").hidden = !line;
    const address = line ? "#p=" + line : window.location.href.split("#")[0];
    if (window.location.hash !== (line ? address : "")) window.history.replaceState(null, "", address);
    if (line) {
      lineOut.value = line;
      document.getElementById("to-board").href = "board.html#p=" + line;
      document.getElementById("link").value = window.location.href;
      document.getElementById("copied").textContent = "";
    }
  }

  copyLink();

  // A line opened: the layout becomes its position, or the line's one sentence says why not.
  const openSaid = document.getElementById("open-said");
  function open(line, words) {
    const refused = editor.open(line);
    openSaid.textContent = refused || "";
    return !refused && act(words, true);
  }
  openForms(openSaid, open);
  function openAddress() {
    const line = new URLSearchParams(window.location.hash.slice(1)).get("p");
    return line !== null && open(line, "The link's position is open: change any card.");
  }
  window.addEventListener("hashchange", () => {
    if (lineOut.value === "" || window.location.hash !== "#p=" + lineOut.value) openAddress();
  });
  if (!openAddress()) act("Pick a card from the palette, then press its place on the layout.", true);
}
