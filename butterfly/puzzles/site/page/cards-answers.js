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
// Read as {seat: whose choices, fromSeat: valued from that seat (else with all hands open), tried: the deals
// tried (null: not said), declarations: [{declaration, meanChips}] (null: not a declaration's answer),
// choices: [{move, value}]}; a value is
// tagged by its kind: "max-n chips", "max-n tricks", "mean chips", "mean tricks".

// Papillon with every hand known (the last deal): max-n chips, the pool's winner, the chips guaranteed.
function papillonOpen(json) {
  const value = (m) => ({ kind: "max-n chips", chips: m.maxn_chips, winner: m.maxn_winner, guaranteed: m.guaranteed });
  return values(
    json.to_move,
    false,
    null,
    json.moves.map((m) => ({ move: m.move, value: value(m) })),
  );
}

// Papillon with one redeal left: everyone's expected chips over the deals of the stock; the mover's are read.
function papillonRedeal(json) {
  const value = (m) => ({ kind: "mean chips", meanChips: m.expected_chips[json.to_move], winChance: m.win_chance });
  return values(
    json.to_move,
    false,
    json.stock_deals,
    json.moves.map((m) => ({ move: m.move, value: value(m) })),
  );
}

// Papillon from a seat: the mean chips and the chance to take the pool over the splits of the unseen cards.
function papillonSeat(json) {
  const value = (m) => ({ kind: "mean chips", meanChips: m.mean_chips, winChance: m.win_chance });
  return values(
    json.player,
    true,
    json.splits,
    json.moves.map((m) => ({ move: m.move, value: value(m) })),
  );
}

// La Mouche with every hand known: each card's max-n tricks and chips, the tricks guaranteed (the values from
// the mover's seat beside them are not drawn).
function moucheOpen(json) {
  const value = (c) => ({
    kind: "max-n tricks",
    tricks: c.maxn_tricks,
    chips: c.maxn_chips,
    guaranteedTricks: c.guaranteed_tricks,
  });
  return values(
    json.to_move,
    false,
    null,
    json.cards.map((c) => ({ move: c.card, value: value(c) })),
  );
}

// La Mouche from a seat: each card's mean tricks and chance to make the mouche over the worlds sampled.
function moucheSeat(json) {
  const value = (c) => ({ kind: "mean tricks", meanTricks: c.mean_tricks, moucheChance: c.mouche_chance });
  return values(
    json.player,
    true,
    json.worlds,
    json.cards.map((c) => ({ move: c.card, value: value(c) })),
  );
}

// La Mouche's declarations (before the draw, always from the seat): each sensible one's mean chips.
function moucheDeclarations(json) {
  const read = values(json.player, true, json.worlds, []);
  read.declarations = json.options.map((o) => ({ declaration: o.declaration, meanChips: o.mean_chips }));
  return read;
}

function values(seat, fromSeat, tried, choices) {
  return { seat, fromSeat, tried, declarations: null, choices };
}

// Each analysis by the keys only it has, as the solvers write them (butterfly/solver/papillon/position.py,
// butterfly/solver/mouche/position.py).
const ANALYSES = [
  [(json) => "options" in json, moucheDeclarations],
  [(json) => "cards" in json && "to_move" in json, moucheOpen],
  [(json) => "cards" in json, moucheSeat],
  [(json) => "stock_deals" in json, papillonRedeal],
  [(json) => "to_move" in json, papillonOpen],
  [(json) => "player" in json, papillonSeat],
];

// /api/analyse on a card game's position, read (an Error when it is none of the answers above).
export function readAnalysis(json) {
  const found = ANALYSES.find(([is]) => is(json));
  if (!found) throw new Error("The engine's answer is not one this page can read.");
  return found[1](json);
}

// ---- /api/review: a card game's record, hand by hand ------------------------------------------

// A move of a reviewed hand: {seat, move (its words as the API writes them), position (the line before it,
// or null), choices (Papillon's count of legal moves, else null), judgement ({mark, loss}, from the seat when
// judged so, else with all hands open; null: not judged), fromSeat (the seat's view was judged), notJudged}.
function reviewedMove(m, game) {
  const seen = m.from_seat || null;
  const open = (game === "mouche" ? m.open : m.open_cards) || null;
  const judged = (seen && seen.judgement) || (open && open.judgement) || null;
  return {
    seat: game === "mouche" ? m.seat : m.player,
    move: game === "mouche" ? m.action : m.move,
    position: m.position || null,
    choices: game === "mouche" ? null : m.choices,
    judgement: judged && { mark: judged.mark, loss: judged.loss },
    fromSeat: seen !== null,
    notJudged: m.not_judged,
  };
}

// /api/review of a record of ``game`` ("papillon" or "mouche"): its hands, each {number, moves}.
export function readReview(json, game) {
  return { hands: json.hands.map((h) => ({ number: h.number, moves: h.moves.map((m) => reviewedMove(m, game)) })) };
}
