"""What a seat knows of the hidden hands: in Le Pamphile, who was paid for
holding the Pamphile (public once the declarations end) is written in a
position with hidden hands, read back, and every deal the seat considers
honours it; and every deal that fits is listed whenever they are few enough,
however many the deals before the filter."""

from __future__ import annotations

import json
import random

import pytest

from butterfly.games.cards import make_deck
from butterfly.games.errors import ParseError
from butterfly.games.mouche.format import parse_position, position_to_json
from butterfly.games.mouche.game import play_game
from butterfly.games.mouche.hidden import consistent_worlds, forbidden_cards, seen_cards
from butterfly.games.mouche.notation import parse_line, position_line
from butterfly.games.mouche.record import game_record, read_record
from butterfly.games.mouche.rules import PAMPHILE, MoucheHand, MoucheOptions
from butterfly.games.worlds import deal_worlds, hand_splits, split_count
from butterfly.solver.mouche.bots import BOTS
from butterfly.solver.mouche.seat import analyse_seat, guided_worlds


def _pamphile_states(players: int, seeds: range) -> list[MoucheHand]:
    out = []
    for seed in seeds:
        options = MoucheOptions(players=players, pamphile=True)
        game = play_game(options, 1, seed, [BOTS["random"]] * players)
        record = read_record(game_record(game, ["random"] * players))
        out += [state for hand in record.hands for state, _ in hand.positions() if state.phase == "play"]
    return out


def _seat(state: MoucheHand):
    player = state.to_move
    unseen = [c for c in make_deck(state.options.deck_size) if c not in seen_cards(state, player)]
    others = [p for p in state.in_hand() if p != player]
    forbidden = forbidden_cards(state, [h for h in state.history() if h[0] != player])
    return unseen, others, forbidden


def _holder(state: MoucheHand) -> int:
    return next((p for p in state.in_hand() if PAMPHILE in state.hands[p]), -1)


def test_the_rules_remember_who_was_paid_for_the_pamphile():
    states = _pamphile_states(3, range(20))
    paid = {state.pamphile_paid for state in states}
    assert None not in paid and len(paid) > 1
    for state in states:
        if PAMPHILE in {c for hand in state.hands for c in hand}:  # not yet played: still where it was paid
            assert state.pamphile_paid == _holder(state) or state.turned == PAMPHILE


def test_a_hidden_hand_keeps_who_was_paid_and_every_deal_honours_it():
    checked = 0
    for state in _pamphile_states(3, range(40)):
        unseen, others, forbidden = _seat(state)
        if PAMPHILE not in unseen:
            continue
        hidden = tuple(sorted(others))
        data = position_to_json(state, hidden)
        assert data["pamphile_paid"] == (state.pamphile_paid if state.pamphile_paid >= 0 else None)
        read, read_hidden = parse_position(json.dumps(data))
        assert read.pamphile_paid == state.pamphile_paid and read_hidden == hidden
        assert parse_line(position_line(state, hidden)) == (read, hidden)
        # The stand-ins agree with it too.
        assert _holder(read) == state.pamphile_paid
        worlds, _ = consistent_worlds(read, unseen, others, forbidden, 300, random.Random(0))
        worlds = list(worlds)
        assert worlds
        for world in worlds:
            holders = [p for p, hand in zip(others, world) if PAMPHILE in hand]
            assert holders == ([state.pamphile_paid] if state.pamphile_paid >= 0 else [])
        for world in guided_worlds(read, unseen, others, forbidden, 50, random.Random(1)):
            holders = [p for p, hand in zip(others, world) if PAMPHILE in hand]
            assert holders == ([state.pamphile_paid] if state.pamphile_paid >= 0 else [])
        checked += 1
        if checked == 12:
            return
    pytest.fail(f"only {checked} positions with the Pamphile unseen")


@pytest.mark.parametrize(
    "change, message",
    [
        ({"pamphile": False}, "'pamphile_paid' is for Le Pamphile once the declarations are over"),
        ({"pamphile_paid": 7}, "'pamphile_paid'"),
    ],
)
def test_a_wrong_pamphile_paid_is_refused(change, message):
    state = next(s for s in _pamphile_states(3, range(40)) if PAMPHILE in _seat(s)[0] and s.pamphile_paid >= 0)
    data = position_to_json(state, tuple(_seat(state)[1])) | change
    with pytest.raises(ParseError, match=message):
        parse_position(json.dumps(data))


def test_who_was_paid_must_agree_with_the_hands_shown():
    state = next(s for s in _pamphile_states(3, range(40)) if _holder(s) >= 0 and s.turned != PAMPHILE)
    data = position_to_json(state)
    other = next(p for p in state.in_hand() if p != _holder(state))
    with pytest.raises(ParseError, match=f"player {_holder(state)} was paid for the Pamphile"):
        parse_position(json.dumps(data | {"pamphile_paid": other}))
    with pytest.raises(ParseError, match="was paid for the Pamphile"):
        parse_position(json.dumps(data | {"pamphile_paid": None}))
    assert parse_position(json.dumps(data | {"pamphile_paid": _holder(state)})).state.pamphile_paid == _holder(state)


def test_every_fitting_deal_is_listed_when_few_though_the_deals_are_many():
    """More deals before the filter than the limit, fewer after it: all are
    listed (exhaustive), exactly those the filter keeps, in the same order."""
    cards = list(range(12))

    def fits_hand(hand, k):
        return k != 0 or set(hand) <= {0, 1, 2, 3}

    every = [w for w in hand_splits(cards, [3, 3]) if fits_hand(w[0], 0)]
    assert len(every) < 400 < len(list(hand_splits(cards, [3, 3])))
    worlds, exhaustive = deal_worlds(cards, [3, 3], 400, random.Random(0), fits_hand)
    assert exhaustive and list(worlds) == every
    worlds, exhaustive = deal_worlds(cards, [3, 3], len(every) - 1, random.Random(0), fits_hand)
    assert not exhaustive and len(list(worlds)) == len(every) - 1


def test_the_seat_solves_every_fitting_deal_when_few_fit_however_many_before():
    """A position whose deals before the legality check are more than the
    limit but whose fitting deals are not: the analysis from the seat
    (guided or not, as a review asks) solves every one and says so."""
    found = 0
    for state in _pamphile_states(3, range(40)):
        unseen, others, forbidden = _seat(state)
        sizes = [len(state.hands[p]) for p in others]
        raw = split_count(len(unseen), sizes)
        if not 50 < raw <= 5000:
            continue
        every, exhaustive = consistent_worlds(state, unseen, others, forbidden, raw, random.Random(0))
        if not (exhaustive and len(every) < raw):
            continue
        for guided in (False, True):
            seat = analyse_seat(state, limit=len(every), guided=guided)
            assert seat.exhaustive and seat.worlds == len(every)
        found += 1
        if found == 3:
            return
    pytest.fail(f"only {found} positions whose deals the legality check thins")
