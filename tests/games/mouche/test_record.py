"""La Mouche game records: a played game written and read back gives the same
hands and actions; a hand-typed record; every bad action named by its line."""

from __future__ import annotations

import dataclasses

import pytest

from butterfly.games.errors import IllegalMoveError, InputError
from butterfly.games.mouche.game import play_game
from butterfly.games.mouche.notation import position_line
from butterfly.games.mouche.record import game_record, read_record
from butterfly.games.mouche.rules import MoucheEntry, MoucheOptions
from butterfly.solver.mouche.bots import random_bot, rule_bot


@pytest.mark.parametrize(
    "options, seed",
    [
        (MoucheOptions(players=3), 1),
        (MoucheOptions(players=4, pamphile=True, entry=MoucheEntry.LARGEST_FIRST), 47),  # a turned Pamphile
        (MoucheOptions(players=5, entry=MoucheEntry.CAP, cap=10, turned_pamphile_needs_standing=True), 3),
        (MoucheOptions(players=6, pamphile=True, pamphile_any_suit=True), 4),
    ],
)
def test_a_game_reads_back_to_the_same_hands_and_actions(options, seed):
    game = play_game(options, 4, seed, ([random_bot, rule_bot] * 3)[: options.players])
    text = game_record(game, ["random"] * options.players)
    record = read_record(text)
    assert record.options == dataclasses.replace(options, when_broke=record.options.when_broke)
    assert record.tags["Seed"] == str(seed) and len(record.hands) == len(game.hands)
    for played, read in zip(game.hands, record.hands):
        assert read.number == played.number
        assert [(m.seat, m.move) for m in read.moves] == [(seat, action) for seat, action, _ in played.moves]
        assert position_line(read.start) == position_line(played.start)
        assert dataclasses.replace(read.end(), stock=()) == dataclasses.replace(played.end, stock=())
    if options.pamphile and options.entry is MoucheEntry.LARGEST_FIRST:
        assert "trump" in text and "_q" in text  # the dealer's choice, and mouches waiting their turn


START = "mouche_d2_tTH_a-.-.-_hKHQH9S8SJC.AH8D9DJDKS.ACKCQC8CQD_p5_c1000.1000.995"


def test_a_hand_typed_record_with_draws():
    record = read_record(
        f"""# typed by hand
[Start "{START}"]
P0: discard JC 8S draw 9C TD {{two clubs and a diamond left}}
P1: stand, P2: fold
4. P0: KH
"""
    )
    hand = record.hands[0]
    assert [str(move) for move in hand.moves] == ["discard JC 8S draw 9C TD", "stand", "fold", "KH"]
    assert hand.moves[0].comment == "two clubs and a diamond left" and hand.moves[3].line == 5
    assert hand.start.stock[:2] == tuple(hand.moves[0].drawn)
    assert {str(c) for c in hand.end().hands[0]} == {"QH", "9S", "9C", "TD"}


@pytest.mark.parametrize(
    "moves, error, message",
    [
        ("P0: stand\nP2: stand", IllegalMoveError, "line 3: P2: stand: P1 is to move, not P2"),
        ("P0: stand\nP1: AH", IllegalMoveError, "line 3: P1: AH: player 1 must declare"),
        ("P0: discard 2C", InputError, "line 2: P0: discard 2C: "),
        ("P0: discard JC", InputError, "line 2: P0: discard JC: say the 1 cards drawn"),
        ("P0: discard JC draw AH", IllegalMoveError, "AH cannot be drawn: it is in hand 1"),
        ("P0: stand draw AS", InputError, "only a discard draws cards"),
        ("P0: stand\nP1: stand\nP2: stand\nP0: 7C", IllegalMoveError, "line 5: P0: 7C: player 0 does not hold 7C"),
        ("P0: fold\nP1: fold\nP2: stand", IllegalMoveError, "line 4: P2: stand: the hand is over"),
    ],
)
def test_bad_actions_name_the_line(moves, error, message):
    with pytest.raises(error) as raised:
        read_record(f'[Start "{START}"]\n{moves}\n')
    assert message in str(raised.value)


@pytest.mark.parametrize(
    "text, message",
    [
        ('[Game "papillon"]\n[Start "x"]', "this record is of 'papillon'"),
        ("", "the record has no hand"),
        ('[Hand "1"]\nP0: stand', 'hand 1: no [Start "LINE"] tag'),
        ('[Start "mouche_d2_tTH_a-.-.-_h5.5.5"]', "hand 1: the start position must show every hand"),
        ('[Start "mouche_d2_tTH"]', "hand 1, its start position: the line has no declared (a)"),
        (f'[Pamphile "yes"]\n[Start "{START}"]', "the tag Pamphile says 'yes', the start position 'no'"),
        (f'[Hand "1"]\n[Dealer "P0"]\n[Start "{START}"]', "the Dealer tag says 'P0', the start position P2"),
        (f'[TurnedPamphileNeedsStanding "maybe"]\n[Start "{START}"]', '"yes" or "no"'),
    ],
)
def test_bad_records(text, message):
    with pytest.raises(InputError) as raised:
        read_record(text)
    assert message in str(raised.value)
