// Judge a corpus built by the Python engine (butterfly/puzzles/site/corpus.py) with the
// page's JavaScript (butterfly/puzzles/site/rules.js, search.js, page/game.js) and
// list every disagreement. No node or browser API: tests/js/check_corpus.js
// runs it under node, tests/puzzles/test_browser.py in Chromium on the
// modules the site's pages load.

// The search's node limit when judging a verdict (butterfly/puzzles/site/corpus.py SEARCH_NODES).
const SEARCH_NODES = 50000;

// JSON with object keys sorted, so that equal values print equal.
function canonical(value) {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (value && typeof value === "object") {
    return (
      "{" +
      Object.keys(value)
        .sort()
        .map((k) => JSON.stringify(k) + ":" + canonical(value[k]))
        .join(",") +
      "}"
    );
  }
  return JSON.stringify(value);
}

// Every judgement of the corpus by the rules R (and the page's search S, when
// given: its verdicts must not contradict the Python solver's; and the page's
// Game, when given: the goal and only-move puzzles' verdicts; and the page's
// reader and writer of one-line positions L (line.js), when given: each case's
// line written as Python writes it, and every text of ``lines`` read alike,
// the same line written back or refused with the same message):
// {checks, mismatches, decided, provedLost}.
export function judgeCorpus(R, corpus, S, Game, L) {
  const mismatches = [];
  let checks = 0;
  let decided = 0;
  let provedLost = 0;
  function expect(where, what, got, wanted) {
    checks += 1;
    const a = canonical(got);
    const b = canonical(wanted);
    if (a !== b) mismatches.push(`${where}: ${what}: JavaScript ${a}, Python ${b}`);
  }
  function attempt(where, fn) {
    try {
      fn();
    } catch (error) {
      checks += 1;
      mismatches.push(`${where}: JavaScript threw: ${error && error.message}`);
    }
  }

  corpus.cases.forEach((c, n) => {
    const where = `case ${n} (${c.rules})`;
    attempt(where, () => {
      const position = R.parsePosition(c.position);
      expect(where, "rules", position.rules.name, c.rules);
      expect(where, "position JSON", R.positionToJson(position), c.position);
      expect(where, "key", R.key(position), c.key);
      expect(where, "won", R.isWon(position), c.won);
      const legal = R.legalMoves(position);
      expect(where, "legal moves", legal.map(R.formatMove), c.legal);
      legal.forEach((move) => expect(where, `check of legal ${R.formatMove(move)}`, R.checkMove(position, move), null));
      expect(where, "safe moves home", legal.filter((m) => R.isSafeHome(position, m)).map(R.formatMove), c.safe);
      c.candidates.forEach((cand) => {
        attempt(`${where}, move ${cand.move}`, () => {
          expect(where, `check of ${cand.move}`, R.checkMove(position, R.parseMove(cand.move)), cand.reason);
        });
      });
      let current = position;
      c.sequence.forEach((step, i) => {
        current = R.play(current, R.parseMove(step.move));
        expect(where, `key after move ${i + 1} (${step.move})`, R.key(current), step.key);
        expect(where, `won after move ${i + 1} (${step.move})`, R.isWon(current), step.won);
      });
      expect(where, "final position", R.positionToJson(current), c.final);
      if (L && c.line !== undefined) {
        expect(where, "line", L.positionLine(position), c.line);
        expect(where, "final line", L.positionLine(current), c.final_line);
        expect(where, "line read back", R.positionToJson(L.parseLine(c.line)), c.position);
      }
      if (S && (c.verdict === "won" || c.verdict === "unwinnable")) {
        const found = S.decide(R, position, SEARCH_NODES);
        if (found.verdict !== "unknown") {
          decided += 1;
          if (found.verdict === "lost") provedLost += 1;
          expect(where, "search verdict", found.verdict === "won" ? "won" : "unwinnable", c.verdict);
          if (found.verdict === "won") {
            let end = position;
            found.line.forEach((m) => (end = R.play(end, m)));
            expect(where, "search line wins", R.isWon(end), true);
          }
        }
      }
      // Within a number of moves: a win in the fewest moves Python proved, none in one fewer.
      if (S && typeof c.shortest === "number") {
        const within = S.decide(R, position, SEARCH_NODES, c.shortest);
        const short = c.shortest > 0 ? S.decide(R, position, SEARCH_NODES, c.shortest - 1) : { verdict: "unknown" };
        if (within.verdict !== "unknown") {
          decided += 1;
          expect(where, `a win within ${c.shortest} moves`, within.verdict, "won");
          if (within.verdict === "won") expect(where, "its length", within.line.length <= c.shortest, true);
        }
        if (short.verdict !== "unknown") {
          decided += 1;
          if (short.verdict === "lost") provedLost += 1;
          expect(where, `a win within ${c.shortest - 1} moves`, short.verdict, "lost");
        }
      }
    });
  });

  (corpus.parse || []).forEach((p, n) => {
    const where = `parse ${n} (${JSON.stringify(p.text)})`;
    let got;
    try {
      got = R.formatMove(R.parseMove(p.text));
    } catch {
      got = null;
    }
    expect(where, "move", got, p.move);
  });
  if (L) {
    (corpus.lines || []).forEach((t, n) => {
      const where = `line ${n} (${JSON.stringify(t.text.length > 80 ? t.text.slice(0, 80) + "..." : t.text)})`;
      let got;
      try {
        got = { line: L.positionLine(L.parseLine(t.text)), error: null };
      } catch (error) {
        got = { line: null, error: error.message };
      }
      expect(where, "read", got, { line: t.line, error: t.error });
    });
  }
  // The page's judgements of whole puzzles, by its own Game (butterfly/puzzles/site/page/game.js), as the page plays them.
  if (Game) {
    (corpus.goals || []).forEach((g, n) => {
      const where = `goal ${n} (${g.puzzle.id}, goal ${JSON.stringify(g.puzzle.facts.goal)})`;
      attempt(where, () => {
        const game = new Game(g.puzzle, R.parsePosition(g.puzzle.position));
        let done = false;
        for (const text of g.line) {
          const move = R.parseMove(text);
          if (game.refusal(move) !== null) break; // past par: the page takes no more moves
          game.play(move);
          const verdict = game.judgeLast();
          if (verdict && (verdict.finish || verdict.wrong)) {
            done = !!verdict.finish;
            break;
          }
        }
        expect(where, `the goal reached within par by ${g.line.join(", ")}`, done, g.done);
        if (g.done) expect(where, "the moves it took", game.moves.length, g.reached);
      });
    });
    (corpus.choices || []).forEach((c, n) => {
      const where = `choice ${n} (${c.puzzle.id}, step ${c.given.length + 1})`;
      attempt(where, () => {
        const game = new Game(c.puzzle, R.parsePosition(c.puzzle.position));
        c.given.forEach((text) => {
          game.play(R.parseMove(text));
          const verdict = game.judgeLast();
          expect(where, `the answer ${text} of an earlier step`, !!(verdict && verdict.right), true);
        });
        game.play(R.parseMove(c.move));
        const verdict = game.judgeLast();
        expect(where, `${c.move} right`, !!(verdict && (verdict.finish || verdict.right)), c.right);
      });
    });
  }
  return { checks, mismatches, decided, provedLost };
}
