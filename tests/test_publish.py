"""Survey publishing (bench/survey_results.py): the per-deal files hold
everything the database held."""

import importlib.util
import sqlite3
import sys
from pathlib import Path

import pytest

from games.patience.rules import make_rules
from solver.patience.result import Limits
from solver.survey.run import run_survey

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "survey_results.py"


@pytest.fixture(scope="module")
def publish():
    if not SCRIPT.exists():
        pytest.skip("not run from a checkout")
    path_before = list(sys.path)
    spec = importlib.util.spec_from_file_location("survey_results", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    # Loading the script must not put the checkout first on sys.path: worker
    # processes started later would import its uncompiled sources.
    assert sys.path == path_before
    return module


def test_data_files_rebuild_the_database(tmp_path, publish):
    db = str(tmp_path / "a.sqlite")
    for variant in (None, "alternate-colours"):
        run_survey(range(0, 8), make_rules("butterfly", variant, 1), Limits(max_nodes=3000), db_path=db)
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
