"""``butterfly puzzle``: puzzles with proved answers (new, show, check,
prove); ``butterfly daily``: the puzzle of a date; ``butterfly calendar``:
the pool of puzzles and the calendar chosen from it (butterfly.puzzles.daily)."""

from __future__ import annotations

import json
import os
import sys

import click

from butterfly.cli.common import WholeNumber, write_new_files
from butterfly.cli.progress import elapsed, progress, quiet_option
from butterfly.cli.survey import scheduler_options, stopped_by_signals, workers_option
from butterfly.games.errors import InputError
from butterfly.games.files import read_text
from butterfly.puzzles.document import KINDS, Kind, Puzzle, stars
from butterfly.solver.patience.result import MAX_NODES
from butterfly.solver.survey.lengths import DEFAULT_PROOF_NODES

#: The seeds ``puzzle new`` draws from when none is given.
RANDOM_SEEDS = 1_000_000


def describe(puzzle: Puzzle, with_answer: bool = False) -> str:
    """The puzzle for a reader: ID, goal, grade, themes and the position."""
    from butterfly.puzzles.kinds import kind_of

    kind = kind_of(puzzle)
    lines = [
        f"{puzzle.id}",
        f"{puzzle.kind} ({puzzle.game}), grade {puzzle.grade} {stars(puzzle.grade)}"
        + (f", rating {puzzle.rating:.0f}" if puzzle.rating is not None else ""),
        f"goal: {puzzle.goal}",
    ]
    if puzzle.par is not None:
        lines.append(puzzle.par.words(kind.line_words))
    if puzzle.themes:
        lines.append(f"themes: {', '.join(puzzle.themes)}")
    drawn = kind.draw(puzzle)
    if drawn:
        lines += ["", drawn.rstrip("\n")]
    if with_answer:
        if puzzle.answer:
            lines.append("answer: " + "; ".join(" or ".join(c) for c in puzzle.answer))
        lines.append("solution: " + ", ".join(puzzle.solution))
        for alternative in puzzle.alternatives():
            lines.append(
                f"  {' / '.join(alternative.moves)}: {alternative.verdict} "
                f"({alternative.method}, {alternative.nodes:,} nodes)"
            )
    return "\n".join(lines)


@click.group(name="puzzle")
def puzzle() -> None:
    """Puzzles with proved answers: make one, show it, check an answer, prove it again.

    A puzzle is named by an ID such as only-move:butterfly:s=10 (kind, game,
    seed), from which it is regenerated exactly, and stored as a JSON file
    (docs/puzzles.md)."""


@puzzle.command(name="new")
@click.option("--kind", "kind", type=click.Choice(list(KINDS)), required=True, help="What kind of puzzle.")
@click.option(
    "--game",
    default="butterfly",
    show_default=True,
    help="butterfly (or a variant: butterfly/alternate-colours), papillon, mouche, pamphile.",
)
@click.option("--grade", type=WholeNumber(1, 5), default=None, help="Keep looking until a puzzle of this grade (1-5).")
@click.option("--seed", type=WholeNumber(), default=None, help="First seed tried (default: a random one).")
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the puzzle file here (never over an existing file).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the puzzle file instead of the description.")
def new(kind: Kind, game: str, grade: int | None, seed: int | None, out: str | None, as_json: bool) -> None:
    """Generate a puzzle: the first from SEED on of the kind (and grade) asked for."""
    from butterfly.puzzles.generate import find

    if out is not None and os.path.exists(out):
        raise InputError(f"{out!r} exists: choose a new file name")
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "big") % RANDOM_SEEDS
    found = find(kind, game, grade, seed)
    if out is not None:
        write_new_files([(out, found.dumps())])
    if as_json:
        click.echo(found.dumps(), nl=False)
    else:
        click.echo(describe(found))


@puzzle.command(name="show")
@click.argument("source")
@click.option("--answer", "with_answer", is_flag=True, help="Also show the answer, the solution and the proof.")
@click.option("--json", "as_json", is_flag=True, help="Print the puzzle file.")
def show(source: str, with_answer: bool, as_json: bool) -> None:
    """Show the puzzle in FILE, or the one an ID names (regenerated)."""
    from butterfly.puzzles.generate import load

    found = load(source)
    click.echo(found.dumps() if as_json else describe(found, with_answer), nl=not as_json)


@puzzle.command(name="check")
@click.argument("source")
@click.argument("answer")
def check_command(source: str, answer: str) -> None:
    """Is ANSWER right? ANSWER: a move (only-move), the steps' moves in order
    (only-moves), a card (card games), or a move list (deals, endgames,
    goals) as text, a file, or - for standard input.
    Exit 0 when right; 1 saying why not."""
    from butterfly.puzzles.generate import check, load

    found = load(source)
    text = read_text(answer) if answer == "-" or os.path.isfile(answer) else answer
    reason = check(found, text)
    if reason is None:
        click.echo(f"right: {found.id} solved{_score(found, text)}")
        return
    click.echo(f"not right: {reason}")
    sys.exit(1)


def _moves_against_par(found: Puzzle, answer: str) -> int | None:
    """The length of a right line of a puzzle with a par (None for the others)."""
    if found.par is None:
        return None
    from butterfly.games.patience.format import parse_moves

    return len(parse_moves(answer))


def _score(found: Puzzle, answer: str) -> str:
    """ ": won in 97 moves, par 82" ("done in" for a goal) for a right line of a puzzle with a par; "" otherwise."""
    from butterfly.puzzles.kinds import kind_of

    moves = _moves_against_par(found, answer)
    done = kind_of(found).done_words
    return "" if moves is None or found.par is None else f": {done} in {moves} moves, par {found.par.moves}"


@puzzle.command(name="prove")
@click.argument("source")
@quiet_option(" while the searches run")
def prove_command(source: str, quiet: bool) -> None:
    """Prove the puzzle again from its position alone: every alternative
    searched anew, every line replayed through the rules, every field of
    the file derived again and compared. Exit 0 when proved; 1 naming each
    field that does not hold. A puzzle made by other code than this is
    proved all the same, with a warning (search effort is not compared).
    A calendar's deal may take minutes."""
    from butterfly.puzzles.generate import code_note, load, prove

    found = load(source)
    note = code_note(found)
    if note is not None:
        click.echo(f"warning: {note}", err=True)
    with elapsed(f"proving {found.id}", quiet):
        problems = prove(found)
    if not problems:
        click.echo(f"proved: {found.id}")
        return
    for problem in problems:
        click.echo(f"not proved: {problem}")
    sys.exit(1)


# ------------------------------------------------------------------ daily


@click.command(name="daily")
@click.argument("day", required=False, metavar="[DATE]")
@click.option("--answer", "with_answer", is_flag=True, help="Also show the answer, the solution and the proof.")
@click.option(
    "--check",
    "attempt",
    default=None,
    metavar="ANSWER",
    help="Check your answer (as `puzzle check` takes it: a move, a card, or a move list as text, "
    "a file, or - for standard input) and print what to share.",
)
@click.option("--json", "as_json", is_flag=True, help="The day as JSON: date, number, share text, puzzle.")
def daily(day: str | None, with_answer: bool, attempt: str | None, as_json: bool) -> None:
    """The daily puzzle of DATE (YYYY-MM-DD; today's, by your local date, by default)."""
    from butterfly.puzzles.daily import long_date, parse_date, puzzle_of, share_text, today

    entry = puzzle_of(parse_date(day) if day is not None else today())
    if attempt is not None:
        from butterfly.puzzles.generate import check

        text = read_text(attempt) if attempt == "-" or os.path.isfile(attempt) else attempt
        reason = check(entry.puzzle, text)
        if reason is not None:
            click.echo(f"not right: {reason}")
            sys.exit(1)
        moves = _moves_against_par(entry.puzzle, text)
        click.echo(f"right: daily puzzle #{entry.number} solved\n\n{share_text(entry, moves)}")
        return
    if as_json:
        click.echo(json.dumps(entry.to_json(), indent=1, sort_keys=True))
        return
    click.echo(f"Daily puzzle #{entry.number}, {long_date(entry.date)}")
    click.echo(describe(entry.puzzle, with_answer))
    click.echo(f"\nshare (once solved):\n{share_text(entry)}")


@click.group(name="calendar")
def calendar() -> None:
    """The daily calendar: fill the pool of puzzles, extend the calendar from
    it, report how good its days are.

    The calendar ships with the package (butterfly/puzzles/calendar/YEAR.jsonl) and
    only ever grows: a date that has passed keeps its puzzle."""


@calendar.command(name="pool")
@click.option(
    "--db",
    "db_path",
    required=True,
    type=click.Path(dir_okay=False),
    help="The pool file (SQLite, ours alone; created if missing, resumed if not).",
)
@click.option("--kind", type=click.Choice(list(KINDS)), required=True)
@click.option("--game", default="butterfly", show_default=True)
@click.option("--seeds", "seed_range", required=True, help="Seeds A-B (both included) to try.")
@workers_option("Worker processes")
@scheduler_options
@quiet_option()
def pool_command(
    db_path: str,
    kind: Kind,
    game: str,
    seed_range: str,
    workers: int,
    scheduler: str | None,
    connect_timeout: float,
    quiet: bool,
) -> None:
    """Generate puzzles of KIND into the pool, one per seed that gives one."""
    from butterfly.puzzles.pool import fill, summary
    from butterfly.solver.survey.run import parse_range

    seeds = parse_range(seed_range, "seed")
    found = 0
    with (
        stopped_by_signals(db_path, "pool"),
        progress(len(seeds), f"{kind} {game} seeds {seed_range}", quiet, "seeds") as bar,
    ):
        for tried in fill(db_path, kind, game, seeds, workers, scheduler, connect_timeout, lambda _: bar.update(1)):
            found += tried.puzzle is not None
    click.echo(f"{found} new puzzles\n{summary(db_path)}")


@calendar.command(name="extend")
@click.option("--db", "db_path", required=True, type=click.Path(exists=True, dir_okay=False), help="The pool file.")
@click.option("--until", "until", required=True, help="The last date to give a puzzle (YYYY-MM-DD).")
@quiet_option()
def extend_command(db_path: str, until: str, quiet: bool) -> None:
    """Give every date up to UNTIL not yet in the calendar a puzzle from the
    pool (OR-Tools CP-SAT; one worker and a fixed seed: reproducible)."""
    from butterfly.puzzles.daily import extend, in_range, parse_date
    from butterfly.puzzles.pool import Pool

    last = in_range(parse_date(until))
    pool = Pool(db_path)
    try:
        puzzles = pool.puzzles()
    finally:
        pool.close()
    with progress(None, "calendar days", quiet, "days") as bar:
        added = extend(puzzles, last, progress=bar.at)
    click.echo(f"{len(added)} days added" + (f": {added[0].date} to {added[-1].date}" if added else ""))


@calendar.command(name="par")
@click.option(
    "--db",
    "db_path",
    required=True,
    type=click.Path(dir_okay=False),
    help="The survey database the shortest lines are found in and kept (butterfly survey shortest --db).",
)
@click.option(
    "--proof-nodes",
    type=WholeNumber(1, MAX_NODES),
    default=DEFAULT_PROOF_NODES,
    show_default=True,
    help="Positions the A* proof may expand per puzzle.",
)
@click.option(
    "--again",
    is_flag=True,
    help="Also search again the deals whose par is only bounded, with --proof-nodes; a par is replaced by a "
    "better one (a shorter line or a higher bound).",
)
@workers_option("Worker processes")
@quiet_option()
def par_command(db_path: str, proof_nodes: int, again: bool, workers: int, quiet: bool) -> None:
    """Give every puzzle of the calendar won by a line (deals, endgames,
    resource puzzles) its par, where it has none: the shortest line of its
    deal, found as `butterfly survey shortest` finds it (and kept in --db,
    which a published lengths file comes from), becomes the solution. With
    --again, a par only bounded is searched for again. Dates that have
    passed never change."""
    import dataclasses

    from butterfly.puzzles.daily import load_calendar, rewrite, today
    from butterfly.puzzles.kinds import line_kind_of
    from butterfly.puzzles.patience.common import LineKind
    from butterfly.solver.patience.result import BOUNDED
    from butterfly.solver.survey.db import ResultsDB
    from butterfly.solver.survey.lengths import DEFAULT_MEMORY_MIB, LengthResult, run_lengths

    ResultsDB(db_path).close()  # a file that is not a survey database is refused untouched, work or none
    days = load_calendar()
    lines: dict[str, LineKind] = {}  # the puzzles won by any winning line, by ID, with their kinds
    for d in days:
        kind = line_kind_of(d.puzzle)
        if kind is not None:
            lines[str(d.puzzle.id)] = kind
    todo = [
        d.puzzle
        for d in days
        if str(d.puzzle.id) in lines
        and (d.puzzle.par is None or (again and d.puzzle.par.proved == BOUNDED))
        and d.date >= today()
    ]  # a date that has passed keeps its puzzle as it is
    keys = {str(puzzle.id): lines[str(puzzle.id)].par_key(puzzle) for puzzle in todo}
    by_rules: dict = {}
    for key in filter(None, keys.values()):
        by_rules.setdefault(key[0], set()).add(key[1])
    rows: dict[tuple, LengthResult] = {}
    with (
        stopped_by_signals(db_path, "par search"),
        progress(sum(map(len, by_rules.values())), "shortest lines", quiet, "deals") as bar,
    ):
        for rules, deals in by_rules.items():
            for found in run_lengths(
                deals,
                rules,
                db_path,
                proof_nodes,
                DEFAULT_MEMORY_MIB,
                workers=workers,
                on_result=lambda _: bar.update(1),
            ):
                rows[rules, found.deal] = found
    upgraded = {}
    for p in todo:
        kind, row = lines[str(p.id)], rows.get(keys[str(p.id)] or ())
        upgraded[str(p.id)] = kind.with_par(p, row) if p.par is None else kind.with_better_par(p, row)
    days = [dataclasses.replace(day, puzzle=upgraded.get(str(day.puzzle.id), day.puzzle)) for day in days]
    click.echo(f"{rewrite(days)} days given a par")


@calendar.command(name="report")
@click.option(
    "--until", "until", default=None, help="The last date reported (YYYY-MM-DD; default: the calendar's end)."
)
@click.option("--json", "as_json", is_flag=True, help="Every figure as JSON, day by day too.")
def report_command(until: str | None, as_json: bool) -> None:
    """How good the calendar's puzzles are, per weekday: kinds, grades,
    choices, how often a wrong choice tempts, refutation depth, par; then
    the days with too few choices or the kind of the day before, and every
    repeat and spoiler (docs/puzzles.md)."""
    from butterfly.puzzles.daily import load_calendar, parse_date
    from butterfly.puzzles.quality import report, report_text

    days = load_calendar()
    if until is not None:
        last = parse_date(until)
        days = [day for day in days if day.date <= last]
    figures = report(days)
    click.echo(json.dumps(figures, indent=1) if as_json else report_text(figures))
