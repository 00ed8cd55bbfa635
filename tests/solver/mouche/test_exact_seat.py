"""La Mouche from a seat, exactly (butterfly/solver/mouche/exact_seat.py): the search
equals a brute force over every pure strategy of the seat on tiny endings,
both models, with and without its cuts; one world is the open analysis; the
strategy it finds depends only on what the seat has seen and plays to its
value world by world, tricks conserved; with the seat's last card forced it
is the average over the deals the sampled seat analysis gives."""

from __future__ import annotations

import random
from functools import cache

import pytest
from seat_brute import TooMany, brute_values, outcome, strategy_value

from butterfly.games.errors import InputError
from butterfly.games.mouche.game import play_game
from butterfly.games.mouche.record import game_record, read_record
from butterfly.games.mouche.rules import Action, MoucheHand, MoucheOptions
from butterfly.games.worlds import split_count
from butterfly.solver.exact_seat import MODELS, ExactSeat, seat_strategy
from butterfly.solver.mouche import reference
from butterfly.solver.mouche.alike import AlikeWorld, alike_worlds, plays_of
from butterfly.solver.mouche.bots import BOTS
from butterfly.solver.mouche.exact_seat import (
    MoucheSeat,
    card_values,
    dealt_states,
    exact_seat,
)
from butterfly.solver.mouche.seat import analyse_seat, seat_view


@cache
def _endings(players: int, pamphile: bool, seeds: range, most_cards: int) -> list[MoucheHand]:
    """Positions of the card play in one-hand games of the random and rule bots
    where the mover holds at most ``most_cards`` cards and has a choice."""
    out = []
    for seed in seeds:
        bots = ["random", "rules"][seed % 2]
        game = play_game(MoucheOptions(players=players, pamphile=pamphile), 1, seed, [BOTS[bots]] * players)
        record = read_record(game_record(game, [bots] * players))
        for hand in record.hands:
            for state, _ in hand.positions():
                if (
                    state.phase == "play"
                    and len(state.hands[state.to_move]) <= most_cards
                    and len(state.playable()) > 1
                ):
                    out.append(state)
    return out


@cache
def _hundred_worlds(state: MoucheHand) -> list[MoucheHand]:
    """Every consistent deal when there are at most 100, else 100 drawn uniformly."""
    worlds, _ = dealt_states(state, state.to_move, 100, random.Random(0))
    return worlds


def _some_worlds(state: MoucheHand, size: int, rng: random.Random) -> list[MoucheHand]:
    """``size`` consistent deals (all when fewer)."""
    worlds = _hundred_worlds(state)
    return worlds if len(worlds) <= size else rng.sample(worlds, size)


def _cases(count: int, seed: int) -> list[tuple[MoucheHand, list[MoucheHand]]]:
    """``count`` tiny endings: a position and a few of its seat's worlds (all of them when few).

    The models are defined on any set of worlds, so a random handful of the
    consistent deals is as good a test of the search as all of them, and
    keeps the brute force's strategies few."""
    rng = random.Random(seed)
    pool = (
        _endings(3, False, range(12), 3)
        + _endings(3, True, range(12, 20), 3)
        + _endings(4, False, range(6), 2)
        + _endings(4, True, range(6, 10), 2)
        + _endings(5, False, range(3), 2)
        + _endings(6, True, range(3), 2)
    )
    cases = []
    while len(cases) < count:
        state = rng.choice(pool)
        cases.append((state, _some_worlds(state, rng.choice([1, 2, 3, 5, 8, 13, 40]), rng)))
    return cases


def _check_against_brute_force(count: int, seed: int, most: int) -> int:
    checked = 0
    for n, (state, worlds) in enumerate(_cases(count, seed)):
        measure = ("tricks", "chips")[n % 2]
        game = MoucheSeat(state, measure)
        for model in MODELS:
            try:
                brute = brute_values(game, worlds, model, most)
            except TooMany:
                continue
            for cuts in (True, False):
                assert card_values(state, worlds, model, measure, cuts=cuts) == brute, (state, model, cuts)
            checked += 1
    return checked


def test_the_search_equals_a_brute_force_over_every_strategy():
    assert _check_against_brute_force(50, 0, 100) >= 80


@pytest.mark.slow
def test_the_search_equals_a_brute_force_over_every_strategy_many_more():
    assert _check_against_brute_force(200, 1, 300) >= 250


def test_one_world_is_the_open_analysis():
    """Every card known to the seat: the expected value is the seat's max-n
    tricks after the card, the guaranteed value its paranoid tricks, both with
    the search's cuts off (with them on it is so by construction)."""
    for state in _endings(3, False, range(6), 3) + _endings(4, True, range(3), 3):
        seat = state.to_move
        expected = card_values(state, [state], "expected", cuts=False)
        guaranteed = card_values(state, [state], "guaranteed", cuts=False)
        for card in state.playable():
            child = MoucheSeat(state).play(state, card)
            tricks = reference.maxn_tricks(child)[seat]
            assert expected[card] == (tricks, -int(tricks == 0))
            assert guaranteed[card] == (reference.guaranteed_tricks(child, seat),)


def test_the_strategy_uses_only_what_the_seat_has_seen_and_plays_to_its_value():
    """The search's best strategy is a map from the cards played to the seat's
    card (so it cannot depend on a hidden card); played out in each world on
    its own it gives the search's value; every world's tricks add up to five."""
    for state, worlds in _cases(60, 2):
        game = MoucheSeat(state)
        for model in MODELS:
            search = ExactSeat(game, model)
            best = max(search.values_of_moves(worlds).values())
            strategy = seat_strategy(search, worlds)
            assert strategy_value(game, worlds, strategy, model) == best
        search = ExactSeat(game, "expected")
        strategy = seat_strategy(search, worlds)
        for w in worlds:
            end = w
            seen: tuple = ()
            while not end.is_terminal():
                card = strategy[seen] if end.to_move == game.seat else game.open_move(end)
                end, seen = game.play(end, card), seen + (card,)
            assert sum(end.tricks) == 5
            assert outcome(game, w, strategy, "expected") == [game.result(end)]


def test_with_the_last_card_forced_exact_is_the_sampled_mean_over_every_deal():
    """Two cards in the seat's hand: after this card the seat has no choice, so
    no strategy can fuse and both analyses average the same open values."""
    checked = 0
    for state in _endings(3, False, range(12), 2) + _endings(4, False, range(4), 2):
        if len(state.hands[state.to_move]) != 2 or not dealt_states(state, state.to_move, 2000, random.Random(0))[1]:
            continue
        exact = exact_seat(state, engine="kernel")
        sampled = analyse_seat(state, limit=10**6)
        assert sampled.exhaustive and sampled.worlds == exact.worlds
        means = {c.action.cards[0]: (c.mean_tricks, c.mouche_chance) for c in sampled.cards}
        for row in exact.cards:
            assert row.expected == pytest.approx(means[row.card])
        checked += 1
    assert checked >= 5


def test_the_kernel_inside_gives_the_same_values_as_python():
    for state, worlds in _cases(30, 3):
        for model in MODELS:
            assert card_values(state, worlds, model, engine="kernel") == card_values(state, worlds, model)


def test_a_deal_too_large_to_list_is_refused():
    state = next(s for s in _endings(4, False, range(3), 5) if len(s.hands[s.to_move]) == 5)
    with pytest.raises(InputError, match="too many to solve exactly"):
        exact_seat(state, limit=100)


def _listed(pool: list[MoucheHand], most: int) -> list[tuple[MoucheHand, list[MoucheHand]]]:
    """Positions of ``pool`` with every consistent deal, when there are at most ``most``."""
    out = []
    for state in pool:
        view = seat_view(state)
        if split_count(len(view.unseen), [len(state.hands[p]) for p in view.others]) > 4 * most:
            continue  # a quick skip: rarely do so many deals fit
        worlds, every = dealt_states(state, state.to_move, most, random.Random(0))
        if every:
            out.append((state, worlds))
    return out


@cache
def _alike_cases() -> list[tuple[MoucheHand, list[MoucheHand]]]:
    pool = (
        _endings(3, False, range(30), 3)
        + _endings(3, True, range(30, 50), 3)
        + _endings(4, True, range(4), 2)
        + _endings(4, False, range(4, 10), 2)
        + _endings(5, False, range(4), 2)
        + _endings(6, True, range(4), 2)
    )
    return _listed(pool, 1500)


def test_deals_that_play_alike_stand_for_every_deal_once():
    """The kinds of deal count every consistent deal (the Pamphile's paid
    holder, the cards ruled out and no mouche stood on included), each one
    a consistent deal itself; a card played splits a kind's deals among the
    cards that could lie in its place, none created or lost."""
    cases = _alike_cases()
    assert len(cases) >= 80 and sum(len(state.hands[state.to_move]) == 3 for state, _ in cases) >= 10
    for state, worlds in cases:
        kinds = alike_worlds(state, None, 10**5)
        assert sum(kind.deals for kind in kinds) == len(worlds)
        assert {kind.state.hands for kind in kinds} <= {w.hands for w in worlds}
        for kind in kinds[:5]:
            moved = AlikeWorld(kind.state.play_unchecked(Action("play", (state.playable()[0],))), kind.runs, kind.deals)
            if moved.state.current_player() in (-1, state.to_move):
                continue
            for card in moved.state.playable():
                split = plays_of(moved, card, moved.state.play_unchecked(Action("play", (card,))))
                assert len({seen for seen, _ in split}) == len(split)
                assert sum(w.deals for _, w in split) == kind.deals


def test_deals_that_play_alike_give_the_values_of_every_deal():
    """Both models, both measures, with the cuts and without: counting deals
    that play alike once changes no value (sums over the deals: exactly)."""
    for n, (state, worlds) in enumerate(_alike_cases()):
        kinds = alike_worlds(state, None, 10**5)
        measure = ("tricks", "chips")[n % 2]
        for model in MODELS:
            every = card_values(state, worlds, model, measure, engine="kernel")
            for cuts in (True, False) if n % 3 == 0 else (True,):
                assert card_values(state, kinds, model, measure, "kernel", cuts) == every, (state, model, cuts)


def test_cards_that_play_alike_have_one_value():
    """Where the seat's card plays like the one before it (every card between
    them finished), the plain search, which does not merge them, gives both
    the same value in both models."""
    checked = 0
    for state, worlds in _cases(80, 5):
        game = MoucheSeat(state)
        pairs = [(game.plays_like(state, card), card) for card in game.moves(state)]
        pairs = [(before, card) for before, card in pairs if before is not None]
        for model in MODELS if pairs else ():
            values = card_values(state, worlds, model, engine="kernel", cuts=False)
            assert all(values[before] == values[card] for before, card in pairs)
            checked += 1
    assert checked >= 20
