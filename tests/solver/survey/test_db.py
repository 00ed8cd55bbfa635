"""The survey database (butterfly.solver.survey.db): our files only, migrated when old,
every fault one line with nothing altered; resuming re-searches deals a
looser limit may now settle."""

from __future__ import annotations

import os
import sqlite3

import pytest

from butterfly.games.errors import InputError
from butterfly.games.patience.rules import make_rules
from butterfly.solver.patience.result import Limits
from butterfly.solver.patience.solve import NO_RESTARTS
from butterfly.solver.survey import db as survey_db
from butterfly.solver.survey.db import APPLICATION_ID, SCHEMA_VERSION, ResultsDB
from butterfly.solver.survey.run import DealResult, run_survey
from butterfly.solver.version import code_version

RULES = make_rules("butterfly")
LIMITS = Limits(max_nodes=20_000)

OLD_SCHEMA = """CREATE TABLE results (
    game TEXT NOT NULL, deal INTEGER NOT NULL, result TEXT NOT NULL, nodes INTEGER NOT NULL,
    seconds REAL NOT NULL, moves INTEGER NOT NULL, max_nodes INTEGER, {proof}
    PRIMARY KEY (game, deal))"""


def snapshot(path) -> tuple:
    """Everything a refusal must leave as it was: the bytes, the times, the journal files."""
    stat = os.stat(path)
    siblings = sorted(p.name for p in path.parent.iterdir())
    return path.read_bytes(), stat.st_mtime_ns, stat.st_size, siblings


def stamp(path) -> tuple[int, int]:
    with sqlite3.connect(path) as connection:
        return (
            connection.execute("PRAGMA application_id").fetchone()[0],
            connection.execute("PRAGMA user_version").fetchone()[0],
        )


def rows(path, columns="deal, result, stopped_by"):
    with sqlite3.connect(path) as connection:
        return connection.execute(f"SELECT {columns} FROM results ORDER BY deal").fetchall()


def foreign_database(path, columns="game TEXT, deal INTEGER, result TEXT, score REAL"):
    with sqlite3.connect(path) as connection:
        connection.execute(f"CREATE TABLE results ({columns})")
        if "score" in columns:
            connection.execute("INSERT INTO results (game, deal, result) VALUES ('chess', 1, 'draw')")
    return path


def test_a_new_database_is_stamped_as_ours(tmp_path):
    path = tmp_path / "r.sqlite"
    run_survey(range(3), RULES, LIMITS, db_path=str(path))
    assert stamp(path) == (APPLICATION_ID, SCHEMA_VERSION)
    assert len(rows(path)) == 3


@pytest.mark.parametrize(
    "columns",
    [
        "game TEXT, deal INTEGER, result TEXT, score REAL",  # another program's results table
        # our old table's columns, in another program's file (another table beside it)
        "game TEXT NOT NULL, deal INTEGER NOT NULL, result TEXT NOT NULL, nodes INTEGER NOT NULL, "
        "seconds REAL NOT NULL, moves INTEGER NOT NULL, max_nodes INTEGER, proof TEXT NOT NULL DEFAULT ''",
    ],
)
def test_another_programs_database_is_refused_untouched(tmp_path, columns):
    path = foreign_database(tmp_path / "other.sqlite", columns)
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE players (name TEXT)")
    before = snapshot(path)
    with pytest.raises(InputError, match="not a butterfly survey database"):
        ResultsDB(str(path))
    assert snapshot(path) == before


@pytest.mark.parametrize(
    "schema",
    [
        "CREATE VIEW v AS SELECT 1; PRAGMA user_version = 42",  # a view only
        "PRAGMA user_version = 42",  # no object, but another program's version number
        OLD_SCHEMA.format(proof="") + "; CREATE VIEW v AS SELECT 1",  # our old table beside a foreign view
        OLD_SCHEMA.format(proof="") + "; PRAGMA user_version = 9",
    ],
)
def test_a_foreign_file_with_views_or_a_version_is_refused_untouched(tmp_path, schema):
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as connection:
        connection.executescript(schema)
    before = snapshot(path)
    with pytest.raises(InputError, match="not a butterfly survey database"):
        ResultsDB(str(path))
    assert snapshot(path) == before


def test_a_uri_or_special_name_never_reaches_another_file(tmp_path, monkeypatch):
    victim = foreign_database(tmp_path / "victim.sqlite")
    before = snapshot(victim)
    monkeypatch.chdir(tmp_path)
    ResultsDB("file:victim.sqlite").close()  # a file literally named so, in the current folder
    assert snapshot(victim)[:3] == before[:3] and (tmp_path / "file:victim.sqlite").exists()
    for name in ("", ":memory:"):
        with pytest.raises(InputError, match="not a file name"):
            ResultsDB(name)


def test_a_device_is_refused_and_nothing_is_written_beside_it():
    before = sorted(os.listdir("/dev"))
    with pytest.raises(InputError, match="not a regular file"):
        ResultsDB("/dev/null")
    assert sorted(os.listdir("/dev")) == before


def test_a_foreign_application_id_or_newer_version_is_refused(tmp_path):
    path = tmp_path / "r.sqlite"
    ResultsDB(str(path)).close()
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = snapshot(path)
    with pytest.raises(InputError, match="newer"):
        ResultsDB(str(path))
    assert snapshot(path) == before
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA application_id = 1234")
    before = snapshot(path)
    with pytest.raises(InputError, match="not a butterfly survey database"):
        ResultsDB(str(path))
    assert snapshot(path) == before


@pytest.mark.parametrize("with_proof", [True, False])
def test_a_database_of_ours_from_before_the_stamp_is_migrated(tmp_path, with_proof):
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as connection:
        connection.execute(OLD_SCHEMA.format(proof="proof TEXT NOT NULL DEFAULT ''," if with_proof else ""))
        game = RULES.name
        connection.executemany(
            "INSERT INTO results (game, deal, result, nodes, seconds, moves, max_nodes) VALUES (?,?,?,?,?,?,?)",
            [
                (game, 0, "won", 100, 0.1, 60, 20_000),
                (game, 1, "unresolved", 20_000, 0.5, 0, 20_000),  # used its whole budget: nodes
                (game, 2, "unresolved", 700, 9.0, 0, 20_000),  # stopped early: time or memory
                (game, 126, "unwinnable", 1, 0.0, 0, 20_000),
            ],
        )
    seen: list = []
    run_survey(range(3), RULES, LIMITS, db_path=str(path), on_result=seen.append)
    assert stamp(path) == (APPLICATION_ID, SCHEMA_VERSION)
    assert [r.deal for r in seen if r is not None] == [2]  # the one whose limit is unknown, searched again
    assert rows(path, "deal, proof, stopped_by")[-1] == (126, "search" if not with_proof else "", "")
    assert rows(path)[1] == (1, "unresolved", "nodes")


def test_missing_folder_directory_and_non_database_are_one_line(tmp_path):
    with pytest.raises(InputError, match="no such directory"):
        ResultsDB(str(tmp_path / "nowhere" / "r.sqlite"))
    assert not (tmp_path / "nowhere").exists()
    with pytest.raises(InputError, match="is a directory"):
        ResultsDB(str(tmp_path))
    text = tmp_path / "notes.txt"
    text.write_text("not a database at all\n" * 100)
    before = snapshot(text)
    with pytest.raises(InputError, match="cannot read"):
        ResultsDB(str(text))
    assert snapshot(text) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a read-only file")
def test_read_only_database_is_one_line_and_untouched(tmp_path):
    path = tmp_path / "r.sqlite"
    run_survey(range(2), RULES, LIMITS, db_path=str(path))
    path.chmod(0o444)
    before = snapshot(path)
    with pytest.raises(InputError, match="read"):
        run_survey(range(4), RULES, LIMITS, db_path=str(path))
    assert snapshot(path) == before


class _FullDisk:
    """A connection whose writes fail as on a full disk after ``allowed`` results."""

    def __init__(self, connection, allowed):
        self._connection, self._allowed = connection, allowed

    def execute(self, sql, *args):
        if sql.startswith("INSERT"):
            if self._allowed == 0:
                raise sqlite3.OperationalError("database or disk is full")
            self._allowed -= 1
        return self._connection.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self._connection, name)


def test_a_full_disk_is_one_line_and_keeps_what_was_recorded(tmp_path, monkeypatch, cli):
    path = tmp_path / "r.sqlite"
    original = ResultsDB.__init__

    def failing_init(self, db_path):
        original(self, db_path)
        self.connection = _FullDisk(self.connection, allowed=3)

    monkeypatch.setattr(survey_db.ResultsDB, "__init__", failing_init)
    result = cli.run("survey", "run", "--deals", "0-9", "--max-nodes", 20_000, "--workers", 1, "--db", path)
    cli.one_line_error(result, "disk is full")
    assert result.stdout == ""
    assert [deal for deal, *_ in rows(path)] == [0, 1, 2]
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_the_cli_refuses_a_foreign_database_in_one_line(tmp_path, cli):
    path = foreign_database(tmp_path / "other.sqlite")
    before = snapshot(path)
    result = cli.run("survey", "run", "--deals", "0-3", "--workers", 1, "--db", path)
    cli.one_line_error(result, "not a butterfly survey database")
    assert result.stdout == ""
    assert snapshot(path) == before
    missing = tmp_path / "no" / "r.sqlite"
    cli.one_line_error(cli.run("survey", "run", "--deals", "0-3", "--db", missing), "no such directory")


# ------------------------------------------------------------------ resuming
def _recorded(path, deal, stopped_by, max_nodes=20_000, timeout=None, memory_mib=1024):
    db = ResultsDB(str(path))
    db.record(RULES.name, DealResult(deal, "unresolved", 500, 1.0, 0, "", stopped_by), max_nodes, timeout, memory_mib)
    db.close()


def _searched(path, limits, **options) -> list[int]:
    seen: list = []
    run_survey(range(1, 2), RULES, limits, db_path=str(path), on_result=seen.append, **options)
    return [r.deal for r in seen if r is not None]


@pytest.mark.parametrize(
    "limits, searched",
    [
        (Limits(max_nodes=20_000, timeout=0.5), False),  # the same time limit: settled
        (Limits(max_nodes=20_000, timeout=0.2), False),  # a tighter one: settled
        (Limits(max_nodes=20_000, timeout=5.0), True),  # a looser one: searched again
        (Limits(max_nodes=20_000), True),  # none: searched again
    ],
)
def test_a_deal_stopped_by_time_is_searched_again_under_a_looser_limit(tmp_path, limits, searched):
    path = tmp_path / "r.sqlite"
    _recorded(path, 1, "time", timeout=0.5)
    assert _searched(path, limits) == ([1] if searched else [])
    if searched:
        assert rows(path) == [(1, "won", "")]  # deal 1 is won within 20,000 nodes


@pytest.mark.parametrize("memory, searched", [(64, False), (32, False), (128, True)])
def test_a_deal_stopped_by_memory_is_searched_again_under_a_larger_cap(tmp_path, memory, searched):
    path = tmp_path / "r.sqlite"
    _recorded(path, 1, "memory", memory_mib=64)
    assert _searched(path, Limits(max_nodes=20_000, memory_mib=memory)) == ([1] if searched else [])


def test_a_deal_stopped_by_nodes_keeps_its_budget_rule(tmp_path):
    path = tmp_path / "r.sqlite"
    _recorded(path, 1, "nodes", max_nodes=20_000)
    assert _searched(path, Limits(max_nodes=20_000, timeout=1.0)) == []  # time is not what stopped it
    assert _searched(path, Limits(max_nodes=10_000)) == []
    assert _searched(path, Limits(max_nodes=10_000), retry_unresolved=True) == [1]


def test_why_a_deal_stopped_is_recorded(tmp_path):
    path = tmp_path / "r.sqlite"
    run_survey(range(21, 24), RULES, Limits(max_nodes=300), db_path=str(path))
    run_survey(
        range(24, 26),
        RULES,
        Limits(max_nodes=100_000, memory_mib=1),
        db_path=str(path),
        engine="python",
        schedule=NO_RESTARTS,
    )
    assert rows(path) == [
        (21, "unresolved", "nodes"),
        (22, "unresolved", "nodes"),
        (23, "unresolved", "nodes"),
        (24, "unresolved", "memory"),
        (25, "won", ""),
    ]


def test_how_and_by_which_code_each_verdict_was_obtained_is_recorded(tmp_path):
    path = tmp_path / "r.sqlite"
    run_survey(range(21, 23), RULES, Limits(max_nodes=300), db_path=str(path))
    cells0 = make_rules("butterfly", cells=0)
    run_survey(range(1, 2), cells0, Limits(max_nodes=300, relaxation=10), db_path=str(path), schedule=NO_RESTARTS)
    columns = "deal, result, proof, engine, max_nodes, relaxation, code"
    assert rows(path, columns) == [
        (1, "unwinnable", "dead-end", "kernel/no-restarts", 300, 10, code_version()),
        (21, "unresolved", "", "kernel/interleaved", 300, None, code_version()),
        (22, "unresolved", "", "kernel/interleaved", 300, None, code_version()),
    ]


def test_a_version_3_database_gains_the_columns_of_how_and_keeps_its_rows(tmp_path):
    path = tmp_path / "r.sqlite"
    run_survey(range(3), RULES, LIMITS, db_path=str(path))
    before = rows(path, "deal, result, nodes")
    with sqlite3.connect(path) as connection:
        for column in ("engine", "relaxation", "code"):
            connection.execute(f"ALTER TABLE results DROP COLUMN {column}")
        connection.execute("PRAGMA user_version = 3")
    ResultsDB(str(path)).close()
    assert stamp(path) == (APPLICATION_ID, SCHEMA_VERSION)
    assert rows(path, "deal, result, nodes") == before
    assert rows(path, "engine, relaxation, code") == [("", None, "")] * 3  # unknown, not invented


@pytest.mark.parametrize(
    "change", ["memory_mib = 'abc'", "seconds = 's'", "result = 'bogus'", "stopped_by = 'lunch'", "relaxation = 'x'"]
)
def test_a_malformed_row_of_ours_is_one_line(tmp_path, change):
    path = tmp_path / "r.sqlite"
    run_survey(range(5), RULES, Limits(max_nodes=300), db_path=str(path))
    with sqlite3.connect(path) as connection:
        connection.execute(f"UPDATE results SET {change} WHERE deal = 2")
    with pytest.raises(InputError, match="row of deal 2 is malformed"):
        run_survey(range(5), RULES, Limits(max_nodes=300), db_path=str(path))


def test_a_relaxation_proof_recorded_later_keeps_the_code_only_when_the_same(tmp_path):
    path = tmp_path / "r.sqlite"
    run_survey(range(21, 23), RULES, Limits(max_nodes=300), db_path=str(path))
    db = ResultsDB(str(path))
    db.record_relaxation_proof(RULES.name, 21, 5.0, 1000, code_version())
    db.record_relaxation_proof(RULES.name, 22, 5.0, 1000, "0.0.1+000000000000")
    db.close()
    columns = "deal, result, proof, relaxation, code"
    assert rows(path, columns) == [
        (21, "unwinnable", "relaxation", 1000, code_version()),
        (22, "unwinnable", "relaxation", 1000, ""),  # searched by one code, relaxed by another: not one version
    ]


def test_the_relaxation_given_more_effort_tries_a_deal_left_open_by_the_same_budget_only(tmp_path):
    path = tmp_path / "r.sqlite"
    rules = make_rules("butterfly", "alternate-colours")
    run_survey(range(8, 9), rules, Limits(max_nodes=2_000), db_path=str(path))
    run_survey(range(13, 14), rules, Limits(max_nodes=5_000), db_path=str(path))
    seen: list = []
    run_survey(range(8, 14), rules, Limits(max_nodes=2_000, relaxation=1), db_path=str(path), on_result=seen.append)
    # 8 (same budget, no relaxation before) is tried again; 13 (a larger budget before) is kept.
    assert 8 in [r.deal for r in seen if r is not None] and 13 not in [r.deal for r in seen if r is not None]
    assert rows(path, "deal, max_nodes, relaxation")[0] == (8, 2_000, 1)
    assert (13, 5_000, None) in rows(path, "deal, max_nodes, relaxation")


def test_a_database_named_in_bytes_that_are_not_utf8_is_used_as_named(cli, tmp_path):
    """A file name is bytes: one that is not UTF-8 names the file all the same (no traceback)."""
    name = os.fsdecode(b"r\xff.sqlite")
    args = ["survey", "run", "--deals", "0-2", "--max-nodes", "300", "--workers", "1", "--db", str(tmp_path / name)]
    result = cli.run(*args)
    assert result.exit_code == 0, result.output
    assert os.listdir(os.fsencode(tmp_path)) == [b"r\xff.sqlite"]
    assert cli.run(*args).exit_code == 0  # resumed from it
    with sqlite3.connect(os.fsencode(tmp_path / name)) as connection:
        assert connection.execute("SELECT COUNT(*) FROM results").fetchone() == (3,)


@pytest.mark.parametrize("column", ["engine", "code", "proof", "result", "stopped_by", "nodes", "seconds"])
def test_text_that_is_not_utf8_is_one_line_naming_its_column(cli, tmp_path, column):
    path = tmp_path / "r.sqlite"
    args = ["survey", "run", "--deals", "0-2", "--max-nodes", "300", "--workers", "1", "--db", path]
    assert cli.run(*args).exit_code == 0
    with sqlite3.connect(path) as connection:
        connection.execute(f"UPDATE results SET {column} = CAST(x'ff6b' AS TEXT) WHERE deal = 1")
    before = snapshot(path)
    cli.one_line_error(cli.run(*args), repr(str(path)), column)
    assert snapshot(path) == before


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("nodes = 'abc'", "the row of deal 1 is malformed (damaged?): nodes holds 'abc', not a whole number from 0"),
        ("seconds = x'00'", "the row of deal 1 is malformed (damaged?): seconds holds binary data"),
        ("deal = x'01'", "row 2 of the results table is malformed (damaged?): deal holds binary data"),
        ("result = 'lunch'", "result holds 'lunch', not won, unwinnable or unresolved"),
    ],
)
def test_a_malformed_row_is_named_by_its_column(tmp_path, change, words):
    path = tmp_path / "r.sqlite"
    run_survey(range(3), RULES, Limits(max_nodes=300), db_path=str(path))
    with sqlite3.connect(path) as connection:
        connection.execute(f"UPDATE results SET {change} WHERE deal = 1")
    db = ResultsDB(str(path))
    try:
        with pytest.raises(InputError) as error:
            db.check_rows("results")
    finally:
        db.close()
    assert words in str(error.value)
