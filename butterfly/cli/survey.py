"""``butterfly survey``: solve a range of deals, on local processes or a Dask
cluster, optionally recording each deal in a database as it finishes."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import statistics
from collections.abc import Callable, Iterator
from dataclasses import asdict

import click

from butterfly.cli.common import Seconds, WholeNumber
from butterfly.cli.patience import game_options, limit_options, limits_of
from butterfly.cli.progress import progress, quiet_option
from butterfly.games.patience.rules import make_rules
from butterfly.solver.patience.result import BOUNDED, MAX_NODES, OPTIMAL
from butterfly.solver.survey.lengths import DEFAULT_MEMORY_MIB as DEFAULT_LENGTHS_MEMORY
from butterfly.solver.survey.lengths import DEFAULT_PROOF_NODES, run_lengths
from butterfly.solver.survey.run import (
    MAX_SURVEY_DEALS,
    WORKERS_PER_CPU,
    max_workers,
    parse_range,
    result_rows,
    run_survey,
    summarise,
)


class Stopped(click.ClickException):
    """A run stopped by a signal: one line, and exit 128 + the signal's
    number (an exit code is a class attribute of click's exceptions: one
    subclass a signal, :func:`stopped`)."""

    def __init__(self, signum: int, db_path: str | None, what: str) -> None:
        name = signal.Signals(signum).name
        kept = f"; what was finished is kept in {db_path!r}, rerun to resume" if db_path else ""
        super().__init__(f"{what} stopped by {name}{kept}")


class _StoppedByInterrupt(Stopped):
    exit_code = 128 + signal.SIGINT


class _StoppedByTerminate(Stopped):
    exit_code = 128 + signal.SIGTERM


class _StoppedByHangUp(Stopped):
    exit_code = 128 + signal.SIGHUP


_STOPPED = {signal.SIGINT: _StoppedByInterrupt, signal.SIGTERM: _StoppedByTerminate, signal.SIGHUP: _StoppedByHangUp}


def stopped(signum: int, db_path: str | None, what: str = "survey") -> Stopped:
    """The exception that ends a run stopped by ``signum``; ``what`` names the
    run in its message ("survey", "rating", ...)."""
    return _STOPPED[signal.Signals(signum)](signum, db_path, what)


class _Terminated(BaseException):
    """SIGTERM or SIGHUP, raised in the main process where it lands (as SIGINT raises KeyboardInterrupt)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def stopped_by_signals(db_path: str | None, what: str = "survey") -> Iterator[None]:
    """SIGINT and SIGTERM end the run (a survey, or ``what``) cleanly: the
    exception unwinds through the pool (its workers are terminated) and the
    database (each finished deal is committed; the one being written is rolled
    back), then one line naming ``what`` stopped."""

    def terminate(signum, frame):
        raise _Terminated(signum)

    previous = {signum: signal.signal(signum, terminate) for signum in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    except KeyboardInterrupt:
        raise stopped(signal.SIGINT, db_path, what) from None
    except _Terminated as stop:
        raise stopped(stop.signum, db_path, what) from None
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def workers_option(what: str) -> Callable:
    """--workers: how many processes run a range of deals (survey, rate)."""
    return click.option(
        "--workers",
        type=WholeNumber(1, max_workers()),
        default=os.cpu_count() or 1,
        show_default=True,
        help=f"{what} (at most {WORKERS_PER_CPU} per CPU; never more than deals).",
    )


def scheduler_options(command: Callable) -> Callable:
    """--scheduler and --connect-timeout: a range run on a Dask cluster (survey, rate)."""
    command = click.option(
        "--connect-timeout",
        type=Seconds(600),
        default=10.0,
        show_default=True,
        help="With --scheduler: seconds to wait for the scheduler to answer.",
    )(command)
    return click.option(
        "--scheduler",
        default=None,
        help="Address of a Dask scheduler (tcp://host:port) to run on instead of local processes.",
    )(command)


@click.command()
@click.option("--deals", "deal_range", default=None, help="Deal numbers A-B (both included).")
@game_options
@limit_options
@workers_option("Worker processes")
@click.option(
    "--db",
    "db_path",
    default=None,
    help="SQLite file recording each deal as it finishes; a rerun skips the deals already settled.",
)
@click.option(
    "--retry-unresolved",
    is_flag=True,
    help="With --db: search the deals recorded as unresolved again, whatever their budget "
    "(after the solver has improved).",
)
@scheduler_options
@click.option(
    "--check-published",
    "published",
    default=None,
    metavar="FILE",
    help="Re-derive the rows of a published data/<rules>.csv.gz under their own limits and report "
    "every one that differs (exit 1 if any); rules and limits come from the file. With --deals: "
    "only those rows, and the deals the file lacks are listed (exit 1); with --db: the new rows are recorded there.",
)
@click.option(
    "--sample",
    type=WholeNumber(1, MAX_SURVEY_DEALS),
    default=None,
    help="With --check-published: this many rows, picked at random (the same ones every time).",
)
@click.option(
    "--shortest",
    is_flag=True,
    help="Find each deal's shortest winning line instead (recorded in --db, which it needs): optimal, or "
    "bounded with a proved lower bound when --proof-nodes runs out. --deals may then list ranges: 0-999,1234.",
)
@click.option(
    "--proof-nodes",
    type=WholeNumber(1, MAX_NODES),
    default=None,
    help=f"With --shortest: positions the A* proof may expand per deal (default {DEFAULT_PROOF_NODES:,}); "
    "a bounded deal is searched again with a larger budget.",
)
@click.option(
    "--polish",
    "polish_lines",
    is_flag=True,
    help="With --shortest: also look again for shorter lines of the deals on record as bounded, from their "
    "lines (the weighted searches a proof that stops short runs); a row keeps its bound and gets the shorter line.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary and per-deal results as JSON.")
@quiet_option()
@click.pass_context
def survey(
    ctx,
    deal_range,
    game,
    variant,
    cells,
    max_nodes,
    timeout,
    memory,
    engine,
    schedule,
    relax,
    workers,
    db_path,
    retry_unresolved,
    scheduler,
    connect_timeout,
    published,
    sample,
    shortest,
    proof_nodes,
    polish_lines,
    as_json,
    quiet,
):
    """Solve a range of deals and report how many are won; or check published results; or find
    the deals' shortest winning lines (--shortest)."""
    if shortest:
        not_here = [f"--{name.replace('_', '-')}" for name in NOT_WITH_SHORTEST if _given(ctx, name)]
        if not_here:
            raise click.UsageError(f"--shortest does not take {not_here[0]} (its rows must be re-derivable)")
        if deal_range is None:
            raise click.UsageError("Missing option '--deals'.")
        if db_path is None:
            raise click.UsageError("--shortest records its lines in a database: give --db FILE")
        _shortest(ctx.params, _given(ctx, "memory"))
        return
    if proof_nodes is not None or polish_lines:
        raise click.UsageError(f"{'--proof-nodes' if proof_nodes is not None else '--polish'} goes with --shortest")
    if published is not None:
        given = [f"--{name.replace('_', '-')}" for name in FROM_THE_FILE if _given(ctx, name)]
        if given:
            raise click.UsageError(f"--check-published takes the rules and limits from the file, not {given[0]}")
        _check(published, deal_range, sample, workers, db_path, scheduler, connect_timeout, as_json, quiet)
        return
    if sample is not None:
        raise click.UsageError("--sample goes with --check-published")
    if deal_range is None:
        raise click.UsageError("Missing option '--deals'.")
    deals = parse_range(deal_range)
    rules = make_rules(game or "butterfly", variant, cells)
    limits = limits_of(max_nodes, timeout, memory, relax)
    with stopped_by_signals(db_path), progress(len(deals), f"{rules.name} {deal_range}", quiet, "deals") as bar:
        results = run_survey(
            deals,
            rules,
            limits,
            engine,
            workers,
            on_result=lambda _: bar.update(1),
            scheduler=scheduler,
            db_path=db_path,
            connect_timeout=connect_timeout,
            schedule=schedule,
            retry_unresolved=retry_unresolved,
        )
    summary = summarise(results)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "game": rules.name,
                    "range": deal_range,
                    "max_nodes": max_nodes,
                    **summary,
                    "results": result_rows(results),
                }
            )
        )
        return
    click.echo(
        f"{rules.name}, deals {deals.start}-{deals.stop - 1} ({summary['deals']} deals), max {max_nodes} nodes per deal"
    )
    click.echo(f"won {summary['won']}, unwinnable {summary['unwinnable']}, unresolved {summary['unresolved']}")
    click.echo(
        f"winnability: {100 * summary['winnability_low']:.2f}% to {100 * summary['winnability_high']:.2f}% "
        "(Wilson 95 %, unresolved counted as lost / as won)"
    )
    click.echo(f"seconds per deal: median {summary['median_seconds']:.4f}, mean {summary['mean_seconds']:.4f}")
    click.echo(f"nodes per deal: median {summary['median_nodes']:.0f}, mean {summary['mean_nodes']:.0f}")


#: Options a shortest-line survey refuses: a time limit (no one could re-derive the row), and
#: what only the verdict survey does.
NOT_WITH_SHORTEST = ("timeout", "schedule", "relax", "retry_unresolved", "published", "sample", "max_nodes")


def _shortest(options: dict, memory_given: bool) -> None:
    """``--shortest``, with the command's options."""
    deal_range, workers, db_path = options["deal_range"], options["workers"], options["db_path"]
    proof_nodes, as_json = options["proof_nodes"], options["as_json"]
    deals = sorted({deal for part in deal_range.split(",") for deal in parse_range(part)})
    rules = make_rules(options["game"] or "butterfly", options["variant"], options["cells"])
    budget = DEFAULT_PROOF_NODES if proof_nodes is None else proof_nodes
    memory_mib = options["memory"] if memory_given else DEFAULT_LENGTHS_MEMORY
    with (
        stopped_by_signals(db_path),
        progress(len(deals), f"{rules.name} {deal_range} shortest", options["quiet"], "deals") as bar,
    ):
        rows = run_lengths(
            deals,
            rules,
            db_path,
            budget,
            memory_mib,
            options["engine"],
            min(workers, len(deals)),
            options["scheduler"],
            options["connect_timeout"],
            on_result=lambda _: bar.update(1),
            polish_lines=options["polish_lines"],
        )
    won = [r for r in rows if r.result in (OPTIMAL, BOUNDED)]
    optimal = sum(r.result == OPTIMAL for r in won)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "game": rules.name,
                    "deals": deal_range,
                    "proof_nodes": budget,
                    "memory_mib": memory_mib,
                    "rows": [asdict(r) for r in rows],
                }
            )
        )
        return
    how_many = f"{len(rows):,} deal{'' if len(rows) == 1 else 's'}"
    click.echo(f"{rules.name}, {how_many}, A* proof budget {budget:,} positions, {memory_mib} MiB")
    click.echo(
        f"won {len(won):,}: optimal {optimal:,}, bounded {len(won) - optimal:,}; "
        f"not won {len(rows) - len(won):,} (unwinnable or unresolved)"
    )
    if won:
        lengths = sorted(r.length for r in won)
        gaps = sorted(r.gap for r in won)
        click.echo(
            f"shortest line found: median {statistics.median(lengths):g} moves ({lengths[0]}-{lengths[-1]}); "
            f"gap to the lower bound: median {statistics.median(gaps):g}, largest {gaps[-1]}"
        )


#: The options a check takes from the published file instead.
FROM_THE_FILE = (
    "game",
    "variant",
    "cells",
    "max_nodes",
    "timeout",
    "memory",
    "engine",
    "schedule",
    "relax",
    "retry_unresolved",
)


def _given(ctx: click.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source != click.core.ParameterSource.DEFAULT


#: The runs of missing deals --check-published lists (the rest are counted; --json lists all).
SHOWN_RUNS = 20


def _check(path, deal_range, count, workers, db_path, scheduler, connect_timeout, as_json, quiet) -> None:
    """``--check-published``: re-derive published rows; exit 1 when any differs
    or, with --deals, when the file lacks a deal of the range."""
    from pathlib import Path

    from butterfly.games.errors import InputError
    from butterfly.solver.survey.db import ResultsDB
    from butterfly.solver.survey.published import check_published, describe, missing, read_published, sample
    from butterfly.solver.version import code_version

    rules, rows = read_published(Path(path))
    deals = parse_range(deal_range) if deal_range else None
    chosen = sample(rows, count, deals)
    if not chosen:
        raise InputError(f"{path} has no rows in deals {deal_range}")
    # A deal of the range asked for that the file lacks fails the check as a row that differs does.
    lacking = missing(rows, deals) if deals is not None else []
    codes = sorted({row.code or "not recorded" for row in chosen})
    db = ResultsDB(db_path) if db_path is not None else None
    differing = []
    try:
        with stopped_by_signals(db_path), progress(len(chosen), f"checking {path}", quiet, "rows") as bar:
            for done in check_published(rules, chosen, min(workers, len(chosen)), scheduler, connect_timeout):
                if db is not None:
                    limits = done.row.limits()
                    db.record(rules.name, done.result, limits.max_nodes, None, limits.memory_mib, limits.relaxation)
                if done.differences:
                    differing.append(done)
                bar.update(1)
    finally:
        if db is not None:
            db.close()
    differing.sort(key=lambda d: d.row.deal)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "file": path,
                    "rules": rules.name,
                    "rows": len(rows),
                    "checked": len(chosen),
                    "published_by": codes,
                    "checked_by": code_version(),
                    "differ": [
                        {
                            "deal": d.row.deal,
                            "published": describe(d.row),
                            "now": describe(d.result),
                            "differences": list(d.differences),
                        }
                        for d in differing
                    ],
                    "missing": [[run[0], run[-1]] for run in lacking],
                }
            )
        )
    else:
        click.echo(
            f"{path} ({rules.name}): {len(chosen):,} of {len(rows):,} rows re-derived; "
            f"published by {', '.join(codes)}, checked by {code_version()}"
        )
        for d in differing:
            click.echo(
                f"deal {d.row.deal}: published {describe(d.row)}; now {describe(d.result)} ({'; '.join(d.differences)})"
            )
        if lacking:
            runs = [f"{run[0]}" if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in lacking]
            more = f" and {len(runs) - SHOWN_RUNS:,} more runs" if len(runs) > SHOWN_RUNS else ""
            click.echo(f"deals the file lacks: {', '.join(runs[:SHOWN_RUNS])}{more}")
        failed = [f"{len(differing):,} row(s) differ"] if differing else []
        failed += [f"{sum(map(len, lacking)):,} deal(s) missing"] if lacking else []
        click.echo("; ".join(failed) or "every row holds")
    if differing or lacking:
        raise SystemExit(1)
