"""The goal and only-moves puzzles (butterfly.puzzles.patience.goal, butterfly.puzzles.patience.only_moves):
generated, proved, checked, damaged copies caught, and their searches held to
searches with no bound and no pruning on small positions."""

import copy
import random
from collections import deque

import pytest

from butterfly.games.errors import InputError, ParseError
from butterfly.games.patience.rules import Move
from butterfly.puzzles.daily import LAUNCH, Day
from butterfly.puzzles.document import MIN_CLASSES, Alternative, PuzzleId
from butterfly.puzzles.generate import check, generate, prove
from butterfly.puzzles.patience.common import prove_choice
from butterfly.puzzles.patience.endgame import exhaustively_winnable
from butterfly.puzzles.patience.goal import GOAL_KINDS, Goal, fewest_moves
from butterfly.puzzles.patience.only_moves import step_offsets
from butterfly.puzzles.quality import day_quality

from patience_positions import small_positions

#: Seeds that give a puzzle of each kind (found by trying seeds).
GOAL_SEED, ONLY_MOVES_SEED = 3, 1009


@pytest.fixture(scope="module")
def goal_puzzle():
    return generate(PuzzleId.make("goal", "butterfly", GOAL_SEED))


@pytest.fixture(scope="module")
def chain():
    return generate(PuzzleId.make("only-moves", "butterfly", ONLY_MOVES_SEED))


# ------------------------------------------------------------------ goals


def plain_fewest(position, goal, cap=200_000):
    """Breadth first over every legal move, rows in place: no bound at all."""
    key = (position.rows, position.cells)
    seen, level, depth = {key}, deque([position]), 0
    while level:
        if any(goal.reached(p) for p in level):
            return depth
        nxt = deque()
        for p in level:
            for move in p.legal_moves():
                child = p.play_unchecked(move)
                k = (child.rows, child.cells)
                if k not in seen:
                    seen.add(k)
                    nxt.append(child)
        assert len(seen) < cap, "the plain search is too big for a test"
        level, depth = nxt, depth + 1
    return None


def goals_for(position, rng):
    rows = [name for name, row in zip(position.rules.row_names, position.rows) if row]
    cards = [str(card) for row in position.rows for card in row]
    return [
        Goal("home", rng.choice("23456789TJQK")),
        Goal("empty", rng.choice(rows)),
        Goal("free", rng.choice(cards)),
    ]


def test_fewest_moves_is_what_breadth_first_search_finds_and_the_bound_never_exceeds_it():
    rng = random.Random(5)
    tried = 0
    for position in small_positions(40, 3, (5, 9)):
        for goal in goals_for(position, rng):
            found = fewest_moves(position, goal)
            assert found.complete
            assert found.moves == plain_fewest(position, goal), (goal, position)
            if found.moves is not None:
                line = position.replay(found.line)
                assert goal.reached(line[-1]) and len(found.line) == found.moves
                # Admissible along the line: the bound never exceeds the moves left.
                assert all(goal.least(p) <= found.moves - k for k, p in enumerate(line))
            tried += 1
    assert tried == 120


def test_goal_puzzles_are_made_for_butterflys_rules_only():
    """The bound counts the lower cards of a row's suit as going home before
    its innermost card can leave: true only where that card may only go home."""
    with pytest.raises(InputError, match="Butterfly's rules"):
        generate(PuzzleId.make("goal", "fortress", 22))
    assert generate(PuzzleId.make("goal", "butterfly/alternate-colours", 3)) is not None


def test_goal_words_and_bad_goals():
    assert Goal("home", "3").words() == "send all the twos and threes home"
    assert Goal("home", "2").words() == "send all the twos home"
    assert Goal("empty", "L3").words() == "empty row L3"
    assert Goal("free", "KS").words().startswith("free the king of spades")
    for kind, target in [("home", "A"), ("home", "1"), ("free", "XX"), ("empty", "Q9"), ("jump", "L1")]:
        with pytest.raises(ParseError):
            Goal(kind, target)
    assert set(GOAL_KINDS) == {"home", "free", "empty"}


def test_a_goal_puzzle_is_proved_checked_and_regenerated(goal_puzzle):
    puzzle = goal_puzzle
    assert prove(puzzle) == []
    assert generate(puzzle.id).dumps() == puzzle.dumps()
    par = puzzle.par
    assert par is not None and par.proved == "optimal" and par.moves == len(puzzle.solution)
    assert check(puzzle, ", ".join(puzzle.solution)) is None
    assert "do not" in check(puzzle, ", ".join(puzzle.solution[:-1]))
    assert puzzle.goal.endswith(f"in {par.moves} moves or fewer.")
    assert puzzle.facts["least"] <= par.moves


def test_a_goal_reached_over_par_is_refused(goal_puzzle):
    shorter = copy.deepcopy(goal_puzzle)
    shorter.solution = shorter.solution[:-1]  # par is now one below the fewest
    with pytest.raises(ParseError, match="par is its solution's length"):
        check(shorter, ", ".join(goal_puzzle.solution))
    par = len(shorter.solution)
    shorter.proof["par"]["moves"] = shorter.proof["par"]["lower"] = par
    shorter.goal = shorter.goal.replace(f"in {par + 1} moves", f"in {par} moves")
    assert "par is" in check(shorter, ", ".join(goal_puzzle.solution))
    assert prove(shorter)


def test_damaged_goal_puzzles_are_not_proved(goal_puzzle):
    other = copy.deepcopy(goal_puzzle)
    other.facts["goal"] = {"kind": "home", "target": "K"}
    assert prove(other)
    cheaper = copy.deepcopy(goal_puzzle)
    cheaper.proof["par"]["moves"] = cheaper.proof["par"]["lower"] = len(cheaper.solution) - 1
    assert prove(cheaper)
    told = copy.deepcopy(goal_puzzle)
    told.goal = "Free the king of spades in 3 moves or fewer."
    assert any("the goal should read" in p for p in prove(told))
    broken = copy.deepcopy(goal_puzzle)
    broken.facts["goal"] = {"kind": "home"}
    assert prove(broken) and "facts.goal" in prove(broken)[0]


# ------------------------------------------------------------------ only-moves


def test_an_only_moves_puzzle_is_proved_checked_and_regenerated(chain):
    puzzle = chain
    assert prove(puzzle) == []
    assert generate(puzzle.id).dumps() == puzzle.dumps()
    offsets = step_offsets(puzzle)
    assert 2 <= len(offsets) <= 4 and all(k >= MIN_CLASSES for k in puzzle.facts["classes"])
    answers = [cls[0] for cls in puzzle.answer]
    assert check(puzzle, ", ".join(answers)) is None
    assert check(puzzle, answers[0]).startswith(f"1 of {len(offsets)} only moves given (right so far)")
    wrong = puzzle.proof["steps"][1][0]["moves"][0]
    assert check(puzzle, f"{answers[0]}, {wrong}").startswith("step 2: ")
    with pytest.raises(ParseError):
        check(puzzle, ", ".join(answers + answers))
    quality = day_quality(Day(LAUNCH, puzzle))
    assert quality.choices >= MIN_CLASSES and quality.tempted


def test_damaged_only_moves_puzzles_are_not_proved(chain):
    swapped = copy.deepcopy(chain)
    swapped.answer[1], swapped.proof["steps"][1][0]["moves"] = swapped.proof["steps"][1][0]["moves"], swapped.answer[1]
    assert any(p.startswith("step 2") for p in prove(swapped))
    missing = copy.deepcopy(chain)
    missing.proof["steps"][0] = missing.proof["steps"][0][1:]
    assert any("alternatives" in p for p in prove(missing))
    far = copy.deepcopy(chain)
    far.facts["steps"] = [0, 9]
    assert prove(far)
    unproved = copy.deepcopy(chain)
    unproved.proof["steps"] = []  # once a traceback (IndexError) in every command
    assert prove(unproved) == ["every step needs its wrong classes"]
    forged = copy.deepcopy(chain)
    forged.proof["steps"][1][0].update(verdict="won", method="guess", nodes=-7)
    assert any("must be stored as unwinnable" in p for p in prove(forged))
    garbled = copy.deepcopy(chain)
    garbled.proof["steps"][0][0]["refutation"] = ["KS L1>F"]
    assert any(p.startswith("proof.steps: the file says") for p in prove(garbled))
    graded = copy.deepcopy(chain)
    graded.grade = 1 if chain.grade != 1 else 2
    assert any(p.startswith("grade: the file says") for p in prove(graded))
    shallow = copy.deepcopy(chain)
    shallow.facts["refutation_depth"] += 5
    assert any("refutation_depth" in p for p in prove(shallow))
    counted = copy.deepcopy(chain)
    counted.facts["classes"] = [9] * len(counted.facts["classes"])
    assert any("facts.classes" in p for p in prove(counted))


def test_a_step_is_proved_as_an_exhaustive_search_decides_it():
    """prove_choice, the check every only-move step passes, accepts a
    position exactly when a search with no pruning finds one winning class
    among at least three, and rejects a wrong answer there."""
    decided = []
    for position in small_positions(400, 4, (8, 14)):
        classes = {}
        for move in position.legal_moves():
            classes.setdefault(position.play_unchecked(move).key(), []).append(move)
        wins = [ms for ms in classes.values() if exhaustively_winnable(position.play_unchecked(ms[0]))]
        if len(wins) != 1:
            continue
        answer = [str(m) for m in wins[0]]
        wrong = [
            Alternative([str(m) for m in ms], "unwinnable", "search") for ms in classes.values() if ms is not wins[0]
        ]
        problems = prove_choice(position, answer, wrong, Move.parse(answer[0]))
        assert (problems == []) == (len(classes) >= MIN_CLASSES), problems
        if wrong:
            swapped = prove_choice(position, wrong[0].moves, [], None)
            assert any("not the stored answer" in p for p in swapped)
        decided.append(len(classes) >= MIN_CLASSES)
    assert decided.count(True) >= 2 and decided.count(False) >= 2, decided
