"""A La Mouche game reviewed card by card (docs/analysis.md, "La Mouche
review"): every card played, judged with all cards open (max-n, exact) and
from the seat that played it (the worlds of the unseen cards that fit what
it had seen, each solved exactly), by :func:`butterfly.solver.review.judge`.

A card's value is the chips its player wins or owes on the hand: a fifth of
the pool for each trick, the whole pool (or the cap) owed for the mouche when
they take none. The declarations and the dealer's choice of trumps are not
judged: their worth can only be estimated by sampling (docs/analysis.md).

>>> from butterfly.games.mouche.record import read_record
>>> start = "mouche_d0_tQC_ad3.d1.d3_h9DQD.JDJH.QH_w19C2KC0QS.28C0AD1KH.2JC0TD18S_k28D_p5_c995.1000.1000"
>>> review = review_record(read_record(f'[Start "{start}"] P0: 9D'), worlds=20)
>>> move = review.hands[0].moves[0]
>>> move.action, move.open.judgement.mark.value, move.open.judgement.loss, move.open.best
('9D', 'blunder', 7, 'QD')
>>> review.players[0].open.average_loss, review.players[0].open.accuracy
(7.0, 0.0)

With QD the player takes the last two tricks (2 chips, a fifth of the pool
each); with 9D none, and owes the pool, 5 chips, for the mouche.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from butterfly.games.mouche.notation import position_line
from butterfly.games.mouche.record import MoucheRecord, Move
from butterfly.games.mouche.rules import MoucheHand
from butterfly.solver.budget import Budget
from butterfly.solver.mouche import analysis
from butterfly.solver.mouche.seat import analyse_seat
from butterfly.solver.review import HandReview, JsonResult, Judgement, PlayerSummary, judge, summarise

#: Why a declaration (or the dealer's choice of trumps) gets no mark.
NOT_JUDGED = (
    "not judged: what a declaration is worth depends on the cards still in the stock and on the later "
    "players' declarations, and can only be estimated by sampling, never proved"
)
#: The worlds the seat's view samples by default: a hand reviewed in well under a second.
WORLDS = 100
#: The seat's view of a card stops solving its sampled worlds once they have taken this many
#: search nodes (a tenth of a second or so), and at least :data:`LEAST_WORLDS` are solved: with
#: 5 or 6 players a deal of the first trick may take a million nodes, where most take thousands
#: (docs/analysis.md, "La Mouche review"). The worlds solved are given with each card.
NODES = 1_000_000
#: The worlds the seat's view solves whatever their cost (all of them when fewer are sampled).
LEAST_WORLDS = 25
#: A forced card (the only legal one) in the seat's summary: no choice and no loss. No deal
#: is sampled for it (its ``from_seat`` is None): the sampling is most of a review's time.
FORCED = judge([0], 0)


@dataclass(frozen=True)
class View:
    """A card judged one way: its judgement (values in chips for the hand) and the best card that way."""

    judgement: Judgement
    best: str


@dataclass(frozen=True)
class MoveReview:
    """One action of a hand: its number and the record's line, who made it,
    what it was, and its two judgements (None for an action not judged, with
    the reason; ``from_seat`` None too for a forced card); ``worlds`` the deals
    of the unseen cards the seat's view solved (fewer than the review's
    ``worlds`` when they are sampled and their ``nodes`` ran out)."""

    number: int
    line: int
    seat: int
    action: str
    open: View | None
    from_seat: View | None
    worlds: int | None
    not_judged: str | None


@dataclass(frozen=True)
class PlayerReview:
    """A seat's cards over the game, summarised both ways; ``name`` the bot
    that sat there, when the record says."""

    seat: int
    name: str | None
    open: PlayerSummary
    from_seat: PlayerSummary


@dataclass(frozen=True)
class Review(JsonResult):
    """The review of a record: ``unit`` of the values, the seat view's
    ``worlds`` and ``seed``, and ``nodes``, the search nodes after which it
    stops solving a card's sampled worlds (at least ``least_worlds`` solved;
    None: every world sampled is solved); each hand's moves and each seat's
    summary."""

    game = "mouche"
    view = "open+seat"

    unit: str
    worlds: int
    seed: int
    nodes: int | None
    least_worlds: int
    hands: tuple[HandReview[MoveReview], ...]
    players: tuple[PlayerReview, ...]


def open_view(state: MoucheHand, card: str) -> View:
    """The card ``card`` judged with every hand known: each legal card's chips for the mover under max-n."""
    mover = state.to_move
    values = {str(row.card): row.chips(state)[mover] for row in analysis.analyse(state)}
    return _view(values, card)


def seat_view(
    state: MoucheHand, card: str, worlds: int, seed: int, nodes: int | None = None, least: int = LEAST_WORLDS
) -> tuple[View, int]:
    """The card ``card`` judged from the mover's seat: each legal card's mean
    chips over the deals of the unseen cards that fit what the seat has seen
    (up to ``worlds``; with ``nodes``, those solved before the searches took
    that many nodes, and at least ``least``); and how many deals were solved."""
    seen = analyse_seat(state, limit=worlds, seed=seed, nodes=nodes, least=least, guided=True)
    fifth, owed = state.pool // 5, analysis.mouche_owed(state)
    values = {str(c.action): round(fifth * c.mean_tricks - owed * c.mouche_chance, 9) for c in seen.cards}
    return _view(values, card), seen.worlds


def _view(values: Mapping[str, float], card: str) -> View:
    """``card`` judged among the legal cards worth ``values``; the best is the
    first of the most valuable in the analysis's order."""
    return View(judge(list(values.values()), values[card]), max(values, key=values.__getitem__))


def review_with_budget(
    record: MoucheRecord, budget: Budget, *, nodes: int | None = NODES, least: int = LEAST_WORLDS
) -> Review:
    """:func:`review_record` with up to ``budget.deals`` worlds a card
    (default :data:`WORLDS`), seeded by ``budget.seed``, fewer once their
    searches have taken ``nodes`` nodes (None: no such limit), never fewer
    than ``least``: the review registry's (butterfly.solver.analysis)."""
    return review_record(record, budget.deals or WORLDS, budget.seed, nodes, least)


def review_record(
    record: MoucheRecord, worlds: int = WORLDS, seed: int = 0, nodes: int | None = NODES, least: int = LEAST_WORLDS
) -> Review:
    """Every card of every hand of ``record`` judged both ways, and each
    seat's summary; from the seat, up to ``worlds`` deals a card, fewer once
    their searches have taken ``nodes`` nodes (None: no such limit), never
    fewer than ``least`` (or ``worlds``)."""
    least = min(least, worlds)
    hands = []
    for hand in record.hands:
        moves = []
        for number, (state, move) in enumerate(hand.positions(), 1):
            moves.append(_review_move(state, move, number, worlds, seed, nodes, least))
        hands.append(HandReview(hand.number, hand.start.dealer, position_line(hand.start), tuple(moves)))
    names = _names(record)
    players = []
    for seat in range(record.options.players):
        cards = [m for h in hands for m in h.moves if m.seat == seat and m.open]
        players.append(
            PlayerReview(
                seat,
                names[seat] if names else None,
                summarise(seat, [m.open.judgement for m in cards if m.open]),
                summarise(seat, [m.from_seat.judgement if m.from_seat else FORCED for m in cards]),
            )
        )
    return Review("chips", worlds, seed, nodes, least, tuple(hands), tuple(players))


def _review_move(
    state: MoucheHand, move: Move, number: int, worlds: int, seed: int, nodes: int | None, least: int
) -> MoveReview:
    action = str(move)
    if move.move.kind != "play":
        return MoveReview(number, move.line, move.seat, action, None, None, None, NOT_JUDGED)
    if len(state.playable()) == 1:
        return MoveReview(number, move.line, move.seat, action, open_view(state, action), None, None, None)
    from_seat, solved = seat_view(state, action, worlds, seed, nodes, least)
    return MoveReview(number, move.line, move.seat, action, open_view(state, action), from_seat, solved, None)


def _names(record: MoucheRecord) -> list[str] | None:
    """The bot at each seat, from the record's Bots (by player) and Seats (the player at each seat) tags."""
    bots = record.tags.get("Bots", "").split(",")
    seats = record.tags.get("Seats", "").split(",")
    n = record.options.players
    if len(bots) != n or len(seats) != n or sorted(seats) != [str(p) for p in range(n)]:
        return None
    return [bots[int(player)] for player in seats]
