"""Exact answers from a seat within an effort cap, and why a card is worse (issue 68 items 2, 3).

The exact search of :mod:`butterfly.solver.exact_seat` has no limit of its
own: :func:`solve_exact` runs it for both models within an ``effort`` and
gives None when it would take more, so the caller falls back to sampling
(:class:`Capped` wraps the game the search plays and stops it from inside;
nothing of a stopped search is kept). The effort is counted, not timed
(the deals' positions the search asks the key of: every deal of every group
it values), so an answer is the same on a loaded machine as on an idle one,
and from the command as from the server; each game's answer sets it to
about a second of this machine's time (the time a key costs is steady
within a game: 45 to 63 microseconds in La Mouche, 109 to 136 in Papillon,
measured on bench/exact_seat.py's positions).

:func:`why_worse` explains, for a card that is not best under the expected
model, one deal where it does worse: the search's best strategies after
the best card and after that card (the seat's later cards chosen, as the
exact model chooses them, from what it has seen; the others playing as the
open analysis does) give the seat a result in every deal
(:func:`strategy_results`; :func:`strategy_lines` plays every line out in
full, the tests' reference), and the deal where the best card gains most
over that card is shown, with both lines (:func:`strategy_line`). Such a
deal exists: the best card's total over the deals is larger, so in some
deal its result is.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from butterfly.solver.exact_seat import ExactSeat, SeatGame, Value, add_values, times_value

S = TypeVar("S")
M = TypeVar("M", bound=Hashable)


class TooMuch(Exception):
    """The exact search would take more than its effort."""


class Capped:
    """``game`` as the search sees it, stopped (:class:`TooMuch`) once it has
    been asked for more than ``effort`` keys (the search asks for the key of
    every world of every group it values, and their count follows its time);
    every other method is the game's own. ``keys`` is shared by the searches
    given the same counter."""

    def __init__(self, game: Any, effort: int, keys: list[int]) -> None:
        self.game = game
        self.effort = effort
        self.keys = keys

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def key(self, state: Any) -> Hashable:
        self.keys[0] += 1
        if self.keys[0] > self.effort:
            raise TooMuch
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


def solve_exact(
    make_game: Callable[[], SeatGame[S, M]], worlds: Sequence[S], effort: int | None
) -> ExactRun[S, M] | None:
    """Both models over ``worlds`` within ``effort`` keys in all (None: no limit), or None."""
    game = make_game()
    keys = [0]
    capped = cast(SeatGame[S, M], game if effort is None else Capped(game, effort, keys))
    try:
        expected_search = ExactSeat(capped, "expected")
        expected = expected_search.values_of_moves(worlds)
        guaranteed = ExactSeat(capped, "guaranteed").values_of_moves(worlds)
    except TooMuch:
        return None
    expected_search.game = game  # (why_worse works on uncapped: what it asks more is a few groups)
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


def _seat_move(search: ExactSeat[S, M], group: Sequence[S]) -> M:
    """The seat's move for a group of worlds it cannot tell apart: the only legal one, or the first
    best for the whole group under the search's model."""
    moves = search.game.moves(group[0])
    if len(moves) == 1:
        return moves[0]
    values = search.values_of_moves(group)
    return max(values, key=lambda m: values[m])


def strategy_lines(run: ExactRun[S, M], first: M) -> list[PlayedLine[M]]:
    """The line of each world (by index) when the seat plays ``first``, then its
    best strategy under the expected model (the first best move, in the game's
    order, for each group of worlds it cannot tell apart), the others playing
    their open moves. (Every line in full: :func:`strategy_results` and
    :func:`strategy_line` give the same results and lines for less.)"""
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
            move = _seat_move(search, [s for _, s in group])
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


def strategy_results(run: ExactRun[S, M], first: M) -> list[Value]:
    """The seat's result in each world (by index) on the lines of :func:`strategy_lines`
    (for a world that stands for several deals, the sum over its deals), without playing
    them out where the search's own cuts say what they are: once the group is one world,
    or the seat has no choice left, each world's result is its open value (the line then
    is the open line, the seat's moves being the open analysis's best or forced; the deals
    a world stands for play alike, so each has that value), where the game gives one."""
    search = run.search
    game = search.game
    seat = game.seat
    results: dict[int, Value] = {}

    def add(i: int, state: S, value: Value) -> None:
        value = times_value(game.weight(state), value)
        results[i] = add_values(results[i], value) if i in results else value

    def walk(group: list[tuple[int, S]]) -> None:
        first_state = group[0][1]
        mover = game.to_move(first_state)
        if mover < 0:
            for i, state in group:
                add(i, state, game.result(state))
            return
        if len(group) == 1 or not game.seat_chooses_again(first_state):
            values = [game.open_value(state) for _, state in group]
            if all(v is not None for v in values):
                for (i, state), v in zip(group, values):
                    add(i, state, cast(Value, v))
                return
        if mover == seat:
            move = _seat_move(search, [s for _, s in group])
            walk([(i, game.play(s, move)) for i, s in group])
            return
        split: dict[M, list[tuple[int, S]]] = {}
        for i, state in group:
            for seen, next_state in game.open_plays(state):  # (the seat sees which card: the group splits)
                split.setdefault(seen, []).append((i, next_state))
        for part in split.values():
            walk(part)

    walk([(i, game.play(w, first)) for i, w in enumerate(run.worlds)])
    assert len(results) == len(run.worlds)
    return [results[i] for i in range(len(run.worlds))]


def strategy_line(run: ExactRun[S, M], first: M, index: int) -> PlayedLine[M]:
    """World ``index``'s line of :func:`strategy_lines`, played out alone: the worlds the
    seat cannot tell apart from it are followed only while the seat has a choice left.
    A world that stands for several deals is followed as its own deal (its state): where
    another player's card splits it, the part in which that card is the one its state shows."""
    search = run.search
    game = search.game
    seat = game.seat
    state = game.play(run.worlds[index], first)
    group = [game.play(w, first) for w in run.worlds]
    line: list[tuple[int, M]] = [(seat, first)]
    while (mover := game.to_move(state)) >= 0:
        if group and not game.seat_chooses_again(state):
            group = []  # (every later move of the seat is forced: the group decides nothing more)
        if mover == seat:
            move = _seat_move(search, group) if group else game.moves(state)[0]
            group = [game.play(s, move) for s in group]
            state = game.play(state, move)
        else:
            move = game.open_move(state)
            state = next(after for seen, after in game.open_plays(state) if seen == move)
            group = [after for s in group for seen, after in game.open_plays(s) if seen == move]
        line.append((mover, move))
    return PlayedLine(tuple(line), game.result(state))


#: Worlds tried, most gain first, for one whose own deal shows a move worse (a world standing
#: for several deals may gain only in deals other than its own; a world of one deal never does).
WITNESS_TRIES = 20


def why_worse(run: ExactRun[S, M], only: Callable[[M], bool] | None = None) -> dict[M, Witness[S, M]]:
    """For each move worth less than the best under the expected model (of
    those ``only`` accepts, when given), the deal where the best move's result
    exceeds its result the most (the results compared measure by measure, in
    order; the first such deal). Where worlds stand for several deals, the
    deal is the state of a world whose deals gain most in all and in which the
    best move does better (none found among :data:`WITNESS_TRIES` worlds: no
    witness for that move)."""
    best = run.best("expected")
    top = run.expected[best]
    worse = [m for m, value in run.expected.items() if value < top and (only is None or only(m))]
    if not worse:
        return {}
    best_results = strategy_results(run, best)
    found: dict[M, Witness[S, M]] = {}
    for move in worse:
        results = strategy_results(run, move)
        gains = [tuple(b - w for b, w in zip(br, wr)) for br, wr in zip(best_results, results)]
        for index in sorted(range(len(gains)), key=lambda i: gains[i], reverse=True)[:WITNESS_TRIES]:
            if gains[index] <= tuple(0 for _ in gains[index]):
                break
            best_line, line = strategy_line(run, best, index), strategy_line(run, move, index)
            if best_line.result > line.result:
                found[move] = Witness(index, run.worlds[index], best_line, line)
                break
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
