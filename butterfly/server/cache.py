"""The web API's answers, kept by request: the task, its position written
as its game writes it, and its options (budget included, so a larger
budget asks again). A bounded cache in memory, least recently used out
first; with a file, also in SQLite across restarts.

The file is the server's own: a new one is made with
:data:`APPLICATION_ID` in its header; an existing file is used only when it
carries that mark and has the expected table. Any other file, a damaged
one or another program's database, is refused with one line and never
written to.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import urllib.parse
from collections import OrderedDict
from typing import Any

from butterfly.games.errors import InputError

#: SQLite's header field for the program that owns a file: "BFLY".
APPLICATION_ID = 0x42464C59
#: The answers kept in memory.
MEMORY_ENTRIES = 10_000
#: The answers kept in the file (the oldest go first).
FILE_ENTRIES = 1_000_000


def key_of(task: str, args: dict[str, Any]) -> str:
    """The cache key of a request (its args canonical already: the position's line rewritten)."""
    text = json.dumps([task, args], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class AnswerCache:
    """Answers by key, in memory and, with ``path``, in an SQLite file."""

    def __init__(self, path: str | None = None, entries: int = MEMORY_ENTRIES) -> None:
        self.entries = entries
        self.memory: OrderedDict[str, str] = OrderedDict()
        self.db = None if path is None else _open(path)
        self.hits = self.misses = 0

    def get(self, key: str) -> dict | None:
        text = self.get_text(key)
        return None if text is None else json.loads(text)

    def get_text(self, key: str) -> str | None:
        """The answer's JSON text as kept (the server sends it as it is)."""
        text = self.memory.get(key)
        if text is not None:
            self.memory.move_to_end(key)
        elif self.db is not None:
            row = self.db.execute("SELECT answer FROM answers WHERE key = ?", (key,)).fetchone()
            if row is not None:
                text = row[0]
                self._remember(key, text)
        if text is None:
            self.misses += 1
            return None
        self.hits += 1
        return text

    def put(self, key: str, text: str) -> None:
        """Keep an answer's JSON text (as the server sends it)."""
        self._remember(key, text)
        if self.db is not None:
            with self.db:
                self.db.execute("INSERT OR REPLACE INTO answers (key, answer) VALUES (?, ?)", (key, text))
                self.db.execute(
                    "DELETE FROM answers WHERE rowid <= (SELECT MAX(rowid) FROM answers) - ?", (FILE_ENTRIES,)
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


def _open(path: str) -> sqlite3.Connection:
    """The cache file ``path``: made if missing, else checked to be one (InputError)."""
    exists = os.path.lexists(path)
    if exists and not os.path.isfile(path):
        raise InputError(f"--cache {path!r} is not a regular file: refusing to use it")
    try:
        if exists:  # checked read-only first: a file that is not the cache is never written to
            # (quoted: a name with ? or # is the file's; immutable: no -wal or -shm file made beside a WAL database)
            check = sqlite3.connect(f"file:{urllib.parse.quote(os.path.abspath(path))}?mode=ro&immutable=1", uri=True)
            try:
                application_id = check.execute("PRAGMA application_id").fetchone()[0]
                tables = {name for (name,) in check.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            finally:
                check.close()
            if application_id != APPLICATION_ID or tables != {"answers"}:
                raise InputError(f"--cache {path!r} is not a butterfly serve cache (another program's file?)")
        db = sqlite3.connect(path, check_same_thread=False)
        if not exists:
            with db:
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute("CREATE TABLE answers (key TEXT PRIMARY KEY, answer TEXT NOT NULL)")
        db.execute("PRAGMA journal_mode = WAL")
        return db
    except sqlite3.Error as error:
        raise InputError(f"--cache {path!r} cannot be used: {error}") from None
