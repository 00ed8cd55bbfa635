"""The redeal as a chance node: what each redeal is worth is remembered without the chips."""

from __future__ import annotations

from butterfly.games.papillon.game import play_game
from butterfly.games.papillon.rules import Options
from butterfly.solver.papillon.analysis import analyse_redeal
from butterfly.solver.papillon.bots import random_bot


class Forgetful(dict):
    """A memo that never finds anything: every redeal solved afresh."""

    def __contains__(self, key: object) -> bool:
        return False


def _deal_before_the_last():
    """The positions of the deal before the last in a game where two lines reach
    the same redeal with different chips (seed 2, first hand, random bots)."""
    hand = play_game(Options(), 2, [random_bot] * 3).hands[0]
    state, states = hand.start, []
    for _, move, _ in hand.moves:
        if len(state.stock) == 3 * state.players:
            states.append(state)
        state = state.play(move)
    return states


def test_a_redeal_reached_with_other_chips_is_valued_from_those_chips():
    states = _deal_before_the_last()
    assert len(states) >= 3
    for state in states:
        assert analyse_redeal(state, limit=3) == analyse_redeal(state, limit=3, memo=Forgetful())


def test_a_memo_shared_by_the_positions_of_one_deal_changes_no_value():
    shared: dict = {}
    for state in _deal_before_the_last():
        assert analyse_redeal(state, limit=5, memo=shared) == analyse_redeal(state, limit=5)
    assert shared
