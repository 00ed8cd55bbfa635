"""Every legal move of a patience position with its value (docs/analysis.md,
"Butterfly: every move's value"), as a chess tablebase gives each move.

Moves that lead to the same position (rows are interchangeable:
:meth:`Position.key`) are one entry. Each is valued by solving the position
after it: **lost** (proved), **won** (a line found), or **unknown** within
the limits. With ``lengths`` (limits of their own, smaller by default:
the proof of a shortest line costs far more than finding a win), each
winning move is then given its shortest line: **optimal** (no line wins in
fewer moves, proved) or **bounded** (the shortest found, with a proved
lower bound). Lengths count the move itself.

The winning moves' searches for a shortest line **share what they prove**
(``shared``, the default; docs/solver.md, "Distances shared between
searches"): the position's own A* search comes first (when more than one
move wins), then each winning move's, shortest line first, all reading and
writing one table of proved distances (:class:`~butterfly.solver.patience.shortest.Distances`,
the kernel's ``Distances``), which a caller may keep for the next position
(``distances``). Each search proves, of every position it worked on, that no
line from it is shorter than the start's proved bound less the moves that
reached it; so after the position's own search every move is at least its
distance less one, the move its line starts with is exact, and a sibling's
search that meets a position of a line proved shortest has a line at once.
Without sharing, each winning move gets :func:`~butterfly.solver.patience.solve.solve_shortest`
of its own (polish, proof, polish).

>>> deal = Position.deal(1)
>>> analysis = analyse(deal, Limits(max_nodes=200_000), lengths=None)
>>> analysis.value, len(analysis.moves), analysis.moves[0].value
('won', 26, 'won')
>>> deal.replay(analysis.line)[-1].is_won()
True
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from typing import Any

from butterfly.games.errors import InputError
from butterfly.games.patience.rules import Move, Position
from butterfly.solver.budget import Budget
from butterfly.solver.engines import EngineName
from butterfly.solver.patience.distance_cache import CACHED, DISTANCES
from butterfly.solver.patience.result import BOUNDED, DEFAULT_LIMITS, OPTIMAL, UNWINNABLE, WON, Limits, SolveResult
from butterfly.solver.patience.shorten import shorten as shorten_line
from butterfly.solver.patience.shortest import (
    DISTANCE_ENTRIES,
    TWICE_EFFORT,
    Answer,
    Distances,
    distance_entries,
    moves_of,
)
from butterfly.solver.patience.shortest import search as twin_search
from butterfly.solver.patience.solve import INTERLEAVED, SHORT_LINE, polish, solve, solve_shortest

#: A move's value: won with a line proved shortest, won with a bounded line,
#: won (a line found, its length not proved), lost (proved), or unknown.
LOST, UNKNOWN = "lost", "unknown"
VALUES = (OPTIMAL, BOUNDED, WON, UNKNOWN, LOST)
#: Which winning lines are shortened when no lengths are asked: every
#: move's, or the best move's alone (the others as the search found them:
#: long, but they replay; shortening is most of the work of a quick analysis).
ALL_LINES, BEST_LINE = "all", "best"
#: The limits of each search for a shortest line, unless told otherwise:
#: its A* expands a few thousand positions a second, and a shortest line
#: asks for several searches (solve_shortest), so the time is capped too.
LENGTH_LIMITS = Limits(max_nodes=20_000, timeout=1.0, memory_mib=256)

#: Shared lengths: each winning move's search has SHARED_PROOF_SHARE of its seconds; a move whose
#: search stopped with its line more than SHARED_POLISH_GAP moves over its bound (the depth-first
#: search's line, shortened: often a hundred moves or more) has the rest for the polish of
#: ``butterfly solve``'s line (butterfly.solver.patience.solve.SHORT_LINE). Where the position's
#: own search stopped short, most moves' will too: the polish comes first, in that share, and
#: the search has the rest.
SHARED_PROOF_SHARE = 0.5
SHARED_POLISH_GAP = 2
#: ... and there the move's search has until this share of its seconds. (At 0.5, with the polish's
#: share 0.25, deal 713's start took 17 s rather than 30, but proved 2 moves of 28 rather than 3,
#: the bounded ones' median gap 20 moves rather than 12.)
SHARED_HARD_SHARE = 1.0

#: :data:`LENGTH_LIMITS` as a budget (butterfly.solver.budget).
LENGTH_BUDGET = Budget(
    nodes=LENGTH_LIMITS.max_nodes, seconds=LENGTH_LIMITS.timeout, memory_mib=LENGTH_LIMITS.memory_mib
)


def limits_within(budget: Budget, default: Limits = DEFAULT_LIMITS) -> Limits:
    """The limits of a patience search within ``budget``: its nodes, seconds
    and memory, each left None the ``default``'s.

    >>> limits_within(Budget(nodes=5000), LENGTH_LIMITS)
    Limits(max_nodes=5000, timeout=1.0, memory_mib=256, relaxation=None)
    """
    return Limits(
        max_nodes=default.max_nodes if budget.nodes is None else budget.nodes,
        timeout=default.timeout if budget.seconds is None else budget.seconds,
        memory_mib=default.memory_mib if budget.memory_mib is None else budget.memory_mib,
        relaxation=default.relaxation,
    )


@dataclass(frozen=True)
class MoveValue:
    """One entry: the moves that lead to the same position (the first in the
    rules' move order stands for them all), its value, the winning line that
    starts with it (None unless won), its length and proved lower bound
    (counting the move; the bound only for ``optimal`` and ``bounded``),
    how a loss was proved, what stopped an unknown, and the work done."""

    moves: tuple[Move, ...]
    value: str
    line: tuple[Move, ...] | None
    length: int | None
    lower_bound: int | None
    proved_by: str | None
    stopped_by: str | None
    nodes: int
    seconds: float

    @property
    def move(self) -> Move:
        return self.moves[0]

    def to_json(self) -> dict:
        return {
            "move": str(self.move),
            "same_as": [str(m) for m in self.moves[1:]],
            "value": self.value,
            "length": self.length,
            "lower_bound": self.lower_bound,
            "line": None if self.line is None else [str(m) for m in self.line],
            "proved_by": self.proved_by,
            "stopped_by": self.stopped_by,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }


@dataclass(frozen=True)
class PositionAnalysis:
    """The position's value (its best move's; ``won`` with no move left when
    every card is home; ``lost`` when every move is lost or there is none),
    each entry best first, and the best line."""

    position: Position
    value: str
    moves: tuple[MoveValue, ...]
    engine: EngineName
    lengths: Limits | None
    lines: str = ALL_LINES

    @property
    def line(self) -> tuple[Move, ...]:
        """The best winning line (empty when the position is not won)."""
        return self.moves[0].line or () if self.moves else ()

    @property
    def nodes(self) -> int:
        return sum(m.nodes for m in self.moves)

    @property
    def seconds(self) -> float:
        return sum(m.seconds for m in self.moves)

    def to_json(self) -> dict:
        from butterfly.games.patience.notation import position_line

        return {
            "game": self.position.rules.name,
            "position": position_line(self.position),
            "value": self.value,
            "line": [str(m) for m in self.line],
            "moves": [m.to_json() for m in self.moves],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "engine": self.engine,
            "length_nodes": None if self.lengths is None else self.lengths.max_nodes,
            "lines": self.lines,
        }


def analyse(
    position: Position,
    limits: Limits = DEFAULT_LIMITS,
    engine: EngineName = "kernel",
    lengths: Limits | None = LENGTH_LIMITS,
    schedule: str = INTERLEAVED,
    lines: str = ALL_LINES,
    shared: bool = True,
    distances: Any = None,
    deadline: float | None = None,
) -> PositionAnalysis:
    """Value every legal move of ``position``, each search within ``limits``,
    and give each winning one its shortest line within ``lengths`` (None: not
    asked); ``schedule``: the restarts' (:func:`butterfly.solver.patience.solve.solve`);
    ``lines``: :data:`BEST_LINE` to shorten the best winning line alone;
    ``shared``: the searches for shortest lines share what they prove, in
    ``distances`` when given (:func:`new_distances` of the same engine,
    kept from one position to the next; its memory is the caller's), or
    with ``distances=CACHED`` in the table the process keeps for the
    position's game (:mod:`butterfly.solver.patience.distance_cache`, within
    the quarter of ``lengths``' memory below), else
    in a table of their own within a quarter of ``lengths``' memory, each
    search within the rest (module docstring). ``deadline`` (a
    ``time.perf_counter()`` reading): the shared searches for shortest lines
    end by then, each within an equal part of the seconds left and its own
    share of ``lengths`` (the moves searched first, the shortest lines, get
    their share; those left when the time is out, the bounds they have).

    ``limits.max_nodes`` and ``limits.timeout`` are shares: the analysis
    may expand that many positions, and take that many seconds, for each
    entry, and what the entries decided within their share leave is shared
    out among those a share did not decide (:func:`_again`)."""
    if lines not in (ALL_LINES, BEST_LINE):
        raise ValueError(f"lines is {ALL_LINES!r} or {BEST_LINE!r}, not {lines!r}")
    short = lines == ALL_LINES or lengths is not None
    # Under a deadline, a line found is shortened after the searches of the lengths, and only where
    # they left it as found: shortening a line of a thousand moves takes some 25 ms, eight times the
    # search that found it, and at the start of a deal of 30 winning moves it took most of the second
    # before any length was searched.
    late = short and shared and lengths is not None and deadline is not None
    entries = [(tuple(moves), child) for moves, child in position.distinct_children().values()]
    each = None if shared else lengths  # (shared: the lengths are searched once every move is decided)
    values = [_value(moves, child, limits, engine, each, schedule, short and not late) for moves, child in entries]
    values = _again(entries, values, limits, engine, each, schedule, short and not late)
    if shared and lengths is not None:
        table, searches = distances, lengths
        if table is None or isinstance(
            table, str
        ):  # a quarter of the lengths' memory for the table(s), the rest for each search
            quarter = (lengths.memory_mib << 20) // 4
            if table is None:
                table = new_distances(engine, distance_entries(quarter))
            elif table == CACHED:
                table = DISTANCES.table_for(position, engine, quarter)
            else:
                raise ValueError(f"distances is a table, {CACHED!r} or None, not {table!r}")
            searches = dataclasses.replace(lengths, memory_mib=lengths.memory_mib - lengths.memory_mib // 4)
        found = [v.line for v in values]
        values = _shared_lengths(position, entries, values, searches, engine, table, deadline)
        if late:
            values = [
                _shortened(position, v, deadline) if v.line is not None and v.line == line else v
                for v, line in zip(values, found)
            ]
    values.sort(key=_rank)
    if not short and values and values[0].value == WON and (raw := values[0].line):
        line = (raw[0], *shorten_line(position.play(raw[0]), list(raw[1:])))
        values[0] = dataclasses.replace(values[0], line=line, length=len(line))
    if position.is_won():
        value = WON
    elif not values or all(v.value == LOST for v in values):
        value = LOST
    else:
        value = values[0].value
    return PositionAnalysis(position, value, tuple(values), engine, lengths, lines)


def analyse_with_budget(
    position: Position,
    budget: Budget,
    *,
    view: int | None = None,
    engine: EngineName = "kernel",
    lengths: Budget | None = LENGTH_BUDGET,
    schedule: str = INTERLEAVED,
    lines: str = ALL_LINES,
    relaxation: int | None = None,
    shared: bool = True,
    distances: Any = None,
) -> PositionAnalysis:
    """:func:`analyse` within ``budget``: each move's search may expand
    ``budget.nodes`` positions, and the whole analysis take ``budget.seconds``,
    shared equally among the moves (and, with ``lengths``, their searches
    for a shortest line, each within ``lengths``: None, not asked; its
    seconds left None, the moves' share); ``relaxation``: the effort of the
    chain relaxation tried on a move's search that ends undecided
    (:class:`~butterfly.solver.patience.result.Limits`; None: not tried);
    ``shared`` and ``distances``: :func:`analyse`'s.
    The analysis registry's (butterfly.solver.analysis). A patience has no
    seat to see from (``view``) and no deals to sample."""
    if view is not None or budget.deals is not None:
        raise InputError("as_player and worlds are for the card games' positions")
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    limits, length_limits = budget_limits(position, budget, lengths, relaxation)
    return analyse(position, limits, engine, length_limits, schedule, lines, shared, distances, deadline)


def budget_limits(
    position: Position, budget: Budget, lengths: Budget | None, relaxation: int | None = None
) -> tuple[Limits, Limits | None]:
    """The limits of :func:`analysis_with_budget`'s searches: each move's search
    (a share of the budget's seconds) and each search for a shortest line."""
    share = None
    if budget.seconds is not None:
        share = budget.seconds / max(1, len(position.distinct_children())) / (2 if lengths else 1)
    length_limits = None
    if lengths is not None:
        seconds = share if lengths.seconds is None else lengths.seconds
        length_limits = limits_within(dataclasses.replace(lengths, seconds=seconds), LENGTH_LIMITS)
    limits = dataclasses.replace(limits_within(dataclasses.replace(budget, seconds=share)), relaxation=relaxation)
    return limits, length_limits


def _again(
    entries: list[tuple[tuple[Move, ...], Position]],
    values: list[MoveValue],
    limits: Limits,
    engine: EngineName,
    lengths: Limits | None,
    schedule: str,
    short: bool,
) -> list[MoveValue]:
    """``values`` with the entries their share left undecided searched again,
    each with its part of the positions and seconds the others left: the rare
    hard move of a position whose other moves are easy is decided, the whole
    work never more than an entry's share times the entries. An entry is
    searched again only when the limit that stopped it is larger now (a
    search within the same limit would stop the same way)."""
    nodes_left = None if limits.max_nodes is None else limits.max_nodes * len(entries) - sum(v.nodes for v in values)
    seconds_left = None if limits.timeout is None else limits.timeout * len(entries) - sum(v.seconds for v in values)
    undecided = [i for i, v in enumerate(values) if v.value == UNKNOWN and v.stopped_by in ("nodes", "time")]
    values = list(values)
    for done, index in enumerate(undecided):
        parts = len(undecided) - done
        more = limits
        if nodes_left is not None:
            more = dataclasses.replace(more, max_nodes=max(1, nodes_left // parts))
        if seconds_left is not None:
            more = dataclasses.replace(more, timeout=max(0.0, seconds_left / parts))
        grew = {
            "nodes": (more.max_nodes or 0) > (limits.max_nodes or 0),
            "time": (more.timeout or 0) > (limits.timeout or 0),
        }
        if not grew[values[index].stopped_by or ""]:
            continue
        again = _value(*entries[index], more, engine, lengths, schedule, short)
        if nodes_left is not None:
            nodes_left -= again.nodes
        if seconds_left is not None:
            seconds_left -= again.seconds
        values[index] = dataclasses.replace(
            again, nodes=values[index].nodes + again.nodes, seconds=values[index].seconds + again.seconds
        )
    return values


def _value(
    moves: tuple[Move, ...],
    child: Position,
    limits: Limits,
    engine: EngineName,
    lengths: Limits | None,
    schedule: str,
    short: bool = True,
) -> MoveValue:
    """The value of the entry whose moves lead to ``child`` (``short``: its winning line shortened)."""
    start = time.perf_counter()
    if child.is_won():
        return MoveValue(moves, OPTIMAL, moves[:1], 1, 1, None, None, 0, time.perf_counter() - start)
    result = solve(child, limits, engine, shorten=short, schedule=schedule)
    if lengths is not None and result.result == WON:
        shortest = solve_shortest(child, lengths, engine, schedule)
        if shortest.result in (OPTIMAL, BOUNDED):  # (else its limits stopped it before the win was found again)
            shortest.nodes += result.nodes
            result = shortest
    return _from_result(moves, result, time.perf_counter() - start)


def new_distances(engine: EngineName, entries: int = DISTANCE_ENTRIES) -> Any:
    """An empty table of shared distances for ``engine``'s searches (the kernel's
    ``Distances``, or the twin's :class:`~butterfly.solver.patience.shortest.Distances`),
    of at most ``entries`` positions (:func:`~butterfly.solver.patience.shortest.distance_entries`)."""
    if engine == "kernel":
        import butterfly.ext._shortest as _shortest

        return _shortest.Distances(entries)
    return Distances(entries)


def shortest_search(
    position: Position,
    upper: int | None,
    limits: Limits,
    engine: EngineName,
    distances: Any,
    weight: int = 100,
    effort: int = TWICE_EFFORT,
) -> Answer:
    """One A* run from ``position`` for a line shorter than ``upper``, by
    ``engine``, reading and (unweighted) adding to ``distances``."""
    if engine == "kernel":
        from butterfly.solver.patience import kernel

        return kernel.shortest(position, upper, limits, weight, effort, distances=distances)
    return twin_search(position, upper, weight, limits.max_nodes, limits.timeout, effort, distances=distances)


def _shared_lengths(
    position: Position,
    entries: list[tuple[tuple[Move, ...], Position]],
    values: list[MoveValue],
    lengths: Limits,
    engine: EngineName,
    distances: Any,
    deadline: float | None = None,
) -> list[MoveValue]:
    """``values`` with each winning move's line searched for the shortest,
    the searches sharing ``distances`` (module docstring): the position's own
    search first when more than one move wins (its positions and seconds are
    counted in the first move searched), then the moves, shortest line first.
    Each search has ``lengths``' positions and seconds, within an equal part
    of the seconds left before ``deadline`` (:func:`analyse`)."""
    winning = sorted((i for i, v in enumerate(values) if v.value == WON), key=lambda i: (values[i].length, i))
    if not winning:
        return values
    values = list(values)
    began = time.perf_counter()
    extra = 0
    hard = False  # the position's own search stopped: so will most moves' searches
    if len(winning) > 1:
        # Every move is at least the position's distance less one, and the best move's line is
        # proved with it: searched once here rather than in every move's search.
        own = shortest_search(
            position, values[winning[0]].length, _before(lengths, deadline, len(winning) + 1), engine, distances
        )
        extra, hard = own.nodes, not own.exhausted
    for searched, i in enumerate(winning):
        moves, child = entries[i]
        value = values[i]
        line = list((value.line or ())[1:])
        started = time.perf_counter()
        here = _before(lengths, deadline, len(winning) - searched)  # this move's part of the time left
        proof = _share(here, SHARED_PROOF_SHARE)
        if hard:  # the polish first, then the search with what is left
            line, more, _ = polish(child, line, SHORT_LINE, proof, engine, started)
            extra += more
            proof = _share(here, SHARED_HARD_SHARE)
            if proof.timeout is not None:
                proof = dataclasses.replace(proof, timeout=max(0.0, proof.timeout - (time.perf_counter() - started)))
        answer = shortest_search(child, len(line), proof, engine, distances)
        if answer.steps:
            line = moves_of(child, answer.steps)
        lower = min(len(line), answer.lower or 0)
        if not hard and not answer.exhausted and len(line) - lower > SHARED_POLISH_GAP:
            line, more, _ = polish(child, line, SHORT_LINE, here, engine, started)
            extra += more
        verdict = OPTIMAL if answer.exhausted or lower == len(line) else BOUNDED
        seconds = time.perf_counter() - began
        values[i] = MoveValue(
            moves,
            verdict,
            (moves[0], *line),
            1 + len(line),
            1 + lower,
            None,
            None,
            value.nodes + answer.nodes + extra,
            value.seconds + seconds,
        )
        began, extra = time.perf_counter(), 0
    return values


def _shortened(position: Position, value: MoveValue, deadline: float | None) -> MoveValue:
    """A winning move's value with its line shortened (:mod:`butterfly.solver.patience.shorten`, until
    ``deadline``): optimal if that meets its proved bound."""
    assert value.line is not None
    line = (value.line[0], *shorten_line(position.play(value.line[0]), list(value.line[1:]), deadline))
    verdict = OPTIMAL if value.lower_bound == len(line) else value.value
    return dataclasses.replace(value, value=verdict, line=line, length=len(line))


def _before(limits: Limits, deadline: float | None, parts: int) -> Limits:
    """``limits`` with its seconds no more than a ``parts``-th of those left before ``deadline``."""
    if deadline is None:
        return limits
    left = max(0.0, deadline - time.perf_counter()) / parts
    return dataclasses.replace(limits, timeout=left if limits.timeout is None else min(limits.timeout, left))


def _share(limits: Limits, share: float) -> Limits:
    """``limits`` with ``share`` of its seconds."""
    return limits if limits.timeout is None else dataclasses.replace(limits, timeout=limits.timeout * share)


def _from_result(moves: tuple[Move, ...], result: SolveResult, seconds: float) -> MoveValue:
    if result.result in (OPTIMAL, BOUNDED, WON):
        line = (moves[0], *result.moves)
        lower = None if result.result == WON else 1 + (result.lower_bound or 0)
        return MoveValue(moves, result.result, line, len(line), lower, None, None, result.nodes, seconds)
    if result.result == UNWINNABLE:
        return MoveValue(moves, LOST, None, None, None, result.proved_by, None, result.nodes, seconds)
    return MoveValue(moves, UNKNOWN, None, None, None, None, result.stopped_by, result.nodes, seconds)


def _rank(value: MoveValue) -> tuple:
    """Best first: the wins whose length was searched (optimal or bounded),
    shortest first and, at the same length, the proved one first (so the
    position's value and line are a proved length's when one is as short);
    then the other wins by length, then unknown, then lost."""
    won = value.value in (OPTIMAL, BOUNDED, WON)
    return (
        not won,
        value.value == LOST,
        value.value == WON,
        value.length or 0,
        value.value != OPTIMAL,
        value.lower_bound or 0,
    )
