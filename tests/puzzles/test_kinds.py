"""One conformance test over every registered kind of puzzle (butterfly.puzzles.kinds):
Butterfly's six and the card games' only-card for Papillon, La Mouche and
Le Pamphile. Each is made (or, where making takes long, loaded from the
calendar, where every day is a proved example), shown, judged right on its
stored answer and wrong, in one line, on a wrong one, proved, and every
claim its file makes is tampered with, one at a time, and refused: by the
reader (a damaged file) or by the prover."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, get_args

import pytest

from butterfly.games.errors import InputError
from butterfly.puzzles.daily import parse_date, puzzle_of
from butterfly.puzzles.document import KINDS, Kind, Puzzle, PuzzleId
from butterfly.puzzles.kinds import REGISTRY, PuzzleKind, family_for, kind_for, kind_of
from butterfly.puzzles.mouche import puzzle as mouche
from butterfly.puzzles.papillon import puzzle as papillon
from butterfly.solver.version import PROJECT_PACKAGES, code_version

#: A puzzle of each kind of each game: an ID quick to make, or a day of the
#: calendar where making one takes long (a deal is rated by the whole
#: ladder; a resource puzzle searches every count of cells), one quick to prove.
CASES: dict[tuple[str, Kind], str] = {
    ("butterfly", "deal"): "2027-01-07",
    ("butterfly", "only-move"): "only-move:butterfly:s=10",
    ("butterfly", "win-in"): "win-in:butterfly:s=2",
    ("butterfly", "resource"): "2027-09-30",
    ("butterfly", "goal"): "goal:butterfly:s=3",
    ("butterfly", "only-moves"): "only-moves:butterfly:s=1009",
    ("papillon", "only-card"): "only-card:papillon:s=5",
    ("mouche", "only-card"): "only-card:mouche:g=0:s=31",
    ("pamphile", "only-card"): "only-card:pamphile:s=8",
}

#: Fields of a file that claim nothing to prove again (docs/puzzles.md, "A
#: file is a claim"): the code that made it, the code that proved par, and
#: the limits par's A* is searched again within (positions, memory: a bound
#: proved within them holds within larger ones, and may within smaller).
UNCLAIMED = frozenset({"proof.solver", "proof.par.code", "proof.par.proof_nodes", "proof.par.memory_mib"})
#: Effort counts: a record of the code that made the puzzle, compared only when it is the code at hand.
EFFORT = frozenset({"nodes", "positions"})
#: Claims a change in the usual direction may leave true, and the change that
#: cannot: where the position arose is informational, but a whole number from 1.
FALSIFIED = {"facts.move_number": 0}

_MADE: dict[tuple[str, Kind], Puzzle] = {}


def made(case: tuple[str, Kind]) -> Puzzle:
    """The case's puzzle, made once."""
    if case not in _MADE:
        source = CASES[case]
        if ":" not in source:
            _MADE[case] = puzzle_of(parse_date(source)).puzzle
            assert (_MADE[case].game, _MADE[case].kind) == case, source
        else:
            puzzle = REGISTRY[family_for(case[0]).name, case[1]].make(PuzzleId.parse(source))
            assert puzzle is not None, source
            _MADE[case] = puzzle
    return _MADE[case]


def right_answer(puzzle: Puzzle) -> str:
    """The stored answer: a move of each answer class, or the solution where any line meeting the goal is right."""
    return ", ".join(moves[0] for moves in puzzle.answer) if puzzle.answer else ", ".join(puzzle.solution)


def wrong_answer(puzzle: Puzzle) -> str:
    """A wrong answer: a wrong class (the first step's, for a run of only moves), or the solution cut short."""
    if puzzle.alternatives():
        return puzzle.alternatives()[0].moves[0]
    if puzzle.proof.get("steps"):
        return puzzle.proof["steps"][0][0]["moves"][0]
    return ", ".join(puzzle.solution[:-1])


# ---- every kind is registered, and has a case here ----------------------------------------


def test_every_kind_is_registered_and_every_registered_kind_is_tested():
    assert tuple(KINDS) == get_args(Kind)
    assert {kind for _, kind in REGISTRY} == set(KINDS)
    assert {(family_for(game).name, kind) for game, kind in CASES} == set(REGISTRY)
    card_games = {game for game, _ in CASES if family_for(game).name != "patience"}
    assert card_games == {*papillon.GAMES, *mouche.GAMES}
    for (family, name), kind in REGISTRY.items():
        assert kind.name == name and family_for(family if family != "patience" else "butterfly").kinds[name] is kind


def test_a_game_without_the_kind_or_puzzles_is_one_input_error():
    for kind, game, fragment in [
        ("only-card", "butterfly", "no only-card puzzles for butterfly"),
        ("deal", "mouche", "no deal puzzles for mouche"),
        ("deal", "klondike", "no puzzles for game 'klondike'"),
    ]:
        with pytest.raises(InputError, match=fragment):
            kind_for(kind, game)


# ---- made, shown, judged, proved ----------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids="/".join)
def test_made_shown_judged_and_proved(case, cli, tmp_path):
    puzzle = made(case)
    kind: PuzzleKind = kind_of(puzzle)
    assert kind is REGISTRY[family_for(case[0]).name, case[1]] and puzzle.kind == kind.name
    assert 1 <= puzzle.grade <= 5 and kind.words(puzzle) and kind.repeats_as in KINDS
    assert kind.draw(puzzle).strip() and "<svg" in kind.picture(puzzle)[:200]
    path = tmp_path / "p.json"
    path.write_text(puzzle.dumps())
    shown = cli.run("puzzle", "show", path, "--answer")
    assert shown.exit_code == 0 and str(puzzle.id) in shown.stdout and puzzle.goal in shown.stdout, shown.output
    assert kind.judge(puzzle, right_answer(puzzle)) is None
    reason = kind.judge(puzzle, wrong_answer(puzzle))
    assert reason and "\n" not in reason, reason
    assert kind.prove(puzzle) == []


# ---- every claim tampered with ------------------------------------------------------------

#: A change to a claim's value: ``path`` names it (``facts.n``, ``proof.par.moves``).
Change = tuple[str, Callable[[dict], None]]


def falsified(path: str, value: Any) -> Any:
    """``value`` changed so that the claim it makes no longer holds."""
    if path in FALSIFIED:
        return FALSIFIED[path]
    if isinstance(value, bool):
        return not value
    if path == "grade":
        return value % 5 + 1
    if isinstance(value, int | float):
        return value + 1
    if value is None:
        return 1500.0
    if isinstance(value, str):
        return value + "?"
    if isinstance(value, list):
        return value[:-1] if value else [["KS L1>F"]] if path == "answer" else ["early"]
    if isinstance(value, dict):  # an empty one
        return {"value": 1}
    raise AssertionError(f"{path}: no change for {value!r}")


def setter(keys: tuple, value: Any) -> Callable[[dict], None]:
    def change(data: dict) -> None:
        target = data
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = falsified(".".join(str(k) for k in keys if isinstance(k, str)), value)

    return change


def changes(data: dict, deep: bool, effort: bool) -> Iterator[Change]:
    """A change to every claim of the file ``data``: its goal, answer, grade,
    rating, themes and solution, every fact and every field of the proof
    (``deep``: every value inside them too, a list's first item and the
    list cut short; else the first claim of each). ``effort``: the effort
    counts are claims (the file was made by the code at hand)."""

    def leaves(keys: tuple, value: Any) -> Iterator[Change]:
        path = ".".join(str(k) for k in keys if isinstance(k, str))
        if path in UNCLAIMED or (not effort and keys[-1] in EFFORT):
            return
        if isinstance(value, dict) and value:
            found = (c for key, inner in value.items() for c in leaves((*keys, key), inner))
            yield from found if deep else list(found)[:1]
        elif isinstance(value, list) and value and isinstance(value[0], dict | list):
            yield f"{path} cut short", setter(keys, value)
            if deep:
                yield from leaves((*keys, 0), value[0])
        else:
            yield path, setter(keys, value)

    for key in ("goal", "answer", "grade", "rating", "themes", "solution"):
        yield from leaves((key,), data[key])
    for section in ("facts", "proof"):
        for key, value in data[section].items():
            yield from leaves((section, key), value)


def refusal(data: dict) -> list[str]:
    """Why the file ``data`` is refused: the reader's one line, or the prover's problems (none: proved)."""
    try:
        puzzle = Puzzle.loads(json.dumps(data))
    except InputError as error:
        return [str(error)]
    return kind_of(puzzle).prove(puzzle)


def assert_every_claim_refused(case: tuple[str, Kind], deep: bool) -> None:
    puzzle = made(case)
    original = puzzle.to_json()
    effort = puzzle.proof.get("solver") == code_version(PROJECT_PACKAGES)
    tried = 0
    for path, change in changes(original, deep, effort):
        data = json.loads(json.dumps(original))
        change(data)
        assert data != original, path
        problems = refusal(data)
        assert problems, f"{puzzle.id}: {path} changed, and still proved"
        assert all("\n" not in problem for problem in problems), problems
        tried += 1
    assert tried >= 10


@pytest.mark.parametrize("case", CASES, ids="/".join)
def test_each_claim_tampered_with_is_refused(case):
    """The first claim of every field: goal, answer, grade, rating, themes,
    solution, each fact, each part of the proof (par, alternatives, steps...)."""
    assert_every_claim_refused(case, deep=False)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids="/".join)
def test_every_claim_tampered_with_is_refused(case):
    """Every value inside every field, one at a time."""
    assert_every_claim_refused(case, deep=True)
