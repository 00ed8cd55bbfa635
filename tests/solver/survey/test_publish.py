"""Survey publishing (solver.survey.publish): the per-deal files hold
everything the database held."""

import sqlite3

from games.patience.rules import make_rules
from solver.patience.result import Limits
from solver.survey import publish
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
