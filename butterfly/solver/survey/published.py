"""The published survey results, ``butterfly/data/<rules>.csv.gz``: reading them, and
re-deriving their rows with the code at hand (``butterfly survey
check``).

A file holds one rules' survey, named after the rules (``/`` written
``_``): one row per deal with :data:`COLUMNS`. Each row says how its
verdict was obtained: the engine (``kernel`` or ``python``) and its
restart schedule (butterfly.solver.patience.solve.schedule_label: ``kernel`` alone
for the restarts-first schedule of the early surveys, ``/interleaved`` or
``/no-restarts`` after it), the proof of an ``unwinnable`` (``search``,
``dead-end`` or ``relaxation``), the limits (node budget, memory cap, the
relaxation's effort) and the code version that produced it
(butterfly.solver.version.PATIENCE_SOLVER). Files from before the code version was
recorded have only the first seven columns; their rows are re-derived as
the surveys of the time ran them: the kernel with restarts first, the default
memory cap, and the relaxation's default effort for the rows it proved.

Re-deriving a row is solving its deal again under the row's limits and
comparing verdict, proof, nodes and the length of the line; a won line must
also replay through the rules engine alone. Seconds are never compared.

Every gzip CSV file published in butterfly/data/ (these, the lengths of
butterfly.solver.survey.publish_lengths and the ratings of butterfly.puzzles.rating.publish) is
made by :func:`csv_bytes` and read by :func:`read_csv`: a stream under
:data:`MAX_ROW` and :data:`MAX_SIZE`, any damage one :class:`InputError`
naming the file. A publication's files are written all or none
(:func:`write_files`).
"""

from __future__ import annotations

import contextlib
import csv
import functools
import gzip
import io
import math
import os
import random
import re
import stat
import tempfile
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from butterfly.games.deals import MAX_DEAL, parse_whole_number
from butterfly.games.errors import InputError, shown
from butterfly.games.patience.rules import Position, Rules, rules_named
from butterfly.solver.engines import EngineName
from butterfly.solver.patience.relaxation import DEFAULT_EFFORT
from butterfly.solver.patience.result import DEFAULT_MEMORY_MIB, UNRESOLVED, UNWINNABLE, WON, Limits
from butterfly.solver.patience.solve import parse_label, solve
from butterfly.solver.survey.db import new_file_mode
from butterfly.solver.survey.run import MAX_SURVEY_DEALS, DealResult, deal_result, run_tasks

#: The published files: butterfly/data/ of the checkout, packaged with the code as
#: butterfly/data (a link to it in the checkout).
DATA = Path(__file__).parents[2] / "data"

#: The columns of a published file, in order.
COLUMNS = (
    "deal",
    "result",
    "nodes",
    "seconds",
    "moves",
    "max_nodes",
    "proof",
    "engine",
    "memory_mib",
    "relaxation",
    "code",
)
#: The columns of the files published before the code version was recorded.
OLD_COLUMNS = COLUMNS[:7]
RESULTS = (WON, UNWINNABLE, UNRESOLVED)
PROOFS = ("search", "dead-end", "relaxation")
SUFFIX = ".csv.gz"


@dataclass(frozen=True)
class PublishedRow:
    deal: int
    result: str
    nodes: int
    seconds: float
    moves: int
    max_nodes: int | None
    proof: str
    #: "" in the files from before it was recorded (then: the kernel with restarts first).
    engine: str = ""
    memory_mib: int | None = None
    relaxation: int | None = None
    code: str = ""

    def limits(self) -> Limits:
        """The limits the row was obtained under (for old rows, those of the surveys of the time)."""
        relaxation = self.relaxation
        if relaxation is None and not self.engine and self.proof == "relaxation":
            relaxation = DEFAULT_EFFORT
        memory = DEFAULT_MEMORY_MIB if self.memory_mib is None else self.memory_mib
        return Limits(max_nodes=self.max_nodes, memory_mib=memory, relaxation=relaxation)

    def search(self) -> tuple[EngineName, str]:
        """(engine, schedule) of the row (butterfly.solver.patience.solve.parse_label)."""
        return parse_label(self.engine or "kernel")


def rules_of_file(path: Path) -> Rules:
    """The rules a published file is named after (``butterfly_basement-0.csv.gz``)."""
    if not path.name.endswith(SUFFIX):
        raise InputError(f"{path}: not a published survey (expected butterfly/data/<rules>{SUFFIX})")
    try:
        return rules_named(path.name[: -len(SUFFIX)].replace("_", "/"))
    except InputError as error:
        raise InputError(f"{path}: not named after rules: {error}") from None


#: The largest count a row holds (the kernel counts in signed 64-bit integers).
MAX_COUNT = (1 << 63) - 1
_DECIMAL = re.compile(r"[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?")


def _whole(text: str, what: str, optional: bool = False, maximum: int = MAX_COUNT) -> int | None:
    if optional and text == "":
        return None
    return parse_whole_number(text, what, maximum)


def _seconds(text: str) -> float:
    value = float(text) if _DECIMAL.fullmatch(text) else math.nan
    if not math.isfinite(value):
        raise ValueError(f"seconds {shown(text)} is not a number of seconds")
    return value


def parse_row(fields: list[str], header: tuple[str, ...]) -> PublishedRow:
    """A row of a published file (its fields under ``header``), checked: a fault is a ValueError or an InputError."""
    values = dict(zip(header, fields))
    result, proof, engine = values["result"], values["proof"], values.get("engine", "")
    if result not in RESULTS:
        raise ValueError(f"unknown result {shown(result)}")
    if (proof != "") != (result == UNWINNABLE) or (proof and proof not in PROOFS):
        raise ValueError(f"proof {shown(proof)} does not go with result {result}")
    if engine:
        try:
            parse_label(engine)
        except ValueError:
            raise ValueError(f"unknown engine {shown(engine)}") from None
    deal = _whole(values["deal"], "deal", maximum=MAX_DEAL)
    nodes, moves = _whole(values["nodes"], "nodes"), _whole(values["moves"], "moves")
    assert deal is not None and nodes is not None and moves is not None
    return PublishedRow(
        deal,
        result,
        nodes,
        _seconds(values["seconds"]),
        moves,
        _whole(values["max_nodes"], "max_nodes", optional=True),
        proof,
        engine,
        _whole(values.get("memory_mib", ""), "memory_mib", optional=True),
        _whole(values.get("relaxation", ""), "relaxation", optional=True),
        values.get("code", ""),
    )


#: The longest row a published file may hold, in bytes. A lengths row holds a
#: winning line at about 10 bytes a move: room for 6,000 moves where the
#: longest published row is 1,777 bytes (the survey rows are under 100).
#: Under the csv module's field limit (131,072), which so never speaks.
MAX_ROW = 64 * 1024
#: The most a published file may inflate to, in bytes: the most deals one
#: survey may ask for (MAX_SURVEY_DEALS, ten times the largest file published,
#: deals 0-99,999 in 6.9 MB) at 256 bytes a row (a survey row with every count
#: at its 19-digit maximum is under 240). A gzip bomb stops here.
MAX_SIZE = MAX_SURVEY_DEALS * 256


def read_csv(path: Path) -> Iterator[tuple[int, list[str]]]:
    """The CSV rows of a published gzip file with their line numbers (the
    header first), read as a stream: a row over :data:`MAX_ROW` bytes, more
    than :data:`MAX_SIZE` bytes inflated, damaged gzip, a CSV error or a byte
    that is not UTF-8 is one :class:`InputError` naming the file and line."""
    number = 0  # lines read
    pending = 0  # bytes of the row being read (a quoted field may span lines)

    def lines(raw: gzip.GzipFile) -> Iterator[str]:
        nonlocal number, pending
        while line := raw.readline(MAX_ROW + 1):  # never more than a row's worth in memory
            number += 1
            pending += len(line)
            if pending > MAX_ROW:
                raise InputError(f"{path}: line {number}: a row longer than {MAX_ROW:,} bytes")
            if raw.tell() > MAX_SIZE:
                raise InputError(f"{path}: line {number}: inflates to more than {MAX_SIZE:,} bytes")
            yield line.decode()  # line by line: a bad byte is named with its own line

    try:
        with gzip.open(path, "rb") as raw:
            reader = csv.reader(lines(raw))
            for fields in reader:
                pending = 0
                yield reader.line_num, fields
    except UnicodeDecodeError as error:
        byte = error.object[error.start]
        raise InputError(f"{path}: line {number}: byte {byte:#04x} (column {error.start + 1}) is not UTF-8") from None
    except csv.Error as error:
        reason = str(error).partition(" - ")[0]  # without the csv module's hint on opening the file: ours to do
        raise InputError(f"{path}: line {number}: not CSV: {reason}") from None
    except (OSError, EOFError, zlib.error) as error:
        # The file system's errors have a strerror; gzip's damage (BadGzipFile, an OSError, too) has none.
        reason = getattr(error, "strerror", None) or f"line {number + 1}: damaged gzip ({error})"
        raise InputError(f"{path}: cannot read it: {reason}") from None


def csv_bytes(path: Path, header: tuple[str, ...], rows: Iterable[Iterable[object]]) -> bytes:
    """The bytes of a published gzip file ``path`` (None written as ""), the same
    rows giving the same bytes; a file :func:`read_csv` would refuse is refused here."""
    line = io.StringIO()
    writer = csv.writer(line, lineterminator="\n")
    data = io.BytesIO()
    for row in (header, *rows):
        line.seek(0)
        line.truncate()
        writer.writerow(row)
        encoded = line.getvalue().encode()
        if len(encoded) > MAX_ROW or data.tell() + len(encoded) > MAX_SIZE:
            raise InputError(f"{path}: not written: over the readers' limits ({MAX_ROW:,} a row, {MAX_SIZE:,} in all)")
        data.write(encoded)
    packed = io.BytesIO()
    # The file's name in the gzip header, as gzip.open(path) writes it; mtime 0: git sees no change.
    with gzip.GzipFile(str(path), "wb", fileobj=packed, mtime=0) as handle:
        handle.write(data.getvalue())
    return packed.getvalue()


def write_csv(path: Path, header: tuple[str, ...], rows: Iterable[Iterable[object]]) -> None:
    """Write a published gzip file (:func:`csv_bytes`), whole or not at all (:func:`write_files`)."""
    write_files([(Path(path), csv_bytes(path, header, rows))])


def write_files(files: Sequence[tuple[Path, bytes]]) -> None:
    """Write the files of a publication, all or nothing: each to a temporary
    file beside it, then, once every one is written, each renamed over the file
    it replaces (whose permissions it keeps). A file that cannot be written (a
    full disk, a read-only folder, a directory in its place) is one
    :class:`InputError` naming it, with no file changed and no temporary file left."""
    for path, _ in files:
        if os.path.lexists(path) and not path.is_file():
            raise InputError(f"cannot write {str(path)!r}: it is not a file")
    temporary: list[tuple[str, Path]] = []
    path = Path()
    try:
        for path, data in files:
            handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            temporary.append((name, path))
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.chmod(name, stat.S_IMODE(path.stat().st_mode) if path.exists() else new_file_mode())
        for name, path in temporary:
            os.replace(name, path)
    except OSError as error:
        raise InputError(f"cannot write {str(path)!r}: {error.strerror or error}") from None
    finally:
        for name, _ in temporary:
            with contextlib.suppress(OSError):
                os.remove(name)  # those not renamed: a write failed, or a signal came


def read_published(path: Path | str) -> tuple[Rules, list[PublishedRow]]:
    """The rules and rows of a published file, checked: any fault is one
    :class:`InputError` naming the file and line."""
    path = Path(path)
    rules = rules_of_file(path)
    records = read_csv(path)
    header = tuple(next(records, (1, []))[1])
    if header not in (COLUMNS, OLD_COLUMNS):
        raise InputError(f"{path}: line 1: not a survey header (expected {','.join(COLUMNS)})")
    rows: list[PublishedRow] = []
    for number, fields in records:
        try:
            if len(fields) != len(header):
                raise ValueError(f"{len(fields)} fields, not {len(header)}")
            row = parse_row(fields, header)
            if rows and row.deal <= rows[-1].deal:
                raise ValueError(f"deal {row.deal} out of order")
            row.limits()  # limits out of range are a fault of the file
        except (ValueError, InputError) as error:
            raise InputError(f"{path}: line {number}: {error}") from None
        rows.append(row)
    if not rows:
        raise InputError(f"{path}: no rows")
    return rules, rows


def missing(rows: list[PublishedRow], deals: range) -> list[range]:
    """The runs of ``deals`` that ``rows`` (in deal order, as read) lack."""
    runs, start = [], deals.start
    for row in rows:
        if row.deal in deals:
            if row.deal > start:
                runs.append(range(start, row.deal))
            start = row.deal + 1
    if start < deals.stop:
        runs.append(range(start, deals.stop))
    return runs


@dataclass(frozen=True)
class Rederived:
    """A published row solved again: the new result, and what differs (empty: it holds)."""

    row: PublishedRow
    result: DealResult
    differences: tuple[str, ...]


def rederive(rules: Rules, row: PublishedRow) -> Rederived:
    """Solve the row's deal again under its limits and compare (the unit of work of a check)."""
    engine, schedule = row.search()
    limits = row.limits()
    position = Position.deal(row.deal, rules)
    solved = solve(position, limits, engine, schedule=schedule)
    result = deal_result(row.deal, solved, engine, schedule)
    differences = []
    for what, published, now in (
        ("result", row.result, result.result),
        ("proof", row.proof, result.proof),
        ("nodes", row.nodes, result.nodes),
        ("moves", row.moves, result.moves),
    ):
        if published != now:
            differences.append(f"{what} {published} -> {now}")
    if solved.result == WON:
        replayed = position
        try:
            for move in solved.moves:
                replayed = replayed.play(move)
        except InputError as error:
            differences.append(f"the line found does not replay: {error}")
        else:
            if not replayed.is_won():
                differences.append("the line found does not win")
    return Rederived(row, result, tuple(differences))


def sample(rows: list[PublishedRow], count: int | None, deals: range | None = None) -> list[PublishedRow]:
    """The rows to check: those of ``deals`` (all by default), ``count`` of them
    picked at random (with a fixed seed: the same sample every time), in deal order."""
    chosen = [r for r in rows if deals is None or r.deal in deals]
    if count is not None and count < len(chosen):
        chosen = sorted(random.Random(0).sample(chosen, count), key=lambda r: r.deal)
    return chosen


def check_published(
    rules: Rules,
    rows: list[PublishedRow],
    workers: int = 1,
    scheduler: str | None = None,
    connect_timeout: float = 10.0,
) -> Iterator[Rederived]:
    """Re-derive every row given, in the order they finish (local processes or Dask)."""
    task = functools.partial(rederive, rules)
    yield from run_tasks(iter(rows), len(rows), task, workers, scheduler, connect_timeout)


def describe(row: PublishedRow | DealResult) -> str:
    """A row's verdict in a few words: ``won in 490 moves, 9,624,812 nodes``."""
    if row.result == WON:
        what = f"won in {row.moves} moves"
    elif row.result == UNWINNABLE:
        what = f"unwinnable ({row.proof})"
    else:
        what = "unresolved"
    return f"{what}, {row.nodes:,} nodes"
