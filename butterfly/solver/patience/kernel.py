"""The friendly face of the compiled patience kernel (``butterfly.ext._patience``).

It turns a :class:`butterfly.games.patience.Position` into card indexes, passes the
rules engine's own build rule as a table (so the kernel never restates it),
and turns the kernel's moves back into :class:`butterfly.games.patience.Move`. The
kernel's inputs are passed by name (:func:`kernel_fields`), so a name that
does not match its parameters is an error, never a value in the wrong place.

>>> from butterfly.games.patience.rules import Position
>>> result = solve(Position.deal(126))  # no row can be the last one emptied
>>> result.result, result.nodes, result.moves
('unwinnable', 1, [])
>>> [str(move) for move in kernel_moves(Position.deal(1))[:2]]
['2D L3>F', '2C L4>F']
"""

from __future__ import annotations

import time
from typing import Any

import butterfly.ext._bound as _bound
import butterfly.ext._patience as _patience
import butterfly.ext._shortest as _shortest
from butterfly.games.cards import Card
from butterfly.games.patience.rules import CELL, FOUNDATION, EmptyRows, Move, Position, Rules
from butterfly.solver.patience.bound import TWICE_EFFORT
from butterfly.solver.patience.pruning import build_relation, next_home_builders_apply
from butterfly.solver.patience.result import DEFAULT_LIMITS, Limits, SolveResult
from butterfly.solver.patience.shortest import Answer

_RuleTables = tuple[bytes, tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]


def _rule_tables(rules: Rules) -> _RuleTables:
    """The build rule as the kernel takes it: ``can_build[card * 52 + onto]``
    (may card go on onto?), and each card's builders and hosts."""
    builders, hosts = build_relation(rules)
    can_build = bytearray(52 * 52)
    for card, onto_cards in enumerate(hosts):
        for onto in onto_cards:
            can_build[card * 52 + onto] = 1
    return bytes(can_build), builders, hosts


_TABLES: dict[Rules, _RuleTables] = {}


def prepare(rules: Rules) -> None:
    """Make the rules' tables the kernel is given (a fraction of a
    millisecond, once per rules and process), so that a solve can do it
    before its clock starts, as Solvitaire sets up its rules before its own."""
    if rules not in _TABLES:
        _TABLES[rules] = _rule_tables(rules)


def kernel_fields(position: Position, safe_autoplay: bool, dead_ends: bool) -> dict[str, Any]:
    """The kernel's inputs for ``position``, by parameter name (the same for
    ``_patience.Search`` and ``_patience.moves``; a test checks the names)."""
    rules = position.rules
    prepare(rules)
    can_build, builders, hosts = _TABLES[rules]
    return {
        "rows": [[int(c) for c in row] for row in position.rows],
        "cells": [int(c) for c in position.cells],
        "foundations": list(position.foundations),
        "can_build": can_build,
        "builders": builders,
        "hosts": hosts,
        "cells_one_way": rules.cells_one_way,
        "max_cells": rules.cells,
        "empty_rows_take_any": rules.empty_rows is EmptyRows.ANY_CARD,
        "last_card_to_foundation_only": rules.last_card_to_foundation_only,
        "safe_autoplay": safe_autoplay,
        "next_home_builders": next_home_builders_apply(rules),
        "dead_ends": dead_ends,
    }


_MOVES: dict[Rules, dict[tuple[int, int, int], Move]] = {}


def to_moves(rules: Rules, raw_moves: list[tuple[int, int, int]]) -> list[Move]:
    """Moves as the kernels give them (card index, place codes) as :class:`Move`
    (the ladder's kernel, butterfly/ext/_ladder.pyx, speaks the same codes). Each
    distinct move is made once per rules and shared (moves are immutable):
    a depth-first search's won line runs to thousands of moves, and making
    each anew took more time than the search on most Butterfly deals."""
    names = rules.row_names
    made = _MOVES.setdefault(rules, {})

    def place(code: int) -> str:
        if code == _patience.PLACE_CELL:
            return CELL
        return FOUNDATION if code == _patience.PLACE_FOUNDATION else names[code]

    line = []
    for raw in raw_moves:
        move = made.get(raw)
        if move is None:
            card, source, target = raw
            move = made[raw] = Move(Card.from_index(card), place(source), place(target))
        line.append(move)
    return line


def kernel_moves(position: Position, safe_autoplay: bool = True, dead_ends: bool = True) -> list[Move]:
    """The moves the kernel would try at ``position``, in its order."""
    return to_moves(position.rules, _patience.moves(**kernel_fields(position, safe_autoplay, dead_ends)))


class Search:
    """The kernel's search of ``position`` that can stop at a node count and
    go on (butterfly.ext._patience.Search): the reference's :class:`Search`, node for node."""

    def __init__(
        self, position: Position, memory_bytes: int = 1 << 30, safe_autoplay: bool = True, dead_ends: bool = True
    ) -> None:
        self._rules = position.rules
        self._search = _patience.Search(**kernel_fields(position, safe_autoplay, dead_ends), memory_bytes=memory_bytes)
        self.nodes = 1

    @property
    def table_bytes(self) -> int:
        """Bytes the table holds now (0 once the search is over)."""
        return self._search.table_bytes

    @property
    def probes(self) -> int:
        """Children looked up in the table so far (the reference has no such count)."""
        return self._search.probes

    @property
    def deepest(self) -> int:
        """The longest line the search has stood at so far."""
        return self._search.deepest

    def run(self, max_nodes: int | None = None, timeout: float | None = None) -> SolveResult:
        """Go on until ``max_nodes`` are expanded in all, or for ``timeout`` seconds."""
        start = time.perf_counter()
        verdict, stopped_by, raw_moves, self.nodes, table_bytes = self._search.run(max_nodes, timeout)
        seconds = time.perf_counter() - start
        return SolveResult(verdict, to_moves(self._rules, raw_moves), self.nodes, seconds, stopped_by, table_bytes)


def solve(
    position: Position, limits: Limits = DEFAULT_LIMITS, safe_autoplay: bool = True, dead_ends: bool = True
) -> SolveResult:
    """Search ``position`` with the kernel; same answers as the reference solver."""
    return Search(position, limits.memory_mib << 20, safe_autoplay, dead_ends).run(limits.max_nodes, limits.timeout)


def lower_bound(position: Position) -> int:
    """The kernel's lower bound on the moves left (butterfly.solver.patience.bound.lower_bound)."""
    return _bound.lower_bound(kernel_fields(position, True, True))


def strong_bound(
    position: Position,
    effort: int = TWICE_EFFORT,
    floor: int = 0,
    moved: int | None = None,
    below: int = 0,
    parking: bool = False,
    ceiling: int | None = None,
) -> int:
    """Cards in play plus the kernel's butterfly.solver.patience.bound.moves_twice,
    or with ``parking`` the second number of its moves_parked (the A*'s bound);
    ``ceiling``: moves_parked's."""
    fields = kernel_fields(position, True, True)
    return _bound.strong_bound(
        fields, effort, floor, -1 if moved is None else moved, below, parking, -1 if ceiling is None else ceiling
    )


def cards_on_cycles(position: Position) -> frozenset[int]:
    """The kernel's butterfly.solver.patience.bound.cards_on_cycles."""
    return _bound.cards_on_cycles(kernel_fields(position, True, True))


def keeping_the_count(position: Position, cards: set[int], count: int, effort: int = TWICE_EFFORT) -> frozenset[int]:
    """The kernel's butterfly.solver.patience.bound.keeping_the_count."""
    return _bound.cards_keeping_the_count(kernel_fields(position, True, True), tuple(cards), count, effort)


def shortest(
    position: Position,
    upper: int | None = None,
    limits: Limits = DEFAULT_LIMITS,
    weight: int = 100,
    effort: int = TWICE_EFFORT,
    safe_autoplay: bool = True,
    dead_ends: bool = True,
    first_line: bool = False,
    distances: Any = None,
) -> Answer:
    """A shortest line by the kernel's A*, shorter than ``upper`` when given;
    the same answer as butterfly.solver.patience.shortest.search (which has no memory cap);
    ``distances``: a shared table (``_shortest.Distances``) to read and, unweighted, to add to."""
    exhausted, steps, nodes, lower, stopped_by, peak = _shortest.search(
        **kernel_fields(position, safe_autoplay, dead_ends),
        upper=upper,
        weight=weight,
        effort=effort,
        max_nodes=limits.max_nodes,
        timeout=limits.timeout,
        memory_bytes=limits.memory_mib << 20,
        first_line=first_line,
        distances=distances,
    )
    return Answer(exhausted, steps, nodes, lower, stopped_by, peak)
