"""One entry point for solving a patience position, whichever engine runs it.

Depth-first search on these patiences is heavy-tailed: an early commitment
that loses (a card into the basement, a row emptied) hides the win behind an
astronomically large lost subtree. The same search started with the rows in
another order (which only changes the order moves are tried in) usually
wins within a few thousand nodes. So by default the search is run with
**restarts**: short attempts with shuffled row orders beside one full search
in the natural order. That full search is the only one sure to end in a
verdict, but any attempt that runs out of positions to expand is a proof as
well. How the budget is shared between them is the **schedule**:

- ``interleaved`` (the default): the full search runs in slices that double
  (the first a quarter of an attempt), and after each slice the attempts
  run until their nodes reach RESTART_WEIGHT times the full search's. A
  lost deal whose proof takes N nodes costs at most (1 + RESTART_WEIGHT) N
  and one attempt in all, where the schedule below spent its whole
  restart share first (4 M nodes of a 10 M budget); a won deal is found by
  whichever search is lucky first. The full search goes on from where it
  stopped (``Search.run``), so its slices expand the nodes one run would.
  On the hard tail (the full search past BEST_FIRST_FROM nodes) each round
  also runs a best-first attempt: weighted A* that stops at its first line
  (:func:`_best_first`), which finds wins on deals where every depth-first
  order is stuck.
- ``restarts-first``: every attempt first, up to RESTART_SHARE of the
  budget, then the full search with the rest: the schedule of the survey
  rows labelled by the bare engine name (``kernel``), kept so that they
  are re-derived node for node (butterfly.solver.survey.published).
- ``no-restarts``: the full search alone.

docs/performance.md ("Restart schedules") has the measurements behind the
choice.
"""

from __future__ import annotations

import dataclasses
import time

from butterfly.games.deals import SplitMix64
from butterfly.games.patience.rules import Move, Position
from butterfly.solver.engines import ENGINE_NAMES, EngineName, engine_name
from butterfly.solver.patience import relaxation
from butterfly.solver.patience.engines import ENGINES
from butterfly.solver.patience.pruning import is_dead_end
from butterfly.solver.patience.result import (
    BOUNDED,
    DEFAULT_LIMITS,
    OPTIMAL,
    UNRESOLVED,
    UNWINNABLE,
    WON,
    Limits,
    SolveResult,
)
from butterfly.solver.patience.shorten import shorten as shorten_line
from butterfly.solver.patience.shortest import TWICE_EFFORT, Answer, moves_of

#: Restart schedules (module docstring), the default first.
INTERLEAVED = "interleaved"
RESTARTS_FIRST = "restarts-first"
NO_RESTARTS = "no-restarts"
SCHEDULES = (INTERLEAVED, RESTARTS_FIRST, NO_RESTARTS)
#: The schedule of what was published before the interleaved one: the
#: ratings and their features, the puzzles and their proofs, the lengths.
#: They keep it, so that each is derived again exactly as it was.
PUBLISHED_SCHEDULE = RESTARTS_FIRST

#: Restart schedule: short attempts of at most this many nodes ...
RESTART_NODES = 20_000
#: ... this many of them, with smaller attempts on a small budget ...
RESTART_ATTEMPTS = 40
#: ... using at most this share of the node budget; a budget large enough
#: for more than RESTART_ATTEMPTS full attempts buys more of them.
RESTART_SHARE = 0.4
#: Interleaved: the attempts' nodes kept within this many times the full search's ...
RESTART_WEIGHT = 3
#: ... whose first slice is this share of an attempt; an attempt left less time than this is not started.
FIRST_SLICE_SHARE = 0.25
MIN_ATTEMPT_SECONDS = 0.001
#: Interleaved, on the hard tail: once the full search has expanded this
#: many nodes, each round also runs a best-first attempt (weighted A* that
#: stops at its first line, :func:`_best_first`) ...
BEST_FIRST_FROM = 1_000_000
#: ... of at most this share of the full search's nodes so far, as
#: positions (each costs about ten of the search's nodes in time) ...
BEST_FIRST_SHARE = 1 / 8
#: ... within this share of a time limit in all, its queue ordered by the
#: quick bound weighed this much (percent): nearly greedy.
BEST_FIRST_TIME_SHARE = 0.25
BEST_FIRST_WEIGHT = 1000


def schedule_label(engine: EngineName, schedule: str) -> str:
    """How a survey row names its search: the engine, with ``/`` and the
    schedule unless it is ``restarts-first`` (rows from before the schedules
    had names).

    >>> schedule_label("kernel", INTERLEAVED), schedule_label("kernel", RESTARTS_FIRST)
    ('kernel/interleaved', 'kernel')
    """
    return engine if schedule == RESTARTS_FIRST else f"{engine}/{schedule}"


def parse_label(label: str) -> tuple[EngineName, str]:
    """(engine, schedule) of a label :func:`schedule_label` gave; ValueError when it is not one.

    >>> parse_label("kernel"), parse_label("python/no-restarts")
    (('kernel', 'restarts-first'), ('python', 'no-restarts'))
    """
    name, slash, flag = label.partition("/")
    schedule = flag if slash else RESTARTS_FIRST
    if name not in ENGINE_NAMES or schedule not in SCHEDULES or (slash and schedule == RESTARTS_FIRST):
        raise ValueError(f"not a search label: {label!r}")
    return engine_name(name), schedule


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
    renamed: dict[Move, Move] = {}  # each distinct move renamed once: won lines are long
    line = []
    for m in moves:
        new = renamed.get(m)
        if new is None:
            new = renamed[m] = Move(m.card, rename.get(m.source, m.source), rename.get(m.target, m.target))
        line.append(new)
    return line


def solve(
    position: Position,
    limits: Limits = DEFAULT_LIMITS,
    engine: EngineName = "kernel",
    safe_autoplay: bool = True,
    dead_ends: bool = True,
    shorten: bool = False,
    schedule: str = INTERLEAVED,
) -> SolveResult:
    """Solve with the compiled kernel (default) or the pure-Python reference.

    ``schedule``: how restarts share the budget with the full search
    (module docstring); ``nodes`` and ``seconds`` then add up all
    searches, and stay within the limits. ``shorten``: a won line is
    shortened (butterfly.solver.patience.shorten) before it is returned. With
    ``limits.relaxation``, a position the search leaves unresolved is given
    to the chain relaxation (butterfly.solver.patience.relaxation), which may prove it lost;
    its seconds count in ``seconds``, its effort is its own limit.
    """
    if schedule not in SCHEDULES:
        raise ValueError(f"unknown schedule {schedule!r} (schedules: {', '.join(SCHEDULES)})")
    # The engine imported and the rules' tables made before the clock starts:
    # the search's time is the search's (docs/performance.md, "Fixed cost").
    ENGINES[engine].prepare(position.rules)
    start = time.perf_counter()
    if schedule == NO_RESTARTS or len(position.rows) < 2:
        result = ENGINES[engine].solve(position, limits, safe_autoplay, dead_ends)
    elif schedule == RESTARTS_FIRST:
        result = _restarts_first(position, limits, engine, safe_autoplay, dead_ends, start)
    else:
        result = _interleaved(position, limits, engine, safe_autoplay, dead_ends, start)
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


def _attempt(
    position: Position,
    attempt: int,
    max_nodes: int,
    timeout: float | None,
    memory_bytes: int,
    engine: EngineName,
    safe_autoplay: bool,
    dead_ends: bool,
) -> SolveResult:
    """Restart ``attempt`` (1, 2, ...): a search of ``position`` with the rows in
    that attempt's order, within the limits given, its won line renamed for
    ``position``'s rows."""
    order = row_order(attempt, len(position.rows))
    search = ENGINES[engine].search(permuted(position, order), memory_bytes, safe_autoplay, dead_ends)
    tried = search.run(max_nodes, timeout)
    if tried.result == WON:
        tried.moves = _unpermute(position, order, tried.moves)
    return tried


def _restarts_first(
    position: Position, limits: Limits, engine: EngineName, safe_autoplay: bool, dead_ends: bool, start: float
) -> SolveResult:
    """Every attempt first, then the full search with what is left (module docstring)."""
    total_nodes = 0
    budget = limits.max_nodes
    attempts, per_attempt = restart_schedule(budget)
    # The restarts get RESTART_SHARE of every limit: of the nodes (the schedule), of
    # the time (a deadline of their own), and each attempt's table is under the memory cap.
    share = None if limits.timeout is None else dataclasses.replace(limits, timeout=limits.timeout * RESTART_SHARE)
    memory = limits.memory_mib << 20
    for attempt in range(1, attempts + 1):
        time_left = None if share is None else _time_left(share, start)
        if time_left is not None and time_left <= 0:
            break
        tried = _attempt(position, attempt, per_attempt, time_left, memory, engine, safe_autoplay, dead_ends)
        total_nodes += tried.nodes
        if tried.result != UNRESOLVED:
            tried.nodes = total_nodes
            return tried
    remaining = None if budget is None else max(1, budget - total_nodes)
    final_limits = dataclasses.replace(limits, max_nodes=remaining, timeout=_time_left(limits, start))
    result = ENGINES[engine].solve(position, final_limits, safe_autoplay, dead_ends)
    result.nodes += total_nodes
    return result


def _interleaved(
    position: Position, limits: Limits, engine: EngineName, safe_autoplay: bool, dead_ends: bool, start: float
) -> SolveResult:
    """The full search in doubling slices, the attempts between them (module docstring).

    The same limits as restarts-first: the attempts' sizes and number
    (:func:`restart_schedule`), at most RESTART_SHARE of the time for the
    attempts, all nodes within ``limits.max_nodes``; and the memory cap on
    the full search's table and an attempt's together (an attempt gets what
    the full search leaves)."""
    budget = limits.max_nodes
    attempts, per_attempt = restart_schedule(budget)
    memory = limits.memory_mib << 20
    restart_time = None if limits.timeout is None else limits.timeout * RESTART_SHARE
    full = ENGINES[engine].search(position, memory, safe_autoplay, dead_ends)
    restart_nodes, restart_seconds, attempt = 0, 0.0, 0
    best_first_seconds, best_first_over = 0.0, False
    target = max(1, int(per_attempt * FIRST_SLICE_SHARE))
    while True:
        # No attempts of either kind left: the full search goes on alone.
        cap = None if attempt == attempts and best_first_over else target
        if budget is not None:
            cap = budget - restart_nodes if cap is None else min(cap, budget - restart_nodes)
        result = full.run(cap, _time_left(limits, start))
        if result.result != UNRESOLVED or result.stopped_by != "nodes" or full.nodes + restart_nodes == budget:
            break
        while restart_nodes < RESTART_WEIGHT * full.nodes and attempt < attempts:
            nodes = per_attempt if budget is None else min(per_attempt, budget - full.nodes - restart_nodes)
            time_left = _time_left(limits, start)
            if restart_time is not None:
                time_left = min(time_left or 0.0, restart_time - restart_seconds)
            if nodes < 1 or (time_left is not None and time_left < MIN_ATTEMPT_SECONDS):
                attempt = attempts  # the attempts' share is spent
                break
            attempt += 1
            room = max(0, memory - full.table_bytes)
            began = time.perf_counter()
            tried = _attempt(position, attempt, nodes, time_left, room, engine, safe_autoplay, dead_ends)
            restart_nodes += tried.nodes
            restart_seconds += time.perf_counter() - began
            if tried.result != UNRESOLVED:
                tried.nodes = full.nodes + restart_nodes
                return tried
            if tried.stopped_by == "memory":
                attempt = attempts  # no room beside the full search's table
        if full.nodes >= BEST_FIRST_FROM:
            nodes = int(full.nodes * BEST_FIRST_SHARE)
            if budget is not None:
                nodes = min(nodes, budget - full.nodes - restart_nodes)
            time_left = _time_left(limits, start)
            if limits.timeout is not None:
                time_left = min(time_left or 0.0, limits.timeout * BEST_FIRST_TIME_SHARE - best_first_seconds)
            if nodes < 1 or (time_left is not None and time_left < MIN_ATTEMPT_SECONDS):
                best_first_over = True  # its share is spent
            else:
                began = time.perf_counter()
                found = _best_first(position, nodes, time_left, max(0, memory - full.table_bytes), engine)
                restart_nodes += found.nodes
                best_first_seconds += time.perf_counter() - began
                if found.steps:
                    return SolveResult(WON, moves_of(position, found.steps), full.nodes + restart_nodes)
                best_first_over = found.stopped_by == "memory"  # no room beside the full search's table
        target = 2 * full.nodes
    result.nodes = full.nodes + restart_nodes
    return result


def _best_first(
    position: Position, max_nodes: int, timeout: float | None, memory_bytes: int, engine: EngineName
) -> Answer:
    """A best-first attempt: weighted A* ordered by the quick bound, stopped
    at its first line. Where the depth-first searches are stuck in a lost
    subtree, a search that always takes the position nearest a win, whatever
    the order of moves, often finds one (docs/solver.md, "Restarts"). Only a
    line found counts: running out of positions proves nothing (a line
    longer than the A*'s longest may exist)."""
    limits = Limits(max_nodes=max_nodes, timeout=timeout, memory_mib=memory_bytes >> 20)
    return _shortest_search(position, None, limits, engine, BEST_FIRST_WEIGHT, 0, time.perf_counter(), first_line=True)


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
#: When the proof stops short, weighted A* with the proof's own strong bound looks for a
#: shorter line (docs/performance.md, "Bounded lines polished with the strong bound"): on
#: the deals the published survey left bounded, the line's median gap to the bound fell from
#: 10 moves to 3. Run only then: a proof that ends has found a shortest line itself.
BOUNDED_POLISH: tuple[PolishStage, ...] = (
    (130, 20_000, (0, 0.25, 0.5)),
    (120, 50_000, (0, 0.5)),
    (115, 100_000, (0,)),
)
#: Where that leaves the line more than DEEP_POLISH_GAP moves over the bound, it is stuck
#: far above it (every start's search ran out of positions), so the same searches again,
#: larger and from heavy weights (a line soon) down to light ones (a shorter line, once
#: the bound below cuts the search). On 24 deals the published lengths left 5 or more
#: moves over their bound: docs/performance.md, "Deeper polish". Its 800,000 positions are
#: worth it beside a proof of at least DEEP_POLISH_FROM (or one limited by time alone);
#: beside a smaller one, a larger proof budget is the cheaper way to a shorter line.
DEEP_POLISH: tuple[PolishStage, ...] = (
    (300, 100_000, (0,)),
    (200, 100_000, (0,)),
    (150, 200_000, (0,)),
    (130, 200_000, (0,)),
    (120, 200_000, (0,)),
)
DEEP_POLISH_GAP = 2
DEEP_POLISH_FROM = 200_000
#: DEEP_POLISH's heavy stages, run before BOUNDED_POLISH when the proof leaves the line that far above its bound.
HEAVY_STAGES = 2
#: For ``butterfly survey shortest --polish`` alone: a row still more than WIDE_POLISH_GAP moves
#: over its bound after the polishes above gets weighted A* from the start with ten times
#: DEEP_POLISH's positions at a light weight, then BOUNDED_POLISH from what that finds. The
#: resource puzzle of deal 697 with two cells: 90 moves (bound 70) to 75 in 2 minutes, where
#: heavier weights first (200, 170, 150) gave 86, 82, 82 (docs/performance.md, "Wide polish").
#: Too dear for every bounded deal of a survey; kept for the rows stuck far above their bound.
WIDE_POLISH: tuple[PolishStage, ...] = ((130, 2_000_000, (0,)),)
WIDE_POLISH_GAP = 4
#: The share of a time limit the proof leaves to :data:`BOUNDED_POLISH`.
BOUNDED_POLISH_TIME = 0.1


def polish(
    position: Position,
    line: list[Move],
    stages: tuple[PolishStage, ...],
    limits: Limits = DEFAULT_LIMITS,
    engine: EngineName = "kernel",
    start: float | None = None,
    effort: int = 0,
) -> tuple[list[Move], int, int]:
    """``line`` (a win from ``position``) made shorter by the weighted
    searches of ``stages``: (the line, positions expanded, a proved lower
    bound on the length of any win, 0 when none is known). A limit on nodes
    bounds each search; the time limit, counted from ``start``, all of them.
    ``effort``: the strong bound's, as the A* search takes it (0: the quick
    bound alone, cheap per position)."""
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
                answer = _shortest_search(path[at], len(line) - at, stage_limits, engine, weight, effort, start)
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


def deep_polish_due(length: int, lower: int, proof_nodes: int | None) -> bool:
    """Whether a line of ``length`` over the bound ``lower`` (before or after
    :data:`BOUNDED_POLISH`), beside a proof of ``proof_nodes`` positions
    (None: no such limit), gets :data:`DEEP_POLISH` (before it: its
    :data:`HEAVY_STAGES`)."""
    worth_it = proof_nodes is None or proof_nodes >= DEEP_POLISH_FROM
    return worth_it and length - lower > DEEP_POLISH_GAP


def polish_bounded(
    position: Position,
    line: list[Move],
    lower: int,
    proof_nodes: int | None,
    limits: Limits,
    engine: EngineName,
    start: float,
) -> tuple[list[Move], int, int]:
    """A line whose proof (of ``proof_nodes`` positions at most, None: no
    such limit) stopped short at the bound ``lower`` made shorter:
    :data:`BOUNDED_POLISH`, then :data:`DEEP_POLISH` where the line is still
    more than :data:`DEEP_POLISH_GAP` moves over the bound and the proof's
    budget warrants it; where the line is that far over the bound from the
    start, the deep polish's :data:`HEAVY_STAGES` come first. (The line,
    positions expanded, the bound: the proof's or a polish's start, the
    higher.)"""
    nodes = 0
    deep = DEEP_POLISH
    if deep_polish_due(len(line), lower, proof_nodes):
        # Far above the bound: the heavy stages first, which shorten such a line within
        # seconds, where the light ones would spend a time limit's last tenth finding nothing.
        line, nodes, found = polish(position, line, DEEP_POLISH[:HEAVY_STAGES], limits, engine, start, TWICE_EFFORT)
        lower, deep = max(lower, found), DEEP_POLISH[HEAVY_STAGES:]
    line, more, found = polish(position, line, BOUNDED_POLISH, limits, engine, start, TWICE_EFFORT)
    nodes, lower = nodes + more, max(lower, found)
    if deep_polish_due(len(line), lower, proof_nodes):
        line, more, found = polish(position, line, deep, limits, engine, start, TWICE_EFFORT)
        nodes, lower = nodes + more, max(lower, found)
    return line, nodes, lower


def polish_wide(
    position: Position, line: list[Move], limits: Limits, engine: EngineName, start: float
) -> tuple[list[Move], int, int]:
    """``line`` made shorter by :data:`WIDE_POLISH`, then, where that found a
    shorter one, by :data:`BOUNDED_POLISH` from it: (the line, positions
    expanded, the start's bound a weighted search proved, 0 when none)."""
    found, nodes, lower = polish(position, line, WIDE_POLISH, limits, engine, start, TWICE_EFFORT)
    if len(found) < len(line):  # a new line: the local searches may shorten it further
        found, more, bound = polish(position, found, BOUNDED_POLISH, limits, engine, start, TWICE_EFFORT)
        nodes, lower = nodes + more, max(lower, bound)
    return found, nodes, lower


def solve_short(
    position: Position, limits: Limits = DEFAULT_LIMITS, engine: EngineName = "kernel", schedule: str = INTERLEAVED
) -> SolveResult:
    """What :func:`solve` answers, a win given by a short line: the
    depth-first search's line, shortened, then polished (:data:`SHORT_LINE`).
    Short, not proved shortest (:func:`solve_shortest` proves it)."""
    start = time.perf_counter()
    result = solve(position, limits, engine, shorten=True, schedule=schedule)
    if result.result == WON:
        result.moves, nodes, _ = polish(position, result.moves, SHORT_LINE, limits, engine, start)
        result.nodes += nodes
        result.seconds = time.perf_counter() - start
    return result


def solve_shortest(
    position: Position,
    limits: Limits = DEFAULT_LIMITS,
    engine: EngineName = "kernel",
    schedule: str = INTERLEAVED,
    proof_nodes: int | None = None,
) -> SolveResult:
    """A winning line proved shortest (``optimal``), or the shortest found
    with a proved lower bound when a limit stops the proof (``bounded``);
    otherwise what :func:`solve` answers (``unwinnable``, ``unresolved``).

    :func:`solve` finds a win and shortens it; weighted A* searches
    (:data:`PROOF_POLISH`) look for shorter ones; then A*
    (butterfly.solver.patience.shortest) proves there is none shorter than the best,
    or finds it, within ``limits`` (nodes: positions each search expands;
    the time limit counts them all, the proof stopping in time to leave
    :data:`BOUNDED_POLISH_TIME` of it; memory: each one's tables). When the
    proof stops short, :func:`polish_bounded` looks for a shorter line, which
    is optimal if it meets the proof's bound. Every line is replayed through
    the rules. ``nodes`` adds them all up.
    ``proof_nodes``: positions the A* proof may expand, instead of
    ``limits.max_nodes`` (a survey's node budget: the winning line is found
    as :func:`solve` finds it, and the proof stops at a count that any run
    reproduces, where a time limit would not).
    """
    start = time.perf_counter()
    result = solve(position, limits, engine, shorten=True, schedule=schedule)
    if result.result != WON:
        return result
    best, nodes, lower = polish(position, result.moves, PROOF_POLISH, limits, engine, start)
    nodes += result.nodes
    proof_limits = limits if proof_nodes is None else dataclasses.replace(limits, max_nodes=proof_nodes)
    if limits.timeout is not None:  # (counted from the start, as every search's)
        proof_limits = dataclasses.replace(proof_limits, timeout=limits.timeout * (1 - BOUNDED_POLISH_TIME))
    proof = _shortest_search(position, len(best), proof_limits, engine, 100, TWICE_EFFORT, start)
    nodes += proof.nodes
    if proof.steps:
        best = moves_of(position, proof.steps)
    lower = max(proof.lower or 0, lower)
    if not proof.exhausted and lower < len(best):
        best, more, lower = polish_bounded(position, best, lower, proof_limits.max_nodes, limits, engine, start)
        nodes += more
    lower = min(len(best), lower)
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
    position: Position,
    upper: int | None,
    limits: Limits,
    engine: EngineName,
    weight: int,
    effort: int,
    start: float,
    first_line: bool = False,
) -> Answer:
    """One A* run for a line shorter than ``upper``, by either engine, within
    what is left of the time limit (``first_line``: stop at the first line)."""
    left = dataclasses.replace(limits, timeout=_time_left(limits, start))
    return ENGINES[engine].shortest(position, upper, left, weight, effort, first_line)
