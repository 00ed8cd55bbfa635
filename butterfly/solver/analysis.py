"""``analyse`` and ``review`` for every game, one name each (docs/api.md),
and the registry of each game's analyser and reviewer (:data:`ANALYSERS`,
keyed by the game's name in :mod:`butterfly.games.registry`, whose rules
may not import their searches).

``analyse(position, budget, *, view=..., ...)`` values every legal move of a
position of any game; ``review(record, budget, ...)`` judges every move of a
game record. The budget (:class:`~butterfly.solver.budget.Budget`) is the
same for every game; the options are keyword-only, each game's own (a
patience analysis's ``lengths`` and ``lines``, say: :data:`ANALYSERS`
names the functions that list them); the result is the game's typed
analysis or review, whose ``to_json()`` is what the command prints with
``--json``.

>>> from butterfly.games.lines import parse_line
>>> from butterfly.games.patience.rules import Position
>>> result = analyse(Position.deal(1), Budget(nodes=100_000), lengths=None)
>>> type(result).__name__, result.value, result.to_json()["moves"][0]["value"]
('PositionAnalysis', 'won', 'won')
>>> position = parse_line("mouche_d2_tTH_as.s.f_hKHQH9S8S.AH8D9DJDKS.-_k0AS_p5_c1000.1000.995")
>>> [m["move"] for m in analyse(position, Budget(deals=50), view=1).to_json()["moves"]]
['KS']
>>> from butterfly.games.errors import InputError
>>> try:
...     analyse("a deal")
... except InputError as error:
...     print(error)
not a position or a record of any game: str
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, overload

from butterfly.games.registry import game_of, load
from butterfly.solver.budget import DEFAULTS, Budget

if TYPE_CHECKING:  # each game's types, for the type checker's overloads below
    from butterfly.games.mouche.format import MouchePosition
    from butterfly.games.mouche.record import MoucheRecord
    from butterfly.games.papillon.format import Position as PapillonPosition
    from butterfly.games.papillon.record import PapillonRecord
    from butterfly.games.patience.record import PatienceRecord
    from butterfly.games.patience.rules import Position as PatiencePosition
    from butterfly.solver.mouche.position import MoucheAnalysis
    from butterfly.solver.mouche.review import Review as MoucheReview
    from butterfly.solver.papillon.position import PapillonAnalysis
    from butterfly.solver.papillon.review import Review as PapillonReview
    from butterfly.solver.patience.analysis import PositionAnalysis
    from butterfly.solver.patience.review import GameReview

__all__ = ["ANALYSERS", "Analyser", "Budget", "Result", "analyse", "options_for", "review", "review_patience"]


class Result(Protocol):
    """A game's typed analysis or review: its fields, and their JSON."""

    def to_json(self) -> dict:
        """The result as the command prints it with ``--json`` (and the web API answers)."""
        ...


@dataclass(frozen=True)
class Analyser:
    """A game's analyser and reviewer, as ``"module:function"`` references
    imported when first used: ``analyse(position, budget, *, view, ...)`` and
    ``review(record, budget, ...)``, each returning a :class:`Result`; and
    the keyword options each takes beyond those (:func:`options_for`)."""

    analyse: str
    review: str
    analyse_options: tuple[str, ...] = ()
    review_options: tuple[str, ...] = ()


#: Each game's analyser and reviewer, by its name in butterfly.games.registry.
ANALYSERS = {
    "patience": Analyser(
        "butterfly.solver.patience.analysis:analyse_with_budget",
        "butterfly.solver.analysis:review_patience",
        ("engine", "lengths", "schedule", "lines", "relaxation", "distances"),
        ("engine", "lengths", "schedule", "par", "par_seconds", "relaxation", "deal"),
    ),
    "papillon": Analyser(
        "butterfly.solver.papillon.position:analyse_with_budget",
        "butterfly.solver.papillon.review:review_with_budget",
        ("engine",),
        ("engine",),
    ),
    "mouche": Analyser(
        "butterfly.solver.mouche.position:analyse_with_budget",
        "butterfly.solver.mouche.review:review_with_budget",
        (),
        ("nodes", "least"),
    ),
}


def options_for(game: str, task: Literal["analyse", "review"], options: Mapping[str, object]) -> dict[str, object]:
    """Of ``options``, those the analyser (``task``: ``analyse``) or the
    reviewer (``review``) of ``game`` takes: a request that gives every
    game's options hands each game its own.

    >>> options_for("papillon", "analyse", {"engine": "kernel", "lines": "best"})
    {'engine': 'kernel'}
    """
    analyser = ANALYSERS[game]
    taken = analyser.analyse_options if task == "analyse" else analyser.review_options
    return {name: value for name, value in options.items() if name in taken}


# Each game's result type, for the type checker (any other position: a Result).
@overload
def analyse(
    position: PatiencePosition, budget: Budget = ..., *, view: int | None = ..., **options: object
) -> PositionAnalysis: ...
@overload
def analyse(
    position: PapillonPosition, budget: Budget = ..., *, view: int | None = ..., **options: object
) -> PapillonAnalysis: ...
@overload
def analyse(
    position: MouchePosition, budget: Budget = ..., *, view: int | None = ..., **options: object
) -> MoucheAnalysis: ...
@overload
def analyse(position: object, budget: Budget = ..., *, view: int | None = ..., **options: object) -> Result: ...
def analyse(position: object, budget: Budget = DEFAULTS, *, view: int | None = None, **options: object) -> Result:
    """Every legal move of ``position`` (a position of any game, as its
    line is read: butterfly.games.lines.parse_line) valued within ``budget``,
    from the seat ``view`` (None: every hand open); ``options``: the game's
    own, keyword-only (its analyser's: :data:`ANALYSERS`)."""
    analyser = load(ANALYSERS[game_of(position).name].analyse)
    result: Result = analyser(position, budget, view=view, **options)
    return result


@overload
def review(record: PatienceRecord, budget: Budget = ..., **options: object) -> GameReview: ...
@overload
def review(record: PapillonRecord, budget: Budget = ..., **options: object) -> PapillonReview: ...
@overload
def review(record: MoucheRecord, budget: Budget = ..., **options: object) -> MoucheReview: ...
@overload
def review(record: object, budget: Budget = ..., **options: object) -> Result: ...
def review(record: object, budget: Budget = DEFAULTS, **options: object) -> Result:
    """Every move of the game ``record`` holds (a record of any game, as its
    game's record reader gives it: butterfly.games.registry), judged within
    ``budget``; ``options``: the game's own, keyword-only (its reviewer's:
    :data:`ANALYSERS`)."""
    reviewer = load(ANALYSERS[game_of(record).name].review)
    result: Result = reviewer(record, budget, **options)
    return result


def review_patience(
    record: PatienceRecord, budget: Budget, *, par: int | None = None, deal: int | None = None, **options: Any
) -> GameReview:
    """A patience game reviewed
    (:func:`butterfly.solver.patience.review.review_with_budget`), a
    published deal's proved par taken from butterfly/data/ unless ``par``
    is given (and none asked when no lengths are: ``lengths=None``);
    ``deal``: the deal's number, when known (its par is then found without
    dealing every published deal). (Here, not beside the review: the
    published files are the survey's, which imports the patience searches.)"""
    from butterfly.solver.patience.analysis import LENGTH_BUDGET
    from butterfly.solver.patience.review import review_with_budget
    from butterfly.solver.survey.publish_lengths import published_par

    if par is None and record.position is not None and options.get("lengths", LENGTH_BUDGET) is not None:
        par = published_par(record.position, deal)
    return review_with_budget(record, budget, par=par, **options)
