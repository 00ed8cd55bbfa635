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

  // What the browser keeps, by date: {moves: the player's moves (Butterfly),
  // misses: wrong answers, solved, gaveUp, on: the reader's date when solved,
  // over: moves over par}. Version 1 kept only {solved: {date: true}}.
  function loadStore() {
    var s = null;
    try {
      s = JSON.parse(window.localStorage.getItem(STORE) || "{}");
    } catch (e) {
      s = null;
    }
    if (!s || typeof s !== "object") s = {};
    if (s.v === 2 && s.days && typeof s.days === "object") return s;
    var days = {};
    Object.keys((s.solved && typeof s.solved === "object" && s.solved) || {}).forEach(function (date) {
      days[date] = { moves: [], misses: 0, solved: true, gaveUp: false, on: date, over: null };
    });
    return { v: 2, days: days };
  }

  function dayState(date) {
    return stateOf(loadStore().days[date]);
  }

  // A day's kept record, checked field by field (the browser's storage is the reader's to edit).
  function stateOf(kept) {
    var state = { moves: [], misses: 0, solved: false, gaveUp: false, on: null, over: null };
    if (kept && typeof kept === "object") {
      if (Array.isArray(kept.moves)) state.moves = kept.moves.filter(function (m) { return typeof m === "string"; });
      if (typeof kept.misses === "number" && kept.misses >= 0) state.misses = Math.floor(kept.misses);
      state.solved = kept.solved === true;
      state.gaveUp = kept.gaveUp === true && !state.solved;
      state.on = typeof kept.on === "string" ? kept.on : null;
      state.over = typeof kept.over === "number" ? kept.over : null;
    }
    return state;
  }

  function saveDay(date, state) {
    var s = loadStore();
    s.days[date] = state;
    try {
      window.localStorage.setItem(STORE, JSON.stringify(s));
    } catch (e) {
      /* storage refused: progress is not kept */
    }
  }

  // The date ``by`` days from ``date`` (both YYYY-MM-DD, by the reader's calendar).
  function shiftDate(date, by) {
    var d = new Date(date + "T12:00:00");
    d.setDate(d.getDate() + by);
    return localDate(d);
  }

  // A day counts for the streak when it was solved on its own date, as in Wordle.
  function onItsDay(days, date) {
    return !!days[date] && days[date].solved === true && days[date].on === date;
  }

  // The streak: days solved on their own date, consecutive, up to today, or up
  // to yesterday while today's is not solved yet; and the longest such run.
  function streaks(days) {
    var today = localDate(new Date());
    var current = 0;
    var d = onItsDay(days, today) ? today : shiftDate(today, -1);
    while (onItsDay(days, d)) {
      current++;
      d = shiftDate(d, -1);
    }
    var best = 0;
    Object.keys(days).sort().forEach(function (date) {
      if (!onItsDay(days, date) || onItsDay(days, shiftDate(date, -1))) return;
      var run = 0;
      for (var e = date; onItsDay(days, e); e = shiftDate(e, 1)) run++;
      best = Math.max(best, run);
    });
    return { current: current, best: best };
  }

  function played(state) {
    return state.solved || state.gaveUp || state.misses > 0 || state.moves.length > 0;
  }

  function statsFigures() {
    var days = loadStore().days;
    var states = Object.keys(days).map(function (date) { return stateOf(days[date]); }).filter(played);
    var solved = states.filter(function (state) { return state.solved; });
    var s = streaks(days);
    return {
      played: states.length,
      solved: solved.length,
      current: s.current,
      best: s.best,
      misses: solved.map(function (state) { return state.misses; }),
      over: solved.map(function (state) { return state.over; }).filter(function (v) { return v !== null; }),
    };
  }

  function statsText() {
    var f = statsFigures();
    var percent = f.played ? Math.round((100 * f.solved) / f.played) : 0;
    return "Played: " + f.played + " \u00b7 solved: " + percent + "% \u00b7 streak: " + f.current + " (best " + f.best + ")";
  }

  // The stats panel: the figures, then how many wrong answers and how many
  // moves over par the days solved took.
  function statsPanel() {
    var f = statsFigures();
    var box = el("div", { class: "stats" });
    box.appendChild(el("p", { class: "figures" }, statsText()));
    function spread(title, values, bands) {
      if (!values.length) return;
      var list = el("dl", { class: "spread" });
      bands.forEach(function (band) {
        var count = values.filter(band.has).length;
        list.appendChild(el("dt", null, band.name));
        list.appendChild(el("dd", null, String(count)));
      });
      box.appendChild(el("h3", null, title));
      box.appendChild(list);
    }
    spread("Wrong answers", f.misses, [
      { name: "none", has: function (v) { return v === 0; } },
      { name: "1", has: function (v) { return v === 1; } },
      { name: "2", has: function (v) { return v === 2; } },
      { name: "3 or more", has: function (v) { return v >= 3; } },
    ]);
    spread("Moves over par", f.over, [
      { name: "at par", has: function (v) { return v <= 0; } },
      { name: "1 to 5", has: function (v) { return v >= 1 && v <= 5; } },
      { name: "6 to 20", has: function (v) { return v >= 6 && v <= 20; } },
      { name: "more", has: function (v) { return v > 20; } },
    ]);
    return box;
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
      // The latest day up to today, when the site has one; else the first, to come.
      var dates = Object.keys(data.days).sort();
      var past = dates.filter(function (d) { return d <= today; });
      target.textContent = "There is no puzzle for today (" + today + ") on this site. ";
      if (past.length) {
        var last = past[past.length - 1];
        target.appendChild(el("a", { href: data.days[last] }, "Play the latest, of " + last));
        target.appendChild(document.createTextNode(", or choose one in the archive."));
      } else if (dates.length) {
        target.appendChild(document.createTextNode("The first opens on " + dates[0] + "."));
      }
    }
  }

  // ------------------------------------------------------------------ day
  function day(data) {
    var puzzle = data.puzzle;
    var play = document.getElementById("play");
    var after = document.getElementById("after");
    var status = el("p", { class: "status", role: "status" });
    var today = localDate(new Date());
    if (data.date > today) {
      var hidden = document.getElementById("picture");
      if (hidden) hidden.hidden = true;
      play.appendChild(el("p", { class: "status" }, "This puzzle opens on " + data.date + ": come back then."));
      return;
    }
    var state = dayState(data.date);
    var restoring = false; // replaying the kept moves: nothing is counted or kept again
    var done = false; // solved or given up: the board takes no more moves
    var par = puzzle.proof && puzzle.proof.par ? puzzle.proof.par.moves : null;

    function keep() {
      if (!restoring) saveDay(data.date, state);
    }

    function miss(message) {
      if (!restoring) {
        state.misses++;
        keep();
      }
      status.textContent = message;
    }

    // Solved: ``count`` is the line's length for a puzzle with a par.
    function finish(message, count) {
      status.textContent = message;
      if (done || state.gaveUp) return;
      done = true;
      if (board) board.lock();
      if (!state.solved && !state.gaveUp) {
        state.solved = true;
        state.on = today;
        state.over = par !== null && typeof count === "number" ? count - par : null;
        keep();
      }
      showAfter(message);
    }

    function giveUp() {
      if (done) return;
      done = true;
      if (board) board.lock();
      state.gaveUp = true;
      keep();
      showAfter(answerText());
    }

    // A stored move or card as the player reads it.
    function sayMove(text) {
      return data.patience ? said(text) : saidCards(text);
    }

    function answerText() {
      return puzzle.answer.length
        ? "The answer: " + puzzle.answer.map(function (c) {
            return c.map(sayMove).join(" or ");
          }).join("; ") + "."
        : "Given up: the solution is below.";
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

    // As puzzles.daily.share_text writes it, with the player's own squares and result.
    function shareText() {
      var share = data.share;
      var mine = "";
      for (var k = 0; k < state.misses; k++) mine += "\uD83D\uDFE5";
      mine += state.gaveUp ? "\u2B1B" : "\uD83D\uDFE9";
      var result = share.solved;
      if (state.gaveUp) result = "given up";
      else if (share.par !== null && state.over !== null) {
        result = share.done + " in " + (share.par + state.over) + " moves, par " + share.par;
      }
      var lines = [share.head, mine + " " + result, share.legend];
      if (share.url) lines.push(share.url);
      return lines.join("\n");
    }

    function showAfter(result) {
      if (giveUpButton) giveUpButton.hidden = true;
      after.hidden = false;
      after.textContent = "";
      var heading = el("p", { class: "result" }, result);
      after.appendChild(heading);
      after.appendChild(el("h2", null, "Share"));
      var text = shareText();
      after.appendChild(el("pre", { class: "share" }, text));
      if (navigator.clipboard) {
        var copy = button("Copy", function () {
          navigator.clipboard.writeText(text).then(
            function () {
              copy.textContent = "Copied";
            },
            function () {
              copy.textContent = "Copy it from the box above";
            }
          );
        });
        after.appendChild(copy);
      }
      after.appendChild(el("h2", null, "Your statistics"));
      after.appendChild(statsPanel());
      // The wrong choices and why, step by step for only-moves.
      var steps = (puzzle.proof && puzzle.proof.steps) || [(puzzle.proof && puzzle.proof.alternatives) || []];
      if (steps.some(function (wrong) { return wrong.length; })) {
        after.appendChild(el("h2", null, "The proof"));
        var list = el("ul");
        steps.forEach(function (wrong, k) {
          var step = steps.length > 1 ? "step " + (k + 1) + ", " : "";
          wrong.forEach(function (a) {
            var moves = a.moves.map(sayMove);
            list.appendChild(el("li", null, step + moves.join(" / ") + ": " + wrongWords(a.verdict)));
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
          step === 0 ? "The start (" + moves.length + " moves)" : step + ". " + said(moves[step - 1]) + (step === moves.length ? " (the end)" : "");
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
    var giveUpButton = null;
    play.appendChild(status);
    if (data.patience && typeof ButterflyRules !== "undefined") {
      start = ButterflyRules.parsePosition(puzzle.position);
      board = patienceBoard(play, start, status, puzzle, finish, miss, function (moves) {
        state.moves = moves.slice();
        keep();
      });
      var picture = document.getElementById("picture");
      if (picture) picture.hidden = true;
    } else {
      cardChoice(play, puzzle, status, finish, miss);
    }
    // Where the reader left the day: the moves replayed (each judged again, nothing counted twice).
    restoring = true;
    if (board) board.restore(state.moves);
    restoring = false;
    if (state.solved) {
      if (!done) finish("Solved" + (state.on && state.on !== data.date ? " on " + state.on : "") + ". " + statsText());
    } else if (state.gaveUp) {
      done = true;
      if (board) board.lock();
      status.textContent = answerText();
      showAfter(answerText());
    } else if (state.moves.length || state.misses) {
      status.textContent = "Welcome back: where you left it" + (state.misses ? " (" + state.misses + " wrong so far)" : "") + ".";
    }
    if (!done) {
      giveUpButton = button("Give up and see the answer", function () {
        status.textContent = answerText();
        giveUp();
      });
      play.appendChild(giveUpButton);
    }
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
          saidCards(card),
          function () {
            if (right.indexOf(card) >= 0) finish("Right: " + saidCards(card) + " meets the goal against any defence.");
            else miss("Not that: " + saidCards(card) + " misses the goal against the best defence. Try again.");
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

  // Card texts as players read them, everywhere a message names one: "7H"
  // becomes "7♥", "TS" "10♠", and a capture "9S x 4D 5H" "9♠ takes 4♦ 5♥".
  function saidCards(text) {
    return String(text)
      .replace(/\b(10|[2-9TJQKA])([CDHS])\b/g, function (token) {
        return shown(ButterflyRules.parseCard(token));
      })
      .replace(/ x /g, " takes ");
  }

  // A Butterfly move as players read it: "10♠ L4 → R1", "7♦ L2 → home", "K♣ basement → home".
  function said(text) {
    var R = ButterflyRules;
    var move = R.parseMove(text);
    function place(name) {
      return name === R.FOUNDATION ? "home" : name === R.CELL ? "basement" : name;
    }
    return shown(move.card) + " " + place(move.source) + " \u2192 " + place(move.target);
  }

  // Positions the search may visit per question: in a worker, and in the page
  // itself where no worker may start (file://), where it must stay short.
  var SEARCH_LIMIT = 200000;
  var PAGE_SEARCH_LIMIT = 20000;

  // Questions to search.js, in a Web Worker when the browser allows one; each
  // answer goes to its question's callback.
  function searcher() {
    var worker = null;
    var waiting = {};
    var next = 0;
    try {
      var manifest = document.querySelector('link[rel="manifest"]');
      worker = new Worker(new URL("search.js", manifest ? manifest.href : window.location.href).href);
      worker.onmessage = function (event) {
        var callback = waiting[event.data.id];
        delete waiting[event.data.id];
        if (callback) callback(event.data);
      };
      worker.onerror = function (event) {
        event.preventDefault();
        worker = null; // from file:// the worker may fail to load: the page searches itself
      };
    } catch (e) {
      worker = null;
    }
    return function (ask, position, callback) {
      if (worker) {
        next++;
        waiting[next] = callback;
        worker.postMessage({ id: next, ask: ask, position: ButterflyRules.positionToJson(position), limit: SEARCH_LIMIT });
        return;
      }
      if (typeof ButterflySearch === "undefined") return;
      window.setTimeout(function () {
        callback(ButterflySearch[ask](ButterflyRules, position, PAGE_SEARCH_LIMIT));
      }, 0);
    };
  }

  function patienceBoard(play, start, status, puzzle, finish, miss, changed) {
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
        changed(moves);
        asked++; // an answer about the position undone no longer applies
      })
    );
    controls.appendChild(counter);
    // Proved help where winning is the goal: a lost position is reported after
    // each move, and a deal or resource puzzle offers a hint.
    var ask = ["deal", "resource", "win-in"].indexOf(puzzle.kind) >= 0 ? searcher() : null;
    var onSolution = {}; // the key of each position of the stored winning line: where it goes on
    if (ask) {
      var along = start;
      puzzle.solution.forEach(function (move, k) {
        if (!(R.key(along) in onSolution)) onSolution[R.key(along)] = k;
        along = R.play(along, move);
      });
    }
    var asked = 0; // the latest question: an answer to an older one is dropped
    if (ask && puzzle.kind !== "win-in") {
      controls.appendChild(
        button("Hint", function () {
          if (locked) return;
          var mine = ++asked;
          var at = moves.length;
          // On the stored winning line, its next move is proved at once by the rest of the line.
          var along = onSolution[R.key(current())];
          if (along !== undefined) {
            status.textContent = "Hint: " + said(puzzle.solution[along]) + " keeps the deal winnable.";
            return;
          }
          status.textContent = "Looking for a move that keeps the deal winnable\u2026";
          ask("hint", current(), function (answer) {
            if (mine !== asked || locked) return;
            if (answer.verdict === "won") status.textContent = "Hint: " + said(answer.move) + " keeps the deal winnable.";
            else if (answer.verdict === "lost") lost(at);
            else status.textContent = "No hint found in time (" + answer.nodes.toLocaleString("en") + " positions tried).";
          });
        })
      );
    }

    var restoredUpTo = 0; // moves replayed from the browser's memory: a loss there was counted before
    function lost(at) {
      if (moves.length !== at || locked) return;
      var message = "This deal can no longer be won from here: every line was tried. Undo to go back.";
      if (at <= restoredUpTo && failedAt === null) {
        failedAt = at;
        status.textContent = message;
      } else fail(message);
    }

    function watchForLoss() {
      if (!ask || locked || R.isWon(current())) return;
      var mine = ++asked;
      var at = moves.length;
      ask("decide", current(), function (answer) {
        if (mine === asked && answer.verdict === "lost") lost(at);
      });
    }
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

    // A move tried: refused with the reason when illegal or past the puzzle's
    // limit, else played and judged. True when played.
    function attempt(target) {
      var move = { card: selected.card, source: selected.source, target: target };
      selected = null;
      var reason = R.checkMove(current(), move);
      if (reason === null && limit !== null && moves.length >= limit) {
        reason = "that would be move " + (moves.length + 1) + ", and " + limit + " is the most here: undo to try another line";
      }
      if (reason !== null) {
        status.textContent = "Not legal: " + saidCards(reason) + ".";
        render();
        return false;
      }
      var after = R.play(current(), move);
      history.push(after);
      moves.push(R.formatMove(move));
      status.textContent = said(R.formatMove(move));
      render();
      judge(after);
      changed(moves);
      watchForLoss();
      return true;
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
        fail(said(last) + " is not it: the deal is lost after it. Undo and try again.");
        return;
      }
      // The solution's own position (the same up to the order of rows), so its next moves apply.
      var at = offsets[stepReached] + 1;
      history[history.length - 1] = solutionPositions[at];
      stepReached++;
      if (stepReached === offsets.length) {
        locked = true; // done: no more moves to judge
        finish("Right: " + said(last) + ". All " + offsets.length + " only moves found.");
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
        "Right: " + said(last) + " (" + stepReached + " of " + offsets.length + ")." +
        (played.length ? " Played for you: " + played.map(said).join(", ") + "." : "") +
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
          locked = true; // done: no more moves to judge
          finish("Done in " + moves.length + " moves, par " + limit + "!", moves.length);
        } else if (moves.length >= limit) fail("That is " + moves.length + " moves and the goal is not reached: undo and try again.");
        else if (!R.legalMoves(after).length) fail("No legal move left: undo and try again.");
        return;
      }
      if (puzzle.kind === "only-move" && moves.length === 1) {
        if (answerKeys.indexOf(R.key(after)) >= 0) finish("Right: " + said(moves[0]) + " is the only move that keeps the deal winnable.");
        else fail(said(moves[0]) + " is not it: the deal is lost after it. Undo and try again.");
        return;
      }
      if (R.isWon(after)) {
        var par = puzzle.proof && puzzle.proof.par ? puzzle.proof.par.moves : null;
        finish("Won in " + moves.length + " moves" + (par !== null ? ", par " + par : "") + "!", moves.length);
        return;
      }
      if (limit !== null && moves.length >= limit) fail("That is " + moves.length + " moves and not won: undo and try again.");
      else if (!R.legalMoves(after).length) fail("No legal move left: undo and try again.");
    }

    // A card pressed: with one legal move it makes it at once; pressed again
    // once chosen, it goes home when it can (a double tap), else is let go.
    function choose(card, source) {
      if (locked) return;
      var again = selected && selected.card === card && selected.source === source;
      var own = R.legalMoves(current()).filter(function (m) { return m.card === card && m.source === source; });
      if (again && own.some(function (m) { return m.target === R.FOUNDATION; })) {
        attempt(R.FOUNDATION);
        return;
      }
      selected = again ? null : { card: card, source: source };
      if (!again && own.length === 1) {
        attempt(own[0].target);
        return;
      }
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
        if (!p.rows[i].length && p.rules.emptyRows === "lost") return; // an emptied row is gone for good
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
      // The solution stepper shows its positions on the board, which then takes no move.
      replay: function (p) {
        locked = true;
        history = [p];
        moves = [];
        selected = null;
        render();
      },
      lock: function () {
        locked = true;
        selected = null;
        render();
      },
      // The kept moves played again, up to the first that no longer applies
      // (moves played for the player between only moves are skipped: they replay themselves).
      restore: function (kept) {
        for (var i = 0; i < kept.length && !locked; i++) {
          if (i < moves.length) continue;
          var move;
          try {
            move = R.parseMove(kept[i]);
          } catch (e) {
            break;
          }
          selected = { card: move.card, source: move.source };
          if (!attempt(move.target)) break;
        }
        restoredUpTo = moves.length;
      },
    };
  }

  // The archive: days up to the reader's today only (a month with none is
  // hidden), each marked from what the browser kept; the stats above.
  function archive() {
    var today = localDate(new Date());
    var stats = document.getElementById("stats");
    if (stats) stats.appendChild(statsPanel());
    var days = loadStore().days;
    var rows = document.querySelectorAll("tr[data-date]");
    for (var k = 0; k < rows.length; k++) {
      var row = rows[k];
      var date = row.getAttribute("data-date");
      row.hidden = date > today;
      var state = stateOf(days[date]);
      var mark = state.solved ? "solved" : state.gaveUp ? "given up" : played(state) ? "begun" : "";
      var cell = row.querySelector(".mark");
      if (cell) cell.textContent = mark;
      if (mark) row.setAttribute("data-mark", mark);
    }
    var months = document.querySelectorAll("section.month");
    for (var m = 0; m < months.length; m++) {
      months[m].hidden = !months[m].querySelector("tr[data-date]:not([hidden])");
    }
  }

  // High contrast: the header's button, remembered by the browser.
  var CONTRAST = "butterfly-daily-contrast";
  function contrastToggle() {
    var toggle = document.getElementById("contrast");
    if (!toggle) return;
    function set(on) {
      document.documentElement.classList.toggle("contrast", on);
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
    }
    var on = false;
    try {
      on = window.localStorage.getItem(CONTRAST) === "on";
    } catch (e) {
      on = false;
    }
    set(on);
    toggle.hidden = false;
    toggle.addEventListener("click", function () {
      on = !on;
      set(on);
      try {
        window.localStorage.setItem(CONTRAST, on ? "on" : "off");
      } catch (e) {
        /* storage refused: the choice lasts this page only */
      }
    });
  }

  // How to play opens by itself on the first visit only.
  var SEEN = "butterfly-daily-seen";
  function firstVisit() {
    var how = document.getElementById("how");
    if (!how) return;
    try {
      if (window.localStorage.getItem(SEEN)) return;
      window.localStorage.setItem(SEEN, "yes");
    } catch (e) {
      return; // storage refused: never opened by itself, rather than on every page
    }
    how.open = true;
  }

  // Arrow keys on the board: left and right to the previous or next button,
  // up and down to the row above or below (the button as far along, or its last).
  function arrows(event) {
    var board = event.target && event.target.closest ? event.target.closest(".board") : null;
    if (!board || ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].indexOf(event.key) < 0) return false;
    var rows = Array.prototype.slice.call(board.querySelectorAll(".row"));
    var row = event.target.closest(".row");
    var r = rows.indexOf(row);
    var here = Array.prototype.slice.call(row.querySelectorAll("button"));
    var k = here.indexOf(event.target);
    var next = null;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      var all = Array.prototype.slice.call(board.querySelectorAll("button"));
      next = all[all.indexOf(event.target) + (event.key === "ArrowLeft" ? -1 : 1)];
    } else {
      var step = event.key === "ArrowUp" ? -1 : 1;
      for (var t = r + step; t >= 0 && t < rows.length && !next; t += step) {
        var there = rows[t].querySelectorAll("button");
        if (there.length) next = there[Math.min(k, there.length - 1)];
      }
    }
    if (next) next.focus();
    return true;
  }

  // u or Ctrl+Z: the Undo button's job, from anywhere on the page.
  function shortcuts() {
    document.addEventListener("keydown", function (event) {
      if (arrows(event)) {
        event.preventDefault();
        return;
      }
      var undo = event.key === "u" && !event.ctrlKey && !event.metaKey && !event.altKey;
      undo = undo || ((event.ctrlKey || event.metaKey) && (event.key === "z" || event.key === "Z"));
      if (!undo) return;
      var button = document.querySelector("#play .controls button");
      if (button) {
        event.preventDefault();
        button.click();
      }
    });
  }

  // Offline after a first visit (sw.js), where the browser allows it: served
  // over http(s), never from file://.
  function offline() {
    var manifest = document.querySelector('link[rel="manifest"]');
    if (!manifest || !("serviceWorker" in navigator) || !/^https?:$/.test(window.location.protocol)) return;
    navigator.serviceWorker.register(new URL("sw.js", manifest.href).href).catch(function () {
      /* refused (a private window, say): the site works online as before */
    });
  }

  function main() {
    contrastToggle();
    offline();
    firstVisit();
    shortcuts();
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
