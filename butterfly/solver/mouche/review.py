"""A La Mouche game reviewed card by card (docs/analysis.md, "La Mouche
review"): every card played, judged with all cards open (max-n, exact) and
from the seat that played it (over the deals of the unseen cards that fit
what it had seen: exactly, the expected model, where the ending is within
the exact limits, else sampled: butterfly.solver.mouche.seat_answer), by
:func:`butterfly.solver.review.judge`.

A card's value is the chips its player wins or owes on the hand: a fifth of
the pool for each trick, the whole pool (or the cap) owed for the mouche when
they take none. The declarations and the dealer's choice of trumps are not
judged: their worth can only be estimated by sampling (docs/analysis.md).

>>> from butterfly.games.mouche.record import read_record
>>> start = "mouche_d0_tQC_ad3.d1.d3_h9DQD.JDJH.QH_w19C2KC0QS.28C0AD1KH.2JC0TD18S_k28D_p5_c995.1000.1000"
>>> review = review_record(read_record(f'[Start "{start}"] P0: 9D'), deals=20)
>>> move = review.hands[0].moves[0]
>>> move.move, move.open.judgement.mark.value, move.open.judgement.loss, move.open.best
('9D', 'blunder', 7, 'QD')
>>> review.players[0].open.average_loss, review.players[0].open.accuracy
(7.0, 0.0)

With QD the player takes the last two tricks (2 chips, a fifth of the pool
each); with 9D none, and owes the pool, 5 chips, for the mouche.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from butterfly.games.cards import Card
from butterfly.games.mouche.notation import position_line
from butterfly.games.mouche.record import MoucheRecord, Move
from butterfly.games.mouche.rules import MoucheHand
from butterfly.solver.budget import Budget
from butterfly.solver.mouche import analysis
from butterfly.solver.mouche.position import why_worse_shown
from butterfly.solver.mouche.seat_answer import seat_answer
from butterfly.solver.review import HandReview, JsonResult, Judgement, PlayerReview, bots_by_seat, judge, summarise
from butterfly.solver.seat_witness import WhyWorse

#: Why a declaration (or the dealer's choice of trumps) gets no mark.
NOT_JUDGED = (
    "not judged: what a declaration is worth depends on the cards still in the stock and on the later "
    "players' declarations, and can only be estimated by sampling, never proved"
)
#: The deals the seat's view samples by default: a hand reviewed in well under a second.
DEALS = 100
#: The seat's view of a card stops solving its sampled deals once they have taken this many
#: search nodes (a tenth of a second or so), and at least :data:`LEAST_DEALS` are solved: with
#: 5 or 6 players a deal of the first trick may take a million nodes, where most take thousands
#: (docs/analysis.md, "La Mouche review"). The deals solved are given with each card.
NODES = 1_000_000
#: The deals the seat's view solves whatever their cost (all of them when fewer are sampled).
LEAST_DEALS = 25
#: A forced card (the only legal one) in the seat's summary: no choice and no loss. No deal
#: is sampled for it (its ``from_seat`` is None): the sampling is most of a review's time.
FORCED = judge([0], 0)


@dataclass(frozen=True)
class View:
    """A card judged with every hand known: its judgement (values in chips for the hand) and the best card."""

    judgement: Judgement
    best: str


@dataclass(frozen=True)
class SeatView(View):
    """A card judged from its seat: exactly (``model`` expected, ``exact``)
    over every one of the ``deals`` deals of the unseen cards consistent with
    what it had seen, where the ending is within the exact limits
    (butterfly.solver.mouche.seat_answer); else ``model`` sampled over
    ``deals`` deals solved (fewer than the review's ``deals`` when they are
    sampled and their ``nodes`` ran out)."""

    deals: int
    model: str
    exact: bool
    why_worse: WhyWorse | None = None  # (exact, and the card worse than the best: a deal where it does worse)


@dataclass(frozen=True)
class MoveReview:
    """One action of a hand: its number and the record's line, the seat that
    made it, what it was (``move``: a card, or a declaration), and its two
    judgements (None for an action not judged, with the reason;
    ``from_seat`` None too for a forced card)."""

    number: int
    line: int
    seat: int
    move: str
    open: View | None
    from_seat: SeatView | None
    not_judged: str | None


@dataclass(frozen=True)
class Review(JsonResult):
    """The review of a record: ``unit`` of the values, the seat view's
    ``deals`` and ``seed``, and ``nodes``, the search nodes after which it
    stops solving a card's sampled deals (at least ``least_deals`` solved;
    None: every deal sampled is solved); each hand's moves and each seat's
    summary."""

    game = "mouche"
    view = "open+seat"

    unit: str
    deals: int
    seed: int
    nodes: int | None
    least_deals: int
    hands: tuple[HandReview[MoveReview], ...]
    players: tuple[PlayerReview, ...]


def open_view(state: MoucheHand, card: str) -> View:
    """The card ``card`` judged with every hand known: each legal card's chips for the mover under max-n."""
    mover = state.to_move
    values = {str(row.card): row.chips(state)[mover] for row in analysis.analyse(state)}
    return View(*_judged(values, card))


def seat_view(
    state: MoucheHand, card: str, deals: int, seed: int, nodes: int | None = None, least: int = LEAST_DEALS
) -> SeatView:
    """The card ``card`` judged from the mover's seat: each legal card's mean
    chips over the deals of the unseen cards that fit what the seat has seen,
    exact (the expected model, every deal) within the exact limits, else
    sampled (up to ``deals``; with ``nodes``, those solved before the
    searches took that many nodes, and at least ``least``), with how many."""
    played = Card.parse(card)
    seen = seat_answer(
        state,
        measure="chips",
        limit=deals,
        seed=seed,
        nodes=nodes,
        least=least,
        guided=True,
        explain=False,
        explain_card=played,
    )
    values = {str(c.card): round(c.mean, 9) for c in seen.cards}
    witness = seen.witnesses.get(played)
    why = why_worse_shown(state, seen, played, witness) if witness else None
    return SeatView(*_judged(values, card), seen.deals, seen.model, seen.exact, why)


def _judged(values: Mapping[str, float], card: str) -> tuple[Judgement, str]:
    """``card`` judged among the legal cards worth ``values``, and the best: the
    first of the most valuable in the analysis's order."""
    return judge(list(values.values()), values[card]), max(values, key=values.__getitem__)


def review_with_budget(
    record: MoucheRecord, budget: Budget, *, nodes: int | None = NODES, least: int = LEAST_DEALS
) -> Review:
    """:func:`review_record` with up to ``budget.deals`` deals a card
    (default :data:`DEALS`), seeded by ``budget.seed``, fewer once their
    searches have taken ``nodes`` nodes (None: no such limit), never fewer
    than ``least``: the review registry's (butterfly.solver.analysis)."""
    return review_record(record, budget.deals or DEALS, budget.seed, nodes, least)


def review_record(
    record: MoucheRecord, deals: int = DEALS, seed: int = 0, nodes: int | None = NODES, least: int = LEAST_DEALS
) -> Review:
    """Every card of every hand of ``record`` judged both ways, and each
    seat's summary; from the seat, up to ``deals`` deals a card, fewer once
    their searches have taken ``nodes`` nodes (None: no such limit), never
    fewer than ``least`` (or ``deals``)."""
    least = min(least, deals)
    hands = []
    for hand in record.hands:
        moves = []
        for number, (state, move) in enumerate(hand.positions(), 1):
            moves.append(_review_move(state, move, number, deals, seed, nodes, least))
        hands.append(HandReview(hand.number, hand.start.dealer, position_line(hand.start), tuple(moves)))
    n = record.options.players
    names = bots_by_seat(record.tags.get("Bots", ""), record.tags.get("Seats", ""), n)
    players = []
    for seat in range(n):
        cards = [m for h in hands for m in h.moves if m.seat == seat and m.open]
        players.append(
            PlayerReview(
                seat,
                names[seat] if names else None,
                summarise(seat, [m.open.judgement for m in cards if m.open]),
                summarise(seat, [m.from_seat.judgement if m.from_seat else FORCED for m in cards]),
            )
        )
    return Review("chips", deals, seed, nodes, least, tuple(hands), tuple(players))


def _review_move(
    state: MoucheHand, move: Move, number: int, deals: int, seed: int, nodes: int | None, least: int
) -> MoveReview:
    played = str(move)
    if move.move.kind != "play":
        return MoveReview(number, move.line, move.seat, played, None, None, NOT_JUDGED)
    if len(state.playable()) == 1:
        return MoveReview(number, move.line, move.seat, played, open_view(state, played), None, None)
    from_seat = seat_view(state, played, deals, seed, nodes, least)
    return MoveReview(number, move.line, move.seat, played, open_view(state, played), from_seat, None)
