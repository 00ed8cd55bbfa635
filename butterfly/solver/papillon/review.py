"""A Papillon game reviewed move by move (docs/analysis.md, "Papillon review").

Every move is judged twice, in chips at the end of the hand, by
:func:`butterfly.solver.review.judge`:

- **all cards open**: each legal move's value to the mover under max-n
  (:func:`butterfly.solver.papillon.analysis.analyse` in the last deal; with one
  redeal left, the redeal a chance over every deal of the stock,
  :func:`~butterfly.solver.papillon.analysis.analyse_redeal`);
- **from the seat**: each legal move's mean over the splits of the cards the
  mover cannot see, in the last deal: exact (the expected model) where the
  ending is within the exact limits, else sampled
  (:func:`butterfly.solver.papillon.seat_answer.seat_answer`; each view's
  ``model`` and ``exact`` say which).

Moves made with more than one redeal left cannot be valued exactly, and a
seat before the last deal cannot see the stock either: those are "not
judged", with the reason, and left out of the summaries.

>>> from butterfly.games.papillon.record import read_record
>>> record = read_record('''[Start "papillon_h9S.KH5S.KS_t2C5D_w20.15.11_c250.262.248_p60_d0_m1"]
... P1: 5S x 5D
... P2: trail KS
... ''')
>>> review = review_record(record)
>>> [(m.seat, m.move, m.open.judgement.mark.value) for m in review.hands[0].moves]
[(1, '5S x 5D', 'only'), (2, 'trail KS', 'only')]
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from butterfly.games.papillon.notation import position_line
from butterfly.games.papillon.record import Hand, PapillonRecord
from butterfly.games.papillon.rules import HandState, Move
from butterfly.solver.budget import Budget
from butterfly.solver.engines import EngineName
from butterfly.solver.papillon.analysis import RedealMemo, analyse_redeal
from butterfly.solver.papillon.engines import ENGINES
from butterfly.solver.papillon.position import why_worse_shown
from butterfly.solver.papillon.seat_answer import seat_answer
from butterfly.solver.review import HandReview, JsonResult, Judgement, PlayerReview, bots_by_seat, judge, summarise
from butterfly.solver.seat_witness import WhyWorse

#: Deals of the unseen cards solved from a seat (and deals of the stock at a
#: redeal) before sampling: every one with three players, where a seat sees
#: all but at most 6 cards and a redeal has 1,680 deals.
DEALS = 2000
#: Why a move is not judged, in a player's words.
EARLY = "more than one redeal was left, so the hand cannot be valued exactly from there"
SEAT_BEFORE_LAST_DEAL = (
    "from the seat only in the last deal; before it the stock is unseen too, "
    "and its deals with the unseen hands are too many to solve"
)
#: Values are rounded to this many decimals (the seat's are means).
DECIMALS = 6


@dataclass(frozen=True)
class ValuedMove:
    """A legal move and its value to the mover (chips at the end of the hand)."""

    move: str
    value: float


@dataclass(frozen=True)
class View:
    """A move judged one way: every legal move's value to the mover, best
    first, over how many deals (of the stock at the redeal, or of the unseen
    cards from the seat; 1 when nothing is left to chance), all of them or a
    sample; the ``model`` (``open``: every hand seen, max-n; ``redeal``: the
    redeal's deals as chance; from the seat, ``expected`` where the ending is
    within the exact limits, butterfly.solver.papillon.seat_answer, else
    ``sampled``), whether the values are ``exact``; and the judgement of the
    move played."""

    deals: int
    exhaustive: bool
    model: str
    exact: bool
    moves: tuple[ValuedMove, ...]
    judgement: Judgement
    why_worse: WhyWorse | None = (
        None  # (from the seat, exact, the move worse than the best: a split where it does worse)
    )


@dataclass(frozen=True)
class MoveReview:
    """A move as played (its number in the hand, the record's line, the
    position before it as a line), the seat that played it, how many
    distinct moves it had, and its judgement with all cards open and from
    the seat (None, and the reason, when not judged)."""

    number: int
    line: int
    position: str
    seat: int
    move: str
    choices: int
    open: View | None
    from_seat: View | None
    not_judged: str | None


@dataclass(frozen=True)
class Review(JsonResult):
    """A game's review: the ``engine``, the ``deals`` solved from a seat or at
    a redeal before sampling (seeded by ``seed``), each hand's moves, and each
    seat's summary with all cards open and from the seat (over the moves
    judged that way)."""

    game = "papillon"
    view = "open+seat"

    engine: str
    deals: int
    seed: int
    hands: tuple[HandReview[MoveReview], ...]
    players: tuple[PlayerReview, ...]


def review_with_budget(record: PapillonRecord, budget: Budget, *, engine: EngineName = "kernel") -> Review:
    """:func:`review_record` with ``budget.deals`` deals solved from a seat
    or at a redeal (default :data:`DEALS`), seeded by ``budget.seed``: the
    review registry's (butterfly.solver.analysis)."""
    return review_record(record, engine, budget.deals or DEALS, budget.seed)


def review_record(record: PapillonRecord, engine: EngineName = "kernel", deals: int = DEALS, seed: int = 0) -> Review:
    """Judge every move of every hand of ``record`` (sampling beyond ``deals``, seeded)."""
    hands = tuple(_review_hand(hand, engine, deals, seed) for hand in record.hands)
    n = record.options.players
    names = bots_by_seat(record.tags.get("Bots", ""), ",".join(map(str, range(n))), n)  # (each plays at its seat)
    moves = [move for hand in hands for move in hand.moves]
    players = tuple(
        PlayerReview(
            seat,
            names[seat] if names else None,
            summarise(seat, [m.open.judgement for m in moves if m.seat == seat and m.open]),
            summarise(seat, [m.from_seat.judgement for m in moves if m.seat == seat and m.from_seat]),
        )
        for seat in range(n)
    )
    return Review(engine, deals, seed, hands, players)


def _review_hand(hand: Hand, engine: EngineName, deals: int, seed: int) -> HandReview[MoveReview]:
    memo: RedealMemo = {}  # what the redeal is worth, shared by the positions of the deal before the last
    moves = []
    for number, (state, recorded) in enumerate(hand.positions(), 1):
        mover, move = state.to_move, recorded.move
        choices = len(state.legal_moves())
        opened = from_seat = None
        reason: str | None = EARLY
        if not state.stock:
            opened = _open_last_deal(state, move, engine)
            from_seat = _from_seat(state, move, engine, deals, seed)
            reason = None
        elif len(state.stock) == 3 * state.players:
            opened = _open_with_redeal(state, move, engine, deals, seed, memo)
            reason = SEAT_BEFORE_LAST_DEAL
        position = position_line(state)
        moves.append(MoveReview(number, recorded.line, position, mover, str(move), choices, opened, from_seat, reason))
    return HandReview(hand.number, hand.start.dealer, position_line(hand.start), tuple(moves))


def _view(
    values: list[tuple[Move, float]], played: Move, deals: int, exhaustive: bool, model: str, exact: bool
) -> View:
    """The view of a move among the legal moves' values (in any order)."""
    rounded = [(move, round(value, DECIMALS)) for move, value in values]
    ordered = sorted(rounded, key=lambda item: -item[1])  # stable: ties keep the rules' order
    played_value = next(value for move, value in rounded if move.signature == played.signature)
    moves = tuple(ValuedMove(str(move), value) for move, value in ordered)
    judgement = judge([value for _, value in rounded], played_value)
    judged = dataclasses.replace(judgement, loss=round(judgement.loss, DECIMALS))
    return View(deals, exhaustive, model, exact, moves, judged)


def _open_last_deal(state: HandState, played: Move, engine: EngineName) -> View:
    mover = state.to_move
    values = ENGINES[engine].move_values(state, with_paranoid=False)
    return _view([(v.move, v.maxn.chips[mover]) for v in values], played, 1, True, "open", True)


def _open_with_redeal(
    state: HandState, played: Move, engine: EngineName, deals: int, seed: int, memo: RedealMemo
) -> View:
    mover = state.to_move
    result = analyse_redeal(state, limit=deals, seed=seed, engine=engine, memo=memo)
    moves = [(m.move, m.chips[mover]) for m in result.moves]
    return _view(moves, played, result.splits, result.exhaustive, "redeal", result.exhaustive)


def _from_seat(state: HandState, played: Move, engine: EngineName, deals: int, seed: int) -> View:
    found = seat_answer(state, state.to_move, limit=deals, seed=seed, engine=engine, explain=False, explain_move=played)
    moves = [(m.move, m.mean_chips) for m in found.moves]
    view = _view(moves, played, found.deals, found.exhaustive, found.model, found.exact)
    why = next((why_worse_shown(state, found, m, w) for m, w in found.witnesses.items()), None)
    return dataclasses.replace(view, why_worse=why)
