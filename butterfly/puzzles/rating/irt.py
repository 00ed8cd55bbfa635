r"""Deal difficulty by item response theory: a ladder of players rates the deals.

A ladder of bounded players (weak to strong) plays every deal of a
calibration set a few times, each time with another seed. The results are
two integer arrays of shape ``(players, deals)``: ``wins[p, d]`` games won
out of ``trials[p, d]`` played (0: not played; the count may differ from
player to player, say 8 seeds for the cheap players and 4 for the dear ones).

The model
---------

Player ``p`` has a strength :math:`\theta_p`, deal ``d`` a difficulty
:math:`\beta_d` and (2PL only) a discrimination :math:`a_d > 0`, and every
game is an independent coin::

    P(p wins d) = sigmoid(a_d * (theta_p - beta_d)),   sigmoid(z) = 1 / (1 + exp(-z))

so ``wins[p, d] ~ Binomial(trials[p, d], P(p wins d))``. The 1PL (Rasch)
model has ``a_d = 1`` for every deal: all deals sort the players alike and
the difficulty is the only thing a deal has. The 2PL model lets a deal be
more or less sharp (a large ``a_d``: the players below ``beta_d`` nearly
always lose it and those above nearly always win; a small one: luck
dominates). Compare the two with :func:`heldout_log_loss`.

Why priors (MAP rather than maximum likelihood)
-----------------------------------------------

Many deals are won by every player in every game and some by none; their
maximum-likelihood difficulty is -inf or +inf, and the 2PL discrimination
of a deal that splits the ladder cleanly is +inf too. So the fit is a
maximum a posteriori (MAP) one with

- ``beta_d ~ Normal(0, prior_sd**2)``: a perfect-score deal gets a finite
  difficulty, below (above) the weakest (strongest) player by an amount the
  prior and its number of games set, and a large standard error;
- ``log a_d ~ Normal(0, log_a_sd**2)`` (2PL): discriminations near 1
  unless the games say otherwise;
- a flat prior on every ``theta_p``: the players are few and each has
  thousands of games, so they need no shrinking.

Identification and scale
------------------------

The likelihood depends on ``theta - beta`` only (and, in 2PL, is unchanged
by ``a -> a * c``, ``theta, beta -> theta / c, beta / c``). The prior on
``beta`` fixes the origin: the typical calibration deal has difficulty
near 0. In 2PL the prior on ``log a`` fixes the unit: the typical
discrimination is near 1, so both models' units are logits (one unit of
``theta - beta`` multiplies the odds of a win by e, for a deal of average
sharpness).

The published scale is Elo-like: :func:`elo` maps ``x`` to
``1500 + 400 / ln(10) * x``, so that in 1PL a player rated ``R_p`` wins a
deal rated ``R_d`` with probability ``1 / (1 + 10 ** ((R_d - R_p) / 400))``,
the chess formula; harder deals have higher ratings, and 1500 is a typical
calibration deal. Players (``theta``) go on the same scale.

The functions
-------------

- :func:`fit`: the joint MAP fit of every ``theta``, ``beta`` (and ``a``),
  by L-BFGS-B with analytic gradients.
- :func:`rate`, :func:`rate_many`: deals rated with the players' strengths
  held fixed (a new deal played by the calibrated ladder).
- :func:`fit_theta`: players rated with the deals held fixed.
- :func:`elo`, :func:`elo_se`: the published scale.
- :func:`heldout_log_loss`, :func:`split_half`, :func:`leave_one_player_out`,
  :func:`monotone_share`: validation.

Everything is deterministic: the same inputs give the same numbers, bit for
bit (the validation helpers draw their random splits from a seeded
:class:`numpy.random.Generator`).

>>> wins = np.array([[1, 3, 0], [4, 4, 2]])
>>> trials = np.array([[4, 4, 4], [4, 4, 4]])
>>> result = fit(wins, trials)
>>> bool(result.theta[1] > result.theta[0]), [int(i) for i in np.argsort(result.beta)]
(True, [1, 0, 2])
>>> round(float(elo(0.0))), round(float(elo(1.0)))
(1500, 1674)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt
from scipy import optimize, special, stats

Model = Literal["1pl", "2pl"]
FloatArray = npt.NDArray[np.float64]
ArrayLike = npt.ArrayLike

#: Default standard deviation of the prior on the difficulties (logits).
DEFAULT_PRIOR_SD = 2.0

#: Default standard deviation of the prior on the log discriminations (2PL).
DEFAULT_LOG_A_SD = 0.5

#: Elo points per logit: ``400 / ln(10)``.
ELO_PER_LOGIT = 400.0 / math.log(10.0)

#: A player's strength is kept within this many logits of 0 (a player who
#: wins, or loses, every game has no finite estimate under its flat prior).
THETA_BOUND = 40.0

_MAX_ITERATIONS = 20_000
_NEWTON_ITERATIONS = 200


# ---------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class IrtFit:
    """A joint MAP fit (see :func:`fit`).

    ``theta`` (players), ``beta``, ``a`` and ``beta_se`` (deals) are in
    logits; ``a`` is all ones for 1PL. ``beta_se`` is the standard error of
    each difficulty from the curvature of the log-posterior at the mode,
    with the players' strengths held fixed (they are known far better than
    any one deal; in 2PL the deal's own ``a`` is not held fixed: the error
    is the marginal one from the deal's 2 x 2 curvature block).
    ``log_likelihood`` is the sum over games of log P(the outcome) (no
    binomial coefficients, so ``-log_likelihood / games`` is the mean
    log-loss per game); ``log_posterior`` adds the log prior densities,
    up to a constant. ``converged`` and ``iterations`` are L-BFGS-B's
    (over the strengths; both passes of a 2PL fit counted).
    """

    model: Model
    theta: FloatArray
    beta: FloatArray
    a: FloatArray
    beta_se: FloatArray
    log_likelihood: float
    log_posterior: float
    games: int
    prior_sd: float
    log_a_sd: float
    converged: bool
    iterations: int

    def probabilities(self) -> FloatArray:
        """P(player p wins deal d), shape ``(players, deals)``."""
        return win_probability(self.theta, self.beta, self.a)

    def elo(self) -> FloatArray:
        """The deals' difficulties on the published scale (:func:`elo`)."""
        return elo(self.beta)

    def elo_se(self) -> FloatArray:
        """The standard errors of :meth:`elo`."""
        return elo_se(self.beta_se)

    def theta_elo(self) -> FloatArray:
        """The players' strengths on the published scale."""
        return elo(self.theta)


@dataclass(frozen=True)
class Ratings:
    """Deals rated with the players held fixed (see :func:`rate_many`):
    difficulty, its standard error and discrimination (all ones for 1PL),
    one entry per deal."""

    model: Model
    beta: FloatArray
    se: FloatArray
    a: FloatArray


@dataclass(frozen=True)
class HeldOutScore:
    """Held-out games scored (see :func:`heldout_log_loss`): mean log-loss
    per game of the model's predictions and of the base rate (the training
    games' overall win rate as a constant prediction), nats."""

    model: Model
    log_loss: float
    base_log_loss: float
    games: int


@dataclass(frozen=True)
class LeftOutPlayer:
    """One player predicted by a fit without it (see :func:`leave_one_player_out`).

    ``theta`` is the player's strength fitted from its total wins alone;
    ``log_loss`` the mean log-loss per game of the predictions,
    ``base_log_loss`` that of its overall win rate as a constant
    prediction; ``rho`` the Spearman correlation over the deals it played
    between predicted and observed win rates (nan when either is constant).
    """

    player: int
    theta: float
    log_loss: float
    base_log_loss: float
    rho: float
    games: int


@dataclass(frozen=True)
class MonotoneShare:
    """Consecutive rungs compared deal by deal (see :func:`monotone_share`).

    ``pairs[i]`` is ``(weaker, stronger)`` (player indexes); ``shares[i]``
    the share of the deals both played on which the stronger's win rate is
    at least the weaker's, over ``deals[i]`` deals; ``overall`` the same
    share pooled over every pair.
    """

    pairs: list[tuple[int, int]]
    shares: FloatArray
    deals: npt.NDArray[np.int64]
    overall: float


# ---------------------------------------------------------------------------
# The scale


def elo(x: ArrayLike) -> FloatArray:
    """Logits (a difficulty or a strength) on the published scale: ``1500 + 400 / ln(10) * x``.

    >>> [round(float(v), 1) for v in elo([-1.0, 0.0, math.log(10.0)])]
    [1326.3, 1500.0, 1900.0]
    """
    return 1500.0 + ELO_PER_LOGIT * np.asarray(x, dtype=np.float64)


def elo_se(se: ArrayLike) -> FloatArray:
    """A standard error in logits on the published scale (``400 / ln(10)`` times it).

    >>> round(float(elo_se(1.0)), 2)
    173.72
    """
    return ELO_PER_LOGIT * np.asarray(se, dtype=np.float64)


def win_probability(theta: ArrayLike, beta: ArrayLike, a: ArrayLike | None = None) -> FloatArray:
    """P(player wins deal) for every player (rows) and deal (columns).

    >>> win_probability([0.0, 1.0], [0.0])
    array([[0.5       ],
           [0.73105858]])
    """
    return _sigmoid(_logits(_floats(theta, "theta"), _floats(beta, "beta"), _a_or_ones(a, np.size(beta))))


# ---------------------------------------------------------------------------
# Fitting


def fit(
    wins: ArrayLike,
    trials: ArrayLike,
    model: Model = "1pl",
    prior_sd: float = DEFAULT_PRIOR_SD,
    log_a_sd: float = DEFAULT_LOG_A_SD,
) -> IrtFit:
    """The joint MAP fit of the players' strengths and the deals' difficulties
    (and, for ``"2pl"``, discriminations) to ``wins`` out of ``trials``
    (integer arrays, players x deals; see the module's docstring for the
    model and priors).

    How: the deals are profiled out. For given strengths each deal's MAP is
    a small separate problem (1-D for 1PL, 2-D for 2PL), solved for all the
    deals at once by vectorised Newton steps (as in :func:`rate_many`); the
    strengths, a handful of numbers, are then found by L-BFGS-B on the
    profile negative log-posterior, whose gradient is analytic (by the
    envelope theorem, the partial derivative in ``theta`` at the deals'
    optimum). This is the joint mode, and L-BFGS-B never works on vectors
    of one entry a deal (which would cost it more than the model does).
    The strengths start from the smoothed logits of the players' win rates;
    a 2PL fit starts from the 1PL one. The deals' parameters returned are
    those :func:`rate_many` gives with the fitted strengths, bit for bit.

    In 2PL the MAP discriminations of deals with few games lean high (a
    clean split of a few games looks sharp), so the typical fitted ``a``
    can sit above 1 and the strengths shrink by as much (a few per cent to
    ten on ladders like ours): compare 1PL and 2PL ratings by rank, or
    after an affine map.
    """
    w, n = _counts(wins, trials)
    _check_sd(prior_sd, "prior_sd")
    _check_sd(log_a_sd, "log_a_sd")
    if model not in ("1pl", "2pl"):
        raise ValueError(f"model must be '1pl' or '2pl', not {model!r}")
    theta = _start(w, n)
    theta, beta, log_a, converged, iterations = _profile(w, n, theta, "1pl", prior_sd, log_a_sd)
    if model == "2pl":
        theta, beta, log_a, converged, more = _profile(w, n, theta, "2pl", prior_sd, log_a_sd)
        iterations += more
    a = np.ones(n.shape[1]) if log_a is None else np.exp(log_a)
    ll = _log_likelihood(w, n, _logits(theta, beta, a))
    log_prior = -0.5 * float(np.sum((beta / prior_sd) ** 2))
    if log_a is not None:
        log_prior -= 0.5 * float(np.sum((log_a / log_a_sd) ** 2))
    return IrtFit(
        model=model,
        theta=theta,
        beta=beta,
        a=a,
        beta_se=_deal_se(w, n, theta, beta, log_a, prior_sd, log_a_sd),
        log_likelihood=ll,
        log_posterior=ll + log_prior,
        games=int(n.sum()),
        prior_sd=prior_sd,
        log_a_sd=log_a_sd,
        converged=converged,
        iterations=iterations,
    )


def rate_many(
    wins: ArrayLike,
    trials: ArrayLike,
    theta: ArrayLike,
    model: Model = "1pl",
    prior_sd: float = DEFAULT_PRIOR_SD,
    log_a_sd: float = DEFAULT_LOG_A_SD,
) -> Ratings:
    """Deals rated with the players' strengths ``theta`` held fixed:
    ``wins`` and ``trials`` are players x deals, as for :func:`fit`.

    1PL: each difficulty is the 1-D MAP, the root of the log-posterior's
    derivative (strictly decreasing, so there is one), found by Newton's
    method safeguarded by bisection, all deals at once. Its standard error
    is ``1 / sqrt(sum_p n p (1 - p) + 1 / prior_sd**2)``, from the
    curvature at the mode.

    2PL: each deal's difficulty and discrimination are fitted together
    (the 2-D MAP, by L-BFGS-B over all the deals at once, from the 1PL
    rating), and the standard error is the difficulty's marginal one from
    the deal's 2 x 2 curvature block.

    With the ``theta`` of a joint :func:`fit`, the ratings of its deals are
    its ``beta`` (and ``a``), to the optimiser's tolerance.
    """
    w, n = _counts(wins, trials)
    t = _floats(theta, "theta")
    if t.shape != (n.shape[0],):
        raise ValueError(f"theta has {t.size} entries for {n.shape[0]} players")
    _check_sd(prior_sd, "prior_sd")
    _check_sd(log_a_sd, "log_a_sd")
    if model not in ("1pl", "2pl"):
        raise ValueError(f"model must be '1pl' or '2pl', not {model!r}")
    beta, log_a = _deals(w, n, t, model, prior_sd, log_a_sd)
    se = _deal_se(w, n, t, beta, log_a, prior_sd, log_a_sd)
    a = np.ones(n.shape[1]) if log_a is None else np.exp(log_a)
    return Ratings(model=model, beta=beta, se=se, a=a)


def rate(
    wins_p: ArrayLike,
    trials_p: ArrayLike,
    theta: ArrayLike,
    model: Model = "1pl",
    prior_sd: float = DEFAULT_PRIOR_SD,
    log_a_sd: float = DEFAULT_LOG_A_SD,
) -> tuple[float, float]:
    """One deal rated with the players' strengths held fixed: ``wins_p[p]``
    wins out of ``trials_p[p]`` games for player ``p``. Returns the
    difficulty and its standard error (logits; see :func:`rate_many`, of
    which this is the one-deal case; for 2PL the deal's discrimination is
    fitted too, and :func:`rate_many` returns it).

    >>> beta, se = rate([8, 4, 0], [8, 8, 8], [2.0, 0.0, -2.0])
    >>> round(beta, 6), round(se, 3)
    (0.0, 0.504)
    """
    w = np.asarray(wins_p)
    n = np.asarray(trials_p)
    if w.ndim != 1 or n.ndim != 1:
        raise ValueError("wins_p and trials_p must be 1-D (one entry per player)")
    ratings = rate_many(w[:, None], n[:, None], theta, model, prior_sd, log_a_sd)
    return float(ratings.beta[0]), float(ratings.se[0])


def fit_theta(wins: ArrayLike, trials: ArrayLike, beta: ArrayLike, a: ArrayLike | None = None) -> FloatArray:
    """Players rated with the deals held fixed, from their total wins alone:
    the strength at which a player's expected number of wins over the games
    it played equals its actual number (players x deals arrays, as for
    :func:`fit`; one strength per player).

    For 1PL with its flat prior this is exactly the 1-D MAP (the likelihood
    depends on the player's games only through its total wins). For 2PL the
    MAP would weight each win by the deal's ``a``; matching the total keeps
    the estimate blind to which deals were won, as
    :func:`leave_one_player_out` requires. A player who wins (loses) every
    game has no finite strength and gets :data:`THETA_BOUND` (its
    negative).

    >>> [round(float(t), 6) for t in fit_theta([[2, 2], [4, 4]], [[4, 4], [4, 4]], [0.5, -0.5])]
    [0.0, 40.0]
    """
    w, n = _counts(wins, trials)
    b = _floats(beta, "beta")
    if b.shape != (n.shape[1],):
        raise ValueError(f"beta has {b.size} entries for {n.shape[1]} deals")
    av = _a_or_ones(a, n.shape[1])
    target = w.sum(axis=1)

    def slope(t: FloatArray) -> tuple[FloatArray, FloatArray]:
        p, q, r = _residual(w, n, _logits(t, b, av))
        return r.sum(axis=1), -(n * p * q * av).sum(axis=1)

    lo = np.full(n.shape[0], -THETA_BOUND)
    hi = np.full(n.shape[0], THETA_BOUND)
    rate_ = (w.sum(axis=1) + 0.5) / (n.sum(axis=1) + 1.0)
    start = np.clip(np.log(rate_ / (1.0 - rate_)), -THETA_BOUND, THETA_BOUND)
    theta = _solve_decreasing(slope, start, lo, hi)
    games = n.sum(axis=1)
    theta[(games > 0) & (target == games)] = THETA_BOUND
    theta[(games > 0) & (target == 0)] = -THETA_BOUND
    return theta


# ---------------------------------------------------------------------------
# Validation


def heldout_log_loss(
    wins: ArrayLike,
    trials: ArrayLike,
    model: Model = "1pl",
    holdout: float = 0.2,
    unit: Literal["cell", "game"] = "cell",
    seed: int = 0,
    prior_sd: float = DEFAULT_PRIOR_SD,
    log_a_sd: float = DEFAULT_LOG_A_SD,
) -> HeldOutScore:
    """Fit on part of the games, score the rest: the mean log-loss per
    held-out game, and that of the base rate.

    ``unit="cell"`` holds out a random ``holdout`` share of the played
    (player, deal) cells, all of their games (the model must predict a
    pairing it never saw); ``unit="game"`` holds out each game (seed) with
    probability ``holdout`` (the kept games of a cell inform its held-out
    ones). The split depends on ``seed`` and the shapes only, so two models
    scored with the same ``seed`` are scored on the same games: compare
    ``"1pl"`` and ``"2pl"`` that way.
    """
    w, n = _counts(wins, trials)
    if not 0.0 < holdout < 1.0:
        raise ValueError(f"holdout must be between 0 and 1, not {holdout}")
    rng = np.random.default_rng(seed)
    if unit == "cell":
        held = (rng.random(n.shape) < holdout) & (n > 0)
        n_out = np.where(held, n, 0)
        w_out = np.where(held, w, 0)
    elif unit == "game":
        wi, ni = w.astype(np.int64), n.astype(np.int64)
        n_out = rng.binomial(ni, holdout).astype(np.float64)
        w_out = rng.hypergeometric(wi, ni - wi, n_out.astype(np.int64)).astype(np.float64)
    else:
        raise ValueError(f"unit must be 'cell' or 'game', not {unit!r}")
    w_in, n_in = w - w_out, n - n_out
    if n_out.sum() == 0 or n_in.sum() == 0:
        raise ValueError("the split left no games to fit or none to score")
    result = fit(w_in, n_in, model, prior_sd, log_a_sd)
    games = int(n_out.sum())
    z = _logits(result.theta, result.beta, result.a)
    base = _clip_rate(w_in.sum() / n_in.sum())
    base_z = np.full(n.shape, math.log(base / (1.0 - base)))
    return HeldOutScore(
        model=model,
        log_loss=-_log_likelihood(w_out, n_out, z) / games,
        base_log_loss=-_log_likelihood(w_out, n_out, base_z) / games,
        games=games,
    )


def split_half(
    wins_a: ArrayLike,
    trials_a: ArrayLike,
    wins_b: ArrayLike,
    trials_b: ArrayLike,
    theta: ArrayLike | None = None,
    model: Model = "1pl",
    prior_sd: float = DEFAULT_PRIOR_SD,
    log_a_sd: float = DEFAULT_LOG_A_SD,
) -> float:
    """The Spearman correlation between the difficulties fitted from two
    disjoint halves of the seeds (``wins_a`` of ``trials_a`` and ``wins_b``
    of ``trials_b``, players x deals each): the rating's reliability.

    With ``theta`` given (say from a fit on all the games), each half's
    deals are rated with it held fixed (:func:`rate_many`), so both halves
    share one scale; without it, each half is fitted jointly (:func:`fit`).
    Ties (deals with perfect scores in a half) take their average rank.
    """
    if theta is None:
        beta_a = fit(wins_a, trials_a, model, prior_sd, log_a_sd).beta
        beta_b = fit(wins_b, trials_b, model, prior_sd, log_a_sd).beta
    else:
        beta_a = rate_many(wins_a, trials_a, theta, model, prior_sd, log_a_sd).beta
        beta_b = rate_many(wins_b, trials_b, theta, model, prior_sd, log_a_sd).beta
    if beta_a.shape != beta_b.shape:
        raise ValueError("the two halves have different numbers of deals")
    return spearman(beta_a, beta_b)


def leave_one_player_out(
    wins: ArrayLike,
    trials: ArrayLike,
    model: Model = "1pl",
    prior_sd: float = DEFAULT_PRIOR_SD,
    log_a_sd: float = DEFAULT_LOG_A_SD,
) -> list[LeftOutPlayer]:
    """Each player predicted game by game by a fit without it.

    For each player ``p``: the model is fitted to the other players; ``p``'s
    strength is fitted from its total wins alone over those difficulties
    (:func:`fit_theta`, which sees nothing of which deals it won); its
    per-deal win probabilities are predicted and scored against its games:
    mean log-loss per game, against the base rate's (its overall win rate
    as a constant prediction, which knows as much about ``p`` as the
    model's prediction does), and the Spearman correlation of predicted and
    observed per-deal win rates. A ladder whose difficulties mean something
    beats the base rate for every player.
    """
    w, n = _counts(wins, trials)
    if n.shape[0] < 2:
        raise ValueError("leave_one_player_out needs at least two players")
    out = []
    for p in range(n.shape[0]):
        rest = np.arange(n.shape[0]) != p
        others = fit(w[rest], n[rest], model, prior_sd, log_a_sd)
        wp, np_ = w[p : p + 1], n[p : p + 1]
        theta = fit_theta(wp, np_, others.beta, others.a)
        z = _logits(theta, others.beta, others.a)
        games = int(np_.sum())
        base = _clip_rate(wp.sum() / max(games, 1))
        base_z = np.full(np_.shape, math.log(base / (1.0 - base)))
        played = np_[0] > 0
        rho = spearman(_sigmoid(z[0, played]), wp[0, played] / np_[0, played]) if played.sum() > 1 else math.nan
        out.append(
            LeftOutPlayer(
                player=p,
                theta=float(theta[0]),
                log_loss=-_log_likelihood(wp, np_, z) / games if games else math.nan,
                base_log_loss=-_log_likelihood(wp, np_, base_z) / games if games else math.nan,
                rho=rho,
                games=games,
            )
        )
    return out


def monotone_share(wins: ArrayLike, trials: ArrayLike, order: Sequence[int]) -> MonotoneShare:
    """For consecutive rungs of the ladder (``order``: player indexes, weak
    to strong), the share of deals on which the stronger player's win rate
    is at least the weaker's, over the deals both played (rates compared
    exactly, in integers), per pair and pooled over all pairs.

    >>> wins = np.array([[0, 1, 2], [1, 1, 0], [2, 2, 2]])
    >>> trials = np.array([[2, 2, 2], [2, 2, 2], [2, 2, 2]])
    >>> share = monotone_share(wins, trials, [0, 1, 2])
    >>> share.pairs, share.shares.tolist(), round(share.overall, 4)
    ([(0, 1), (1, 2)], [0.6666666666666666, 1.0], 0.8333)
    """
    w, n = _counts(wins, trials)
    order = [int(i) for i in order]
    if len(order) < 2 or len(set(order)) != len(order) or not all(0 <= i < n.shape[0] for i in order):
        raise ValueError("order must list two or more distinct player indexes")
    pairs = list(zip(order[:-1], order[1:]))
    shares = np.empty(len(pairs))
    deals = np.empty(len(pairs), dtype=np.int64)
    hits = 0
    for i, (weak, strong) in enumerate(pairs):
        both = (n[weak] > 0) & (n[strong] > 0)
        ok = (w[strong] * n[weak] >= w[weak] * n[strong]) & both
        deals[i] = int(both.sum())
        hits += int(ok.sum())
        shares[i] = ok.sum() / deals[i] if deals[i] else math.nan
    total = int(deals.sum())
    return MonotoneShare(pairs=pairs, shares=shares, deals=deals, overall=hits / total if total else math.nan)


# ---------------------------------------------------------------------------
# Internals


def _floats(x: ArrayLike, name: str) -> FloatArray:
    v = np.asarray(x, dtype=np.float64)
    if v.ndim != 1 or not np.all(np.isfinite(v)):
        raise ValueError(f"{name} must be a 1-D array of finite numbers")
    return v


def _a_or_ones(a: ArrayLike | None, deals: int) -> FloatArray:
    if a is None:
        return np.ones(deals)
    v = _floats(a, "a")
    if v.shape != (deals,) or np.any(v <= 0):
        raise ValueError(f"a must hold {deals} positive numbers")
    return v


def _check_sd(sd: float, name: str) -> None:
    if not (math.isfinite(sd) and sd > 0):
        raise ValueError(f"{name} must be positive, not {sd}")


def _counts(wins: ArrayLike, trials: ArrayLike) -> tuple[FloatArray, FloatArray]:
    """The counts checked (whole, 0 <= wins <= trials, players x deals) and as floats."""
    w = np.asarray(wins)
    n = np.asarray(trials)
    if w.ndim != 2 or w.shape != n.shape:
        raise ValueError(f"wins and trials must be 2-D arrays of one shape, not {w.shape} and {n.shape}")
    wf = w.astype(np.float64)
    nf = n.astype(np.float64)
    if not (np.array_equal(wf, np.round(wf)) and np.array_equal(nf, np.round(nf))):
        raise ValueError("wins and trials must be whole numbers")
    if np.any(wf < 0) or np.any(wf > nf):
        raise ValueError("wins must be between 0 and trials")
    return wf, nf


def _sigmoid(z: FloatArray) -> FloatArray:
    return np.asarray(special.expit(z), dtype=np.float64)


def _residual(w: FloatArray, n: FloatArray, z: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray]:
    """``p = sigmoid(z)``, ``q = 1 - p`` (each accurate in its own tail) and
    the residual ``r = w - n p``, written ``w q - (n - w) p`` so that it is
    accurate (and exactly 0 for a perfect score) however large ``|z|`` is."""
    p = _sigmoid(z)
    q = _sigmoid(-z)
    return p, q, w * q - (n - w) * p


def _logits(theta: FloatArray, beta: FloatArray, a: FloatArray) -> FloatArray:
    return np.asarray(a[None, :] * (theta[:, None] - beta[None, :]), dtype=np.float64)


def _log_likelihood(w: FloatArray, n: FloatArray, z: FloatArray) -> float:
    """Sum over games of log P(outcome): ``w z - n log(1 + e^z)`` per cell."""
    return float(np.sum(w * z - n * np.logaddexp(0.0, z)))


def _clip_rate(r: float) -> float:
    return min(max(float(r), 1e-6), 1.0 - 1e-6)


def spearman(x: ArrayLike, y: ArrayLike) -> float:
    """Spearman's rank correlation of ``x`` and ``y`` (nan when either is constant)."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    if np.ptp(x) == 0 or np.ptp(y) == 0:
        return math.nan
    return float(stats.spearmanr(x, y).statistic)


def _start(w: FloatArray, n: FloatArray) -> FloatArray:
    """Strengths from the smoothed logits of the players' win rates (right
    for a typical deal, whose difficulty the prior puts at 0)."""
    rp = (w.sum(axis=1) + 0.5) / (n.sum(axis=1) + 1.0)
    return np.asarray(np.log(rp / (1.0 - rp)), dtype=np.float64)


def _deals(
    w: FloatArray,
    n: FloatArray,
    theta: FloatArray,
    model: Model,
    prior_sd: float,
    log_a_sd: float,
    beta: FloatArray | None = None,
    log_a: FloatArray | None = None,
) -> tuple[FloatArray, FloatArray | None]:
    """Every deal's MAP difficulty (and, for 2PL, log discrimination) given
    the strengths, from a start (the 1PL rating if none): the inner step of
    :func:`fit` and the whole of :func:`rate_many`."""
    if model == "2pl" and beta is not None and log_a is not None:
        return _rate_2pl(w, n, theta, prior_sd, log_a_sd, beta, log_a)
    beta = _rate_1pl(w, n, theta, prior_sd, beta)
    if model == "1pl":
        return beta, None
    return _rate_2pl(w, n, theta, prior_sd, log_a_sd, beta, np.zeros_like(beta))


def _profile(
    w: FloatArray,
    n: FloatArray,
    theta: FloatArray,
    model: Model,
    prior_sd: float,
    log_a_sd: float,
) -> tuple[FloatArray, FloatArray, FloatArray | None, bool, int]:
    """The joint MAP by L-BFGS-B over the strengths alone, the deals
    profiled out: for given strengths every deal's parameters are their
    conditional MAP (:func:`_deals`, warm-started from the last call), and
    by the envelope theorem the gradient of the profile negative
    log-posterior in ``theta_p`` is its partial one, ``-sum_d a_d r_pd``
    with ``r = w - n sigmoid(a (theta - beta))``. The optimiser works on a
    handful of variables however many deals there are, each scaled by the
    square root of its curvature at the start (so that L-BFGS-B's first,
    unit-length step is a sensible one)."""
    theta = np.clip(theta, -THETA_BOUND, THETA_BOUND)
    beta, log_a = _deals(w, n, theta, model, prior_sd, log_a_sd)
    cache = {"beta": beta, "log_a": log_a}
    a = np.ones_like(beta) if log_a is None else np.exp(log_a)
    p, q, _ = _residual(w, n, _logits(theta, beta, a))
    scale = np.sqrt(np.sum(n * p * q * a**2, axis=1) + 1.0)

    def objective(x: FloatArray) -> tuple[float, FloatArray]:
        t = x / scale
        beta, log_a = _deals(w, n, t, model, prior_sd, log_a_sd, cache["beta"], cache["log_a"])
        cache["beta"], cache["log_a"] = beta, log_a
        a = np.ones_like(beta) if log_a is None else np.exp(log_a)
        z = _logits(t, beta, a)
        _, _, r = _residual(w, n, z)
        value = -_log_likelihood(w, n, z) + 0.5 * float(np.sum((beta / prior_sd) ** 2))
        if log_a is not None:
            value += 0.5 * float(np.sum((log_a / log_a_sd) ** 2))
        # A sum, not a matrix product: BLAS threads only slow a product this thin.
        return value, -np.sum(r * a, axis=1) / scale

    start_value, _ = objective(theta * scale)
    res = optimize.minimize(
        objective,
        theta * scale,
        jac=True,
        method="L-BFGS-B",
        bounds=optimize.Bounds(-THETA_BOUND * scale, THETA_BOUND * scale),
        # The gradient in the scaled variables can only be made as small as
        # the rounding of the objective (about 1e-16 of it) allows: ask for
        # a little more than its square root.
        options={"maxiter": _MAX_ITERATIONS, "ftol": 1e-15, "gtol": 1e-7 * math.sqrt(1.0 + abs(start_value))},
    )
    t = np.asarray(res.x, dtype=np.float64) / scale
    beta, log_a = _deals(w, n, t, model, prior_sd, log_a_sd)
    return t, beta, log_a, bool(res.success), int(res.nit)


def _solve_decreasing(
    slope: Callable[[FloatArray], tuple[FloatArray, FloatArray]],
    x: FloatArray,
    lo: FloatArray,
    hi: FloatArray,
) -> FloatArray:
    """The roots of many strictly decreasing functions at once, each within
    its bracket ``[lo, hi]`` (clipped to it if none): Newton's method,
    bisecting whenever a step would leave the bracket known to hold the
    root. ``slope(x)`` returns the functions' values and derivatives."""
    x = x.copy()
    lo = lo.copy()
    hi = hi.copy()
    for _ in range(_NEWTON_ITERATIONS):
        g, dg = slope(x)
        lo = np.where(g > 0, x, lo)
        hi = np.where(g < 0, x, hi)
        with np.errstate(divide="ignore", invalid="ignore"):
            step = np.where(dg < 0, g / dg, np.inf)
        new = x - step
        outside = ~((new >= lo) & (new <= hi))
        new = np.where(outside, 0.5 * (lo + hi), new)
        new = np.where(g == 0, x, new)
        done = np.abs(new - x) <= 1e-12 * (1.0 + np.abs(x))
        x = new
        if np.all(done):
            break
    return x


def _rate_1pl(
    w: FloatArray, n: FloatArray, theta: FloatArray, prior_sd: float, start: FloatArray | None = None
) -> FloatArray:
    """The 1PL difficulty of every deal given the strengths: the root of
    ``-sum_p r_p - beta / prior_sd**2`` (the log-posterior's derivative,
    decreasing in beta), which lies within ``prior_sd**2 * sum_p n`` of 0."""
    precision = 1.0 / prior_sd**2
    ones = np.ones(n.shape[1])

    def slope(beta: FloatArray) -> tuple[FloatArray, FloatArray]:
        p, q, r = _residual(w, n, _logits(theta, beta, ones))
        return -r.sum(axis=0) - beta * precision, -(n * p * q).sum(axis=0) - precision

    reach = prior_sd**2 * n.sum(axis=0) + 1.0
    if start is None:
        rd = (w.sum(axis=0) + 0.5) / (n.sum(axis=0) + 1.0)
        start = -np.log(rd / (1.0 - rd)) + float(np.mean(theta))
    return _solve_decreasing(slope, np.clip(start, -reach, reach), -reach, reach)


def _rate_2pl(
    w: FloatArray,
    n: FloatArray,
    theta: FloatArray,
    prior_sd: float,
    log_a_sd: float,
    beta: FloatArray,
    log_a: FloatArray,
) -> tuple[FloatArray, FloatArray]:
    """The 2PL difficulty and log discrimination of every deal given the
    strengths: each deal's 2-D MAP by Newton's method (Fisher scoring where
    the deal's Hessian is not positive definite, the log-posterior not
    being concave in (beta, log a) everywhere), steps capped and halved
    until they climb (Armijo), all deals at once."""
    pb, pl = 1.0 / prior_sd**2, 1.0 / log_a_sd**2

    def value(b: FloatArray, la: FloatArray) -> FloatArray:
        z = _logits(theta, b, np.exp(la))
        with np.errstate(over="ignore", invalid="ignore"):
            f = -np.sum(w * z - n * np.logaddexp(0.0, z), axis=0) + 0.5 * (pb * b**2 + pl * la**2)
        return np.asarray(np.where(np.isfinite(f), f, np.inf), dtype=np.float64)

    b, la = beta.copy(), log_a.copy()
    f = value(b, la)
    for _ in range(_NEWTON_ITERATIONS):
        a = np.exp(la)
        z = _logits(theta, b, a)
        p, q, r = _residual(w, n, z)
        v = n * p * q
        rs, rz, vz = r.sum(axis=0), np.sum(r * z, axis=0), np.sum(v * z, axis=0)
        g_b = a * rs + pb * b
        g_l = -rz + pl * la
        h_bb = a**2 * v.sum(axis=0) + pb
        fisher_ll = np.sum(v * z**2, axis=0) + pl
        h_ll = fisher_ll - rz
        h_bl = a * (rs - vz)
        newton = (h_ll > 0) & (h_bb * h_ll - h_bl**2 > 1e-12 * h_bb * h_ll)
        h_ll = np.where(newton, h_ll, fisher_ll)
        h_bl = np.where(newton, h_bl, -a * vz)
        det = h_bb * h_ll - h_bl**2
        d_b = -(h_ll * g_b - h_bl * g_l) / det
        d_l = -(h_bb * g_l - h_bl * g_b) / det
        cap = np.minimum(1.0, np.minimum(1.0 / np.maximum(np.abs(d_l), 1e-300), 4.0 / np.maximum(np.abs(d_b), 1e-300)))
        d_b, d_l = d_b * cap, d_l * cap
        descent = g_b * d_b + g_l * d_l
        # Near its mode a deal takes the whole step (rounding would fail the
        # test); elsewhere a step is halved until it climbs enough.
        near = -descent <= 1e-10 * (1.0 + np.abs(f))
        step = np.ones_like(b)
        f_new = value(b + d_b, la + d_l)
        for _ in range(60):
            bad = (f_new > f + 1e-4 * step * descent) & ~near
            if not bad.any():
                break
            step = np.where(bad, 0.5 * step, step)
            f_new = np.where(bad, value(b + step * d_b, la + step * d_l), f_new)
        bad = (f_new > f + 1e-4 * step * descent) & ~near
        step = np.where(bad, 0.0, step)
        moved_b, moved_l = step * d_b, step * d_l
        b, la = b + moved_b, la + moved_l
        f = np.where(bad, f, f_new)
        if np.all((np.abs(moved_b) <= 1e-12 * (1.0 + np.abs(b))) & (np.abs(moved_l) <= 1e-12 * (1.0 + np.abs(la)))):
            break
    return b, la


def _deal_se(
    w: FloatArray,
    n: FloatArray,
    theta: FloatArray,
    beta: FloatArray,
    log_a: FloatArray | None,
    prior_sd: float,
    log_a_sd: float,
) -> FloatArray:
    """Each difficulty's standard error from the curvature of the negative
    log-posterior at the mode, the players held fixed. 1PL:
    ``1 / sqrt(sum_p n p (1 - p) + 1 / prior_sd**2)``. 2PL: the marginal
    one from the deal's 2 x 2 block in (beta, log a), with ``v = n p (1 - p)``::

        H_bb = a^2 sum v + 1 / prior_sd^2
        H_ll = sum (v z^2 - r z) + 1 / log_a_sd^2
        H_bl = a sum (r - v z)
        var(beta) = H_ll / (H_bb H_ll - H_bl^2)

    (falling back to ``1 / H_bb`` where the block is not positive definite).
    """
    a = np.ones_like(beta) if log_a is None else np.exp(log_a)
    z = _logits(theta, beta, a)
    p, q, r = _residual(w, n, z)
    v = n * p * q
    h_bb = a**2 * v.sum(axis=0) + 1.0 / prior_sd**2
    if log_a is None:
        return np.asarray(1.0 / np.sqrt(h_bb), dtype=np.float64)
    h_ll = np.sum(v * z**2 - r * z, axis=0) + 1.0 / log_a_sd**2
    h_bl = a * np.sum(r - v * z, axis=0)
    det = h_bb * h_ll - h_bl**2
    good = (det > 0) & (h_ll > 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        var = np.where(good, h_ll / det, 1.0 / h_bb)
    return np.asarray(np.sqrt(var), dtype=np.float64)
