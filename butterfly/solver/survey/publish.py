"""Publish survey results: per-deal data, the winnability table, the plot.

    python -m butterfly.solver.survey.publish results.sqlite
    python -m butterfly.solver.survey.publish results.sqlite --no-plot

run from the checkout (or give its folder with ``--root``).

From a survey database (butterfly survey run ... --db results.sqlite) it writes

- butterfly/data/<rules>.csv.gz: one line per deal, saying how its verdict was
  obtained and by which code (columns: butterfly.solver.survey.published.COLUMNS;
  ``butterfly survey check`` re-derives them)
- docs/results.md: winnability per rule set with Wilson 95 % intervals
- docs/nodes-per-deal.png: nodes per deal, won against unwinnable and
  unresolved (needs matplotlib: pip install '.[plots]')

The whole range of each rule set in the database is published; rerun after
surveys grow. The published files hold everything the database held, so
`--rebuild-db results.sqlite` makes a database from butterfly/data/*.csv.gz again, for
a survey to be continued elsewhere.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import importlib.util
import io
import os
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import astuple
from pathlib import Path
from typing import NoReturn

from butterfly.games.errors import InputError
from butterfly.games.patience.rules import rules_named
from butterfly.solver.survey.db import ResultsDB, sqlite_errors
from butterfly.solver.survey.published import COLUMNS, csv_bytes, parse_row, read_published, write_files
from butterfly.solver.survey.run import wilson


def load(db_path: str) -> dict[str, list[tuple]]:
    """The rows of every rules in the database, in :data:`COLUMNS` order, each
    checked as a published file's row is read (:func:`checked_rows`). A row
    obtained under a time limit is refused: no one could re-derive it."""
    db = ResultsDB.existing(db_path)
    try:
        db.check_rows("results")
        with sqlite_errors(db_path, "read it"):
            timed = db.connection.execute("SELECT game, deal FROM results WHERE timeout IS NOT NULL LIMIT 1").fetchone()
            rows = db.connection.execute(
                f"SELECT game, {', '.join(COLUMNS)} FROM results ORDER BY game, deal"
            ).fetchall()
    finally:
        db.close()
    if timed is not None:
        raise InputError(
            f"{db_path}: {timed[0]} deal {timed[1]} was solved under a time limit, which no one could "
            "re-derive: survey it again without --timeout before publishing"
        )
    games: dict[str, list[tuple]] = {}
    for game, *rest in rows:
        games.setdefault(game, []).append(tuple(rest))
    for game, found in games.items():
        checked_rows(db_path, game, found)
    return games


def checked_rows(db_path: str, game: str, rows: list[tuple]) -> None:
    """Refuse, in one line naming the row and the column, rows a published file
    could not hold: they are checked as :func:`butterfly.solver.survey.published.read_published`
    reads them back (known rules, verdict and proof, whole numbers in range)."""
    try:
        rules_named(game)
    except InputError as error:
        raise InputError(f"survey database {db_path!r}: {error}") from None
    for row in rows:
        try:
            parse_row(["" if value is None else str(value) for value in row], COLUMNS).limits()
        except (ValueError, InputError) as error:
            raise InputError(
                f"survey database {db_path!r}: the row of {game} deal {row[0]} cannot be published: {error}"
            ) from None


def file_stem(game: str) -> str:
    return game.replace("/", "_")


def data_files(games: dict[str, list[tuple]], folder: Path) -> list[tuple[Path, bytes]]:
    """Each rules' published file in ``folder``, as (path, bytes)."""
    paths = {game: folder / f"{file_stem(game)}.csv.gz" for game in games}
    return [(paths[game], csv_bytes(paths[game], COLUMNS, rows)) for game, rows in games.items()]


def write_data(games: dict[str, list[tuple]], folder: Path) -> None:
    folder.mkdir(exist_ok=True)
    write_files(data_files(games, folder))


def budget_counts(rows: list[tuple]) -> list[tuple]:
    """(budget, deals, unresolved) for each node budget used, largest first.
    Deals a smaller budget left unresolved are searched again with a larger
    one, so the unresolved count at the largest budget is what is still open."""
    counts: dict = {}
    for row in rows:
        result, budget = row[1], row[5]
        total, open_ = counts.get(budget, (0, 0))
        counts[budget] = (total + 1, open_ + (result == "unresolved"))
    return sorted(((b, n, u) for b, (n, u) in counts.items()), key=lambda item: -(item[0] or 0))


def code_versions(codes: Iterable[str]) -> str:
    """The code versions that produced a table's rows (butterfly.solver.version), most rows first."""
    counts = collections.Counter(code or "not recorded" for code in codes)
    if len(counts) == 1:
        return next(iter(counts))
    return "; ".join(f"{code} ({n:,} deal{'' if n == 1 else 's'})" for code, n in counts.most_common())


def summary_rows(games: dict[str, list[tuple]]) -> list[str]:
    lines = [
        "| rules | deals | won | unwinnable (by the relaxation) | unresolved | winnability (Wilson 95 %) "
        "| node budget per deal | code version |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for game, rows in games.items():
        n = len(rows)
        won = sum(r[1] == "won" for r in rows)
        lost = sum(r[1] == "unwinnable" for r in rows)
        relaxed = sum(r[6] == "relaxation" for r in rows)
        unresolved = n - won - lost
        low = wilson(won, n)[0]
        high = wilson(won + unresolved, n)[1]
        first, last = rows[0][0], rows[-1][0]
        contiguous = last - first + 1 == n
        deals = f"{first}–{last}" if contiguous else f"{n} deals"
        budget = (
            "; ".join(
                (f"{b:,}" if b else "none") + (f" ({count:,} deals, {open_:,} unresolved)" if len(counts) > 1 else "")
                for b, count, open_ in counts
            )
            if (counts := budget_counts(rows))
            else ""
        )
        lines.append(
            f"| {game} | {deals} | {won:,} | {lost:,} ({relaxed:,}) | {unresolved:,} | "
            f"{100 * low:.2f} % – {100 * high:.2f} % | {budget} | {code_versions(row[-1] for row in rows)} |"
        )
    return lines


#: Below this line docs/results.md holds what other publishers write (the
#: ratings, butterfly.puzzles.rating.publish): this one keeps it as it is.
KEPT_BELOW = "<!-- sections below are written by other publishers -->"


def read_page(path: Path) -> str:
    """The text of ``path`` ("" when absent); unreadable, or not UTF-8, it is one InputError."""
    try:
        return path.read_text(encoding="utf-8") if path.exists() else ""
    except UnicodeDecodeError as error:
        raise InputError(f"cannot read {str(path)!r}: not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise InputError(f"cannot read {str(path)!r}: {error.strerror or error}") from None


def kept_part(text: str) -> str:
    """The part of a page's ``text`` from :data:`KEPT_BELOW` on ("" when absent)."""
    at = text.find(KEPT_BELOW)
    return "" if at < 0 else text[at:]


def with_section(old: str, text: str) -> str:
    """The page ``old`` with ``text``, a section starting with its ``## `` heading,
    below :data:`KEPT_BELOW`: in place of the section of the same heading, or
    after the others; every other section is kept."""
    at = old.find(KEPT_BELOW)
    head, below = (old, "") if at < 0 else (old[:at], old[at + len(KEPT_BELOW) :])
    sections = [part for part in re.split(r"\n(?=## )", below) if part.strip()]
    heading = text.split("\n", 1)[0]
    kept = [part.strip("\n") for part in sections if part.split("\n", 1)[0] != heading]
    where = next((i for i, part in enumerate(sections) if part.split("\n", 1)[0] == heading), len(kept))
    kept.insert(where, text.strip("\n"))
    return head.rstrip("\n") + "\n\n" + KEPT_BELOW + "\n\n" + "\n\n".join(kept) + "\n"


def section_file(path: Path, text: str) -> tuple[Path, bytes]:
    """``path`` (the results page) with the section ``text`` (:func:`with_section`), as (path, bytes)."""
    return path, with_section(read_page(path), text).encode()


def write_section(path: Path, text: str) -> None:
    """Put the section ``text`` in the page ``path`` (:func:`with_section`)."""
    write_files([section_file(path, text)])


def results_page(games: dict[str, list[tuple]], path: Path, db_name: str) -> tuple[Path, bytes]:
    """The results page ``path`` with this survey's part, the other publishers' kept, as (path, bytes)."""
    text = [
        "# Results: how often can Butterfly be won?",
        "",
        "Generated by `python -m butterfly.solver.survey.publish " + db_name + "` from the surveys",
        "listed in docs/performance.md. Per-deal results: `butterfly/data/<rules>.csv.gz`, each row",
        "with its engine, proof, limits and the code version that produced it (the last",
        "column below; docs/formats.md). `butterfly survey check butterfly/data/FILE`",
        "re-derives the rows with the code at hand and lists every one that differs;",
        "with `--deals A-B`, also every deal of the range the file lacks. The files",
        "are read as a stream under limits no published file nears (a row of 64 KiB,",
        "256,000,000 bytes inflated); a damaged one is one line, exit 2.",
        "",
        "A code version (butterfly/solver/version.py) digests the text of the code a verdict",
        "comes from: the solve front-end and every module, kernel and data file it",
        "imports. A change that only moves code (issue 55 made the package one import",
        "name and gave the lower bound its own kernel file) changes the version but no",
        "search: `butterfly survey check` re-derives the published rows with the moved",
        "code node for node, and each row keeps the version that produced it.",
        "",
        "Winnability is given as a Wilson 95 % interval whose lower end counts",
        "unresolved deals as lost and whose upper end counts them as won: the",
        "true share of winnable deals among all deals lies in it (at 95 %",
        "confidence) whatever the unresolved deals turn out to be.",
        "",
        *summary_rows(games),
        "",
        "![nodes per deal](nodes-per-deal.png)",
        "",
    ]
    return path, ("\n".join(text) + kept_part(read_page(path))).encode()


def write_results(games: dict[str, list[tuple]], path: Path, db_name: str) -> None:
    write_files([results_page(games, path, db_name)])


def png_bytes(figure, dpi: int) -> bytes:
    """A matplotlib figure as PNG (written with the rest of a publication, :func:`write_files`), closed."""
    import matplotlib.pyplot as plt

    data = io.BytesIO()
    figure.savefig(data, format="png", dpi=dpi)
    plt.close(figure)
    return data.getvalue()


def plot(games: dict[str, list[tuple]]) -> bytes:
    """The plot of nodes per deal, as PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(games), 1, figsize=(8, 2.6 * len(games)), squeeze=False)
    colours = {"won": "tab:green", "unwinnable": "tab:red", "unresolved": "tab:grey"}
    for ax, (game, rows) in zip(axes[:, 0], games.items()):
        for verdict, colour in colours.items():
            points = [(r[0], r[2]) for r in rows if r[1] == verdict]
            if points:
                xs, ys = zip(*points)
                ax.scatter(xs, ys, s=2, c=colour, label=f"{verdict} ({len(points):,})", alpha=0.6)
        ax.set_yscale("log")
        ax.set_title(game, fontsize=10)
        ax.set_xlabel("deal")
        ax.set_ylabel("nodes")
        ax.legend(loc="upper right", fontsize=8, markerscale=4)
    fig.tight_layout()
    return png_bytes(fig, 110)


#: The prefixes of the other publishers' files in butterfly/data/ (butterfly.puzzles.rating.publish,
#: butterfly.solver.survey.publish_lengths).
OTHER_FILES = ("ratings_", "lengths_")


def rebuild_db(db_path: str, folder: Path) -> int:
    """Fill a survey database from the published butterfly/data/*.csv.gz."""
    # butterfly/data/ also holds other publishers' files (ratings_*, lengths_*): a survey file is named after its rules.
    survey_files = [path for path in sorted(folder.glob("*.csv.gz")) if not path.name.startswith(OTHER_FILES)]
    published = [read_published(path) for path in survey_files]  # all checked first
    db = ResultsDB(db_path)
    count = 0
    try:
        for rules, rows in published:
            db.connection.executemany(
                f"INSERT OR REPLACE INTO results (game, {', '.join(COLUMNS)}) "
                f"VALUES ({', '.join('?' * (len(COLUMNS) + 1))})",
                [(rules.name, *astuple(row)) for row in rows],
            )
            db.connection.commit()
            count += len(rows)
        db.infer_stopped_by()  # the data files do not say why an unresolved deal stopped
    finally:
        db.close()
    return count


def check_plotting(no_plot: bool) -> None:
    """An InputError before anything is written when the plot is wanted and
    matplotlib, an optional dependency, is not installed."""
    if not no_plot and importlib.util.find_spec("matplotlib") is None:
        raise InputError("the plot needs matplotlib (pip install '.[plots]'), or give --no-plot")


@contextlib.contextmanager
def input_errors_exit() -> Iterator[None]:
    """A publisher's bad input: an InputError becomes one line on stderr and exit code 2."""
    try:
        yield
    except InputError as error:
        print(f"error: {error}", file=sys.stderr)
        raise SystemExit(2) from None


class Parser(argparse.ArgumentParser):
    """A publisher's command line (its docstring as help): a bad option is one
    line on stderr and exit code 2, as bad input is (argparse's own prints its
    usage first); ``--root`` names the checkout, checked by :func:`checkout`."""

    def __init__(self, doc: str | None) -> None:
        super().__init__(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)

    def error(self, message: str) -> NoReturn:
        print(f"error: {message} (see --help)", file=sys.stderr)
        raise SystemExit(2)


#: Where a checkout keeps the published files: the package's data, read at run time.
DATA_FOLDER = Path("butterfly", "data")


def root_option(parser: argparse.ArgumentParser) -> None:
    """``--root``: the checkout a publisher writes in."""
    parser.add_argument(
        "--root", type=Path, default=Path("."), help="the checkout holding butterfly/data/ and docs/ (default: here)"
    )


def checkout(root: Path) -> Path:
    """``root`` when it is a checkout of the project, which a publisher writes
    in: a directory holding butterfly/data/ and docs/. Anything else is an InputError,
    before anything is read or written."""
    if not root.is_dir():
        what = "is not a directory" if os.path.lexists(root) else "does not exist"
        raise InputError(f"--root {str(root)!r} {what}: give the checkout holding butterfly/data/ and docs/")
    for folder in (DATA_FOLDER, Path("docs")):
        if not (root / folder).is_dir():
            raise InputError(f"--root {str(root)!r} is not a checkout of butterfly: it has no {folder}/ folder")
    return root


def main() -> None:
    parser = Parser(__doc__)
    parser.add_argument("db", help="survey database (butterfly survey run --db)")
    parser.add_argument("--no-plot", action="store_true", help="skip the PNG (no matplotlib needed)")
    parser.add_argument("--rebuild-db", action="store_true", help="fill DB from butterfly/data/*.csv.gz and stop")
    root_option(parser)
    args = parser.parse_args()
    with input_errors_exit():
        check_plotting(args.no_plot or args.rebuild_db)
        publish(args)


def publish(args: argparse.Namespace) -> None:
    """Write the publication (every file checked and made first, then all written: :func:`write_files`)."""
    root = checkout(args.root)
    if args.rebuild_db:
        print(f"{rebuild_db(args.db, root / DATA_FOLDER)} results loaded into {args.db}")
        return
    games = load(args.db)
    if not games:
        raise InputError(f"no survey results in {args.db} (butterfly survey run --db)")
    files = data_files(games, root / DATA_FOLDER)
    files.append(results_page(games, root / "docs" / "results.md", Path(args.db).name))
    if not args.no_plot:
        files.append((root / "docs" / "nodes-per-deal.png", plot(games)))
    write_files(files)
    print("\n".join(summary_rows(games)))


if __name__ == "__main__":
    main()
