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

  function svgEl(tag, attrs, text) {
    var node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (var k in attrs) node.setAttribute(k, attrs[k]);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function button(text, onClick, extra) {
    var b = el("button", extra || {}, text);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  function twoDigits(n) {
    return (n < 10 ? "0" : "") + n;
  }

  function localDate(d) {
    return d.getFullYear() + "-" + twoDigits(d.getMonth() + 1) + "-" + twoDigits(d.getDate());
  }

  // What the browser keeps, by date: {moves: the player's moves (Butterfly),
  // misses: wrong tries, tried: what each was (a refuted card, or the key of a
  // position proved lost), solved, gaveUp, on: the reader's date when solved,
  // at: the clock's time then (ms), over: moves over par}; and ``seen``, the
  // latest time the page's clock has shown (docs/puzzles.md, "The streak").
  // Version 1 kept only {solved: {date: true}}.
  function loadStore() {
    var s = null;
    try {
      s = JSON.parse(window.localStorage.getItem(STORE) || "{}");
    } catch (e) {
      s = null;
    }
    if (!s || typeof s !== "object") s = {};
    if (s.v === 2 && s.days && typeof s.days === "object") {
      if (typeof s.seen !== "number") s.seen = 0;
      return s;
    }
    var days = {};
    Object.keys((s.solved && typeof s.solved === "object" && s.solved) || {}).forEach(function (date) {
      days[date] = { moves: [], misses: 0, tried: [], solved: true, gaveUp: false, on: date, at: null, over: null };
    });
    return { v: 2, days: days, seen: 0 };
  }

  function dayState(date) {
    return stateOf(loadStore().days[date]);
  }

  //: The most wrong tries a day remembers (each a short text): storage stays small.
  var MOST_TRIED = 200;

  // A day's kept record, checked field by field (the browser's storage is the reader's to edit).
  function stateOf(kept) {
    var state = { moves: [], misses: 0, tried: [], solved: false, gaveUp: false, on: null, at: null, streak: true, over: null };
    if (kept && typeof kept === "object") {
      if (Array.isArray(kept.moves)) state.moves = kept.moves.filter(function (m) { return typeof m === "string"; });
      if (Array.isArray(kept.tried)) {
        state.tried = kept.tried.filter(function (t) { return typeof t === "string"; }).slice(0, MOST_TRIED);
      }
      if (typeof kept.misses === "number" && kept.misses >= 0) state.misses = Math.floor(kept.misses);
      state.solved = kept.solved === true;
      state.gaveUp = kept.gaveUp === true && !state.solved;
      state.on = typeof kept.on === "string" ? kept.on : null;
      state.at = typeof kept.at === "number" ? kept.at : null;
      state.streak = kept.streak !== false;
      state.over = typeof kept.over === "number" ? kept.over : null;
    }
    return state;
  }

  function saveStore(s) {
    try {
      window.localStorage.setItem(STORE, JSON.stringify(s));
    } catch (e) {
      /* storage refused: progress is not kept */
    }
  }

  function saveDay(date, state) {
    var s = loadStore();
    s.days[date] = state;
    saveStore(s);
  }

  // The page's clock, checked against the latest time it has shown: when it
  // was set back (by more than a few minutes), a day solved now does not count
  // for the streak; a solve kept from a time still to come (the clock was set
  // ahead) never counts. ``back``: the clock is behind a time already seen.
  var CLOCK_SLACK = 10 * 60 * 1000;
  function readClock() {
    var now = Date.now();
    var s = loadStore();
    var back = now < s.seen - CLOCK_SLACK;
    Object.keys(s.days).forEach(function (date) {
      var kept = s.days[date];
      if (kept && typeof kept.at === "number" && kept.at > now + CLOCK_SLACK) kept.streak = false;
    });
    s.seen = Math.max(s.seen, now);
    saveStore(s);
    return { now: now, back: back };
  }

  // The date ``by`` days from ``date`` (both YYYY-MM-DD, by the reader's calendar).
  function shiftDate(date, by) {
    var d = new Date(date + "T12:00:00");
    d.setDate(d.getDate() + by);
    return localDate(d);
  }

  // A day counts for the streak when it was solved on its own date, as in
  // Wordle, by a clock never seen set back or ahead (readClock).
  function onItsDay(days, date) {
    var kept = days[date];
    return !!kept && kept.solved === true && kept.on === date && kept.streak !== false;
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
    // Played: the days finished, solved or given up. A day begun and not
    // finished counts when it is, never before (it may still be solved).
    var states = Object.keys(days).map(function (date) { return stateOf(days[date]); }).filter(function (state) {
      return state.solved || state.gaveUp;
    });
    var solved = states.filter(function (state) { return state.solved; });
    var s = streaks(days);
    return {
      played: states.length,
      solved: solved.length,
      percent: states.length ? Math.round((100 * solved.length) / states.length) : 0,
      current: s.current,
      best: s.best,
      misses: solved.map(function (state) { return state.misses; }),
      over: solved.map(function (state) { return state.over; }).filter(function (v) { return v !== null; }),
    };
  }

  function statsText() {
    var f = statsFigures();
    return "Played: " + f.played + " \u00b7 solved: " + f.percent + "% \u00b7 streak: " + f.current + " (best " + f.best + ")";
  }

  // The statistics: four figures, then how many wrong tries and how many moves
  // over par the days solved took, as bar charts; ``mine``: the day just
  // finished ({misses, over}), whose bars are marked. ``heading``: the level
  // of the charts' headings.
  function statsPanel(mine, heading) {
    var f = statsFigures();
    var box = el("div", { class: "stats" });
    var figures = el("dl", { class: "figures" });
    [[f.played, "played"], [f.percent + "%", "solved"], [f.current, "streak"], [f.best, "best streak"]].forEach(function (pair) {
      var cell = el("div");
      cell.appendChild(el("dd", null, String(pair[0])));
      cell.appendChild(el("dt", null, pair[1]));
      figures.appendChild(cell);
    });
    box.appendChild(figures);
    function chart(title, values, bands, own) {
      if (!values.length) return;
      box.appendChild(el(heading || "h3", null, title));
      var list = el("ul", { class: "chart" });
      var counts = bands.map(function (band) { return values.filter(band.has).length; });
      var most = Math.max.apply(null, counts.concat([1]));
      bands.forEach(function (band, k) {
        var isMine = own !== null && own !== undefined && band.has(own);
        var item = el("li", isMine ? { class: "mine" } : null);
        item.appendChild(el("span", { class: "band" }, band.name));
        var bar = el("span", { class: "bar", style: "width: " + Math.max(8, Math.round((100 * counts[k]) / most)) + "%" }, String(counts[k]));
        item.appendChild(bar);
        if (isMine) item.setAttribute("aria-label", band.name + ": " + counts[k] + " (this day)");
        list.appendChild(item);
      });
      box.appendChild(list);
    }
    chart("Wrong tries", f.misses, [
      { name: "none", has: function (v) { return v === 0; } },
      { name: "1", has: function (v) { return v === 1; } },
      { name: "2", has: function (v) { return v === 2; } },
      { name: "3 or more", has: function (v) { return v >= 3; } },
    ], mine ? mine.misses : null);
    chart("Moves over par", f.over, [
      { name: "at par or under", has: function (v) { return v <= 0; } },
      { name: "1 to 5", has: function (v) { return v >= 1 && v <= 5; } },
      { name: "6 to 20", has: function (v) { return v >= 6 && v <= 20; } },
      { name: "more", has: function (v) { return v > 20; } },
    ], mine ? mine.over : null);
    return box;
  }

  // The time to the reader's next midnight, when the next puzzle opens: "5:04:09".
  function untilMidnight(now) {
    var next = new Date(now);
    next.setHours(24, 0, 0, 0);
    var seconds = Math.max(0, Math.round((next - now) / 1000));
    return Math.floor(seconds / 3600) + ":" + twoDigits(Math.floor(seconds / 60) % 60) + ":" + twoDigits(seconds % 60);
  }

  // ------------------------------------------------------------------ index
  function index(data) {
    var today = localDate(new Date());
    var target = document.getElementById("today");
    if (Object.prototype.hasOwnProperty.call(data.days, today)) {
      target.textContent = "";
      target.appendChild(el("a", { href: data.days[today] }, "Today's puzzle (" + today + ")"));
      window.location.replace(data.days[today]);
      return true;
    }
    // The latest day up to today, when the site has one; else the first, to come.
    var dates = Object.keys(data.days).sort();
    var past = dates.filter(function (d) { return d <= today; });
    target.textContent = "";
    if (!past.length && dates.length) {
      target.appendChild(el("strong", null, "The first puzzle opens on " + data.opens + "."));
      var wait = el("span", { class: "countdown" });
      target.appendChild(document.createTextNode(" "));
      target.appendChild(wait);
      var tick = function () {
        var days = Math.round((new Date(dates[0] + "T00:00:00") - new Date(today + "T00:00:00")) / 86400000);
        wait.textContent = days > 1 ? "In " + days + " days." : "In " + untilMidnight(new Date()) + ".";
      };
      tick();
      window.setInterval(tick, 1000);
      return false;
    }
    target.textContent = "There is no puzzle for today (" + today + ") on this site. ";
    if (past.length) {
      var last = past[past.length - 1];
      target.appendChild(el("a", { href: data.days[last] }, "Play the latest, of " + last));
      target.appendChild(document.createTextNode(", or choose one in the archive."));
    }
    return false;
  }

  // ------------------------------------------------------------------ day
  // ``clock``: readClock's reading as the page opened.
  function day(data, clock) {
    var puzzle = data.puzzle;
    var play = document.getElementById("play");
    var after = document.getElementById("after");
    var status = el("p", { class: "status", role: "status" });
    var today = localDate(new Date(clock.now));
    if (data.date > today) {
      // nothing of the puzzle before its day: neither its picture nor its goal
      ["picture", "goal"].forEach(function (id) {
        var hidden = document.getElementById(id);
        if (hidden) hidden.hidden = true;
      });
      var when = document.querySelector(".meta time");
      play.appendChild(el("p", { class: "status" }, "This puzzle opens on " + (when ? when.textContent : data.date) + ": come back then."));
      return;
    }
    var state = dayState(data.date);
    var restoring = false; // replaying the kept moves: nothing is counted or kept again
    var done = false; // solved or given up: the board takes no more moves
    var par = puzzle.proof && puzzle.proof.par ? puzzle.proof.par.moves : null;

    function keep() {
      if (!restoring) saveDay(data.date, state);
    }

    // A wrong try: ``what`` names it (a card, or a position proved lost), so that
    // the same try again, after an undo or a reload, is no second miss.
    // ``replayed``: reached again by the moves kept from before a reload, and counted then.
    function miss(message, what, replayed) {
      var again = state.tried.indexOf(what) >= 0;
      if (!again && state.tried.length < MOST_TRIED) state.tried.push(what);
      if (!again && !replayed) state.misses++;
      keep();
      status.textContent = again && !replayed ? "Already tried. " + message : message;
    }

    // Solved: ``count`` is the line's length for a puzzle with a par.
    function finish(message, count) {
      status.textContent = message;
      if (done || state.gaveUp) return;
      done = true;
      if (board) board.lock();
      var now = !state.solved; // solved just now, not opened solved
      if (now) {
        state.solved = true;
        state.on = today;
        state.at = clock.now;
        // Solved by a clock set back (docs/puzzles.md, "The streak"): kept, but not for the streak.
        state.streak = !clock.back;
        state.over = par !== null && typeof count === "number" ? count - par : null;
        keep();
      }
      showAfter(message);
      if (now) finishPanel(message);
    }

    function giveUp() {
      if (done) return;
      done = true;
      if (board) board.lock();
      state.gaveUp = true;
      keep();
      showAfter(answerText());
      finishPanel(answerText());
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
        : "Given up. The solution can be stepped through under the board.";
    }

    // A wrong choice in a player's words (the puzzle file keeps the exact verdict and how it was proved).
    function wrongWords(verdict) {
      if (verdict === "unwinnable") return "after it the deal can no longer be won";
      if (verdict === "no pool") return "the others can stop you taking the pool";
      if (verdict === "no papillon") return "the others can stop your papillon";
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

    function squares() {
      var mine = "";
      for (var k = 0; k < state.misses; k++) mine += "\uD83D\uDFE5";
      return mine + (state.gaveUp ? "\u2B1B" : "\uD83D\uDFE9");
    }

    // As puzzles.daily.share_text writes it, with the player's own squares and result.
    function shareText() {
      var share = data.share;
      var result = share.solved;
      if (state.gaveUp) result = "given up";
      else if (share.par !== null && state.over !== null) {
        result = share.done + " in " + (share.par + state.over) + " moves, par " + share.par;
      }
      var lines = [share.head, squares() + " " + result];
      if (share.url) lines.push(share.url);
      return lines.join("\n");
    }

    // The share: the system's share sheet where the browser has one (phones),
    // else a copy to the clipboard; the text stays in view to copy by hand.
    function shareButton(text) {
      var say = el("span", { class: "shared", role: "status" });
      var share = button(navigator.share ? "Share" : "Copy the result", function () {
        if (navigator.share) {
          navigator.share({ text: text }).catch(function () {
            /* the sheet closed unshared: nothing to say */
          });
          return;
        }
        if (!navigator.clipboard) {
          say.textContent = "Copy it from the box above.";
          return;
        }
        navigator.clipboard.writeText(text).then(
          function () {
            say.textContent = "Copied.";
          },
          function () {
            say.textContent = "Copy it from the box above.";
          }
        );
      }, { class: "primary", "data-action": "share" });
      var box = el("div", { class: "share-row" });
      box.appendChild(share);
      box.appendChild(say);
      return box;
    }

    // The moment a day is finished, in the manner of Wordle's: the result, the
    // statistics with this day's bars marked, the share and the time to the next
    // puzzle, over the page; closed with its button or Escape.
    var panel = null;
    // The panel's headline: how the day went, in a word or three.
    function headline() {
      if (state.gaveUp) return "Given up";
      if (state.over === null) return state.misses ? "Solved!" : "Solved at the first try!";
      if (state.over < 0) return "Under par!";
      return state.over === 0 ? "At par!" : "Solved, " + state.over + " over par";
    }
    function finishPanel(result) {
      if (panel) panel.remove();
      panel = el("dialog", { class: "finish", "aria-labelledby": "finish-title" });
      var sheet = el("div", { class: "sheet" });
      var close = button("\u00d7", function () { panel.close(); }, { class: "close", "aria-label": "Close" });
      sheet.appendChild(close);
      sheet.appendChild(el("h2", { id: "finish-title" }, headline()));
      sheet.appendChild(el("p", { class: "result" }, result));
      if (state.solved && !onItsDay(loadStore().days, data.date)) {
        sheet.appendChild(el("p", { class: "note" }, "Streaks count the days solved on their own date."));
      }
      if (state.gaveUp) {
        sheet.appendChild(button("Show the solution", function () {
          panel.close();
          if (showSolution) showSolution();
        }, { class: "primary" }));
      }
      sheet.appendChild(el("h3", null, "Your statistics"));
      sheet.appendChild(statsPanel(state.solved ? { misses: state.misses, over: state.over } : null, "h3"));
      var text = shareText();
      sheet.appendChild(el("pre", { class: "share" }, text));
      sheet.appendChild(el("p", { class: "legend" }, data.share.legend));
      sheet.appendChild(shareButton(text));
      var next = el("p", { class: "next" });
      sheet.appendChild(next);
      var tick = function () {
        if (!panel.open) return;
        next.textContent = "Next puzzle in " + untilMidnight(new Date()) + ".";
      };
      panel.appendChild(sheet);
      closeOnBackdrop(panel);
      document.body.appendChild(panel);
      panel.showModal();
      tick();
      var timer = window.setInterval(tick, 1000);
      panel.addEventListener("close", function () {
        window.clearInterval(timer);
      });
    }

    // Under the board once the day is over (the result itself is in the status above the board).
    var showSolution = null;
    function showAfter(result) {
      if (giveUpButton) giveUpButton.hidden = true;
      after.hidden = false;
      after.textContent = "";
      after.appendChild(button("Statistics and share", function () { finishPanel(result); }, { "data-action": "stats" }));
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
      var showButton = button("Show the solution", function () {
        showButton.hidden = true;
        // Its Back and Next go just below the board (in place of its controls) or the card game's choices, in view with them.
        play.appendChild(stepper);
        after.insertBefore(el("p", null, "It is shown above."), showButton);
        status.textContent = board && board.replay ? "The solution, on the board: Back and Next below it step through it." : "The solution: Back and Next below step through it.";
        solutionStepper(stepper);
      });
      showSolution = function () {
        if (!showButton.hidden) showButton.click();
      };
      after.appendChild(showButton);
    }

    // The stored solution, a move at a time: on the board for Butterfly, in
    // words for a card game (its picture stays the starting position).
    function solutionStepper(box) {
      var step = 0;
      var moves = puzzle.solution;
      box.textContent = "";
      var line = el("p", { class: "step" });
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
      // A card game's move with who plays it: "P0 plays Q♠", "P0's 8♦ takes 4♦ 4♠", "P2 lays A♠ on the table".
      function playedBy(seat, text) {
        var words = sayMove(text);
        if (/^trail /.test(text)) return seat + " " + words;
        return / x /.test(text) ? seat + "\u2019s " + words : seat + " plays " + words;
      }
      function show() {
        var move = step ? (data.seats ? playedBy(data.seats[step - 1], moves[step - 1]) : sayMove(moves[step - 1])) : "";
        line.textContent = step === 0 ? "The start (" + moves.length + " moves)" : step + ". " + move + (step === moves.length ? " (the end)" : "");
        if (board && board.replay) {
          var p = start;
          for (var k = 0; k < step; k++) p = ButterflyRules.play(p, moves[k]);
          board.replay(p, moves.slice(0, step));
          board.element.scrollIntoView({ block: "nearest" }); // the board may grow as rows lengthen
        }
        box.scrollIntoView({ block: "nearest" });
      }
      show();
    }

    var board = null;
    var start = null;
    var giveUpButton = null;
    play.appendChild(status);
    // A card game's verdicts go above its picture, in view with the cards tapped.
    var figure = document.getElementById("picture");
    if (!data.patience && figure) figure.parentNode.insertBefore(status, figure);
    if (data.patience && typeof ButterflyRules !== "undefined") {
      start = ButterflyRules.parsePosition(puzzle.position);
      board = patienceBoard(play, start, data.layout, status, puzzle, finish, miss, function (moves) {
        state.moves = moves.slice();
        keep();
      });
      var picture = document.getElementById("picture");
      if (picture) picture.hidden = true;
    } else {
      board = cardChoice(play, puzzle, status, finish, miss, state.tried);
    }
    // Where the reader left the day: the moves replayed (each judged again, a wrong try already kept is not counted again).
    restoring = true;
    if (board && board.restore) board.restore(state.moves);
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
      giveUpButton = button("Give up", function () {
        // Next to Undo and Hint, one slip of a finger would end the day for good: ask first.
        if (!window.confirm("Give up? The answer will be shown, and the day counts as given up.")) return;
        status.textContent = answerText();
        giveUp();
      }, { "data-action": "give-up" });
      (board && board.controls ? board.controls : play).appendChild(giveUpButton);
    }
    if (board && board.fit) board.fit();
  }

  // A card game's answer, chosen from the buttons or by pressing the card in
  // the picture; ``tried``: the wrong choices kept from before (struck through).
  function cardChoice(play, puzzle, status, finish, miss, tried) {
    var right = [].concat.apply([], puzzle.answer);
    var cards = right.slice();
    ((puzzle.proof && puzzle.proof.alternatives) || []).forEach(function (a) {
      a.moves.forEach(function (m) {
        if (cards.indexOf(m) < 0) cards.push(m);
      });
    });
    cards.sort();
    var locked = false;
    var box = el("div", { class: "choices", role: "group", "aria-label": "your card" });
    var handle = {
      lock: function () {
        locked = true;
        box.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
        // the picture's cards are no longer to be played: no frames, no buttons
        var marked = document.querySelectorAll("#picture .choosable");
        Array.prototype.forEach.call(marked, function (g) {
          g.classList.remove("choosable");
          g.removeAttribute("role");
          g.removeAttribute("tabindex");
          g.removeAttribute("aria-label");
        });
      },
    };
    function strike(card) {
      var choice = box.querySelector('[data-card="' + card + '"]');
      if (choice) choice.classList.add("refuted");
    }
    function decide(card) {
      if (locked) return;
      var wrong = "Not that: " + saidCards(card) + " misses the goal against the best defence. Try again.";
      if (right.indexOf(card) >= 0) finish("Right: " + saidCards(card) + " meets the goal against any defence.");
      else {
        strike(card);
        miss(wrong, "card " + card);
      }
      status.scrollIntoView({ block: "nearest" }); // on a phone the picture fills the screen
    }
    cards.forEach(function (card) {
      box.appendChild(button(saidCards(card), function () { decide(card); }, { class: "choice", "data-card": card }));
    });
    tried.forEach(function (what) {
      if (what.indexOf("card ") === 0) strike(what.slice(5));
    });
    status.textContent = "Your move: tap a card with a yellow frame, or choose below the picture.";
    play.appendChild(box);
    // The cards of the picture that a choice plays can be pressed too; a card
    // with several choices (captures) asks which.
    var picture = document.querySelector("#picture svg");
    if (!picture) return handle;
    picture.setAttribute("role", "group");
    picture.setAttribute("aria-label", "the position: your cards can be pressed");
    var byCard = {};
    cards.forEach(function (choice) {
      var first = choice.split(" ")[0];
      (byCard[first] = byCard[first] || []).push(choice);
    });
    Object.keys(byCard).forEach(function (first) {
      var g = picture.querySelector("#card-" + first);
      var outline = g && g.querySelector("rect");
      if (!outline) return;
      var options = byCard[first];
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("aria-label", "play " + saidCards(first));
      g.classList.add("choosable");
      ["ring-out", "ring-in"].forEach(function (kind) {
        g.appendChild(svgEl("rect", {
          class: kind,
          x: Number(outline.getAttribute("x")) - 5,
          y: Number(outline.getAttribute("y")) - 5,
          width: Number(outline.getAttribute("width")) + 10,
          height: Number(outline.getAttribute("height")) + 10,
          rx: 8,
        }));
      });
      function pick() {
        if (locked) return;
        if (options.length === 1) {
          decide(options[0]);
          return;
        }
        status.textContent = saidCards(first) + " can be played " + options.length + " ways: " + options.map(saidCards).join(" or ") + ". Choose one below.";
        box.querySelector('[data-card="' + options[0] + '"]').focus();
      }
      g.addEventListener("click", pick);
      g.addEventListener("keydown", function (event) {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        pick();
      });
    });
    return handle;
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
      .replace(/ x /g, " takes ")
      .replace(/^trail (.+)$/, "lays $1 on the table");
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
    // ``depth``: a win within that many moves (null: any win).
    return function (ask, position, depth, callback) {
      if (worker) {
        next++;
        waiting[next] = callback;
        worker.postMessage({ id: next, ask: ask, position: ButterflyRules.positionToJson(position), limit: SEARCH_LIMIT, depth: depth });
        return;
      }
      if (typeof ButterflySearch === "undefined") return;
      window.setTimeout(function () {
        callback(ButterflySearch[ask](ButterflyRules, position, PAGE_SEARCH_LIMIT, depth));
      }, 0);
    };
  }

  function patienceBoard(play, start, layout, status, puzzle, finish, miss, changed) {
    var R = ButterflyRules;
    var history = [start];
    var moves = [];
    var automatic = []; // beside each move: made by the safe-cards option
    var replaying = false; // the kept moves played again: the option makes none
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
    controls.appendChild(button("Undo", undo, { "data-action": "undo" }));
    // A move taken back, with the moves the option made after it.
    function undo() {
      if (locked || moves.length <= fixedMoves) return;
      var wasAuto;
      do {
        moves.pop();
        history.pop();
        wasAuto = automatic.pop();
      } while (wasAuto && moves.length > fixedMoves);
      if (failedAt !== null && moves.length < failedAt) failedAt = null;
      selected = null;
      status.textContent = "";
      render();
      changed(moves);
      asked++; // an answer about the position undone no longer applies
    }
    controls.appendChild(counter);
    // Proved help where winning is the goal (deals, resource puzzles, win-in):
    // a lost position is reported after each move, and Hint gives a move.
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
    // A win-in must be won within its moves: the search looks no further.
    function movesLeft() {
      return limit === null ? null : limit - moves.length;
    }
    var keeps = limit === null ? " keeps the deal winnable." : " keeps a win within the moves left.";
    if (ask) {
      controls.appendChild(
        button("Hint", function () {
          if (locked) return;
          var mine = ++asked;
          var at = moves.length;
          // On the stored winning line, its next move is proved at once by the rest of the line.
          var along = onSolution[R.key(current())];
          if (along !== undefined && (limit === null || puzzle.solution.length - along <= movesLeft())) {
            status.textContent = "Hint: " + said(puzzle.solution[along]) + keeps;
            return;
          }
          status.textContent = "Looking for a move that" + keeps.replace(/\.$/, "\u2026");
          ask("hint", current(), movesLeft(), function (answer) {
            if (mine !== asked || locked) return;
            if (answer.verdict === "won") status.textContent = "Hint: " + said(answer.move) + keeps;
            else if (answer.verdict === "lost") lost(at);
            else status.textContent = "No hint found in time (" + answer.nodes.toLocaleString("en") + " positions tried).";
          });
        }, { "data-action": "hint" })
      );
    }

    var autoHome = ["deal", "resource"].indexOf(puzzle.kind) >= 0 ? autoOption(controls) : null;

    var restoredUpTo = 0; // moves replayed from the browser's memory: a loss there was counted before
    function lost(at) {
      if (moves.length !== at || locked) return;
      var message =
        limit === null
          ? "This deal can no longer be won from here: every line was tried. Undo to go back."
          : "No line wins within " + limit + " moves from here: every one was tried. Undo to go back.";
      fail(message, at <= restoredUpTo);
    }

    function watchForLoss() {
      // At the puzzle's limit the move itself was judged ("That is N moves and not won"): no second verdict races it.
      if (!ask || locked || R.isWon(current()) || (limit !== null && moves.length >= limit)) return;
      var mine = ++asked;
      var at = moves.length;
      ask("decide", current(), movesLeft(), function (answer) {
        if (mine === asked && answer.verdict === "lost") lost(at);
      });
    }
    play.appendChild(controls);

    // The board as large as fits with its controls on the first screen (never
    // smaller than a third of it), as laid out now and after a turn or resize.
    function fit() {
      var top = box.getBoundingClientRect().top + window.scrollY;
      var room = window.innerHeight - top - controls.getBoundingClientRect().height - 12;
      svg.style.maxHeight = Math.max(room, window.innerHeight / 3) + "px";
    }
    window.addEventListener("resize", fit);

    function current() {
      return history[history.length - 1];
    }

    // One wrong attempt is one miss, however many moves are played after it: the
    // line counts again only once undone to before where it went wrong. A try is
    // the position it reached (with the moves used, where they are limited): the
    // same one again, by any line, after an undo or a reload, is no new miss,
    // nor one replayed from the browser's memory (``counted``: before the reload).
    var failedAt = null;
    function fail(message, counted) {
      if (failedAt !== null) {
        status.textContent = message;
        return;
      }
      failedAt = moves.length;
      miss(message, R.key(current()) + (limit === null ? "" : " @" + moves.length), counted || replaying);
    }

    // A move tried: refused with the reason when illegal or past the puzzle's
    // limit, else played and judged. True when played.
    // ``auto``: made by the option that moves safe cards home, after the player's move.
    function attempt(target, auto) {
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
      automatic.push(auto === true);
      if (!auto) status.textContent = said(R.formatMove(move));
      render();
      judge(after);
      changed(moves);
      if (auto) return true;
      playSafe();
      watchForLoss();
      return true;
    }

    // The option: after each move of the player's, the cards that can go home
    // safely (rules.js isSafeHome: no win is lost by it) go, one by one.
    function playSafe() {
      if (!autoHome || !autoHome.checked || replaying) return;
      var said0 = status.textContent;
      var made = [];
      while (!locked) {
        var p = current();
        var safe = R.legalMoves(p).filter(function (m) { return R.isSafeHome(p, m); })[0];
        if (!safe) break;
        selected = { card: safe.card, source: safe.source };
        if (!attempt(R.FOUNDATION, true)) break;
        made.push(shown(safe.card));
      }
      if (made.length && status.textContent === said0) status.textContent = said0 + "; then home by themselves: " + made.join(", ") + ".";
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
        finish("Right: " + said(last) + ". " + (offsets.length === 2 ? "Both" : "All " + offsets.length) + " only moves found.");
        return;
      }
      var played = [];
      for (; at < offsets[stepReached]; at++) {
        played.push(puzzle.solution[at]);
        moves.push(puzzle.solution[at]);
        automatic.push(false);
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
        var text = "Won in " + moves.length + " moves" + (par !== null ? ", par " + par : "") + "!";
        // Only a par not proved shortest can be beaten: say what the player did.
        if (par !== null && moves.length < par) text += " That is " + (par - moves.length) + " fewer than the shortest win we know.";
        finish(text, moves.length);
        return;
      }
      if (limit !== null && moves.length >= limit) fail("That is " + moves.length + " moves and not won: undo and try again.");
      else if (!R.legalMoves(after).length) fail("No legal move left: undo and try again.");
    }

    // A card pressed: a tap only picks it up, showing where it may go, so that
    // a curious tap is never a move (nor a wrong try); a card with no move is not
    // picked up, and says so. Pressed again once chosen (a double tap), it goes
    // home when it can, else makes its one move when it has only one, else is let go.
    function choose(card, source) {
      if (locked) return;
      var again = selected && selected.card === card && selected.source === source;
      var own = R.legalMoves(current()).filter(function (m) { return m.card === card && m.source === source; });
      if (again && own.length) {
        var home = own.some(function (m) { return m.target === R.FOUNDATION; });
        if (home || own.length === 1) {
          attempt(home ? R.FOUNDATION : own[0].target);
          return;
        }
      }
      if (!again && !own.length) {
        selected = null;
        status.textContent = shown(card) + " has no move now.";
        render();
        return;
      }
      selected = again ? null : { card: card, source: source };
      if (selected) status.textContent = shown(card) + " picked up: now where it goes (Escape puts it down).";
      render();
    }

    // Escape puts a chosen card down.
    function letGo() {
      if (!selected) return false;
      selected = null;
      render();
      return true;
    }

    function target(name) {
      if (locked) return;
      if (selected) attempt(name);
    }

    // ------------------------------------------------------------ the picture
    // The board is the butterfly as games/patience/picture.py draws it: the
    // foundations as its body, the rows L1.. as the left wing and R1.. as the
    // right, each row's outer card outermost and whole, the basement below.
    // The card faces are the page's own (build.py: <use> of "face-7H").
    var G = layout;
    var reach = [0, 0]; // the longest rows seen: the board never shrinks under the player's finger
    var svg = svgEl("svg", { class: "table", role: "group", "aria-label": "the board" });
    box.appendChild(svg);

    function focusRing(g, x, y, w, h) {
      g.appendChild(svgEl("rect", { class: "ring-out", x: x - 5, y: y - 5, width: w + 10, height: h + 10, rx: 8 }));
      g.appendChild(svgEl("rect", { class: "ring-in", x: x - 5, y: y - 5, width: w + 10, height: h + 10, rx: 8 }));
    }

    // A card that can be pressed: a row's outer card or a basement card.
    function movable(parent, card, source, x, y) {
      var text = R.cardText(card);
      var isSelected = selected && selected.card === card && selected.source === source;
      var g = svgEl("g", {
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
      if (isSelected) g.appendChild(svgEl("rect", { class: "picked", x: x - 1, y: y - 1, width: G.width + 2, height: G.height + 2, rx: 6 }));
      focusRing(g, x, y, G.width, G.height);
      parent.appendChild(g);
    }

    // A place a chosen card can go to: a row, home or the basement, holding
    // what ``fill`` draws in it (its focus ring over that); ``can`` when the
    // chosen card may go there.
    function place(name, label, x, y, w, h, can, focusable, fill) {
      var attrs = { class: "target" + (can ? " can" : ""), "data-target": name };
      if (focusable) {
        attrs.role = "button";
        attrs.tabindex = "0";
        attrs["aria-label"] = label;
      }
      var g = svgEl("g", attrs);
      g.appendChild(svgEl("rect", { class: "area", x: x, y: y, width: w, height: h, rx: 8 }));
      fill(g);
      if (focusable) focusRing(g, x, y, w, h);
      svg.appendChild(g);
      return g;
    }

    function render() {
      var p = current();
      var place0 = focusedPlace();
      // Done (or showing the answer): Undo, Hint and the option have nothing left to do.
      controls.querySelectorAll("button, input").forEach(function (c) { c.disabled = locked; });
      var names = p.rules.rowNames;
      var left = [];
      var right = [];
      names.forEach(function (name, i) {
        (name.charAt(0) === "L" ? left : right).push(i);
      });
      function longest(wing) {
        return Math.max.apply(null, [0].concat(wing.map(function (i) { return p.rows[i].length; })));
      }
      reach = [Math.max(reach[0], longest(left)), Math.max(reach[1], longest(right))];
      function wing(cards) {
        return G.width + (Math.max(cards, G.minReach) - 1) * G.step;
      }
      var levels = Math.max(left.length, right.length, 4);
      var top = G.margin;
      var bodyX = G.margin + G.label + wing(reach[0]) + G.gap;
      var bodyWidth = G.width + 12 * G.pileStep;
      var rightX = bodyX + bodyWidth + G.gap;
      var width = rightX + wing(reach[1]) + G.label + G.margin;
      var wingsHeight = levels * G.pitch;
      var height = top + wingsHeight + (p.rules.cells ? G.pitch + 22 : 0) + G.margin - 14;
      var targets = {}; // where the chosen card may go
      if (selected) {
        R.legalMoves(p).forEach(function (m) {
          if (m.card === selected.card && m.source === selected.source) targets[m.target] = true;
        });
      }
      svg.textContent = "";
      svg.setAttribute("viewBox", "0 0 " + width + " " + height);
      svg.setAttribute("width", width);
      svg.setAttribute("height", height);
      svg.appendChild(svgEl("rect", { class: "cloth", x: 0, y: 0, width: width, height: height }));
      // The body: each suit's pile, its top card last.
      var bodyTop = top + ((levels - 4) * G.pitch) / 2;
      place(R.FOUNDATION, "home (the foundations)", bodyX - 6, bodyTop - 6, bodyWidth + 12, 3 * G.pitch + G.height + 12, targets[R.FOUNDATION], true, function (home) {
        for (var s = 0; s < 4; s++) {
          var y = bodyTop + s * G.pitch;
          if (!p.foundations[s]) home.appendChild(svgEl("use", { href: "#place-" + "CDHS".charAt(s), x: bodyX, y: y }));
          for (var rank = 1; rank <= p.foundations[s]; rank++) {
            var offset = (rank - 1) * G.pileStep;
            home.appendChild(svgEl("use", { href: "#face-" + R.cardText(s * 13 + rank - 1), x: bodyX + offset, y: y + offset }));
          }
        }
      });
      // The wings: the innermost card next to the body; an emptied row that is lost is gone.
      [left, right].forEach(function (side, onRight) {
        side.forEach(function (i, level) {
          var name = names[i];
          var cards = p.rows[i];
          if (!cards.length && p.rules.emptyRows === "lost") return;
          var y = top + level * G.pitch;
          var innerX = onRight ? rightX : bodyX - G.gap - G.width;
          var step = onRight ? G.step : -G.step;
          var areaX = onRight ? rightX - 4 : G.margin - 4;
          var areaWidth = onRight ? width - G.margin - rightX + 8 : bodyX - G.gap - G.margin + 8;
          var row = place(name, "row " + name + ", empty", areaX, y - 6, areaWidth, G.height + 12, targets[name], !cards.length, function (g) {
            var labelAttrs = { class: "label", x: onRight ? width - G.margin : G.margin, y: y + G.height / 2 + 5 };
            if (onRight) labelAttrs["text-anchor"] = "end";
            g.appendChild(svgEl("text", labelAttrs, name));
            if (!cards.length) g.appendChild(svgEl("use", { href: "#place", x: innerX, y: y }));
            cards.forEach(function (c, k) {
              if (k < cards.length - 1) g.appendChild(svgEl("use", { href: "#face-" + R.cardText(c), x: innerX + k * step, y: y }));
            });
          });
          // the outer card over the row's focus ring, so that its own shows whole
          if (cards.length) movable(row, cards[cards.length - 1], name, innerX + (cards.length - 1) * step, y);
        });
      });
      // The basement (or free cells) below the body.
      if (p.rules.cells) {
        var by = top + wingsHeight + 22;
        var span = p.rules.cells * (G.width + 8) - 8;
        var bx = bodyX + bodyWidth / 2 - span / 2;
        var kind = p.rules.cellsOneWay ? "basement" : "free cells";
        // a place to press only while empty (as a row): its cards are the buttons then, and a
        // card pressed with another chosen names its place; a button inside a button is none to a screen reader
        var cells = place(R.CELL, kind, bx - 6, by - 6, span + 12, G.height + 12, targets[R.CELL], !p.cells.length, function (g) {
          g.appendChild(svgEl("text", { class: "label small", x: bodyX + bodyWidth / 2, y: by - 10, "text-anchor": "middle" }, kind));
          for (var k = p.cells.length; k < p.rules.cells; k++) g.appendChild(svgEl("use", { href: "#place", x: bx + k * (G.width + 8), y: by }));
        });
        p.cells.forEach(function (c, k) {
          movable(cells, c, R.CELL, bx + k * (G.width + 8), by);
        });
      }
      counter.textContent = " Moves: " + moves.length + (limit !== null ? " of " + limit : "");
      refocus(place0);
    }

    // A press on the board: a movable card is chosen (or, with another card
    // chosen, names its row as the destination); a place is the destination.
    function press(node) {
      if (locked || !node) return;
      var card = node.getAttribute("data-card");
      if (card !== null) {
        var source = node.getAttribute("data-source");
        var c = R.parseCard(card);
        // With another card chosen, a card names its place (a basement card
        // the basement), unless both are basement cards: then it is chosen instead.
        var other = selected && !(selected.card === c && selected.source === source);
        if (other && !(source === R.CELL && selected.source === R.CELL)) target(source);
        else choose(c, source);
        return;
      }
      var name = node.getAttribute("data-target");
      if (name !== null) target(name);
    }

    function pressable(node) {
      return node && node.closest ? node.closest("[data-card], [data-target]") : null;
    }

    var dragged = false; // the click that ends a drag is no press
    svg.addEventListener("click", function (event) {
      if (dragged) {
        dragged = false;
        return;
      }
      press(pressable(event.target));
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && !locked && letGo()) event.preventDefault();
    });
    svg.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" && event.key !== " ") return;
      var node = pressable(event.target);
      if (!node) return;
      event.preventDefault();
      press(node);
    });

    // Dragging a card to its place, with a mouse, a pen or a finger.
    var drag = null; // {id, x, y, card, source, node, ghost}
    function svgPoint(event) {
      var matrix = svg.getScreenCTM();
      var point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix ? matrix.inverse() : undefined);
      return { x: point.x - G.width / 2, y: point.y - G.height / 2 };
    }
    svg.addEventListener("pointerdown", function (event) {
      dragged = false;
      var node = event.target.closest ? event.target.closest("[data-card]") : null;
      if (locked || !node || event.button !== 0) return;
      drag = {
        id: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        card: R.parseCard(node.getAttribute("data-card")),
        source: node.getAttribute("data-source"),
        node: node,
        ghost: null,
      };
    });
    svg.addEventListener("pointermove", function (event) {
      if (!drag || event.pointerId !== drag.id) return;
      if (!drag.ghost) {
        if (Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) < 8) return;
        drag.ghost = svgEl("use", { href: "#face-" + R.cardText(drag.card), class: "ghost" });
        drag.node.classList.add("lifted");
        svg.appendChild(drag.ghost);
        svg.setPointerCapture(event.pointerId);
      }
      var at = svgPoint(event);
      drag.ghost.setAttribute("x", at.x);
      drag.ghost.setAttribute("y", at.y);
    });
    function endDrag(event, drop) {
      if (!drag || event.pointerId !== drag.id) return;
      var was = drag;
      drag = null;
      if (!was.ghost) return; // a press, not a drag: the click follows
      dragged = true;
      was.ghost.remove();
      was.node.classList.remove("lifted");
      var under = drop ? pressable(document.elementFromPoint(event.clientX, event.clientY)) : null;
      var name = under ? under.getAttribute("data-target") || under.getAttribute("data-source") : null;
      if (name && name !== was.source) {
        selected = { card: was.card, source: was.source };
        attempt(name);
      } else render();
    }
    svg.addEventListener("pointerup", function (event) {
      endDrag(event, true);
    });
    svg.addEventListener("pointercancel", function (event) {
      endDrag(event, false);
    });

    // The board is drawn anew after every press: a keyboard player keeps their place
    // (the same card, or else the place it was on).
    function focusedPlace() {
      var node = document.activeElement;
      if (!node || !svg.contains(node)) return null;
      return { card: node.getAttribute("data-card"), source: node.getAttribute("data-source"), target: node.getAttribute("data-target") };
    }

    // Else, when a move emptied its row (which may then be gone), where the card went, or the first place.
    function refocus(at) {
      if (!at) return;
      var went = moves.length ? R.parseMove(moves[moves.length - 1]).target : R.FOUNDATION;
      var again =
        (at.card && svg.querySelector('[data-card="' + at.card + '"][data-source="' + at.source + '"]')) ||
        svg.querySelector('[data-source="' + (at.target || at.source) + '"]') ||
        svg.querySelector('[data-target="' + (at.target || at.source) + '"][tabindex]') ||
        svg.querySelector('[data-target="' + went + '"][tabindex]') ||
        svg.querySelector("[tabindex]");
      if (again) again.focus();
    }

    render();
    return {
      element: box,
      controls: controls,
      fit: fit,
      // The solution stepper shows its positions on the board, which then takes
      // no move; the counter counts the solution's moves shown.
      replay: function (p, shown) {
        locked = true;
        controls.hidden = true; // nothing to play while the solution is shown: its Back and Next take their place
        history = [p];
        moves = shown;
        automatic = [];
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
        replaying = true;
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
        replaying = false;
      },
    };
  }

  // The option "safe cards go home by themselves", remembered by the browser:
  // its checkbox, added to ``controls``.
  var AUTO = "butterfly-daily-auto";
  function autoOption(controls) {
    var box = el("input", { type: "checkbox", "data-action": "auto" });
    try {
      box.checked = window.localStorage.getItem(AUTO) === "on";
    } catch (e) {
      box.checked = false;
    }
    box.addEventListener("change", function () {
      try {
        window.localStorage.setItem(AUTO, box.checked ? "on" : "off");
      } catch (e) {
        /* storage refused: the choice lasts this page only */
      }
    });
    var label = el("label");
    label.appendChild(box);
    label.appendChild(document.createTextNode(" Safe cards go home by themselves"));
    controls.appendChild(label);
    return box;
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

  // A press outside a dialog's box (on its backdrop: the dialog itself, its sheet filling the box) closes it.
  function closeOnBackdrop(dialog) {
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog) dialog.close();
    });
  }

  // How to play, a dialog over the page: it opens by itself on the first visit
  // only, and from the header's "?"; its button, Escape or a press outside it closes it.
  var SEEN = "butterfly-daily-seen";
  // ``sunday``: a card game's day, where it opens at the Sunday games.
  function firstVisit(sunday) {
    var how = document.getElementById("how");
    if (!how || typeof how.showModal !== "function") return;
    function open() {
      if (how.open) return;
      how.showModal();
      var games = sunday && document.getElementById("how-sunday");
      if (games) games.scrollIntoView({ block: "start" });
    }
    closeOnBackdrop(how);
    var help = document.getElementById("help");
    if (help) {
      help.hidden = false;
      help.addEventListener("click", open);
    }
    try {
      if (window.localStorage.getItem(SEEN)) return;
      window.localStorage.setItem(SEEN, "yes");
    } catch (e) {
      return; // storage refused: never opened by itself, rather than on every page
    }
    open();
  }

  // Arrow keys on the board: to the nearest card or place that can be
  // pressed in the arrow's direction, as the eye goes on the picture.
  function arrows(event) {
    var keys = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    var board = event.target && event.target.closest ? event.target.closest(".board") : null;
    var way = keys[event.key];
    if (!board || !way) return false;
    function centre(node) {
      var box = node.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    }
    var from = centre(event.target);
    var best = null;
    var bestScore = Infinity;
    Array.prototype.forEach.call(board.querySelectorAll("[tabindex]"), function (node) {
      if (node === event.target) return;
      var to = centre(node);
      var along = (to.x - from.x) * way[0] + (to.y - from.y) * way[1];
      var across = Math.abs((to.x - from.x) * way[1] + (to.y - from.y) * way[0]);
      if (along <= 1) return; // not that way
      var score = along + 2 * across; // straight on first
      if (score < bestScore) {
        best = node;
        bestScore = score;
      }
    });
    if (best) best.focus();
    return true;
  }

  // u or Ctrl+Z: the Undo button's job, h the Hint's, from anywhere on the page.
  function shortcuts() {
    document.addEventListener("keydown", function (event) {
      if (document.querySelector("dialog[open]")) return; // How to play or the finish panel: keys are theirs
      if (arrows(event)) {
        event.preventDefault();
        return;
      }
      var plain = !event.ctrlKey && !event.metaKey && !event.altKey;
      var action = null;
      if ((plain && event.key === "u") || (!plain && !event.altKey && (event.key === "z" || event.key === "Z"))) action = "undo";
      else if (plain && event.key === "h") action = "hint";
      var button = action && document.querySelector('#play [data-action="' + action + '"]');
      if (button) {
        event.preventDefault();
        button.click();
      }
    });
  }

  // Offline after a first visit (sw.js), where the browser allows it: served
  // over http(s), never from file://. Today and the next seven days the site
  // has (``span``: its first and last dates) are kept, so tomorrow opens offline.
  var DAYS_AHEAD = 7;
  function offline(span) {
    var manifest = document.querySelector('link[rel="manifest"]');
    if (!manifest || !("serviceWorker" in navigator) || !/^https?:$/.test(window.location.protocol)) return;
    navigator.serviceWorker
      .register(new URL("sw.js", manifest.href).href)
      .then(function () {
        return navigator.serviceWorker.ready;
      })
      .then(function (registration) {
        if (!span || !registration.active) return;
        var today = localDate(new Date());
        var keep = [];
        for (var k = 0; k <= DAYS_AHEAD; k++) {
          var date = shiftDate(today, k);
          if (date >= span[0] && date <= span[1]) keep.push(new URL("day/" + date + ".html", manifest.href).href);
        }
        if (keep.length) registration.active.postMessage({ keep: keep });
      })
      .catch(function () {
        /* refused (a private window, say): the site works online as before */
      });
  }

  function main() {
    contrastToggle();
    var node = document.getElementById("page-data");
    var data = node ? JSON.parse(node.textContent) : null;
    offline(data && data.span);
    // The front page sends a reader on to today's puzzle: How to play opens
    // there on a first visit, so the front page must not use that visit up.
    if (data && data.page === "index" && index(data)) return;
    firstVisit(!!data && data.page === "day" && !data.patience);
    shortcuts();
    if (!data) return;
    var clock = readClock(); // every page checks the clock, so a clock set back is seen wherever the player goes
    if (data.page === "day") day(data, clock);
    else if (data.page === "archive") archive();
  }

  if (typeof document !== "undefined") {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
    else main();
  }
})();
