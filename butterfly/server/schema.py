"""What the web API answers (docs/serve.md, "Endpoints"): each successful
answer as a model, declared in the OpenAPI description.

Every answer of a search (solve, analyse, review, rate) carries its tags:
``game``, the game as its line names it (a patience preset such as
``butterfly``, or ``papillon``, ``mouche``), and ``view``, what the answer
was worked out from (:data:`butterfly.solver.review.View`). Each kind of answer is one model
(:data:`ANSWERS`), with the view it is of; :func:`tagged` finds the kind an
answer is and adds the tags a patience answer does not carry itself, so an
answer of no declared kind is a bug, not something sent.

The patience answers are written by hand in their modules, and declared
here field by field; a card game's are its result dataclasses' tags and
fields (:class:`butterfly.solver.review.JsonResult`: each carries its game
and view itself), so their models are made from those dataclasses.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, create_model

from butterfly.games.registry import games
from butterfly.solver.mouche import position as mouche_analysis
from butterfly.solver.mouche import review as mouche_review
from butterfly.solver.papillon import position as papillon_analysis
from butterfly.solver.papillon import review as papillon_review
from butterfly.solver.review import JsonResult, View


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Tagged(_Answer):
    game: str
    view: View


# ---- patience ------------------------------------------------------------------------


class SolveAnswer(_Tagged):
    """A patience position solved (``butterfly solve --json``)."""

    deal: str
    result: Literal["won", "optimal", "bounded", "unwinnable", "unresolved"]
    moves: list[str]
    length: int | None = None  # (with shortest)
    lower_bound: int | None = None  # (with shortest)
    nodes: int
    seconds: float
    stopped_by: str | None
    proved_by: str | None
    engine: str
    schedule: str


class MoveValue(_Answer):
    """A move (and ``same_as``, the moves leading to the same position) with its value."""

    move: str
    same_as: list[str]
    value: str
    length: int | None
    lower_bound: int | None
    line: list[str] | None
    proved_by: str | None
    stopped_by: str | None
    nodes: int
    seconds: float


class PatienceAnalysis(_Tagged):
    """Every legal move of a patience position valued (``butterfly analyse --json``)."""

    position: str
    value: str
    line: list[str]
    moves: list[MoveValue]
    nodes: int
    seconds: float
    engine: str
    length_nodes: int | None
    lines: Literal["all", "best"]


class ReviewedMove(_Answer):
    """A move of a patience game, marked, with the shortest win before and after it when proved."""

    number: int
    move: str
    mark: str
    shortest_before: int | None
    shortest_after: int | None
    over: int | None


class PatienceReview(_Tagged):
    """A patience game reviewed (``butterfly review --json``)."""

    position: str
    result: str
    losing_move: int | None
    lost_between: list[int] | None
    winning_moves: list[MoveValue] | None
    winning_line: list[str] | None
    par: int | None
    over_par: int | None
    moves: list[ReviewedMove]
    nodes: int
    seconds: float


class RateAnswer(_Tagged):
    """A patience deal rated (``butterfly rate --json``): the rating
    (:class:`butterfly.puzzles.rating.rate.Rating`, declared here field by
    field: that module imports the rating's statistics, which the server
    need not load to start), the features it was read from, the reason."""

    result: str
    proved_by: str | None
    games: dict[str, str]
    calibrated: bool
    beta: float | None
    beta_se: float | None
    rating: float | None
    rating_se: float | None
    grade: int | None
    grade_words: str | None
    seconds: float
    features: dict[str, Any]
    why: str


def _fields_of(result: type) -> dict[str, Any]:
    """A dataclass's fields as pydantic's ``create_model`` takes them, each required."""
    types = typing.get_type_hints(result)
    return {field.name: (types[field.name], ...) for field in dataclasses.fields(result)}


# ---- the card games ------------------------------------------------------------------


def _one_of(values: tuple[str, ...]) -> Any:
    """The type whose values are ``values``."""
    return Literal[values]


@dataclass(frozen=True)
class Kind:
    """A kind of answer of a task: its model, and the view its answers are of (every answer names its game
    itself, a patience answer its preset; a card game's names its view too)."""

    model: type[_Tagged]
    view: View

    def tags(self, answer: dict[str, Any]) -> dict[str, Any]:
        return {"game": answer.get("game"), "view": self.view}


def _card_kind(name: str, result: type[JsonResult]) -> Kind:
    """The kind of a card game's answer: its tags (its game's and view's one value each), then its
    dataclass's fields."""
    model = create_model(
        name,
        __base__=_Tagged,
        __doc__=result.__doc__,
        game=(_one_of((result.game,)), ...),
        view=(_one_of((result.view,)), ...),
        **_fields_of(result),
    )
    return Kind(model, result.view)


#: Every kind of answer, by task.
ANSWERS: dict[str, tuple[Kind, ...]] = {
    "solve": (Kind(SolveAnswer, "open"),),
    "analyse": (
        Kind(PatienceAnalysis, "open"),
        _card_kind("PapillonOpenAnalysis", papillon_analysis.AllHandsKnown),
        _card_kind("PapillonSeatAnalysis", papillon_analysis.FromSeat),
        _card_kind("PapillonRedealAnalysis", papillon_analysis.OneRedealLeft),
        _card_kind("MoucheOpenAnalysis", mouche_analysis.AllHandsKnown),
        _card_kind("MoucheSeatAnalysis", mouche_analysis.FromSeat),
        _card_kind("MoucheDeclarationAdvice", mouche_analysis.DeclarationAdvice),
    ),
    "review": (
        Kind(PatienceReview, "open"),
        _card_kind("PapillonReview", papillon_review.Review),
        _card_kind("MoucheReview", mouche_review.Review),
    ),
    "rate": (Kind(RateAnswer, "open"),),
}


def answer_model(task: str) -> Any:
    """The response model of a task's endpoint: its one kind, or any of its kinds."""
    models = tuple(kind.model for kind in ANSWERS[task])
    return models[0] if len(models) == 1 else typing.Union[models]  # noqa: UP007 (a union of a tuple of types)


def tagged(task: str, answer: dict[str, Any]) -> dict[str, Any]:
    """``answer`` with its game and view (first: a patience answer's ``game`` stays where it was), found by
    the kind it is; a ValueError when it is of no kind the task declares."""
    for kind in ANSWERS[task]:
        candidate = {**kind.tags(answer), **answer}
        try:
            kind.model.model_validate(candidate)
        except ValidationError:
            continue
        return candidate
    raise ValueError(f"the {task} answer is of no kind its schema declares (keys: {', '.join(answer)})")


# ---- the answers made without a search -----------------------------------------------


class CacheCounts(_Answer):
    entries: int
    hits: int
    misses: int


class ServerLimits(_Answer):
    max_nodes: int
    max_seconds: float


class HealthAnswer(_Answer):
    """The workers, the queue, the cache and the limits."""

    status: Literal["ok"]
    workers: int
    waiting: int
    long_waiting: int
    replaced: int
    cache: CacheCounts
    limits: ServerLimits


class DealAnswer(_Answer):
    """A deal as a position's line, with the number asked (``number``, or PySolFC's ``pysol``)."""

    game: str
    number: int | None
    pysol: int | None
    position: str


class CalendarDays(_Answer):
    first: str
    last: str


class DailyAnswer(_Answer):
    """A day's puzzle (``butterfly daily --json``) and the calendar's first and last days."""

    date: str
    number: int
    share: str
    puzzle: dict[str, Any]  # (a puzzle file's object: docs/formats.md)
    calendar: CalendarDays


class HandResult(_Answer):
    chips: list[int]
    pool: int


class PlayedMove(_Answer):
    """A legal move, the line of the position it leads to (None when it ends the hand, with its result)."""

    move: str
    position: str | None
    said: list[str]
    result: HandResult | None


class MovesAnswer(_Answer):
    """A card game's position played through by the rules: the seat to move and each legal move."""

    game: _one_of(tuple(game.name for game in games() if game.has_events()))  # type: ignore[valid-type]
    to_move: int
    moves: list[PlayedMove]
