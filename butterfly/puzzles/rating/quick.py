"""The quick rating: a deal's rating predicted from cheap features, without
playing the ladder.

The features are the layout's (:func:`butterfly.puzzles.rating.features.layout_features`),
the logarithm of the solver's effort on a few row orders
(:func:`butterfly.puzzles.rating.features.solver_effort`, capped low), and the share of
games won by the ladder's cheapest rungs (:data:`QUICK_PLAYERS`, the same
games the full rating plays: a few milliseconds in all). A ridge regression on
the standardised features, fitted on the calibration deals' full ratings
(:mod:`butterfly.puzzles.rating.calibrate`), predicts the rating; its accuracy is measured
by k-fold cross-validation on those deals and stored with it, so a quick
rating always states its error.
"""

from __future__ import annotations

import math

import numpy as np

from butterfly.games.patience.rules import Position
from butterfly.puzzles.rating.features import LAYOUT_FEATURES, layout_features, solver_effort
from butterfly.puzzles.rating.irt import spearman
from butterfly.puzzles.rating.ladder import player_named
from butterfly.puzzles.rating.rate import play_ladder

#: The search's effort: this many row orders, each capped at this many nodes.
EFFORT_ORDERS = 4
EFFORT_CAP = 10_000

#: The rungs whose games the quick rating plays (the cheapest: a third of a millisecond a game).
QUICK_PLAYERS = ("random", "greedy-e20", "greedy")

QUICK_FEATURES = (
    *LAYOUT_FEATURES,
    "log_effort_median",
    "log_effort_geomean",
    "effort_capped",
    *(f"wins_{name}" for name in QUICK_PLAYERS),
)

#: The ridge penalty, on standardised features (a light one: there are thousands of deals).
RIDGE = 1.0


def quick_features(position: Position) -> list[float]:
    """:data:`QUICK_FEATURES` of ``position``, in order."""
    layout = layout_features(position)
    effort = solver_effort(position, EFFORT_ORDERS, EFFORT_CAP)
    games = play_ladder(position, ladder=tuple(player_named(name) for name in QUICK_PLAYERS))
    return [
        *(layout[name] for name in LAYOUT_FEATURES),
        math.log10(max(1.0, effort.median)),
        math.log10(max(1.0, effort.geometric_mean)),
        float(effort.capped_runs),
        *(games[name].count("1") / len(games[name]) for name in QUICK_PLAYERS),
    ]


def _ridge(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0] = 1.0
    z = (x - mean) / scale
    intercept = float(y.mean())
    coef = np.linalg.solve(z.T @ z + RIDGE * np.eye(z.shape[1]), z.T @ (y - intercept))
    return mean, scale, coef, intercept


def fit_quick(features: np.ndarray, ratings: np.ndarray, folds: int = 5) -> dict:
    """The predictor of ``ratings`` from ``features`` (deals x :data:`QUICK_FEATURES`),
    and its cross-validated error: ``rmse`` (rating points), ``rho``
    (Spearman), ``baseline_rmse`` (predicting the mean rating). Folds are
    deals taken in turn (deal i in fold i mod folds): deterministic."""
    features, ratings = np.asarray(features, float), np.asarray(ratings, float)
    predicted = np.empty_like(ratings)
    fold = np.arange(len(ratings)) % folds
    for k in range(folds):
        train = fold != k
        mean, scale, coef, intercept = _ridge(features[train], ratings[train])
        predicted[~train] = intercept + ((features[~train] - mean) / scale) @ coef
    mean, scale, coef, intercept = _ridge(features, ratings)
    return {
        "features": list(QUICK_FEATURES),
        "mean": mean.tolist(),
        "scale": scale.tolist(),
        "coef": coef.tolist(),
        "intercept": intercept,
        "rmse": float(np.sqrt(np.mean((predicted - ratings) ** 2))),
        "baseline_rmse": float(ratings.std()),
        "rho": spearman(predicted, ratings),
    }


def predict(position: Position, model: dict) -> float:
    """The quick rating of ``position`` by a predictor of :func:`fit_quick`."""
    x = np.array(quick_features(position))
    z = (x - np.array(model["mean"])) / np.array(model["scale"])
    return float(model["intercept"] + z @ np.array(model["coef"]))
