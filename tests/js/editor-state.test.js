// The position editor with no page (butterfly/puzzles/site/page/editor-state.js): cards
// picked and put as the page's presses and drags give them, what each action says,
// undo and redo, every problem said at once, the line once whole, the palette's marks,
// and what is typed to open a line or a deal.
import assert from "node:assert/strict";
import { test } from "node:test";
import "./fixtures.js";
import * as R from "../../butterfly/puzzles/site/rules.js";
import { parseLine } from "../../butterfly/puzzles/site/line.js";
import { Editor, PALETTE, dealNumberWrong, typedLine } from "../../butterfly/puzzles/site/page/editor-state.js";

const DEAL1 =
  "butterfly_fACADAHAS_b-_l7D9C4D8H8D.5SJD6D9SJC.5DKD3C2D.JH5H7H4H2C.6SKCKHTHTS_rJSTD8SQC4S.6C7C5CKS6H.QSQHQD9D.3D3S4C2H8C.TC3H2S9H7S";
const card = R.parseCard;

function butterfly() {
  return new Editor(R.makeRules("butterfly"));
}

// The card the page's node at ``source`` (a row, home "F", the basement "B") holds, as the view reads it.
function at(editor, source, index) {
  const cards = source === R.CELL ? editor.layout.cells : editor.layout.rows[source];
  return { card: cards[index], source: source, index: index };
}

// A palette card, then its place as a player presses it: the row's outer card, or the empty row.
function putByPresses(editor, text, row) {
  editor.pick(card(text));
  const cards = editor.layout.rows[row];
  return editor.press(row, cards.length ? at(editor, row, cards.length - 1) : null);
}

test("deal 1 set up by presses from an empty layout is its line, said complete", () => {
  const editor = butterfly();
  const empty = editor.verdict("Butterfly");
  // the aces start at home
  assert.deepEqual(empty.problems, [
    "48 cards missing: 2\u2663 3\u2663 4\u2663 5\u2663 6\u2663 7\u2663 8\u2663 9\u2663 ...",
  ]);
  assert.equal(empty.line, null);
  assert.equal(empty.words, "Not a position yet: one thing is wrong.");
  assert.ok(!editor.canUndo() && !editor.canRedo() && !editor.canPutBack());
  const deal = parseLine(DEAL1);
  assert.equal(putByPresses(editor, "7D", "L1"), "7\u2666 put in L1.");
  deal.rules.rowNames.forEach((name, i) =>
    deal.rows[i].forEach((c, k) => {
      if (name !== "L1" || k) putByPresses(editor, R.cardText(c), name);
    }),
  );
  const whole = editor.verdict("Butterfly");
  assert.deepEqual(whole, {
    problems: [],
    line: DEAL1,
    words: "Complete: every card is placed once. The position's line and links are below.",
  });
  const keys = editor.paletteKeys();
  assert.deepEqual(keys[card("8D")], {
    placed: true,
    twice: false,
    pressed: false,
    where: "L1",
    label: "8\u2666, in L1",
  });
  assert.equal(keys[card("AC")].label, "A\u2663, at home");
  assert.equal(keys[card("AC")].where, "home");
  assert.ok(editor.canUndo() && !editor.canRedo());
});

test("every impossible set-up is said at once, as every page names places", () => {
  const editor = butterfly();
  assert.equal(editor.open(DEAL1), null);
  // A card twice (8D from the palette onto R2) and one missing (7S put back in the palette): both said.
  assert.equal(editor.pick(card("8D")), "Picked 8\u2666 from the palette: press the place for it (Esc puts it down).");
  assert.equal(editor.paletteKeys()[card("8D")].pressed, true);
  assert.equal(editor.press("R2", at(editor, "R2", 4)), "8\u2666 put in R2.");
  assert.equal(
    editor.press("R5", at(editor, "R5", 4)),
    "Picked 7\u2660 from R5: press its new place, or Delete to put it back in the palette.",
  );
  assert.ok(editor.canPutBack());
  assert.equal(editor.putBack(), "7\u2660 put back in the palette from R5.");
  assert.deepEqual(editor.verdict("Butterfly"), {
    problems: ["Card 8\u2666 is twice: in L1 and in R2.", "1 card missing: 7\u2660."],
    line: null,
    words: "Not a position yet: 2 things are wrong.",
  });
  const eight = editor.paletteKeys()[card("8D")];
  assert.deepEqual([eight.placed, eight.twice], [false, true]);
  assert.equal(eight.label, "8\u2666, placed 2 times, in L1 and in R2");
  assert.equal(eight.where, "L1 R2");
  assert.equal(editor.paletteKeys()[card("7S")].label, "7\u2660, not placed");

  // Dragged: 8D off R2 onto the palette, 7S from the palette onto R5 (outermost): whole again.
  assert.equal(editor.drop(at(editor, "R2", 5), PALETTE), "8\u2666 put back in the palette from R2.");
  assert.equal(editor.drop({ card: card("7S"), source: PALETTE, index: 0 }, "R5"), "7\u2660 put in R5.");
  assert.equal(editor.verdict("Butterfly").line, DEAL1);

  // The hearts pile at home raised to 5H, over hearts still in the rows: home named, never "foundation".
  editor.pick(card("5H"));
  assert.equal(
    editor.press(R.FOUNDATION, { card: card("AH"), source: R.FOUNDATION, index: 2 }),
    "5\u2665 put in home: the hearts pile now holds every card up to it.",
  );
  const over = editor.verdict("Butterfly").problems;
  assert.equal(over[0], "Card 5\u2665 is twice: at home and in L4 (the hearts pile at home holds A\u2665 to 5\u2665).");
  assert.ok(over.every((problem) => !problem.includes("foundation")));
  assert.equal(editor.undo(), "Undone.");

  // Four cards in a basement of three: moved there one by one, the last onto a basement card.
  for (const [text, row] of [
    ["8D", "L1"],
    ["JC", "L2"],
    ["2D", "L3"],
    ["2C", "L4"],
  ]) {
    editor.press(row, at(editor, row, editor.layout.rows[row].length - 1));
    assert.match(editor.press(R.CELL, editor.layout.cells.length ? at(editor, R.CELL, 0) : null), /moved from/);
    assert.ok(editor.layout.cells.includes(card(text)));
  }
  assert.deepEqual(editor.verdict("Butterfly").problems, ["4 cards in the basement, Butterfly has 3 basement cells."]);

  // A game with fewer rows and no basement: L5's and R5's cards stay until moved.
  const castle = R.makeRules("beleaguered-castle");
  assert.equal(editor.chooseRules(castle, "Beleaguered Castle"), "Beleaguered Castle: 8 rows, no free cells.");
  assert.deepEqual(editor.verdict("Beleaguered Castle").problems, [
    "Beleaguered Castle has rows L1 to L4 and R1 to R4: move the cards on L5 and R5.",
    "4 cards in the free cells, Beleaguered Castle has no free cells.",
  ]);
  assert.equal(editor.paletteKeys()[card("2C")].label, "2\u2663, in the free cells");

  // A line with a row too few: refused with the line reader's message, the layout kept.
  const layout = editor.layout;
  assert.equal(
    editor.open(DEAL1.replace(".TC3H2S9H7S", "")),
    "That line cannot be read: butterfly has 10 rows, the deal has 9 (missing R5).",
  );
  assert.equal(editor.layout, layout);
});

test("a card moved within its row goes just outside the card pressed; pressed again, it is put down", () => {
  const editor = butterfly();
  assert.equal(editor.press("L1", null), "Pick a card first: from the palette, or one on the layout to move it.");
  assert.equal(editor.putDown(), null); // Escape with nothing picked: not the editor's key
  ["2C", "3C", "4C", "5C"].forEach((c) => putByPresses(editor, c, "L1"));
  const row = () => editor.layout.rows.L1.map(R.cardText).join(" ");
  editor.press("L1", at(editor, "L1", 0));
  assert.equal(editor.press("L1", at(editor, "L1", 2)), "2\u2663 moved from L1 to L1.");
  assert.equal(row(), "3C 4C 2C 5C");
  editor.press("L1", at(editor, "L1", 1));
  assert.equal(editor.press("L1", at(editor, "L1", 1)), "Put 4\u2663 down.");
  assert.equal(editor.picked, null);
  assert.equal(row(), "3C 4C 2C 5C");
  editor.pick(card("9C"));
  assert.equal(editor.pick(card("9C")), "Put 9\u2663 down."); // the palette card pressed again
  // a row's card pressed while a card is picked from home: the card goes outermost there
  editor.press("L1", at(editor, "L1", 3));
  assert.equal(
    editor.press(R.FOUNDATION, null),
    "5\u2663 moved from L1 to home: the clubs pile now holds every card up to it.",
  );
  assert.deepEqual(editor.layout.foundations, [5, 1, 1, 1]);
});

test("undo and redo go through the changes; a change after an undo drops what was undone", () => {
  const editor = butterfly();
  assert.equal(editor.undo(), null);
  putByPresses(editor, "7D", "L1");
  putByPresses(editor, "8D", "L1");
  assert.equal(editor.undo(), "Undone.");
  assert.deepEqual(editor.layout.rows.L1, [card("7D")]);
  assert.ok(editor.canRedo());
  editor.pick(card("9D"));
  assert.equal(editor.redo(), "Done again.");
  assert.equal(editor.picked, null);
  assert.deepEqual(editor.layout.rows.L1, [card("7D"), card("8D")]);
  assert.equal(editor.redo(), null);
  editor.undo();
  putByPresses(editor, "KS", "R1");
  assert.ok(!editor.canRedo());
  assert.equal(
    editor.clear(),
    "The layout is cleared: every card is back in the palette but the aces, which start at home.",
  );
  assert.equal(editor.paletteKeys().filter((key) => key.placed).length, 4);
  const fortress = new Editor(R.makeRules("fortress"));
  assert.equal(fortress.clear(), "The layout is cleared: every card is back in the palette.");
  // a line opened is a fresh start
  editor.open(DEAL1);
  assert.ok(!editor.canUndo() && !editor.canRedo());
});

test("what is typed to open a line or a deal, refused in one sentence when it is none", () => {
  assert.deepEqual(typedLine("  " + DEAL1 + " "), { line: DEAL1 });
  assert.deepEqual(typedLine("https://example.org/board.html#p=" + DEAL1), { line: DEAL1 });
  assert.deepEqual(typedLine("editor.html#x=1&p=" + DEAL1 + "&y=2"), { line: DEAL1 });
  assert.match(typedLine(" ").wrong, /^Paste a line first, such as one copied from the board/);
  assert.equal(
    typedLine("hello").wrong,
    "That is not a position's line: a line starts with its game's name, such as butterfly or fortress.",
  );
  assert.deepEqual(typedLine("chess_x"), { line: "chess_x" }); // a line of no game: the reader says why
  assert.equal(dealNumberWrong(""), "Type a deal number first.");
  assert.equal(dealNumberWrong("5x"), "A deal number is a whole number, such as 5.");
  assert.equal(dealNumberWrong("9".repeat(20)), "That number is too large: deals go up to 9,223,372,036,854,775,807.");
  assert.equal(dealNumberWrong("9223372036854775807"), null);
  assert.equal(dealNumberWrong("1"), null);
});
