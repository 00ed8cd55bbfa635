"""The pool of generated puzzles the daily calendar is chosen from: an
SQLite file, filled seed by seed, resumable, on local workers or on Dask
like the surveys (:func:`butterfly.solver.survey.run.run_tasks`).

Each row is one seed tried for one kind and game: the puzzle it gave (its
JSON document) or none. A seed already in the file is never tried again, so
an interrupted run goes on where it stopped, and a run over more seeds adds
only the new ones.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from butterfly.games.errors import InputError
from butterfly.puzzles.document import Kind, Puzzle, PuzzleId
from butterfly.puzzles.generate import generate
from butterfly.puzzles.kinds import family_for
from butterfly.solver.survey.db import check_path, file_uri, inspect, new_file_mode, sqlite_errors
from butterfly.solver.survey.run import run_tasks

SCHEMA = """
CREATE TABLE pool (
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
COLUMNS = ["kind", "game", "seed", "id", "grade", "document", "seconds"]
#: ``PRAGMA application_id`` of a pool file: "BfPl" (a survey database is "BfSv").
APPLICATION_ID = 0x4266506C
WHAT = "puzzle pool"

#: The most seeds one run may try.
MAX_POOL_SEEDS = 1_000_000


@dataclass(frozen=True)
class Tried:
    """One seed tried: the puzzle it gave (None: none) and the seconds it took."""

    kind: Kind
    game: str
    seed: int
    puzzle: Puzzle | None
    seconds: float


def try_seed(seed: int, kind: Kind, game: str) -> Tried:
    """Generate the puzzle of one seed (the unit of work of :func:`fill`)."""
    start = time.perf_counter()
    found = generate(PuzzleId.make(kind, game, seed))
    return Tried(kind, game, seed, found, time.perf_counter() - start)


class Pool:
    """The pool file, stamped as ours (``PRAGMA application_id`` =
    :data:`APPLICATION_ID`; our ``pool`` table alone, unstamped, is a pool
    from before the stamp). Read only unless ``write``; then created when
    missing and stamped. Any other file (another program's database, a
    survey database, not SQLite at all) is refused before anything is
    written, and so is a missing file when only reading.

    A new pool is made under a temporary name beside its own and renamed
    into place once it holds its first seed (:meth:`record`): a run that
    fails before (a full disk, a signal) leaves no file. Every SQLite
    failure (a damaged file, a full disk) is an :class:`InputError`, the
    seed being written rolled back."""

    def __init__(self, path: str, write: bool = False) -> None:
        self.path = path
        #: The temporary file a new pool is made in, until its first seed is recorded.
        self._making: str | None = None
        exists = check_path(path, WHAT) if write else os.path.isfile(path)
        stamped = False
        if exists and os.path.getsize(path) > 0:
            application_id, _, tables, others = inspect(path, WHAT)
            stamped = application_id == APPLICATION_ID
            unstamped = application_id == 0 and tables == {"pool": COLUMNS} and not others
            if not (stamped or unstamped):
                raise InputError(
                    f"{path!r} is not a butterfly puzzle pool (another program's file?): "
                    "refusing to touch it; give --db a new file"
                )
        elif not write:
            raise InputError(f"{path!r} is not a puzzle pool: no such file (butterfly calendar pool fills one)")
        if write and not exists:
            self._making = _temporary_beside(path)
        try:
            with sqlite_errors(path, "open it", WHAT):
                where = self._making or path
                self.db = sqlite3.connect(file_uri(where, "rwc" if write else "ro"), uri=True, timeout=60)
        except InputError:
            if self._making is not None:
                _remove(self._making)
            raise
        if write and not stamped:
            try:
                with sqlite_errors(path, "prepare it", WHAT):
                    self.db.executescript(
                        "BEGIN IMMEDIATE;"
                        + ("" if exists and os.path.getsize(path) > 0 else SCHEMA)
                        + f"PRAGMA application_id = {APPLICATION_ID}; COMMIT;"
                    )
            except InputError:
                self.close()
                raise

    def close(self) -> None:
        self.db.close()
        if self._making is not None:  # never placed: no seed was recorded
            _remove(self._making)
            self._making = None

    def done(self, kind: str, game: str) -> set[int]:
        with sqlite_errors(self.path, "read it", WHAT):
            rows = self.db.execute("SELECT seed FROM pool WHERE kind = ? AND game = ?", (kind, game)).fetchall()
        return {seed for (seed,) in rows}

    def record(self, tried: Tried) -> None:
        puzzle = tried.puzzle
        with sqlite_errors(self.path, "record a seed", WHAT):
            try:
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
            except BaseException:
                if self.db.in_transaction:
                    self.db.rollback()
                raise
        if self._making is not None:
            self._place()

    def _place(self) -> None:
        """Rename the new pool into place (never over a file made meanwhile) and go on in it."""
        assert self._making is not None
        self.db.close()
        try:
            os.link(self._making, self.path)
        except FileExistsError:
            raise InputError(f"puzzle pool {self.path!r} was made by another run meanwhile: run again") from None
        except OSError as error:
            raise InputError(f"puzzle pool {self.path!r}: cannot make it: {error.strerror or error}") from None
        finally:
            _remove(self._making)
            self._making = None
        with sqlite_errors(self.path, "open it", WHAT):
            self.db = sqlite3.connect(file_uri(self.path, "rw"), uri=True, timeout=60)

    def puzzles(self) -> list[Puzzle]:
        """Every puzzle of the pool, in ID order (a fixed order: the calendar's model is built in it)."""
        with sqlite_errors(self.path, "read it", WHAT):
            rows = self.db.execute("SELECT id, document FROM pool WHERE id IS NOT NULL ORDER BY id").fetchall()
        found = []
        for pid, document in rows:
            if not isinstance(document, str):
                raise InputError(f"{self.path!r} is damaged: the puzzle {pid} has no document")
            found.append(Puzzle.loads(document, f"the pool's puzzle {pid}"))
        return found

    def stats(self) -> list[tuple[str, str, int, int, float]]:
        """Per kind and game: seeds tried, puzzles found, seconds spent."""
        query = "SELECT kind, game, COUNT(*), COUNT(id), SUM(seconds) FROM pool GROUP BY kind, game ORDER BY kind, game"
        with sqlite_errors(self.path, "read it", WHAT):
            return list(self.db.execute(query))

    def grades(self) -> dict[int, int]:
        """Puzzles per grade."""
        query = "SELECT grade, COUNT(*) FROM pool WHERE id IS NOT NULL GROUP BY grade ORDER BY grade"
        with sqlite_errors(self.path, "read it", WHAT):
            return dict(self.db.execute(query).fetchall())


def _temporary_beside(path: str) -> str:
    """A new empty file beside ``path``, readable as a file SQLite makes is (by the umask)."""
    folder, name = os.path.split(os.path.abspath(path))
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".new", dir=folder)
        os.close(handle)
        os.chmod(temporary, new_file_mode())
    except OSError as error:
        raise InputError(f"puzzle pool {path!r}: cannot make it: {error.strerror or error}") from None
    return temporary


def _remove(path: str) -> None:
    """Remove a pool never placed, and what SQLite may have left beside it."""
    for leftover in (path, path + "-journal"):
        with contextlib.suppress(OSError):
            os.remove(leftover)


def fill(
    path: str,
    kind: Kind,
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
    if kind not in family_for(game).kinds:
        raise InputError(f"no {kind} puzzles for {game}")
    done: set[int] = set()
    if os.path.isfile(path) and os.path.getsize(path) > 0:  # a run with nothing to add writes nothing
        reading = Pool(path)
        try:
            done = reading.done(kind, game)
        finally:
            reading.close()
    if on_result:
        for _ in done & set(seeds):
            on_result(None)
    todo = [s for s in seeds if s not in done]
    if not todo:
        return
    pool = Pool(path, write=True)
    try:
        task = functools.partial(try_seed, kind=kind, game=game)
        running = run_tasks(iter(todo), len(todo), task, workers, scheduler, connect_timeout)
        try:
            for tried in running:
                pool.record(tried)
                if on_result:
                    on_result(tried)
                yield tried
        finally:
            running.close()  # a pool of workers still running is stopped now, whatever stopped the run
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
        lines.append("grades: " + json.dumps(pool.grades()))
    finally:
        pool.close()
    return "\n".join(lines)
