"""Publish the shortest winning lines of a survey (butterfly survey shortest).

    python -m butterfly.solver.survey.publish_lengths results.sqlite
    python -m butterfly.solver.survey.publish_lengths results.sqlite --no-plot

run from the checkout (or give its folder with ``--root``). From the
``lengths`` table it writes

- butterfly/data/lengths_<rules>.csv.gz: one line per deal (columns:
  butterfly.solver.survey.db.LENGTHS_COLUMNS): optimal or bounded, the line and its
  length, the proved lower bound, the limits and the code version;
- the "Shortest winning lines" section of docs/results.md;
- docs/lengths.png: the lengths and their bounds (needs matplotlib).

Every row is checked before anything is written: its line replays through
the rules engine to a win of its length.
"""

from __future__ import annotations

import functools
import statistics
from collections.abc import Iterator
from pathlib import Path

from butterfly.games.errors import InputError
from butterfly.games.patience.rules import Position, Rules, rules_named
from butterfly.solver.patience.result import BOUNDED, OPTIMAL
from butterfly.solver.survey.db import LENGTHS_COLUMNS, ResultsDB, sqlite_errors
from butterfly.solver.survey.lengths import LengthResult, checked_row, read_rows
from butterfly.solver.survey.publish import (
    DATA_FOLDER,
    Parser,
    check_plotting,
    checkout,
    code_versions,
    file_stem,
    input_errors_exit,
    png_bytes,
    root_option,
    section_file,
)
from butterfly.solver.survey.published import DATA, csv_bytes, read_csv, write_files

SECTION = "## Shortest winning lines"


def load(db_path: str) -> dict[str, list[LengthResult]]:
    """Every rules' rows in the database, checked (a value of the wrong type is named by its row and column)."""
    db = ResultsDB.existing(db_path)
    try:
        db.check_rows("lengths")
        with sqlite_errors(db_path, "read it"):
            games = [game for (game,) in db.connection.execute("SELECT DISTINCT game FROM lengths ORDER BY game")]
        found = {}
        for game in games:
            try:
                rules = rules_named(game)
            except InputError as error:
                raise InputError(f"survey database {db_path!r}: the lengths table: {error}") from None
            found[game] = read_rows(db, rules)
        return found
    finally:
        db.close()


def file_bytes(rows: list[LengthResult], path: Path) -> bytes:
    """The published file ``path`` of ``rows``."""
    return csv_bytes(path, LENGTHS_COLUMNS, ([getattr(row, column) for column in LENGTHS_COLUMNS] for row in rows))


def write_file(rows: list[LengthResult], path: Path) -> None:
    write_files([(path, file_bytes(rows, path))])


def read_file(path: Path, game: str) -> list[LengthResult]:
    """The rows of a published lengths file, each checked (its line replayed)."""
    rules = rules_named(game)
    return [checked_row(str(path), rules, values) for values in _values(path)]


def _values(path: Path) -> Iterator[tuple]:
    """The typed fields of each row of the lengths file ``path`` (not yet checked: :func:`checked_row`)."""
    records = read_csv(path)
    if tuple(next(records, (1, []))[1]) != LENGTHS_COLUMNS:
        raise InputError(f"{path}: line 1: not a lengths header (expected {','.join(LENGTHS_COLUMNS)})")
    for number, fields in records:
        try:
            yield tuple(_typed(column, field) for column, field in zip(LENGTHS_COLUMNS, fields, strict=True))
        except ValueError:
            raise InputError(f"{path}: line {number}: not a lengths row") from None


def published_par(position: Position, deal: int | None = None) -> int | None:
    """The par of ``position`` when it is a published deal whose shortest
    line was proved (an ``optimal`` row of butterfly/data/lengths_<rules>.csv.gz, its
    line replayed); None otherwise. ``deal``: its number, if known (else,
    or when it is not that deal, the published deals are dealt once to find it)."""
    rows = _published_rows(position.rules)
    if deal is None or deal not in rows or Position.deal(deal, position.rules) != position:
        deal = _published_deals(position.rules).get(position)
    if deal is None:
        return None
    row = checked_row(str(_lengths_file(position.rules)), position.rules, rows[deal])
    return row.length if row.result == OPTIMAL else None


def _lengths_file(rules: Rules) -> Path:
    return DATA / f"lengths_{file_stem(rules.name)}.csv.gz"


@functools.cache
def _published_rows(rules: Rules) -> dict[object, tuple]:
    """The published lengths rows of ``rules`` by deal, as typed fields (each checked when used)."""
    path = _lengths_file(rules)
    return {values[0]: values for values in _values(path)} if path.is_file() else {}


@functools.cache
def _published_deals(rules: Rules) -> dict[Position, int]:
    """The published deals whose par was proved, by their start position."""
    return {
        Position.deal(deal, rules): deal
        for deal, values in _published_rows(rules).items()
        if isinstance(deal, int) and values[1] == OPTIMAL
    }


def _typed(column: str, field: str) -> object:
    if column == "seconds":
        return float(field)
    if column in ("result", "line", "stopped_by", "code"):
        return field
    return int(field) if field.isascii() and field.isdigit() else field


def _median(values: list[int]) -> str:
    return f"{statistics.median(values):g}" if values else "–"


def section(games: dict[str, list[LengthResult]], db_name: str) -> str:
    lines = [
        SECTION,
        "",
        f"Generated by `python -m butterfly.solver.survey.publish_lengths {db_name}` from `butterfly survey shortest`",
        "(docs/solver.md, 'Shortest lines'). Per deal, `butterfly/data/lengths_<rules>.csv.gz`: the shortest",
        "line found (it replays through the rules), `optimal` when A* proved that no line is",
        "shorter, otherwise `bounded` with the lower bound A* proved before its budget of",
        "positions ran out; the budget, memory cap and code version of each row. A move is one",
        "card moved.",
        "",
        "| rules | deals | optimal | bounded | line: median (range) | lower bound: median | gap: median (largest) "
        "| proof budget (positions) | code version |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for game, rows in games.items():
        won = [r for r in rows if r.result in (OPTIMAL, BOUNDED)]
        optimal = sum(r.result == OPTIMAL for r in won)
        lengths = [r.length for r in won]
        gaps = [r.gap for r in won]
        first, last = rows[0].deal, rows[-1].deal
        deals = f"{first}–{last}" if last - first + 1 == len(rows) else f"{len(rows):,} deals"
        budgets = ", ".join(f"{b:,}" for b in sorted({r.proof_nodes for r in rows}))
        spread = f"{min(lengths)}–{max(lengths)}" if lengths else "–"
        lines.append(
            f"| {game} | {deals} | {optimal:,} | {len(won) - optimal:,} | {_median(lengths)} ({spread}) | "
            f"{_median([r.lower for r in won])} | {_median(gaps)} ({max(gaps, default=0)}) | {budgets} | "
            f"{code_versions(r.code for r in rows)} |"
        )
    lines += [
        "",
        "Deals neither optimal nor bounded are unwinnable (or unresolved), as the survey above says.",
        "A count of deals instead of a range: the deals the daily calendar uses under those rules",
        "(its resource puzzles), searched for the puzzles' par, and those of the calendar it was",
        "chosen again from (before launch), kept as they were published.",
        "",
        "![shortest winning lines](lengths.png)",
    ]
    return "\n".join(lines) + "\n"


def plot(games: dict[str, list[LengthResult]]) -> bytes:
    """The lengths and their bounds, as PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(games), 2, figsize=(10, 3.2 * len(games)), squeeze=False)
    for (counts, gaps), (game, rows) in zip(axes, games.items()):
        won = [r for r in rows if r.result in (OPTIMAL, BOUNDED)]
        lengths, lowers = [r.length for r in won], [r.lower for r in won]
        bins = range(min(lowers, default=0), max(lengths, default=1) + 2)
        counts.hist([lowers, lengths], bins=bins, label=["proved lower bound", "shortest line found"], alpha=0.8)
        optimal = [r.length for r in won if r.result == OPTIMAL]
        if optimal:
            counts.hist(optimal, bins=bins, label="proved optimal", color="tab:green")
        counts.set_title(f"{game}: moves to win ({len(won):,} won deals)", fontsize=10)
        counts.set_xlabel("moves")
        counts.set_ylabel("deals")
        counts.legend(fontsize=8)
        gap_values = [r.gap for r in won]
        gaps.hist(gap_values, bins=range(max(gap_values, default=0) + 2), color="tab:orange")
        gaps.set_title(f"{game}: line minus lower bound (0: optimal)", fontsize=10)
        gaps.set_xlabel("moves")
    fig.tight_layout()
    return png_bytes(fig, 100)


def main() -> None:
    parser = Parser(__doc__)
    parser.add_argument("db", help="survey database (butterfly survey shortest --db)")
    parser.add_argument("--no-plot", action="store_true", help="skip the PNG (no matplotlib needed)")
    root_option(parser)
    args = parser.parse_args()
    with input_errors_exit():
        check_plotting(args.no_plot)
        root = checkout(args.root)
        games = load(args.db)
        if not games:
            raise InputError(f"no shortest lines in {args.db} (butterfly survey shortest --db)")
        files = []
        for game, rows in games.items():
            path = root / DATA_FOLDER / f"lengths_{file_stem(game)}.csv.gz"
            files.append((path, file_bytes(rows, path)))
        text = section(games, Path(args.db).name)
        files.append(section_file(root / "docs" / "results.md", text))
        if not args.no_plot:
            files.append((root / "docs" / "lengths.png", plot(games)))
        write_files(files)
    print(text)


if __name__ == "__main__":
    main()
