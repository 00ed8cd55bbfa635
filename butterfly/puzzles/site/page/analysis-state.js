// The analysis board's state and actions, with no page (analysis-view.js draws them): the game on
// the board (game.js: its moves, undo, redo and jumps), the deal it came from (its par, free play
// counted), the engine's answers and their reading (a winning line stepped through in place of the
// game), and the review of a game. Each action says what the status line now says.
import * as R from "../rules.js";
import { parseLine, positionLine } from "../line.js";
import { addressOf, parWords, readAddress } from "./analysis-setup.js";
import { GRADES, begun, dealsByGrade, won } from "./freeplay.js";
import { Game } from "./game.js";
import { hintMove, lineWords, mergeAnswers, offeredLine, withoutLengths } from "./move-values.js";
import { plural, said, saidCards, saidMessage } from "./words.js";

// The seconds of the first question: within the server's quick queue (QUICK_SECONDS, 1 s), answered at once
// (bench/serve.py: a tenth of a second keeps the 95th percentile of a click's first values under 0.3 s at 50 users).
export const QUICK = 0.1;
// A hint while the full answer is awaited.
const STILL = "still thinking\u2026";
// What the status says while a winning line is on the board in place of the game.
export const WAITING = "The winning line is on the board: press Back to the game to play.";
// What the answer says while the winning moves' lengths are searched (the values shown meanwhile).
const SEARCHING = "Still searching how long each winning line is\u2026";

// The answer of the API's solve as players say it; ``par``: the deal's proved shortest win, known at its start.
export function solveWords(answer, par) {
  if (answer.result === "won" || answer.result === "optimal" || answer.result === "bounded") {
    const n = answer.moves.length;
    return "Still winnable: a winning line of " + plural(n, "move") + " was found from here" + parWords(par) + ".";
  }
  if (answer.result === "unwinnable") return "Lost: no line wins from here.";
  return "Not decided within the time.";
}

export class AnalysisState {
  // ``free``: the page's free play ({grades, pars}: build.py board_free_play); ``stats``: the player's
  // free-play statistics (freeplay.js); ``ask``: the engine's questions (engine.js ask).
  constructor(free, stats, ask) {
    this.deals = dealsByGrade(free.grades);
    this.pars = free.pars;
    this.stats = stats;
    this.ask = ask;
    this.game = null; // the game on the board (game.js, with no puzzle)
    this.what = ""; // what the game is ("Deal 5", "A position")
    this.par = null; // the shortest win from the deal opened, when published (shown at its start only)
    this.free = null; // the free-play game on the board: {grade, deal, par, begun, won}, each counted once
    this.freeWords = ""; // what free play says of the latest change (the game won, and counted)
    this.stepping = null; // the winning line stepped through: {start, offer, searching, along, k, parText}
    this.reviewed = null; // the game reviewed: {start, moves, json}
    this.asked = 0; // the latest question to the engine: an older answer is dropped
  }

  // The winning line's position shown in place of the game's while stepped through; else null.
  viewing() {
    return this.stepping && this.stepping.k ? this.stepping.along[this.stepping.k] : null;
  }

  // The position on the board.
  position() {
    return this.viewing() || this.game.current();
  }

  at() {
    return this.game.moves.length;
  }

  total() {
    return this.game.moves.length + this.game.undone.length;
  }

  canUndo() {
    return this.viewing() === null && this.at() > 0;
  }

  canRedo() {
    return this.viewing() === null && this.game.undone.length > 0;
  }

  // The counter beside Undo and Redo.
  counterWords() {
    const s = this.stepping;
    return this.viewing()
      ? " Winning line: move " + s.k + " of " + s.offer.line.length
      : " Move " + this.at() + " of " + this.total();
  }

  // Where the focus goes when the focused place is gone: the last move's target.
  went() {
    const moves = this.game.moves;
    return moves.length ? R.parseMove(moves[moves.length - 1]).target : R.FOUNDATION;
  }

  // The line of the game's start.
  startLine() {
    return positionLine(this.game.history[0]);
  }

  // The board's address: its start, the moves played, and a free-play game's grade and deal.
  address() {
    return addressOf(this.startLine(), this.game.moves.map(R.parseMove), this.free);
  }

  // The position now in the editor.
  editorLink() {
    return "editor.html#p=" + positionLine(this.game.current());
  }

  // After every move, undo or redo: the engine's answers (about another position now) and the winning line
  // gone, a review of another game dropped, free play counted.
  changed() {
    this.asked++;
    this.freeWords = "";
    this.stepping = null;
    if (this.reviewed && !this.sameGame(this.reviewed)) this.reviewed = null;
    this.countFree();
  }

  sameGame(game) {
    const moves = this.game.allMoves();
    return (
      game.start === this.game.history[0] &&
      game.moves.length === moves.length &&
      game.moves.every((m, k) => m === moves[k])
    );
  }

  // A position opened: the game starts there, then ``played`` (moves) are made while they are legal; ``game``
  // ({grade, deal, par}): a free-play game, begun when a move was played, won when every card is home;
  // ``shortest``: the deal's published par (none: not known). The status: why a move of the link was not played.
  open(position, what, played, game, shortest) {
    this.free = null;
    this.par = game ? game.par : (shortest ?? null);
    this.what = what;
    this.game = new Game(null, position);
    let wrong = "";
    for (const move of played || []) {
      if (move === null || R.checkMove(this.game.current(), move) !== null) {
        wrong = "The link's move " + (this.at() + 1) + " is not legal here: the moves before it are played.";
        break;
      }
      this.game.play(move);
    }
    if (game) this.free = Object.assign({ begun: this.at() > 0, won: R.isWon(this.game.current()) }, game);
    this.changed();
    return wrong;
  }

  // The address's position and moves opened: {status} when it holds them, {refusal} when they cannot be
  // read (the board unchanged), null when it holds no position.
  openAddress(hash) {
    const found = readAddress(hash);
    if (!found) return null;
    try {
      const game = this.freeGame(found.grade, found.deal);
      const start = parseLine(found.line);
      return { status: this.open(start, game ? freeWhat(game) : "From a link", found.played, game) };
    } catch (error) {
      return { refusal: "This link's position cannot be read: " + saidMessage(error.message) + "." };
    }
  }

  // A position's line opened (``what`` and ``shortest`` as open's): {status}, or {refusal} when it cannot be read.
  openLine(line, what, shortest) {
    try {
      return { status: this.open(parseLine(line), what, [], null, shortest) };
    } catch (error) {
      return { refusal: "That line cannot be read: " + saidMessage(error.message) + "." };
    }
  }

  // A move tried on the board: {played, status}.
  tryMove(move) {
    const reason = R.checkMove(this.game.current(), move);
    if (reason !== null) return { played: false, status: "Not legal: " + saidCards(reason) + "." };
    this.game.play(move);
    this.changed();
    const status = said(R.formatMove(move)) + (R.isWon(this.game.current()) ? ": won, every card is home." : "");
    return { played: true, status: status };
  }

  // A move of the values' list (its text) played, unless a winning line is shown or it is not legal: the status, or null.
  playValue(text) {
    const move = R.parseMove(text);
    if (this.viewing() || R.checkMove(this.game.current(), move)) return null;
    this.game.play(move);
    this.changed();
    return said(text);
  }

  // The status, or null when nothing was taken back.
  undo() {
    if (this.viewing() || !this.game.undo()) return null;
    this.changed();
    return "Took back " + said(this.game.undone[this.game.undone.length - 1].move) + ".";
  }

  redo() {
    if (this.viewing() || !this.game.redo()) return null;
    this.changed();
    return "Redone: " + said(this.game.moves[this.at() - 1]) + ".";
  }

  // The game shown after its n-th move (the review's steps): the status, or null while a winning line is shown.
  goTo(n) {
    if (this.viewing()) return null;
    this.game.goTo(Math.max(0, Math.min(this.total(), n)));
    this.changed();
    const at = this.at();
    return at ? "Move " + at + ": " + said(this.game.moves[at - 1]) + "." : "The start of the game.";
  }

  // The deal's par, known for the position shown at its start only.
  parHere() {
    return this.at() === 0 && this.viewing() === null ? this.par : null;
  }

  // Asked first within QUICK seconds (the server's quick queue), at once; what that left undecided
  // (``decided`` false) asked again with the server's full budget: the same question, or ``again`` (its body).
  // ``show(json, final, quick)`` while still the latest question (``quick``: the first answer, beside the
  // second); ``failed(quick)`` when the second question fails, before ``tell`` says why.
  askTwice(path, body, without, tell, { decided, show, again, failed }) {
    const mine = ++this.asked;
    const latest = () => mine === this.asked;
    let first = null;
    return this.ask(path, Object.assign({ seconds: QUICK }, body), without)
      .then((quick) => {
        if (!latest()) return;
        first = quick;
        const done = decided(quick);
        show(quick, done, null);
        if (!done) return this.ask(path, again || body, without).then((full) => latest() && show(full, true, quick));
      })
      .catch((error) => {
        if (!latest()) return;
        if (first && failed) failed(first);
        tell(saidMessage(error.message));
      });
  }

  // Is this still winnable? ``tell(text)``: the answer's words, each time they change.
  askWinnable(tell) {
    const p = this.game.current();
    if (R.isWon(p)) {
      this.asked++;
      tell("Won: every card is home.");
      return Promise.resolve();
    }
    tell("Asking whether this position can still be won\u2026");
    return this.askTwice(
      "api/solve",
      { position: positionLine(p) },
      "to ask whether a position can still be won",
      tell,
      {
        decided: (json) => json.result !== "unresolved",
        show: (json, final) =>
          tell(final ? solveWords(json, this.parHere()) : "Not decided at once: still thinking\u2026"),
      },
    );
  }

  // No move left here (won or lost): said, and true.
  noMove(p, tell) {
    if (R.legalMoves(p).length) return false;
    this.asked++;
    tell(R.isWon(p) ? "Won: every card is home." : "No move is left here: the deal is lost.");
    return true;
  }

  // The values: the quick answer says which moves win, the second (with the full budget) how long each
  // winning move's line is, and decides what the first left undecided. Asked again unless every move was
  // decided with its length (lost, or winning at once). ``values(json, searching, offered)``: the values to
  // show, ``searching`` while the lengths are searched; ``offered`` (offer's) when a winning line is offered.
  askValues(tell, values) {
    const p = this.game.current();
    if (this.noMove(p, tell)) return Promise.resolve();
    tell("Working out the value of every move\u2026");
    const line = positionLine(p);
    const analysed = (json, searching) => values(json, searching, this.offer(p, json, searching));
    return this.askTwice("api/analyse", { position: line, lines: "best" }, "to see the value of every move", tell, {
      decided: (json) => json.moves.every((m) => m.value === "lost" || m.value === "optimal"),
      again: { position: line, lengths: true },
      show: (json, final, quick) => {
        tell(final ? "" : SEARCHING);
        analysed(quick ? mergeAnswers(quick, json) : json, !final);
      },
      failed: (quick) => analysed(withoutLengths(quick), false),
    });
  }

  // The winning line offered by the values of ``start`` (none: nothing wins) to step through; offered again (the
  // full answer after the quick one), the same line keeps the move the player had reached. Returns null when
  // none is offered, else {status}: what the status says (null: as it was).
  offer(start, json, searching) {
    const offer = offeredLine(json, searching);
    if (!offer) return null;
    const line = offer.line;
    const s = this.stepping;
    const same =
      s && s.start === start && s.offer.line.length === line.length && s.offer.line.every((m, k) => m === line[k]);
    // the deal's par beside a line not proved shortest (a proved one is as long)
    const parText = offer.shortest ? "" : parWords(this.parHere());
    const along = [start];
    line.forEach((m) => along.push(R.play(along[along.length - 1], m)));
    this.stepping = {
      start: start,
      offer: offer,
      searching: searching,
      along: along,
      k: same ? s.k : 0,
      parText: parText,
    };
    return { status: this.stepping.k ? WAITING : null };
  }

  // The winning line shown at its move ``to`` (0: the game again): the status, or null when it stays.
  step(to) {
    const s = this.stepping;
    const from = s.k;
    s.k = Math.max(0, Math.min(s.offer.line.length, to));
    if (s.k) return WAITING;
    return from ? "The game again, at move " + this.at() + ": your move." : null;
  }

  // The winning line's step in words.
  stepWords() {
    const s = this.stepping;
    const line = s.offer.line;
    if (s.k === 0) return lineWords(s.offer, s.searching) + s.parText + ": Next shows it.";
    return (
      "Winning line, move " +
      s.k +
      " of " +
      line.length +
      ": " +
      said(line[s.k - 1]) +
      (s.k === line.length ? " (the end)." : ".")
    );
  }

  // A hint: one move that keeps the deal winnable (hintMove), not the line after it.
  askHint(tell) {
    const p = this.game.current();
    if (this.noMove(p, tell)) return Promise.resolve();
    tell("Looking for a move that keeps the deal winnable\u2026");
    const winning = (json) => hintMove(json.moves);
    return this.askTwice("api/analyse", { position: positionLine(p), lines: "best" }, "to get a hint", tell, {
      decided: (json) => Boolean(winning(json)) || json.moves.every((m) => m.value !== "unknown"),
      show: (json, final) => {
        const m = winning(json);
        if (m) tell("A move that keeps the deal winnable: " + said(m.move) + ".");
        else if (json.moves.every((m) => m.value === "lost")) tell("No move keeps the deal winnable: it is lost.");
        else tell(final ? "No move that keeps the deal winnable was found in the time." : STILL);
      },
    });
  }

  // No review shown (the review of another game, or a record refused).
  dropReview() {
    this.reviewed = null;
  }

  // The game on the board to review (its moves played): the API's body, or null when no move was played.
  boardRecord() {
    if (!this.at()) return null;
    return { record: this.game.moves.join("\n"), position: this.startLine() };
  }

  // A game reviewed (``body``: the API's review's): opened on the board, shown before its losing move (where the
  // winning moves were), else at its end. Resolves {status} (the review is ``reviewed``), {refusal} (none is),
  // or null when another question came after it.
  askReview(body) {
    const mine = ++this.asked;
    return this.ask("api/review", body, "to review a game").then(
      (json) => {
        if (mine !== this.asked) return null;
        this.open(
          parseLine(json.position),
          "A reviewed game",
          json.moves.map((m) => R.parseMove(m.move)),
        );
        this.reviewed = { start: this.game.history[0], moves: this.game.moves.slice(), json: json };
        return { status: this.goTo(json.result === "lost" ? json.losing_move - 1 : this.at()) };
      },
      (error) => {
        if (mine !== this.asked) return null;
        this.reviewed = null; // the review shown was of another game
        return { refusal: saidMessage(error.message) };
      },
    );
  }

  // A published Butterfly deal's proved par (null: none, or not a published deal); ``number`` as typed.
  parOf(number) {
    return /^[0-9]{1,6}$/.test(String(number)) ? (this.pars[Number(number)] ?? null) : null;
  }

  // A free-play game of ``grade`` and ``deal`` (null: not one of that grade's deals).
  freeGame(grade, deal) {
    if (!GRADES.includes(grade) || !this.deals[grade].includes(deal)) return null;
    return { grade: grade, deal: deal, par: this.parOf(deal) };
  }

  // A free-play game begun at its first move, won once every card is home: each counted once.
  countFree() {
    const free = this.free;
    if (!free || !this.at()) return;
    if (!free.begun) {
      free.begun = true;
      this.stats = begun(this.stats, free.grade);
    }
    if (!free.won && R.isWon(this.game.current())) {
      free.won = true;
      const over = free.par === null ? null : this.at() - free.par;
      this.stats = won(this.stats, free.grade, over);
      this.freeWords =
        "Won, and counted in your free play" + (over === null ? "." : ": " + plural(over, "move") + " over par.");
    }
  }

  // A new deal of ``grade`` drawn (drawDeal's ``deal``) and opened: resolves the status.
  openFree(grade, deal) {
    const game = this.freeGame(grade, deal);
    return this.ask("api/deal?number=" + game.deal, null, "to deal a new game").then((json) => {
      this.open(parseLine(json.position), freeWhat(game), [], game);
      return { game: game, status: "A deal of grade " + grade + " that can be won: your move." };
    });
  }

  // A deal opened by its number (dealRequest's {query, what}); ``number`` as typed: a Butterfly deal by its own
  // number is a published deal, with its par when proved.
  openDeal(request, number, published) {
    const asked = "to open a deal by its number (a position's line opens without it)";
    return this.ask("api/deal?" + request.query, null, asked).then((json) => {
      this.open(parseLine(json.position), request.what, [], null, published ? this.parOf(number) : null);
    });
  }
}

// A free-play game in words, over the board.
export function freeWhat(game) {
  const parText = game.par === null ? "no published par for this deal" : "par " + game.par;
  return "Free play: deal " + game.deal + ", grade " + game.grade + ", " + parText;
}
