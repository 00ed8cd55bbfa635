"""Papillon game records: a game written as a record reads back to the same
hands and moves; a record typed by hand; every bad record is one message
naming the record's line."""

from __future__ import annotations

import pytest

from butterfly.games.errors import IllegalMoveError, InputError, ParseError
from butterfly.games.papillon.game import play_game
from butterfly.games.papillon.record import game_record, read_record
from butterfly.games.papillon.rules import Options
from butterfly.solver.papillon.bots import BOTS

START = "papillon_h9S.KH5S.KS_t2C5D_w20.15.11_c250.262.248_p60_d0_m1"


@pytest.mark.parametrize(
    "options, seed, bots",
    [
        (Options(), 3, ("random", "greedy", "random")),
        (Options(players=4, rounds=1, scoring="modern", tie_stake="double"), 8, ("greedy",) * 4),
        (
            Options(rounds=2, first_dealer="highest", unclaimed_pool="share", when_broke="stop", ante=30),
            11,
            ("random",) * 3,
        ),
    ],
)
def test_a_played_game_reads_back_to_the_same_hands_and_moves(options, seed, bots):
    game = play_game(options, seed, [BOTS[name] for name in bots])
    record = read_record(game_record(game, list(bots)))
    assert record.options == options
    assert record.tags["Seed"] == str(seed) and record.tags["Bots"] == ",".join(bots)
    assert [hand.number for hand in record.hands] == [hand.number for hand in game.hands]
    for read, played in zip(record.hands, game.hands, strict=True):
        assert read.start == played.start
        assert [(m.seat, m.move) for m in read.moves] == [(seat, move) for seat, move, _ in played.moves]
        assert read.end() == played.end
    assert game_record(game, list(bots)).count("every hand is empty") >= 3  # what moves caused, as comments


def test_a_hand_typed_record():
    record = read_record(f'# a hand I played\n[Start "{START}"]\n1. 5S x 5D, 2. trail KS {{no choice}}\n')
    (hand,) = record.hands
    assert hand.number == 1 and [str(m.move) for m in hand.moves] == ["5S x 5D", "trail KS"]
    assert [m.seat for m in hand.moves] == [1, 2] and hand.moves[1].comment == "no choice"
    assert record.options == Options()


@pytest.mark.parametrize(
    "text, error, fragments",
    [
        (f'[Start "{START}"]\n\nP2: 5S x 5D\n', IllegalMoveError, ["line 3: P2: 5S x 5D: P1 is to move, not P2"]),
        (f'[Start "{START}"]\nP1: 5S x 2C\n', IllegalMoveError, ["line 2: P1: 5S x 2C", "not a capture"]),
        (f'[Start "{START}"]\nP1: trail KH 5S\n', IllegalMoveError, ["line 2", "trailing is not allowed"]),
        (f'[Start "{START}"]\nP1: 5S y 5D\n', ParseError, ["line 2: P1: 5S y 5D", "expected"]),
        (f'[Start "{START}"]\nP1: 5Z x 5D\n', ParseError, ["line 2", "unknown card '5Z'"]),
        (
            f'[Start "{START}"]\n5S x 5D\ntrail KS\ntrail 9S\nKH x KS\ntrail 2C\n',
            IllegalMoveError,
            ["line 6: trail 2C: the hand is over"],
        ),
        ('[Game "papillon"]\n', ParseError, ["no hand"]),
        ('[Game "mouche"]\n[Start "x"]\n', ParseError, ["not Papillon"]),
        ('[Hand "1"]\n5S x 5D\n', ParseError, ["hand 1: no [Start"]),
        (f'[Start "{START.replace("9S", "9S5D")}"]\n', ParseError, ["its start position", "5D appears twice"]),
        (f'[Start "{START.replace("KH5S", "2")}"]\n', ParseError, ["start position"]),
        (f'[Players "4"]\n[Start "{START}"]\n', ParseError, ["the tag Players says '4'"]),
        (f'[Rounds "x"]\n[Start "{START}"]\n', ParseError, ["Rounds is a whole number"]),
        (f'[TieStake "triple"]\n[Start "{START}"]\n', InputError, ["unknown tie stake 'triple'"]),
        (f'[Hand "1"]\n[Dealer "P2"]\n[Start "{START}"]\n', ParseError, ["the Dealer tag says 'P2'"]),
    ],
)
def test_a_bad_record_is_one_message_naming_the_line(text, error, fragments):
    with pytest.raises(error) as raised:
        read_record(text)
    for fragment in fragments:
        assert fragment in str(raised.value)
    assert "\n" not in str(raised.value)
