"""Every game's puzzles behind one front: generate, find, prove, check.

Each kind of puzzle of each game is registered in :mod:`butterfly.puzzles.kinds`
with its maker, its judge and its prover (:class:`butterfly.puzzles.kinds.PuzzleKind`).
This module finds the kind an ID names and loops over seeds in the manner
of Tatham's generators: :func:`find` keeps the first puzzle of the asked
kind and grade, and its ID regenerates it in one step.

>>> puzzle = find("win-in", "butterfly", grade=None, seed=2)
>>> str(puzzle.id), puzzle.goal
('win-in:butterfly:s=2', 'Win in 24 moves or fewer.')
>>> prove(puzzle), check(puzzle, ", ".join(puzzle.solution[:3]))
([], 'the moves do not win: 17 cards are still in play')
"""

from __future__ import annotations

import os

from butterfly.games.errors import InputError, shown
from butterfly.games.files import read_text
from butterfly.puzzles.document import KINDS, Puzzle, PuzzleId, is_kind
from butterfly.puzzles.kinds import PuzzleKind, kind_for, kind_of
from butterfly.solver.version import PROJECT_PACKAGES, code_version

#: How many seeds :func:`find` tries before it gives up.
MAX_TRIES = 500


def _kind(pid: PuzzleId) -> PuzzleKind:
    return kind_for(pid.kind, pid.game)


def generate(pid: PuzzleId) -> Puzzle | None:
    """The puzzle ``pid`` names, or None when its seed gives none."""
    return _kind(pid).make(pid)


def find(kind: str, game: str, grade: int | None = None, seed: int = 0, tries: int = MAX_TRIES) -> Puzzle:
    """The first puzzle of ``kind`` (and ``grade``, if given) from seed
    ``seed`` on; an InputError after ``tries`` seeds without one."""
    if not is_kind(kind):
        raise InputError(f"unknown kind {kind!r} (kinds: {', '.join(KINDS)})")
    if grade is not None and not 1 <= grade <= 5:
        raise InputError(f"grade must be 1 to 5, not {grade}")
    for s in range(seed, seed + tries):
        puzzle = generate(PuzzleId.make(kind, game, s))
        if puzzle is not None and (grade is None or puzzle.grade == grade):
            return puzzle
    wanted = f" of grade {grade}" if grade is not None else ""
    raise InputError(f"no {kind} puzzle{wanted} for {game} from seeds {seed} to {seed + tries - 1}")


def prove(puzzle: Puzzle) -> list[str]:
    """Re-derive the puzzle's answer from its position alone; the problems found (none: proved)."""
    return kind_of(puzzle).prove(puzzle)


def check(puzzle: Puzzle, answer: str) -> str | None:
    """None when ``answer`` solves the puzzle; otherwise why not, in one line."""
    return kind_of(puzzle).judge(puzzle, answer)


def validate(puzzle: Puzzle) -> None:
    """Check the puzzle's position and the fields read before any search
    (its kind's ``validate``): a damaged file is one ParseError."""
    kind_of(puzzle).validate(puzzle)


def code_note(puzzle: Puzzle) -> str | None:
    """A warning when the puzzle was made by other code than the code at
    hand (its effort counts are then not compared); None when the same."""
    made, here = puzzle.proof.get("solver"), code_version(PROJECT_PACKAGES)
    if made == here:
        return None
    return f"made by code {shown(str(made))}, proved by {here}: search effort (nodes, positions) not compared"


def load(source: str) -> Puzzle:
    """A puzzle from a file (``-``: standard input), validated
    (:func:`validate`), or regenerated from an ID."""
    if source == "-" or os.path.exists(source):
        stored = Puzzle.loads(read_text(source), "standard input" if source == "-" else repr(source))
        validate(stored)
        return stored
    if ":" not in source:
        raise InputError(f"{source!r} is neither a puzzle file nor a puzzle ID like 'only-move:butterfly:s=10'")
    pid = PuzzleId.parse(source)
    puzzle = generate(pid)
    if puzzle is None:
        raise InputError(f"seed {pid.seed} gives no {pid.kind} puzzle for {pid.game}")
    return puzzle
