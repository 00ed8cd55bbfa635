"""One entry point for solving a patience position, whichever engine runs it.

By default the search is run with **restarts**. Depth-first search on these
patiences is heavy-tailed: an early commitment that loses (a card into the
basement, a row emptied) hides the win behind an astronomically large lost
subtree. The same search started with the rows in another order (which only
changes the order moves are tried in) usually wins within a few thousand
nodes. So a few short attempts with shuffled row orders are tried first,
and whatever remains of the budget goes to one full search in the natural
order. That search is the only one that proves a position unwinnable, but
any attempt that runs out of positions to expand is a proof as well.
"""

from __future__ import annotations

import dataclasses
import time

from games.deals import SplitMix64
from games.patience.rules import Move, Position
from solver.patience import relaxation
from solver.patience.pruning import is_dead_end
from solver.patience.result import (
    BOUNDED,
    DEFAULT_LIMITS,
    OPTIMAL,
    UNRESOLVED,
    UNWINNABLE,
    WON,
    Limits,
    SolveResult,
)
from solver.patience.shorten import shorten as shorten_line
from solver.patience.shortest import TWICE_EFFORT, Answer, moves_of

ENGINES = ("kernel", "python")

#: Restart schedule: short attempts of at most this many nodes ...
RESTART_NODES = 20_000
#: ... this many of them, with smaller attempts on a small budget ...
RESTART_ATTEMPTS = 40
#: ... using at most this share of the node budget; a budget large enough
#: for more than RESTART_ATTEMPTS full attempts buys more of them.
RESTART_SHARE = 0.4


def restart_schedule(budget: int | None) -> tuple[int, int]:
    """(attempts, nodes per attempt) of the restarts for a node budget.

    >>> restart_schedule(200_000), restart_schedule(10_000_000), restart_schedule(None)
    ((40, 2000), (200, 20000), (40, 20000))
    >>> restart_schedule(20)  # a tiny budget: no more attempts than nodes
    (8, 1)
    """
    share = RESTART_ATTEMPTS * RESTART_NODES if budget is None else int(budget * RESTART_SHARE)
    per_attempt = min(RESTART_NODES, max(1, share // RESTART_ATTEMPTS))
    attempts = max(RESTART_ATTEMPTS, share // RESTART_NODES)
    return min(attempts, share // per_attempt), per_attempt


def _engine(engine: str):
    if engine == "kernel":
        from solver.patience import kernel

        return kernel
    if engine == "python":
        from solver.patience import reference

        return reference
    raise ValueError(f"unknown engine {engine!r} (engines: {', '.join(ENGINES)})")


def row_order(attempt: int, rows: int) -> list[int]:
    """The row order of restart ``attempt``: the natural order first, then
    Fisher–Yates shuffles drawn from SplitMix64 seeded by the attempt number
    (the same on every platform, like deal numbers)."""
    order = list(range(rows))
    if attempt:
        rng = SplitMix64(attempt)
        for i in range(rows - 1, 0, -1):
            j = rng.below(i + 1)
            order[i], order[j] = order[j], order[i]
    return order


def permuted(position: Position, order: list[int]) -> Position:
    """``position`` with its rows listed in ``order`` (as :func:`row_order` gives)."""
    return dataclasses.replace(position, rows=tuple(position.rows[k] for k in order))


def _unpermute(position: Position, order: list[int], moves: list[Move]) -> list[Move]:
    """Moves found on the permuted position, renamed for the original one."""
    names = position.rules.row_names
    rename = {names[k]: names[original] for k, original in enumerate(order)}
    return [Move(m.card, rename.get(m.source, m.source), rename.get(m.target, m.target)) for m in moves]


def solve(
    position: Position,
    limits: Limits = DEFAULT_LIMITS,
    engine: str = "kernel",
    safe_autoplay: bool = True,
    dead_ends: bool = True,
    shorten: bool = False,
    restarts: bool = True,
) -> SolveResult:
    """Solve with the compiled kernel (default) or the pure-Python reference.

    ``restarts``: short attempts with shuffled row orders before the full
    search (module docstring); ``nodes`` and ``seconds`` then add up all
    attempts, and stay within the limits. ``shorten``: a won line is
    shortened (solver.patience.shorten) before it is returned. With
    ``limits.relaxation``, a position the search leaves unresolved is given
    to the chain relaxation (solver.patience.relaxation), which may prove it lost;
    its seconds count in ``seconds``, its effort is its own limit.
    """
    search = _engine(engine).solve
    start = time.perf_counter()
    total_nodes = 0
    result = None
    budget = limits.max_nodes
    if restarts and len(position.rows) > 1:
        attempts, per_attempt = restart_schedule(budget)
        # The restarts get RESTART_SHARE of every limit: of the nodes (the schedule), of
        # the time (a deadline of their own), and each attempt's table is under the memory cap.
        share = None if limits.timeout is None else dataclasses.replace(limits, timeout=limits.timeout * RESTART_SHARE)
        for attempt in range(attempts):
            order = row_order(attempt + 1, len(position.rows))
            time_left = None if share is None else _time_left(share, start)
            if time_left is not None and time_left <= 0:
                break
            attempt_limits = dataclasses.replace(limits, max_nodes=per_attempt, timeout=time_left)
            tried = search(permuted(position, order), attempt_limits, safe_autoplay, dead_ends)
            total_nodes += tried.nodes
            if tried.result != UNRESOLVED:
                tried.moves = _unpermute(position, order, tried.moves)
                result = tried
                break
    if result is None:
        remaining = None if budget is None else max(1, budget - total_nodes)
        final_limits = dataclasses.replace(limits, max_nodes=remaining, timeout=_time_left(limits, start))
        result = search(position, final_limits, safe_autoplay, dead_ends)
        total_nodes += result.nodes
    result.nodes = total_nodes
    if result.result == UNWINNABLE:
        # The start failing the dead-end test is a proof of its own (no search needed): say so.
        result.proved_by = "dead-end" if dead_ends and is_dead_end(position) else "search"
    elif (
        result.result == UNRESOLVED
        and limits.relaxation
        and relaxation.applies(position.rules)
        and relaxation.check(position, limits.relaxation).result == relaxation.LOST
    ):
        result.result, result.stopped_by, result.proved_by = UNWINNABLE, None, "relaxation"
    result.seconds = time.perf_counter() - start
    if shorten and result.result == WON and result.moves:
        result.moves = shorten_line(position, result.moves)
    return result


def _time_left(limits: Limits, start: float) -> float | None:
    if limits.timeout is None:
        return None
    return max(0.0, limits.timeout - (time.perf_counter() - start))


#: A polish stage: weighted A* with the quick bound (weight in percent,
#: positions at most, and where along the line it starts, as shares of the
#: line). Each search looks for a line shorter than the best so far, so
#: its upper bound cuts every position that cannot beat it. Heavier weights
#: find a line sooner, lighter ones a shorter line. A start that finds
#: nothing hands over to a later position of the line: on some deals the
#: opening traps the search on a plateau, while a later position, with
#: fewer cards, is easy; its shorter tail replaces the line's, and the
#: stage tries again from the start, now with a tighter bound.
PolishStage = tuple[int, int, tuple[float, ...]]
#: Start points every sixteenth of the line (the stage tries them in order until one finds a shorter tail).
SIXTEENTHS = tuple(i / 16 for i in range(16))
#: The line ``butterfly solve`` prints (docs/performance.md, "Default lines").
SHORT_LINE: tuple[PolishStage, ...] = ((300, 10_000, SIXTEENTHS[::2]), (150, 20_000, (0, 0.5)))
#: Before a proof, a heavier polish: the shorter the line, the more of the proof's positions it cuts.
#: (On the hardest openings, a start every sixteenth of the line took deal 93 with one cell from
#: 318 moves to 82.)
PROOF_POLISH: tuple[PolishStage, ...] = (
    (300, 50_000, SIXTEENTHS),
    (200, 50_000, SIXTEENTHS[::4]),
    (150, 50_000, (0, 0.5)),
)


def polish(
    position: Position,
    line: list[Move],
    stages: tuple[PolishStage, ...],
    limits: Limits = DEFAULT_LIMITS,
    engine: str = "kernel",
    start: float | None = None,
) -> tuple[list[Move], int, int]:
    """``line`` (a win from ``position``) made shorter by the weighted
    searches of ``stages``: (the line, positions expanded, a proved lower
    bound on the length of any win, 0 when none is known). A limit on nodes
    bounds each search; the time limit, counted from ``start``, all of them."""
    start = time.perf_counter() if start is None else start
    nodes = lower = 0
    for weight, most, shares in stages:
        stage_limits = dataclasses.replace(
            limits, max_nodes=most if limits.max_nodes is None else min(most, limits.max_nodes)
        )
        while line:
            path = position.replay(line)
            for share in shares:
                at = int(share * len(line))
                answer = _shortest_search(path[at], len(line) - at, stage_limits, engine, weight, 0, start)
                nodes += answer.nodes
                if at == 0:
                    lower = max(lower, answer.lower or 0)
                if answer.steps:
                    line = line[:at] + moves_of(path[at], answer.steps)
                    break
                if answer.stopped_by == "time":
                    return line, nodes, lower
            else:
                break  # no start found a shorter line
            if at == 0:
                break  # shorter from the start: on to the next stage
    return line, nodes, lower


def solve_short(
    position: Position, limits: Limits = DEFAULT_LIMITS, engine: str = "kernel", restarts: bool = True
) -> SolveResult:
    """What :func:`solve` answers, a win given by a short line: the
    depth-first search's line, shortened, then polished (:data:`SHORT_LINE`).
    Short, not proved shortest (:func:`solve_shortest` proves it)."""
    start = time.perf_counter()
    result = solve(position, limits, engine, shorten=True, restarts=restarts)
    if result.result == WON:
        result.moves, nodes, _ = polish(position, result.moves, SHORT_LINE, limits, engine, start)
        result.nodes += nodes
        result.seconds = time.perf_counter() - start
    return result


def solve_shortest(
    position: Position,
    limits: Limits = DEFAULT_LIMITS,
    engine: str = "kernel",
    restarts: bool = True,
    proof_nodes: int | None = None,
) -> SolveResult:
    """A winning line proved shortest (``optimal``), or the shortest found
    with a proved lower bound when a limit stops the proof (``bounded``);
    otherwise what :func:`solve` answers (``unwinnable``, ``unresolved``).

    :func:`solve` finds a win and shortens it; weighted A* searches
    (:data:`PROOF_POLISH`) look for shorter ones; then A*
    (solver.patience.shortest) proves there is none shorter than the best,
    or finds it, within ``limits`` (nodes: positions each search expands;
    the time limit counts them all; memory: each one's tables). Every line
    is replayed through the rules. ``nodes`` adds them all up.
    ``proof_nodes``: positions the A* proof may expand, instead of
    ``limits.max_nodes`` (a survey's node budget: the winning line is found
    as :func:`solve` finds it, and the proof stops at a count that any run
    reproduces, where a time limit would not).
    """
    start = time.perf_counter()
    result = solve(position, limits, engine, shorten=True, restarts=restarts)
    if result.result != WON:
        return result
    best, nodes, lower = polish(position, result.moves, PROOF_POLISH, limits, engine, start)
    nodes += result.nodes
    proof_limits = limits if proof_nodes is None else dataclasses.replace(limits, max_nodes=proof_nodes)
    proof = _shortest_search(position, len(best), proof_limits, engine, 100, TWICE_EFFORT, start)
    nodes += proof.nodes
    if proof.steps:
        best = moves_of(position, proof.steps)
    lower = min(len(best), max(proof.lower or 0, lower))
    verdict = OPTIMAL if proof.exhausted or lower == len(best) else BOUNDED
    table_bytes = max(proof.table_bytes or 0, result.table_bytes or 0) or None  # None from the Python engine
    return SolveResult(
        verdict,
        best,
        nodes,
        time.perf_counter() - start,
        None if verdict == OPTIMAL else proof.stopped_by,
        table_bytes,
        lower_bound=len(best) if verdict == OPTIMAL else lower,
    )


def _shortest_search(
    position: Position, upper: int, limits: Limits, engine: str, weight: int, effort: int, start: float
) -> Answer:
    """One A* run for a line shorter than ``upper``, by either engine, within
    what is left of the time limit."""
    timeout = _time_left(limits, start)
    if engine == "kernel":
        from solver.patience import kernel

        return kernel.shortest(position, upper, dataclasses.replace(limits, timeout=timeout), weight, effort)
    if engine == "python":
        from solver.patience import shortest

        return shortest.search(position, upper, weight, limits.max_nodes, timeout, effort)
    raise ValueError(f"unknown engine {engine!r} (engines: {', '.join(ENGINES)})")
