"""La Mouche and Le Pamphile from one seat, exactly: no sampling, no later card that peeks.

:func:`exact_seat` values every legal card of the seat to move over every
deal of the hidden hands consistent with what the seat has seen (the
worlds of :func:`butterfly.games.mouche.hidden.consistent_worlds`, each as
likely, as :mod:`butterfly.solver.mouche.seat` deals them), under the two
models of :mod:`butterfly.solver.exact_seat`:

- **expected**: the others play as the open analysis does (max-n; ties: the
  first card in :func:`butterfly.solver.mouche.reference.search_order`), the
  seat plays its best strategy knowing only what it will have seen; the
  value is the seat's mean tricks and its chance to make the mouche, or
  with ``measure="chips"`` its mean chips for the hand (a fifth of the pool
  a trick, the mouche owed when it takes none: the review's unit);
- **guaranteed**: the tricks (or chips) the seat can be sure of, whatever
  the deal and however the others play knowing every card.

It is the readable pure-Python twin: slow, meant for endings, and the
oracle a compiled kernel will be held to. ``engine`` names the engine of the
open searches inside it (the others' max-n cards, and the cuts' open values):
``"python"`` (the default, pure Python) or ``"kernel"``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable, Iterator, Sequence
from typing import Literal, NamedTuple, cast

from butterfly.games.cards import Card, make_deck
from butterfly.games.errors import InputError
from butterfly.games.mouche.hidden import consistent_worlds
from butterfly.games.mouche.rules import POWER, Action, MoucheHand
from butterfly.solver.engines import EngineName
from butterfly.solver.exact_seat import ExactSeat, Model, OneDealEach, SeatGame, Value
from butterfly.solver.mouche import analysis, reference
from butterfly.solver.mouche.alike import AlikeWorld, alike_worlds, plays_of
from butterfly.solver.mouche.engines import ENGINES
from butterfly.solver.mouche.seat import seat_view

Measure = Literal["tricks", "chips"]

#: Worlds listed at most (before the legality filter) by :func:`seat_worlds`.
WORLD_LIMIT = 200_000


def seat_worlds(state: MoucheHand, player: int, limit: int = WORLD_LIMIT) -> list[MoucheHand]:
    """Every deal of the hidden hands consistent with what ``player`` has seen,
    as a state each (the seat's hand and the table as in ``state``).
    InputError when there are more than ``limit`` before the legality filter."""
    worlds, exhaustive = dealt_states(state, player, limit, random.Random(0))
    if not exhaustive:
        raise InputError(f"more than {limit} deals of the hidden hands: too many to solve exactly")
    return worlds


def dealt_states(state: MoucheHand, player: int, limit: int, rng: random.Random) -> tuple[list[MoucheHand], bool]:
    """The deals :func:`butterfly.games.mouche.hidden.consistent_worlds` gives
    from ``player``'s seat (all of them, and True, when there are at most
    ``limit`` before the legality filter; else a uniform sample of ``limit``),
    each as a state."""
    _, others, unseen, forbidden = seat_view(state, player)
    deals, exhaustive = consistent_worlds(state, unseen, others, forbidden, limit, rng)
    worlds = []
    for deal in deals:
        hands = list(state.hands)
        for p, hand in zip(others, deal):
            hands[p] = tuple(sorted(hand))
        worlds.append(dataclasses.replace(state, hands=tuple(hands)))
    return worlds, exhaustive


class MoucheSeat(OneDealEach[MoucheHand, Card]):
    """La Mouche for :class:`butterfly.solver.exact_seat.ExactSeat`, from the side
    of the seat to move in ``root`` (whose pool prices a trick and the mouche)."""

    def __init__(self, root: MoucheHand, measure: Measure = "tricks", engine: EngineName = "python") -> None:
        self.seat = root.to_move
        self.measure = measure
        self.fifth = root.pool // 5
        self.owed = analysis.mouche_owed(root)
        self.engine = engine
        self.maxn_memo: dict = {}  # max-n values by state, shared by every world
        self.paranoid_memo: dict = {}  # guaranteed tricks by state
        self.open_cards: dict[Hashable, Card] = {}

    def moves(self, state: MoucheHand) -> Sequence[Card]:
        return reference.search_order(state, state.playable())

    def play(self, state: MoucheHand, move: Card) -> MoucheHand:
        return state.play_unchecked(Action("play", (move,)))

    def to_move(self, state: MoucheHand) -> int:
        return state.current_player()

    def key(self, state: MoucheHand) -> Hashable:
        return reference.state_key(state)

    def maxn_tricks(self, state: MoucheHand) -> tuple[int, ...]:
        if state.is_terminal():
            return state.tricks
        if self.engine == "python":
            return reference.maxn_tricks(state, self.maxn_memo)
        key = reference.state_key(state)
        found = self.maxn_memo.get(key)
        if found is None:
            found = self.maxn_memo[key] = ENGINES[self.engine].maxn_tricks(state)
        return found

    def open_move(self, state: MoucheHand) -> Card:
        """The first card in the search order whose max-n line gives its player the most tricks."""
        key = reference.state_key(state)
        card = self.open_cards.get(key)
        if card is None:
            mover = state.to_move
            best = -1
            if self.engine == "python":
                rows = ((move, self.maxn_tricks(self.play(state, move))) for move in self.moves(state))
            else:  # one call for every card, in the search order (which breaks ties)
                rows = ((move, tricks) for move, tricks, _ in ENGINES[self.engine].card_rows(state))
            for move, everyone in rows:
                if everyone[mover] > best:
                    card, best = move, everyone[mover]
            assert card is not None
            self.open_cards[key] = card
        return card

    def of_tricks(self, state: MoucheHand, tricks: int) -> Value:
        """The seat's result for ending the hand with ``tricks``."""
        if self.measure == "chips":
            return (self.fifth * tricks if tricks else -self.owed,)
        return (tricks, -int(tricks == 0))

    def result(self, state: MoucheHand) -> Value:
        return self.of_tricks(state, state.tricks[self.seat])

    def open_value(self, state: MoucheHand) -> Value:
        return self.of_tricks(state, self.maxn_tricks(state)[self.seat])

    def guaranteed_value(self, state: MoucheHand) -> Value:
        if self.engine == "python":
            tricks = reference.guaranteed_tricks(state, self.seat, self.paranoid_memo)
        else:
            key = reference.state_key(state)
            found = self.paranoid_memo.get(key)
            if found is None:
                found = self.paranoid_memo[key] = ENGINES[self.engine].guaranteed_tricks(state, self.seat)
            assert found is not None
            tricks = found
        return self.of_tricks(state, tricks)

    def seat_chooses_again(self, state: MoucheHand) -> bool:
        # With one card left (or none) every later card of the seat is forced.
        return len(state.hands[self.seat]) >= 2

    def plays_like(self, state: MoucheHand, move: Card) -> Card | None:
        """The seat's card before ``move`` in the search order when the two play
        alike: of one suit as they play, with every card between them in a
        finished trick. Then in every deal exchanging them is a renaming of
        cards in order (the rules compare, the open analysis orders by suit
        and order within it), so the seat's values after either are equal."""
        moves = self.moves(state)
        k = moves.index(move)
        if k == 0:
            return None
        before = moves[k - 1]
        suit = state.suit_of(move)
        if state.suit_of(before) != suit or state.is_pamphile(move):
            return None
        low, high = POWER[before.rank], POWER[move.rank]
        dead = set(state.played)
        between = (
            card
            for card in make_deck(state.options.deck_size)
            if state.suit_of(card) == suit and not state.is_pamphile(card) and low < POWER[card.rank] < high
        )
        return None if any(card not in dead for card in between) else before


class AlikeSeat:
    """:class:`MoucheSeat` over :class:`butterfly.solver.mouche.alike.AlikeWorld`
    worlds: each stands for every deal that plays alike, and splits when
    another player's card shows which of them it is."""

    def __init__(self, root: MoucheHand, measure: Measure = "tricks", engine: EngineName = "python") -> None:
        self.one = MoucheSeat(root, measure, engine)
        self.seat = self.one.seat
        self.after: dict[tuple[Hashable, Card], MoucheHand] = {}  # many worlds share a state

    def _after(self, state: MoucheHand, move: Card) -> MoucheHand:
        key = (self.one.key(state), move)
        found = self.after.get(key)
        if found is None:
            found = self.after[key] = self.one.play(state, move)
        return found

    def moves(self, world: AlikeWorld) -> Sequence[Card]:
        return self.one.moves(world.state)

    def play(self, world: AlikeWorld, move: Card) -> AlikeWorld:
        """The seat's own card: it is never one of a run."""
        return AlikeWorld(self._after(world.state, move), world.runs, world.deals)

    def to_move(self, world: AlikeWorld) -> int:
        return self.one.to_move(world.state)

    def key(self, world: AlikeWorld) -> Hashable:
        return self.one.key(world.state), world.runs

    def open_move(self, world: AlikeWorld) -> Card:
        return self.one.open_move(world.state)

    def result(self, world: AlikeWorld) -> Value:
        return self.one.result(world.state)

    def open_value(self, world: AlikeWorld) -> Value:
        return self.one.open_value(world.state)

    def guaranteed_value(self, world: AlikeWorld) -> Value:
        return self.one.guaranteed_value(world.state)

    def seat_chooses_again(self, world: AlikeWorld) -> bool:
        return self.one.seat_chooses_again(world.state)

    def plays_like(self, world: AlikeWorld, move: Card) -> Card | None:
        # The cards of a run between two of the seat's are finished in the state as in the deals.
        return self.one.plays_like(world.state, move)

    def weight(self, world: AlikeWorld) -> int:
        return world.deals

    def open_plays(self, world: AlikeWorld) -> list[tuple[Card, AlikeWorld]]:
        move = self.one.open_move(world.state)
        return plays_of(world, move, self._after(world.state, move))

    def plays(self, world: AlikeWorld) -> Iterator[tuple[Card, AlikeWorld]]:
        for move in self.one.moves(world.state):
            yield from plays_of(world, move, self._after(world.state, move))


class ExactCard(NamedTuple):
    card: Card
    expected: tuple[float, ...]  # tricks: (mean tricks, mouche chance); chips: (mean chips,)
    guaranteed: int  # the least tricks (or chips) the seat can be sure of after this card


class ExactSeatAnalysis(NamedTuple):
    player: int
    worlds: int  # deals of the hidden hands, every one
    measure: Measure
    cards: list[ExactCard]  # best first under the expected model (then guaranteed, then search order)
    best_expected: Card
    best_guaranteed: Card  # the first in search order among the cards with the most guaranteed


def card_values(
    state: MoucheHand,
    worlds: Sequence[MoucheHand] | Sequence[AlikeWorld],
    model: Model,
    measure: Measure = "tricks",
    engine: EngineName = "python",
    cuts: bool = True,
) -> dict[Card, Value]:
    """V(worlds after each legal card of the seat to move): sums over the
    deals (expected) or least values (guaranteed). ``worlds``: every deal, or
    the kinds of deal that play alike (:func:`butterfly.solver.mouche.alike.alike_worlds`)."""
    game = (
        AlikeSeat(state, measure, engine) if isinstance(worlds[0], AlikeWorld) else MoucheSeat(state, measure, engine)
    )
    return ExactSeat(cast(SeatGame, game), model, cuts).values_of_moves(worlds)


def exact_seat(
    state: MoucheHand,
    player: int | None = None,
    measure: Measure = "tricks",
    engine: EngineName = "python",
    limit: int = WORLD_LIMIT,
    alike: bool = True,
) -> ExactSeatAnalysis:
    """Every legal card of the player to move, valued exactly from their seat under both models.

    ``alike``: count the deals that play alike once (:mod:`butterfly.solver.mouche.alike`;
    ``limit`` then bounds the kinds of deal), else list every deal."""
    player = seat_view(state, player).player
    if alike:
        merged = alike_worlds(state, player, limit)
        expected = card_values(state, merged, "expected", measure, engine)
        guaranteed = card_values(state, merged, "guaranteed", measure, engine)
        n = sum(world.deals for world in merged)
    else:
        worlds = seat_worlds(state, player, limit)
        expected = card_values(state, worlds, "expected", measure, engine)
        guaranteed = card_values(state, worlds, "guaranteed", measure, engine)
        n = len(worlds)
    rows = [
        ExactCard(
            card,
            tuple(-x / n if (measure == "tricks" and i == 1) else x / n for i, x in enumerate(value)),
            guaranteed[card][0],
        )
        for card, value in expected.items()
    ]
    order = sorted(range(len(rows)), key=lambda i: (tuple(-x for x in expected[rows[i].card]), -rows[i].guaranteed, i))
    best_expected = max(expected, key=lambda c: expected[c])  # max keeps the first of equals
    best_guaranteed = max(guaranteed, key=lambda c: guaranteed[c])
    return ExactSeatAnalysis(player, n, measure, [rows[i] for i in order], best_expected, best_guaranteed)
