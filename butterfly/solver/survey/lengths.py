"""Shortest winning lines of many deals: resumable in the survey database,
on local processes or a Dask cluster (the survey's own runner,
:func:`butterfly.solver.survey.run.run_tasks`).

Each deal gets :func:`butterfly.solver.patience.solve.solve_shortest` under a node
budget for its A* proof (``proof_nodes``) and a memory cap: never a time
limit, so that any run of the same code re-derives the same row. A deal
recorded as ``bounded`` is searched again when a larger budget (or cap) is
asked for; every other answer is final. A bounded row's line may also be
polished again (``polish_lines``): this code's weighted searches
(:func:`butterfly.solver.patience.solve.polish_bounded`, and for a line still far
above its bound :func:`butterfly.solver.patience.solve.polish_wide`) from the line on
record. The
row keeps its proof's bound, which A* under the row's budget re-derives
whatever line it starts from (the line only cuts positions at or past its
length), and names the code of the polish.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Iterable
from dataclasses import astuple, dataclass, replace

from butterfly.games.errors import InputError
from butterfly.games.patience.format import parse_moves
from butterfly.games.patience.rules import Move, Position, Rules
from butterfly.solver.engines import EngineName
from butterfly.solver.patience.result import BOUNDED, OPTIMAL, UNRESOLVED, UNWINNABLE, Limits, SolveResult
from butterfly.solver.patience.solve import (
    PUBLISHED_SCHEDULE,
    WIDE_POLISH_GAP,
    polish_bounded,
    polish_wide,
    solve_shortest,
)
from butterfly.solver.survey.db import LENGTHS_COLUMNS, ResultsDB
from butterfly.solver.survey.run import MAX_SURVEY_DEALS, run_tasks
from butterfly.solver.version import code_version

#: The A* proof's default budget a deal: with the winning line and its polish, about 3 seconds
#: a deal on one core (docs/performance.md); a larger budget raises the lower bounds slowly.
DEFAULT_PROOF_NODES = 500
#: The default cap on each search's tables.
DEFAULT_MEMORY_MIB = 2048


@dataclass(frozen=True)
class LengthResult:
    """One deal's shortest line found (a row of the ``lengths`` table)."""

    deal: int
    #: optimal / bounded, or unwinnable / unresolved as :func:`butterfly.solver.patience.solve.solve` says.
    result: str
    #: The line's length (0: no line).
    length: int
    #: No line wins in fewer moves (``length`` when optimal; 0 when there is no line).
    lower: int
    #: The line, moves separated by commas (as move lists may be written).
    line: str
    nodes: int
    proof_nodes: int
    memory_mib: int
    #: For ``bounded``, the limit that stopped the proof: "nodes" or "memory"; "" otherwise.
    stopped_by: str
    seconds: float
    code: str

    @property
    def gap(self) -> int:
        """Moves between the line and the bound (0 when optimal)."""
        return self.length - self.lower


def shortest_line(
    position: Position,
    proof_nodes: int = DEFAULT_PROOF_NODES,
    memory_mib: int = DEFAULT_MEMORY_MIB,
    engine: EngineName = "kernel",
) -> SolveResult:
    """The shortest line of ``position`` as the published lengths and the
    puzzles' par find it: the winning line under the verdict survey's
    default limits, the A* proof under ``proof_nodes``. The schedule is
    the one the published lengths were found with (restarts first), so
    that every row re-derives node for node."""
    return solve_shortest(position, Limits(memory_mib=memory_mib), engine, PUBLISHED_SCHEDULE, proof_nodes=proof_nodes)


def shortest_deal(
    deal: int, rules: Rules, proof_nodes: int, memory_mib: int, engine: EngineName = "kernel"
) -> LengthResult:
    """The shortest line of one deal (the unit of work)."""
    solved = shortest_line(Position.deal(deal, rules), proof_nodes, memory_mib, engine)
    return LengthResult(
        deal,
        solved.result,
        len(solved.moves),
        solved.lower_bound or 0,
        _line_text(solved.moves),
        solved.nodes,
        proof_nodes,
        memory_mib,
        (solved.stopped_by or "") if solved.result == BOUNDED else "",
        round(solved.seconds, 6),
        code_version(),
    )


def settled(row: LengthResult, proof_nodes: int, memory_mib: int) -> bool:
    """Whether ``row`` answers a run asking for ``proof_nodes`` and ``memory_mib``.
    ``optimal`` and ``unwinnable`` are final. ``bounded`` is searched again
    when the limit that stopped it is now larger and neither limit smaller
    (the same code then expands the same positions and more: the new row is
    never weaker); ``unresolved`` (the memory cap stopped the winning line's
    search) when the cap is now larger."""
    if row.result in (OPTIMAL, UNWINNABLE):
        return True
    if row.result == UNRESOLVED:
        return row.memory_mib >= memory_mib
    if proof_nodes < row.proof_nodes or memory_mib < row.memory_mib:
        return True
    if row.stopped_by == "memory":
        return row.memory_mib >= memory_mib
    return row.proof_nodes >= proof_nodes


def polished(row: LengthResult, rules: Rules, engine: EngineName = "kernel") -> LengthResult:
    """``row`` (bounded) with a shorter line if this code's polish finds one
    from the row's own line (module docstring), else ``row`` itself. The
    bound stays the row's; the line meeting it makes the row optimal."""
    position = Position.deal(row.deal, rules)
    start = time.perf_counter()
    limits = Limits(memory_mib=row.memory_mib)
    line, nodes, lower = polish_bounded(
        position, parse_moves(row.line), row.lower, row.proof_nodes, limits, engine, start
    )
    if len(line) - lower > WIDE_POLISH_GAP:  # stuck far above its bound
        line, more, found = polish_wide(position, line, limits, engine, start)
        nodes, lower = nodes + more, max(lower, found)
    if len(line) >= row.length:
        return row
    met = lower >= len(line)
    return replace(
        row,
        result=OPTIMAL if met else BOUNDED,
        length=len(line),
        lower=min(len(line), lower),
        line=_line_text(line),
        nodes=row.nodes + nodes,
        stopped_by="" if met else row.stopped_by,
        seconds=round(row.seconds + time.perf_counter() - start, 6),
        code=code_version(),
    )


def _line_text(moves: list[Move]) -> str:
    """A row's line: the moves separated by commas (as move lists may be written)."""
    return ", ".join(str(move) for move in moves)


def _length_task(
    item: int | LengthResult, rules: Rules, proof_nodes: int, memory_mib: int, engine: EngineName
) -> LengthResult:
    """The unit of work: a deal to search, or a bounded row to polish again."""
    if isinstance(item, LengthResult):
        return polished(item, rules, engine)
    return shortest_deal(item, rules, proof_nodes, memory_mib, engine)


def run_lengths(
    deals: Iterable[int],
    rules: Rules,
    db_path: str,
    proof_nodes: int = DEFAULT_PROOF_NODES,
    memory_mib: int = DEFAULT_MEMORY_MIB,
    engine: EngineName = "kernel",
    workers: int = 1,
    scheduler: str | None = None,
    connect_timeout: float = 20.0,
    on_result: Callable[[LengthResult | None], None] | None = None,
    polish_lines: bool = False,
) -> list[LengthResult]:
    """Search every deal of ``deals`` not settled in the database, recording
    each as it finishes; answer every deal asked for (its row on record, or
    the new one), in order. ``polish_lines``: a settled row that is bounded
    gets its line polished again (:func:`polished`), recorded when shorter.
    ``on_result``: once per deal (None for those already settled and not
    polished)."""
    wanted = sorted(set(deals))
    if len(wanted) > MAX_SURVEY_DEALS:
        raise InputError(f"at most {MAX_SURVEY_DEALS:,} deals per run, not {len(wanted):,}")
    db = ResultsDB(db_path)
    try:
        span = range(wanted[0], wanted[-1] + 1) if wanted else range(0)
        known = {row.deal: row for row in read_rows(db, rules, span)}
        todo: list[int | LengthResult] = [
            deal for deal in wanted if deal not in known or not settled(known[deal], proof_nodes, memory_mib)
        ]
        searched = set(todo)
        if polish_lines:
            todo += [known[d] for d in wanted if d not in searched and known[d].result == BOUNDED]
        if on_result:
            for _ in range(len(wanted) - len(todo)):
                on_result(None)
        task = functools.partial(
            _length_task, rules=rules, proof_nodes=proof_nodes, memory_mib=memory_mib, engine=engine
        )
        running = run_tasks(todo, len(todo), task, workers, scheduler, connect_timeout)
        try:
            for result in running:
                if result != known.get(result.deal):  # (a polish that found nothing shorter: kept as it is)
                    db.record_length(rules.name, astuple(result))
                known[result.deal] = result
                if on_result:
                    on_result(result)
        finally:
            running.close()
        return [known[deal] for deal in wanted]
    finally:
        db.close()


def read_rows(db: ResultsDB, rules: Rules, deals: range | None = None) -> list[LengthResult]:
    """The ``lengths`` rows of ``rules`` on record, checked: a row no run of
    ours could have written (edited by hand, damaged) is one InputError."""
    return [checked_row(db.path, rules, values) for values in db.length_rows(rules.name, deals)]


def checked_row(source: str, rules: Rules, values: tuple) -> LengthResult:
    """``values`` (:data:`butterfly.solver.survey.db.LENGTHS_COLUMNS`) as a LengthResult, or one InputError
    naming ``source`` when they are not what a run writes (the line replays to a win of that length)."""
    fields = dict(zip(LENGTHS_COLUMNS, values, strict=True))
    deal = fields["deal"]
    try:
        row = LengthResult(**fields)
        whole = (row.deal, row.length, row.lower, row.nodes, row.proof_nodes, row.memory_mib)
        fine = (
            all(isinstance(x, int) and x >= 0 for x in whole)
            and row.result in (OPTIMAL, BOUNDED, UNWINNABLE, UNRESOLVED)
            and isinstance(row.line, str)
            and isinstance(row.seconds, int | float)
            and 0 <= row.seconds < math.inf
            and isinstance(row.code, str)
            and row.stopped_by in (("nodes", "memory", "time") if row.result == BOUNDED else ("",))
            and (row.lower == row.length if row.result == OPTIMAL else row.lower < row.length or not row.length)
            and (row.length > 0) == (row.result in (OPTIMAL, BOUNDED))
            and (row.length > 0 or (row.lower == 0 and row.line == ""))
        )
        if fine and row.length:
            moves = parse_moves(row.line)
            positions = Position.deal(row.deal, rules).replay(moves)
            fine = len(moves) == row.length and positions[-1].is_won()
    except (TypeError, ValueError):  # ParseError, IllegalMoveError (InputErrors) are ValueErrors too
        fine = False
    if not fine:
        raise InputError(f"{source!r}: the lengths row of deal {deal!r} is malformed (damaged?)")
    return row
