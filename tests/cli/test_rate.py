"""``butterfly rate``: one deal rated (or said lost), a range played into the
survey database, and every bad input one line with exit code 2."""

from __future__ import annotations

import json

import pytest


def test_a_lost_deal_is_not_rated(cli):
    result = cli.run("rate", "126")
    assert result.exit_code == 0
    assert result.stdout.strip() == "butterfly deal 126: unwinnable (proved): not rated"


def test_a_deal_is_rated_with_its_ladder_and_exact_features(cli):
    result = cli.run("rate", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["game"], data["result"], data["deal"]) == ("butterfly", "won", "butterfly deal 1")
    assert set(data["games"]) >= {"random", "greedy", "rollout"}
    assert {"fewest_cells", "critical_decisions", "forgiveness", "effort_median"} <= set(data["features"])
    if data["calibrated"]:
        assert 1 <= data["grade"] <= 5 and data["rating_se"] > 0


def test_a_range_is_played_into_the_database_and_resumed(cli, tmp_path):
    db = tmp_path / "ratings.sqlite"
    first = cli.run("rate", "124-127", "--db", db, "--workers", "1", "--json")
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert (data["won"], data["unwinnable"], data["unresolved"]) == (3, 1, 0)
    again = cli.run("rate", "124-127", "--db", db, "--workers", "1", "--json")
    assert json.loads(again.stdout) == data


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["rate", "1x"], "neither a deal number nor an existing file"),
        (["rate", "99999999999999999999"], "deal number"),
        (["rate", "0-9"], "needs --db"),
        (["rate", "0-9", "--quick", "--db", "x.sqlite"], "one deal at a time"),
        (["rate", "1", "--db", "x.sqlite"], "--db is for a range"),
        (["rate", "1", "--scheduler", "tcp://127.0.0.1:1"], "--scheduler is for a range"),
        (["rate", "9-0", "--db", "x.sqlite"], "range"),
        # a bad range is named as one, not blamed on --db (nor on its absence)
        (["rate", "1_0-1_2", "--db", "x.sqlite"], "bad deal range '1_0-1_2': deal number '1_0' is not a whole number"),
        (["rate", "1_0-1_2"], "bad deal range '1_0-1_2'"),
        (["rate", "0-", "--db", "x.sqlite"], "bad deal range '0-'"),
        (["rate", "1x", "--db", "x.sqlite"], "neither a deal number nor an existing file"),
        (["rate", "1", "--basement", "99"], "basement"),
        (["rate", "1", "--game", "klondike"], "klondike"),
        (["rate", "1", "--workers", "0"], "workers"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli, tmp_path, monkeypatch, args, fragment):
    monkeypatch.chdir(tmp_path)
    cli.one_line_error(cli.run(*args), fragment)
    assert not (tmp_path / "x.sqlite").exists()


def test_quick_needs_a_calibration(cli):
    result = cli.run("rate", "1", "--game", "fortress", "--quick")
    cli.one_line_error(result, "not calibrated")


def test_an_interrupted_rating_says_the_rating_stopped(cli, tmp_path, monkeypatch):

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("butterfly.puzzles.rating.ladder_runs.run_ladder", interrupted)
    result = cli.run("rate", "0-3", "--db", tmp_path / "r.sqlite")
    assert result.exit_code == 130
    assert result.stderr.strip().startswith("Error: rating stopped by SIGINT; what was finished is kept in")
