"""Calibrate the ladder on a set of deals: fit the players' strengths, choose
the grade bands, fit the quick predictor, and validate it all.

    python -m butterfly.puzzles.rating.calibrate ratings.sqlite --deals 0-1999 \
        [--game G --variant V --basement N] [--write]

reads the ladder's games from a survey database (``butterfly rate A-B --db
ratings.sqlite`` plays them), prints the report docs/rating.md quotes, and
with ``--write`` stores the calibration in ``butterfly/puzzles/rating/calibration.json``
(:class:`butterfly.puzzles.rating.Calibration`). Deterministic: the same games give
the same file byte for byte.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import sys

import numpy as np
from scipy.stats import fisher_exact

from butterfly.games.errors import InputError
from butterfly.games.patience.rules import Position, Rules, make_rules
from butterfly.puzzles.rating import irt
from butterfly.puzzles.rating.features import exact_features
from butterfly.puzzles.rating.ladder import LADDER
from butterfly.puzzles.rating.ladder_runs import read_row
from butterfly.puzzles.rating.quick import QUICK_FEATURES, fit_quick, quick_features
from butterfly.puzzles.rating.rate import CALIBRATION_FILE
from butterfly.solver.patience.result import WON
from butterfly.solver.survey.db import ResultsDB
from butterfly.solver.survey.run import parse_range, run_tasks
from butterfly.solver.version import PROJECT_PACKAGES, code_version

#: The prior sd of the deals' difficulties (logits): wide enough for the ladder's span.
PRIOR_SD = 3.0

#: The rungs whose strengths bound grades 1 to 4, with what each grade means.
GRADE_RUNGS = (
    (
        "greedy-e20",
        "even a careless player wins it: the greedy player with one move in five random is expected to win half",
    ),
    (
        "greedy",
        "the greedy player (the move that looks best now, never undone) is expected to win at least half",
    ),
    ("rollout-15", "a player trying each move out fifteen moves ahead is expected to win at least half its games"),
    ("rollout-50", "a player trying each move out fifty moves ahead is expected to win at least half its games"),
)
GRADE5 = "only a player trying every move out to the end (or the solver) is expected to win it more often than not"


def outcomes(db_path: str, rules: Rules, deals: range) -> tuple[list[int], np.ndarray, np.ndarray]:
    """The won deals of the range and their games: (deals, results[p, d, s]
    with 1 won, 0 lost, -1 not played, and the seeds played per player)."""
    db = ResultsDB(db_path)
    try:
        rows = db.ladder_rows(rules.name, deals)
    finally:
        db.close()
    won = [(r.deal, r.games) for r in (read_row(db_path, *row) for row in rows) if r.verdict == WON]
    if not won:
        raise InputError(f"no won deal of {rules.name} {deals.start}-{deals.stop - 1} in {db_path!r}")
    seeds = max(p.seeds for p in LADDER)
    results = np.full((len(LADDER), len(won), seeds), -1, dtype=np.int8)
    for d, (_, games) in enumerate(won):
        for p, player in enumerate(LADDER):
            played = games[player.name]
            results[p, d, : len(played)] = [int(c) for c in played]
    return [deal for deal, _ in won], results, np.array([p.seeds for p in LADDER])


def counts(results: np.ndarray, seeds: slice = slice(None)) -> tuple[np.ndarray, np.ndarray]:
    part = results[:, :, seeds]
    return (part == 1).sum(axis=2), (part >= 0).sum(axis=2)


def report(
    db_path: str,
    rules: Rules,
    deals: range,
    write: bool,
    exact: int = 0,
    exact_out: str = "",
    workers: int = 1,
    exact_from: str = "",
) -> dict:
    numbers, results, _ = outcomes(db_path, rules, deals)
    wins, trials = counts(results)
    names = [p.name for p in LADDER]
    out: dict = {"deals": len(numbers), "players": names}
    out["win_rate"] = {name: float(wins[p].sum() / trials[p].sum()) for p, name in enumerate(names)}
    heldout = {
        model: irt.heldout_log_loss(wins, trials, model, unit="game", prior_sd=PRIOR_SD) for model in ("1pl", "2pl")
    }
    out["heldout"] = {
        m: {"log_loss": h.log_loss, "base": h.base_log_loss, "games": h.games} for m, h in heldout.items()
    }
    # The 2PL model must earn its extra parameter per deal on held-out games.
    model: irt.Model = "2pl" if heldout["2pl"].log_loss < heldout["1pl"].log_loss - 0.005 else "1pl"
    out["model"] = model
    fitted = irt.fit(wins, trials, model, prior_sd=PRIOR_SD)
    theta = {name: float(t) for name, t in zip(names, fitted.theta)}
    out["theta"] = theta
    out["theta_elo"] = {name: float(irt.elo(t)) for name, t in theta.items()}
    half_a, half_b = counts(results, slice(0, None, 2)), counts(results, slice(1, None, 2))
    out["split_half_rho"] = irt.split_half(*half_a, *half_b, theta=fitted.theta, model=model, prior_sd=PRIOR_SD)
    out["split_half_rho_joint"] = irt.split_half(*half_a, *half_b, model=model, prior_sd=PRIOR_SD)
    out["leave_one_out"] = [
        {"player": names[lo.player], "log_loss": lo.log_loss, "base": lo.base_log_loss, "rho": lo.rho}
        for lo in irt.leave_one_player_out(wins, trials, model, prior_sd=PRIOR_SD)
    ]
    order = list(np.argsort(fitted.theta, kind="stable"))
    share = irt.monotone_share(wins, trials, order)
    out["monotone"] = {
        "overall": share.overall,
        "significant_inversions": significant_inversions(wins, trials, order, names),
        "pairs": [
            {"weaker": names[w], "stronger": names[s], "share": float(x)}
            for (w, s), x in zip(share.pairs, share.shares)
        ],
    }
    rated = irt.rate_many(wins, trials, fitted.theta, model, prior_sd=PRIOR_SD)
    elo = irt.elo(rated.beta)
    out["rating"] = {
        "median": float(np.median(elo)),
        "p10": float(np.percentile(elo, 10)),
        "p90": float(np.percentile(elo, 90)),
        "median_se": float(np.median(irt.elo_se(rated.se))),
    }
    thresholds = [theta[name] for name, _ in GRADE_RUNGS]
    grades = np.searchsorted(np.array(thresholds), rated.beta, side="left") + 1
    out["grades"] = {str(g): int((grades == g).sum()) for g in range(1, 6)}
    features = np.array([quick_features(Position.deal(n, rules)) for n in numbers])
    quick = fit_quick(features, elo, folds=5)
    out["quick"] = {k: v for k, v in quick.items() if k in ("rmse", "rho", "baseline_rmse")}
    out["quick_coefficients"] = dict(zip(QUICK_FEATURES, quick["coef"]))
    if exact:
        out["exact"] = exact_study(numbers, elo, rules, exact, workers, exact_out, exact_from)
    if write:
        calibration = {
            "rules": rules.name,
            "model": model,
            "prior_sd": PRIOR_SD,
            "theta": theta,
            "grades": [list(g) for g in GRADE_RUNGS],
            "grade5": GRADE5,
            "deals": f"{deals.start}-{deals.stop - 1}",
            "code": code_version(PROJECT_PACKAGES),
            "quick": quick,
        }
        stored = json.loads(CALIBRATION_FILE.read_text()) if CALIBRATION_FILE.exists() else {}
        stored[rules.name] = calibration
        CALIBRATION_FILE.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")
    return out


def significant_inversions(wins: np.ndarray, trials: np.ndarray, order: list, names: list[str]) -> dict[str, float]:
    """For consecutive rungs, the share of deals on which the weaker wins
    more often than the stronger by more than chance explains (Fisher's
    exact test, one-sided, 5 %): the inversions that are not sampling noise."""
    found = {}
    for weak, strong in zip(order, order[1:]):
        inverted = 0
        for d in range(wins.shape[1]):
            a, b = int(wins[weak, d]), int(wins[strong, d])
            if a * trials[strong, d] > b * trials[weak, d]:
                table = [[a, trials[weak, d] - a], [b, trials[strong, d] - b]]
                inverted += fisher_exact(table, alternative="greater").pvalue < 0.05
        found[f"{names[weak]} < {names[strong]}"] = inverted / wins.shape[1]
    return found


#: The exact features the difficulty is regressed on (:func:`exact_study`).
EXACT_PREDICTORS = ("fewest_cells", "critical_decisions", "forgiveness", "log_effort_median", "line_length")


def exact_of(deal: int, rules: Rules) -> dict:
    """A deal's exact features (the unit of work of :func:`exact_study`)."""
    return {"deal": deal, **exact_features(Position.deal(deal, rules))}


def exact_predictors(features: dict, cells: int) -> list[float]:
    return [
        float(features.get("fewest_cells", cells)),
        float(features.get("critical_decisions", 0)),
        float(features.get("forgiveness", 1.0)),
        float(np.log10(max(1.0, features["effort_median"]))),
        float(features.get("line_length", 0)),
    ]


def exact_study(
    numbers: list[int], elo: np.ndarray, rules: Rules, sample: int, workers: int, out_path: str, known: str = ""
) -> dict:
    """Which exact features the fitted difficulty depends on: the exact
    features of the first ``sample`` calibration deals (written to
    ``out_path``, one JSON object a line; or read from ``known``, such a
    file, gzipped or not, when they were computed before: they do not
    depend on the ladder), each one's Spearman correlation with the rating,
    and a least-squares fit of the rating on all of them (standardised
    coefficients; R^2 cross-validated over 5 folds)."""
    chosen = numbers[:sample]
    if known:
        opener = gzip.open if known.endswith(".gz") else open
        with opener(known, "rt") as handle:
            by_deal = {row["deal"]: row for row in map(json.loads, handle)}
        missing = [d for d in chosen if d not in by_deal]
        if missing:
            raise InputError(f"{known!r} has no exact features for deal {missing[0]}")
        rows = [by_deal[d] for d in chosen]
    else:
        task = functools.partial(exact_of, rules=rules)
        rows = sorted(run_tasks(iter(chosen), len(chosen), task, workers, None, 20.0), key=lambda r: r["deal"])
        with open(out_path, "w") as handle:
            for row in rows:
                handle.write(json.dumps(row, sort_keys=True) + "\n")
    x = np.array([exact_predictors(row, rules.cells) for row in rows])
    y = elo[[numbers.index(row["deal"]) for row in rows]]
    result: dict = {"deals": len(rows), "spearman": {}, "coefficients": {}}
    for k, name in enumerate(EXACT_PREDICTORS):
        result["spearman"][name] = irt.spearman(x[:, k], y)
    fitted = fit_quick(x, y, folds=5)
    result["coefficients"] = dict(zip(EXACT_PREDICTORS, fitted["coef"]))
    result["cv_rmse"], result["baseline_rmse"], result["cv_rho"] = (
        fitted["rmse"],
        fitted["baseline_rmse"],
        fitted["rho"],
    )
    result["cv_r2"] = 1 - (fitted["rmse"] / fitted["baseline_rmse"]) ** 2
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m butterfly.puzzles.rating.calibrate", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("db", help="the survey database holding the ladder's games")
    parser.add_argument("--deals", required=True, help="the calibration deals, A-B")
    parser.add_argument("--game", default="butterfly")
    parser.add_argument("--variant", default=None)
    parser.add_argument("--basement", type=int, default=None)
    parser.add_argument(
        "--write", action="store_true", help="store the calibration in butterfly/puzzles/rating/calibration.json"
    )
    parser.add_argument("--exact", type=int, default=0, help="study the exact features of this many deals")
    parser.add_argument("--exact-out", default="exact-features.jsonl", help="where --exact writes the features")
    parser.add_argument("--exact-from", default="", help="read --exact's features from this file (.jsonl[.gz])")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        rules = make_rules(args.game, args.variant, args.basement)
        found = report(
            args.db,
            rules,
            parse_range(args.deals),
            args.write,
            args.exact,
            args.exact_out,
            args.workers,
            args.exact_from,
        )
        print(json.dumps(found, indent=1))
    except InputError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
