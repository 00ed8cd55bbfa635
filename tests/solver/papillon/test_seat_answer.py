"""Papillon's last deal from a seat, exact within the limits (butterfly/solver/papillon/seat_answer.py):
the exact search's values, where the ways of judging disagree said in words, and a review's seat view
judged exactly where the ending allows it."""

from __future__ import annotations

import pytest

from butterfly.games.papillon.notation import parse_line
from butterfly.games.papillon.record import read_record
from butterfly.games.worlds import deal_worlds
from butterfly.solver.papillon.exact_seat import PapillonSeat, exact_seat
from butterfly.solver.papillon.position import from_seat
from butterfly.solver.papillon.review import review_record
from butterfly.solver.papillon.seat_answer import _dealt, seat_answer
from butterfly.solver.seat_witness import solve_exact, strategy_line, strategy_lines, strategy_results

#: A 4-player last deal from the random bot's games (bench/exact_seat.py's positions), 210 splits of the
#: cards the seat cannot see, where the move best on average is not the one sure of the most chips.
DISAGREE = "papillon_hAC6C.8C7H8H.QD2H7S.3HTS_tQC2DAHTH4S6S9S_w11.16.0.8_c114.125.106.113_p102_d2_m1_l1"


def test_where_the_guaranteed_model_picks_another_move_the_answer_says_so():
    position = parse_line(DISAGREE)
    state = position.state
    answer = seat_answer(state, effort=None)  # (its 8,671 keys are near the effort of an answer)
    exact = exact_seat(state, engine="kernel")
    assert answer.exact and answer.deals == exact.worlds == 210
    assert (answer.best["expected"], answer.best["guaranteed"]) == (exact.best_expected, exact.best_guaranteed)
    result = from_seat(state, answer)
    sure = {m.move: m.guaranteed_chips for m in result.moves}
    top, safest = result.best["expected"], result.best["guaranteed"]
    assert top != safest and sure[safest] > sure[top]
    assert result.disagreements[0] == (
        f"To be sure of the most chips, play {safest}: {sure[safest]} whatever the deal and however the others "
        f"play; {top}, best on average, is sure of {sure[top]}."
    )
    for m, e in zip(result.moves, exact.moves):
        assert (m.move, m.mean_chips, m.win_chance, m.guaranteed_chips) == (
            str(e.move),
            e.mean_chips,
            e.win_chance,
            e.guaranteed,
        )


#: examples/papillon/from-seat.json as a line: P0 to move, 20 splits of the six cards P0 cannot see.
LAST = "papillon_hAH6SJS.4DAS4S.THJH8S_tAC4C6C8CTCJC5D6DJD_w8.13.13_c108.116.116_p80_d2_m0_l2"


def test_a_review_judges_the_last_deal_exactly_from_the_seat():
    (move,) = review_record(read_record(f'[Start "{LAST}"]\nP0: 6S x 6C\n')).hands[0].moves
    assert (move.from_seat.model, move.from_seat.exact, move.from_seat.deals) == ("expected", True, 20)
    answer = seat_answer(parse_line(LAST).state, explain=False)
    values = {str(m.move): round(m.mean_chips, 6) for m in answer.moves}
    assert move.from_seat.judgement.loss == pytest.approx(max(values.values()) - values["6S x 6C"])
    assert [(v.move, v.value) for v in move.from_seat.moves] == sorted(values.items(), key=lambda kv: -kv[1])
    assert (move.open.model, move.open.exact, move.open.why_worse) == ("open", True, None)
    # why 6S x 6C was worse: a split of the unseen cards where it ends with fewer chips than the best move
    why = move.from_seat.why_worse
    assert (why.move, why.best) == ("6S x 6C", "AH x AC") and why.best_result > why.result
    assert why.line[0] == "P0 6S x 6C" and parse_line(why.position).hidden == ()


@pytest.mark.parametrize("line", [LAST, DISAGREE])
def test_the_strategies_played_out_split_by_split_add_up_to_the_exact_values(line):
    """Papillon's seat keeps choosing while it holds a card: the lines are walked, and add up."""
    state = parse_line(line).state
    others = [p for p in range(state.players) if p != state.to_move]
    splits, listed = deal_worlds(
        sorted(c for p in others for c in state.hands[p]), [len(state.hands[p]) for p in others], 5000, None
    )
    worlds = [_dealt(state, others, split) for split in splits]
    run = solve_exact(lambda: PapillonSeat(state, "kernel"), worlds, None)
    assert listed and run is not None
    for move, value in run.expected.items():
        lines = strategy_lines(run, move)
        assert tuple(map(sum, zip(*(line.result for line in lines)))) == value
        assert strategy_results(run, move) == [line.result for line in lines]
        for index in range(0, len(lines), max(1, len(lines) // 10)):
            assert strategy_line(run, move, index) == lines[index]
