"""Solving a range of deals in a process pool, and summarising the results."""

from __future__ import annotations

import math
import multiprocessing
import statistics
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass

from games.errors import InputError
from games.patience.rules import Position, Rules
from solver.patience.result import UNRESOLVED, UNWINNABLE, WON, Limits
from solver.patience.solve import solve
from solver.survey.db import ResultsDB


@dataclass(frozen=True)
class DealResult:
    deal: int
    result: str
    nodes: int
    seconds: float
    moves: int
    #: How an ``unwinnable`` result was proved: "search" or "relaxation"; "" otherwise.
    proof: str = ""


def parse_range(text: str) -> range:
    """``"A-B"`` (both included) or a single ``"N"``.

    >>> parse_range("0-999")
    range(0, 1000)
    """
    parts = text.strip().split("-")
    try:
        if len(parts) == 1:
            first = last = int(parts[0])
        elif len(parts) == 2:
            first, last = int(parts[0]), int(parts[1])
        else:
            raise ValueError
    except ValueError:
        raise InputError(f"bad deal range {text!r} (expected A-B, e.g. 0-999)") from None
    if first < 0 or last < first or last >= 2**63:
        raise InputError(f"bad deal range {text!r}: need 0 <= A <= B < 2^63")
    return range(first, last + 1)


def wilson(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval for a proportion (95 % by default).

    >>> [round(x, 4) for x in wilson(141, 200)]
    [0.6384, 0.7639]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def solve_deal(deal: int, rules: Rules, limits: Limits, engine: str = "kernel", restarts: bool = True) -> DealResult:
    """Solve one deal (the unit of work of every survey backend)."""
    result = solve(Position.deal(deal, rules), limits, engine, restarts=restarts)
    return DealResult(
        deal, result.result, result.nodes, round(result.seconds, 6), len(result.moves), result.proved_by or ""
    )


# Worker state: set once per process by the pool initialiser.
_job: dict = {}


def _init_worker(rules: Rules, limits: Limits, engine: str, restarts: bool) -> None:
    _job.update(rules=rules, limits=limits, engine=engine, restarts=restarts)


def _solve_in_worker(deal: int) -> DealResult:
    return solve_deal(deal, _job["rules"], _job["limits"], _job["engine"], _job["restarts"])


def _solved(
    deals: list[int],
    rules: Rules,
    limits: Limits,
    engine: str,
    restarts: bool,
    workers: int,
    scheduler: str | None,
    connect_timeout: float,
) -> Iterator[DealResult]:
    """Results in the order they finish: one process, a local pool, or Dask."""
    if scheduler is not None:
        yield from _solved_on_dask(deals, rules, limits, engine, restarts, scheduler, connect_timeout)
    elif workers <= 1 or len(deals) <= 1:
        for deal in deals:
            yield solve_deal(deal, rules, limits, engine, restarts)
    else:
        with multiprocessing.get_context("spawn").Pool(
            workers, initializer=_init_worker, initargs=(rules, limits, engine, restarts)
        ) as pool:
            chunk = max(1, min(16, len(deals) // (8 * workers)))
            yield from pool.imap_unordered(_solve_in_worker, deals, chunksize=chunk)


def _solved_on_dask(deals, rules, limits, engine, restarts, scheduler, connect_timeout) -> Iterator[DealResult]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise InputError("--scheduler needs Dask: pip install 'butterfly[cluster]'") from None
    try:
        client = Client(scheduler, timeout=f"{connect_timeout}s")
    except (OSError, TimeoutError, ValueError) as error:
        raise InputError(f"cannot reach the Dask scheduler at {scheduler!r}: {error}") from None
    with client:
        futures = client.map(
            solve_deal, deals, rules=rules, limits=limits, engine=engine, restarts=restarts, pure=False
        )
        for future in as_completed(futures):
            yield future.result()


def run_survey(
    deals: Iterable[int],
    rules: Rules,
    limits: Limits,
    engine: str = "kernel",
    workers: int = 1,
    on_result: Callable[[DealResult | None], None] | None = None,
    scheduler: str | None = None,
    db_path: str | None = None,
    connect_timeout: float = 20.0,
    restarts: bool = True,
    retry_unresolved: bool = False,
) -> list[DealResult]:
    """Solve every deal; results come back sorted by deal number.

    With ``db_path``, each result is recorded as it finishes, deals already
    settled there are not solved again (``retry_unresolved``: searches the
    unresolved ones again whatever their budget), and the answer covers the whole range
    from the database. ``on_result`` is called once per deal of the range:
    with None for each deal already settled (first), then with each result
    as it arrives (for a progress bar).
    """
    todo = list(deals)
    db = None
    if db_path is not None:
        if not isinstance(deals, range):
            raise ValueError("a survey with a database takes a range of deals")
        db, recorded = ResultsDB(db_path), deals  # the range the database answers for
        settled = db.settled(rules.name, recorded, limits.max_nodes, retry_unresolved)
        todo = [d for d in recorded if d not in settled]
        if on_result:
            for _ in settled:
                on_result(None)
    results: list[DealResult] = []
    try:
        for item in _solved(todo, rules, limits, engine, restarts, workers, scheduler, connect_timeout):
            if db is not None:
                db.record(rules.name, item, limits.max_nodes)
            results.append(item)
            if on_result:
                on_result(item)
        if db is not None:
            results = [DealResult(*row) for row in db.results(rules.name, recorded)]
    finally:
        if db is not None:
            db.close()
    results.sort(key=lambda r: r.deal)
    return results


def summarise(results: list[DealResult]) -> dict:
    """Counts, winnability with Wilson 95 % bounds (unresolved counted as lost
    for the lower bound and as won for the upper), and seconds/nodes stats."""
    n = len(results)
    won = sum(r.result == WON for r in results)
    lost = sum(r.result == UNWINNABLE for r in results)
    unresolved = sum(r.result == UNRESOLVED for r in results)
    seconds = [r.seconds for r in results] or [0.0]
    nodes = [r.nodes for r in results] or [0]
    return {
        "deals": n,
        "won": won,
        "unwinnable": lost,
        "unresolved": unresolved,
        "winnability_low": wilson(won, n)[0],
        "winnability_high": wilson(won + unresolved, n)[1],
        "median_seconds": statistics.median(seconds),
        "mean_seconds": statistics.fmean(seconds),
        "median_nodes": statistics.median(nodes),
        "mean_nodes": statistics.fmean(nodes),
    }


def result_rows(results: list[DealResult]) -> list[dict]:
    return [asdict(r) for r in results]
