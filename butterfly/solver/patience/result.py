"""What a patience search is asked for and what it answers."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from butterfly.games.errors import InputError
from butterfly.games.patience.format import format_deal_text
from butterfly.games.patience.rules import Move, Position

WON, UNWINNABLE, UNRESOLVED = "won", "unwinnable", "unresolved"
#: The answers of a search for the shortest line (butterfly.solver.patience.solve.solve_shortest):
#: a line proved shortest, or the best line found with a proved lower bound.
OPTIMAL, BOUNDED = "optimal", "bounded"

DEFAULT_MAX_NODES = 10_000_000
DEFAULT_MEMORY_MIB = 1024

#: The largest limits accepted (the kernel counts in 64-bit integers; these leave room):
MAX_NODES = 1 << 62
#: ... a memory cap of 1 TiB ...
MAX_MEMORY_MIB = 1 << 20
#: ... a time limit of about 115 days ...
MAX_TIMEOUT = 10_000_000.0
#: ... and the relaxation's effort (SAT conflicts, a C int).
MAX_RELAXATION = (1 << 31) - 1


@dataclass(frozen=True)
class Limits:
    """When a search gives up and answers ``unresolved``.

    ``max_nodes``: positions expanded (None: no limit); ``timeout``: seconds
    (None: no limit); ``memory_mib``: size of the kernel's transposition table.
    ``relaxation``: when the search ends unresolved, the effort (conflicts
    of the SAT solver) allowed to the chain relaxation (butterfly.solver.patience.relaxation)
    to prove the position lost; None: not tried.
    """

    max_nodes: int | None = DEFAULT_MAX_NODES
    timeout: float | None = None
    memory_mib: int = DEFAULT_MEMORY_MIB
    relaxation: int | None = None

    def __post_init__(self) -> None:
        def whole(value: object, low: int, high: int) -> bool:
            return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high

        if self.max_nodes is not None and not whole(self.max_nodes, 1, MAX_NODES):
            raise InputError(f"node limit must be 1 to {MAX_NODES}, not {self.max_nodes!r}")
        if self.timeout is not None and not (
            isinstance(self.timeout, int | float) and math.isfinite(self.timeout) and 0 <= self.timeout <= MAX_TIMEOUT
        ):
            raise InputError(f"time limit must be 0 to {MAX_TIMEOUT:g} seconds, not {self.timeout!r}")
        if not whole(self.memory_mib, 0, MAX_MEMORY_MIB):
            raise InputError(f"memory cap must be 0 to {MAX_MEMORY_MIB} MiB, not {self.memory_mib!r}")
        if self.relaxation is not None and not whole(self.relaxation, 0, MAX_RELAXATION):
            raise InputError(f"relaxation effort must be 0 to {MAX_RELAXATION}, not {self.relaxation!r}")


#: The limits a search gets when it is given none.
DEFAULT_LIMITS = Limits()


@dataclass
class SolveResult:
    """``won`` with its moves, ``unwinnable`` (the search space was exhausted:
    a proof), or ``unresolved`` with the limit that stopped it in ``stopped_by``
    (``nodes``, ``time`` or ``memory``). ``table_bytes``: the most memory the
    kernel's transposition table held at once (old and new table during a
    rehash); never above the cap. None for the reference solver.
    ``lower_bound``: for ``optimal`` and ``bounded`` (the answers of
    :func:`butterfly.solver.patience.solve.solve_shortest`), no winning line is
    shorter (for ``optimal``, the length of ``moves``).
    ``proved_by``: for ``unwinnable``, ``"search"`` (every reachable
    position was expanded), ``"dead-end"`` (the start fails the dead-end
    test, butterfly.solver.patience.pruning.is_dead_end: no row can be the last one, or
    the basement is too small) or ``"relaxation"`` (the chain relaxation has
    no schedule)."""

    result: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    stopped_by: str | None = None
    table_bytes: int | None = None
    proved_by: str | None = None
    lower_bound: int | None = None

    def to_json(self, position: Position, engine: str, schedule: str, shortest: bool = False) -> dict:
        """The answer for ``position`` as ``solve --json`` prints it (and the web API answers)."""
        moves = [str(m) for m in self.moves]
        return {
            "game": position.rules.name,
            "deal": format_deal_text(position),
            "result": self.result,
            "moves": moves,
            **({"length": len(moves), "lower_bound": self.lower_bound} if shortest else {}),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "stopped_by": self.stopped_by,
            "proved_by": self.proved_by,
            "engine": engine,
            "schedule": schedule,
        }
