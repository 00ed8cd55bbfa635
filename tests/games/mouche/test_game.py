"""Whole games of La Mouche: what happens when a player cannot pay."""

import pytest

from butterfly.games.errors import InputError
from butterfly.games.mouche.game import play_game
from butterfly.games.mouche.rules import DEALER_STAKE, MoucheEntry, MoucheOptions
from butterfly.games.records import WhenBroke
from butterfly.solver.mouche.bots import random_bot

HANDS = 400


def options(when_broke: str) -> MoucheOptions:
    """A purse of 40 chips: mouches soon cost more than a player has."""
    return MoucheOptions(players=3, entry=MoucheEntry.ALL, when_broke=when_broke, purse=40)


@pytest.mark.parametrize("seed", range(3))
def test_stop_ends_the_game_before_a_hand_someone_cannot_pay(seed):
    game = play_game(options("stop"), HANDS, seed, [random_bot] * 3)
    for hand in game.hands:  # every hand was dealt with nobody in debt
        assert all(chips >= 0 for chips in hand.start.chips)
    if game.broke >= 0:
        assert len(game.hands) < HANDS
        dealer = len(game.hands) % 3
        assert game.chips[game.broke] < (DEALER_STAKE if game.broke == dealer else 0)
    assert sum(game.chips) + game.pool_left == 3 * 40


def test_debt_plays_on_below_zero_and_stop_does_not():
    debt = [play_game(options("debt"), HANDS, seed, [random_bot] * 3) for seed in range(3)]
    assert all(len(game.hands) == HANDS and game.broke == -1 for game in debt)
    assert min(min(hand.end.chips) for game in debt for hand in game.hands) < 0
    stopped = [play_game(options("stop"), HANDS, seed, [random_bot] * 3) for seed in range(3)]
    assert any(game.broke >= 0 for game in stopped)


def test_an_unknown_rule_is_one_line():
    with pytest.raises(InputError, match="when-broke"):
        MoucheOptions(when_broke="borrow")
    assert MoucheOptions().when_broke is WhenBroke.DEBT
