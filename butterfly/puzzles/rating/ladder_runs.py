"""The ladder played on a range of deals: resumable in the survey database,
on local processes or a Dask cluster (the survey's own runner,
:func:`butterfly.solver.survey.run.run_tasks`).

The database keeps each deal's games (who won how often), not its rating:
a rating is read from them with the calibration of the day
(:func:`butterfly.puzzles.rating.rating_from_games`), and the calibration itself is
fitted from them (:mod:`butterfly.puzzles.rating.calibrate`).
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass

from butterfly.games.errors import InputError
from butterfly.games.patience.rules import Position, Rules
from butterfly.puzzles.rating.rate import VERDICT_LIMITS, play_ladder
from butterfly.solver.engines import EngineName
from butterfly.solver.patience.result import UNRESOLVED, UNWINNABLE, WON
from butterfly.solver.patience.solve import PUBLISHED_SCHEDULE, solve
from butterfly.solver.survey.db import ResultsDB
from butterfly.solver.survey.run import MAX_SURVEY_DEALS, run_tasks
from butterfly.solver.version import PROJECT_PACKAGES, code_version


@dataclass(frozen=True)
class LadderResult:
    """One deal: the solver's verdict, and the ladder's games when it is won."""

    deal: int
    verdict: str
    games: dict[str, str]
    seconds: float
    code: str


def ladder_deal(deal: int, rules: Rules, engine: EngineName = "kernel") -> LadderResult:
    """Solve deal ``deal``; if it is won, play the ladder on it (the unit of work)."""
    start = time.perf_counter()
    position = Position.deal(deal, rules)
    verdict = solve(position, VERDICT_LIMITS, engine, schedule=PUBLISHED_SCHEDULE).result
    games = play_ladder(position, engine) if verdict == WON else {}
    return LadderResult(deal, verdict, games, round(time.perf_counter() - start, 6), code_version(PROJECT_PACKAGES))


def run_ladder(
    deals: range,
    rules: Rules,
    db_path: str,
    engine: EngineName = "kernel",
    workers: int = 1,
    scheduler: str | None = None,
    connect_timeout: float = 20.0,
    on_result: Callable[[LadderResult | None], None] | None = None,
) -> list[LadderResult]:
    """Play the ladder on every deal of ``deals`` not yet in the database,
    recording each as it finishes; answer every deal of the range from the
    database, in order. ``on_result``: once per deal (None for those already there)."""
    if len(deals) > MAX_SURVEY_DEALS:
        raise InputError(f"at most {MAX_SURVEY_DEALS:,} deals per run, not {len(deals):,}")
    db = ResultsDB(db_path)
    try:
        done = {row[0] for row in db.ladder_rows(rules.name, deals)}
        if on_result:
            for _ in done:
                on_result(None)
        todo = (deal for deal in deals if deal not in done)
        task = functools.partial(ladder_deal, rules=rules, engine=engine)
        running = run_tasks(todo, len(deals) - len(done), task, workers, scheduler, connect_timeout)
        try:
            for result in running:
                db.record_ladder(
                    rules.name, result.deal, result.verdict, json.dumps(result.games), result.seconds, result.code
                )
                if on_result:
                    on_result(result)
        finally:
            running.close()
        return [read_row(db_path, *row) for row in db.ladder_rows(rules.name, deals)]
    finally:
        db.close()


def read_row(db_path: str, deal: object, verdict: object, games: object, seconds: object, code: object) -> LadderResult:
    """A row of the ``ladder`` table, checked: a row no run of ours could
    have written (edited by hand, damaged) is one InputError."""
    try:
        played = json.loads(games) if isinstance(games, str) else None
    except ValueError:
        played = None
    fine = (
        isinstance(deal, int)
        and verdict in (WON, UNWINNABLE, UNRESOLVED)
        and isinstance(played, dict)
        and all(isinstance(k, str) and isinstance(v, str) and set(v) <= {"0", "1"} for k, v in played.items())
        and (verdict == WON) == bool(played)
        and isinstance(seconds, int | float)
        and isinstance(code, str)
    )
    if not fine:
        raise InputError(f"survey database {db_path!r}: the ladder row of deal {deal!r} is malformed (damaged?)")
    return LadderResult(deal, verdict, played, float(seconds), code)  # type: ignore[arg-type]
