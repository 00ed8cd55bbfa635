"""The published survey results, ``data/<rules>.csv.gz``: reading them, and
re-deriving their rows with the code at hand (``butterfly survey
--check-published``).

A file holds one rules' survey, named after the rules (``/`` written
``_``): one row per deal with :data:`COLUMNS`. Each row says how its
verdict was obtained: the engine (``kernel`` or ``python``, with
``/no-restarts`` when so), the proof of an ``unwinnable`` (``search``,
``dead-end`` or ``relaxation``), the limits (node budget, memory cap, the
relaxation's effort) and the code version that produced it
(solver.version.PATIENCE_SOLVER). Files from before the code version was
recorded have only the first seven columns; their rows are re-derived as
the surveys of the time ran them: the kernel with restarts, the default
memory cap, and the relaxation's default effort for the rows it proved.

Re-deriving a row is solving its deal again under the row's limits and
comparing verdict, proof, nodes and the length of the line; a won line must
also replay through the rules engine alone. Seconds are never compared.
"""

from __future__ import annotations

import csv
import functools
import gzip
import io
import math
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from games.deals import MAX_DEAL, parse_whole_number
from games.errors import InputError, shown
from games.patience.rules import Position, Rules, rules_named
from solver.patience.relaxation import DEFAULT_EFFORT
from solver.patience.result import DEFAULT_MEMORY_MIB, UNRESOLVED, UNWINNABLE, WON, Limits
from solver.patience.solve import ENGINES, solve
from solver.survey.run import DealResult, deal_result, run_tasks

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
    #: "" in the files from before it was recorded (then: the kernel with restarts).
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

    def search(self) -> tuple[str, bool]:
        """(engine, restarts) of the row."""
        engine, _, flag = (self.engine or "kernel").partition("/")
        return engine, flag != "no-restarts"


def rules_of_file(path: Path) -> Rules:
    """The rules a published file is named after (``butterfly_basement-0.csv.gz``)."""
    if not path.name.endswith(SUFFIX):
        raise InputError(f"{path}: not a published survey (expected data/<rules>{SUFFIX})")
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


def _row(fields: list[str], header: tuple[str, ...]) -> PublishedRow:
    values = dict(zip(header, fields))
    result, proof, engine = values["result"], values["proof"], values.get("engine", "")
    if result not in RESULTS:
        raise ValueError(f"unknown result {shown(result)}")
    if (proof != "") != (result == UNWINNABLE) or (proof and proof not in PROOFS):
        raise ValueError(f"proof {shown(proof)} does not go with result {result}")
    if engine and engine.partition("/")[0] not in ENGINES or engine.partition("/")[2] not in ("", "no-restarts"):
        raise ValueError(f"unknown engine {shown(engine)}")
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


def read_published(path: Path | str) -> tuple[Rules, list[PublishedRow]]:
    """The rules and rows of a published file, checked: any fault is one
    :class:`InputError` naming the file and line."""
    path = Path(path)
    rules = rules_of_file(path)
    try:
        with gzip.open(path, "rt", encoding="utf-8", newline="") as handle:
            text = handle.read()
    except (OSError, EOFError, UnicodeDecodeError) as error:
        raise InputError(f"{path}: cannot read it: {getattr(error, 'strerror', None) or error}") from None
    lines = csv.reader(io.StringIO(text))
    header = tuple(next(lines, []))
    if header not in (COLUMNS, OLD_COLUMNS):
        raise InputError(f"{path}: line 1: not a survey header (expected {','.join(COLUMNS)})")
    rows: list[PublishedRow] = []
    for number, fields in enumerate(lines, 2):
        try:
            if len(fields) != len(header):
                raise ValueError(f"{len(fields)} fields, not {len(header)}")
            row = _row(fields, header)
            if rows and row.deal <= rows[-1].deal:
                raise ValueError(f"deal {row.deal} out of order")
            row.limits()  # limits out of range are a fault of the file
        except (ValueError, InputError) as error:
            raise InputError(f"{path}: line {number}: {error}") from None
        rows.append(row)
    if not rows:
        raise InputError(f"{path}: no rows")
    return rules, rows


def write_published(path: Path, rows: list[tuple]) -> None:
    """Write rows (tuples in :data:`COLUMNS` order), the same rows giving the same bytes."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(["" if value is None else value for value in row] for row in rows)
    with gzip.GzipFile(path, "wb", mtime=0) as handle:  # mtime 0: git sees no change
        handle.write(text.getvalue().encode())


@dataclass(frozen=True)
class Rederived:
    """A published row solved again: the new result, and what differs (empty: it holds)."""

    row: PublishedRow
    result: DealResult
    differences: tuple[str, ...]


def rederive(rules: Rules, row: PublishedRow) -> Rederived:
    """Solve the row's deal again under its limits and compare (the unit of work of a check)."""
    engine, restarts = row.search()
    limits = row.limits()
    position = Position.deal(row.deal, rules)
    solved = solve(position, limits, engine, restarts=restarts)
    result = deal_result(row.deal, solved, engine, restarts)
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
