"""The two kinds of bad input can be told apart, and both are InputErrors
(which the CLI prints as one line with exit code 2)."""

import pytest

from butterfly.games.cards import Card
from butterfly.games.deals import parse_deal_number
from butterfly.games.errors import IllegalMoveError, InputError, ParseError
from butterfly.games.mouche.format import parse_position as parse_mouche
from butterfly.games.papillon.format import parse_position as parse_papillon
from butterfly.games.papillon.rules import HandState
from butterfly.games.papillon.rules import Move as PapillonMove
from butterfly.games.patience.format import parse_deal, parse_moves
from butterfly.games.patience.rules import Move, Position


@pytest.mark.parametrize(
    "parse",
    [
        lambda: Card.parse("1Z"),
        lambda: parse_deal_number("12x"),
        lambda: parse_deal("game: butterfly\nL1: 7D 7X\n"),
        lambda: parse_moves("7H L3-R2"),
        lambda: PapillonMove.parse("7H y 5C"),
        lambda: parse_papillon('{"players": 3, "dealer": 0, "to_move": 1, "hands": "7H", "table": []}'),
        lambda: parse_mouche("[1, 2"),
    ],
)
def test_malformed_input_is_a_parse_error(parse):
    with pytest.raises(ParseError) as info:
        parse()
    assert not isinstance(info.value, IllegalMoveError)
    assert "\n" not in str(info.value)


def test_a_move_against_the_rules_is_an_illegal_move_error():
    position = Position.deal(1)
    with pytest.raises(IllegalMoveError, match="not the outer card"):
        position.play(Move.parse("7D L1>R1"))
    state = HandState.deal(0)
    trail = PapillonMove(state.hands[1], ())
    if state.check_move(trail) is not None:
        with pytest.raises(IllegalMoveError, match="trailing is not allowed"):
            state.play(trail)


def test_both_kinds_are_input_errors():
    assert issubclass(ParseError, InputError) and issubclass(IllegalMoveError, InputError)
    assert not issubclass(ParseError, IllegalMoveError)
