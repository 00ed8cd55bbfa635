"""The reference patience solver, in plain Python: the oracle for the kernel.

Depth-first search over :class:`games.patience.Position`, trying moves in the
engine's order (pruned by :mod:`solver.patience.pruning`), with a set of
visited canonical keys. The compiled kernel
(``ext/_patience.pyx``) searches in exactly the same order with the same
node accounting, so the two agree on verdict, node count and moves.

Why the search is exact: every position reachable from the start is finite in
number; each is expanded at most once (its key goes into ``visited`` when it
is expanded). A position met again is either fully explored without a win,
or on the current path, in which case any win through it is found from its
first occurrence. So the search answers ``won`` iff a win is reachable, and
``unwinnable`` only after every reachable position has been expanded.

Memory: the visited set is the search's table, and ``limits.memory_mib``
caps it in the kernel's units: :class:`TableBudget` keeps the kernel's
accounting (its entry size, first capacity, load limit and growth by
doubling within the cap), so a cap stops both engines at the same node with
the same answer. (Python's own bytes per position are many more than the
kernel's 41; the cap is on the table the search is defined by, not on the
interpreter.)

Node accounting (shared with the kernel): a node is one position expanded;
the start is node 1. A child that is won ends the search at once; a child
already visited is skipped without counting.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from games.patience.rules import Move, Position
from solver.patience.pruning import ordered_moves
from solver.patience.result import DEFAULT_LIMITS, UNRESOLVED, UNWINNABLE, WON, Limits, SolveResult


@dataclass(slots=True)
class _Frame:
    """A position on the search path, its moves to try and the next one's index."""

    position: Position
    moves: list[Move]
    next: int = 0


#: The kernel's table: bytes an entry takes (a full key and a tag) and the
#: entries of a new table (ext/_patience.pyx; a test checks them equal).
ENTRY_BYTES = 41
INITIAL_CAPACITY = 1 << 15


def _load_limit(capacity: int) -> int:
    return capacity - capacity // 4


class TableBudget:
    """The kernel's transposition-table accounting (``table_init`` and
    ``table_grow`` in ext/_patience.pyx) without the table: how many entries
    fit, the table doubling within ``memory_bytes`` (old and new tables
    together during the rehash) while that gains enough room.

    >>> budget = TableBudget(1 << 20)
    >>> sum(budget.add() for _ in range(20_000)), budget.capacity
    (19182, 25575)
    """

    def __init__(self, memory_bytes: int) -> None:
        self.memory_bytes = memory_bytes
        capacity = min(INITIAL_CAPACITY, memory_bytes // ENTRY_BYTES)
        self.capacity = capacity if capacity >= 4 else 0
        self.max_used = _load_limit(self.capacity)
        self.used = 0

    def add(self) -> bool:
        """Room for one more entry (True, and it is counted), or the cap is reached."""
        if self.used >= self.max_used and not self._grow():
            return False
        self.used += 1
        return True

    def _grow(self) -> bool:
        old_bytes = self.capacity * ENTRY_BYTES
        if old_bytes >= self.memory_bytes:
            return False
        capacity = min(2 * self.capacity, (self.memory_bytes - old_bytes) // ENTRY_BYTES)
        if _load_limit(capacity) <= self.used + self.used // 8:
            return False
        self.capacity, self.max_used = capacity, _load_limit(capacity)
        return True


def solve(
    position: Position, limits: Limits = DEFAULT_LIMITS, safe_autoplay: bool = True, dead_ends: bool = True
) -> SolveResult:
    """Search ``position`` to a verdict (or until a limit is hit)."""
    start = time.perf_counter()
    deadline = None if limits.timeout is None else start + limits.timeout
    max_nodes = limits.max_nodes

    def result(verdict: str, moves: list[Move] | None = None, stopped_by: str | None = None) -> SolveResult:
        return SolveResult(verdict, moves or [], nodes, time.perf_counter() - start, stopped_by)

    nodes = 1
    if position.is_won():
        return result(WON)
    table = TableBudget(limits.memory_mib << 20)
    if not table.add():
        return result(UNRESOLVED, stopped_by="memory")
    visited = {position.key()}
    stack = [_Frame(position, ordered_moves(position, safe_autoplay, dead_ends))]
    path: list[Move] = []
    while stack:
        frame = stack[-1]
        if frame.next == len(frame.moves):
            stack.pop()
            if path:
                path.pop()
            continue
        move = frame.moves[frame.next]
        frame.next += 1
        child = frame.position.play_unchecked(move)
        if child.is_won():
            return result(WON, path + [move])
        key = child.key()
        if key in visited:
            continue
        if max_nodes is not None and nodes >= max_nodes:
            return result(UNRESOLVED, stopped_by="nodes")
        if deadline is not None and nodes % 1024 == 0 and time.perf_counter() > deadline:
            return result(UNRESOLVED, stopped_by="time")
        if not table.add():
            return result(UNRESOLVED, stopped_by="memory")
        visited.add(key)
        nodes += 1
        stack.append(_Frame(child, ordered_moves(child, safe_autoplay, dead_ends)))
        path.append(move)
    return result(UNWINNABLE)
