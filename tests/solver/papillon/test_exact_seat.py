"""Papillon's last deal from a seat, exactly (butterfly/solver/papillon/exact_seat.py):
the search equals a brute force over every pure strategy of the seat, both
models, with and without its cuts; one world is the open analysis; the
strategy found plays to its value world by world, chips conserved."""

from __future__ import annotations

import random
from functools import cache

import pytest
from seat_brute import TooMany, brute_values, strategy_value

from butterfly.games.errors import InputError
from butterfly.games.papillon.game import play_game
from butterfly.games.papillon.rules import HandState, Options
from butterfly.solver.exact_seat import MODELS, ExactSeat, seat_strategy
from butterfly.solver.papillon import reference
from butterfly.solver.papillon.bots import BOTS
from butterfly.solver.papillon.exact_seat import PapillonSeat, exact_seat, move_values, seat_worlds
from butterfly.solver.papillon.seat import analyse_seat


@cache
def _last_deals(players: int, seeds: range) -> list[HandState]:
    """Positions of the last deal, the mover with a choice, in games of the random and greedy bots."""
    out = []
    for seed in seeds:
        bot = BOTS[["random", "greedy"][seed % 2]]
        for hand in play_game(Options(players=players), seed, [bot] * players).hands:
            state = hand.start
            for _, move, _ in hand.moves:
                if not state.stock and len(state.legal_moves()) > 1:
                    out.append(state)
                state = state.play(move)
    return out


@cache
def _worlds(state: HandState) -> list[HandState]:
    return seat_worlds(state, state.to_move)


def _cases(count: int, seed: int) -> list[tuple[HandState, list[HandState]]]:
    """Last deals with every split (three players: at most 20) or a few of them (four)."""
    rng = random.Random(seed)
    three, four = _last_deals(3, range(4)), [s for s in _last_deals(4, range(2)) if len(s.hands[s.to_move]) <= 2]
    cases = []
    while len(cases) < count:
        state = rng.choice(three if len(cases) % 3 else four)
        worlds = _worlds(state)
        size = rng.choice([1, 2, 4, 8, 20])
        cases.append((state, worlds if len(worlds) <= size else rng.sample(worlds, size)))
    return cases


def _check_against_brute_force(count: int, seed: int, most: int) -> int:
    checked = 0
    for state, worlds in _cases(count, seed):
        game = PapillonSeat(state)
        for model in MODELS:
            try:
                brute = brute_values(game, worlds, model, most)
            except TooMany:
                continue
            for cuts in (True, False):
                assert move_values(state, worlds, model, cuts=cuts) == brute, (state, model, cuts)
            checked += 1
    return checked


def test_the_search_equals_a_brute_force_over_every_strategy():
    assert _check_against_brute_force(60, 0, 200) >= 100


@pytest.mark.slow
def test_the_search_equals_a_brute_force_over_every_strategy_many_more():
    assert _check_against_brute_force(400, 1, 2000) >= 700


def test_one_world_is_the_open_analysis():
    for state in _last_deals(3, range(2)):
        seat = state.to_move
        expected = move_values(state, [state], "expected", cuts=False)
        guaranteed = move_values(state, [state], "guaranteed", cuts=False)
        for move in state.legal_moves():
            child = state.play_unchecked(move)
            line = reference.maxn(child) if not child.is_terminal() else reference.MaxnValue(child.chips, child.winner)
            # Max-n's seat weighs chips alone: the same chips, and a pool at least as often.
            assert expected[move][0] == line.chips[seat] and expected[move][1] >= int(line.winner == seat)
            paranoid = reference.paranoid(child, seat) if not child.is_terminal() else child.chips[seat]
            assert guaranteed[move] == (paranoid,)


def test_the_strategy_plays_to_its_value_and_chips_are_conserved():
    for state, worlds in _cases(30, 2):
        game = PapillonSeat(state)
        for model in MODELS:
            search = ExactSeat(game, model)
            best = max(search.values_of_moves(worlds).values())
            assert strategy_value(game, worlds, seat_strategy(search, worlds), model) == best
        strategy = seat_strategy(ExactSeat(game, "expected"), worlds)
        for w in worlds:
            end, seen = w, ()
            while not end.is_terminal():
                move = strategy[seen] if end.to_move == game.seat else game.open_move(end)
                end, seen = game.play(end, move), seen + (move,)
            assert sum(end.chips) + end.pool == sum(w.chips) + w.pool


def test_the_seat_with_one_card_left_is_the_sampled_mean():
    """One card in the seat's hand: no later choice, so exact equals the mean over every split."""
    for state in [s for s in _last_deals(3, range(4)) if len(s.hands[s.to_move]) == 1]:
        exact = exact_seat(state)
        sampled = {m.move: m.mean_chips for m in analyse_seat(state).moves}
        for row in exact.moves:
            assert row.mean_chips == pytest.approx(sampled[row.move])


def test_not_the_last_deal_is_refused():
    state = play_game(Options(players=3), 0, [BOTS["random"]] * 3).hands[0].start
    with pytest.raises(InputError, match="last deal"):
        exact_seat(state)
