// The analysis board (board.html): a deal of the Butterfly family opened by
// its number, its PySolFC number or its line (line.js), played by hand
// (hands.js) with undo and redo without limit, and, where the page is served
// by ``butterfly serve`` (its web API, docs/serve.md), asked whether it can
// still be won and what each move is worth, with a winning line stepped
// through on the picture. The position and the moves played from it are
// kept in the address (board.html#p=LINE&m=MOVES), a link that opens them again.
import * as R from "../rules.js";
import { isLine, parseLine, positionLine } from "../line.js";
import { button, el, svgEl } from "./dom.js";
import { ask, copyLink, noteWithout } from "./engine.js";
import { GRADES, begun, dealsByGrade, drawDeal, loadStats, showDrawn, won } from "./freeplay.js";
import { handPlay } from "./hands.js";
import {
  hintMove,
  lineWords,
  mergeAnswers,
  offeredLine,
  rankMoves,
  valueWords,
  withoutLengths,
} from "./move-values.js";
import { hasMove, recordText, reviewPanel } from "./review.js";
import { cellWords, plural, said, saidCards, saidMessage } from "./words.js";

const TITLES = {
  butterfly: "Butterfly",
  fortress: "Fortress",
  "beleaguered-castle": "Beleaguered Castle",
  "streets-and-alleys": "Streets and Alleys",
};
// The seconds of the first question: within the server's quick queue (QUICK_SECONDS, 1 s), answered at once
// (bench/serve.py: a tenth of a second keeps the 95th percentile of a click's first values under 0.3 s at 50 users).
const QUICK = 0.1;
// A hint while the full answer is awaited.
const STILL = "still thinking\u2026";
// What the status says while a winning line is on the board in place of the game.
const WAITING = "The winning line is on the board: press Back to the game to play.";
// What the answer says while the winning moves' lengths are searched (the values shown meanwhile).
const SEARCHING = "Still searching how long each winning line is\u2026";

// A move in the address: card, source, target with nothing between ("7HL2L1", "5CBF"): URL-safe.
export function moveToLink(move) {
  return R.cardText(move.card) + move.source + move.target;
}

export function moveFromLink(text) {
  const found = /^([2-9TJQKA][CDHS])([LR][0-9]+|B)([LR][0-9]+|F|B)$/i.exec(text);
  if (!found) return null;
  return { card: R.parseCard(found[1]), source: found[2].toUpperCase(), target: found[3].toUpperCase() };
}

// The game and its rules in words: "Butterfly", "Fortress, same suit, 2 free cells".
export function rulesWords(position) {
  const data = R.positionToJson(position);
  let words = TITLES[data.game];
  if (data.variant) words += ", " + data.variant.replace("-", " ");
  if (data.cells !== undefined) words += ", " + cellWords(data.cells, position.rules.cellsOneWay);
  return words;
}

// The answer of the API's solve as players say it; ``par``: the deal's proved shortest win, known at its start.
export function solveWords(answer, par) {
  if (answer.result === "won" || answer.result === "optimal" || answer.result === "bounded") {
    const n = answer.moves.length;
    return "Still winnable: a winning line of " + plural(n, "move") + " was found from here" + parWords(par) + ".";
  }
  if (answer.result === "unwinnable") return "Lost: no line wins from here.";
  return "Not decided within the time.";
}

// The deal's par, when known, after what was found: the line found is a winning one, not claimed shortest.
function parWords(par) {
  return par === null ? "" : "; the shortest win from the deal is " + plural(par, "move");
}

// The board page: ``data`` from build.py (layout, presets, start: the line opened by default).
export function analysisBoard(data) {
  const play = document.getElementById("play");
  const status = el("p", { class: "status", role: "status" });
  const box = el("div", { class: "board" });
  const svg = svgEl("svg", { class: "table", role: "group", "aria-label": "the board" });
  const controls = el("div", { class: "controls" });
  const counter = el("span", { class: "counter" });
  // under the board, in sight of it: the winning line's steps, and a review's
  const lineSteps = el("div", { class: "steps" });
  const reviewSteps = el("div", { class: "steps" });
  box.appendChild(svg);
  [status, box, controls, lineSteps, reviewSteps].forEach((part) => play.appendChild(part));

  // The game: the positions from the start, the moves between, and how far along it is shown.
  let positions = [];
  let moves = [];
  let at = 0;
  let viewing = null; // the winning line's position shown in place of the game's, while stepped through
  let asked = 0; // the latest question to the engine: an older answer is dropped
  let reviewed = null; // the game reviewed ({start, moves}) and show(n), its panel's mark of the move shown
  let free = null; // the free-play game on the board: {grade, deal, par, begun, won}, each counted once
  let stepping = null; // the winning line stepped through: {start, line, k}, k its move shown
  let par = null; // the shortest win from the deal opened, when published (shown at its start only)

  const hands = handPlay(svg, data.layout, {
    position: () => viewing || positions[at],
    locked: () => viewing !== null,
    waiting: () => (status.textContent = WAITING),
    move: (move) => {
      const reason = R.checkMove(positions[at], move);
      if (reason !== null) {
        status.textContent = "Not legal: " + saidCards(reason) + ".";
        render();
        return false;
      }
      positions = positions.slice(0, at + 1).concat([R.play(positions[at], move)]);
      moves = moves.slice(0, at).concat([move]);
      at++;
      status.textContent = said(R.formatMove(move)) + (R.isWon(positions[at]) ? ": won, every card is home." : "");
      changed();
      return true;
    },
    say: (text) => (status.textContent = text),
    render: () => render(),
    went: () => (at ? moves[at - 1].target : R.FOUNDATION),
  });

  const undo = button(
    "Undo",
    () => {
      if (viewing || !at) return;
      at--;
      hands.drop();
      status.textContent = "Took back " + said(R.formatMove(moves[at])) + ".";
      changed();
    },
    { "data-action": "undo", "aria-keyshortcuts": "U Control+Z" },
  );
  const redo = button(
    "Redo",
    () => {
      if (viewing || at >= moves.length) return;
      at++;
      hands.drop();
      status.textContent = "Redone: " + said(R.formatMove(moves[at - 1])) + ".";
      changed();
    },
    { "data-action": "redo", "aria-keyshortcuts": "R Control+Y" },
  );
  controls.appendChild(undo);
  controls.appendChild(redo);
  controls.appendChild(counter);

  // The engine's questions, answered only when asked (nothing is spoiled).
  const engine = document.getElementById("engine");
  const answer = el("p", { class: "answer", role: "status" });
  const values = el("div", { class: "values" });
  const winnable = button("Is this still winnable?", () => askWinnable(), { "data-action": "winnable" });
  const showValues = button("Show the values", () => askValues(), { "data-action": "values" });
  const hint = button("A hint", () => askHint(), { "data-action": "hint" });
  engine.appendChild(winnable);
  engine.appendChild(showValues);
  engine.appendChild(hint);
  engine.appendChild(answer);
  engine.appendChild(values);

  // The link: this position, and the moves played from the one opened.
  const link = document.getElementById("link");
  copyLink();
  // The position now (the moves played in it) in the editor, to change card by card.
  const toEditor = document.getElementById("to-editor");

  // A free-play game's link carries its grade and deal: opened again (a reload), it is still counted as free play.
  function address() {
    const played = moves.slice(0, at).map(moveToLink).join(".");
    const freely = free ? "&free=" + free.grade + "&deal=" + free.deal : "";
    return "#p=" + positionLine(positions[0]) + (played ? "&m=" + played : "") + freely;
  }

  function render() {
    undo.disabled = viewing !== null || at === 0;
    redo.disabled = viewing !== null || at >= moves.length;
    counter.textContent = viewing
      ? " Winning line: move " + stepping.k + " of " + stepping.line.length
      : " Move " + at + " of " + moves.length;
    if (reviewed) reviewed.show(at);
    hands.draw();
  }

  // After every move, undo or redo: the picture, the address, and the engine's answers (about another position now) gone.
  function changed() {
    asked++;
    answer.textContent = "";
    values.textContent = "";
    lineSteps.textContent = "";
    viewing = null;
    stepping = null;
    if (reviewed && !sameGame(reviewed)) dropReview();
    countFree();
    const hash = address();
    if (window.location.hash !== hash) window.history.replaceState(null, "", hash);
    link.value = window.location.href;
    toEditor.href = "editor.html#p=" + positionLine(positions[at]);
    document.getElementById("copied").textContent = "";
    render();
  }

  // A position opened: the game starts there, then ``played`` (moves) are made while they are legal; ``game``
  // ({grade, deal, par}): a free-play game, begun when a move was played, won when every card is home;
  // ``shortest``: the deal's published par (none: not known).
  function open(position, what, played, game, shortest) {
    free = null;
    par = game ? game.par : (shortest ?? null);
    positions = [position];
    moves = [];
    at = 0;
    hands.drop();
    document.getElementById("what").textContent = what + " \u00b7 " + rulesWords(position);
    let wrong = null;
    (played || []).forEach((move) => {
      if (wrong !== null) return;
      const reason = move && R.checkMove(positions[at], move);
      if (move === null || reason !== null) {
        wrong = "The link's move " + (at + 1) + " is not legal here: the moves before it are played.";
        return;
      }
      positions.push(R.play(positions[at], move));
      moves.push(move);
      at++;
    });
    if (game) {
      free = Object.assign({ begun: at > 0, won: R.isWon(positions[at]) }, game);
      // (a link from a day page opens a game of its grade: "A new deal" then deals that grade again)
      document.getElementById("grade").value = game.grade;
    }
    status.textContent = wrong || "";
    changed();
  }

  // The address's position and moves, when it holds them: true when opened.
  function openAddress() {
    const params = new URLSearchParams(window.location.hash.slice(1));
    const line = params.get("p");
    if (!line) return false;
    try {
      const played = (params.get("m") || "")
        .split(".")
        .filter((m) => m)
        .map(moveFromLink);
      const game = freeGame(params.get("free"), Number(params.get("deal")));
      open(parseLine(line), game ? freeWhat(game) : "From a link", played, game);
    } catch (error) {
      say("This link's position cannot be read: " + saidMessage(error.message) + ".");
      return false;
    }
    return true;
  }

  const said_ = document.getElementById("open-said");
  function say(text) {
    said_.textContent = text;
  }

  // Asked first within QUICK seconds (the server's quick queue), at once; what that left undecided
  // (``decided`` false) asked again with the server's full budget: the same question, or ``again`` (its body).
  // ``show(json, final, quick)`` while still the latest question (``quick``: the first answer, beside the
  // second); ``failed(quick)`` when the second question fails, before the answer says why.
  function askTwice(path, body, without, { decided, show, again, failed }) {
    const mine = ++asked;
    const latest = () => mine === asked;
    let first = null;
    return ask(path, Object.assign({ seconds: QUICK }, body), without)
      .then((quick) => {
        if (!latest()) return;
        first = quick;
        const done = decided(quick);
        show(quick, done, null);
        if (!done) return ask(path, again || body, without).then((full) => latest() && show(full, true, quick));
      })
      .catch((error) => {
        if (!latest()) return;
        if (first && failed) failed(first);
        answer.textContent = saidMessage(error.message);
      });
  }

  function askWinnable() {
    const p = positions[at];
    if (R.isWon(p)) {
      asked++;
      answer.textContent = "Won: every card is home.";
      return;
    }
    answer.textContent = "Asking whether this position can still be won\u2026";
    askTwice("api/solve", { position: positionLine(p) }, "to ask whether a position can still be won", {
      decided: (json) => json.result !== "unresolved",
      show: (json, final) =>
        (answer.textContent = final ? solveWords(json, parHere()) : "Not decided at once: still thinking\u2026"),
    });
  }

  // The deal's par, known for the position shown at its start only.
  function parHere() {
    return at === 0 && viewing === null ? par : null;
  }

  // No move left here (won or lost): said, and true.
  function noMove(p) {
    if (R.legalMoves(p).length) return false;
    asked++;
    answer.textContent = R.isWon(p) ? "Won: every card is home." : "No move is left here: the deal is lost.";
    return true;
  }

  // The values: the quick answer says which moves win, the second (with the full budget) how long each
  // winning move's line is, and decides what the first left undecided. Asked again unless every move was
  // decided with its length (lost, or winning at once).
  function askValues() {
    const p = positions[at];
    values.textContent = "";
    if (noMove(p)) return;
    answer.textContent = "Working out the value of every move\u2026";
    const line = positionLine(p);
    askTwice("api/analyse", { position: line, lines: "best" }, "to see the value of every move", {
      decided: (json) => json.moves.every((m) => m.value === "lost" || m.value === "optimal"),
      again: { position: line, lengths: true },
      show: (json, final, quick) => {
        answer.textContent = final ? "" : SEARCHING;
        showAnalysis(p, quick ? mergeAnswers(quick, json) : json, !final);
      },
      failed: (quick) => showAnalysis(p, withoutLengths(quick), false),
    });
  }

  // A hint: one move that keeps the deal winnable (hintMove), not the line after it.
  function askHint() {
    const p = positions[at];
    if (noMove(p)) return;
    answer.textContent = "Looking for a move that keeps the deal winnable\u2026";
    const winning = (json) => hintMove(json.moves);
    askTwice("api/analyse", { position: positionLine(p), lines: "best" }, "to get a hint", {
      decided: (json) => Boolean(winning(json)) || json.moves.every((m) => m.value !== "unknown"),
      show: (json, final) => {
        const m = winning(json);
        if (m) answer.textContent = "A move that keeps the deal winnable: " + said(m.move) + ".";
        else if (json.moves.every((m) => m.value === "lost"))
          answer.textContent = "No move keeps the deal winnable: it is lost.";
        else answer.textContent = final ? "No move that keeps the deal winnable was found in the time." : STILL;
      },
    });
  }

  // The values: each legal move as players say it (a button that plays it), the winning moves shortest first,
  // and the shortest winning line known to step through; ``searching``: the winning moves' lengths (and the
  // moves not yet decided) are still being searched. The focus stays on its button.
  function showAnalysis(start, json, searching) {
    const keyOf = (b) => b.getAttribute("data-move") || b.getAttribute("data-action");
    const parts = [values, lineSteps];
    const again = parts.some((part) => part.contains(document.activeElement)) ? keyOf(document.activeElement) : null;
    // the list folds away (it is long on a phone); drawn again, it stays as the player left it
    const folded = values.querySelector("details:not([open])") !== null;
    values.textContent = "";
    const fold = el("details", folded ? {} : { open: "" });
    const summary = el("summary");
    summary.appendChild(el("h3", null, "The moves from here"));
    fold.appendChild(summary);
    values.appendChild(fold);
    const list = el("ul", { class: "move-values" });
    rankMoves(json.moves, searching).forEach((m) => {
      const item = el("li");
      const move = R.parseMove(m.move);
      const text = said(m.move) + ": " + valueWords(m, searching);
      item.appendChild(
        button(
          text,
          () => {
            if (viewing) return;
            hands.drop();
            if (!R.checkMove(positions[at], move)) {
              positions = positions.slice(0, at + 1).concat([R.play(positions[at], move)]);
              moves = moves.slice(0, at).concat([move]);
              at++;
              status.textContent = said(m.move);
              changed();
            }
          },
          { class: "value value-" + m.value, "data-move": m.move },
        ),
      );
      list.appendChild(item);
    });
    fold.appendChild(list);
    const offer = offeredLine(json, searching);
    if (offer) winningLine(start, offer, searching);
    if (again) parts.forEach((part) => part.querySelectorAll("button").forEach((b) => keyOf(b) === again && b.focus()));
  }

  // A winning line (``offer``, offeredLine's), stepped through on the board with Previous and Next, under it;
  // drawn again (the full answer after the quick one), the same line keeps the move the player had reached.
  function winningLine(start, offer, searching) {
    const line = offer.line;
    const same =
      stepping &&
      stepping.start === start &&
      stepping.line.length === line.length &&
      stepping.line.every((m, k) => m === line[k]);
    stepping = { start: start, line: line, k: same ? stepping.k : 0 };
    // the deal's par beside a line not proved shortest (a proved one is as long)
    const parText = offer.shortest ? "" : parWords(parHere());
    lineSteps.textContent = "";
    const step = el("p", { class: "step", "aria-live": "polite" });
    let k = 0;
    const back = button("Previous", () => go(k - 1), { "data-action": "previous" });
    const next = button("Next", () => go(k + 1), { "data-action": "next" });
    const leave = button("Back to the game", () => go(0), { "data-action": "leave" });
    lineSteps.appendChild(step);
    const row = el("div", { class: "controls" });
    [back, next, leave].forEach((b) => row.appendChild(b));
    lineSteps.appendChild(row);
    const along = [start];
    line.forEach((m) => along.push(R.play(along[along.length - 1], m)));
    function go(to) {
      const from = k;
      k = Math.max(0, Math.min(line.length, to));
      stepping.k = k;
      viewing = k ? along[k] : null;
      hands.drop();
      back.disabled = k === 0;
      next.disabled = k === line.length;
      leave.disabled = k === 0;
      step.textContent =
        k === 0
          ? lineWords(offer, searching) + parText + ": Next shows it."
          : "Winning line, move " +
            k +
            " of " +
            line.length +
            ": " +
            said(line[k - 1]) +
            (k === line.length ? " (the end)." : ".");
      if (k) status.textContent = WAITING;
      else if (from) status.textContent = "The game again, at move " + at + ": your move.";
      render();
    }
    go(stepping.k);
  }

  // Review: the game on the board, or a record pasted (its moves from the board's start when it names no deal).
  const reviewBox = document.getElementById("review-moves");
  const reviewSaid = document.getElementById("review-said");

  function dropReview() {
    reviewed = null;
    reviewBox.textContent = "";
    reviewSteps.textContent = "";
  }

  function sameGame(game) {
    return (
      game.start === positions[0] &&
      game.moves.length === moves.length &&
      game.moves.every((m, k) => R.sameMove(m, moves[k]))
    );
  }

  // The game shown after its n-th move (the review's steps).
  function goTo(n) {
    if (viewing) return;
    at = Math.max(0, Math.min(moves.length, n));
    hands.drop();
    status.textContent = at ? "Move " + at + ": " + said(R.formatMove(moves[at - 1])) + "." : "The start of the game.";
    changed();
  }

  // The reviewed game opened on the board, shown before its losing move (where the winning moves were), else at its end.
  function askReview(body) {
    const mine = ++asked;
    reviewSaid.textContent = "Reviewing the game\u2026";
    ask("api/review", body, "to review a game").then(
      (json) => {
        if (mine !== asked) return;
        reviewSaid.textContent = "";
        open(
          parseLine(json.position),
          "A reviewed game",
          json.moves.map((m) => R.parseMove(m.move)),
        );
        const show = reviewPanel(reviewBox, reviewSteps, json, goTo);
        reviewed = { start: positions[0], moves: moves.slice(), show: show };
        goTo(json.result === "lost" ? json.losing_move - 1 : moves.length);
      },
      (error) => {
        if (mine !== asked) return;
        dropReview(); // the review shown was of another game
        reviewSaid.textContent = saidMessage(error.message);
      },
    );
  }

  document.getElementById("review-board").addEventListener("click", () => {
    if (!at) {
      reviewSaid.textContent = "Play a move on the board first, or paste a game's record below.";
      return;
    }
    askReview({ record: moves.slice(0, at).map(R.formatMove).join("\n"), position: positionLine(positions[0]) });
  });
  document.getElementById("by-record").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = document.getElementById("record").value.trim();
    if (!text) {
      reviewSaid.textContent = "Paste a game's record first, or its moves played from the board's start.";
      return;
    }
    if (/^\s*\[(Hand|Start)\s/im.test(text)) {
      dropReview();
      reviewSaid.textContent = "";
      reviewSaid.append(
        "This is a Papillon game: review it on the ",
        el("a", { href: "cards.html" }, "card-game board"),
        ".",
      );
      return;
    }
    const record = recordText(text);
    if (!hasMove(record)) {
      dropReview();
      reviewSaid.textContent =
        "This is not a game record: its moves are written one a line, such as 7\u2665 L3 \u2192 R2 or 7H L3>R2.";
      return;
    }
    const named = /^\s*\[(Deal|Position)\s/im.test(record);
    askReview(named ? { record: record } : { record: record, position: positionLine(positions[0]) });
  });

  // Free play: a deal drawn at the grade chosen among those proved winnable, its grade and par shown, and the
  // player's games counted by grade (begun at the first move, won once every card is home), kept by the browser.
  const deals = dealsByGrade(data.free.grades);
  const freeSaid = document.getElementById("free-said");
  let stats = loadStats();

  // A published Butterfly deal's proved par (null: none, or not a published deal); ``number`` as typed.
  function parOf(number) {
    return /^[0-9]{1,6}$/.test(String(number)) ? (data.free.pars[Number(number)] ?? null) : null;
  }

  // A free-play game of ``grade`` and ``deal`` (null: not one of that grade's deals).
  function freeGame(grade, deal) {
    if (!GRADES.includes(grade) || !deals[grade].includes(deal)) return null;
    return { grade: grade, deal: deal, par: parOf(deal) };
  }

  function freeWhat(game) {
    const parText = game.par === null ? "no published par for this deal" : "par " + game.par;
    return "Free play: deal " + game.deal + ", grade " + game.grade + ", " + parText;
  }

  function countFree() {
    if (!free || !at) return;
    if (!free.begun) {
      free.begun = true;
      stats = begun(stats, free.grade);
    }
    if (!free.won && R.isWon(positions[at])) {
      free.won = true;
      const over = free.par === null ? null : at - free.par;
      stats = won(stats, free.grade, over);
      freeSaid.textContent =
        "Won, and counted in your free play" + (over === null ? "." : ": " + plural(over, "move") + " over par.");
    }
    showStats();
  }

  function showStats() {
    const rows = document.querySelector("#free-stats tbody");
    rows.textContent = "";
    GRADES.forEach((g) => {
      const row = el("tr");
      row.appendChild(el("th", { scope: "row" }, g));
      const kept = stats[g];
      [kept.played, kept.won, kept.best === null ? "\u2013" : kept.best].forEach((v) =>
        row.appendChild(el("td", null, String(v))),
      );
      rows.appendChild(row);
    });
  }
  showStats();

  document.getElementById("free-deal").addEventListener("submit", (event) => {
    event.preventDefault();
    const grade = document.getElementById("grade").value;
    const game = freeGame(grade, drawDeal(deals, grade, Math.random));
    freeSaid.textContent = "Dealing a new deal of grade " + grade + "\u2026";
    ask("api/deal?number=" + game.deal, null, "to deal a new game").then(
      (json) => {
        open(parseLine(json.position), freeWhat(game), [], game);
        status.textContent = "A deal of grade " + grade + " that can be won: your move.";
        showDrawn(freeSaid, document.getElementById("what"), game);
      },
      (error) => (freeSaid.textContent = saidMessage(error.message)),
    );
  });

  // Opening: by number (the engine deals it), by PySolFC number, or by a pasted line or link.
  const game = document.getElementById("game");
  const pysol = document.getElementById("pysol");
  document.getElementById("by-number").addEventListener("submit", (event) => {
    event.preventDefault();
    const number = document.getElementById("number").value.trim();
    const name = game.value;
    const theirs = pysol.checked;
    if (!/^[0-9]+$/.test(number) || (!theirs && BigInt(number) > 9223372036854775807n)) {
      say("A deal number is a whole number, such as 5" + (theirs ? "." : ", up to 9,223,372,036,854,775,807."));
      return;
    }
    if (theirs && name === "butterfly") {
      say("PySolFC numbers Fortress, Beleaguered Castle and Streets and Alleys, not Butterfly: choose one of those.");
      return;
    }
    const query = (theirs ? "pysol=" : "number=") + number + "&game=" + encodeURIComponent(name);
    const what = (theirs ? "PySolFC deal " : "Deal ") + number;
    say("Dealing " + what + "\u2026");
    ask("api/deal?" + query, null, "to open a deal by its number (a position's line opens without it)").then(
      (json) => {
        say("");
        // a Butterfly deal by its own number is a published deal: its par, when proved
        open(parseLine(json.position), what, [], null, theirs || name !== "butterfly" ? null : parOf(number));
      },
      (error) => say(saidMessage(error.message)),
    );
  });
  document.getElementById("by-line").addEventListener("submit", (event) => {
    event.preventDefault();
    let text = document.getElementById("line").value.trim();
    const hash = text.indexOf("#");
    if (hash >= 0 && /[#&]p=/.test(text.slice(hash))) {
      // a link to the board: its address opens as it would
      window.history.replaceState(null, "", text.slice(hash));
      if (openAddress()) say("");
      return;
    }
    if (!text) {
      say("Paste a position's line first, such as the one butterfly deal 5 --format line prints.");
      return;
    }
    if (!isLine(text) && !text.includes("_")) {
      say("That is not a position's line: a line starts with its game's name, such as butterfly or fortress.");
      return;
    }
    try {
      open(parseLine(text), "A position");
      say("");
    } catch (error) {
      say("That line cannot be read: " + saidMessage(error.message) + ".");
    }
  });
  window.addEventListener("hashchange", () => {
    if (window.location.hash !== address()) openAddress();
  });

  if (!openAddress()) open(parseLine(data.start), "Deal 1", [], null, parOf("1"));
  noteWithout(
    "to open deals by number, ask whether a position can still be won and see every move's value. " +
      "Opening a position's line and playing it work here without it.",
  );
}
