"""A puzzle file is a claim (issue 28): `check` decides with the rules and
the solver whatever the file says, `prove` names every field that does not
hold, `show` refuses what `prove` and `check` refuse. Each case is the
damaged file that showed it."""

from __future__ import annotations

import json

import pytest

from butterfly.puzzles.document import Puzzle

ONLY_MOVE = "only-move:butterfly:s=10"
ONLY_CARDS = ("only-card:mouche:s=1", "only-card:papillon:s=1")
FILL = ("calendar", "pool", "--kind", "only-card", "--game", "mouche", "--seeds", "1-1")


@pytest.fixture(scope="module")
def documents() -> dict[str, dict]:
    from butterfly.puzzles.generate import load

    return {pid: load(pid).to_json() for pid in (ONLY_MOVE, *ONLY_CARDS)}


def _write(tmp_path, data: dict, name: str = "p.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def _swapped(tmp_path, data: dict) -> tuple:
    """The file with its answer class and its first wrong class swapped; that file, a right and a wrong move."""
    data = json.loads(json.dumps(data))
    right, lost = data["answer"][0], data["proof"]["alternatives"][0]["moves"]
    data["answer"][0], data["proof"]["alternatives"][0]["moves"] = lost, right
    return _write(tmp_path, data), right[0], lost[0]


@pytest.mark.parametrize("pid", [ONLY_MOVE, *ONLY_CARDS])
def test_check_decides_with_the_solver_when_answer_and_a_losing_class_are_swapped(cli, tmp_path, documents, pid):
    path, right, wrong = _swapped(tmp_path, documents[pid])
    told = cli.run("puzzle", "check", path, wrong)
    assert told.exit_code == 1 and ("loses" in told.stdout or "fails" in told.stdout), told.output
    real = cli.run("puzzle", "check", path, right)
    assert real.exit_code == 0 and real.stdout.startswith("right"), real.output
    assert cli.run("puzzle", "prove", path).exit_code == 1


def _forged(data: dict, change) -> dict:
    forged = json.loads(json.dumps(data))
    change(forged)
    return forged


FORGERIES = {
    "grade": (lambda d: d.update(grade=5 if d["grade"] != 5 else 4), "grade: the file says"),
    "goal": (lambda d: d.update(goal="Find the only move that loses."), "the goal should read"),
    "deal": (lambda d: d["facts"].update(deal=1000007), "facts.deal: the file says 1000007"),
    "rating": (lambda d: d.update(rating=1500.0), "rating: the file says 1500.0"),
    "themes": (lambda d: d.update(themes=["early"]), "themes: the file says"),
    "extra fact": (lambda d: d["facts"].update(easy=True), "facts.easy: not a field"),
    "lost fact": (lambda d: d["facts"].pop("cards_left"), "facts.cards_left: missing"),
    "depth": (lambda d: d["facts"].update(refutation_depth=40), "facts.refutation_depth: the file says 40"),
    "refutation": (lambda d: d["proof"]["alternatives"][0]["refutation"].pop(), "proof.alternatives: the file says"),
    "method": (lambda d: d["proof"]["alternatives"][0].update(method="guess"), "proof.alternatives: the file says"),
}


@pytest.mark.parametrize("field", FORGERIES)
def test_prove_names_the_forged_field(cli, tmp_path, documents, field):
    change, fragment = FORGERIES[field]
    path = _write(tmp_path, _forged(documents[ONLY_MOVE], change))
    result = cli.run("puzzle", "prove", path)
    assert result.exit_code in (1, 2) and fragment in result.output, result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("pid", ONLY_CARDS)
def test_card_prove_names_a_forged_rating_and_fact(cli, tmp_path, documents, pid):
    for change, fragment in [
        (lambda d: d.update(rating=900.0), "rating: the file says 900.0"),
        (lambda d: d["facts"].update(deal=7), "facts.deal: not a field"),
        (lambda d: d["proof"].update(shortest=3), "proof.shortest: not a field"),
    ]:
        result = cli.run("puzzle", "prove", _write(tmp_path, _forged(documents[pid], change)))
        assert result.exit_code == 1 and fragment in result.stdout, result.output


def test_prove_warns_when_the_code_differs_and_still_proves(cli, tmp_path, documents):
    path = _write(tmp_path, _forged(documents[ONLY_MOVE], lambda d: d["proof"].update(solver="0.0.1+000000000000")))
    result = cli.run("puzzle", "prove", path)
    assert result.exit_code == 0 and result.stdout.strip() == f"proved: {ONLY_MOVE}", result.output
    assert "warning: made by code '0.0.1+000000000000'" in result.stderr
    nodes = _forged(documents[ONLY_MOVE], lambda d: d["proof"]["alternatives"][0].update(nodes=12345))
    assert "proof.alternatives" in cli.run("puzzle", "prove", _write(tmp_path, nodes)).stdout


def test_show_refuses_a_butterfly_card_twice_in_every_format(cli, tmp_path, documents):
    def twice(d: dict) -> None:
        rows = d["position"]["rows"]
        rows["L1"][0] = rows["L2"][0]

    path = _write(tmp_path, _forged(documents[ONLY_MOVE], twice))
    for options in ([], ["--json"], ["--answer"]):
        cli.one_line_error(cli.run("puzzle", "show", path, *options), "twice")


@pytest.mark.parametrize("pid", ONLY_CARDS)
def test_show_refuses_a_card_in_two_hands_and_a_table_that_is_a_number(cli, tmp_path, documents, pid):
    def twice(d: dict) -> None:
        hands = d["position"]["hands"]
        hands[1][0] = hands[0][0]

    for change, fragment in [(twice, "twice"), (lambda d: d["position"].update(table=3), "")]:
        path = _write(tmp_path, _forged(documents[pid], change))
        for options in ([], ["--json"]):
            cli.one_line_error(cli.run("puzzle", "show", path, *options), fragment)


def test_a_regenerated_puzzle_and_its_file_prove_the_same(documents):
    from butterfly.puzzles.generate import prove

    for data in documents.values():
        assert prove(Puzzle.loads(json.dumps(data))) == []


# ---------------------------------------------------------- dates and databases


def test_dates_are_checked_against_the_calendars_range_first(cli, tmp_path):
    pool = tmp_path / "pool.sqlite"
    assert cli.run(*FILL, "--db", pool).exit_code == 0
    for until in ("9999-12-31", "2026-12-31"):
        cli.one_line_error(cli.run("calendar", "extend", "--db", pool, "--until", until), "outside the calendar")
    cli.one_line_error(cli.run("site", "build", "--out", tmp_path / "s", "--from", "9999-12-31", "--days", "2"))


def test_the_pool_commands_refuse_a_foreign_database_untouched(cli, tmp_path):
    import hashlib
    import sqlite3

    mine = tmp_path / "mine.sqlite"
    with sqlite3.connect(mine) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
        db.execute("INSERT INTO notes VALUES ('keep me')")
    survey = tmp_path / "survey.sqlite"
    assert cli.run("survey", "--deals", "0-1", "--db", survey, "--workers", "1").exit_code == 0
    for path in (mine, survey):
        before = hashlib.sha256(path.read_bytes()).hexdigest()
        for args in (
            ["calendar", "pool", "--db", path, "--kind", "only-card", "--game", "mouche", "--seeds", "1-2"],
            ["calendar", "extend", "--db", path, "--until", "2028-12-31"],
        ):
            cli.one_line_error(cli.run(*args), "not a butterfly puzzle pool")
        assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_extend_adding_no_day_leaves_the_pool_as_it_was(cli, tmp_path):
    import hashlib

    from butterfly.puzzles.daily import load_calendar

    pool = tmp_path / "pool.sqlite"
    assert cli.run(*FILL, "--db", pool).exit_code == 0
    before = hashlib.sha256(pool.read_bytes()).hexdigest()
    last = load_calendar()[-1].date.isoformat()
    result = cli.run("calendar", "extend", "--db", pool, "--until", last)
    assert result.exit_code == 0 and result.stdout.startswith("0 days added"), result.output
    assert hashlib.sha256(pool.read_bytes()).hexdigest() == before


def test_calendar_par_refuses_a_file_that_is_no_survey_database_even_with_nothing_to_do(cli, tmp_path):
    garbage = tmp_path / "garbage.bin"
    garbage.write_bytes(bytes(range(256)) * 16)
    cli.one_line_error(cli.run("calendar", "par", "--db", garbage), "garbage.bin")
    assert garbage.read_bytes() == bytes(range(256)) * 16


def test_only_moves_and_goal_puzzles_keep_their_line_when_given_a_par():
    """An only-moves puzzle's steps lie along its solution: `calendar par` once replaced it by a shortest win."""
    from butterfly.puzzles.daily import load_calendar
    from butterfly.puzzles.kinds import line_kind_of

    for kind in ("only-moves", "only-move", "goal"):
        puzzle = next(d.puzzle for d in load_calendar() if d.puzzle.kind == kind)
        assert line_kind_of(puzzle) is None  # `calendar par` gives no par, and leaves the line alone
