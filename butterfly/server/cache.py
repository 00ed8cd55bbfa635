"""The web API's answers, kept by request: the code version, the task, its
position written as its game writes it, and its options (budget included,
so a larger budget asks again). A bounded cache in memory, least recently
used out first; with a file, also in SQLite across restarts.

The file is the server's own: a new one is made whole beside its place and
renamed into it (a full disk leaves nothing behind), with
:data:`APPLICATION_ID` and :data:`FORMAT` in its header; an existing file is
used only when it carries both and its tables are exactly the cache's. Any
other file, a damaged one or another program's database, is refused with
one line and never written to.

The file never costs an answer: each row carries a digest of its key and
answer, and a row that does not match it (damaged, or edited by hand) is
dropped and searched again; a file that cannot be read or written (a full
disk) is said once on stderr, and the answers are served from memory.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import sqlite3
import sys
import tempfile
import urllib.parse
from collections import OrderedDict
from typing import Any

from butterfly.games.errors import InputError
from butterfly.solver.version import PACKAGE_ROOT, PROJECT_PACKAGES, code_version

#: SQLite's header field for the program that owns a file: "BFLY".
APPLICATION_ID = 0x42464C59
#: The one table of each format of the file (SQLite's header field user_version): 0 the first,
#: 1 with a digest of each answer. A file of an older format is refused with the advice to delete it
#: (its answers carry no digest to check them by, and were made by older code).
TABLES = {
    0: "CREATE TABLE answers (key TEXT PRIMARY KEY, answer TEXT NOT NULL)",
    1: "CREATE TABLE answers (key TEXT PRIMARY KEY, answer TEXT NOT NULL, digest TEXT NOT NULL)",
}
#: The format this server writes.
FORMAT = max(TABLES)
#: The answers kept in memory.
MEMORY_ENTRIES = 10_000
#: The answers kept in the file (the oldest go first).
FILE_ENTRIES = 1_000_000


@functools.cache
def answers_version() -> str:
    """The code version of the answers (solver/version.py): the package version and a digest of the rules,
    searches, kernels, puzzles and server, and of the published data (a review reads its par there)."""
    data = tuple(f"data/{path.name}" for path in sorted((PACKAGE_ROOT / "data").glob("*")) if path.is_file())
    return code_version((*PROJECT_PACKAGES, "server", *data))


def key_of(task: str, args: dict[str, Any]) -> str:
    """The cache key of a request (its args canonical already: the position's line rewritten). The code
    version is part of it: an answer another version of the code made is never found."""
    text = json.dumps([answers_version(), task, args], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def digest_of(key: str, text: str) -> str:
    """The digest a row of the file keeps of its key and answer: a row changed on disk no longer matches it."""
    return hashlib.blake2b(f"{key}\0{text}".encode(), digest_size=16).hexdigest()


class AnswerCache:
    """Answers by key, in memory and, with ``path``, in an SQLite file."""

    def __init__(self, path: str | None = None, entries: int = MEMORY_ENTRIES) -> None:
        self.path = path
        self.entries = entries
        self.memory: OrderedDict[str, str] = OrderedDict()
        self.db = None if path is None else _open(path)
        self.hits = self.misses = 0
        #: The file failed once (said on stderr): later failures are not said again.
        self.failed = False
        answers_version()  # (read from the sources once, at start-up rather than on the first request)

    def get(self, key: str) -> dict | None:
        text = self.get_text(key)
        return None if text is None else json.loads(text)

    def get_text(self, key: str) -> str | None:
        """The answer's JSON text as kept (the server sends it as it is)."""
        text = self.memory.get(key)
        if text is not None:
            self.memory.move_to_end(key)
        else:
            text = self._read(key)
            if text is not None:
                self._remember(key, text)
        if text is None:
            self.misses += 1
            return None
        self.hits += 1
        return text

    def put(self, key: str, text: str) -> None:
        """Keep an answer's JSON text (as the server sends it). Never fails: a file that cannot be
        written keeps nothing, and the answer is kept in memory all the same."""
        self._remember(key, text)
        self._write(
            (
                "INSERT OR REPLACE INTO answers (key, answer, digest) VALUES (?, ?, ?)",
                (key, text, digest_of(key, text)),
            ),
            ("DELETE FROM answers WHERE rowid <= (SELECT MAX(rowid) FROM answers) - ?", (FILE_ENTRIES,)),
        )

    def _read(self, key: str) -> str | None:
        """The file's answer for ``key``; None when it has none, cannot be read, or has one that does not
        match its digest or is not a JSON object (that row is dropped: the request is searched again)."""
        if self.db is None:
            return None
        try:
            row = self.db.execute("SELECT answer, digest FROM answers WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error as error:
            self._failed("read", error, "the answers are searched again")
            return None
        if row is None:
            return None
        answer, digest = row
        if isinstance(answer, str) and digest == digest_of(key, answer) and _is_object(answer):
            return answer
        self._write(("DELETE FROM answers WHERE key = ?", (key,)))
        return None

    def _write(self, *statements: tuple[str, tuple]) -> None:
        """Run ``statements`` in one transaction of the file; a failure is said once, never raised."""
        if self.db is None:
            return
        try:
            with self.db:
                for statement, parameters in statements:
                    self.db.execute(statement, parameters)
        except (sqlite3.Error, OSError) as error:
            self._failed("written", error, "answers are kept in memory only")

    def _failed(self, doing: str, error: Exception, outcome: str) -> None:
        if not self.failed:
            self.failed = True
            print(
                f"butterfly serve: the cache file {self.path!r} cannot be {doing} ({error}): {outcome}",
                file=sys.stderr,
                flush=True,
            )

    def _remember(self, key: str, text: str) -> None:
        self.memory[key] = text
        self.memory.move_to_end(key)
        while len(self.memory) > self.entries:
            self.memory.popitem(last=False)

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None


def _is_object(text: str) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except (ValueError, RecursionError):
        return False


def _open(path: str) -> sqlite3.Connection:
    """The cache file ``path``: made if missing, else checked to be one (InputError)."""
    exists = os.path.lexists(path)
    if exists and not os.path.isfile(path):
        raise InputError(f"--cache {path!r} is not a regular file: refusing to use it")
    try:
        if exists:
            _check(path)
        else:
            _make(path)
        return _connect(path)
    except (sqlite3.Error, OSError) as error:
        why = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise InputError(f"--cache {path!r} cannot be {'used' if exists else 'made'}: {why}") from None


def _connect(path: str) -> sqlite3.Connection:
    """The file opened to read and write, held by this connection alone (SQLite's exclusive locking:
    a second server given the file is refused, and no -shm file is made), in WAL mode."""
    db = sqlite3.connect(path, check_same_thread=False, timeout=0)  # (held by another: refused at once)
    try:
        db.execute("PRAGMA locking_mode = EXCLUSIVE")
        db.execute("PRAGMA journal_mode = WAL")  # (a file of ours is in WAL mode already: nothing is written)
    except sqlite3.Error:
        db.close()
        raise
    return db


def _check(path: str) -> None:
    """Refuse (InputError) the existing file ``path`` unless it is a cache of this format; read-only,
    so a file that is not the cache is never written to."""
    # (quoted: a name with ? or # is the file's; immutable: no -wal or -shm file made beside a WAL database)
    check = sqlite3.connect(f"file:{urllib.parse.quote(os.path.abspath(path))}?mode=ro&immutable=1", uri=True)
    try:
        application_id = check.execute("PRAGMA application_id").fetchone()[0]
        file_format = check.execute("PRAGMA user_version").fetchone()[0]
        schema = _schema(check)
    finally:
        check.close()
    if application_id != APPLICATION_ID or file_format not in TABLES or schema != _schema_of(TABLES[file_format]):
        raise InputError(f"--cache {path!r} is not a butterfly serve cache (another program's file?)")
    if file_format != FORMAT:
        raise InputError(f"--cache {path!r} was made by an older butterfly serve: delete it (a new one is made)")


def _schema(db: sqlite3.Connection) -> list[tuple]:
    """Everything a database defines (tables, indexes, views, triggers), as SQLite keeps it."""
    return db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").fetchall()


def _schema_of(table: str) -> list[tuple]:
    """What a file with ``table`` alone defines."""
    db = sqlite3.connect(":memory:")
    try:
        db.execute(table)
        return _schema(db)
    finally:
        db.close()


def _make(path: str) -> None:
    """A new cache file at ``path``, made whole in a temporary file beside it, then renamed into place:
    a failure (a full disk) leaves nothing behind."""
    descriptor, temporary = tempfile.mkstemp(
        prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=os.path.dirname(os.path.abspath(path))
    )
    os.close(descriptor)
    try:
        db = sqlite3.connect(temporary)
        try:
            db.execute("PRAGMA locking_mode = EXCLUSIVE")
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {FORMAT}")
            db.execute(TABLES[FORMAT])
            db.execute("PRAGMA journal_mode = WAL")
        finally:
            db.close()
        os.replace(temporary, path)
    except BaseException:
        for leftover in (temporary, f"{temporary}-journal", f"{temporary}-wal"):
            with contextlib.suppress(FileNotFoundError):
                os.remove(leftover)
        raise
