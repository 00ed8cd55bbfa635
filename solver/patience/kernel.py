"""The friendly face of the compiled patience kernel (``ext._patience``).

It turns a :class:`games.patience.Position` into card indexes, passes the
rules engine's own build rule as a table (so the kernel never restates it),
and turns the kernel's moves back into :class:`games.patience.Move`.
"""

from __future__ import annotations

import time

from ext import _patience
from games.cards import Card, make_deck
from games.patience.rules import CELL, FOUNDATION, EmptyRows, Move, Position, Rules
from solver.patience.reference import builds_on, hosts_of
from solver.patience.result import Limits, SolveResult

ENTRY_BYTES = _patience.ENTRY_BYTES
_LOC_CELL, _LOC_FOUNDATION = 16, 17


def _rule_tables(rules: Rules) -> tuple[bytes, list[list[int]], list[list[int]]]:
    deck = make_deck(52)
    can_build = bytes(rules.can_build(card, onto) for card in deck for onto in deck)
    builders = [[int(c) for c in builds_on(rules, card)] for card in deck]
    hosts = [[int(c) for c in hosts_of(rules, card)] for card in deck]
    return can_build, builders, hosts


_TABLES: dict[Rules, tuple] = {}


def _arguments(position: Position, safe_autoplay: bool, dead_ends: bool) -> tuple[list, dict]:
    rules = position.rules
    if rules not in _TABLES:
        _TABLES[rules] = _rule_tables(rules)
    can_build, builders, hosts = _TABLES[rules]
    args = [
        [[int(c) for c in row] for row in position.rows],
        [int(c) for c in position.cells],
        list(position.foundations),
        can_build,
        builders,
        hosts,
    ]
    options = {
        "cells_one_way": rules.cells_one_way,
        "max_cells": rules.cells,
        "empty_rows_take_any": rules.empty_rows is EmptyRows.ANY_CARD,
        "last_card_to_foundation_only": rules.last_card_to_foundation_only,
        "safe_autoplay": safe_autoplay,
        "dead_ends": dead_ends,
    }
    return args, options


def _to_moves(rules: Rules, raw_moves) -> list[Move]:
    names = rules.row_names

    def place(code: int) -> str:
        return CELL if code == _LOC_CELL else FOUNDATION if code == _LOC_FOUNDATION else names[code]

    return [Move(Card.from_index(c), place(s), place(t)) for c, s, t in raw_moves]


def kernel_moves(position: Position, safe_autoplay: bool = True, dead_ends: bool = True) -> list[Move]:
    """The moves the kernel would try at ``position``, in its order."""
    args, options = _arguments(position, safe_autoplay, dead_ends)
    return _to_moves(position.rules, _patience.moves(*args, **options))


def solve(
    position: Position, limits: Limits = Limits(), safe_autoplay: bool = True, dead_ends: bool = True
) -> SolveResult:
    """Search ``position`` with the kernel; same answers as the reference solver."""
    args, options = _arguments(position, safe_autoplay, dead_ends)
    start = time.perf_counter()
    verdict, stopped_by, raw_moves, nodes, table_bytes = _patience.search(
        *args,
        **options,
        max_nodes=limits.max_nodes,
        timeout=limits.timeout,
        memory_bytes=limits.memory_mib << 20,
    )
    seconds = time.perf_counter() - start
    return SolveResult(verdict, _to_moves(position.rules, raw_moves), nodes, seconds, stopped_by, table_bytes)
