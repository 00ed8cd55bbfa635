"""Exact Papillon endgame search in pure Python: the oracle for the kernel.

It plays the rules engine itself (:meth:`HandState.legal_moves` and
:meth:`HandState.play_unchecked`) to the end of the hand through the generic
searches of :mod:`butterfly.solver.search`, so it is slow but obviously right;
:mod:`butterfly.solver.papillon.analysis` uses the compiled kernel and the tests
require both to agree.

Values are each player's chips at the end of the hand.

- **max-n**: the player to move picks the move that ends the hand with the
  most chips for themself; among equal moves, the first in the engine's move
  order. The value is everyone's chips along that line, and who won the pool.
- **paranoid** for player ``p``: every other player plays to leave ``p`` as
  few chips as possible; the value is what ``p`` can guarantee.

Searches are exact from any position; they are meant for the last deal
(stock empty), where at most 9 (three players) or 12 (four) cards remain in
hands. With stock left they follow the stock's order as the state holds it.
"""

from __future__ import annotations

from typing import NamedTuple

from butterfly.games.papillon.rules import HandState, Move
from butterfly.solver import search


class MaxnValue(NamedTuple):
    chips: tuple[int, ...]  # each player's chips at the end of the hand
    winner: int  # who took the pool with a papillon (-1: nobody)


def state_key(state: HandState) -> tuple:
    """Everything about a state that matters for its future, suits dropped."""
    return (
        tuple(tuple(c.rank for c in h) for h in state.hands),
        tuple(c.rank for c in state.table),
        tuple(c.rank for c in state.stock),
        state.to_move,
        state.taken,
        state.chips,
        state.pool,
        state.papillons,
        state.last_trailer,
        state.stake,
    )


def _line(state: HandState) -> MaxnValue:
    return MaxnValue(state.chips, state.winner)


def _chips_of(value: MaxnValue, player: int) -> int:
    return value.chips[player]


def maxn(state: HandState, memo: dict | None = None) -> MaxnValue:
    """Everyone's chips at the end of the hand under max-n."""
    return search.maxn(state, _line, _chips_of, state_key, {} if memo is None else memo)


def paranoid(state: HandState, player: int, memo: dict | None = None) -> int:
    """The chips ``player`` can be sure to end the hand with."""
    return search.paranoid(state, player, lambda end: end.chips[player], state_key, {} if memo is None else memo)


class MoveValue(NamedTuple):
    move: Move
    maxn: MaxnValue  # the line after this move, under max-n
    paranoid: int  # what the mover can guarantee after this move


def best_first(values: list[MoveValue], player: int) -> list[MoveValue]:
    """Moves by max-n chips of ``player``, then guaranteed chips, then the engine's order."""
    order = sorted(range(len(values)), key=lambda i: (-values[i].maxn.chips[player], -values[i].paranoid, i))
    return [values[i] for i in order]


def move_values(state: HandState, with_paranoid: bool = True) -> list[MoveValue]:
    """Every legal move of the player to move with its values, in the rules'
    order (the guaranteed chips 0 without ``with_paranoid``)."""
    player = state.to_move
    maxn_memo: dict = {}
    paranoid_memo: dict = {}
    rows = []
    for move in state.legal_moves():
        child = state.play_unchecked(move)
        guaranteed = paranoid(child, player, paranoid_memo) if with_paranoid else 0
        rows.append(MoveValue(move, maxn(child, maxn_memo), guaranteed))
    return rows
