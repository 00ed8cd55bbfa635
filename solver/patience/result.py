"""What a patience search is asked for and what it answers."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.patience.rules import Move

WON, UNWINNABLE, UNRESOLVED = "won", "unwinnable", "unresolved"

DEFAULT_MAX_NODES = 10_000_000
DEFAULT_MEMORY_MIB = 1024


@dataclass(frozen=True)
class Limits:
    """When a search gives up and answers ``unresolved``.

    ``max_nodes``: positions expanded (None: no limit); ``timeout``: seconds
    (None: no limit); ``memory_mib``: size of the kernel's transposition table.
    ``relaxation``: when the search ends unresolved, the effort (conflicts
    of the SAT solver) allowed to the chain relaxation (solver.patience.relaxation)
    to prove the position lost; None: not tried.
    """

    max_nodes: int | None = DEFAULT_MAX_NODES
    timeout: float | None = None
    memory_mib: int = DEFAULT_MEMORY_MIB
    relaxation: int | None = None


#: The limits a search gets when it is given none.
DEFAULT_LIMITS = Limits()


@dataclass
class SolveResult:
    """``won`` with its moves, ``unwinnable`` (the search space was exhausted:
    a proof), or ``unresolved`` with the limit that stopped it in ``stopped_by``
    (``nodes``, ``time`` or ``memory``). ``table_bytes``: the most memory the
    kernel's transposition table held at once (old and new table during a
    rehash); never above the cap. None for the reference solver.
    ``proved_by``: for ``unwinnable``, ``"search"`` (every reachable
    position was expanded, or the start failed a dead-end test) or
    ``"relaxation"`` (the chain relaxation has no schedule)."""

    result: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    stopped_by: str | None = None
    table_bytes: int | None = None
    proved_by: str | None = None
