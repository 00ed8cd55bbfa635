"""``butterfly rate``: a deal's difficulty (butterfly.puzzles.rating.rate), or the ladder
played on a range of deals into a survey database."""

from __future__ import annotations

import os
import re

import click

from butterfly.cli.common import echo_json
from butterfly.cli.patience import game_options, load_deal, pysol_option
from butterfly.cli.progress import progress, quiet_option
from butterfly.cli.survey import scheduler_options, stopped_by_signals, workers_option
from butterfly.games.errors import InputError
from butterfly.games.patience.rules import make_rules
from butterfly.solver.survey.run import parse_range

#: A DEAL that is a range: a digit, then a dash (a malformed range such as
#: 1_0-1_2 is named as a bad range, not taken for a file or blamed on --db).
_RANGE = re.compile(r"[^-]*\d[^-]*-")  # any digit (\d: every script's): a range, its numbers then checked


def _rate_one(position, title, quick, engine, as_json) -> None:
    from butterfly.puzzles.rating.features import exact_features
    from butterfly.puzzles.rating.quick import predict
    from butterfly.puzzles.rating.rate import calibration_for, rate, report, why

    calibration = calibration_for(position.rules)
    if quick:
        if calibration is None or not calibration.quick:
            raise InputError(f"no quick predictor for {position.rules.name}: it is not calibrated")
        value, error = predict(position, calibration.quick), calibration.quick["rmse"]
        if as_json:
            echo_json({"deal": title, "game": position.rules.name, "quick_rating": value, "rmse": error})
        else:
            click.echo(f"{title}: quick rating {value:.0f} (typical error ±{error:.0f}, from cheap features only)")
        return
    rating = rate(position, engine)
    features = exact_features(position) if rating.result == "won" else {}
    sentence = why(rating, features, position.rules.cells)
    if as_json:
        echo_json({"deal": title, **report(rating, features, sentence)})
        return
    if rating.result != "won":
        proof = " (proved)" if rating.result == "unwinnable" else ""
        click.echo(f"{title}: {rating.result}{proof}: not rated")
        return
    if rating.calibrated:
        click.echo(f"{title}: rating {rating.rating:.0f} ± {rating.rating_se:.0f}, grade {rating.grade} of 5")
        click.echo(f"grade {rating.grade}: {rating.grade_words}")
    else:
        click.echo(f"{title}: not rated ({position.rules.name} is not calibrated; the ladder's games only)")
    click.echo("ladder (games won): " + ", ".join(f"{n} {g.count('1')}/{len(g)}" for n, g in rating.games.items()))
    click.echo(_features_line(features, position.rules.cells))
    if sentence:
        click.echo(sentence)


def _features_line(features: dict, cells: int) -> str:
    parts = []
    if "fewest_cells" in features:
        bound = "" if features.get("fewest_cells_exact") else "at most "
        parts.append(f"fewest basement cells {bound}{features['fewest_cells']} of {cells}")
    if "critical_decisions" in features:
        parts.append(f"critical decisions {features['critical_decisions']}")
        if features.get("undecided"):
            parts.append(f"undecided {features['undecided']}")
    if features.get("forgiveness") is not None:
        parts.append(f"forgiveness {features['forgiveness']:.2f}")
    if "effort_median" in features:
        parts.append(f"solver effort median {features['effort_median']:,.0f} nodes")
    return "exact: " + "; ".join(parts)


def _rate_range(deal_range, game, variant, cells, engine, workers, db_path, scheduler, connect_timeout, as_json, quiet):
    from butterfly.puzzles.rating.ladder_runs import run_ladder
    from butterfly.puzzles.rating.rate import calibration_for, rating_from_games

    deals = parse_range(deal_range)  # a bad range is named before a missing --db
    if db_path is None:
        raise InputError("rating a range of deals needs --db FILE (the games are kept there, and a rerun resumes)")
    rules = make_rules(game or "butterfly", variant, cells)
    with (
        stopped_by_signals(db_path, "rating"),
        progress(len(deals), f"{rules.name} {deal_range}", quiet, "deals") as bar,
    ):
        results = run_ladder(
            deals, rules, db_path, engine, workers, scheduler, connect_timeout, on_result=lambda _: bar.update(1)
        )
    calibration = calibration_for(rules)
    rows = []
    for result in results:
        row = {"deal": result.deal, "verdict": result.verdict}
        if result.verdict == "won":
            rating = rating_from_games(rules.name, result.games, calibration)
            row.update(rating=rating.rating, rating_se=rating.rating_se, grade=rating.grade)
        rows.append(row)
    grades = {g: sum(1 for r in rows if r.get("grade") == g) for g in range(1, 6)}
    verdicts = {v: sum(1 for r in rows if r["verdict"] == v) for v in ("won", "unwinnable", "unresolved")}
    if as_json:
        echo_json(
            {
                "rules": rules.name,
                "range": deal_range,
                "calibrated": calibration is not None,
                **verdicts,
                "grades": grades,
                "deals": rows,
            }
        )
        return
    click.echo(
        f"{rules.name}, deals {deals.start}-{deals.stop - 1}: won {verdicts['won']}, "
        f"unwinnable {verdicts['unwinnable']}, unresolved {verdicts['unresolved']}"
    )
    if calibration is None:
        click.echo(f"{rules.name} is not calibrated: the ladder's games are in {db_path!r}, not rated")
    else:
        click.echo("grades: " + ", ".join(f"{g}: {n}" for g, n in grades.items()))


@click.command()
@click.argument("deal", required=False)
@pysol_option
@game_options
@click.option("--quick", is_flag=True, help="Predict the rating from cheap features (no ladder, no exact search).")
@click.option(
    "--engine",
    type=click.Choice(("kernel", "python")),
    default="kernel",
    show_default=True,
    help="Compiled players and solver, or the pure-Python twins (slow).",
)
@workers_option("A range: worker processes")
@click.option(
    "--db", "db_path", default=None, help="A range: the survey database keeping the ladder's games (a rerun resumes)."
)
@scheduler_options
@click.option("--json", "as_json", is_flag=True, help="Print the rating as JSON.")
@quiet_option(" for a range")
def rate(
    deal,
    pysol_number,
    game,
    variant,
    cells,
    quick,
    engine,
    workers,
    db_path,
    scheduler,
    connect_timeout,
    as_json,
    quiet,
):
    """Rate a deal's difficulty: a number, a file, a range A-B (with --db),
    or PySolFC's game --pysol NUMBER.

    The ladder of players plays the deal; the calibration turns who wins how
    often into a rating (Elo-like, ± its standard error) and a grade 1-5,
    reported with what the exact solver knows of the deal (docs/rating.md).
    """
    is_range = deal is not None and _RANGE.match(deal) is not None and not os.path.exists(deal)
    if is_range:
        if quick:
            raise InputError("--quick rates one deal at a time, not a range")
        _rate_range(deal, game, variant, cells, engine, workers, db_path, scheduler, connect_timeout, as_json, quiet)
        return
    position, title = load_deal(deal, game, variant, cells, pysol_number)  # a bad deal is named before the options
    for name, value in (("--db", db_path), ("--scheduler", scheduler)):
        if value is not None:
            raise InputError(f"{name} is for a range of deals A-B, not one deal")
    _rate_one(position, title, quick, engine, as_json)
