"""Solving a range of deals in a process pool, and summarising the results."""

from __future__ import annotations

import contextlib
import functools
import math
import multiprocessing
import os
import queue
import signal
import socket
import statistics
import sys
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import asdict, dataclass
from itertools import islice
from typing import Any, TypeVar
from urllib.parse import urlsplit

from butterfly.games.deals import MAX_DEAL, parse_whole_number
from butterfly.games.errors import InputError, shown
from butterfly.games.patience.rules import Position, Rules
from butterfly.solver.engines import EngineName
from butterfly.solver.patience.result import UNRESOLVED, UNWINNABLE, WON, Limits, SolveResult
from butterfly.solver.patience.solve import INTERLEAVED, schedule_label, solve
from butterfly.solver.survey.db import ResultsDB
from butterfly.solver.version import code_version

#: What :func:`run_tasks` hands out: deal numbers, or any other picklable work (published rows).
Item = TypeVar("Item")


@dataclass(frozen=True)
class DealResult:
    deal: int
    result: str
    nodes: int
    seconds: float
    moves: int
    #: How an ``unwinnable`` result was proved: "search", "dead-end" or "relaxation"; "" otherwise.
    proof: str = ""
    #: The limit that stopped an ``unresolved`` search: "nodes", "time" or "memory"; "" otherwise.
    stopped_by: str = ""
    #: The engine and schedule that searched (butterfly.solver.patience.solve.schedule_label); "" when not
    #: known (older rows).
    engine: str = ""
    #: The code version that produced the result (butterfly.solver.version.code_version); "" when not known.
    code: str = ""


#: The most deals one survey run takes (ranges are streamed, but the summary holds
#: one result per deal): a larger survey runs in pieces on one --db.
MAX_SURVEY_DEALS = 1_000_000
#: The most worker processes, per CPU.
WORKERS_PER_CPU = 4


def max_workers() -> int:
    return WORKERS_PER_CPU * (os.cpu_count() or 1)


def parse_range(text: str, noun: str = "deal") -> range:
    """``"A-B"`` (both included) or a single ``"N"``: numbers of ``noun``s
    (deals, seeds; ASCII digits alone, no spaces, at most 2^63-1), at most
    :data:`MAX_SURVEY_DEALS` of them. Errors name the noun.

    >>> parse_range("0-999")
    range(0, 1000)
    >>> parse_range(" ", "seed")
    Traceback (most recent call last):
    butterfly.games.errors.InputError: bad seed range ' ': it is empty (expected A-B, e.g. 0-999)
    >>> parse_range("1 - 2")
    Traceback (most recent call last):
    butterfly.games.errors.InputError: bad deal range '1 - 2': deal number '1 ' is not a whole number
    (ASCII digits 0-9 only)
    """
    bad = f"bad {noun} range {shown(text)}"
    if not text.strip():
        raise InputError(f"{bad}: it is empty (expected A-B, e.g. 0-999)")
    parts = text.split("-")  # each part ASCII digits alone: no spaces around the numbers or the dash
    if len(parts) not in (1, 2):
        raise InputError(f"{bad} (expected A-B, e.g. 0-999)")
    try:
        first, last = (parse_whole_number(part, f"{noun} number", MAX_DEAL) for part in (parts[0], parts[-1]))
    except InputError as error:
        raise InputError(f"{bad}: {error}") from None
    if last < first:
        raise InputError(f"{bad}: need A <= B")
    if last - first + 1 > MAX_SURVEY_DEALS:
        raise InputError(
            f"{bad}: {last - first + 1:,} {noun}s, at most {MAX_SURVEY_DEALS:,} per run "
            "(run a larger range in pieces, with one --db)"
        )
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


def solve_deal(
    deal: int, rules: Rules, limits: Limits, engine: EngineName = "kernel", schedule: str = INTERLEAVED
) -> DealResult:
    """Solve one deal (the unit of work of every survey backend)."""
    return deal_result(deal, solve(Position.deal(deal, rules), limits, engine, schedule=schedule), engine, schedule)


def deal_result(deal: int, solved: SolveResult, engine: EngineName, schedule: str) -> DealResult:
    """A search's answer on a deal as a survey row."""
    return DealResult(
        deal,
        solved.result,
        solved.nodes,
        round(solved.seconds, 6),
        len(solved.moves),
        solved.proved_by or "",
        solved.stopped_by or "",
        schedule_label(engine, schedule),
        code_version(),
    )


# Worker state: set once per process by the pool initialiser.
_job: dict = {}


@contextlib.contextmanager
def _quiet_children() -> Iterator[None]:
    """Processes started inside (the pool's workers, multiprocessing's resource
    tracker) write nothing to the terminal and never act on SIGHUP (they
    inherit it blocked): a signal that reaches the whole process group while
    they start cannot make them print tracebacks, and the main process alone
    decides how the survey ends. What a worker reports goes back through the
    pool. SIGHUP stays blocked in the main process too, until the caller has
    the pool in hand (:func:`run_tasks` unblocks it, so a hang-up meanwhile ends
    the survey there, where leaving terminates the workers)."""
    sys.stderr.flush()
    saved = os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})
    try:
        os.dup2(devnull, 2)
        yield
    except BaseException:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGHUP})
        raise
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def _init_worker(task: Callable[[Any], Any]) -> None:
    # Ctrl-C, or SIGTERM to the whole process group, must not reach a worker: one
    # killed while it sends a result dies holding the pool's queue lock, and the
    # main process then hangs terminating the pool. So each worker leaves the
    # group before it takes any work (a signal earlier finds it holding no lock),
    # and the main process alone stops the survey, terminating the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.setpgid(0, 0)
    _job["task"] = task


def _solve_chunk_in_worker(deals: list) -> list:
    return [_job["task"](deal) for deal in deals]


def _chunks(deals: Iterable[Item], size: int) -> Iterator[list[Item]]:
    iterator = iter(deals)
    while chunk := list(islice(iterator, size)):
        yield chunk


def run_tasks(
    deals: Iterable[Item],
    count: int,
    task: Callable[[Item], Any],
    workers: int,
    scheduler: str | None,
    connect_timeout: float,
) -> Generator[Any, None, None]:
    """``task(deal)`` for every deal, in the order they finish: in this
    process, a local pool, or on Dask. ``task`` must pickle (a module-level
    function, or a ``functools.partial`` of one). ``count`` deals at most;
    they are taken from ``deals`` as work is handed out (a bounded window in
    flight), never all at once. The one runner of every survey: solving
    deals, and playing the rating ladder on them (butterfly.puzzles.rating.ladder_runs)."""
    workers = min(workers, count)
    if scheduler is not None:
        yield from _run_on_dask(deals, task, scheduler, connect_timeout)
    elif workers <= 1:
        for deal in deals:
            yield task(deal)
    else:
        chunk = max(1, min(16, count // (8 * workers)))
        finished: queue.SimpleQueue = queue.SimpleQueue()
        with _quiet_children():
            pool = multiprocessing.get_context("spawn").Pool(workers, initializer=_init_worker, initargs=(task,))
        with pool:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGHUP})
            chunks = _chunks(deals, chunk)
            in_flight = 0

            def hand_out() -> bool:
                nonlocal in_flight
                work = next(chunks, None)
                if work is None:
                    return False
                pool.apply_async(_solve_chunk_in_worker, (work,), callback=finished.put, error_callback=finished.put)
                in_flight += 1
                return True

            for _ in range(4 * workers):
                if not hand_out():
                    break
            while in_flight:
                try:
                    done = finished.get(timeout=0.2)  # a short wait: signals are handled in between
                except queue.Empty:
                    continue
                in_flight -= 1
                if isinstance(done, BaseException):
                    raise done
                hand_out()
                yield from done


#: How often a Dask survey with nothing finished looks at whether the cluster still has workers.
DASK_POLL_SECONDS = 0.2


def _check_reachable(scheduler: str, timeout: float) -> None:
    """Fail fast, with a clear message, when nothing listens at the scheduler's address."""
    try:
        parts = urlsplit(scheduler if "://" in scheduler else f"tcp://{scheduler}")
        scheme, host, port = parts.scheme, parts.hostname, parts.port
    except ValueError:  # an unbalanced "[", a bad port
        scheme, host, port = "", None, None
    if scheme not in ("tcp", "tls") or not host or port is None:
        raise InputError(f"bad --scheduler {shown(scheduler)} (expected tcp://host:port)")
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except (OSError, ValueError) as error:  # ValueError: a host that is no address ("[zz]")
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        raise InputError(f"cannot reach the Dask scheduler at {scheduler!r}: {reason}") from None


def _run_on_dask(deals, task, scheduler, connect_timeout) -> Iterator:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise InputError("--scheduler needs Dask: pip install 'butterfly[cluster]'") from None
    _check_reachable(scheduler, connect_timeout)
    try:
        client = Client(scheduler, timeout=f"{connect_timeout}s")
    except (OSError, TimeoutError, ValueError) as error:
        raise InputError(f"cannot reach the Dask scheduler at {scheduler!r}: {error}") from None
    with client:
        deals = iter(deals)
        window = max(64, 4 * sum(client.nthreads().values()))

        def submit(deal):
            return client.submit(task, deal, pure=False)

        running = as_completed([submit(deal) for deal in islice(deals, window)])
        seen_workers = time.monotonic()
        while not running.is_empty():
            ready = running.next_batch(block=False)
            if not ready:
                # Futures wait for ever on a cluster whose workers are all gone: give up after the connect timeout.
                if client.scheduler_info().get("workers"):
                    seen_workers = time.monotonic()
                elif time.monotonic() - seen_workers > connect_timeout:
                    raise InputError(f"the Dask cluster at {scheduler!r} has had no workers for {connect_timeout:g} s")
                time.sleep(DASK_POLL_SECONDS)
                continue
            for future in ready:
                try:
                    result = future.result()
                except Exception as error:  # a worker killed mid-deal, or lost: one line, not a traceback
                    raise InputError(f"the Dask cluster failed a deal: {type(error).__name__}: {error}") from None
                for deal in islice(deals, 1):
                    running.add(submit(deal))
                yield result


def run_survey(
    deals: Iterable[int],
    rules: Rules,
    limits: Limits,
    engine: EngineName = "kernel",
    workers: int = 1,
    on_result: Callable[[DealResult | None], None] | None = None,
    scheduler: str | None = None,
    db_path: str | None = None,
    connect_timeout: float = 20.0,
    schedule: str = INTERLEAVED,
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
    deals = deals if isinstance(deals, range) else list(deals)
    if len(deals) > MAX_SURVEY_DEALS:
        raise InputError(f"at most {MAX_SURVEY_DEALS:,} deals per survey run, not {len(deals):,}")
    todo: Iterable[int] = deals
    count = len(deals)
    db = None
    if db_path is not None:
        if not isinstance(deals, range):
            raise ValueError("a survey with a database takes a range of deals")
        db, recorded = ResultsDB(db_path), deals  # the range the database answers for
        try:
            settled = sum(
                1
                for _ in db.settled(
                    rules.name,
                    recorded,
                    limits.max_nodes,
                    retry_unresolved,
                    limits.timeout,
                    limits.memory_mib,
                    limits.relaxation,
                )
            )
        except BaseException:
            db.close()
            raise
        count -= settled
        todo = _unsettled(db, rules.name, recorded, limits, retry_unresolved)
        if on_result:
            for _ in range(settled):
                on_result(None)
    results: list[DealResult] = []
    task = functools.partial(solve_deal, rules=rules, limits=limits, engine=engine, schedule=schedule)
    solved = run_tasks(todo, count, task, workers, scheduler, connect_timeout)
    try:
        for item in solved:
            if db is not None:
                db.record(rules.name, item, limits.max_nodes, limits.timeout, limits.memory_mib, limits.relaxation)
            results.append(item)
            if on_result:
                on_result(item)
        if db is not None:
            results = [DealResult(*row) for row in db.results(rules.name, recorded)]
    finally:
        solved.close()  # a pool still running is terminated now, whatever stopped the survey
        if db is not None:
            db.close()
    results.sort(key=lambda r: r.deal)
    return results


def _unsettled(db: ResultsDB, game: str, deals: range, limits: Limits, retry_unresolved: bool) -> Iterator[int]:
    """The deals of the range not settled in ``db``, streamed (a merge with the settled ones, in order)."""
    settled = db.settled(
        game, deals, limits.max_nodes, retry_unresolved, limits.timeout, limits.memory_mib, limits.relaxation
    )
    skip = next(settled, None)
    for deal in deals:
        if deal == skip:
            skip = next(settled, None)
        else:
            yield deal


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
    """The per-deal rows of ``--json`` (without ``stopped_by``, which the database keeps)."""
    return [{k: v for k, v in asdict(r).items() if k != "stopped_by"} for r in results]
