"""One conformance test, run on every registered game (butterfly.games.registry) through
the state API (butterfly.games.state).

Random playouts from many seeds check what every game must keep: cards are
never created or lost, chips are conserved, there is a legal move until the
end, the checked and unchecked plays agree, replaying the same moves gives
the same state, and chance outcomes and resampled hidden hands keep every
card and everything the seat has seen.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from butterfly.games.cards import make_deck
from butterfly.games.errors import IllegalMoveError
from butterfly.games.registry import games
from butterfly.games.state import TERMINAL, State
from butterfly.games.worlds import split_count

SEEDS = range(40)
MOST_STEPS = 150  # patience moves can go back and forth for ever


#: Every registered game, by name: its start states come from its registration.
GAMES = {game.name: game for game in games()}


def deck_size(state: State) -> int:
    return getattr(getattr(state, "options", None), "deck_size", 52)


def playout(start: State, seed: int) -> tuple[list[State], list]:
    """States and moves of one random playout (at most MOST_STEPS moves)."""
    rng = random.Random(seed)
    states, moves = [start], []
    state = start
    while not state.is_terminal() and len(moves) < MOST_STEPS:
        move = rng.choice(list(state.legal_moves()))
        state = state.play_unchecked(move)
        states.append(state)
        moves.append(move)
    return states, moves


@pytest.fixture(params=sorted(GAMES))
def game(request):
    return request.param


def test_every_game_implements_the_protocol(game):
    start = GAMES[game].start_state(0)
    assert isinstance(start, State)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_keep_the_invariants(game, seed):
    start = GAMES[game].start_state(seed)
    states, moves = playout(start, seed)
    size = deck_size(start)
    chips = start.total_chips()
    for state in states:
        cards = state.cards()
        assert len(cards) == len(set(cards)), "a card is in two places"
        assert set(cards) <= set(make_deck(size))
        assert state.card_count() == size, "a card was created or lost"
        assert state.total_chips() == chips, "chips were created or lost"
        assert len(state.returns()) == state.players
        if state.is_terminal():
            assert state.current_player() == TERMINAL and not state.legal_moves()
        else:
            assert 0 <= state.current_player() < state.players
            assert state.legal_moves(), "no legal move before the end"
    for state, move, after in zip(states, moves, states[1:]):
        assert state.check_move(move) is None
        assert state.play(move) == after


@pytest.mark.parametrize("seed", SEEDS[:12])
def test_replaying_the_same_moves_gives_the_same_states(game, seed):
    start = GAMES[game].start_state(seed)
    states, moves = playout(start, seed)
    replayed = [start]
    for move in moves:
        replayed.append(replayed[-1].play(move))
    assert replayed == states


@pytest.mark.parametrize("seed", SEEDS[:12])
def test_an_illegal_move_is_refused_with_its_reason(game, seed):
    states, _ = playout(GAMES[game].start_state(seed), seed)
    refused = 0
    for state, other in zip(states, states[3:]):
        if state.is_terminal():
            continue
        for move in other.legal_moves():
            reason = state.check_move(move)
            if reason is None:
                continue
            with pytest.raises(IllegalMoveError) as info:
                state.play(move)
            assert reason in str(info.value) and "\n" not in str(info.value)
            refused += 1
            break
    assert refused or len(states) < 5


@pytest.mark.parametrize("seed", SEEDS[:20])
def test_chance_outcomes_deal_the_same_cards_every_way(game, seed):
    states, _ = playout(GAMES[game].start_state(seed), seed)
    for state in states:
        hands = getattr(state, "hands", ())
        if split_count(sum(map(len, hands)), [len(h) for h in hands]) > 5000:
            continue  # a four-player redeal has up to 369,600 outcomes: the three-player ones are checked
        outcomes = state.chance_outcomes()
        assert all(weight > 0 for _, weight in outcomes)
        for outcome, _ in outcomes:
            assert Counter(outcome.cards()) == Counter(state.cards())
            assert outcome.current_player() == state.current_player()
        if len(outcomes) > 1:  # a redeal: every deal of the cards, counted once
            sizes = [len(hand) for hand in state.hands]
            assert sum(weight for _, weight in outcomes) == split_count(sum(sizes), sizes)


@pytest.mark.parametrize("seed", SEEDS[:20])
def test_resampling_keeps_what_the_seat_has_seen(game, seed):
    states, _ = playout(GAMES[game].start_state(seed), seed)
    rng = random.Random(seed)
    for state in states[:: max(1, len(states) // 8)]:
        if state.is_terminal():
            continue
        seat = state.current_player()
        world = state.resample(seat, rng)
        assert Counter(world.cards()) == Counter(state.cards())
        assert world.current_player() == seat and world.total_chips() == state.total_chips()
        assert list(world.legal_moves()) == list(state.legal_moves()), "the seat's own choices changed"
        if hasattr(state, "hands"):
            assert world.hands[seat] == state.hands[seat]
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
