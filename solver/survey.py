"""Solving a range of deals in a process pool, and summarising the results."""

from __future__ import annotations

import math
import multiprocessing
import statistics
from dataclasses import asdict, dataclass
from typing import Callable, Iterable, Iterator

from games.errors import InputError
from games.patience import Position, Rules
from solver.patience import solve
from solver.result import UNRESOLVED, UNWINNABLE, WON, Limits


@dataclass(frozen=True)
class DealResult:
    deal: int
    result: str
    nodes: int
    seconds: float
    moves: int


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


# Worker state: set once per process by the pool initialiser.
_job: dict = {}


def _init_worker(rules: Rules, limits: Limits, engine: str) -> None:
    _job.update(rules=rules, limits=limits, engine=engine)


def _solve_one(deal: int) -> DealResult:
    result = solve(Position.deal(deal, _job["rules"]), _job["limits"], _job["engine"])
    return DealResult(deal, result.result, result.nodes, round(result.seconds, 6), len(result.moves))


def run_survey(deals: Iterable[int], rules: Rules, limits: Limits, engine: str = "kernel",
               workers: int = 1, on_result: Callable[[DealResult], None] | None = None) -> list[DealResult]:
    """Solve every deal; results come back sorted by deal number."""
    deals = list(deals)
    results: list[DealResult] = []

    def collect(stream: Iterator[DealResult]) -> None:
        for item in stream:
            results.append(item)
            if on_result:
                on_result(item)

    if workers <= 1:
        _init_worker(rules, limits, engine)
        collect(map(_solve_one, deals))
    else:
        with multiprocessing.get_context("spawn").Pool(
            workers, initializer=_init_worker, initargs=(rules, limits, engine)
        ) as pool:
            collect(pool.imap_unordered(_solve_one, deals, chunksize=max(1, min(16, len(deals) // (8 * workers)))))
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
