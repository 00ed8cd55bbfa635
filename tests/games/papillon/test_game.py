"""Whole games of Papillon: what happens when a player cannot pay the next ante."""

import pytest

from butterfly.games.errors import InputError
from butterfly.games.papillon.game import play_game
from butterfly.games.papillon.rules import Options, UnclaimedPool
from butterfly.games.records import WhenBroke
from butterfly.solver.papillon.bots import greedy_bot, random_bot

BOTS = [random_bot, greedy_bot, random_bot]


def steep(when_broke: str) -> Options:
    """An ante of 100 from a purse of 140: someone is soon short of it."""
    return Options(rounds=3, ante=100, unclaimed_pool=UnclaimedPool.SHARE, when_broke=when_broke)


@pytest.mark.parametrize("seed", range(8))
def test_stop_ends_the_game_before_a_hand_someone_cannot_ante(seed):
    game = play_game(steep("stop"), seed, BOTS)
    for hand in game.hands:  # every hand played was anted in full
        assert all(chips >= 0 for chips in hand.start.chips)
    if game.broke >= 0:
        assert game.chips[game.broke] < 100 or len(game.hands) < 9
        assert len(game.hands) < 9
    assert sum(game.chips) + game.pool == game.total


@pytest.mark.parametrize("seed", range(8))
def test_debt_plays_every_hand_and_chips_may_go_below_zero(seed):
    game = play_game(steep("debt"), seed, BOTS)
    assert len(game.hands) == 9 and game.broke == -1
    assert sum(game.chips) + game.pool == game.total


def test_someone_goes_into_debt_and_stop_spares_them():
    debts = [min(play_game(steep("debt"), seed, BOTS).chips) for seed in range(8)]
    assert min(debts) < 0
    stopped = [play_game(steep("stop"), seed, BOTS) for seed in range(8)]
    assert any(game.broke >= 0 for game in stopped)


def test_an_unknown_rule_is_one_line():
    with pytest.raises(InputError, match="when-broke"):
        Options(when_broke="borrow")
    assert Options().when_broke is WhenBroke.DEBT
