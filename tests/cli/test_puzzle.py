"""``butterfly puzzle`` and ``butterfly daily``: new, show, check, prove, the
daily puzzle; wrong answers exit 1 saying why; bad files, IDs and dates one
line and exit 2, whatever is damaged in them (a small fuzzer)."""

from __future__ import annotations

import json
import random

import pytest

from butterfly.puzzles.daily import load_calendar

ONLY_MOVE = "only-move:butterfly:s=10"


@pytest.fixture(scope="module")
def only_move_file(tmp_path_factory):
    from butterfly.puzzles.generate import load

    path = tmp_path_factory.mktemp("puzzle") / "only-move.json"
    path.write_text(load(ONLY_MOVE).dumps())
    return path


def test_new_finds_and_writes_a_puzzle(cli, tmp_path):
    out = tmp_path / "p.json"
    result = cli.run("puzzle", "new", "--kind", "win-in", "--seed", "2", "--out", out)
    assert result.exit_code == 0, result.output
    assert "win-in:butterfly:s=2\n" in result.stdout and f"wrote {out}" in result.stdout
    assert json.loads(out.read_text())["id"] == "win-in:butterfly:s=2"
    again = cli.run("puzzle", "new", "--kind", "win-in", "--seed", "2", "--out", out)
    cli.one_line_error(again, "exists")


def test_new_card_game_puzzle_as_json(cli):
    result = cli.run("puzzle", "new", "--kind", "only-card", "--game", "mouche", "--seed", "0", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["kind"] == "only-card"


def test_show_check_prove(cli, only_move_file):
    shown = cli.run("puzzle", "show", only_move_file, "--answer")
    assert shown.exit_code == 0 and "answer: KH R3>B" in shown.stdout
    right = cli.run("puzzle", "check", only_move_file, "KH R3>B")
    assert right.exit_code == 0 and right.stdout.startswith("right")
    wrong = cli.run("puzzle", "check", ONLY_MOVE, "tc r1>b")
    assert wrong.exit_code == 1 and "loses" in wrong.stdout
    proved = cli.run("puzzle", "prove", only_move_file)
    assert proved.exit_code == 0 and proved.stdout.strip() == f"proved: {ONLY_MOVE}"


def test_check_reads_a_move_list_from_a_file(cli, tmp_path):
    from butterfly.puzzles.generate import load

    puzzle = load("win-in:butterfly:s=2")
    moves = tmp_path / "moves.txt"
    moves.write_text("\n".join(puzzle.solution) + "\n")
    assert cli.run("puzzle", "check", "win-in:butterfly:s=2", moves).exit_code == 0
    moves.write_text("\n".join(puzzle.solution[:-1]) + "\n")
    short = cli.run("puzzle", "check", "win-in:butterfly:s=2", moves)
    assert short.exit_code == 1 and "still in play" in short.stdout


def test_a_forged_answer_is_not_proved(cli, only_move_file, tmp_path):
    data = json.loads(only_move_file.read_text())
    data["answer"] = [data["proof"]["alternatives"][0]["moves"]]
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(data))
    result = cli.run("puzzle", "prove", forged)
    assert result.exit_code == 1 and "not proved" in result.stdout


def test_daily(cli):
    first = load_calendar()[0]
    result = cli.run("daily", first.date.isoformat())
    assert result.exit_code == 0, result.output
    assert f"#{first.number}" in result.stdout and str(first.puzzle.id) in result.stdout
    data = json.loads(cli.run("daily", first.date.isoformat(), "--json").stdout)
    assert data["number"] == 1 and data["puzzle"]["id"] == str(first.puzzle.id)


def test_daily_check_scores_a_winning_line_against_par(cli, tmp_path):
    day = next(d for d in load_calendar() if d.puzzle.kind == "deal")
    line = tmp_path / "line.txt"
    line.write_text("\n".join(day.puzzle.solution))
    result = cli.run("daily", day.date.isoformat(), "--check", line)
    assert result.exit_code == 0, result.output
    par = day.puzzle.par.moves
    assert f"won in {par} moves, par {par}" in result.stdout
    wrong = cli.run("daily", day.date.isoformat(), "--check", day.puzzle.solution[0])
    assert wrong.exit_code == 1 and "not right" in wrong.stdout
    shown = cli.run("daily", day.date.isoformat()).stdout
    assert day.puzzle.par.words() in shown


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["puzzle", "show", "riddle:butterfly:s=1"], "unknown kind"),
        (["puzzle", "show", "only-move:butterfly:s=1x"], "whole number"),
        (["puzzle", "show", "only-move:klondike:s=1"], "no puzzles for game"),
        (["puzzle", "show", "only-card:butterfly:s=1"], "no only-card puzzles"),
        (["puzzle", "show", "nowhere.json"], "neither a puzzle file nor a puzzle ID"),
        (["puzzle", "show", "deal:butterfly:s=126"], "gives no deal puzzle"),
        (["puzzle", "new", "--kind", "riddle"], "riddle"),
        (["puzzle", "new", "--kind", "deal", "--grade", "6"], "6"),
        (["puzzle", "new", "--kind", "deal", "--seed", "-1"], "-1"),
        (["puzzle", "new", "--kind", "deal", "--game", "butterfly/nothing"], "unknown rules"),
        (["puzzle", "new", "--kind", "resource", "--game", "fortress"], "no basement"),
        (["puzzle", "check", ONLY_MOVE, "JD R3"], "bad move"),
        (["puzzle", "check", ONLY_MOVE, "JD R3>L4, JH L1>L4"], "one move"),
        (["daily", "2026-12-31"], "the calendar runs from 2027-01-01"),
        (["daily", "2027-02-30"], "YYYY-MM-DD"),
        (["daily", "soon"], "YYYY-MM-DD"),
        (["daily", "2999-01-01"], "the calendar runs from 2027-01-01"),
        (["calendar", "extend", "--db", "missing.sqlite", "--until", "2030-01-01"], "missing.sqlite"),
        (["calendar", "pool", "--db", "p.sqlite", "--kind", "only-card", "--seeds", "0-1"], "no only-card puzzles"),
        (["calendar", "pool", "--db", "p.sqlite", "--kind", "deal", "--seeds", "9-1"], "range"),
        (["calendar", "pool", "--db", "p.sqlite", "--kind", "deal", "--seeds", ""], "bad seed range '': it is empty"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli, tmp_path, monkeypatch, args, fragment):
    monkeypatch.chdir(tmp_path)
    cli.one_line_error(cli.run(*args), fragment)


def test_a_malformed_puzzle_file(cli, tmp_path):
    for text, fragment in [
        ("", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"format": "x"}', "not a butterfly-puzzle"),
        ("\xff", "UTF-8"),
    ]:
        path = tmp_path / "bad.json"
        path.write_bytes(text.encode("latin-1"))
        cli.one_line_error(cli.run("puzzle", "show", path), fragment)


ODD = [True, None, "", "x", -1, 10**30, 1.5, [], {}, [[]], ["KS L1>F"], {"moves": 1}]


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (ONLY_MOVE, "KH R3>B"),
        ("win-in:butterfly:s=2", "KS L1>F"),
        ("only-card:mouche:s=1", "9H"),
        ("only-card:papillon:s=1", "7D x 2C 5H"),
        ("goal:butterfly:s=3", "KS L5>F"),
        ("only-moves:butterfly:s=1009", "KD R3>B"),
    ],
)
def test_fuzzed_puzzle_files_never_crash(cli, tmp_path, source, answer):
    """Fields swapped for odd values, in turn: each command answers 0, 1 or 2, never a traceback."""
    from butterfly.puzzles.generate import load

    rng = random.Random(17)
    base = json.loads(load(source).dumps())
    paths = []
    for _ in range(30):
        data = json.loads(json.dumps(base))
        target = data
        keys = [k for k in data if k not in ("format", "version")]
        key = rng.choice(keys)
        if isinstance(data[key], dict) and data[key] and rng.random() < 0.6:
            target, key = data[key], rng.choice(list(data[key]))
        target[key] = rng.choice(ODD)
        path = tmp_path / f"f{len(paths)}.json"
        path.write_text(json.dumps(data))
        paths.append(path)
    for path in paths:
        for args in (["show", path], ["check", path, answer], ["prove", path]):
            result = cli.run("puzzle", *args)
            assert result.exit_code in (0, 1, 2), result.output
            if result.exit_code == 2:
                cli.one_line_error(result)


def test_calendar_report(cli):
    result = cli.run("calendar", "report", "--until", "2027-03-31")
    assert result.exit_code == 0, result.output
    assert "Repeats: 0 deals used again, 0 positions met again" in result.stdout
    assert "Fewer than 3 choices: 0 days" in result.stdout and "Sunday (" in result.stdout
    data = json.loads(cli.run("calendar", "report", "--json").stdout)
    assert data["first"] == "2027-01-01" and data["spoilers"] == [] and data["repeats"] == []
    assert len(data["per_day"]) == data["days"]
    bad = cli.run("calendar", "report", "--until", "2027-13-01")
    assert bad.exit_code == 2
    cli.one_line_error(bad)
