"""``analyse`` and ``review`` for every game, one name each (docs/api.md):
each hands its position or record to its game's analysis, and returns that
game's typed result, whose ``to_json()`` is what the command prints with
``--json``.

>>> from butterfly.games.lines import parse_line
>>> from butterfly.games.patience.rules import Position
>>> result = analyse(Position.deal(1), Limits(max_nodes=100_000), lengths=None)
>>> type(result).__name__, result.value, result.to_json()["moves"][0]["value"]
('PositionAnalysis', 'won', 'won')
>>> try:
...     analyse("a deal")
... except InputError as error:
...     print(error)  # doctest: +NORMALIZE_WHITESPACE
analyse takes a position of a game (a patience Position, a Papillon position,
a La Mouche state), not str
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from butterfly.games.errors import InputError
from butterfly.games.mouche.record import MoucheRecord
from butterfly.games.mouche.rules import MoucheHand
from butterfly.games.papillon.format import Position as PapillonPosition
from butterfly.games.papillon.record import PapillonRecord
from butterfly.games.patience.rules import Move
from butterfly.games.patience.rules import Position as PatiencePosition
from butterfly.solver.mouche import position as mouche_position
from butterfly.solver.mouche import review as mouche_review
from butterfly.solver.papillon import position as papillon_position
from butterfly.solver.papillon import review as papillon_review
from butterfly.solver.patience import analysis as patience_analysis
from butterfly.solver.patience import review as patience_review
from butterfly.solver.patience.result import Limits
from butterfly.solver.survey.publish_lengths import published_par

__all__ = ["Limits", "analyse", "review"]


def analyse(position: object, *args: Any, **options: Any) -> Any:
    """Every legal move of ``position`` valued: a patience Position
    (:func:`butterfly.solver.patience.analysis.analyse`: limits, engine,
    lengths), a Papillon position (:func:`butterfly.solver.papillon.position.analyse_position`)
    or La Mouche's state, alone or with its hidden seats as
    :func:`butterfly.games.mouche.notation.parse_line` gives them
    (:func:`butterfly.solver.mouche.position.analyse_position`)."""
    if isinstance(position, PatiencePosition):
        return patience_analysis.analyse(position, *args, **options)
    if isinstance(position, PapillonPosition):
        return papillon_position.analyse_position(position, *args, **options)
    if isinstance(position, MoucheHand):
        return mouche_position.analyse_position(position, *args, **options)
    if isinstance(position, tuple) and len(position) == 2 and isinstance(position[0], MoucheHand):
        return mouche_position.analyse_position(*position, *args, **options)
    raise InputError(
        "analyse takes a position of a game (a patience Position, a Papillon position, a La Mouche state), "
        f"not {type(position).__name__}"
    )


def review(game: object, moves: Sequence[Move] | None = None, *args: Any, **options: Any) -> Any:
    """A game as played, reviewed: a patience Position and the ``moves``
    played from it (:func:`butterfly.solver.patience.review.review`; a
    published deal's proved par is taken from butterfly/data/, as the command line
    does, unless ``par`` is given), or a card game's record
    (:func:`butterfly.solver.papillon.review.review_record`,
    :func:`butterfly.solver.mouche.review.review_record`)."""
    if isinstance(game, PatiencePosition):
        if moves is None:
            raise InputError("a patience review needs the moves played from the position")
        if len(args) < 5 and "par" not in options:
            options["par"] = published_par(game)
        return patience_review.review(game, list(moves), *args, **options)
    if moves is not None:
        raise InputError("a card game's record holds its moves: give the record alone")
    if isinstance(game, PapillonRecord):
        return papillon_review.review_record(game, *args, **options)
    if isinstance(game, MoucheRecord):
        return mouche_review.review_record(game, *args, **options)
    raise InputError(
        f"review takes a patience Position and its moves, or a card game's record, not {type(game).__name__}"
    )
