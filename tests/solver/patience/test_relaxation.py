"""The chain relaxation (solver/relaxation.py) never calls a winnable
position lost, and proves lost some positions the search leaves open.

Its soundness argument is in docs/solver.md. Here it is checked against the
search: on positions the plain search wins, the relaxation must never answer
``lost`` (``possible`` or ``unknown`` are both consistent with a win). The
positions are those of the pruning tests (tests/patience_positions.py). Its
SAT encoding is checked against the relaxed game played out state by state
(tests/relaxed_game.py) on small random positions.
"""

import json
import random
import sqlite3

import pytest

from butterfly.cli import main
from butterfly.games.cards import Card
from butterfly.games.patience.format import parse_deal
from butterfly.games.patience.rules import Position, make_rules
from butterfly.solver.patience import kernel, relaxation
from butterfly.solver.patience.relaxation import LOST, POSSIBLE, check
from butterfly.solver.patience.result import UNRESOLVED, UNWINNABLE, WON, Limits
from butterfly.solver.patience.solve import NO_RESTARTS, solve

from patience_positions import PLAIN, resolved_by_plain_search
from relaxed_game import random_small_position, relaxed_win_exists

EFFORT = 200_000  # conflicts: ample for late positions


def late_positions_of_won_lines(deals, seed):
    """Positions with at most 24 cards in play along found wins (small
    models, so the check is quick), from deals of every basement size and
    both suit rules."""
    rng = random.Random(seed)
    for number in deals:
        rules = make_rules("butterfly", rng.choice([None, "alternate-colours"]), rng.choice([0, 1, 2, 3]))
        position = Position.deal(number, rules)
        result = kernel.solve(position, Limits(max_nodes=200_000))
        if result.result == WON:
            line = [step for step in position.replay(result.moves)[:-1] if step.cards_in_play() <= 24]
            yield from line[:: max(1, len(line) // 3)]


def test_never_lost_on_won_positions():
    verdicts = [check(position, EFFORT).result for position in late_positions_of_won_lines(range(14), seed=5)]
    assert len(verdicts) >= 10
    assert LOST not in verdicts
    assert verdicts.count(POSSIBLE) >= len(verdicts) // 2  # the check has teeth: schedules are found


@pytest.mark.slow
def test_keeps_the_verdict_of_the_plain_search_on_1000_resolved_positions():
    """The issue's check: identical verdicts on 1,000+ positions the plain
    search resolves (a relaxation can only turn a win into a loss)."""
    resolved = resolved_by_plain_search(1500, seed=2026)
    assert len(resolved) >= 1000
    for position, verdict in resolved:
        if verdict == WON:
            assert check(position, EFFORT).result != LOST, position


#: Late in a random alternate-colours game: the pruned search leaves it open
#: after 50 nodes; the relaxation proves it lost in about a second.
OPEN_LATE_POSITION = """game: butterfly
variant: alternate-colours
F: 7C 7D 8H TS
B: JD KD KS
L1: TH TD 9C
L2: -
L3: -
L4: 9D
L5: QC
R1: 8D JS QD KC QH JC
R2: TC 9H 8C
R3: JH QS
R4: -
R5: KH
"""


def agreement_with_the_relaxed_game(count, cards_in_play, seed):
    """The SAT verdicts against the relaxed game played out, on random
    positions; how many of each verdict."""
    rng = random.Random(seed)
    verdicts = {LOST: 0, POSSIBLE: 0}
    for _ in range(count):
        position = random_small_position(rng, cards_in_play)
        expected = POSSIBLE if relaxed_win_exists(position) else LOST
        assert check(position, EFFORT).result == expected, position
        verdicts[expected] += 1
    return verdicts


def test_sat_encoding_agrees_with_the_relaxed_game_played_out():
    verdicts = agreement_with_the_relaxed_game(300, 10, seed=1)
    assert min(verdicts.values()) >= 60  # both answers are well represented


@pytest.mark.slow
def test_sat_encoding_agrees_with_the_relaxed_game_on_3000_positions():
    verdicts = agreement_with_the_relaxed_game(3000, 14, seed=2)
    assert min(verdicts.values()) >= 600


#: Any suit, basement 1: lost, and the SAT solver's first schedules chain
#: cards in loops, which only the loop cuts rule out.
LOST_BY_LOOP_CUTS = """game: butterfly
cells: 1
F: 8C KD 4H KS
B:
L1: JH QC 9H KC TH JC
L2: -
L3: -
L4: -
L5: -
R1: -
R2: QH KH 7H 6H 9C 5H 8H TC
R3: -
R4: -
R5: -
"""


def test_loops_are_cut_until_none_is_left(monkeypatch):
    cuts = []
    loops = relaxation._Schedule.loops
    monkeypatch.setattr(relaxation._Schedule, "loops", lambda self, true: cuts.append(loops(self, true)) or cuts[-1])
    position = parse_deal(LOST_BY_LOOP_CUTS)
    assert not relaxed_win_exists(position)
    assert check(position, EFFORT).result == LOST
    assert cuts and all(len(loop) > 2 for found in cuts for loop in found)  # two-card loops are excluded outright


def lost_position():
    """Late in an alternate-colours game; the search needs a few hundred nodes to prove it lost."""
    rules = make_rules("butterfly", "alternate-colours")
    rows = ["8D", "", "4D JH KD", "", "3D KH QS JD", "5D", "", "QD KS QH JS TD", "", ""]
    return Position(
        rules,
        tuple(tuple(Card.parse(c) for c in row.split()) for row in rows),
        (13, 2, 10, 10),
        (Card.parse("6D"), Card.parse("7D"), Card.parse("9D")),
    ).validate()


def test_proves_lost_what_the_search_proves_lost():
    position = lost_position()
    assert kernel.solve(position, Limits(max_nodes=100_000), **PLAIN).result == UNWINNABLE
    assert check(position, EFFORT).result == LOST


def test_solve_hands_an_unresolved_position_to_the_relaxation():
    position = parse_deal(OPEN_LATE_POSITION)
    assert solve(position, Limits(max_nodes=50), schedule=NO_RESTARTS).result == UNRESOLVED
    result = solve(position, Limits(max_nodes=50, relaxation=EFFORT), schedule=NO_RESTARTS)
    assert (result.result, result.proved_by, result.stopped_by) == (UNWINNABLE, "relaxation", None)
    searched = solve(
        lost_position(), Limits(max_nodes=100_000, relaxation=EFFORT), schedule=NO_RESTARTS, dead_ends=False
    )
    assert (searched.result, searched.proved_by) == (UNWINNABLE, "search")


def test_only_for_lost_rows_and_a_one_way_basement():
    assert relaxation.applies(make_rules("butterfly", "alternate-colours", 0))
    assert not relaxation.applies(make_rules("fortress"))
    with pytest.raises(ValueError):
        check(Position.deal(0, make_rules("fortress")), EFFORT)


def test_cli_reports_a_proof_by_the_relaxation(tmp_path, capsys):
    deal = tmp_path / "late.txt"
    deal.write_text(OPEN_LATE_POSITION)
    with pytest.raises(SystemExit) as done:
        main(["solve", str(deal), "--max-nodes", "50", "--no-restarts", "--relax", str(EFFORT), "--json"])
    assert done.value.code == 0
    answer = json.loads(capsys.readouterr().out)
    assert (answer["result"], answer["proved_by"]) == ("unwinnable", "relaxation")
    with pytest.raises(SystemExit):
        main(["solve", str(deal), "--max-nodes", "50", "--no-restarts"])
    assert "--relax 1000000 may prove it lost" in capsys.readouterr().out


def test_survey_database_records_how_a_deal_was_proved(tmp_path):
    """A database from before the proof column is migrated: its unwinnable
    deals were all proved by the search."""
    from butterfly.solver.survey.db import ResultsDB
    from butterfly.solver.survey.run import DealResult

    path = str(tmp_path / "old.sqlite")
    with sqlite3.connect(path) as old:
        old.execute(
            "CREATE TABLE results (game TEXT NOT NULL, deal INTEGER NOT NULL, result TEXT NOT NULL, "
            "nodes INTEGER NOT NULL, seconds REAL NOT NULL, moves INTEGER NOT NULL, max_nodes INTEGER, "
            "PRIMARY KEY (game, deal))"
        )
        old.execute("INSERT INTO results VALUES ('g', 1, 'unwinnable', 1, 0.1, 0, 10)")
        old.execute("INSERT INTO results VALUES ('g', 2, 'won', 9, 0.1, 50, 10)")
    db = ResultsDB(path)
    db.record("g", DealResult(3, "unwinnable", 10, 40.0, 0, "relaxation"), 10)
    assert [row[5] for row in db.results("g", range(1, 4))] == ["search", "", "relaxation"]
    db.close()
