"""The searches both card games share, written once over :mod:`butterfly.games.state`.

- :func:`maxn`: every player picks the move best for themself (ties: the
  first move in the given order); the value is the whole line's outcome.
- :func:`paranoid`: everyone else plays to leave one player as little as
  possible; the value is what that player can guarantee.
- :func:`expectation`: a chance node, the weighted mean over the states a
  transition could equally have led to (:meth:`butterfly.games.state.State.chance_outcomes`).
- :func:`mean_over_worlds`: a per-move statistic averaged over the worlds of
  a hidden hand (every split of the unseen cards or a sample of them, dealt
  by :func:`butterfly.games.worlds.deal_worlds`).

The searches memoise on a caller-given key (equal keys must have equal
values) and try moves in a caller-given order (by default the state's legal
moves). Papillon's and La Mouche's oracles (``solver.<game>.reference``) are
these searches with the game's key, leaf value and move order.

A tiny game: one pile of counters, each player in turn takes one or two, the
one who takes the last wins 1 and the other gets 0.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Pile:
...     left: int
...     to_move: int = 0
...     def is_terminal(self): return self.left == 0
...     def current_player(self): return -1 if self.left == 0 else self.to_move
...     def legal_moves(self): return [t for t in (1, 2) if t <= self.left]
...     def play_unchecked(self, take): return Pile(self.left - take, 1 - self.to_move)
...     def returns(self): return (int(self.to_move == 1), int(self.to_move == 0))
>>> maxn(Pile(4), utility=Pile.returns, score=lambda value, player: value[player])
(1, 0)
>>> paranoid(Pile(3), 0, utility=lambda pile: pile.returns()[0])
0
>>> expectation([(Pile(1), 1), (Pile(3), 3)], lambda pile: (pile.left, 0))
(2.5, 0.0)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

V = TypeVar("V")
N = TypeVar("N", int, float)
T = TypeVar("T")


class Searchable(Protocol):
    """What the searches need of a state (a subset of :class:`butterfly.games.state.State`)."""

    def is_terminal(self) -> bool: ...

    def current_player(self) -> int: ...

    def legal_moves(self) -> Sequence[Any]: ...

    def play_unchecked(self: S, move: Any) -> S: ...


S = TypeVar("S", bound=Searchable)


def _legal_moves(state: Searchable) -> Sequence[Any]:
    return state.legal_moves()


def maxn(
    state: S,
    utility: Callable[[S], V],
    score: Callable[[V, int], float],
    key: Callable[[S], Hashable] | None = None,
    memo: dict[Hashable, V] | None = None,
    order: Callable[[S], Iterable[Any]] = _legal_moves,
    chance: Callable[[S], V | None] | None = None,
) -> V:
    """The outcome of ``state`` when the player to move always picks the move
    whose outcome is best for them by ``score`` (the first such move in
    ``order``). ``utility`` values terminal states; ``chance``, when given,
    values the chance nodes (typically by :func:`expectation` over
    :meth:`butterfly.games.state.State.chance_outcomes`) and gives None for other
    states. With ``key``, values are memoised in ``memo`` under ``key(state)``."""
    if state.is_terminal():
        return utility(state)
    if chance is not None:
        expected = chance(state)
        if expected is not None:
            return expected
    memo_key = key(state) if key is not None and memo is not None else None
    if memo is not None and memo_key in memo:
        return memo[memo_key]
    player = state.current_player()
    best: V | None = None
    for move in order(state):
        value = maxn(state.play_unchecked(move), utility, score, key, memo, order, chance)
        if best is None or score(value, player) > score(best, player):
            best = value
    if best is None:
        raise ValueError("a state that is not terminal has no legal move")
    if memo is not None:
        memo[memo_key] = best
    return best


def paranoid(
    state: S,
    player: int,
    utility: Callable[[S], N],
    key: Callable[[S], Hashable] | None = None,
    memo: dict[Hashable, N] | None = None,
    order: Callable[[S], Iterable[Any]] = _legal_moves,
) -> N:
    """What ``player`` can guarantee from ``state`` (``utility`` of the
    terminal state reached) when every other player plays against them."""
    if state.is_terminal():
        return utility(state)
    memo_key = key(state) if key is not None and memo is not None else None
    if memo is not None and memo_key in memo:
        return memo[memo_key]
    values = [paranoid(state.play_unchecked(move), player, utility, key, memo, order) for move in order(state)]
    result = max(values) if state.current_player() == player else min(values)
    if memo is not None:
        memo[memo_key] = result
    return result


def expectation(outcomes: Iterable[tuple[T, int]], value: Callable[[T], Sequence[float]]) -> tuple[float, ...]:
    """The weighted mean of ``value`` (a number per player) over ``outcomes``
    (state, weight): a chance node."""
    totals: list[float] = []
    weight = 0
    for outcome, count in outcomes:
        values = value(outcome)
        if not totals:
            totals = [0.0] * len(values)
        for i, v in enumerate(values):
            totals[i] += count * v
        weight += count
    return tuple(t / weight for t in totals)


def mean_over_worlds(
    worlds: Iterable[tuple[T, int]], statistics: Callable[[T], Sequence[Sequence[float]]]
) -> tuple[list[tuple[float, ...]], int]:
    """Per-move statistics averaged over weighted worlds: ``statistics(world)``
    gives, for each move in a fixed order, a tuple of numbers; the result is
    their weighted means by move, and the total weight."""
    sums: list[list[float]] = []
    weight = 0
    for world, count in worlds:
        rows = statistics(world)
        if not sums:
            sums = [[0.0] * len(row) for row in rows]
        for total, row in zip(sums, rows):
            for i, v in enumerate(row):
                total[i] += count * v
        weight += count
    if not weight:
        raise ValueError("no world to average over")
    return [tuple(t / weight for t in total) for total in sums], weight
