"""The pool of generated puzzles the daily calendar is chosen from: an
SQLite file, filled seed by seed, resumable, on local workers or on Dask
like the surveys (:func:`solver.survey.run.run_tasks`).

Each row is one seed tried for one kind and game: the puzzle it gave (its
JSON document) or none. A seed already in the file is never tried again, so
an interrupted run goes on where it stopped, and a run over more seeds adds
only the new ones.
"""

from __future__ import annotations

import functools
import json
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from games.errors import InputError
from puzzles.document import Puzzle, PuzzleId
from solver.survey.run import run_tasks

SCHEMA = """
CREATE TABLE IF NOT EXISTS pool (
    kind TEXT NOT NULL,
    game TEXT NOT NULL,
    seed INTEGER NOT NULL,
    id TEXT,                -- the puzzle's ID, NULL when the seed gave none
    grade INTEGER,
    document TEXT,          -- the puzzle file's text
    seconds REAL NOT NULL,  -- what generating it took (not part of the puzzle)
    PRIMARY KEY (kind, game, seed)
);
"""

#: The most seeds one run may try.
MAX_POOL_SEEDS = 1_000_000


@dataclass(frozen=True)
class Tried:
    """One seed tried: the puzzle it gave (None: none) and the seconds it took."""

    kind: str
    game: str
    seed: int
    puzzle: Puzzle | None
    seconds: float


def try_seed(seed: int, kind: str, game: str) -> Tried:
    """Generate the puzzle of one seed (the unit of work of :func:`fill`)."""
    import time

    from puzzles.generate import generate

    start = time.perf_counter()
    found = generate(PuzzleId.make(kind, game, seed))
    return Tried(kind, game, seed, found, time.perf_counter() - start)


class Pool:
    """The pool file: open (created when missing), read, add to."""

    def __init__(self, path: str) -> None:
        self.path = path
        try:
            self.db = sqlite3.connect(path)
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as error:
            raise InputError(f"{path!r} is not a puzzle pool: {error}") from None

    def close(self) -> None:
        self.db.close()

    def done(self, kind: str, game: str) -> set[int]:
        try:
            rows = self.db.execute("SELECT seed FROM pool WHERE kind = ? AND game = ?", (kind, game)).fetchall()
        except sqlite3.Error as error:
            raise InputError(f"{self.path!r} is not a puzzle pool: {error}") from None
        return {seed for (seed,) in rows}

    def record(self, tried: Tried) -> None:
        puzzle = tried.puzzle
        self.db.execute(
            "INSERT OR REPLACE INTO pool VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                tried.kind,
                tried.game,
                tried.seed,
                None if puzzle is None else str(puzzle.id),
                None if puzzle is None else puzzle.grade,
                None if puzzle is None else puzzle.dumps(),
                tried.seconds,
            ),
        )
        self.db.commit()

    def puzzles(self) -> list[Puzzle]:
        """Every puzzle of the pool, in ID order (a fixed order: the calendar's model is built in it)."""
        try:
            rows = self.db.execute("SELECT id, document FROM pool WHERE id IS NOT NULL ORDER BY id").fetchall()
        except sqlite3.Error as error:
            raise InputError(f"{self.path!r} is not a puzzle pool: {error}") from None
        found = []
        for pid, document in rows:
            if not isinstance(document, str):
                raise InputError(f"{self.path!r} is damaged: the puzzle {pid} has no document")
            found.append(Puzzle.loads(document, f"the pool's puzzle {pid}"))
        return found

    def stats(self) -> list[tuple[str, str, int, int, float]]:
        """Per kind and game: seeds tried, puzzles found, seconds spent."""
        query = "SELECT kind, game, COUNT(*), COUNT(id), SUM(seconds) FROM pool GROUP BY kind, game ORDER BY kind, game"
        return list(self.db.execute(query))


def fill(
    path: str,
    kind: str,
    game: str,
    seeds: range,
    workers: int = 1,
    scheduler: str | None = None,
    connect_timeout: float = 20.0,
    on_result: Callable[[Tried | None], None] | None = None,
) -> Iterator[Tried]:
    """Try every seed of ``seeds`` not yet in the pool, recording each as it finishes."""
    if len(seeds) > MAX_POOL_SEEDS:
        raise InputError(f"at most {MAX_POOL_SEEDS:,} seeds per run, not {len(seeds):,}")
    from puzzles.generate import module_for

    if kind not in module_for(game).KINDS:
        raise InputError(f"no {kind} puzzles for {game}")
    pool = Pool(path)
    try:
        done = pool.done(kind, game)
        if on_result:
            for _ in done & set(seeds):
                on_result(None)
        todo = [s for s in seeds if s not in done]
        task = functools.partial(try_seed, kind=kind, game=game)
        for tried in run_tasks(iter(todo), len(todo), task, workers, scheduler, connect_timeout):
            pool.record(tried)
            if on_result:
                on_result(tried)
            yield tried
    finally:
        pool.close()


def summary(path: str) -> str:
    """What the pool holds, a line per kind and game."""
    pool = Pool(path)
    try:
        lines = [
            f"{kind:10} {game:28} {tried:6} seeds  {found:5} puzzles  {seconds / max(1, tried):6.2f} s a seed"
            for kind, game, tried, found, seconds in pool.stats()
        ]
        grades = pool.db.execute("SELECT grade, COUNT(*) FROM pool WHERE id IS NOT NULL GROUP BY grade ORDER BY grade")
        lines.append("grades: " + json.dumps(dict(grades.fetchall())))
    finally:
        pool.close()
    return "\n".join(lines)
