"""Every kind of puzzle of every game, registered in one place (as OpenSpiel
registers its games).

A **kind** (:class:`PuzzleKind`) holds its maker, its judge and its prover,
and what else the code asks of a kind (its keys, its pictures, its name in
players' words); each lives in its own module: the Butterfly kinds in
:mod:`butterfly.puzzles.patience` (``deal``, ``only_move``, ``only_moves``,
``win_in``, ``resource``, ``goal``), the card games' only-card kind in
:mod:`butterfly.puzzles.cardgame`, one object per game (``butterfly.puzzles.papillon.puzzle``,
``butterfly.puzzles.mouche.puzzle``). A **family** (:class:`Family`) is the games
one set of kinds serves: Butterfly and its siblings (every rules preset),
Papillon, La Mouche with Le Pamphile. :data:`REGISTRY` maps (family, kind)
to the kind's object; :func:`kind_for` and :func:`kind_of` find one,
:func:`family_for` a game's family. Kind names are a closed set
(:data:`butterfly.puzzles.document.Kind`), checked by mypy.

>>> kind_of_id = kind_for("win-in", "butterfly/alternate-colours")
>>> kind_of_id.name, family_for("pamphile").name
('win-in', 'mouche')
>>> sorted(kind for family, kind in REGISTRY if family == "patience")
['deal', 'goal', 'only-move', 'only-moves', 'resource', 'win-in']
>>> kind_for("only-card", "butterfly")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
butterfly.games.errors.InputError: no only-card puzzles for butterfly (kinds: deal, only-move, win-in, ...)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from butterfly.games.errors import InputError
from butterfly.games.patience.rules import PRESETS
from butterfly.puzzles.cardgame import OnlyCard
from butterfly.puzzles.document import Keys, Kind, Puzzle, PuzzleId
from butterfly.puzzles.mouche import puzzle as mouche
from butterfly.puzzles.papillon import puzzle as papillon
from butterfly.puzzles.patience import deal, goal, only_move, only_moves, resource, win_in
from butterfly.puzzles.patience.common import LineKind


class PuzzleKind(Protocol):
    """What every kind of puzzle provides."""

    @property
    def name(self) -> Kind:
        """The kind's name, as IDs and files write it."""

    @property
    def repeats_as(self) -> Kind:
        """The kind the calendar's rule against a kind two days running sees
        (an only move and a run of them are one)."""

    @property
    def whole_deal(self) -> bool:
        """A whole deal from its start (the calendar's Mondays want the shortest)."""

    @property
    def line_words(self) -> str:
        """What a line meeting the goal is, in a par's words: "win", "line to the goal"."""

    @property
    def done_words(self) -> str:
        """What a player did who met the goal: "won", "done"."""

    def words(self, puzzle: Puzzle) -> str:
        """The kind in players' words: "win in 5", "only move", "only capture"."""

    def make(self, pid: PuzzleId) -> Puzzle | None:
        """The maker: the puzzle ``pid`` names, or None when its seed gives none."""

    def validate(self, puzzle: Puzzle) -> object:
        """The puzzle's position, and the fields read before any search, checked (a damaged file is one ParseError)."""

    def judge(self, puzzle: Puzzle, answer: str) -> str | None:
        """The judge: None when ``answer`` solves the puzzle, else why not in one line (ParseError: malformed)."""

    def prove(self, puzzle: Puzzle) -> list[str]:
        """The prover: every claim of the file derived again; the problems, one line each (none: proved)."""

    def keys(self, puzzle: Puzzle) -> Keys:
        """What tells the puzzle apart from others (the calendar's repeats and spoilers)."""

    def draw(self, puzzle: Puzzle) -> str:
        """The puzzle's position as text."""

    def picture(self, puzzle: Puzzle, narrow: bool = False) -> str:
        """The puzzle's position as an SVG document (``narrow``: for a phone's screen)."""


@dataclass(frozen=True)
class Family:
    """The games one set of kinds serves: ``games``, the first part of a
    game's name (``butterfly`` for ``butterfly/alternate-colours``), and the
    ``kinds``, by name."""

    name: str
    games: tuple[str, ...]
    kinds: Mapping[Kind, PuzzleKind]

    def kind(self, name: Kind, game: str) -> PuzzleKind:
        """The kind ``name`` of ``game`` (one of this family's); an InputError when it has none."""
        if name not in self.kinds:
            raise InputError(f"no {name} puzzles for {game} (kinds: {', '.join(self.kinds)})")
        return self.kinds[name]

    def only_card(self) -> OnlyCard:
        """A card game's one kind, only-card (its game, who moves in its solution); an InputError for Butterfly."""
        kind = self.kinds.get("only-card")
        if not isinstance(kind, OnlyCard):
            raise InputError(f"{self.name} is not a card game")
        return kind


def _kinds(*kinds: PuzzleKind) -> dict[Kind, PuzzleKind]:
    return {kind.name: kind for kind in kinds}


#: Butterfly and its siblings, Papillon, La Mouche and Le Pamphile: every family, every kind.
FAMILIES = (
    Family(
        "patience",
        tuple(PRESETS),
        _kinds(deal.KIND, only_move.KIND, win_in.KIND, resource.KIND, goal.KIND, only_moves.KIND),
    ),
    Family("papillon", papillon.GAMES, _kinds(papillon.KIND)),
    Family("mouche", mouche.GAMES, _kinds(mouche.KIND)),
)
#: Each kind's object by (family, kind).
REGISTRY: dict[tuple[str, Kind], PuzzleKind] = {
    (family.name, name): kind for family in FAMILIES for name, kind in family.kinds.items()
}
_BY_GAME = {game: family for family in FAMILIES for game in family.games}


def family_for(game: str) -> Family:
    """The family of ``game`` (``butterfly``, ``butterfly/alternate-colours``,
    ``mouche``...); an InputError when it has none."""
    family = _BY_GAME.get(game.split("/")[0])
    if family is None:
        raise InputError(f"no puzzles for game {game!r} (games: {', '.join(_BY_GAME)})")
    return family


def kind_for(kind: Kind, game: str) -> PuzzleKind:
    """The kind ``kind`` of ``game``'s puzzles; an InputError when the game has none."""
    return family_for(game).kind(kind, game)


def kind_of(puzzle: Puzzle) -> PuzzleKind:
    """The kind of ``puzzle`` (its ID's kind and game)."""
    return kind_for(puzzle.kind, puzzle.game)


def line_kind_of(puzzle: Puzzle) -> LineKind | None:
    """The kind of a puzzle won by any winning line (deal, win-in, resource:
    its par is the shortest win), or None for the other kinds."""
    kind = kind_of(puzzle)
    return kind if isinstance(kind, LineKind) else None
