"""Papillon positions in one line: round trips with the state and with the
JSON object, and every kind of bad line refused with one message naming the
field (and the card)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from butterfly.games.cards import make_deck
from butterfly.games.deals import shuffled_deck
from butterfly.games.errors import InputError
from butterfly.games.papillon.format import parse_position, position_to_json
from butterfly.games.papillon.notation import data_of, is_line, line_of, parse_line, position_line, write_line
from butterfly.games.papillon.rules import HandState, Options

LINE = "papillon_h9S.KH5S.KS_t2C5D_w20.15.11_c250.262.248_p60_d0_m1"


def _state_in_play(players: int, scoring: str, seed: int, moves: int) -> HandState:
    """A hand dealt from ``seed`` and played at random for up to ``moves`` moves (never to its end)."""
    rng = random.Random(seed)
    options = Options(players=players, scoring=scoring)
    state = HandState.deal(rng.randrange(players), shuffled_deck(seed), options, chips=(100,) * players, pool=60)
    for _ in range(moves):
        after = state.play_unchecked(rng.choice(state.legal_moves()))
        if after.is_terminal():
            break
        state = after
    return dataclasses.replace(state, events=())


states = st.builds(
    _state_in_play,
    st.sampled_from([3, 4]),
    st.sampled_from(["1725", "modern"]),
    st.integers(0, 2**32),
    st.integers(0, 60),
)


#: Random positions for each round trip: a few hundred in the quick run, thousands with -m slow.
EXAMPLES = [300, pytest.param(3000, marks=pytest.mark.slow)]


def _random_positions(examples: int, check) -> None:
    settings(max_examples=examples, deadline=None)(given(states, st.data())(check))()


@pytest.mark.parametrize("examples", EXAMPLES)
def test_state_to_line_to_state(examples):
    _random_positions(examples, _state_round_trip)


def _state_round_trip(state, data):
    chips = tuple(data.draw(st.integers(-(10**12), 10**12)) for _ in range(state.players))
    state = dataclasses.replace(state, chips=chips, stake=data.draw(st.integers(1, 10**8)))
    line = position_line(state)
    assert is_line(line) and parse_line(line).state == state
    assert parse_line(line).state == parse_position(json.dumps(position_to_json(state))).state


def _json_variant(state: HandState, data) -> dict:
    """The state's JSON object written another way each time: hidden hands, a
    stock given as a count, won cards listed, fields left out or at their defaults."""
    position = position_to_json(state)
    unseen_allowed = data.draw(st.booleans())
    if unseen_allowed:  # hidden hands and a counted stock need every won card listed
        won = sorted(set(make_deck(52)) - set(state.cards()))
        random.Random(data.draw(st.integers(0, 2**32))).shuffle(won)
        cards = iter(won)
        position["taken"] = [[str(next(cards)) for _ in range(count)] for count in state.taken]
        for p in range(state.players):
            if p != state.to_move and data.draw(st.booleans()):
                position["hands"][p] = len(state.hands[p])
        if data.draw(st.booleans()):
            position["stock"] = len(state.stock)
    for name in ("stake", "last_trailer", "papillons", "scoring", "chips", "pool"):
        if data.draw(st.booleans()) and (name != "scoring" or state.options.scoring.value == "1725"):
            position.pop(name)
    if not state.stock and data.draw(st.booleans()) and "papillons" in position:
        position["papillons"] = [p for p in range(state.players) if not state.hands[p]]
    return position


@pytest.mark.parametrize("examples", EXAMPLES)
def test_json_to_line_to_json(examples):
    _random_positions(examples, _json_round_trip)


def _json_round_trip(state, data):
    position = _json_variant(state, data)
    line = line_of(position)
    assert data_of(line) == position
    assert line_of(data_of(line)) == line
    assert parse_line(position_line(position)) == parse_line(line)  # the defaults left out
    assert parse_line(line) == parse_position(json.dumps(position))


def test_a_line_may_use_any_case_and_ten_as_10():
    assert parse_line(LINE.upper().replace("PAPILLON", "papillon")) == parse_line(LINE)
    assert parse_line(LINE.replace("_p60", "_p60_r1725")) == parse_line(LINE)
    assert parse_line(LINE.replace("KS_", "10S_")).state.hands[2][0].rank == 10


@pytest.mark.parametrize(
    "line, message",
    [
        ("papillon_h9S.KH5S_t2C5D_w20.15.11_d0_m1", "hands (h): 2 hands"),
        ("papillon_h9S.KH5S.KS_t2C5D_w20.15.11_m1", "the line has no dealer (d)"),
        ("papillon_h9S.KH5S.KS_t2C5D_w20.15.11_d0", "the line has no to move (m)"),
        ("papillon_t2C5D_w20.15.11_d0_m1", "the line has no hands (h)"),
        ("papillon_h9S.KH5S.KS_w20.15.11_d0_m1", "the line has no table (t)"),
        (LINE.replace("KH5S", "KH5X"), "hand 1: unknown card '5X'"),
        (LINE.replace("t2C5D", "t2C1D"), "table (t): unknown card '1D'"),
        (LINE.replace("KH5S", "5D5S"), "card 5D appears twice in the position: in hand 1 and on the table"),
        (LINE.replace("KH5S", "5S5S"), "card 5S appears twice in hand 1"),
        (LINE.replace("KH5S", "KH5SQSJS"), "hand 1 holds 4 cards"),
        (LINE.replace("t2C5D", "t2C"), "accounts for 51 cards, not 52"),
        (LINE.replace("w20.15.11", "w20.15.12"), "accounts for 53 cards"),
        (LINE.replace("w20.15.11", "w20.15"), "taken (w): 2 entries for 3 players"),
        (LINE.replace("c250.262.248", "c250.262"), "chips (c): 2 entries for 3 players"),
        (LINE.replace("c250.262.248", "c250.x.248"), "chips (c) of player 1 must be a whole number, not 'x'"),
        (LINE.replace("c250.262.248", "c250.-.248"), "chips (c) of player 1"),
        (LINE.replace("c250", "c1000000000001"), "player 0's chips 1000000000001 is out of range"),
        (LINE.replace("_p60", "_p-5"), "'pool' -5 is out of range"),
        (LINE.replace("_p60", "_pa"), "pool (p) must be a whole number, not 'a'"),
        (LINE.replace("_m1", "_m7"), "to_move 7 is out of range"),
        (LINE.replace("_m1", "_m0_l9"), "last_trailer 9 is out of range"),
        (LINE.replace("_d0", "_d0_k0"), "'stake' 0 is out of range"),
        (LINE + "_rclassic", 'unknown scoring "classic"'),
        (LINE + "_b1", "a papillon"),
        (LINE + "_s9", "stock"),
        (LINE + "_s2H3H4H5H6H7H8H9HTH", "card"),
        (LINE.replace("_h9S", "_h9S_h9S"), "the line gives hands (h) twice"),
        (LINE + "_z1", "unknown field 'z1'"),
        (LINE + "_q%", "a line holds only letters"),
        (LINE.replace("papillon_", "mouche_"), "this line is for 'mouche', not papillon"),
        (LINE.replace("KH5S", "2"), "with hidden hands or stock, list the cards each player has taken"),
        (LINE.replace("w20.15.11", "w20.15.11").replace("_m1", "_m1") + "_k1_l-_b-_r1725", None),
    ],
)
def test_bad_lines_name_the_field(line, message):
    if message is None:  # the defaults written out are a good line
        assert parse_line(line) == parse_line(LINE)
        return
    with pytest.raises(InputError) as error:
        parse_line(line)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_every_card_missing_is_named_when_no_card_is_counted():
    position = position_to_json(_state_in_play(3, "1725", 5, 0))
    position["hands"][0].pop()
    position["table"].pop()
    with pytest.raises(InputError, match=r"accounts for 50 cards, not 52 \(.*\): \w\w and \w\w are missing"):
        parse_position(json.dumps(position))


def test_a_json_object_spelling_cards_its_own_way_gives_the_usual_line():
    position = json.loads(json.dumps(position_to_json(_state_in_play(3, "1725", 9, 4))))
    line = position_line(position)
    position["table"] = [" " + card.lower().replace("t", "10") for card in position["table"]]
    assert position_line(position) == line


def test_what_is_a_line():
    assert is_line(LINE) and is_line(" Papillon_h- ")
    assert not is_line("last-deal.json") and not is_line("mouche_d0") and not is_line("papillon")


#: A position where player 2 holds no card, every won card listed (so hands and the stock may be hidden).
EMPTY_HANDED = (
    "papillon_hJS.JH.-_tJC5D6DJDAS4S_wAC2C3C4C5C6C7C8C9CTCQCKC.AD2D3D4D7D8D9DTDQDKDAH2H3H4H5H6H7H"
    ".8H9HTHQHKH2S3S5S6S7S8S9STSQSKS_c111.113.114_p82_d2_m0_l2"
)


def test_a_count_of_zero_is_a_hidden_hand_or_stock_not_an_empty_one():
    """docs/formats.md, "Papillon": ``0`` in ``h`` or ``s`` is a count, so hidden; ``-`` is shown empty."""
    assert parse_line(EMPTY_HANDED).hidden == ()
    assert parse_line(EMPTY_HANDED.replace(".-_t", ".0_t")).hidden == (2,)
    for line in (
        EMPTY_HANDED.replace("_w", "_s0_w"),
        EMPTY_HANDED.replace("_w", "_s-_w"),
        EMPTY_HANDED.replace(".-_t", ".0_t"),
    ):
        assert parse_line(line).state == parse_line(EMPTY_HANDED).state  # no card either way
        assert line_of(data_of(line)) == line  # written as given
    counted = EMPTY_HANDED.split("_w")[0] + "_w12.17.15_c111.113.114_p82_d2_m0_l2"
    parse_line(counted)  # every hand shown, the stock shown empty: won cards may be counts
    for hidden in (counted.replace("_w", "_s0_w"), counted.replace(".-_t", ".0_t")):
        with pytest.raises(InputError, match="list the cards each player has taken"):
            parse_line(hidden)


def test_in_chips_a_dash_is_a_minus_sign_and_minus_zero_is_zero():
    """docs/formats.md, "Papillon": ``-`` before digits is a minus sign; ``-0`` is read and written as 0."""
    assert parse_line(LINE.replace("c250.262.248", "c250.-12.248")).state.chips == (250, -12, 248)
    minus_zero = LINE.replace("c250.262.248", "c250.-0.248")
    assert parse_line(minus_zero).state.chips == (250, 0, 248)
    assert "_c250.0.248_" in position_line(data_of(minus_zero))
    assert data_of(minus_zero)["chips"] == json.loads("[250, -0, 248]")  # as the JSON form reads it
    with pytest.raises(InputError, match="chips \\(c\\) of player 1 must be a whole number, not '-'"):
        parse_line(LINE.replace("c250.262.248", "c250.-.248"))


def test_a_position_read_is_written_back_with_its_hidden_hands_and_won_cards():
    """write_line keeps what the line hid (a hand as its size) and what it listed
    (each player's won cards, in the order given): read again, the same position."""
    for line in (
        EMPTY_HANDED,
        EMPTY_HANDED.replace("_hJS.JH.-", "_h1.JH.-"),
        EMPTY_HANDED.replace("_hJS.JH.-", "_hJS.1.0"),
    ):
        position = parse_line(line)
        written = write_line(position)
        assert parse_line(written) == position
        assert write_line(parse_line(written)) == written
    hidden = parse_line(EMPTY_HANDED.replace("_hJS.JH.-", "_h1.JH.-"))
    assert hidden.hidden == (0,) and "_h1.JH.-_" in write_line(hidden) and "_wAC2C3C" in write_line(hidden)
    counted = parse_line(LINE)
    assert counted.won_cards is None and write_line(counted) == LINE  # won cards counted stay counts
