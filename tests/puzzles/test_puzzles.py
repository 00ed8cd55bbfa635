"""Butterfly puzzles: IDs and files, each kind generated, proved again and
checked, damaged puzzles caught, and the exhaustive searches they rest on
held against searches with no pruning at all."""

import dataclasses
import itertools
import json

import pytest

from butterfly.games.errors import ParseError
from butterfly.games.patience.format import deal_from_json
from butterfly.games.patience.rules import Move
from butterfly.puzzles.document import MIN_CLASSES, Puzzle, PuzzleId
from butterfly.puzzles.generate import check, find, generate, load, prove
from butterfly.puzzles.kinds import line_kind_of
from butterfly.puzzles.patience.endgame import exhaustively_winnable, shortest_win
from butterfly.solver.patience.result import UNWINNABLE, WON, Limits
from butterfly.solver.patience.solve import solve

from patience_positions import small_positions

#: One seed of each kind that gives a puzzle (found by trying seeds from 0; for a resource
#: puzzle, which searches every count of cells, the quickest to make of seeds 0-7: 2 s, not 6 to 13).
SEEDS = {"deal": 1, "only-move": 10, "win-in": 2, "resource": 4}


@pytest.fixture(scope="module")
def puzzles():
    return {kind: generate(PuzzleId.make(kind, "butterfly", seed)) for kind, seed in SEEDS.items()}


# ---------------------------------------------------------------- IDs, files


def test_id_round_trip_and_order():
    pid = PuzzleId.parse("win-in:butterfly/alternate-colours:s=12")
    assert (pid.kind, pid.game, pid.seed) == ("win-in", "butterfly/alternate-colours", 12)
    assert PuzzleId.parse(str(pid)) == pid
    assert str(PuzzleId.make("only-card", "mouche", 5, g=2)) == "only-card:mouche:g=2:s=5"
    assert PuzzleId.parse("only-card:mouche:s=5:g=2") == PuzzleId.make("only-card", "mouche", 5, g=2)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "only-move",
        "only-move:butterfly",
        "riddle:butterfly:s=1",
        "only-move:Butterfly!:s=1",
        "only-move:butterfly:s=1:s=2",
        "only-move:butterfly:seed=1",
        "only-move:butterfly:s=1e3",
        "only-move:butterfly:s=99999999999999999999",
        "only-move:butterfly:g=1",
        "only-move:butterfly:s=\u0661",
    ],
)
def test_bad_ids_are_one_parse_error(text):
    with pytest.raises(ParseError) as error:
        PuzzleId.parse(text)
    assert "\n" not in str(error.value)


def test_file_round_trip(puzzles):
    for puzzle in puzzles.values():
        again = Puzzle.loads(puzzle.dumps())
        assert again.dumps() == puzzle.dumps()


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.pop("proof"),
        lambda d: d.update(format="chess-puzzle"),
        lambda d: d.update(version=2),
        lambda d: d.update(grade=6),
        lambda d: d.update(grade=True),
        lambda d: d.update(answer="JD R3>L4"),
        lambda d: d.update(kind="deal"),
        lambda d: d.update(id="only-move:butterfly"),
        lambda d: d.update(extra=1),
        lambda d: d.update(rating="hard"),
        lambda d: d["proof"].update(alternatives=[{"moves": "x"}]),
    ],
)
def test_damaged_files_are_one_parse_error(puzzles, damage):
    data = json.loads(puzzles["only-move"].dumps())
    damage(data)
    with pytest.raises(ParseError):
        Puzzle.loads(json.dumps(data))


def test_not_json_is_one_parse_error():
    for text in ["", "[]", "{", '{"format": "butterfly-puzzle"}', "nan"]:
        with pytest.raises(ParseError):
            Puzzle.loads(text)


# ------------------------------------------------------------------ kinds


def test_each_kind_is_proved(puzzles):
    for kind, puzzle in puzzles.items():
        assert puzzle is not None and puzzle.kind == kind
        assert prove(puzzle) == [], kind
        assert 1 <= puzzle.grade <= 5


@pytest.mark.parametrize("kind", SEEDS)
def test_each_kind_is_regenerated_byte_for_byte(puzzles, kind):
    assert generate(puzzles[kind].id).dumps() == puzzles[kind].dumps()


def test_solutions_replay_and_win_through_the_rules(puzzles):
    for puzzle in puzzles.values():
        position = deal_from_json(puzzle.position)
        assert position.replay([Move.parse(m) for m in puzzle.solution])[-1].is_won()


def test_only_move_answer_and_traps(puzzles):
    puzzle = puzzles["only-move"]
    position = deal_from_json(puzzle.position)
    assert check(puzzle, puzzle.answer[0][0]) is None
    assert 1 + len(puzzle.alternatives()) >= MIN_CLASSES
    for alternative in puzzle.alternatives():
        assert alternative.verdict == UNWINNABLE and alternative.method in ("search", "dead-end")
        reason = check(puzzle, alternative.moves[0])
        assert reason is not None and "loses" in reason
        assert solve(position.play(Move.parse(alternative.moves[0])), Limits(max_nodes=10**6)).result == UNWINNABLE
    assert puzzle.facts["refutation_depth"] >= 3
    assert "not legal" in check(puzzle, "KS L1>F")
    with pytest.raises(ParseError):
        check(puzzle, "JD R3>L4, JD L4>R3")


def test_only_move_every_legal_move_is_in_a_class(puzzles):
    """The classes cover the plain generator's moves: no root pruning."""
    puzzle = puzzles["only-move"]
    position = deal_from_json(puzzle.position)
    listed = set(puzzle.answer[0]) | {m for a in puzzle.alternatives() for m in a.moves}
    assert listed == {str(m) for m in position.legal_moves()}


def test_win_in_n_is_the_shortest(puzzles):
    puzzle = puzzles["win-in"]
    n = puzzle.facts["n"]
    assert puzzle.proof["shortest"] == n == len(puzzle.solution)
    assert check(puzzle, ", ".join(puzzle.solution)) is None
    assert "still in play" in check(puzzle, ", ".join(puzzle.solution[:-1]))
    position = deal_from_json(puzzle.position)
    longer = _longer_win(position, n)
    if longer is not None:
        assert "the goal is" in check(puzzle, ", ".join(map(str, longer)))


def _longer_win(position, n):
    """A win longer than ``n``: a card moved out and back, then the shortest win."""
    for move in position.legal_moves():
        child = position.play_unchecked(move)
        back = Move(move.card, move.target, move.source)
        if move.target not in ("F", "B") and child.check_move(back) is None:
            line = shortest_win(position).line
            return [move, back, *line]
    return None


def test_resource_is_won_with_fewer_cells_and_not_with_one_fewer(puzzles):
    puzzle = puzzles["resource"]
    position = deal_from_json(puzzle.position)
    assert position.rules.cells == puzzle.facts["cells"] < puzzle.facts["rules_cells"]
    assert check(puzzle, "\n".join(puzzle.solution)) is None
    if position.rules.cells:
        assert puzzle.proof["fewer_cells"]["verdict"] == UNWINNABLE


def test_damaged_puzzles_are_not_proved(puzzles):
    only = puzzles["only-move"]
    wrong = only.alternatives()[0].moves
    swapped = dataclasses.replace(only, answer=[wrong])
    assert prove(swapped)
    win_in = puzzles["win-in"]
    assert prove(dataclasses.replace(win_in, facts={**win_in.facts, "n": win_in.facts["n"] - 1}))
    assert prove(dataclasses.replace(win_in, solution=win_in.solution[:-1]))
    moved = json.loads(json.dumps(only.position))
    moved["basement"] = moved["basement"][:-1]  # a card lost: not a position at all
    assert prove(dataclasses.replace(only, position=moved))


def test_find_loops_over_seeds_to_the_grade():
    puzzle = find("win-in", "butterfly", grade=3, seed=2)
    assert puzzle.grade == 3 and generate(puzzle.id).dumps() == puzzle.dumps()


def test_load_by_id_and_bad_sources(tmp_path):
    assert str(load("win-in:butterfly:s=2").id) == "win-in:butterfly:s=2"
    with pytest.raises(ParseError):
        load("win-in:butterfly:s=x")
    for source in ["nothing-here", "only-card:chess:s=1"]:
        with pytest.raises(Exception) as error:
            load(source)
        assert "\n" not in str(error.value)


# ------------------------------------- the searches, against no pruning at all


@pytest.fixture(scope="module")
def small():
    return small_positions(60, 1, (6, 12))


def test_solver_verdicts_match_an_exhaustive_search(small):
    """The sound solver (with its pruning) and a search with none agree on
    every small position and on every child: so the uniqueness of a class,
    decided by the solver, is what an exhaustive search finds."""
    only_moves = 0
    for position in small:
        truth = exhaustively_winnable(position)
        assert solve(position, Limits(max_nodes=10**6)).result == (WON if truth else UNWINNABLE)
        classes = {}
        for move in position.legal_moves():
            classes.setdefault(position.play_unchecked(move).key(), move)
        by_solver = [solve(position.play_unchecked(m), Limits(max_nodes=10**6)).result == WON for m in classes.values()]
        by_oracle = [exhaustively_winnable(position.play_unchecked(m)) for m in classes.values()]
        assert by_solver == by_oracle
        only_moves += sum(by_oracle) == 1
    assert only_moves >= 1  # the sample holds only-move positions


def test_shortest_win_is_shortest(small):
    for position in small[:20]:
        found = shortest_win(position)
        assert found.complete
        if not exhaustively_winnable(position):
            assert found.moves is None
            continue
        assert position.replay(found.line)[-1].is_won() and len(found.line) == found.moves
        assert not _wins_within(position, found.moves - 1)


def _wins_within(position, depth, tried=None):
    """Is there a win in ``depth`` moves or fewer? Depth first over every
    line, a position skipped only when already tried with as many moves left."""
    tried = {} if tried is None else tried
    if position.is_won():
        return True
    if depth == 0 or tried.get(position.key(), -1) >= depth:
        return False
    tried[position.key()] = depth
    return any(_wins_within(child, depth - 1, tried) for _, child in position.children())


def test_shortest_win_gives_up_at_its_cap():
    position = deal_from_json(generate(PuzzleId.make("win-in", "butterfly", 2)).position)
    capped = shortest_win(position, max_positions=5)
    assert capped.moves is None and not capped.complete
    assert exhaustively_winnable(position, max_positions=5) is None


@pytest.mark.slow
def test_solver_verdicts_match_an_exhaustive_search_many():
    for position in itertools.islice(small_positions(400, 2, (6, 13)), 400):
        truth = exhaustively_winnable(position)
        assert solve(position, Limits(max_nodes=10**6)).result == (WON if truth else UNWINNABLE)


# ------------------------------------------------------------------ par


def test_every_puzzle_won_by_a_line_has_a_par_its_solution_meets(puzzles):
    for kind, puzzle in puzzles.items():
        par = puzzle.par
        if kind == "only-move":
            assert par is None
            continue
        assert par is not None and par.lower <= par.moves == len(puzzle.solution), kind
        assert (par.proved == "optimal") == (par.lower == par.moves)
        right = check(puzzle, ", ".join(puzzle.solution))
        assert right is None
    endgame = puzzles["win-in"].par
    assert (endgame.moves, endgame.proved, endgame.method) == (puzzles["win-in"].facts["n"], "optimal", "breadth-first")
    deal = puzzles["deal"].par
    assert deal.method == "A*" and deal.proof_nodes and deal.memory_mib and deal.code


def test_a_par_below_the_truth_or_a_solution_of_another_length_is_not_proved(puzzles):
    puzzle = puzzles["deal"]
    par = puzzle.par.to_json()
    too_low = dataclasses.replace(puzzle, proof={**puzzle.proof, "par": {**par, "moves": par["moves"] - 1}})
    assert any("par" in problem for problem in prove(too_low))
    if par["proved"] == "bounded":  # a bound the same search cannot prove again
        bold = {**par, "lower": par["moves"], "proved": "optimal"}
        assert prove(dataclasses.replace(puzzle, proof={**puzzle.proof, "par": bold}))
    assert prove(dataclasses.replace(puzzle, proof={k: v for k, v in puzzle.proof.items() if k != "par"}))


@pytest.mark.parametrize(
    "damage",
    [
        lambda p: p.update(moves="62"),
        lambda p: p.update(lower=p["moves"] + 1),
        lambda p: p.update(proved="probably"),
        lambda p: p.update(proved="optimal", lower=p["moves"] - 1),
        lambda p: p.update(method="guess"),
        lambda p: p.update(extra=1),
        lambda p: p.pop("lower"),
        lambda p: p.update(code=5),
    ],
)
def test_a_damaged_par_is_one_parse_error(puzzles, damage):
    data = json.loads(puzzles["win-in"].dumps())
    damage(data["proof"]["par"])
    with pytest.raises(ParseError):
        Puzzle.loads(json.dumps(data))


def test_with_par_gives_an_old_puzzle_its_par_and_the_shortest_line(puzzles):
    for kind in ("deal", "win-in"):
        new = puzzles[kind]
        old = dataclasses.replace(new, proof={k: v for k, v in new.proof.items() if k != "par"})
        if kind == "deal":  # the line it had is replaced by the shortest found
            old = dataclasses.replace(old, solution=[])
        upgraded = line_kind_of(old).with_par(old)
        assert upgraded.dumps() == new.dumps(), kind
        assert line_kind_of(new).with_par(new) is new  # a puzzle with a par keeps it
    assert line_kind_of(puzzles["only-move"]) is None  # no par: not won by any winning line


def test_a_better_par_replaces_a_bounded_one_and_a_worse_never_does(puzzles):
    # `butterfly calendar par --again`: the deal searched again with a larger budget.
    from butterfly.solver.survey.lengths import shortest_deal

    puzzle = puzzles["deal"]
    kind = line_kind_of(puzzle)
    with_better_par = kind.with_better_par
    rules, deal = kind.par_key(puzzle)
    row = shortest_deal(deal, rules, 200_000, 2048)
    assert row.result == "optimal" and row.length <= puzzle.par.moves and row.lower >= puzzle.par.lower
    better = with_better_par(puzzle, row)
    if puzzle.par.proved == "optimal" and row.length == puzzle.par.moves:
        assert better is puzzle
        return
    assert (better.par.moves, better.par.lower, better.par.proved) == (row.length, row.lower, "optimal")
    assert better.solution == [move.strip() for move in row.line.split(",")]
    assert prove(better) == []
    worse = dataclasses.replace(row, length=row.length + 3, lower=row.lower - 1, result="bounded")
    assert with_better_par(better, worse) is better
    assert with_better_par(better, row) is better  # (no better than what it has)
