"""The ladder on a range of deals (butterfly.puzzles.rating.ladder_runs): recorded in the survey
database as each deal finishes, resumed without playing a deal twice, and
a damaged row refused in one line."""

from __future__ import annotations

import sqlite3

import pytest

from butterfly.games.errors import InputError
from butterfly.games.patience.rules import make_rules
from butterfly.puzzles.rating.ladder_runs import ladder_deal, run_ladder
from butterfly.solver.survey.db import SCHEMA_VERSION, ResultsDB

RULES = make_rules("butterfly")


def test_a_range_is_recorded_and_resumed(tmp_path):
    path = str(tmp_path / "ratings.sqlite")
    calls = []
    first = run_ladder(range(124, 128), RULES, path, on_result=calls.append)
    assert [r.deal for r in first] == [124, 125, 126, 127]
    assert {r.verdict for r in first} >= {"won", "unwinnable"}  # 126 is lost
    assert all(bool(r.games) == (r.verdict == "won") for r in first)
    alone = ladder_deal(124, RULES)
    assert (alone.verdict, alone.games, alone.code) == (first[0].verdict, first[0].games, first[0].code)
    calls.clear()
    again = run_ladder(range(124, 129), RULES, path, on_result=calls.append)
    assert calls[:4] == [None] * 4 and calls[4].deal == 128  # only the new deal is played
    assert [r.games for r in again[:4]] == [r.games for r in first]


def test_the_games_do_not_depend_on_the_worker_count(tmp_path):
    one = run_ladder(range(10, 14), RULES, str(tmp_path / "a.sqlite"), workers=1)
    two = run_ladder(range(10, 14), RULES, str(tmp_path / "b.sqlite"), workers=2)
    assert [(r.deal, r.verdict, r.games, r.code) for r in one] == [(r.deal, r.verdict, r.games, r.code) for r in two]


@pytest.mark.parametrize(
    "games",
    ["not json", '{"greedy": "102"}', '["1"]', "{}"],
)
def test_a_damaged_ladder_row_is_one_error(tmp_path, games):
    path = str(tmp_path / "ratings.sqlite")
    db = ResultsDB(path)
    db.record_ladder(RULES.name, 5, "won", games, 0.1, "x")
    db.close()
    with pytest.raises(InputError, match="ladder row of deal 5 is malformed"):
        run_ladder(range(5, 6), RULES, path)


def test_a_version_2_database_gains_the_ladder_table_and_keeps_its_results(tmp_path):
    path = tmp_path / "old.sqlite"
    db = ResultsDB(str(path))
    db.close()
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE ladder")
        for column in ("engine", "relaxation", "code"):  # added by version 4
            connection.execute(f"ALTER TABLE results DROP COLUMN {column}")
        connection.execute(
            "INSERT INTO results (game, deal, result, nodes, seconds, moves) VALUES ('butterfly', 1, 'won', 5, 0.1, 60)"
        )
        connection.execute("PRAGMA user_version = 2")
    run_ladder(range(1, 2), RULES, str(path))
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert connection.execute("SELECT count(*) FROM results").fetchone()[0] == 1
        assert connection.execute("SELECT count(*) FROM ladder").fetchone()[0] == 1


def test_each_section_replaces_itself_and_keeps_the_others(tmp_path):
    from butterfly.solver.survey.publish import KEPT_BELOW, write_section

    page = tmp_path / "results.md"
    page.write_text("# Results\n\nsurveys\n")
    write_section(page, "## Difficulty ratings\n\nfirst\n")
    write_section(page, "## Shortest winning lines\n\nlengths\n")
    write_section(page, "## Difficulty ratings\n\nsecond\n")
    text = page.read_text()
    assert text.startswith("# Results\n\nsurveys\n") and text.count(KEPT_BELOW) == 1
    assert "first" not in text and text.index("second") < text.index("lengths")
    assert text.endswith("## Shortest winning lines\n\nlengths\n")
