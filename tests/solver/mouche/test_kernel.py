"""The compiled La Mouche trick kernel against its pure-Python oracle."""

from __future__ import annotations

import random

import pytest

from butterfly.ext import _mouche
from butterfly.games.deals import shuffled_deck
from butterfly.games.mouche.rules import DECKS, HAND_SIZE, Action, MoucheHand, MoucheOptions
from butterfly.solver.mouche import analysis as mouche
from butterfly.solver.mouche.kernel import kernel_position
from butterfly.solver.mouche.reference import search_order


def play_positions(count, seed=0, players=(3, 4, 5, 6), tricks_left=(1, 2, 3), pamphile=(False, True)):
    """Positions of the card play reached by random declarations and play."""
    rng = random.Random(seed)
    found = []
    number = seed * 100_000
    while len(found) < count:
        number += 1
        n = rng.choice(players)
        options = MoucheOptions(players=n, pamphile=rng.choice(pamphile))
        state = MoucheHand.deal(rng.randrange(n), shuffled_deck(number, options.deck_size), options)
        while state.phase in ("trump", "declare"):
            moves = state.legal_moves()
            if state.phase == "declare":
                moves = [Action("stand")] * 4 + [Action("fold")] + [m for m in moves if m.kind == "discard"][:3]
            state = state.play(rng.choice(moves))
        if state.phase != "play":
            continue
        left = rng.choice(tricks_left)
        target = (5 - left) * len(state.in_hand()) + rng.randrange(len(state.in_hand()))
        played = 0
        while state.phase == "play" and played < target:
            state = state.play(rng.choice(state.legal_moves()))
            played += 1
        if state.phase == "play":
            found.append(state)
    return found


POSITIONS = play_positions(300)


def test_kernel_equals_oracle_on_random_positions():
    for state in POSITIONS:
        assert mouche.analyse(state) == mouche.analyse(state, "python")
        assert mouche.guarantees(state) == mouche.guarantees(state, "python")
        assert mouche.maxn_tricks(state) == mouche.maxn_tricks(state, "python")


def test_kernel_equals_oracle_from_the_start_of_play():
    for state in play_positions(12, seed=1, players=(3,), tricks_left=(5,)):
        assert mouche.analyse(state) == mouche.analyse(state, "python")
        assert mouche.guarantees(state) == mouche.guarantees(state, "python")


@pytest.mark.slow
def test_kernel_equals_oracle_from_the_start_of_play_four_players():
    for state in play_positions(10, seed=2, players=(4,), tricks_left=(5,)):
        assert mouche.analyse(state) == mouche.analyse(state, "python")
        assert mouche.guarantees(state) == mouche.guarantees(state, "python")


def test_values_are_consistent():
    for state in POSITIONS:
        rows = mouche.analyse(state)
        mover = state.to_move
        for row in rows:
            assert sum(row.tricks) == 5
            assert row.guaranteed <= row.tricks[mover]
        assert max(r.guaranteed for r in rows) == mouche.guaranteed_tricks(state, mover)
        # max-n at the root: the first card, in the search order, with the most tricks for the mover
        order = search_order(state, state.playable())
        in_order = sorted(rows, key=lambda r: order.index(r.card))
        best = max(r.tricks[mover] for r in rows)
        assert next(r for r in in_order if r.tricks[mover] == best).tricks == mouche.maxn_tricks(state)


def test_the_kernel_reads_exactly_the_fields_python_gives():
    position, _seats = kernel_position(POSITIONS[0])
    assert tuple(position) == _mouche.INPUT_FIELDS
    with pytest.raises(ValueError, match="exactly the fields"):
        _mouche.solve_maxn({**position, "extra": 0})


def test_constants_the_kernel_restates():
    assert max(DECKS) == _mouche.MOST_SEATS and _mouche.HAND_SIZE == HAND_SIZE
