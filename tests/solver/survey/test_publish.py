"""Survey publishing (solver.survey.publish): the per-deal files hold
everything the database held; every publisher refuses a database it cannot
publish in one line."""

import sqlite3
import sys

import pytest

from games.patience.rules import make_rules
from puzzles.rating import publish as rating_publish
from solver.patience.result import Limits
from solver.survey import publish, publish_lengths
from solver.survey.db import ResultsDB
from solver.survey.run import run_survey


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
    (tmp_path / "data").mkdir()
    (tmp_path / "docs").mkdir()
    monkeypatch.setattr(sys, "argv", ["publish", str(db), "--no-plot", "--root", str(tmp_path)])
    with pytest.raises(SystemExit) as stopped:
        module.main()
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and error.count("\n") == 1 and "Traceback" not in error
    assert (db.read_bytes() if db.exists() else None) == before  # neither made nor touched
    assert not any((tmp_path / "data").iterdir()) and not any((tmp_path / "docs").iterdir())
