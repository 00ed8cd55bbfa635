"""The compiled Papillon kernel against its pure-Python oracle."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from butterfly.ext import _papillon
from butterfly.games.deals import shuffled_deck
from butterfly.games.errors import InputError
from butterfly.games.papillon.rules import HAND_SIZE, TABLE_CARDS, HandState, Options, capture_sets
from butterfly.games.worlds import hand_splits, rank_splits, split_count
from butterfly.solver.papillon.analysis import analyse, analyse_redeal, maxn, paranoid
from butterfly.solver.papillon.kernel import kernel_position
from butterfly.solver.papillon.seat import analyse_seat


@settings(max_examples=500, deadline=None)
@given(
    st.integers(1, 13),
    st.lists(st.integers(0, 4), min_size=13, max_size=13),
)
def test_capture_sets_kernel_equals_oracle(rank, counts):
    table = [0] + [min(c, 4 - (r + 1 == rank)) for r, c in enumerate(counts)]
    assert _papillon.kernel_capture_sets(rank, table) == capture_sets(rank, table)


def last_deal_positions(count, seed=0, players=(3, 4), scorings=("1725", "modern"), mid_deal=True):
    """Positions of the last deal, reached by random play from random deals."""
    rng = random.Random(seed)
    found = []
    number = seed * 100_000
    while len(found) < count:
        number += 1
        n = rng.choice(players)
        options = Options(players=n, scoring=rng.choice(scorings))
        state = HandState.deal(rng.randrange(n), shuffled_deck(number), options, chips=(100,) * n, pool=3 * n)
        while not state.is_terminal() and (state.stock or (mid_deal and rng.random() < 0.4)):
            state = state.play_unchecked(rng.choice(state.legal_moves()))
        if not state.is_terminal():
            found.append(state)
    return found


POSITIONS = last_deal_positions(300)


def test_kernel_moves_are_the_engines():
    for state in POSITIONS:
        kernel = [
            (tuple([rank] * k) if rank else None, parts)
            for rank, k, parts in _papillon.kernel_moves(kernel_position(state))
        ]
        engine = state.legal_moves()
        if engine[0].is_trail:
            assert kernel == [(None, ())]
        else:
            assert kernel == [m.signature for m in engine]


def test_analysis_kernel_equals_oracle():
    for state in POSITIONS:
        assert analyse(state, "kernel") == analyse(state, "python")


def test_maxn_and_paranoid_kernel_equal_oracle():
    for state in POSITIONS[:150]:
        assert maxn(state, "kernel") == maxn(state, "python")
        for player in range(state.players):
            assert paranoid(state, player, "kernel") == paranoid(state, player, "python")


def test_paranoid_never_beats_maxn_and_conserves_chips():
    for state in POSITIONS:
        total = state.total_chips()
        for row in analyse(state):
            assert sum(row.maxn.chips) <= total  # the rest is in the pool
            assert row.paranoid <= row.maxn.chips[state.to_move]


def test_best_first_order():
    for state in POSITIONS[:100]:
        rows = analyse(state)
        p = state.to_move
        keys = [(-r.maxn.chips[p], -r.paranoid) for r in rows]
        assert keys == sorted(keys)
        assert rows[0].maxn == maxn(state)


@pytest.mark.parametrize("players, count", [(3, 12), pytest.param(4, 6, marks=pytest.mark.slow)])
def test_seat_analysis_kernel_equals_oracle_and_counts_splits(players, count):
    for state in [s for s in POSITIONS if s.players == players][:count]:
        kernel = analyse_seat(state)
        assert kernel == analyse_seat(state, engine="python")
        others = [len(h) for p, h in enumerate(state.hands) if p != state.to_move]
        assert kernel.exhaustive and kernel.splits == split_count(sum(others), others)
        assert 0 <= min(m.win_chance for m in kernel.moves) <= max(m.win_chance for m in kernel.moves) <= 1


def test_seat_analysis_samples_beyond_the_limit():
    state = next(s for s in POSITIONS if s.players == 4 and sum(len(h) for h in s.hands) >= 10)
    result = analyse_seat(state, limit=50, seed=3)
    assert not result.exhaustive and result.splits == 50
    assert result == analyse_seat(state, limit=50, seed=3)


def test_seat_analysis_knows_only_the_seat():
    """Swapping cards between opponents' hands changes nothing from the seat."""
    state = next(s for s in POSITIONS if s.players == 3 and all(len(h) >= 2 for h in s.hands))
    a, b = [p for p in range(3) if p != state.to_move]
    hands = list(state.hands)
    hands[a], hands[b] = (hands[b][0],) + hands[a][1:], (hands[a][0],) + hands[b][1:]
    swapped = dataclasses.replace(state, hands=tuple(tuple(sorted(h)) for h in hands))
    assert analyse_seat(state) == analyse_seat(swapped)


def test_analysis_needs_the_last_deal():
    state = HandState.deal(0, shuffled_deck(1))
    with pytest.raises(InputError, match="stock"):
        analyse(state)


def _before_last_redeal(seed):
    """A position where only the mover holds cards, one card, and one redeal is left."""
    rng = random.Random(seed)
    number = seed * 1000
    while True:
        number += 1
        state = HandState.deal(number % 3, shuffled_deck(number), Options(), chips=(100,) * 3, pool=9)
        while not state.is_terminal() and len(state.stock) >= 9:
            if len(state.stock) == 9 and sum(map(len, state.hands)) == 1:
                return state
            state = state.play_unchecked(rng.choice(state.legal_moves()))


def test_redeal_chance_node_is_the_mean_over_every_deal_of_the_stock():
    from butterfly.solver.papillon.reference import maxn as reference_maxn

    state = _before_last_redeal(5)
    result = analyse_redeal(state)
    assert result.exhaustive and result.splits == 1680
    n, dealer = state.players, state.dealer
    for row in result.moves:
        totals = [0] * n
        wins = 0
        for hands in hand_splits(sorted(state.stock), [3] * n):
            # order the stock so that the redeal gives exactly these hands
            stock = [hands[(dealer + k) % n][i] for i in range(3) for k in range(1, n + 1)]
            child = dataclasses.replace(state, stock=tuple(stock)).play_unchecked(row.move)
            value = reference_maxn(child)
            totals = [t + c for t, c in zip(totals, value.chips)]
            wins += value.winner == state.to_move
        assert row.chips == pytest.approx([t / 1680 for t in totals])
        assert row.win_chance == pytest.approx(wins / 1680)


def test_rank_splits_count_every_card_level_deal():
    from collections import Counter

    from butterfly.games.cards import make_deck

    rng = random.Random(4)
    for _ in range(20):
        cards = sorted(rng.sample(make_deck(52)[:26], 9))  # few ranks: many repeats
        by_cards = Counter(
            tuple(tuple(sorted(c.rank for c in h)) for h in split) for split in hand_splits(cards, [3, 3, 3])
        )
        assert rank_splits([c.rank for c in cards], [3, 3, 3]) == by_cards


def test_redeal_kernel_equals_oracle_on_a_sample_of_deals():
    state = _before_last_redeal(2)
    kernel = analyse_redeal(state, limit=4, seed=1)
    oracle = analyse_redeal(state, limit=4, seed=1, engine="python")
    assert (kernel.splits, kernel.exhaustive) == (oracle.splits, oracle.exhaustive) == (4, False)
    assert [row.move for row in kernel.moves] == [row.move for row in oracle.moves]
    for a, b in zip(kernel.moves, oracle.moves):
        assert a.chips == pytest.approx(b.chips) and a.win_chance == pytest.approx(b.win_chance)


def test_the_kernel_reads_exactly_the_fields_python_gives():
    state = POSITIONS[0]
    assert tuple(kernel_position(state)) == _papillon.INPUT_FIELDS
    with pytest.raises(ValueError, match="exactly the fields"):
        _papillon.solve_maxn({**kernel_position(state), "extra": 0})


def test_constants_the_kernel_restates():
    assert max(TABLE_CARDS) == _papillon.MOST_PLAYERS and _papillon.HAND_SIZE == HAND_SIZE
