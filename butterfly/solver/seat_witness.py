"""Exact answers from a seat within a time cap, and why a card is worse (issue 68 items 2, 3).

The exact search of :mod:`butterfly.solver.exact_seat` has no limit of its
own: :func:`solve_exact` runs it for both models with a wall-clock
``deadline`` and gives None when the deadline passes, so the caller falls
back to sampling (:class:`Capped` wraps the game the search plays and stops
it from inside; nothing of a stopped search is kept).

:func:`why_worse` explains, for a card that is not best under the expected
model, one deal where it does worse: the search's best strategies after
the best card and after that card (the seat's later cards chosen, as the
exact model chooses them, from what it has seen; the others playing as the
open analysis does) are played out world by world over every deal, and the
deal where the best card gains most over that card is shown, with both
lines. Such a deal exists: the best card's total over the deals is larger,
so in some deal its result is.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from butterfly.solver.exact_seat import ExactSeat, SeatGame, Value

S = TypeVar("S")
M = TypeVar("M", bound=Hashable)


class OutOfTime(Exception):
    """The exact search passed its deadline."""


class Capped:
    """``game`` as the search sees it, stopped (:class:`OutOfTime`) once the
    clock passes ``deadline`` (time.monotonic()). The search asks for the key
    of every world of every group it values, so the clock is looked at there
    (every 64 keys); every other method is the game's own."""

    def __init__(self, game: Any, deadline: float) -> None:
        self.game = game
        self.deadline = deadline
        self.keys = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def key(self, state: Any) -> Hashable:
        self.keys += 1
        if not self.keys & 63 and time.monotonic() > self.deadline:
            raise OutOfTime
        return self.game.key(state)


@dataclass
class ExactRun(Generic[S, M]):
    """Both models' values of each move of the seat over ``worlds`` (sums over
    the worlds for expected, least values for guaranteed), and the expected
    search, kept for :func:`why_worse`."""

    worlds: Sequence[S]
    expected: dict[M, Value]
    guaranteed: dict[M, Value]
    search: ExactSeat[S, M]

    def best(self, model: str) -> M:
        """The first move (in the game's order) of the most value under ``model``."""
        values = self.expected if model == "expected" else self.guaranteed
        return max(values, key=lambda m: values[m])


def solve_exact(make_game: Callable[[], SeatGame[S, M]], worlds: Sequence[S], seconds: float) -> ExactRun[S, M] | None:
    """Both models over ``worlds`` within ``seconds`` of wall-clock time, or None."""
    deadline = time.monotonic() + seconds
    game = make_game()
    try:
        expected_search = ExactSeat(cast(SeatGame[S, M], Capped(game, deadline)), "expected")
        expected = expected_search.values_of_moves(worlds)
        guaranteed = ExactSeat(cast(SeatGame[S, M], Capped(game, deadline)), "guaranteed").values_of_moves(worlds)
    except OutOfTime:
        return None
    expected_search.game = game  # (why_worse works on after the deadline: its groups are few)
    return ExactRun(worlds, expected, guaranteed, expected_search)


@dataclass(frozen=True)
class PlayedLine(Generic[M]):
    """A line of play: each move with the seat that made it, and the seat's result at its end."""

    moves: tuple[tuple[int, M], ...]
    result: Value


@dataclass(frozen=True)
class Witness(Generic[S, M]):
    """A deal (``world``, its index in the run's worlds) where ``move`` does
    worse than ``best``: the line after each, played by the strategies the
    exact expected model chooses."""

    index: int
    world: S
    best: PlayedLine[M]
    worse: PlayedLine[M]


def strategy_lines(run: ExactRun[S, M], first: M) -> list[PlayedLine[M]]:
    """The line of each world (by index) when the seat plays ``first``, then its
    best strategy under the expected model (the first best move, in the game's
    order, for each group of worlds it cannot tell apart), the others playing
    their open moves."""
    search = run.search
    game = search.game
    seat = game.seat
    lines: list[PlayedLine[M] | None] = [None] * len(run.worlds)

    def walk(group: list[tuple[int, S]], line: tuple[tuple[int, M], ...]) -> None:
        mover = game.to_move(group[0][1])
        if mover < 0:
            for i, state in group:
                lines[i] = PlayedLine(line, game.result(state))
            return
        if mover == seat:
            values = search.values_of_moves([s for _, s in group])
            move = max(values, key=lambda m: values[m])
            walk([(i, game.play(s, move)) for i, s in group], line + ((seat, move),))
            return
        split: dict[M, list[tuple[int, S]]] = {}
        for i, state in group:
            move = game.open_move(state)  # (the worlds are one deal each: the open move is the one played)
            split.setdefault(move, []).append((i, game.play(state, move)))
        for move, after in split.items():
            walk(after, line + ((mover, move),))

    walk([(i, game.play(w, first)) for i, w in enumerate(run.worlds)], ((seat, first),))
    assert all(line is not None for line in lines)
    return [line for line in lines if line is not None]


def why_worse(run: ExactRun[S, M]) -> dict[M, Witness[S, M]]:
    """For each move worth less than the best under the expected model, the
    deal where the best move's result exceeds its result the most (the
    results compared measure by measure, in order; the first such deal)."""
    best = run.best("expected")
    top = run.expected[best]
    best_lines = strategy_lines(run, best)
    found: dict[M, Witness[S, M]] = {}
    for move, value in run.expected.items():
        if value >= top:
            continue
        lines = strategy_lines(run, move)
        gains = [tuple(b - w for b, w in zip(bl.result, wl.result)) for bl, wl in zip(best_lines, lines)]
        index = max(range(len(gains)), key=lambda i: gains[i])
        found[move] = Witness(index, run.worlds[index], best_lines[index], lines[index])
    return found


# ---- what an answer from a seat says of its figures, as JSON (docs/formats.md) ----------------


@dataclass(frozen=True)
class Figure:
    """What one figure of an answer from a seat is: the moves' ``field`` it
    names, its ``model`` (``expected``, ``guaranteed`` or ``sampled``),
    whether it is ``exact``, the ``deals`` it counts and its ``unit``
    (tricks, mouche chance, chips, pool chance)."""

    field: str
    model: str
    exact: bool
    deals: int
    unit: str


@dataclass(frozen=True)
class WhyWorse:
    """Why ``move`` is worth less than ``best`` (exact answers): a deal
    consistent with what the seat has seen (``hands``: every seat's hand,
    the seat's own included; ``position``: the position with every hand
    shown, as a line) where, each played by the seat's best strategy after
    it (its later cards chosen from what it will have seen; the others as
    the open analysis plays), ``best`` ends with ``best_result`` and ``move``
    with ``result`` (in the answer's unit); ``best_line`` and ``line`` are
    the moves played, ``P<seat> <move>`` each; ``words`` says it all."""

    move: str
    best: str
    hands: tuple[str, ...]
    position: str
    best_line: tuple[str, ...]
    line: tuple[str, ...]
    best_result: float
    result: float
    words: str


def line_words(line: PlayedLine[Any]) -> tuple[str, ...]:
    """The moves of ``line`` as ``P<seat> <move>``."""
    return tuple(f"P{seat} {move}" for seat, move in line.moves)
