"""A survey's results in SQLite: one row per (rules, deal), written as each
deal finishes, so a survey that is stopped (even by kill -9) resumes where
it was and never counts a deal twice.

Each result is committed on its own (WAL journal): what was committed
survives the process being killed; a deal in flight at the kill is simply
solved again on the next run.

The file is stamped as ours (``PRAGMA application_id`` = :data:`APPLICATION_ID`,
``PRAGMA user_version`` = :data:`SCHEMA_VERSION`). Opening checks the stamp
before writing anything (the journal-mode switch included): an empty file
becomes ours, a database of ours from before the stamp (our exact
``results`` table and nothing else) is stamped and migrated, and any other
file (another program's database, a newer schema, not SQLite at all) is
refused with an :class:`InputError`, untouched. Every SQLite failure
(read-only file, full disk, missing folder) is an :class:`InputError` too:
one line, and the transaction in flight rolled back.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
from collections.abc import Iterator
from urllib.parse import quote

from butterfly.games.errors import InputError, shown
from butterfly.solver.patience.result import UNRESOLVED

#: ``PRAGMA application_id`` of a survey database: "BfSv".
APPLICATION_ID = 0x42665376
#: ``PRAGMA user_version``: 2 added ``stopped_by``, ``timeout`` and ``memory_mib``; 3 the ``ladder`` table;
#: 4 ``engine``, ``relaxation`` and ``code`` (how each verdict was obtained, and by which code); 5 the
#: ``lengths`` table.
SCHEMA_VERSION = 5

SCHEMA = """
CREATE TABLE results (
    game TEXT NOT NULL,         -- the rules' name, e.g. butterfly/alternate-colours
    deal INTEGER NOT NULL,
    result TEXT NOT NULL,       -- won / unwinnable / unresolved
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    moves INTEGER NOT NULL,     -- length of the winning line found, 0 otherwise
    max_nodes INTEGER,          -- the node budget it was solved with (NULL: none)
    proof TEXT NOT NULL DEFAULT '',  -- unwinnable: "search", "dead-end" or "relaxation"
    stopped_by TEXT NOT NULL DEFAULT '',  -- unresolved: nodes / time / memory (unknown: from before v2)
    timeout REAL,               -- the time limit it was solved with, seconds (NULL: none)
    memory_mib INTEGER,         -- the memory cap it was solved with (NULL: unknown, before v2)
    engine TEXT NOT NULL DEFAULT '',  -- engine and schedule: kernel/interleaved... ('': unknown, before v4)
    relaxation INTEGER,         -- the chain relaxation's effort if the search ends unresolved (NULL: none)
    code TEXT NOT NULL DEFAULT '',  -- the code version that produced it (butterfly.solver.version; '': before v4)
    PRIMARY KEY (game, deal)
)
"""

#: The rating ladder's games on each deal (butterfly.puzzles.rating.ladder_runs): what the ratings are computed from.
LADDER_SCHEMA = """
CREATE TABLE IF NOT EXISTS ladder (
    game TEXT NOT NULL,         -- the rules' name
    deal INTEGER NOT NULL,
    verdict TEXT NOT NULL,      -- the solver's: won / unwinnable / unresolved (the ladder plays only won deals)
    games TEXT NOT NULL,        -- JSON: {player: outcomes, one character a seed, 1 won, 0 lost}
    seconds REAL NOT NULL,
    code TEXT NOT NULL,         -- the code version that played them
    PRIMARY KEY (game, deal)
)
"""

#: The shortest winning line of each deal (butterfly.solver.survey.lengths): what par and the published
#: lengths come from.
LENGTHS_SCHEMA = """
CREATE TABLE IF NOT EXISTS lengths (
    game TEXT NOT NULL,         -- the rules' name
    deal INTEGER NOT NULL,
    result TEXT NOT NULL,       -- optimal / bounded, or the solver's unwinnable / unresolved
    length INTEGER NOT NULL,    -- the shortest line found (0: none)
    lower INTEGER NOT NULL,     -- no line wins in fewer moves (the length when optimal; 0: no line)
    line TEXT NOT NULL,         -- that line, moves separated by commas
    nodes INTEGER NOT NULL,     -- positions expanded, every search added up
    proof_nodes INTEGER NOT NULL,  -- the A* proof's limit on positions expanded
    memory_mib INTEGER NOT NULL,   -- the cap on each search's tables
    stopped_by TEXT NOT NULL,   -- bounded: the limit that stopped the proof (nodes / memory); '' otherwise
    seconds REAL NOT NULL,
    code TEXT NOT NULL,         -- the code version that found it
    PRIMARY KEY (game, deal)
)
"""

#: The columns of a ``lengths`` row after ``game``, in order.
LENGTHS_COLUMNS = (
    "deal",
    "result",
    "length",
    "lower",
    "line",
    "nodes",
    "proof_nodes",
    "memory_mib",
    "stopped_by",
    "seconds",
    "code",
)

#: The columns of the ``results`` table before the stamp (version 0), with and without ``proof``.
_LEGACY_COLUMNS = ("game", "deal", "result", "nodes", "seconds", "moves", "max_nodes", "proof")

#: Why an unresolved row stopped, when the row does not say (rows from before version 2):
#: a row that used its whole node budget stopped on nodes; any other may have stopped on time
#: or memory, and is searched again once.
INFER_STOPPED_BY = (
    "UPDATE results SET stopped_by = CASE WHEN max_nodes IS NOT NULL AND nodes >= max_nodes "
    "THEN 'nodes' ELSE 'unknown' END WHERE result = 'unresolved' AND stopped_by = ''"
)


def _not(column: str, *types: str) -> str:
    """The SQL condition that ``column`` holds none of SQLite's ``types``."""
    return f"typeof({column}) NOT IN ({', '.join(repr(kind) for kind in types)})"


def _count(column: str) -> tuple[str, str, str]:
    return column, f"{_not(column, 'integer')} OR {column} < 0", "a whole number from 0"


def _optional(column: str, *types: str) -> tuple[str, str, str]:
    return column, f"{column} IS NOT NULL AND {_not(column, *types)}", "a number, or nothing"


_GAME = ("game", _not("game", "text"), "the name of rules")
_DEAL = ("deal", f"{_not('deal', 'integer')} OR deal < 0", "a deal number")
_SECONDS = ("seconds", _not("seconds", "real", "integer"), "a number of seconds")

#: What each column of our tables holds, as ``(column, SQL condition that it does not, what it
#: should hold)``: a row failing one was written by no run of ours (edited by hand, or damaged).
#: Text that is not UTF-8 passes here and is refused when read (:func:`sqlite_errors`).
COLUMN_CHECKS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "results": (
        _GAME,
        _DEAL,
        ("result", "result NOT IN ('won', 'unwinnable', 'unresolved')", "won, unwinnable or unresolved"),
        _count("nodes"),
        _SECONDS,
        ("moves", _not("moves", "integer"), "a whole number"),
        _optional("max_nodes", "integer"),
        ("proof", _not("proof", "text"), "text"),
        (
            "stopped_by",
            "stopped_by NOT IN ('', 'nodes', 'time', 'memory', 'unknown')",
            "nodes, time, memory, unknown or nothing",
        ),
        _optional("timeout", "real", "integer"),
        _optional("memory_mib", "integer"),
        ("engine", _not("engine", "text"), "text"),
        _optional("relaxation", "integer"),
        ("code", _not("code", "text"), "text"),
    ),
    "ladder": (
        _GAME,
        _DEAL,
        ("verdict", _not("verdict", "text"), "text"),
        ("games", _not("games", "text"), "text"),
        _SECONDS,
        ("code", _not("code", "text"), "text"),
    ),
    "lengths": (
        _GAME,
        _DEAL,
        ("result", _not("result", "text"), "text"),
        _count("length"),
        _count("lower"),
        ("line", _not("line", "text"), "text"),
        _count("nodes"),
        _count("proof_nodes"),
        _count("memory_mib"),
        ("stopped_by", _not("stopped_by", "text"), "text"),
        _SECONDS,
        ("code", _not("code", "text"), "text"),
    ),
}
#: How a row names itself in a message, by table.
_ROW_NAMES = {"results": "row", "ladder": "ladder row", "lengths": "lengths row"}
#: SQLite's types in a message.
_TYPE_WORDS = {"blob": "binary data", "null": "nothing"}


#: Deals read from the database at a time when resuming.
_CHUNK = 10_000


@contextlib.contextmanager
def sqlite_errors(path: str, doing: str, what: str = "survey database") -> Iterator[None]:
    """Any SQLite failure while ``doing`` something to ``path`` (a ``what``): one line."""
    try:
        yield
    except sqlite3.Error as error:
        reason = " ".join(str(error).split())
        undecoded = _UNDECODED.match(reason)
        if undecoded:  # Python's words, with the bytes it could not decode shown as they could be
            reason = f"the {undecoded[1]} column holds text that is not UTF-8 (damaged?)"
        raise InputError(f"{what} {path!r}: cannot {doing}: {reason}") from None


#: How Python's sqlite3 says a column's text is not UTF-8.
_UNDECODED = re.compile(r"Could not decode to UTF-8 column '(.*?)' with text")


def check_path(path: str, what: str = "survey database") -> bool:
    """Refuse paths SQLite cannot use, before it creates anything; True when the file exists."""
    if path in ("", ":memory:"):
        raise InputError(f"{what} {path!r} is not a file name: it is kept in a file")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise InputError(f"{what} {path!r} is a directory")
    if os.path.exists(path) and not os.path.isfile(path):
        raise InputError(f"{what} {path!r} is not a regular file")
    if not os.path.isdir(folder):
        raise InputError(f"{what} {path!r}: no such directory {folder!r}")
    exists = os.path.exists(path)
    if exists and not os.access(path, os.R_OK | os.W_OK):
        raise InputError(f"{what} {path!r} is not readable and writable")
    if not os.access(folder, os.W_OK):  # the journal lives beside the file
        raise InputError(f"{what} {path!r}: its directory is read-only")
    return exists


def new_file_mode() -> int:
    """The permissions a new file gets here (0o666 less the umask): for a file made
    under a temporary name (which :func:`tempfile.mkstemp` makes 0o600) and renamed into place."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def file_uri(path: str, mode: str) -> str:
    """``path`` as an SQLite URI naming exactly that file (so that ``file:...``
    or ``:memory:`` given by the user is never read as a URI or a special name)."""
    return "file:" + quote(os.fsencode(os.path.abspath(path))) + f"?mode={mode}"  # its bytes, UTF-8 or not


def inspect(path: str, what: str = "survey database") -> tuple[int, int, dict[str, list[str]], int]:
    """(application_id, user_version, {table: columns}, how many other schema
    objects: views, triggers, indexes of our own) of an existing file, read only."""
    with sqlite_errors(path, "read it (is it an SQLite database?)", what):
        connection = sqlite3.connect(file_uri(path, "ro"), uri=True)
        try:
            application_id = connection.execute("PRAGMA application_id").fetchone()[0]
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            objects = connection.execute("SELECT type, name FROM sqlite_master").fetchall()
            names = [name for kind, name in objects if kind == "table"]
            tables = {
                name: [row[1] for row in connection.execute(f"PRAGMA table_info({_quoted(name)})")] for name in names
            }
            others = sum(1 for kind, name in objects if kind != "table" and not name.startswith("sqlite_autoindex"))
        finally:
            connection.close()
    return application_id, version, tables, others


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _is_legacy(tables: dict[str, list[str]]) -> bool:
    """Our ``results`` table as the code before the stamp made it, and nothing else."""
    return set(tables) == {"results"} and tables["results"] in (list(_LEGACY_COLUMNS), list(_LEGACY_COLUMNS[:-1]))


class ResultsDB:
    def __init__(self, path: str) -> None:
        self.path = path
        exists = check_path(path)
        version = 0
        if exists and os.path.getsize(path) > 0:
            application_id, version, tables, others = inspect(path)
            if application_id == APPLICATION_ID:
                if version > SCHEMA_VERSION:
                    raise InputError(
                        f"survey database {path!r} has schema version {version}, newer than this "
                        f"program's ({SCHEMA_VERSION}): upgrade butterfly"
                    )
            elif application_id != 0 or version != 0 or others or (tables and not _is_legacy(tables)):
                raise InputError(
                    f"{path!r} is not a butterfly survey database (another program's file?): "
                    "refusing to touch it; give --db a new file"
                )
            elif tables:
                version = 1 if "proof" in tables["results"] else 0
            else:
                version = -1  # an empty database: make it ours
        else:
            version = -1
        with sqlite_errors(path, "open it"):
            self.connection = sqlite3.connect(file_uri(path, "rwc"), uri=True, timeout=60)
        try:
            with sqlite_errors(path, "prepare it"):
                if version < SCHEMA_VERSION:
                    self._migrate(version)
                self.connection.execute("PRAGMA journal_mode=WAL")
        except BaseException:
            self.connection.close()
            if not exists:  # leave nothing behind of a database that could not be made (a full disk, say)
                for leftover in (path, path + "-journal", path + "-wal", path + "-shm"):
                    with contextlib.suppress(OSError):
                        os.remove(leftover)
            raise

    @classmethod
    def existing(cls, path: str) -> ResultsDB:
        """The survey database at ``path``, which must already hold something: what a
        publisher reads. A missing or empty file is an InputError, and none is made."""
        check_path(path)
        if not os.path.isfile(path):
            raise InputError(f"survey database {path!r}: no such file (butterfly survey run --db makes one)")
        if os.path.getsize(path) == 0:
            raise InputError(f"survey database {path!r} is empty: nothing to publish")
        return cls(path)

    def _migrate(self, version: int) -> None:
        """Make the database ours at :data:`SCHEMA_VERSION` in one transaction
        (``version`` -1: new; 0, 1: from before the stamp; 2: before the ladder table; 3: before
        ``engine``, ``relaxation`` and ``code``; 4: before the lengths table; another survey may be
        migrating it too)."""
        c = self.connection
        c.execute("BEGIN IMMEDIATE")
        try:
            current = c.execute("PRAGMA user_version").fetchone()[0]
            if c.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID and current >= SCHEMA_VERSION:
                c.execute("ROLLBACK")  # another process got there first
                return
            if version < 0:
                c.execute(SCHEMA)
            elif version < 2:
                if version == 0:  # from before proofs were told apart: all by search
                    c.execute("ALTER TABLE results ADD COLUMN proof TEXT NOT NULL DEFAULT ''")
                    c.execute("UPDATE results SET proof = 'search' WHERE result = 'unwinnable'")
                c.execute("ALTER TABLE results ADD COLUMN stopped_by TEXT NOT NULL DEFAULT ''")
                c.execute("ALTER TABLE results ADD COLUMN timeout REAL")
                c.execute("ALTER TABLE results ADD COLUMN memory_mib INTEGER")
                c.execute(INFER_STOPPED_BY)
            if 0 <= version < 4:
                c.execute("ALTER TABLE results ADD COLUMN engine TEXT NOT NULL DEFAULT ''")
                c.execute("ALTER TABLE results ADD COLUMN relaxation INTEGER")
                c.execute("ALTER TABLE results ADD COLUMN code TEXT NOT NULL DEFAULT ''")
            c.execute(LADDER_SCHEMA)
            c.execute(LENGTHS_SCHEMA)
            c.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            c.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            c.execute("COMMIT")
        except BaseException:
            if c.in_transaction:
                c.execute("ROLLBACK")
            raise

    def close(self) -> None:
        self.connection.close()

    def settled(
        self,
        game: str,
        deals: range,
        max_nodes: int | None,
        retry_unresolved: bool = False,
        timeout: float | None = None,
        memory_mib: int | None = None,
        relaxation: int | None = None,
    ) -> Iterator[int]:
        """Deals needing no new search, in order: decisive, or unresolved
        already under limits at least as loose as these: the limit that stopped
        it (``stopped_by``) was as large or larger then (a looser limit, or
        none, tries them again; so does ``retry_unresolved``, for a solver
        that has learnt new proofs), and the chain relaxation was given as much
        effort then (a row stopped by the same node budget is tried again with
        a larger effort; one stopped by a larger budget is kept). Streamed:
        constant memory."""
        for low in range(deals.start, deals.stop, _CHUNK):
            self._check_rows(game, low, min(low + _CHUNK, deals.stop) - 1)
            with sqlite_errors(self.path, "read it"):
                rows = self.connection.execute(
                    "SELECT deal, result, max_nodes, stopped_by, timeout, memory_mib, relaxation FROM results "
                    "WHERE game = ? AND deal BETWEEN ? AND ? ORDER BY deal",
                    (game, low, min(low + _CHUNK, deals.stop) - 1),
                ).fetchall()
            for deal, result, budget, stopped_by, old_timeout, old_memory, old_relaxation in rows:
                if result != UNRESOLVED:
                    yield deal
                elif retry_unresolved or (relaxation or 0) > (old_relaxation or 0) and budget == max_nodes:
                    continue  # searched again: asked to, or the relaxation gets more effort than it had
                elif stopped_by == "time":
                    if timeout is not None and old_timeout is not None and old_timeout >= timeout:
                        yield deal
                elif stopped_by == "memory":
                    if memory_mib is not None and old_memory is not None and old_memory >= memory_mib:
                        yield deal
                elif stopped_by == "nodes" and (budget is None or (max_nodes is not None and budget >= max_nodes)):
                    yield deal

    def record(
        self,
        game: str,
        result,
        max_nodes: int | None,
        timeout: float | None = None,
        memory_mib: int | None = None,
        relaxation: int | None = None,
    ) -> None:
        """One deal's result (a DealResult: its ``engine`` and ``code`` say how and by which code)
        and the limits it was obtained under."""
        stopped_by = getattr(result, "stopped_by", "") or ""
        if result.result == UNRESOLVED and not stopped_by:  # a result that does not say: as for old rows
            stopped_by = "nodes" if max_nodes is not None and result.nodes >= max_nodes else "unknown"
        with sqlite_errors(self.path, "record a result"):
            self.connection.execute(
                "INSERT OR REPLACE INTO results (game, deal, result, nodes, seconds, moves, max_nodes, proof, "
                "stopped_by, timeout, memory_mib, engine, relaxation, code) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game,
                    result.deal,
                    result.result,
                    result.nodes,
                    result.seconds,
                    result.moves,
                    max_nodes,
                    result.proof,
                    stopped_by,
                    timeout,
                    memory_mib,
                    getattr(result, "engine", ""),
                    relaxation,
                    getattr(result, "code", ""),
                ),
            )
            self.connection.commit()

    def infer_stopped_by(self) -> None:
        """Fill ``stopped_by`` of unresolved rows loaded without it (published data files)."""
        with sqlite_errors(self.path, "update it"):
            self.connection.execute(INFER_STOPPED_BY)
            self.connection.commit()

    def unresolved(self, game: str) -> list[int]:
        """The deals of ``game`` on record as unresolved, in order."""
        rows = self.connection.execute(
            "SELECT deal FROM results WHERE game = ? AND result = 'unresolved' ORDER BY deal", (game,)
        )
        return [deal for (deal,) in rows]

    def record_relaxation_proof(self, game: str, deal: int, seconds: float, effort: int, code: str) -> None:
        """An unresolved deal proved lost by the chain relaxation (``effort`` conflicts allowed,
        ``code`` its code version), which took ``seconds``. The row keeps its code version
        only when its search was made by the same code; otherwise it becomes unknown."""
        with sqlite_errors(self.path, "record a result"):
            self.connection.execute(
                "UPDATE results SET result = 'unwinnable', proof = 'relaxation', stopped_by = '', "
                "seconds = seconds + ?, relaxation = ?, code = CASE WHEN code = ? THEN code ELSE '' END "
                "WHERE game = ? AND deal = ? AND result = 'unresolved'",
                (seconds, effort, code, game, deal),
            )
            self.connection.commit()

    def _check_rows(self, game: str, low: int, high: int) -> None:
        """Refuse, in one line, a range holding a row no run of ours could have written."""
        self.check_rows("results", "game = ? AND deal BETWEEN ? AND ?", (game, low, high))

    def check_rows(self, table: str, where: str = "1", parameters: tuple = ()) -> None:
        """Refuse, in one line naming the row and the column, a row of ``table``
        (those ``where`` selects) that no run of ours could have written
        (:data:`COLUMN_CHECKS`: a value of the wrong type, an unknown verdict)."""
        checks = COLUMN_CHECKS[table]
        first = " ".join(f"WHEN {condition} THEN {index}" for index, (_, condition, _) in enumerate(checks))
        with sqlite_errors(self.path, "read it"):
            found = self.connection.execute(
                f"SELECT rowid, fault FROM (SELECT rowid, CASE {first} END AS fault FROM {table} WHERE {where}) "
                "WHERE fault IS NOT NULL LIMIT 1",
                parameters,
            ).fetchone()
            if found is None:
                return
            rowid, fault = found
            column, _, expected = checks[fault]
            deal, kind, value = self.connection.execute(
                f"SELECT CASE WHEN typeof(deal) = 'integer' AND deal >= 0 THEN deal END, typeof({column}), "
                f"CASE WHEN typeof({column}) = 'text' THEN CAST({column} AS BLOB) ELSE {column} END "
                f"FROM {table} WHERE rowid = ?",  # text as its bytes: it may not be UTF-8
                (rowid,),
            ).fetchone()
        row = f"the {_ROW_NAMES[table]} of deal {deal}" if deal is not None else f"row {rowid} of the {table} table"
        held = shown(value.decode(errors="replace")) if kind == "text" else _TYPE_WORDS.get(kind, repr(value))
        raise InputError(
            f"survey database {self.path!r}: {row} is malformed (damaged?): {column} holds {held}, not {expected}"
        )

    def record_ladder(self, game: str, deal: int, verdict: str, games: str, seconds: float, code: str) -> None:
        """The ladder's games on one deal (``games``: JSON, as :data:`LADDER_SCHEMA` says)."""
        with sqlite_errors(self.path, "record a result"):
            self.connection.execute(
                "INSERT OR REPLACE INTO ladder (game, deal, verdict, games, seconds, code) VALUES (?, ?, ?, ?, ?, ?)",
                (game, deal, verdict, games, seconds, code),
            )
            self.connection.commit()

    def ladder_rows(self, game: str, deals: range) -> list[tuple]:
        """(deal, verdict, games, seconds, code) for the deals of the range on record, in order."""
        with sqlite_errors(self.path, "read it"):
            return list(
                self.connection.execute(
                    "SELECT deal, verdict, games, seconds, code FROM ladder "
                    "WHERE game = ? AND deal BETWEEN ? AND ? ORDER BY deal",
                    (game, deals.start, deals.stop - 1),
                )
            )

    def record_length(self, game: str, row: tuple) -> None:
        """One deal's shortest line: ``row`` holds :data:`LENGTHS_COLUMNS` after ``game``."""
        with sqlite_errors(self.path, "record a result"):
            self.connection.execute(
                f"INSERT OR REPLACE INTO lengths (game, {', '.join(LENGTHS_COLUMNS)}) "
                f"VALUES ({', '.join('?' * (1 + len(LENGTHS_COLUMNS)))})",
                (game, *row),
            )
            self.connection.commit()

    def length_rows(self, game: str, deals: range | None = None) -> list[tuple]:
        """The :data:`LENGTHS_COLUMNS` of the deals of ``game`` on record (of the range, when
        given), in order."""
        low, high = (0, 1 << 63) if deals is None else (deals.start, deals.stop - 1)
        with sqlite_errors(self.path, "read it"):
            return list(
                self.connection.execute(
                    f"SELECT {', '.join(LENGTHS_COLUMNS)} FROM lengths "
                    "WHERE game = ? AND deal BETWEEN ? AND ? ORDER BY deal",
                    (game, low, min(high, (1 << 63) - 1)),
                )
            )

    def results(self, game: str, deals: range) -> list[tuple]:
        """(deal, result, nodes, seconds, moves, proof, stopped_by, engine, code) for the deals of
        the range on record."""
        self._check_rows(game, deals.start, deals.stop - 1)
        with sqlite_errors(self.path, "read it"):
            return list(
                self.connection.execute(
                    "SELECT deal, result, nodes, seconds, moves, proof, stopped_by, engine, code FROM results "
                    "WHERE game = ? AND deal BETWEEN ? AND ? ORDER BY deal",
                    (game, deals.start, deals.stop - 1),
                )
            )
