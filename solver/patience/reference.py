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
caps it as it caps the kernel's: the set's own size plus its keys' (each
key's tuples counted in full, though rows are shared between keys: an
overestimate, so the cap is never exceeded). A search that would pass it
stops ``unresolved`` with ``stopped_by == "memory"``. Python's bytes per
position are many more than the kernel's, so the same cap holds fewer
positions.

Node accounting (shared with the kernel): a node is one position expanded;
the start is node 1. A child that is won ends the search at once; a child
already visited is skipped without counting.
"""

from __future__ import annotations

import sys
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


def _key_bytes(key: tuple) -> int:
    """What a visited key holds on its own: its tuples (the cards are shared, interned)."""
    rows, cells = key
    return sys.getsizeof(key) + sys.getsizeof(rows) + sys.getsizeof(cells) + sum(map(sys.getsizeof, rows))


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
    memory_bytes = limits.memory_mib << 20
    first = position.key()
    visited = {first}
    keys_bytes = _key_bytes(first)
    if keys_bytes + sys.getsizeof(visited) > memory_bytes:
        return result(UNRESOLVED, stopped_by="memory")
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
        visited.add(key)
        keys_bytes += _key_bytes(key)
        if keys_bytes + sys.getsizeof(visited) > memory_bytes:  # the set as it now is, resized or not
            return result(UNRESOLVED, stopped_by="memory")
        nodes += 1
        stack.append(_Frame(child, ordered_moves(child, safe_autoplay, dead_ends)))
        path.append(move)
    return result(UNWINNABLE)
