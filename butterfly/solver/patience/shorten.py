"""Shortening a winning line found by the depth-first search.

The search's path never repeats a position, but it wanders: it often
reaches, after many moves, a position one move away from an earlier one.
From each position the shortening jumps to the latest position of the line
reachable in one move. The result is still a line of legal moves ending in
the same won position (positions are compared exactly, rows in place, so the
row names of later moves stay right), and it is never longer.

>>> from butterfly.games.patience.rules import Position
>>> from butterfly.solver.patience.kernel import solve
>>> deal = Position.deal(1)
>>> line = solve(deal).moves
>>> short = shorten(deal, line)
>>> len(short) < len(line), deal.replay(short)[-1].is_won()
(True, True)
"""

from __future__ import annotations

import time

from butterfly.games.patience.rules import Move, Position


def _exact(position: Position) -> tuple:
    return position.rows, position.cells, position.foundations


def shorten(start: Position, moves: list[Move], deadline: float | None = None) -> list[Move]:
    """``moves`` (a win from ``start``) shortened; at ``deadline`` (a
    ``time.perf_counter()`` reading) the rest of the line is kept as it is."""
    positions = start.replay(moves)
    latest = {_exact(p): i for i, p in enumerate(positions)}  # last index of each position
    result: list[Move] = []
    i = latest[_exact(start)]
    while i < len(moves):
        if deadline is not None and len(result) % 16 == 0 and time.perf_counter() > deadline:
            return result + moves[i:]
        best, best_move = i + 1, moves[i]
        for move, child in positions[i].children():
            j = latest.get(_exact(child), -1)
            if j > best:
                best, best_move = j, move
        result.append(best_move)
        i = best
    return result
