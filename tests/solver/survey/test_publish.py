"""Survey publishing (butterfly.solver.survey.publish): the per-deal files hold
everything the database held; every publisher refuses a database it cannot
publish in one line."""

import sqlite3
import sys

import pytest

from butterfly.games.patience.rules import make_rules
from butterfly.puzzles.rating import publish as rating_publish
from butterfly.solver.patience.result import Limits
from butterfly.solver.survey import publish, publish_lengths
from butterfly.solver.survey.db import ResultsDB
from butterfly.solver.survey.run import run_survey


def test_data_files_rebuild_the_database(tmp_path):
    db = str(tmp_path / "a.sqlite")
    for variant in (None, "alternate-colours"):
        run_survey(range(8), make_rules("butterfly", variant, 1), Limits(max_nodes=3000), db_path=db)
    games = publish.load(db)
    assert set(games) == {"butterfly/basement-1", "butterfly/alternate-colours/basement-1"}
    publish.write_data(games, tmp_path / "data")
    again = str(tmp_path / "b.sqlite")
    assert publish.rebuild_db(again, tmp_path / "data") == 16
    assert publish.load(again) == games
    lines = publish.summary_rows(games)
    assert len(lines) == 4 and "butterfly/basement-1" in "".join(lines)
    with sqlite3.connect(again) as connection:
        assert connection.execute("SELECT COUNT(DISTINCT game) FROM results").fetchone() == (2,)


def test_the_results_page_keeps_the_sections_other_publishers_write(tmp_path):
    db = str(tmp_path / "a.sqlite")
    run_survey(range(4), make_rules("butterfly"), Limits(max_nodes=3000), db_path=db)
    page = tmp_path / "results.md"
    publish.write_results(publish.load(db), page, "a.sqlite")
    ratings = f"{publish.KEPT_BELOW}\n\n## Difficulty ratings\n\nkept\n"
    page.write_text(page.read_text() + ratings)
    publish.write_results(publish.load(db), page, "a.sqlite")
    text = page.read_text()
    assert text.endswith(ratings) and text.count(publish.KEPT_BELOW) == 1
    assert text.startswith("# Results: how often can Butterfly be won?")


@pytest.mark.parametrize("module", [publish, publish_lengths, rating_publish])
@pytest.mark.parametrize("kind", ["missing", "empty", "not SQLite", "another program's", "no rows"])
def test_a_publisher_given_no_survey_says_so_in_one_line_and_writes_nothing(
    module, kind, tmp_path, monkeypatch, capsys
):
    db = tmp_path / "given.sqlite"
    if kind == "empty":
        db.touch()
    elif kind == "not SQLite":
        db.write_text("hello\n")
    elif kind == "another program's":
        with sqlite3.connect(db) as connection:
            connection.execute("CREATE TABLE notes (text TEXT)")
    elif kind == "no rows":
        ResultsDB(str(db)).close()
    before = db.read_bytes() if db.exists() else None
    (tmp_path / "butterfly" / "data").mkdir(parents=True)
    (tmp_path / "docs").mkdir()
    monkeypatch.setattr(sys, "argv", ["publish", str(db), "--no-plot", "--root", str(tmp_path)])
    with pytest.raises(SystemExit) as stopped:
        module.main()
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and error.count("\n") == 1 and "Traceback" not in error
    assert (db.read_bytes() if db.exists() else None) == before  # neither made nor touched
    assert not any((tmp_path / "butterfly" / "data").iterdir()) and not any((tmp_path / "docs").iterdir())


@pytest.fixture(scope="module")
def every_table(tmp_path_factory):
    """A survey database with rows in each table a publisher reads: results, ladder, lengths."""
    from butterfly.puzzles.rating.ladder_runs import run_ladder
    from butterfly.solver.survey.lengths import run_lengths

    db = str(tmp_path_factory.mktemp("db") / "all.sqlite")
    rules = make_rules("butterfly")
    run_survey(range(4), rules, Limits(max_nodes=3000), db_path=db)
    run_ladder(range(2), rules, db)
    run_lengths([1], rules, db, proof_nodes=50)
    return db


def tree(root):
    """Every file under ``root`` with its bytes (what a publisher must leave alone)."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def published(module, argv, monkeypatch, capsys):
    """Run a publisher; its exit code and standard error."""
    monkeypatch.setattr(sys, "argv", ["publish", *argv])
    try:
        module.main()
    except SystemExit as stopped:
        return stopped.code, capsys.readouterr().err
    return 0, capsys.readouterr().err


def one_line(code, error, *fragments):
    assert code == 2 and error.startswith("error: ") and error.count("\n") == 1, error
    for fragment in fragments:
        assert fragment in error, error


@pytest.mark.parametrize("module", [publish, publish_lengths, rating_publish])
@pytest.mark.parametrize("kind", ["missing", "a file", "no docs/", "no butterfly/data/"])
def test_a_root_that_is_not_a_checkout_is_refused_before_anything_is_written(
    module, kind, every_table, tmp_path, monkeypatch, capsys
):
    root = tmp_path / "root"
    if kind == "a file":
        root.write_text("not a checkout\n")
    elif kind != "missing":
        root.mkdir()
        (root / ("butterfly/data" if kind == "no docs/" else "docs")).mkdir(parents=True)
    before = tree(tmp_path), set(tmp_path.rglob("*"))
    code, error = published(module, [every_table, "--no-plot", "--root", str(root)], monkeypatch, capsys)
    one_line(code, error, "--root", str(root))
    assert (tree(tmp_path), set(tmp_path.rglob("*"))) == before  # no folder made, no file written


@pytest.mark.parametrize(
    ("module", "table", "change", "fragments"),
    [
        (publish, "results", "nodes = 'abc'", ["deal 1", "nodes", "'abc'"]),
        (publish, "results", "deal = x'01'", ["row 2", "deal", "binary data"]),
        (publish, "results", "moves = -3", ["deal 1", "moves", "-3"]),
        (publish, "results", "engine = 'warp'", ["deal 1", "engine", "'warp'"]),
        (publish, "results", "game = 'chess'", ["'chess'"]),
        (publish_lengths, "lengths", "nodes = 'abc'", ["deal 1", "nodes", "'abc'"]),
        (publish_lengths, "lengths", "deal = x'01'", ["row 1", "deal", "binary data"]),
        (publish_lengths, "lengths", "deal = -1", ["row 1", "deal", "-1"]),
        (rating_publish, "ladder", "deal = x'01'", ["row 2", "deal", "binary data"]),
        (rating_publish, "ladder", "seconds = 'abc'", ["deal 1", "seconds", "'abc'"]),
        (publish, "results", "code = CAST(x'ff' AS TEXT)", ["code", "not UTF-8"]),
    ],
)
def test_a_value_the_table_cannot_hold_is_named_by_its_row_and_column_and_nothing_is_written(
    module, table, change, fragments, every_table, tmp_path, monkeypatch, capsys
):
    db = tmp_path / "damaged.sqlite"
    with sqlite3.connect(every_table) as source, sqlite3.connect(db) as target:
        source.backup(target)
    with sqlite3.connect(db) as connection:
        connection.execute(f"UPDATE {table} SET {change} WHERE deal = 1")
    for folder in ("butterfly/data", "docs"):
        (tmp_path / folder).mkdir(parents=True)
    code, error = published(module, [str(db), "--no-plot", "--root", str(tmp_path)], monkeypatch, capsys)
    one_line(code, error, str(db), *fragments)
    assert not any((tmp_path / "butterfly" / "data").iterdir()) and not any((tmp_path / "docs").iterdir())


@pytest.mark.parametrize("module", [publish, publish_lengths, rating_publish])
@pytest.mark.parametrize("argv", [["--bogus"], [], ["a.sqlite", "b.sqlite"]])
def test_a_bad_option_is_one_line(module, argv, monkeypatch, capsys):
    code, error = published(module, argv, monkeypatch, capsys)
    one_line(code, error, "--help")
    assert "usage" not in error


@pytest.mark.parametrize("module", [publish, publish_lengths, rating_publish])
def test_a_file_that_cannot_be_written_leaves_every_file_as_it_was(module, every_table, tmp_path, monkeypatch, capsys):
    import errno

    from butterfly.solver.survey import published as published_module

    for folder in ("butterfly/data", "docs"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "docs" / "results.md").write_text("# Results\n\nkept as it was\n")
    before = tree(tmp_path)
    real_fdopen = published_module.os.fdopen
    opened = []

    class FullDisk:
        def __init__(self, handle):
            self.file = real_fdopen(handle, "wb")

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.file.close()

        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")

    def fdopen(handle, mode):  # the first file is written, the second finds the disk full
        opened.append(handle)
        return real_fdopen(handle, mode) if len(opened) == 1 else FullDisk(handle)

    monkeypatch.setattr(published_module.os, "fdopen", fdopen)
    code, error = published(module, [every_table, "--no-plot", "--root", str(tmp_path)], monkeypatch, capsys)
    one_line(code, error, "No space left on device", str(tmp_path / "docs" / "results.md"))
    assert len(opened) == 2 and tree(tmp_path) == before  # no file changed, no temporary file left


@pytest.mark.parametrize("module", [publish, publish_lengths, rating_publish])
def test_a_results_page_that_is_not_utf8_is_one_line(module, every_table, tmp_path, monkeypatch, capsys):
    for folder in ("butterfly/data", "docs"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "docs" / "results.md").write_bytes(b"# Results \xff\n")
    before = tree(tmp_path)
    code, error = published(module, [every_table, "--no-plot", "--root", str(tmp_path)], monkeypatch, capsys)
    one_line(code, error, "results.md", "not UTF-8")
    assert tree(tmp_path) == before


@pytest.mark.parametrize("module", [publish, publish_lengths, rating_publish])
def test_a_publisher_writes_its_files_in_the_checkout(module, every_table, tmp_path, monkeypatch, capsys):
    for folder in ("butterfly/data", "docs"):
        (tmp_path / folder).mkdir(parents=True)
    code, _ = published(module, [every_table, "--no-plot", "--root", str(tmp_path)], monkeypatch, capsys)
    assert code == 0
    written = sorted(tree(tmp_path))
    assert "docs/results.md" in written and len([w for w in written if w.startswith("butterfly/data/")]) == 1
    assert not [w for w in written if w.endswith(".tmp")]
