"""The reference patience solver, in plain Python: the oracle for the kernel.

Depth-first search over :class:`games.patience.Position`, trying moves in the
engine's order, with a set of visited canonical keys. The compiled kernel
(``ext/_patience.pyx``) searches in exactly the same order with the same
node accounting, so the two agree on verdict, node count and moves.

Why the search is exact: every position reachable from the start is finite in
number; each is expanded at most once (its key goes into ``visited`` when it
is expanded). A position met again is either fully explored without a win,
or on the current path, in which case any win through it is found from its
first occurrence. So the search answers ``won`` iff a win is reachable, and
``unwinnable`` only after every reachable position has been expanded.

Node accounting (shared with the kernel): a node is one position expanded;
the start is node 1. A child that is won ends the search at once; a child
already visited is skipped without counting.
"""

from __future__ import annotations

import time

from games.cards import Card, make_deck
from games.patience import CELL, FOUNDATION, Move, Position
from solver.result import UNRESOLVED, UNWINNABLE, WON, Limits, SolveResult


def builds_on(rules, card: Card) -> list[Card]:
    """The cards that the rules would ever let be placed on ``card`` in a row."""
    return [other for other in make_deck(52) if rules.can_build(other, card)]


def is_safe_foundation_move(position: Position, move: Move) -> bool:
    """Dominance: a foundation move that can always be made first without loss.

    Safe when the card can never again be a base for another card: it sits in
    a one-way cell (the basement), or every card that could be built on it is
    already on the foundations. Proof sketch (docs/solver.md): take any win W
    from the position; drop from W every move of this card. The rest stays
    legal, because no move of W placed a card on it (there is none left to
    place), its absence only frees a cell or empties its row earlier (a lost
    row loses nothing, as nothing could have been placed there while it held
    this card), and every foundation move of its suit comes after it anyway.
    """
    if move.target != FOUNDATION:
        return False
    if move.source == CELL and position.rules.cells_one_way:
        return True
    foundations = position.foundations
    return all(foundations[c // 13] > c % 13 for c in builds_on(position.rules, move.card))


def ordered_moves(position: Position, safe_autoplay: bool) -> list[Move]:
    """The moves to try, in order; with ``safe_autoplay`` a safe foundation
    move, when there is one, is the only move tried (the first in order)."""
    moves = position.legal_moves()
    if safe_autoplay:
        for move in moves:
            if move.target != FOUNDATION:
                break  # foundation moves come first in the engine's order
            if is_safe_foundation_move(position, move):
                return [move]
    return moves


def solve(position: Position, limits: Limits = Limits(), safe_autoplay: bool = True) -> SolveResult:
    """Search ``position`` to a verdict (or until a limit is hit)."""
    start = time.perf_counter()
    deadline = None if limits.timeout is None else start + limits.timeout
    max_nodes = limits.max_nodes

    def result(verdict, moves=(), stopped_by=None):
        return SolveResult(verdict, list(moves), nodes, time.perf_counter() - start, stopped_by)

    nodes = 1
    if position.is_won():
        return result(WON)
    visited = {position.key()}
    # Each frame: the position, its moves to try, the index of the next one.
    stack = [[position, ordered_moves(position, safe_autoplay), 0]]
    path: list[Move] = []
    while stack:
        frame = stack[-1]
        current, moves, index = frame
        if index == len(moves):
            stack.pop()
            if path:
                path.pop()
            continue
        frame[2] = index + 1
        move = moves[index]
        child = current._play(move)
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
        nodes += 1
        stack.append([child, ordered_moves(child, safe_autoplay), 0])
        path.append(move)
    return result(UNWINNABLE)
