"""Papillon's last deal from one seat, exactly: no sampling, no later move that peeks.

:func:`exact_seat` values every legal move of the seat to move over every
split of the cards it cannot see into the other hands (the worlds of
:mod:`butterfly.solver.papillon.seat`, each as likely), under the two models
of :mod:`butterfly.solver.exact_seat`:

- **expected**: the others play as the open analysis does (max-n on chips;
  ties: the first move in the rules' order, :meth:`HandState.legal_moves`),
  the seat plays its best strategy knowing only what it will have seen; the
  value is the seat's mean chips at the end of the hand, then its chance to
  take the pool (compared in that order);
- **guaranteed**: the chips the seat can be sure of, whatever the split and
  however the others play knowing every card.

Everything played in Papillon is seen by all, so the moves played are what
the seat learns. The readable pure-Python twin: ``engine`` names the engine
of the open searches inside it (``"python"``, the default, or ``"kernel"``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable, Sequence
from typing import NamedTuple

from butterfly.games.errors import InputError
from butterfly.games.papillon.rules import HandState, Move
from butterfly.games.worlds import deal_worlds
from butterfly.solver.engines import EngineName
from butterfly.solver.exact_seat import ExactSeat, Model, OneDealEach, Value
from butterfly.solver.papillon import reference
from butterfly.solver.papillon.analysis import check_last_deal
from butterfly.solver.papillon.engines import ENGINES
from butterfly.solver.papillon.reference import MaxnValue

#: Splits listed at most by :func:`seat_worlds`.
WORLD_LIMIT = 20_000


def seat_worlds(state: HandState, player: int, limit: int = WORLD_LIMIT) -> list[HandState]:
    """Every split of the cards ``player`` cannot see into the other hands, as a
    state each. InputError when there are more than ``limit``."""
    others = [p for p in range(state.players) if p != player]
    unseen = sorted(c for p in others for c in state.hands[p])
    splits, exhaustive = deal_worlds(unseen, [len(state.hands[p]) for p in others], limit, random.Random(0))
    if not exhaustive:
        raise InputError(f"more than {limit} splits of the hidden hands: too many to solve exactly")
    worlds = []
    for split in splits:
        hands = list(state.hands)
        for p, hand in zip(others, split):
            hands[p] = tuple(sorted(hand))
        worlds.append(dataclasses.replace(state, hands=tuple(hands)))
    return worlds


class PapillonSeat(OneDealEach[HandState, Move]):
    """Papillon for :class:`butterfly.solver.exact_seat.ExactSeat`, from the side of the seat to move in ``root``."""

    def __init__(self, root: HandState, engine: EngineName = "python") -> None:
        self.seat = root.to_move
        self.engine = engine
        self.maxn_memo: dict = {}  # the Python engine's max-n lines, shared by every world
        self.paranoid_memo: dict = {}
        self.open_moves: dict[Hashable, Move] = {}

    def moves(self, state: HandState) -> Sequence[Move]:
        return state.legal_moves()

    def play(self, state: HandState, move: Move) -> HandState:
        return state.play_unchecked(move)

    def to_move(self, state: HandState) -> int:
        return state.current_player()

    def key(self, state: HandState) -> Hashable:
        # Suits kept: the seat sees them, so worlds differing in suits alone are different worlds here.
        return (state.hands, state.table, state.to_move, state.taken, state.chips, state.pool, state.papillons,
                state.last_trailer, state.stake)  # fmt: skip

    def maxn(self, state: HandState) -> MaxnValue:
        if state.is_terminal():
            return MaxnValue(state.chips, state.winner)
        if self.engine == "python":
            return reference.maxn(state, self.maxn_memo)
        return ENGINES[self.engine].maxn(state)

    def open_move(self, state: HandState) -> Move:
        """The first move in the rules' order whose max-n line gives its player the most chips."""
        key = self.key(state)
        move = self.open_moves.get(key)
        if move is None:
            mover = state.to_move
            best = None
            for candidate in self.moves(state):
                chips = self.maxn(self.play(state, candidate)).chips[mover]
                if best is None or chips > best:
                    move, best = candidate, chips
            assert move is not None
            self.open_moves[key] = move
        return move

    def result(self, state: HandState) -> Value:
        return (state.chips[self.seat], int(state.winner == self.seat))

    def open_value(self, state: HandState) -> Value | None:
        # Max-n's own moves for the seat weigh chips alone (ties: the first move), not
        # chips then the pool: its line is the seat's best only when the seat has no choice.
        if self.seat_chooses_again(state):
            return None
        line = self.maxn(state)
        return (line.chips[self.seat], int(line.winner == self.seat))

    def guaranteed_value(self, state: HandState) -> Value:
        if state.is_terminal():
            return (state.chips[self.seat],)
        if self.engine == "python":
            return (reference.paranoid(state, self.seat, self.paranoid_memo),)
        return (ENGINES[self.engine].paranoid(state, self.seat),)

    def seat_chooses_again(self, state: HandState) -> bool:
        # Holding a card the seat may still choose what to capture with it.
        return bool(state.hands[self.seat])


class ExactMove(NamedTuple):
    move: Move
    mean_chips: float  # the seat's mean chips at the end of the hand, over every split
    win_chance: float  # the share of splits in which the seat takes the pool, playing its best strategy
    guaranteed: int  # the least chips the seat can be sure of after this move


class ExactSeatAnalysis(NamedTuple):
    player: int
    worlds: int  # splits of the hidden cards, every one
    moves: list[ExactMove]  # best first under the expected model (then guaranteed, then the rules' order)
    best_expected: Move
    best_guaranteed: Move  # the first in the rules' order among the moves with the most guaranteed


def move_values(
    state: HandState, worlds: Sequence[HandState], model: Model, engine: EngineName = "python", cuts: bool = True
) -> dict[Move, Value]:
    """V(worlds after each legal move of the seat to move): sums over the
    worlds (expected) or least values (guaranteed)."""
    return ExactSeat(PapillonSeat(state, engine), model, cuts).values_of_moves(worlds)


def exact_seat(
    state: HandState, player: int | None = None, engine: EngineName = "python", limit: int = WORLD_LIMIT
) -> ExactSeatAnalysis:
    """Every legal move of the player to move in the last deal, valued exactly from their seat under both models."""
    check_last_deal(state)
    mover = state.to_move
    player = mover if player is None else player
    if player != mover:
        raise InputError(f"player {player} is not to move (player {mover} is)")
    worlds = seat_worlds(state, player, limit)
    expected = move_values(state, worlds, "expected", engine)
    guaranteed = move_values(state, worlds, "guaranteed", engine)
    n = len(worlds)
    rows = [ExactMove(move, v[0] / n, v[1] / n, guaranteed[move][0]) for move, v in expected.items()]
    order = sorted(range(len(rows)), key=lambda i: (-rows[i].mean_chips, -rows[i].win_chance, -rows[i].guaranteed, i))
    best_expected = max(expected, key=lambda m: expected[m])  # max keeps the first of equals
    best_guaranteed = max(guaranteed, key=lambda m: guaranteed[m])
    return ExactSeatAnalysis(player, n, [rows[i] for i in order], best_expected, best_guaranteed)
