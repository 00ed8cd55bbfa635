"""A puzzle as a small document: its ID, its JSON file, and what every kind shares.

A puzzle is reproducible from a short ID in the manner of Simon Tatham's
puzzles: ``KIND:GAME:key=value:...``, the generator's input, for example
``only-move:butterfly:s=1234`` (the only-move puzzle that seed 1234 gives in
standard Butterfly) or ``only-card:mouche:s=77``. Generating from the ID
again gives the same puzzle, byte for byte (:func:`butterfly.puzzles.generate.generate`).

The JSON file (format ``butterfly-puzzle``, version 1; docs/puzzles.md) holds
the position in its game's own JSON format, the goal in words, the answer
classes, the grade (1-5), the rating when the puzzle is a whole deal, theme
tags, a reference solution, and the proof summary: for every alternative its
verdict and how it was proved (search, nodes, the solver's code version).

>>> pid = PuzzleId.parse("only-move:butterfly:s=1234")
>>> pid.kind, pid.game, pid.seed, str(pid)
('only-move', 'butterfly', 1234, 'only-move:butterfly:s=1234')
>>> PuzzleId.parse("only-move:butterfly:s=-1")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
butterfly.games.errors.ParseError: puzzle ID 'only-move:butterfly:s=-1': s must be a whole number 0 to ..., not '-1'
"""

from __future__ import annotations

import json
import re
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Literal, TypeGuard

from butterfly.games.errors import ParseError, shown
from butterfly.games.position_json import load_json

FORMAT = "butterfly-puzzle"
VERSION = 1

#: The kinds of puzzle: a closed set, as IDs and files write them (each
#: kind's maker, judge and prover are registered in :mod:`butterfly.puzzles.kinds`).
Kind = Literal["deal", "only-move", "win-in", "resource", "only-card", "only-moves", "goal"]

#: Every kind of puzzle, and what it asks (docs/puzzles.md).
KINDS: dict[Kind, str] = {
    "deal": "a whole deal, proved winnable: win it",
    "only-move": "a position where exactly one move (up to equivalent moves) keeps the deal winnable: find it",
    "win-in": "an endgame whose shortest win is exactly N moves: win it in N moves or fewer",
    "resource": "a deal winnable with fewer basement cells than the rules give: win it with that few",
    "only-card": "a card-game ending where exactly one card (up to equal cards) meets the goal against any defence",
    "only-moves": "two to four only moves along one winning line, the moves between them played for you: find each",
    "goal": "a goal short of a win on a deal (cards sent home, a row emptied, a card freed): reach it within par",
}


def is_kind(text: object) -> TypeGuard[Kind]:
    """Is ``text`` the name of a kind of puzzle?"""
    return text in KINDS


#: A puzzle asking for the one right move (or card) offers at least this many
#: classes of moves to choose from: with two, a coin finds the answer half the time.
MIN_CLASSES = 3

#: The largest seed or parameter an ID may carry (a signed 64-bit integer).
MAX_PARAMETER = (1 << 63) - 1

_NAME = re.compile(r"[a-z][a-z0-9-]*(/[a-z][a-z0-9-]*)*")
_KEY = re.compile(r"[a-z]")


@dataclass(frozen=True)
class PuzzleId:
    """``kind:game:k=v:...``: the generator's input. ``game``: the rules'
    name (``butterfly``, ``butterfly/alternate-colours``, ``papillon``,
    ``mouche``, ``pamphile``); parameters: one lower-case letter each, a
    whole number; ``s`` (the seed) is always there."""

    kind: Kind
    game: str
    parameters: tuple[tuple[str, int], ...]

    @property
    def seed(self) -> int:
        return dict(self.parameters)["s"]

    def get(self, key: str, default: int | None = None) -> int | None:
        return dict(self.parameters).get(key, default)

    def __str__(self) -> str:
        return ":".join([self.kind, self.game, *(f"{k}={v}" for k, v in self.parameters)])

    @classmethod
    def make(cls, kind: Kind, game: str, seed: int, **parameters: int) -> PuzzleId:
        """An ID from its parts, checked as :meth:`parse` checks it."""
        items = sorted(parameters.items()) + [("s", seed)]
        return cls.parse(":".join([kind, game, *(f"{k}={v}" for k, v in items)]))

    @classmethod
    def parse(cls, text: str) -> PuzzleId:
        """Read an ID; anything malformed is one :class:`ParseError` naming the part."""
        if not isinstance(text, str) or len(text) > 200 or not text.isascii():
            raise ParseError(f"puzzle ID {shown(str(text))} is not an ID like 'only-move:butterfly:s=1234'")
        where = f"puzzle ID {shown(text)}"
        parts = text.strip().split(":")
        if len(parts) < 3:
            raise ParseError(f"{where} must be KIND:GAME:s=SEED, like 'only-move:butterfly:s=1234'")
        kind, game, *items = parts
        if not is_kind(kind):
            raise ParseError(f"{where}: unknown kind {shown(kind)} (kinds: {', '.join(KINDS)})")
        if not _NAME.fullmatch(game):
            raise ParseError(f"{where}: {shown(game)} is not a game's name")
        parameters: dict[str, int] = {}
        for item in items:
            key, equals, value = item.partition("=")
            if not equals or not _KEY.fullmatch(key):
                raise ParseError(f"{where}: {shown(item)} is not a parameter like s=1234")
            if key in parameters:
                raise ParseError(f"{where}: parameter {key} is given twice")
            if not (value.isascii() and value.isdigit()) or int(value) > MAX_PARAMETER or len(value) > 19:
                raise ParseError(f"{where}: {key} must be a whole number 0 to {MAX_PARAMETER}, not {shown(value)}")
            parameters[key] = int(value)
        if "s" not in parameters:
            raise ParseError(f"{where} has no seed (s=...)")
        seed = parameters.pop("s")
        return cls(kind, game, (*sorted(parameters.items()), ("s", seed)))


@dataclass
class Alternative:
    """One class of moves (or cards) other than the answer, and how it is
    known to fail: ``verdict`` (``unwinnable``, or the goal missed), ``method``
    (``search``: the solver's exhaustive search; ``paranoid``: the card
    games' search with every other player against the mover), the nodes it
    took, and a ``refutation``: a line showing the failure (the card games'
    best defence; for Butterfly how long the greedy player lasts after it)."""

    moves: list[str]
    verdict: str
    method: str
    nodes: int = 0
    refutation: list[str] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)


#: How a par is proved: the shortest line is ``optimal`` (no win is shorter) or ``bounded``
#: (none is shorter than ``lower``).
PAR_PROOFS = ("optimal", "bounded")


@dataclass(frozen=True)
class Par:
    """The moves a puzzle's win takes at the least, as golf has par: the
    solution is a win of ``moves`` moves; ``proved`` says whether no win is
    shorter (``optimal``, then ``lower`` = ``moves``) or only none shorter
    than ``lower`` (``bounded``). ``method``: ``A*`` (with its limits,
    ``proof_nodes`` positions and ``memory_mib``) or ``breadth-first``;
    ``code``: the version of the code that proved it (butterfly.solver.version)."""

    moves: int
    lower: int
    proved: str
    method: str
    proof_nodes: int | None = None
    memory_mib: int | None = None
    code: str | None = None

    def to_json(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if v is not None}

    @classmethod
    def from_json(cls, data: object, where: str) -> Par:
        fields = ("moves", "lower", "proved", "method", "proof_nodes", "memory_mib", "code")
        if not isinstance(data, dict) or set(data) - set(fields) or not set(fields[:4]) <= set(data):
            raise ParseError(f"{where}: 'proof.par' must be an object with {', '.join(fields)}")
        whole = [data.get(k) for k in ("moves", "lower")] + [data[k] for k in fields[4:6] if data.get(k) is not None]
        if not all(is_whole(v) and v >= 0 for v in whole):
            raise ParseError(f"{where}: 'proof.par' counts must be whole numbers")
        par = cls(**data)
        methods = ("A*", "breadth-first")
        if not isinstance(par.code, str | None) or par.proved not in PAR_PROOFS or par.method not in methods:
            raise ParseError(f"{where}: 'proof.par' is proved {shown(str(par.proved))} by {shown(str(par.method))}")
        if par.lower > par.moves or (par.proved == "optimal") != (par.lower == par.moves):
            raise ParseError(f"{where}: 'proof.par' has a lower bound {par.lower} that does not fit {par.moves} moves")
        return par

    def words(self, reached: str = "win") -> str:
        """For a player: ``par 62 (no win is shorter)``; ``reached`` names
        what the moves reach (``"line to the goal"`` for a goal puzzle)."""
        if self.proved == "optimal":
            return f"par {self.moves} (no {reached} is shorter)"
        return f"par {self.moves} (the shortest {reached} known; none takes fewer than {self.lower})"


@dataclass
class Puzzle:
    """A puzzle document (see the module docstring and docs/puzzles.md).

    ``position``: in its game's JSON format; ``answer``: the answer
    classes, each a list of equivalent moves or cards as text (for whole
    deals and endgames: empty, any win within the goal is right);
    ``solution``: a reference line that meets the goal; ``proof``: how the
    answer was proved (``solver``: the code version; ``alternatives``;
    kind-specific facts such as ``shortest`` for win-in-N); ``facts``:
    what the puzzle is about in numbers (the cards left, N, the cells...).
    """

    id: PuzzleId
    position: dict
    goal: str
    answer: list[list[str]]
    grade: int
    themes: list[str]
    solution: list[str]
    proof: dict
    rating: float | None = None
    facts: dict[str, Any] = field(default_factory=dict)

    @property
    def kind(self) -> Kind:
        return self.id.kind

    @property
    def game(self) -> str:
        return self.id.game

    @property
    def par(self) -> Par | None:
        """The par of a puzzle won by a line (deals, endgames, resource puzzles); None for the others."""
        return Par.from_json(self.proof["par"], str(self.id)) if "par" in self.proof else None

    def alternatives(self) -> list[Alternative]:
        return [Alternative(**a) for a in self.proof.get("alternatives", [])]

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "id": str(self.id),
            "kind": self.kind,
            "game": self.game,
            "goal": self.goal,
            "position": self.position,
            "answer": self.answer,
            "grade": self.grade,
            "rating": self.rating,
            "themes": self.themes,
            "solution": self.solution,
            "facts": self.facts,
            "proof": self.proof,
        }

    def dumps(self) -> str:
        """The file's text: stable (sorted keys), so a regenerated puzzle is byte-identical."""
        return json.dumps(self.to_json(), indent=1, sort_keys=True, ensure_ascii=True) + "\n"

    @classmethod
    def loads(cls, text: str, where: str = "the puzzle file") -> Puzzle:
        """Read a puzzle file; a malformed one is one :class:`ParseError`
        naming the field (the position itself is read by its game's module)."""
        data = load_json(text, where)
        if not isinstance(data, dict):
            raise ParseError(f"{where} must be a JSON object (a butterfly-puzzle document)")
        if data.get("format") != FORMAT:
            raise ParseError(f"{where} is not a {FORMAT} document (its 'format' is {shown(str(data.get('format')))})")
        if data.get("version") != VERSION:
            raise ParseError(f"{where}: version {shown(str(data.get('version')))} is not {VERSION}")
        expected = {"format", "version", "id", "kind", "game", "goal", "position", "answer", "grade", "rating"}
        expected |= {"themes", "solution", "facts", "proof"}
        missing, unknown = expected - set(data), set(data) - expected
        if missing or unknown:
            what = f"lacks {', '.join(sorted(missing))}" if missing else f"has unknown {', '.join(sorted(unknown))}"
            raise ParseError(f"{where} {what}")
        if not isinstance(data["id"], str):
            raise ParseError(f"{where}: 'id' must be a string")
        pid = PuzzleId.parse(data["id"])
        if data["kind"] != pid.kind or data["game"] != pid.game:
            raise ParseError(f"{where}: 'kind' and 'game' do not match the ID {pid}")
        if not isinstance(data["goal"], str) or not isinstance(data["position"], dict):
            raise ParseError(f"{where}: 'goal' must be a string and 'position' an object")
        answer = data["answer"]
        if not isinstance(answer, list) or not all(_strings(a) for a in answer):
            raise ParseError(f"{where}: 'answer' must be a list of lists of moves")
        grade = data["grade"]
        if not isinstance(grade, int) or isinstance(grade, bool) or not 1 <= grade <= 5:
            raise ParseError(f"{where}: 'grade' must be a whole number 1 to 5")
        rating = data["rating"]
        if rating is not None and (not isinstance(rating, int | float) or isinstance(rating, bool)):
            raise ParseError(f"{where}: 'rating' must be a number or null")
        if not _strings(data["themes"]) or not _strings(data["solution"]):
            raise ParseError(f"{where}: 'themes' and 'solution' must be lists of strings")
        if not isinstance(data["facts"], dict) or not isinstance(data["proof"], dict):
            raise ParseError(f"{where}: 'facts' and 'proof' must be objects")
        alternatives = data["proof"].get("alternatives", [])
        if not isinstance(alternatives, list) or not all(_alternative(a) for a in alternatives):
            raise ParseError(f"{where}: 'proof.alternatives' must be a list of alternatives (moves, verdict, method)")
        if "par" in data["proof"]:
            Par.from_json(data["proof"]["par"], where)
        return cls(
            pid,
            data["position"],
            data["goal"],
            answer,
            grade,
            data["themes"],
            data["solution"],
            data["proof"],
            None if rating is None else float(rating),
            data["facts"],
        )


#: Counts of a search's effort (positions expanded, reached): a record of the
#: code that made the puzzle, compared only when that code is the code at hand.
EFFORT = frozenset({"nodes", "positions"})
#: Fields :func:`differences` leaves alone: the code version (a warning when
#: it differs: butterfly.puzzles.generate.code_note).
UNCOMPARED = frozenset({"proof.solver"})


def differences(stored: Puzzle, fresh: Puzzle) -> list[str]:
    """Each field of ``stored`` that ``fresh`` (the puzzle assembled again
    from what prove proved) does not hold, named by its path (``grade``,
    ``facts.tempting``, ``proof.levels``): every field of the file is
    compared, and a field only one of them has is one too many or missing.
    Effort counts (:data:`EFFORT`) are compared only when both were made by
    the same code."""
    same_code = stored.proof.get("solver") == fresh.proof.get("solver")
    old, new = stored.to_json(), fresh.to_json()
    paths = [(key, old[key], new[key]) for key in sorted(old) if key not in ("facts", "proof")]
    for section in ("facts", "proof"):
        keys = sorted(set(old[section]) | set(new[section]))
        paths += [(f"{section}.{k}", old[section].get(k, _MISSING), new[section].get(k, _MISSING)) for k in keys]
    problems = []
    for path, was, now in paths:
        if path in UNCOMPARED or (not same_code and path.rpartition(".")[2] in EFFORT):
            continue
        if not same_code:
            was, now = _without_effort(was), _without_effort(now)
        if was == now:
            continue
        if now is _MISSING:
            problems.append(f"{path}: not a field of a {stored.kind} puzzle")
        elif was is _MISSING:
            problems.append(f"{path}: missing (derived again: {_short(now)})")
        else:
            problems.append(f"{path}: the file says {_short(was)}, derived again {_short(now)}")
    return problems


_MISSING = object()


def _without_effort(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_effort(v) for k, v in value.items() if k not in EFFORT}
    if isinstance(value, list):
        return [_without_effort(v) for v in value]
    return value


def _short(value: Any, most: int = 100) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= most else text[: most - 3] + "..."


@dataclass(frozen=True)
class Keys:
    """What tells puzzles apart, for the calendar's rules against repeats
    and spoilers (docs/puzzles.md): ``deal``, the deal a puzzle comes from
    (a Butterfly deal number whatever the kind; a card game's simulated
    game, La Mouche and Le Pamphile of one seed being one deal);
    ``position``, the canonical key of its position, blind to what does not
    change play (the order of Butterfly's rows; a Pamphile flag with the
    Pamphile out of play; suits in Papillon); ``passed``, the keys of every
    position its published lines pass through (the solution, the
    refutations, the page's stepper), its own position included."""

    deal: Hashable
    position: Hashable
    passed: frozenset


def is_whole(value: object) -> TypeGuard[int]:
    """A whole number as JSON gives it (an int, not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _alternative(value: object) -> bool:
    if not isinstance(value, dict) or set(value) - {"moves", "verdict", "method", "nodes", "refutation", "detail"}:
        return False
    nodes = value.get("nodes", 0)
    return (
        _strings(value.get("moves"))
        and isinstance(value.get("verdict"), str)
        and isinstance(value.get("method"), str)
        and is_whole(nodes)
        and _strings(value.get("refutation", []))
        and isinstance(value.get("detail", {}), dict)
    )


def stars(grade: int) -> str:
    """A grade as five stars, filled up to it: ``★★★☆☆``."""
    return "\u2605" * grade + "\u2606" * (5 - grade)
