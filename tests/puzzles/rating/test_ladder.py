"""The ladder (butterfly.puzzles.rating.ladder) and a deal's rating (butterfly.puzzles.rating.rate): every
player's games reproducible from (deal, seed) and equal in both engines,
the rating read from the games with the players' strengths fixed."""

from __future__ import annotations

import pytest

from butterfly.games.patience.rules import Position, make_rules
from butterfly.puzzles.rating import irt
from butterfly.puzzles.rating.ladder import LADDER, play_game, player_named
from butterfly.puzzles.rating.rate import Calibration, grade_of, play_ladder, rate, rating_from_games
from butterfly.solver.patience.result import UNWINNABLE


def test_the_ladder_has_six_rungs_or_more_with_unique_names():
    names = [player.name for player in LADDER]
    assert len(names) >= 6 and len(set(names)) == len(names)
    assert player_named("greedy").name == "greedy"
    with pytest.raises(KeyError):
        player_named("nobody")


@pytest.mark.parametrize("player", [p for p in LADDER if p.horizon == 0], ids=lambda p: p.name)
def test_a_player_wins_the_same_games_in_both_engines(player):
    # Whole deals (tests/puzzles/test_kernel.py compares the moves on many more positions);
    # rollout-15 and rollout-50 cost seconds a game in Python and are compared there on shorter games.
    position = Position.deal(3)
    for seed in (1, 2):
        assert play_game(player, position, seed, "kernel") == play_game(player, position, seed, "python")


def test_games_are_reproducible_from_deal_and_seed():
    position = Position.deal(5)
    assert play_ladder(position) == play_ladder(position)
    games = play_ladder(position)
    assert set(games) == {p.name for p in LADDER}
    assert all(len(games[p.name]) == p.seeds and set(games[p.name]) <= {"0", "1"} for p in LADDER)


def test_an_unknown_engine_is_refused():
    with pytest.raises(ValueError, match="unknown engine"):
        play_game(LADDER[0], Position.deal(1), 1, "gpu")


CALIBRATION = Calibration(
    rules="butterfly",
    model="1pl",
    prior_sd=3.0,
    theta={player.name: -4.0 + i for i, player in enumerate(LADDER)},
    grades=[("greedy-e20", "g1"), ("greedy", "g2"), ("rollout-15", "g3"), ("rollout-50", "g4")],
    grade5="g5",
    deals="0-9",
    code="test",
)


def test_grades_follow_the_rungs_strengths():
    theta = CALIBRATION.theta
    assert grade_of(theta["greedy-e20"], CALIBRATION) == 1
    assert grade_of(theta["greedy-e20"] + 0.01, CALIBRATION) == 2
    assert grade_of(theta["rollout-15"], CALIBRATION) == 3
    assert grade_of(theta["rollout-50"] + 0.01, CALIBRATION) == 5


def test_a_rating_is_the_fixed_theta_fit_of_its_games():
    games = play_ladder(Position.deal(5))
    rating = rating_from_games("butterfly", games, CALIBRATION)
    names = list(CALIBRATION.theta)
    beta, se = irt.rate(
        [games[n].count("1") for n in names],
        [len(games[n]) for n in names],
        [CALIBRATION.theta[n] for n in names],
        prior_sd=3.0,
    )
    assert (rating.beta, rating.beta_se) == (beta, se)
    assert rating.rating == pytest.approx(1500 + 400 / 2.302585092994046 * beta)
    assert rating.grade == grade_of(beta, CALIBRATION) and rating.grade_words.startswith("g")
    uncalibrated = rating_from_games("butterfly", games, None)
    assert not uncalibrated.calibrated and uncalibrated.rating is None


def test_a_lost_deal_is_not_rated():
    rating = rate(Position.deal(126))
    assert rating.result == UNWINNABLE and rating.proved_by == "dead-end" and rating.rating is None
    assert not rating.games


def test_other_rules_play_the_ladder_too():
    for rules in (
        make_rules("butterfly", "alternate-colours"),
        make_rules("fortress"),
        make_rules("butterfly", cells=1),
    ):
        games = play_ladder(Position.deal(2, rules))
        assert all(set(g) <= {"0", "1"} for g in games.values())
