// The daily puzzle site's page script (puzzles/site/build.py writes the pages).
//
// Each page holds its data as JSON in <script type="application/json" id="page-data">:
// the index page a map of dates to day pages, a day page its puzzle. Butterfly
// puzzles are played with ButterflyRules (rules.js): click (or press) a row's
// outer card or a basement card, then where it goes. Streaks and stats are kept
// in localStorage only; nothing is fetched.
(function () {
  "use strict";

  var STORE = "butterfly-daily";

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    if (attrs) for (var k in attrs) node.setAttribute(k, attrs[k]);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function button(text, onClick, extra) {
    var b = el("button", extra || {}, text);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  function localDate(d) {
    function two(n) {
      return (n < 10 ? "0" : "") + n;
    }
    return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate());
  }

  function loadStats() {
    try {
      var s = JSON.parse(window.localStorage.getItem(STORE) || "{}");
      return s && typeof s === "object" && s.solved ? s : { solved: {} };
    } catch (e) {
      return { solved: {} };
    }
  }

  function saveSolved(date) {
    var s = loadStats();
    s.solved[date] = true;
    try {
      window.localStorage.setItem(STORE, JSON.stringify(s));
    } catch (e) {
      /* storage refused: stats are not kept */
    }
  }

  // The streak, as in Wordle: the daily puzzles solved on consecutive days up to
  // today (the reader's), or up to yesterday while today's is not solved yet.
  function streak(stats) {
    var count = 0;
    var d = new Date();
    if (!stats.solved[localDate(d)]) d.setDate(d.getDate() - 1);
    while (stats.solved[localDate(d)]) {
      count++;
      d.setDate(d.getDate() - 1);
    }
    return count;
  }

  function statsText() {
    var s = loadStats();
    var solved = Object.keys(s.solved).length;
    return "Solved: " + solved + " \u00b7 streak: " + streak(s);
  }

  // ------------------------------------------------------------------ index
  function index(data) {
    var today = localDate(new Date());
    var target = document.getElementById("today");
    if (Object.prototype.hasOwnProperty.call(data.days, today)) {
      target.textContent = "";
      target.appendChild(el("a", { href: data.days[today] }, "Today's puzzle (" + today + ")"));
      window.location.replace(data.days[today]);
    } else {
      target.textContent = "There is no puzzle for today (" + today + ") on this site: see the archive.";
    }
  }

  // ------------------------------------------------------------------ day
  function day(data) {
    var puzzle = data.puzzle;
    var play = document.getElementById("play");
    var after = document.getElementById("after");
    var status = el("p", { class: "status", role: "status" });
    var solved = false;
    var misses = 0; // wrong answers before the right one: red squares in the share text
    var gaveUp = false;

    function miss(message) {
      misses++;
      status.textContent = message;
    }

    function finish(message) {
      status.textContent = message;
      if (solved) return;
      solved = true;
      saveSolved(data.date);
      showAfter();
    }

    // A wrong choice in a player's words (the puzzle file keeps the exact verdict and how it was proved).
    function wrongWords(verdict) {
      if (verdict === "unwinnable") return "after it the deal can no longer be won";
      var chips = /^([+-])(\d+) chips$/.exec(verdict);
      if (chips) {
        var n = Number(chips[2]);
        if (n === 0) return "the others can hold you to no gain";
        var amount = n + " chip" + (n === 1 ? "" : "s");
        return "the others can hold you to " + (chips[1] === "+" ? "a gain of " : "a loss of ") + amount;
      }
      if (/trick/.test(verdict)) return "the others can leave you with " + verdict.replace(/ tricks?/, function (w) { return w + " in all"; });
      return "the others can leave you with " + verdict;
    }

    function shareText() {
      var mine = "";
      for (var k = 0; k < misses; k++) mine += "\uD83D\uDFE5";
      mine += gaveUp ? "\u2B1B" : "\uD83D\uDFE9";
      return data.share + "\n" + (gaveUp ? "given up: " : "me: ") + mine;
    }

    function showAfter() {
      after.hidden = false;
      after.textContent = "";
      after.appendChild(el("h2", null, "Share"));
      var text = shareText();
      after.appendChild(el("pre", { class: "share" }, text));
      if (navigator.clipboard) {
        after.appendChild(
          button("Copy", function () {
            navigator.clipboard.writeText(text).catch(function () {
              /* no clipboard permission: the text is on the page to copy by hand */
            });
          })
        );
      }
      after.appendChild(el("p", null, statsText()));
      // The wrong choices and why, step by step for only-moves.
      var steps = (puzzle.proof && puzzle.proof.steps) || [(puzzle.proof && puzzle.proof.alternatives) || []];
      if (steps.some(function (wrong) { return wrong.length; })) {
        after.appendChild(el("h2", null, "The proof"));
        var list = el("ul");
        steps.forEach(function (wrong, k) {
          var step = steps.length > 1 ? "step " + (k + 1) + ", " : "";
          wrong.forEach(function (a) {
            list.appendChild(el("li", null, step + a.moves.join(" / ") + ": " + wrongWords(a.verdict)));
          });
        });
        after.appendChild(list);
      }
      after.appendChild(el("h2", null, "The solution"));
      var stepper = el("div", { class: "stepper" });
      after.appendChild(stepper);
      after.appendChild(
        button("Show the solution", function () {
          solutionStepper(stepper);
        })
      );
    }

    function solutionStepper(box) {
      var step = 0;
      var moves = puzzle.solution;
      box.textContent = "";
      var line = el("p");
      var prev = button("Back", function () {
        if (step > 0) step--;
        show();
      });
      var next = button("Next", function () {
        if (step < moves.length) step++;
        show();
      });
      box.appendChild(line);
      box.appendChild(prev);
      box.appendChild(next);
      function show() {
        line.textContent =
          step === 0 ? "The start (" + moves.length + " moves)" : step + ". " + moves[step - 1] + (step === moves.length ? " (the end)" : "");
        if (board) {
          var p = start;
          for (var k = 0; k < step; k++) p = ButterflyRules.play(p, moves[k]);
          board.replay(p);
        }
      }
      show();
    }

    var board = null;
    var start = null;
    play.appendChild(status);
    if (data.patience && typeof ButterflyRules !== "undefined") {
      start = ButterflyRules.parsePosition(puzzle.position);
      board = patienceBoard(play, start, status, puzzle, finish, miss);
      var picture = document.getElementById("picture");
      if (picture) picture.hidden = true;
    } else {
      cardChoice(play, puzzle, status, finish, miss);
    }
    if (loadStats().solved[data.date]) status.textContent = "You have solved this one. " + statsText();
    play.appendChild(
      button("Give up and see the answer", function () {
        status.textContent = "The answer: " + (puzzle.answer.length ? puzzle.answer.map(function (c) {
          return c.join(" or ");
        }).join("; ") : "see the solution below");
        if (!solved) {
          solved = true;
          gaveUp = true;
          showAfter();
        }
      })
    );
  }

  function cardChoice(play, puzzle, status, finish, miss) {
    var right = [].concat.apply([], puzzle.answer);
    var cards = right.slice();
    ((puzzle.proof && puzzle.proof.alternatives) || []).forEach(function (a) {
      a.moves.forEach(function (m) {
        if (cards.indexOf(m) < 0) cards.push(m);
      });
    });
    cards.sort();
    var box = el("div", { class: "choices", role: "group", "aria-label": "your card" });
    cards.forEach(function (card) {
      box.appendChild(
        button(
          card,
          function () {
            if (right.indexOf(card) >= 0) finish("Right: " + card + " meets the goal against any defence.");
            else miss("Not that: " + card + " misses the goal against the best defence. Try again.");
          },
          { class: "choice", "data-card": card }
        )
      );
    });
    play.appendChild(el("p", null, "Choose the card to play:"));
    play.appendChild(box);
  }

  // A card as players read it: rank and suit symbol ("10" for tens).
  function shown(card) {
    var text = ButterflyRules.cardText(card);
    var rank = text.slice(0, -1) === "T" ? "10" : text.slice(0, -1);
    return rank + "\u2663\u2666\u2665\u2660".charAt(Math.floor(card / 13));
  }

  function patienceBoard(play, start, status, puzzle, finish, miss) {
    var R = ButterflyRules;
    var history = [start];
    var moves = [];
    var selected = null; // {card, source}
    var locked = false;
    // Only-moves: the steps' places along the solution, the solution's positions,
    // each step's answer key; moves before the step reached may not be undone.
    var offsets = puzzle.kind === "only-moves" ? puzzle.facts.steps : null;
    var solutionPositions = [start];
    if (offsets) {
      puzzle.solution.forEach(function (move) {
        solutionPositions.push(R.play(solutionPositions[solutionPositions.length - 1], move));
      });
    }
    var answerKeys = puzzle.answer.map(function (cls, k) {
      return R.key(R.play(solutionPositions[offsets ? offsets[k] : 0], cls[0]));
    });
    var stepReached = 0;
    var fixedMoves = 0;
    var goal = puzzle.kind === "goal" ? puzzle.facts.goal : null;
    var limit = puzzle.kind === "win-in" ? puzzle.facts.n : goal ? puzzle.proof.par.moves : null;
    var box = el("div", { class: "board" });
    var controls = el("div", { class: "controls" });
    var counter = el("span", { class: "counter" });
    play.appendChild(box);
    controls.appendChild(
      button("Undo", function () {
        if (locked || moves.length <= fixedMoves) return;
        moves.pop();
        history.pop();
        if (failedAt !== null && moves.length < failedAt) failedAt = null;
        selected = null;
        status.textContent = "";
        render();
      })
    );
    controls.appendChild(counter);
    play.appendChild(controls);

    function current() {
      return history[history.length - 1];
    }

    // One wrong attempt is one miss, however many moves are played after it: the
    // line counts again only once undone to before where it went wrong.
    var failedAt = null;
    function fail(message) {
      if (failedAt === null) {
        failedAt = moves.length;
        miss(message);
      } else status.textContent = message;
    }

    function attempt(target) {
      var move = { card: selected.card, source: selected.source, target: target };
      selected = null;
      var reason = R.checkMove(current(), move);
      if (reason !== null) {
        status.textContent = "Not legal: " + reason + ".";
        render();
        return;
      }
      var after = R.play(current(), move);
      history.push(after);
      moves.push(R.formatMove(move));
      status.textContent = R.formatMove(move);
      render();
      judge(after);
    }

    // The goal puzzles' goals (puzzles/patience/goal.py: Goal.reached).
    function goalReached(p) {
      if (goal.kind === "home") {
        var rank = "A23456789TJQK".indexOf(goal.target) + 1;
        return p.foundations.every(function (height) {
          return height >= rank;
        });
      }
      if (goal.kind === "free") {
        var card = R.parseCard(goal.target);
        return p.rows.every(function (row) {
          return row.indexOf(card) < 0 || row[row.length - 1] === card;
        });
      }
      return p.rows[p.rules.rowNames.indexOf(goal.target)].length === 0;
    }

    function judgeStep(after) {
      var last = moves[moves.length - 1];
      if (R.key(after) !== answerKeys[stepReached]) {
        fail(last + " is not it: the deal is lost after it. Undo and try again.");
        return;
      }
      // The solution's own position (the same up to the order of rows), so its next moves apply.
      var at = offsets[stepReached] + 1;
      history[history.length - 1] = solutionPositions[at];
      stepReached++;
      if (stepReached === offsets.length) {
        locked = true; // done: no more moves to judge
        finish("Right: " + last + ". All " + offsets.length + " only moves found.");
        return;
      }
      var played = [];
      for (; at < offsets[stepReached]; at++) {
        played.push(puzzle.solution[at]);
        moves.push(puzzle.solution[at]);
        history.push(solutionPositions[at + 1]);
      }
      fixedMoves = moves.length;
      status.textContent =
        "Right: " + last + " (" + stepReached + " of " + offsets.length + ")." +
        (played.length ? " Played for you: " + played.join(", ") + "." : "") +
        " Find the next only move.";
      render();
    }

    function judge(after) {
      if (offsets) {
        judgeStep(after);
        return;
      }
      if (goal) {
        if (goalReached(after)) {
          if (moves.length > limit) fail("Done, but in " + moves.length + " moves: par is " + limit + ". Undo and try again.");
          else {
            locked = true; // done: no more moves to judge
            finish("Done in " + moves.length + " moves, par " + limit + "!");
          }
        } else if (moves.length >= limit) fail("That is " + moves.length + " moves and the goal is not reached: undo and try again.");
        else if (!R.legalMoves(after).length) fail("No legal move left: undo and try again.");
        return;
      }
      if (puzzle.kind === "only-move" && moves.length === 1) {
        if (answerKeys.indexOf(R.key(after)) >= 0) finish("Right: " + moves[0] + " is the only move that keeps the deal winnable.");
        else fail(moves[0] + " is not it: the deal is lost after it. Undo and try again.");
        return;
      }
      if (R.isWon(after)) {
        if (limit !== null && moves.length > limit) {
          fail("Won, but in " + moves.length + " moves: the goal is " + limit + " or fewer. Undo and try again.");
        } else {
          finish("Won in " + moves.length + " moves!");
        }
        return;
      }
      if (limit !== null && moves.length >= limit) fail("That is " + moves.length + " moves and not won: undo and try again.");
      else if (!R.legalMoves(after).length) fail("No legal move left: undo and try again.");
    }

    function choose(card, source) {
      if (locked) return;
      if (selected && selected.card === card && selected.source === source) selected = null;
      else selected = { card: card, source: source };
      render();
    }

    function target(name) {
      if (locked) return;
      if (selected) attempt(name);
    }

    function cardButton(card, source, outer) {
      var text = R.cardText(card);
      var suit = Math.floor(card / 13);
      var cls = "card" + (suit === 1 || suit === 2 ? " red" : "");
      if (!outer) return el("span", { class: cls, title: text }, shown(card));
      var isSelected = selected && selected.card === card && selected.source === source;
      var b = button(
        shown(card),
        function (event) {
          event.stopPropagation();
          if (selected && !isSelected && source !== R.CELL) target(source);
          else choose(card, source);
        },
        {
          class: cls + (isSelected ? " selected" : ""),
          "aria-pressed": isSelected ? "true" : "false",
          "aria-label": text + (source === R.CELL ? " in the basement" : " on row " + source),
          "data-card": text,
          "data-source": source,
        }
      );
      return b;
    }

    // The board is drawn anew after every press: a keyboard player keeps their place
    // (the same card, or else the place it was on).
    function focusedPlace() {
      var node = document.activeElement;
      if (!node || !box.contains(node)) return null;
      return { card: node.getAttribute("data-card"), source: node.getAttribute("data-source"), target: node.getAttribute("data-target") };
    }

    function refocus(place) {
      if (!place) return;
      var again =
        (place.card && box.querySelector('[data-card="' + place.card + '"][data-source="' + place.source + '"]')) ||
        box.querySelector('[data-target="' + (place.target || place.source) + '"]');
      if (again) again.focus();
    }

    function render() {
      var p = current();
      var place = focusedPlace();
      box.textContent = "";
      var names = p.rules.rowNames;
      var rows = el("div", { class: "rows" });
      names.forEach(function (name, i) {
        var row = el("div", { class: "row" });
        row.appendChild(button(name, function () {
          if (selected) target(name);
        }, { class: "place", "aria-label": "row " + name, "data-target": name }));
        var cards = p.rows[i];
        if (!cards.length) row.appendChild(el("span", { class: "empty" }, "empty"));
        cards.forEach(function (c, k) {
          row.appendChild(cardButton(c, name, k === cards.length - 1));
        });
        rows.appendChild(row);
      });
      box.appendChild(rows);
      var base = el("div", { class: "row" });
      base.appendChild(button("Foundations", function () {
        if (selected) target(R.FOUNDATION);
      }, { class: "place", "data-target": R.FOUNDATION }));
      for (var s = 0; s < 4; s++) {
        base.appendChild(p.foundations[s] ? el("span", { class: "card" + (s === 1 || s === 2 ? " red" : "") }, shown(s * 13 + p.foundations[s] - 1)) : el("span", { class: "empty" }, "-"));
      }
      box.appendChild(base);
      if (p.rules.cells) {
        var cells = el("div", { class: "row" });
        cells.appendChild(button(p.rules.cellsOneWay ? "Basement" : "Cells", function () {
          if (selected) target(R.CELL);
        }, { class: "place", "data-target": R.CELL }));
        p.cells.forEach(function (c) {
          cells.appendChild(cardButton(c, R.CELL, true));
        });
        for (var k = p.cells.length; k < p.rules.cells; k++) cells.appendChild(el("span", { class: "empty" }, "-"));
        box.appendChild(cells);
      }
      counter.textContent = " Moves: " + moves.length + (limit !== null ? " of " + limit : "");
      refocus(place);
    }

    render();
    return {
      replay: function (p) {
        locked = true;
        history = [p];
        moves = [];
        selected = null;
        render();
      },
    };
  }

  function archive() {
    var stats = document.getElementById("stats");
    if (stats) stats.textContent = statsText();
  }

  function main() {
    var node = document.getElementById("page-data");
    if (!node) return;
    var data = JSON.parse(node.textContent);
    if (data.page === "index") index(data);
    else if (data.page === "day") day(data);
    else if (data.page === "archive") archive();
  }

  if (typeof document !== "undefined") {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
    else main();
  }
})();
