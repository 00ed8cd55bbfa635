"""A position's typed analysis: the three kinds, their fields against the
functions they gather, and the hands that must be known."""

from __future__ import annotations

import dataclasses

import pytest

from butterfly.games.errors import InputError
from butterfly.games.mouche.format import parse_position
from butterfly.solver.mouche import analysis
from butterfly.solver.mouche.position import AllHandsKnown, DeclarationAdvice, FromSeat, analyse_position
from butterfly.solver.mouche.seat import analyse_seat, declaration_advice

import checkout

EXAMPLES = checkout.EXAMPLES / "mouche"


def _position(name: str):
    return parse_position((EXAMPLES / name).read_text())


def _rows(rows) -> list[tuple]:
    return [dataclasses.astuple(r) for r in rows]


def test_every_hand_known_gathers_maxn_guarantees_and_the_movers_seat():
    state, hidden = _position("play.json")
    result = analyse_position(state, hidden, worlds=30, seed=1)
    assert isinstance(result, AllHandsKnown) and result.to_move == state.to_move
    expected = [(str(r.card), r.tricks, r.chips(state), r.guaranteed) for r in analysis.analyse(state)]
    assert _rows(result.moves) == expected
    assert result.guaranteed_tricks == analysis.guarantees(state)
    assert result.can_be_forced_to_make_the_mouche == {0: False, 1: False, 2: False, 3: True}
    seat = analyse_seat(state, limit=30, seed=1)
    assert (result.from_seat.to_move, result.from_seat.deals) == (state.to_move, seat.worlds)
    # more deals than the exact limits: sampled, and said so
    assert (result.from_seat.model, result.from_seat.exact, result.from_seat.why_worse) == ("sampled", False, ())
    assert _rows(result.from_seat.moves) == [
        (str(c.action), c.mean_tricks, c.mouche_chance, None, None) for c in seat.cards
    ]


def test_from_a_seat():
    state, hidden = _position("from-seat.json")
    result = analyse_position(state, hidden, as_player=2, worlds=40, seed=3)
    seat = analyse_seat(state, 2, limit=40, seed=3)
    assert isinstance(result, FromSeat)
    assert (result.to_move, result.deals, result.exhaustive) == (2, 40, False)
    assert (result.model, result.exact, result.unit) == ("sampled", False, "tricks")
    assert result.why_sampled == (
        "more than 100 deals of the hidden hands, too many to solve exactly even counting those that play alike once"
    )
    assert [(f.field, f.model, f.exact, f.deals) for f in result.figures] == [
        ("mean_tricks", "sampled", False, 40),
        ("mouche_chance", "sampled", False, 40),
    ]
    assert _rows(result.moves) == [(str(c.action), c.mean_tricks, c.mouche_chance, None, None) for c in seat.cards]


def test_declaration_advice():
    state, hidden = _position("declare.json")
    result = analyse_position(state, hidden, worlds=20, seed=4)
    advice = declaration_advice(state, worlds=20, seed=4)
    assert isinstance(result, DeclarationAdvice) and (result.to_move, result.deals) == (0, 20)
    assert _rows(result.moves) == [(str(o.action), o.mean_chips, o.stderr) for o in advice.options]


@pytest.mark.parametrize(
    ("name", "hidden", "as_player", "message"),
    [
        ("from-seat.json", None, None, "hand 0 is hidden"),
        ("from-seat.json", None, 1, "player 1 is not to move"),
        ("from-seat.json", None, 4, "--as-player 4 is not a seat"),
        ("play.json", (2,), None, "the hand of player 2, who is to move, must be listed"),
    ],
)
def test_hands_that_must_be_known(name, hidden, as_player, message):
    state, listed = _position(name)
    with pytest.raises(InputError, match=message):
        analyse_position(state, listed if hidden is None else hidden, as_player, worlds=5)
