"""The item-response fit (butterfly.puzzles.rating.irt) on synthetic ladders with known parameters."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pytest

from butterfly.puzzles.rating import irt


@dataclass(frozen=True)
class Ladder:
    """Simulated results with the parameters that made them."""

    theta: np.ndarray
    beta: np.ndarray
    a: np.ndarray
    wins: np.ndarray
    trials: np.ndarray


def simulate(players: int, deals: int, seeds: int, log_a_sd: float = 0.0, seed: int = 1) -> Ladder:
    """A ladder evenly spread over [-2.5, 2.5], deals' difficulties N(0, 1.5^2), every deal played ``seeds`` times."""
    rng = np.random.default_rng(seed)
    theta = np.linspace(-2.5, 2.5, players)
    beta = rng.normal(0.0, 1.5, deals)
    a = np.exp(rng.normal(0.0, log_a_sd, deals)) if log_a_sd else np.ones(deals)
    trials = np.full((players, deals), seeds)
    wins = rng.binomial(trials, irt.win_probability(theta, beta, a))
    return Ladder(theta, beta, a, wins, trials)


@pytest.fixture(scope="module")
def rasch() -> Ladder:
    return simulate(players=8, deals=1000, seeds=8)


@pytest.fixture(scope="module")
def rasch_fit(rasch: Ladder) -> irt.IrtFit:
    return irt.fit(rasch.wins, rasch.trials, "1pl")


@pytest.fixture(scope="module")
def sharp() -> Ladder:
    """2PL data with widely varying discriminations."""
    return simulate(players=10, deals=1000, seeds=8, log_a_sd=0.6, seed=2)


@pytest.fixture(scope="module")
def sharp_fit(sharp: Ladder) -> irt.IrtFit:
    return irt.fit(sharp.wins, sharp.trials, "2pl")


# --- the fit recovers what made the data


def test_1pl_recovers_the_parameters(rasch: Ladder, rasch_fit: irt.IrtFit):
    assert rasch_fit.converged
    assert np.corrcoef(rasch_fit.beta, rasch.beta)[0, 1] > 0.95
    # Within 0.15 logit (26 Elo points) of the truth; less once the common
    # shift is taken out (the origin is the mean of a sample of deals).
    error = rasch_fit.theta - rasch.theta
    assert np.max(np.abs(error)) < 0.15
    assert np.max(np.abs(error - error.mean())) < 0.1
    assert np.all(np.diff(rasch_fit.theta) > 0)
    assert np.array_equal(rasch_fit.a, np.ones(1000))


def test_2pl_recovers_the_parameters(sharp: Ladder, sharp_fit: irt.IrtFit):
    assert sharp_fit.converged
    assert np.corrcoef(sharp_fit.beta, sharp.beta)[0, 1] > 0.95
    assert np.corrcoef(np.log(sharp_fit.a), np.log(sharp.a))[0, 1] > 0.6
    # The unit is set by the prior on log a only loosely: the strengths are
    # right up to a scale near 1.
    slope, intercept = np.polyfit(sharp.theta, sharp_fit.theta, 1)
    assert 0.85 < slope < 1.1
    assert np.max(np.abs(slope * sharp.theta + intercept - sharp_fit.theta)) < 0.1


def test_the_result_is_consistent(rasch_fit: irt.IrtFit):
    assert rasch_fit.games == 8 * 1000 * 8
    assert rasch_fit.log_posterior < rasch_fit.log_likelihood < 0
    p = rasch_fit.probabilities()
    assert p.shape == (8, 1000)
    assert np.all((p > 0) & (p < 1))
    assert np.allclose(rasch_fit.elo(), irt.elo(rasch_fit.beta))
    assert np.allclose(rasch_fit.elo_se(), rasch_fit.beta_se * 400 / math.log(10))


def test_a_fit_is_reproducible_bit_for_bit(rasch: Ladder, rasch_fit: irt.IrtFit, sharp: Ladder, sharp_fit: irt.IrtFit):
    again = irt.fit(rasch.wins.copy(), rasch.trials.copy(), "1pl")
    for name in ("theta", "beta", "a", "beta_se"):
        assert np.array_equal(getattr(again, name), getattr(rasch_fit, name))
    assert again.log_posterior == rasch_fit.log_posterior
    again2 = irt.fit(sharp.wins, sharp.trials, "2pl")
    for name in ("theta", "beta", "a", "beta_se"):
        assert np.array_equal(getattr(again2, name), getattr(sharp_fit, name))


# --- rating deals with the players held fixed


def test_rate_agrees_with_the_joint_fit(rasch: Ladder, rasch_fit: irt.IrtFit):
    ratings = irt.rate_many(rasch.wins, rasch.trials, rasch_fit.theta)
    assert np.allclose(ratings.beta, rasch_fit.beta, atol=1e-9)
    assert np.allclose(ratings.se, rasch_fit.beta_se, atol=1e-9)
    for d in (0, 17, 999):
        beta, se = irt.rate(rasch.wins[:, d], rasch.trials[:, d], rasch_fit.theta)
        assert beta == pytest.approx(rasch_fit.beta[d], abs=1e-9)
        assert se == pytest.approx(rasch_fit.beta_se[d], abs=1e-9)


def test_rate_agrees_with_the_joint_fit_in_2pl(sharp: Ladder, sharp_fit: irt.IrtFit):
    ratings = irt.rate_many(sharp.wins, sharp.trials, sharp_fit.theta, "2pl")
    assert np.allclose(ratings.beta, sharp_fit.beta, atol=1e-7)
    assert np.allclose(ratings.a, sharp_fit.a, atol=1e-7)
    beta, se = irt.rate(sharp.wins[:, 5], sharp.trials[:, 5], sharp_fit.theta, "2pl")
    assert beta == pytest.approx(sharp_fit.beta[5], abs=1e-7)
    assert se == pytest.approx(sharp_fit.beta_se[5], abs=1e-7)


def test_rate_se_is_the_curvature_at_the_mode():
    theta = np.array([-1.0, 0.5, 2.0])
    beta, se = irt.rate([1, 5, 8], [8, 8, 8], theta, prior_sd=1.5)
    p = 1 / (1 + np.exp(-(theta - beta)))
    assert se == pytest.approx(1 / math.sqrt(np.sum(8 * p * (1 - p)) + 1 / 1.5**2), rel=1e-12)
    # The mode: the log-posterior's derivative vanishes there.
    assert np.sum(8 * p - np.array([1, 5, 8])) - beta / 1.5**2 == pytest.approx(0, abs=1e-9)


def test_perfect_scores_give_finite_difficulties_with_large_errors(rasch: Ladder):
    wins = rasch.wins.copy()
    wins[:, 0] = rasch.trials[:, 0]  # won by everyone, every time
    wins[:, 1] = 0  # lost by everyone
    for model in ("1pl", "2pl"):
        result = irt.fit(wins, rasch.trials, model)
        assert np.all(np.isfinite(result.beta)) and np.all(np.isfinite(result.beta_se))
        assert result.beta[0] < result.theta.min() - 0.5
        assert result.beta[1] > result.theta.max() + 0.5
        typical = np.median(result.beta_se)
        assert result.beta_se[0] > 1.5 * typical and result.beta_se[1] > 1.5 * typical
    beta, se = irt.rate(rasch.trials[:, 0], rasch.trials[:, 0], rasch.theta)
    assert math.isfinite(beta) and math.isfinite(se) and beta < -2.5


def test_a_deal_nobody_played_gets_the_prior():
    ratings = irt.rate_many(np.zeros((3, 1)), np.zeros((3, 1)), [0.0, 1.0, 2.0], prior_sd=1.7)
    assert ratings.beta[0] == 0.0 and ratings.se[0] == pytest.approx(1.7)


def test_fit_theta_recovers_a_strength_from_total_wins(rasch: Ladder):
    theta = irt.fit_theta(rasch.wins, rasch.trials, rasch.beta)
    assert np.max(np.abs(theta - rasch.theta)) < 0.1
    # Only the total counts: the same wins on other deals give the same strength.
    shuffled = rasch.wins[:, ::-1]
    same = irt.fit_theta(shuffled, rasch.trials, np.ones(1000) * 0.3)
    other = irt.fit_theta(rasch.wins, rasch.trials, np.ones(1000) * 0.3)
    assert np.allclose(same, other, atol=1e-10)


def test_elo_scale():
    assert irt.elo(0.0) == 1500.0
    assert float(irt.elo(math.log(10))) == pytest.approx(1900.0)
    assert float(irt.elo_se(math.log(10))) == pytest.approx(400.0)
    # 1PL on the Elo scale is the chess formula.
    theta, beta = 0.7, -0.4
    p = irt.win_probability([theta], [beta])[0, 0]
    assert p == pytest.approx(1 / (1 + 10 ** ((irt.elo(beta) - irt.elo(theta)) / 400)))


def test_bad_inputs_are_refused():
    with pytest.raises(ValueError, match="between 0 and trials"):
        irt.fit([[3]], [[2]])
    with pytest.raises(ValueError, match="one shape"):
        irt.fit([[1, 2]], [[2]])
    with pytest.raises(ValueError, match="whole"):
        irt.fit([[0.5]], [[2]])
    with pytest.raises(ValueError, match="model"):
        irt.fit([[1]], [[2]], "3pl")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="theta"):
        irt.rate_many([[1]], [[2]], [0.0, 1.0])


# --- validation


def test_monotone_share_by_hand():
    # Players 0 (weak), 2, 1 (strong); deal 3 only the two stronger played.
    wins = np.array([[1, 0, 4, 0], [4, 4, 2, 3], [2, 4, 1, 4]])
    trials = np.array([[4, 4, 4, 0], [4, 4, 4, 4], [8, 4, 4, 8]])
    share = irt.monotone_share(wins, trials, [0, 2, 1])
    assert share.pairs == [(0, 2), (2, 1)]
    # 0 -> 2: rates 1/4 vs 2/8 (tie: counts), 0 vs 1, 1 vs 1/4 (no) -> 2 of 3.
    # 2 -> 1: 2/8 vs 1, 1 vs 1 (tie), 1/4 vs 1/2, 1/2 vs 3/4 -> 4 of 4.
    assert share.deals.tolist() == [3, 4]
    assert share.shares.tolist() == [pytest.approx(2 / 3), 1.0]
    assert share.overall == pytest.approx(6 / 7)
    with pytest.raises(ValueError):
        irt.monotone_share(wins, trials, [0, 0])


def test_monotone_share_of_a_ladder(rasch: Ladder):
    share = irt.monotone_share(rasch.wins, rasch.trials, range(8))
    assert np.all(share.shares > 0.75) and 0.75 < share.overall < 1
    backwards = irt.monotone_share(rasch.wins, rasch.trials, range(7, -1, -1))
    assert backwards.overall < share.overall


def test_heldout_1pl_data_gains_nothing_from_2pl(rasch: Ladder):
    one = irt.heldout_log_loss(rasch.wins, rasch.trials, "1pl", seed=3)
    two = irt.heldout_log_loss(rasch.wins, rasch.trials, "2pl", seed=3)
    assert one.games == two.games > 0
    assert one.base_log_loss == two.base_log_loss
    assert one.log_loss < 0.8 * one.base_log_loss
    assert two.log_loss > one.log_loss - 0.005


def test_heldout_2pl_data_is_better_fitted_by_2pl(sharp: Ladder):
    one = irt.heldout_log_loss(sharp.wins, sharp.trials, "1pl", unit="game", seed=4)
    two = irt.heldout_log_loss(sharp.wins, sharp.trials, "2pl", unit="game", seed=4)
    assert two.log_loss < one.log_loss < one.base_log_loss


def test_heldout_games_split_the_games(rasch: Ladder):
    score = irt.heldout_log_loss(rasch.wins, rasch.trials, holdout=0.25, unit="game", seed=5)
    assert abs(score.games / rasch.trials.sum() - 0.25) < 0.01


def test_split_half_is_high_with_many_seeds():
    ladder = simulate(players=8, deals=1000, seeds=16, seed=6)
    rng = np.random.default_rng(7)
    # Which 8 of a cell's 16 games fall in half a: the wins among them are hypergeometric.
    half = np.full(ladder.trials.shape, 8)
    a = rng.hypergeometric(ladder.wins, ladder.trials - ladder.wins, half)
    b = ladder.wins - a
    fitted = irt.fit(ladder.wins, ladder.trials)
    rho = irt.split_half(a, half, b, half, theta=fitted.theta)
    assert 0.85 < rho < 1
    assert irt.split_half(a, half, b, half) == pytest.approx(rho, abs=0.01)
    # Two seeds a half: less agreement.
    two = np.full(ladder.trials.shape, 2)
    a2 = rng.hypergeometric(a, half - a, two)
    b2 = rng.hypergeometric(b, half - b, two)
    assert irt.split_half(a2, two, b2, two, theta=fitted.theta) < rho - 0.05


def test_leave_one_player_out_beats_the_base_rate():
    ladder = simulate(players=6, deals=600, seeds=8, seed=8)
    results = irt.leave_one_player_out(ladder.wins, ladder.trials)
    assert [r.player for r in results] == list(range(6))
    for r in results:
        assert r.games == 600 * 8
        assert r.log_loss < r.base_log_loss
        assert r.rho > 0.4
        assert abs(r.theta - ladder.theta[r.player]) < 0.3
