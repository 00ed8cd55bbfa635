// The card-game board's readers of butterfly serve's answers (docs/serve.md),
// the one place the board knows their keys: one reader for each kind of
// answer, each giving the shape the board draws. The answers a reader is
// tested on were recorded from the server (tests/js/card_answers.json).

// /api/moves: the seat to move and each legal move, with the line it leads to (null when it ends the hand,
// and then the hand's result: {chips, pool}) and what it caused in words.
export function readMoves(json) {
  return {
    toMove: json.to_move,
    moves: json.moves.map((m) => ({ move: m.move, position: m.position, said: m.said, result: m.result })),
  };
}

// ---- /api/analyse: each kind of analysis a card game's position gets ----------------------------
// Every answer says its kind: its game and its view (docs/serve.md, "Answers"), and names one thing by one
// key in each ("The same key for the same thing": to_move, moves[].move, deals). Read as {seat: whose choices,
// fromSeat: valued from that seat (else with all hands open), tried: the deals tried (null: not said),
// declarations: [{declaration, meanChips}] (null: not a declaration's answer), choices: [{move, value}]}; a
// value is tagged by its kind: "max-n chips", "max-n tricks", "mean chips", "mean tricks".

// A kind whose moves are choices of the rules, each with its value read by ``value(move, json)``.
const valued = (value) => (json) => ({
  declarations: null,
  choices: json.moves.map((m) => ({ move: m.move, value: value(m, json) })),
});

// Each kind's reader, by "game view": its declarations and choices.
const READERS = {
  // Papillon with every hand known (the last deal): max-n chips, the pool's winner, the chips guaranteed.
  "papillon open": valued((m) => ({
    kind: "max-n chips",
    chips: m.maxn_chips,
    winner: m.maxn_winner,
    guaranteed: m.guaranteed_chips,
  })),
  // Papillon with one redeal left: everyone's expected chips over the deals of the stock; the mover's are read.
  "papillon redeal": valued((m, json) => ({
    kind: "mean chips",
    meanChips: m.expected_chips[json.to_move],
    winChance: m.win_chance,
  })),
  // Papillon from a seat: the mean chips and the chance to take the pool over the deals of the unseen cards;
  // an exact answer also gives the chips the seat is sure of and the plain average over the deals (null else).
  "papillon seat": valued((m) => ({
    kind: "mean chips",
    meanChips: m.mean_chips,
    winChance: m.win_chance,
    guaranteed: m.guaranteed_chips,
    estimate: m.sampled_chips,
  })),
  // La Mouche with every hand known: each card's max-n tricks and chips, the tricks guaranteed (the values
  // from the mover's seat beside them are not drawn).
  "mouche open": valued((m) => ({
    kind: "max-n tricks",
    tricks: m.maxn_tricks,
    chips: m.maxn_chips,
    guaranteedTricks: m.guaranteed_tricks,
  })),
  // La Mouche from a seat: each card's mean tricks and chance to make the mouche over the deals; an exact
  // answer also gives the tricks the seat is sure of and the plain average over the deals (null else).
  "mouche seat": valued((m) => ({
    kind: "mean tricks",
    meanTricks: m.mean_tricks,
    moucheChance: m.mouche_chance,
    guaranteedTricks: m.guaranteed_tricks,
    estimate: m.sampled_tricks,
  })),
  // La Mouche's declarations (before the draw, always from the seat): each sensible one's mean chips.
  "mouche declaration": (json) => ({
    declarations: json.moves.map((m) => ({ declaration: m.move, meanChips: m.mean_chips })),
    choices: [],
  }),
};

// A deal where a move does worse than the best (an exact answer from a seat): the move, the best, the
// position with every hand shown (a line), each seat's hand, both lines played ("P1 9C" each) and how each ends.
function whyWorse(w) {
  return {
    move: w.move,
    best: w.best,
    position: w.position,
    hands: w.hands,
    bestLine: w.best_line,
    line: w.line,
    bestResult: w.best_result,
    result: w.result,
  };
}

// /api/analyse on a card game's position, read (an Error when it is of no kind above). From a seat it also
// says whether the values are exact (null: not an answer from a seat that says), in what unit, why they
// are an estimate (null: they are not, or not said), where the ways of judging disagree (sentences), and
// for each move worse than the best one deal where it does worse.
export function readAnalysis(json) {
  const read = READERS[json.game + " " + json.view];
  if (!read) throw new Error("The engine's answer is not one this page can read.");
  const fromSeat = json.view === "seat" || json.view === "declaration"; // (a redeal's deals are the stock's)
  const seat = json.view === "seat";
  return {
    seat: json.to_move,
    fromSeat,
    tried: json.view === "open" ? null : json.deals,
    exact: seat ? json.exact : null,
    unit: seat ? json.unit : null,
    whySampled: (seat && json.why_sampled) || null,
    disagreements: (seat && json.disagreements) || [],
    whyWorse: ((seat && json.why_worse) || []).map(whyWorse),
    ...read(json),
  };
}

// ---- /api/review: a card game's record, hand by hand ------------------------------------------

// A move of a reviewed hand: {seat, move (its words as the API writes them), position (the line before it,
// or null), choices (the count of legal moves, when the game says it: Papillon's; else null), judgement
// ({mark, loss}, from the seat when judged so, else with all hands open; null: not judged), fromSeat (the
// seat's view was judged), exact (the seat's values exact, or an estimate: false; null when not said), whyWorse
// (judged exactly from the seat and worse than the best: the deal where it does worse, as readAnalysis reads one;
// else null), notJudged}.
function reviewedMove(m) {
  const judged = (m.from_seat || m.open || {}).judgement || null;
  return {
    seat: m.seat,
    move: m.move,
    position: m.position ?? null,
    choices: m.choices ?? null,
    judgement: judged && { mark: judged.mark, loss: judged.loss },
    fromSeat: m.from_seat !== null,
    exact: m.from_seat ? (m.from_seat.exact ?? null) : null,
    whyWorse: m.from_seat && m.from_seat.why_worse ? whyWorse(m.from_seat.why_worse) : null,
    notJudged: m.not_judged,
  };
}

// /api/review of a card game's record (an Error when the answer is not one): its hands, each {number, moves}.
export function readReview(json) {
  if (json.view !== "open+seat") throw new Error("The engine's answer is not a review this page can read.");
  return { hands: json.hands.map((h) => ({ number: h.number, moves: h.moves.map(reviewedMove) })) };
}
