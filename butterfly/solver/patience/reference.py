"""The reference patience solver, in plain Python: the oracle for the kernel.

Depth-first search over :class:`butterfly.games.patience.Position`, trying moves in the
engine's order (pruned by :mod:`butterfly.solver.patience.pruning`), with a set of
visited canonical keys. The compiled kernel
(``butterfly/ext/_patience.pyx``) searches in exactly the same order with the same
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

from butterfly.games.patience.rules import Move, Position, Rules
from butterfly.solver.patience.pruning import build_relation, ordered_moves
from butterfly.solver.patience.result import DEFAULT_LIMITS, UNRESOLVED, UNWINNABLE, WON, Limits, SolveResult


@dataclass(slots=True)
class _Frame:
    """A position on the search path, its moves to try and the next one's index."""

    position: Position
    moves: list[Move]
    next: int = 0


#: The kernel's table: bytes an entry takes (a full key and a tag) and the
#: entries of a new table (butterfly/ext/_patience.pyx; a test checks them equal).
ENTRY_BYTES = 41
INITIAL_CAPACITY = 1 << 15


def _load_limit(capacity: int) -> int:
    return capacity - capacity // 4


class TableBudget:
    """The kernel's transposition-table accounting (``table_init`` and
    ``table_grow`` in butterfly/ext/_patience.pyx) without the table: how many entries
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


class Search:
    """One depth-first search from ``position`` that can stop at a node count
    and go on from where it stopped (the kernel's ``Search``, node for node):
    run in slices it expands the same nodes in the same order as in one run.
    Any other stop (a win, a proof, time, memory) ends it."""

    def __init__(
        self, position: Position, memory_bytes: int = 1 << 30, safe_autoplay: bool = True, dead_ends: bool = True
    ) -> None:
        self._pruning = (safe_autoplay, dead_ends)
        self.nodes = 1
        self._table = TableBudget(memory_bytes)
        self._visited = {position.key()}
        self._stack = [_Frame(position, ordered_moves(position, *self._pruning))]
        self._path: list[Move] = []
        self._final: tuple[str, str | None] | None = None
        if position.is_won():
            self._final = (WON, None)
        elif not self._table.add():
            self._final = (UNRESOLVED, "memory")

    @property
    def table_bytes(self) -> int:
        """Bytes the kernel's table would hold now (0 once the search is over)."""
        return 0 if self._final else self._table.capacity * ENTRY_BYTES

    def run(self, max_nodes: int | None = None, timeout: float | None = None) -> SolveResult:
        """Go on until ``max_nodes`` are expanded in all, or for ``timeout``
        seconds; ``nodes`` counts from the start. Stopped by ``nodes``, it
        may be run again."""
        start = time.perf_counter()
        if self._final is None:
            verdict, stopped_by = self._advance(max_nodes, None if timeout is None else start + timeout)
            if stopped_by != "nodes":
                self._final = (verdict, stopped_by)
        else:
            verdict, stopped_by = self._final
        moves = list(self._path) if verdict == WON else []
        return SolveResult(verdict, moves, self.nodes, time.perf_counter() - start, stopped_by)

    def _advance(self, max_nodes: int | None, deadline: float | None) -> tuple[str, str | None]:
        stack, path, visited, table = self._stack, self._path, self._visited, self._table
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
                path.append(move)
                return WON, None
            key = child.key()
            if key in visited:
                continue
            if max_nodes is not None and self.nodes >= max_nodes:
                frame.next -= 1  # tried again when the search goes on
                return UNRESOLVED, "nodes"
            if deadline is not None and self.nodes % 1024 == 0 and time.perf_counter() > deadline:
                return UNRESOLVED, "time"
            if not table.add():
                return UNRESOLVED, "memory"
            visited.add(key)
            self.nodes += 1
            stack.append(_Frame(child, ordered_moves(child, *self._pruning)))
            path.append(move)
        return UNWINNABLE, None


def prepare(rules: Rules) -> None:
    """Make the rules' build relation the pruning rules read (the kernel's ``prepare``)."""
    build_relation(rules)


def solve(
    position: Position, limits: Limits = DEFAULT_LIMITS, safe_autoplay: bool = True, dead_ends: bool = True
) -> SolveResult:
    """Search ``position`` to a verdict (or until a limit is hit), in one run."""
    return Search(position, limits.memory_mib << 20, safe_autoplay, dead_ends).run(limits.max_nodes, limits.timeout)
