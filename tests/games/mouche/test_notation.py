"""La Mouche positions in one line: round trips with the state and the JSON
position on random positions, and every kind of bad line refused naming its field."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from butterfly.games.cards import make_deck
from butterfly.games.errors import InputError
from butterfly.games.mouche.format import parse_position, position_to_json
from butterfly.games.mouche.game import play_game
from butterfly.games.mouche.notation import data_of, is_line, line_of, parse_line, position_line, write_line
from butterfly.games.mouche.rules import MoucheEntry, MoucheHand, MoucheOptions
from butterfly.solver.mouche.bots import random_bot, rule_bot

import checkout

EXAMPLES = checkout.EXAMPLES / "mouche"


def random_position(seed: int) -> tuple[MoucheHand, tuple[int, ...]]:
    """A position somewhere in a hand played by random and rule-based bots,
    with random options, and some hands hidden."""
    rng = random.Random(seed)
    options = MoucheOptions(
        players=rng.choice([3, 4, 5, 6]),
        pamphile=rng.random() < 0.5,
        pamphile_any_suit=rng.random() < 0.2,
        entry=rng.choice(list(MoucheEntry)),
        cap=rng.choice([20, 40]),
    )
    bots = [rng.choice([random_bot, rule_bot]) for _ in range(options.players)]
    game = play_game(options, rng.randint(1, 3), seed, bots)
    states = [state for hand in game.hands for state in _states(hand) if not state.is_terminal()]
    state = rng.choice(states)
    seats = [p for p in range(state.players) if p != state.to_move and state.declared[p] != "fold"]
    hidden = tuple(sorted(rng.sample(seats, rng.randint(0, len(seats)))))
    return state, hidden


def _states(hand):
    state = hand.start
    yield state
    for _, action, _ in hand.moves:
        state = state.play(action)
        yield state


def same_position(state: MoucheHand) -> MoucheHand:
    """What a position holds of a state: not the cards of a player who folded,
    nor the stock's order (read back, the stock is the unseen cards in order),
    nor what the last move did."""
    hands = tuple(() if declared == "fold" else hand for hand, declared in zip(state.hands, state.declared))
    seen = {card for hand in hands for card in hand} | {state.turned} | {c for _, c in state.plays + state.trick}
    seen |= {card for cards in state.discarded for card in cards}
    unseen = sorted(set(make_deck(state.options.deck_size)) - seen)
    return dataclasses.replace(state, hands=hands, stock=tuple(unseen[: len(state.stock)]), events=())


def check_round_trips(seed: int) -> None:
    """state -> line -> state, and JSON -> line -> JSON, on a random position."""
    state, hidden = random_position(seed)
    line = position_line(state)
    assert is_line(line) and len(line) < 400
    assert parse_line(line) == (same_position(state), ())
    data = position_to_json(state, hidden)
    assert data_of(line_of(data)) == data
    assert parse_line(line_of(data)) == parse_position(json.dumps(data))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_state_line_state_and_json_line_json(seed):
    check_round_trips(seed)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_thousands_of_positions_round_trip(seed):
    check_round_trips(seed)


def test_the_examples_read_the_same_as_lines():
    for path in sorted(EXAMPLES.glob("*.json")):
        state, hidden = parse_position(path.read_text())
        assert parse_line(position_line(state, hidden)) == (state, hidden)


PLAY = "mouche_d3_tTH_as.s.s.d4_h6C6DQD.9C9H7S.7D9DAHKS.AC8CKCTS_w0KH18H26H37H_k0KD1AD_p15_c1000.1000.1000.995"


@pytest.mark.parametrize(
    "line, message",
    [
        (PLAY.replace("_d3", ""), "the line has no dealer (d)"),
        (PLAY + "_z1", "unknown field 'z1'"),
        (PLAY + "_p20", "gives pool (p) twice"),
        (PLAY.replace("mouche", "papillon"), "this line is for 'papillon'"),
        (PLAY.replace("tTH", "tTHTS"), "turned card (t): one card"),
        (PLAY.replace("tTH", "tXH"), "turned card (t): unknown card 'XH'"),
        (PLAY.replace("9C9H7S", "9C9H7X"), "hand 1: unknown card '7X'"),
        (PLAY.replace("9C9H7S", "9C9H6D"), "card 6D appears twice in the position: in hand 0 and in hand 1"),
        (PLAY.replace("9C9H7S", "9C9H2S"), "hand 1: card 2S is not in the 36-card pack"),
        (PLAY.replace("9C9H7S", "9C9H"), "player 1 holds 2 cards"),
        (PLAY.replace("k0KD1AD", "k0KD1KH"), "card KH appears twice in the position: in trick 1 and in the trick"),
        (PLAY.replace("k0KD1AD", "k1AD0KD"), "out of turn"),
        (PLAY.replace("w0KH18H", "w0KH1QS"), "trick 1: impossible play"),
        (PLAY.replace("w0KH18H26H37H", "w0KH18H26H"), "player 3 holds 4 cards; after what they played they hold 5"),
        (PLAY.replace("k0KD1AD", "kKD"), "trick in progress (k): a seat digit before each card"),
        (PLAY.replace("as.s.s.d4", "as.s.s.x4"), "declarations (a): player 3: 'x4'"),
        (PLAY.replace("as.s.s.d4", "as.s.s"), "declarations (a): 3 entries for 4 players"),
        (PLAY.replace("as.s.s.d4", "a-.s.s.d4"), "declarations go in turn"),
        (PLAY.replace("c1000.1000.1000.995", "c1000.1000.1000.x"), "chips (c) of player 3 must be a whole number"),
        (PLAY.replace("p15", "p17"), "the pool is a multiple of 5"),
        (PLAY.replace("d3", "d9"), "dealer 9 is out of range"),
        (PLAY + "_oclever", "options (o): unknown option 'clever'"),
        (PLAY + "_uX", "trumps (u): a suit letter"),
        (PLAY + "_uS", "trumps are the turned card's suit"),
        (PLAY + "_q5", "only with entry largest-first"),
        (PLAY + "_x-.-.-.8C", "do not match their declaration"),
        (PLAY + "_h1", "gives hands (h) twice"),
        ("mouche_d0_tTH_a-.-_h5.5", "hands (h): 2 hands, where La Mouche has 3 to 6 players"),
        (PLAY + "_p%", "a line holds only letters, digits"),
    ],
)
def test_bad_lines_name_the_field(line, message):
    with pytest.raises(InputError) as error:
        parse_line(line)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_a_turned_pamphile_waits_for_the_dealers_choice():
    line = (
        "mouche_opamphile.largest-first_d2_tJC_a-.-.-.-_h9DJD9H9SQS.ADAHTH8SKS.AC7C9CTD7S.6D7D7HJHAS"
        "_p15_c1003.986.995.996_q5"
    )
    state, _ = parse_line(line)
    assert state.phase == "trump" and state.to_move == 2 and state.pending == (5,) and position_line(state) == line
    with pytest.raises(InputError, match="give the trump suit"):
        parse_line(line.replace("a-.-.-.-", "a-.-.-.s"))


def test_a_folded_hand_is_a_dash_or_zero_and_never_hidden():
    """docs/formats.md, "La Mouche and Le Pamphile": player 1 folded; ``-`` and ``0`` are the same."""
    folded = "mouche_d0_tTS_a-.f.-.-_h6CKC7H7SJS.-.ACTDJDAHKH.6DQDKD8H6S_p5_c995.1000.1000.1000"
    assert parse_line(folded.replace("S.-.A", "S.0.A")) == parse_line(folded) and parse_line(folded)[1] == ()
    with pytest.raises(InputError, match="player 0 should hold 5 cards, not 0"):  # a number elsewhere: hidden
        parse_line(folded.replace("h6CKC7H7SJS.", "h0."))
    assert parse_line(folded.replace("h6CKC7H7SJS.", "h5."))[1] == (0,)


def test_a_position_read_is_written_back_with_its_hidden_hands():
    """write_line writes a hidden seat's hand as its size: read again, the same position."""
    position = parse_line(PLAY.replace("7D9DAHKS.AC8CKCTS", "7D9DAHKS.4"))
    assert position.hidden == (3,)
    written = write_line(position)
    assert "_h6C6DQD.9C9H7S.7D9DAHKS.4_" in written
    assert parse_line(written) == position and write_line(parse_line(written)) == written
