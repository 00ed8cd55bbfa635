"""A position's typed analysis: the three kinds, their fields against the
functions they gather, and the hands that must be known."""

from __future__ import annotations

import dataclasses

import pytest

from butterfly.games.errors import InputError
from butterfly.games.papillon.format import parse_position
from butterfly.solver.papillon.analysis import analyse, analyse_redeal, paranoid
from butterfly.solver.papillon.exact_seat import exact_seat
from butterfly.solver.papillon.position import AllHandsKnown, FromSeat, OneRedealLeft, analyse_position
from butterfly.solver.papillon.seat import analyse_seat

import checkout

EXAMPLES = checkout.EXAMPLES / "papillon"


def _position(name: str):
    return parse_position((EXAMPLES / name).read_text())


def test_every_hand_known_gathers_maxn_guarantees_and_the_movers_seat():
    position = _position("last-deal.json")
    state = position.state
    result = analyse_position(position, limit=5, seed=1)
    assert isinstance(result, AllHandsKnown) and result.to_move == state.to_move
    rows = analyse(state)
    assert [(m.move, m.maxn_chips, m.maxn_winner, m.guaranteed_chips) for m in result.moves] == [
        (str(r.move), r.maxn.chips, r.maxn.winner, r.paranoid) for r in rows
    ]
    assert result.guaranteed_chips == tuple(paranoid(state, p) for p in range(state.players))
    # the mover's seat beside them: the seat view's own shape, as analysed from that seat; its 20 splits
    # within the exact limits whatever the sampling's limit, so exact
    assert result.from_seat == analyse_position(position, as_player=state.to_move, limit=5, seed=1)
    exact = exact_seat(state)
    assert (result.from_seat.deals, result.from_seat.exhaustive, result.from_seat.exact) == (20, True, True)
    assert _rows(result.from_seat.moves)[:1] == [
        (str(m.move), m.mean_chips, m.win_chance, m.guaranteed, analyse_seat(state).moves[0].mean_chips)
        for m in exact.moves[:1]
    ]
    assert (result.game, result.view, result.from_seat.view) == ("papillon", "open", "seat")


def test_from_a_seat():
    position = _position("from-seat.json")
    seat = analyse_seat(position.state, 0)
    result = analyse_position(position, as_player=0)
    assert isinstance(result, FromSeat) and result.to_move == 0
    assert (result.unseen, result.deals, result.exhaustive) == (tuple(map(str, seat.unseen)), 20, True)
    assert (result.model, result.exact, result.unit, result.why_sampled) == ("expected", True, "chips", None)
    exact = exact_seat(position.state)
    sampled = {str(m.move): m.mean_chips for m in seat.moves}
    assert _rows(result.moves) == [
        (str(m.move), m.mean_chips, m.win_chance, m.guaranteed, sampled[str(m.move)]) for m in exact.moves
    ]
    assert result.best == {"expected": str(exact.best_expected), "guaranteed": str(exact.best_guaranteed),
                           "sampled": str(seat.moves[0].move)}  # fmt: skip
    # each worse move: a split of the unseen cards where it ends with fewer chips, its line and the best's
    assert [w.move for w in result.why_worse] == [m.move for m in result.moves[1:]]
    for why in result.why_worse:
        assert why.best_result > why.result and why.best_line[0] == "P0 AH x AC" and why.line[0] == f"P0 {why.move}"
        assert why.position.startswith("papillon_hAH6SJS.") and why.hands[0] == "AH 6S JS"


def test_from_a_seat_sampled_beyond_the_exact_limits(monkeypatch):
    from butterfly.solver.papillon import seat_answer

    monkeypatch.setattr(seat_answer, "EXACT_DEALS", 10)
    position = _position("from-seat.json")
    result = analyse_position(position, as_player=0)
    assert (result.model, result.exact, result.deals, result.exhaustive) == ("sampled", False, 20, True)
    assert result.why_sampled == "more than 10 deals of the hidden hands"
    assert result.best == {"sampled": "AH x AC"} and result.why_worse == () and result.disagreements == ()
    assert all(m.guaranteed_chips is None and m.sampled_chips is None for m in result.moves)
    # and the search's effort: nothing exact when it may do nothing
    monkeypatch.setattr(seat_answer, "EXACT_DEALS", 2000)
    late = seat_answer.seat_answer(position.state, effort=0)
    assert (late.model, late.exact) == ("sampled", False)
    assert late.why_sampled == "the exact values would take more than about a second"
    assert late.moves == seat_answer.seat_answer(position.state, exact=False).moves  # the sampled answer itself


def test_one_redeal_left():
    position = _position("one-redeal-left.json")
    redeal = analyse_redeal(position.state, limit=20, seed=2)
    result = analyse_position(position, limit=20, seed=2)
    assert isinstance(result, OneRedealLeft) and result.to_move == position.state.to_move
    assert (result.deals, result.exhaustive) == (redeal.splits, False)
    assert _rows(result.moves) == [(str(m.move), m.chips, m.win_chance) for m in redeal.moves]


def _rows(moves) -> list[tuple]:
    return [dataclasses.astuple(m) for m in moves]


def test_the_engines_agree():
    position = _position("last-deal.json")
    assert analyse_position(position, engine="python") == analyse_position(position)


@pytest.mark.parametrize(
    ("name", "as_player", "message"),
    [
        ("from-seat.json", None, "hand 1 is hidden"),
        ("from-seat.json", 1, "player 1's hand is hidden"),
        ("from-seat.json", 3, "--as-player 3 is not a seat"),
        ("last-deal.json", 1, "not to move"),
    ],
)
def test_hands_that_must_be_known(name, as_player, message):
    with pytest.raises(InputError, match=message):
        analyse_position(_position(name), as_player)


def test_a_hidden_hand_is_refused_with_one_redeal_left():
    """The redeal is solved with every hand known: a stand-in for a hidden hand would be analysed as if dealt."""
    position = _position("one-redeal-left.json")
    with pytest.raises(InputError, match="hand 2 is hidden"):
        analyse_position(dataclasses.replace(position, hidden=(2,)))
