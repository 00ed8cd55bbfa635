"""A deal's difficulty: the ladder plays it, the calibration reads the result.

Every player of the ladder (:mod:`butterfly.puzzles.rating.ladder`) plays the deal with each
of its seeds. The calibration (``butterfly/puzzles/rating/calibration.json``, made by
:mod:`butterfly.puzzles.rating.calibrate` from the ladder's games on a set of deals) holds
each player's strength ``theta`` in an item-response model,
``P(player p wins deal d) = sigmoid(theta_p - beta_d)``; the deal's
difficulty ``beta`` is then fitted with the thetas held fixed
(:func:`butterfly.puzzles.rating.irt.rate`), and published on an Elo-like scale with its
standard error. A grade from 1 to 5 says which rung of the ladder wins the
deal at least half the time: player p does exactly when ``beta <= theta_p``.

Only won deals are rated: a deal the solver proves lost is "unwinnable
(proved)", one it cannot settle within its limits "unresolved".
"""

from __future__ import annotations

import functools
import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from butterfly.games.patience.rules import Position, Rules
from butterfly.puzzles.rating import irt
from butterfly.puzzles.rating.ladder import LADDER, Player, play_game
from butterfly.solver.engines import EngineName
from butterfly.solver.patience.result import WON, Limits
from butterfly.solver.patience.solve import PUBLISHED_SCHEDULE, solve

CALIBRATION_FILE = Path(__file__).with_name("calibration.json")

#: The solver's limits when deciding whether a deal is won before rating it.
VERDICT_LIMITS = Limits(max_nodes=10_000_000)


@dataclass(frozen=True)
class Calibration:
    """What a rating of one rule set needs: the players' strengths, the grade
    bands and the quick predictor, and where they came from."""

    rules: str
    model: irt.Model
    prior_sd: float
    theta: dict[str, float]
    #: Grades 1-4: (the player whose theta bounds the grade, what the grade means); grade 5 is beyond the last.
    grades: list[tuple[str, str]]
    grade5: str
    deals: str
    code: str
    quick: dict = field(default_factory=dict)


@functools.cache
def calibrations() -> dict[str, Calibration]:
    """Every rule set's calibration, by rules name (empty before the first calibration)."""
    if not CALIBRATION_FILE.exists():
        return {}
    raw = json.loads(CALIBRATION_FILE.read_text())
    return {
        name: Calibration(**{**entry, "grades": [tuple(g) for g in entry["grades"]]}) for name, entry in raw.items()
    }


def calibration_for(rules: Rules) -> Calibration | None:
    return calibrations().get(rules.name)


def play_ladder(
    position: Position, engine: EngineName = "kernel", ladder: tuple[Player, ...] = LADDER
) -> dict[str, str]:
    """``{player: outcomes}``: every player's games on ``position``, one
    character per seed 1..seeds, ``1`` won and ``0`` lost (``"1101"``)."""
    return {
        player.name: "".join(
            "1" if play_game(player, position, seed, engine) else "0" for seed in range(1, player.seeds + 1)
        )
        for player in ladder
    }


def grade_of(beta: float, calibration: Calibration) -> int:
    """1 to 5: the first grade whose player wins at least half the time (``beta <= theta``)."""
    for number, (player, _) in enumerate(calibration.grades, 1):
        if beta <= calibration.theta[player]:
            return number
    return len(calibration.grades) + 1


def grade_words(grade: int, calibration: Calibration) -> str:
    return calibration.grade5 if grade > len(calibration.grades) else calibration.grades[grade - 1][1]


@dataclass
class Rating:
    """A deal's rating, or why it has none (``result`` not ``won``); ``game``
    is its rules' name, as a solve's answer names it (its JSON, the web
    API's answer, uses a solve's keys for the same things)."""

    game: str
    result: str
    proved_by: str | None = None
    games: dict[str, str] = field(default_factory=dict)
    calibrated: bool = False
    beta: float | None = None
    beta_se: float | None = None
    rating: float | None = None
    rating_se: float | None = None
    grade: int | None = None
    grade_words: str | None = None
    seconds: float = 0.0

    def as_json(self) -> dict:
        return asdict(self)


def rating_from_games(rules: str, games: dict[str, str], calibration: Calibration | None) -> Rating:
    """The rating read from the ladder's games (with the players' thetas fixed)."""
    rating = Rating(rules, WON, games=games)
    if calibration is None:
        return rating
    names = [name for name in calibration.theta if name in games]
    wins = [games[name].count("1") for name in names]
    trials = [len(games[name]) for name in names]
    theta = [calibration.theta[name] for name in names]
    beta, se = irt.rate(wins, trials, theta, model=calibration.model, prior_sd=calibration.prior_sd)
    rating.calibrated = True
    rating.beta, rating.beta_se = beta, se
    rating.rating, rating.rating_se = float(irt.elo(beta)), float(irt.elo_se(se))
    rating.grade = grade_of(beta, calibration)
    rating.grade_words = grade_words(rating.grade, calibration)
    return rating


def rate(position: Position, engine: EngineName = "kernel", limits: Limits = VERDICT_LIMITS) -> Rating:
    """Solve ``position``; if it is won, play the ladder on it and rate it."""
    start = time.perf_counter()
    solved = solve(position, limits, engine, schedule=PUBLISHED_SCHEDULE)
    if solved.result != WON:
        rating = Rating(position.rules.name, solved.result, proved_by=solved.proved_by)
    else:
        rating = rating_from_games(position.rules.name, play_ladder(position, engine), calibration_for(position.rules))
    rating.seconds = time.perf_counter() - start
    return rating


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def why(rating, features: dict, cells: int) -> str:
    """One sentence saying what makes the deal hard (or easy), from its exact features."""
    facts = []
    critical = features.get("critical_decisions", 0)
    if critical:
        first = features["first_critical"] + 1
        facts.append(
            f"{critical} position{'s' if critical > 1 else ''} on the way allow{'' if critical > 1 else 's'} "
            f"only one winning move (the first at move {first})"
        )
    fewest = features.get("fewest_cells")
    if fewest is not None and features.get("fewest_cells_exact") and cells:
        if fewest == cells:
            facts.append(f"it cannot be won with fewer than {cells} basement cells")
        elif fewest == 0:
            facts.append("it can be won without the basement")
    if features.get("forgiveness") is not None:
        facts.append(f"{_percent(features['forgiveness'])} of the moves along a winning line keep it winnable")
    if not facts:
        return ""
    hard = rating.grade is not None and rating.grade >= 3
    return ("Hard: " if hard else "Easy: ") + "; ".join(facts[:2]) + "."


def report(rating: Rating, features: dict, sentence: str) -> dict:
    """A rating as ``rate --json`` prints it (and the web API answers), the deal's name aside."""
    return {**rating.as_json(), "features": features, "why": sentence}
