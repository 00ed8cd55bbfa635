"""``butterfly survey``: many deals at once, on local processes or a Dask
cluster, each recorded in a database as it finishes. Three subcommands, each
with only the options that mean something for it: ``run`` (a range of deals
solved and counted), ``check`` (published data files re-derived) and
``shortest`` (the deals' shortest winning lines). The old spellings, mode
flags on ``survey`` itself, are read as the subcommands for one more release
(:class:`SurveyGroup`)."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import signal
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict
from typing import Any, TypeVar

import click

from butterfly.cli.common import Seconds, WholeNumber
from butterfly.cli.patience import game_options, limit_options, limits_of
from butterfly.cli.progress import progress, quiet_option
from butterfly.games.errors import InputError
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

Command = TypeVar("Command", bound=Callable)


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


def options(*decorators: Callable[[Command], Command]) -> Callable[[Command], Command]:
    """Several option decorators as one, listed in ``--help`` in the order given."""

    def apply(command: Command) -> Command:
        for decorator in reversed(decorators):
            command = decorator(command)
        return command

    return apply


def some_of(decorator: Callable[[Callable], Callable], *names: str, **defaults: object) -> Callable[[Command], Command]:
    """The options ``names`` and those of ``defaults`` out of ``decorator``, which
    declares several (:func:`~butterfly.cli.patience.limit_options`), each of
    ``defaults`` with that default instead: an option is declared once, where
    the other commands take it from too.

    >>> command = some_of(limit_options, "engine", memory=5)(lambda: None)
    >>> [(p.name, p.default) for p in reversed(command.__click_params__)]  # as --help lists them
    [('memory', 5), ('engine', 'kernel')]
    """

    wanted = (*names, *defaults)
    made: Any = decorator(lambda: None)  # click keeps a command's options in __click_params__ until it is made
    declared: list[click.Parameter] = [p for p in made.__click_params__ if p.name in wanted]

    def apply(command: Command) -> Command:
        target: Any = command
        if not hasattr(target, "__click_params__"):
            target.__click_params__ = []
        for option in declared:
            option = copy.copy(option)
            if option.name in defaults:
                option.default = defaults[option.name]
            target.__click_params__.append(option)
        return command

    return apply


def deals_option(help: str, metavar: str = "A-B", required: bool = True) -> Callable[[Command], Command]:
    """--deals: which deals (each subcommand says how they are written, and what they are for)."""
    return click.option("--deals", "deal_range", required=required, metavar=metavar, help=help)


def shared_options(db: str, as_json: str, db_required: bool = False) -> Callable[[Command], Command]:
    """What every survey subcommand takes: --workers, --db (``db``: what it
    records), --scheduler, --connect-timeout, --json (``as_json``: what it
    prints) and --quiet."""
    return options(
        workers_option("Worker processes"),
        click.option("--db", "db_path", required=db_required, metavar="FILE", help=db),
        scheduler_options,
        click.option("--json", "as_json", is_flag=True, help=as_json),
        quiet_option(),
    )


#: What each old spelling is now: the line it prints on stderr.
OLD_FORMS = {
    "run": "butterfly survey --deals ...: now 'butterfly survey run --deals ...'",
    "check": "butterfly survey --check-published FILE ...: now 'butterfly survey check FILE ...'",
    "shortest": "butterfly survey --shortest ...: now 'butterfly survey shortest ...'",
}


class SurveyGroup(click.Group):
    """``survey``'s subcommands; and, for one more release, the old spellings
    (``survey`` with options and no subcommand) read as the subcommand they
    now are, with one line on stderr saying so (:data:`OLD_FORMS`)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0].startswith("-") and args[0] not in ctx.help_option_names:
            name, args = self.new_form(args)
            if not ctx.resilient_parsing:
                click.echo(f"{OLD_FORMS[name]} (the old form goes in the next release)", err=True)
        return super().parse_args(ctx, args)

    def new_form(self, args: Sequence[str]) -> tuple[str, list[str]]:
        """An old spelling's subcommand, and its arguments for it.

        >>> survey.new_form(["--deals", "0-9", "--db", "--shortest"])
        ('run', ['run', '--deals', '0-9', '--db', '--shortest'])
        >>> survey.new_form(["--db", "r.sqlite", "--shortest", "--deals", "7"])
        ('shortest', ['shortest', '--db', 'r.sqlite', '--deals', '7'])
        >>> survey.new_form(["--check-published", "a.csv.gz", "--sample", "9"])
        ('check', ['check', '--sample', '9', '--', 'a.csv.gz'])
        >>> survey.new_form(["--check-published=a.csv.gz"])
        ('check', ['check', '--', 'a.csv.gz'])
        """
        # The options that take a value, so that a value is never read as an option.
        valued = {
            opt
            for command in self.commands.values()
            for param in command.params
            if isinstance(param, click.Option) and not param.is_flag
            for opt in param.opts
        }
        valued.add("--check-published")
        parts: list[list[str]] = []  # each option with its value
        i = 0
        while i < len(args):
            if args[i] == "--":
                parts.append(list(args[i:]))
                break
            size = 2 if args[i] in valued else 1
            parts.append(list(args[i : i + size]))
            i += size
        if ["--shortest"] in parts:
            return "shortest", ["shortest", *(arg for part in parts if part != ["--shortest"] for arg in part)]
        published = [part for part in parts if part[0].partition("=")[0] == "--check-published"]
        if not published:
            return "run", ["run", *args]
        files = [
            part[0].partition("=")[2] if "=" in part[0] else part[-1]
            for part in published
            if len(part) == 2 or "=" in part[0]
        ]
        rest = [arg for part in parts if part not in published for arg in part]
        return "check", ["check", *rest, *(["--", *files] if files else [])]


@click.group(cls=SurveyGroup)
def survey():
    """Solve many deals, check published results, find shortest lines.

    Each subcommand's --help lists its options. The old spellings
    ('butterfly survey --deals A-B ...', '--check-published FILE ...',
    '--shortest ...') still work until the next release, saying what they
    now are.
    """


@survey.command(name="run")
@deals_option("Deal numbers A-B (both included).")
@game_options
@limit_options
@click.option(
    "--retry-unresolved",
    is_flag=True,
    help="With --db: search the deals recorded as unresolved again, whatever their budget "
    "(after the solver has improved).",
)
@shared_options(
    db="SQLite file recording each deal as it finishes; a rerun skips the deals already settled.",
    as_json="Print the summary and per-deal results as JSON.",
)
def run_command(
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
    retry_unresolved,
    workers,
    db_path,
    scheduler,
    connect_timeout,
    as_json,
    quiet,
):
    """Solve a range of deals and count the wins (resumable with --db).

    The deals won, proved unwinnable and unresolved, the winnability as a
    Wilson 95 % interval, and what a deal cost; with --db each deal is
    recorded as it finishes, and a rerun skips the deals already settled.
    """
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


@survey.command(name="shortest")
@deals_option("Deal numbers: ranges A-B and single deals, comma-separated (0-999,1234).", "LIST")
@game_options
@click.option(
    "--proof-nodes",
    type=WholeNumber(1, MAX_NODES),
    default=DEFAULT_PROOF_NODES,
    show_default=True,
    help="Positions the A* proof may expand per deal; a deal on record as bounded is searched again "
    "with a larger budget.",
)
@some_of(limit_options, "engine", memory=DEFAULT_LENGTHS_MEMORY)
@click.option(
    "--polish",
    "polish_lines",
    is_flag=True,
    help="Also look again for shorter lines of the deals on record as bounded, from their lines (the "
    "weighted searches a proof that stops short runs); a row keeps its bound and gets the shorter line.",
)
@shared_options(
    db="SQLite file recording each deal's line as it finishes; a rerun resumes.",
    as_json="Print the rows as JSON.",
    db_required=True,
)
def shortest_command(
    deal_range,
    game,
    variant,
    cells,
    proof_nodes,
    memory,
    engine,
    polish_lines,
    workers,
    db_path,
    scheduler,
    connect_timeout,
    as_json,
    quiet,
):
    """Find each deal's shortest winning line: proved, or bounded.

    Each line is optimal (A* proved that no line is shorter) or bounded (the
    shortest found, with the lower bound proved when --proof-nodes ran out).
    No time limit: anyone can derive a row again (docs/solver.md, 'Shortest
    lines'). Each deal is recorded in --db as it finishes; a rerun resumes.
    """
    deals = sorted({deal for part in deal_range.split(",") for deal in parse_range(part)})
    rules = make_rules(game or "butterfly", variant, cells)
    with (
        stopped_by_signals(db_path),
        progress(len(deals), f"{rules.name} {deal_range} shortest", quiet, "deals") as bar,
    ):
        rows = run_lengths(
            deals,
            rules,
            db_path,
            proof_nodes,
            memory,
            engine,
            min(workers, len(deals)),
            scheduler,
            connect_timeout,
            on_result=lambda _: bar.update(1),
            polish_lines=polish_lines,
        )
    won = [r for r in rows if r.result in (OPTIMAL, BOUNDED)]
    optimal = sum(r.result == OPTIMAL for r in won)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "game": rules.name,
                    "deals": deal_range,
                    "proof_nodes": proof_nodes,
                    "memory_mib": memory,
                    "rows": [asdict(r) for r in rows],
                }
            )
        )
        return
    how_many = f"{len(rows):,} deal{'' if len(rows) == 1 else 's'}"
    click.echo(f"{rules.name}, {how_many}, A* proof budget {proof_nodes:,} positions, {memory} MiB")
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


#: The runs of missing deals a check lists (the rest are counted; --json lists all).
SHOWN_RUNS = 20


@survey.command(name="check")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@deals_option("Only the rows of deals A-B; the deals of the range a file lacks are listed (exit 1).", required=False)
@click.option(
    "--sample",
    type=WholeNumber(1, MAX_SURVEY_DEALS),
    default=None,
    help="This many rows of each FILE, picked at random (the same ones every time).",
)
@shared_options(
    db="SQLite file recording the rows derived again.",
    as_json="Print each FILE's report as JSON, one line each.",
)
def check_command(files, deal_range, sample, workers, db_path, scheduler, connect_timeout, as_json, quiet):
    """Derive published results again and list every row that differs.

    Each FILE is a published butterfly/data/<rules>.csv.gz; its rows are derived again
    under their own rules and limits, read from the file. Exit 1 when a row
    differs or, with --deals, when a FILE lacks a deal of the range.
    """
    from pathlib import Path

    from butterfly.solver.survey.db import ResultsDB
    from butterfly.solver.survey.published import read_published
    from butterfly.solver.survey.published import sample as sample_of

    deals = parse_range(deal_range) if deal_range is not None else None
    # Every file read before any is checked: a bad one is found at once.
    read = []
    for path in files:
        rules, rows = read_published(Path(path))
        chosen = sample_of(rows, sample, deals)
        if not chosen:
            raise InputError(f"{path} has no rows in deals {deal_range}")
        read.append((path, rules, rows, chosen))
    db = ResultsDB(db_path) if db_path is not None else None
    failed = False
    try:
        with stopped_by_signals(db_path):
            for path, rules, rows, chosen in read:
                failed |= _check(
                    path, rules, rows, chosen, deals, db, workers, scheduler, connect_timeout, as_json, quiet
                )
    finally:
        if db is not None:
            db.close()
    if failed:
        raise SystemExit(1)


def _check(path, rules, rows, chosen, deals, db, workers, scheduler, connect_timeout, as_json, quiet) -> bool:
    """Derive the rows ``chosen`` of the file ``path`` again and print the
    report; whether it fails (a row differs, or the file lacks a deal of ``deals``)."""
    from butterfly.solver.survey.published import check_published, describe, missing
    from butterfly.solver.version import code_version

    # A deal of the range asked for that the file lacks fails the check as a row that differs does.
    lacking = missing(rows, deals) if deals is not None else []
    codes = sorted({row.code or "not recorded" for row in chosen})
    differing = []
    with progress(len(chosen), f"checking {path}", quiet, "rows") as bar:
        for done in check_published(rules, chosen, min(workers, len(chosen)), scheduler, connect_timeout):
            if db is not None:
                limits = done.row.limits()
                db.record(rules.name, done.result, limits.max_nodes, None, limits.memory_mib, limits.relaxation)
            if done.differences:
                differing.append(done)
            bar.update(1)
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
    return bool(differing or lacking)
