"""Strong stubborn sets: the moves of a position that A* needs to try.

A partial-order reduction that keeps a shortest line, tried for the A* of
shortest lines and not kept (docs/solver.md, "Strong stubborn sets";
docs/performance.md, "Shortest lines, strong stubborn sets"): in
Butterfly's positions the set is nearly always every move. The Python
twin's search takes it as an option (``shortest.search(..., stubborn=True)``);
the kernel has none. At a position, a *stubborn set* T of
operations (a card and where it goes, applicable now or not) such that

1. every winning line moves some operation of T (a card's move home: the
   lowest card of a suit still in play must go home in every win);
2. for every operation of T not applicable now, T holds every operation
   that can make it applicable (one of them comes before it in any line in
   which it is played: a *necessary enabling set*);
3. for every operation of T applicable now, T holds every operation that
   can disable it or be disabled by it.

Then any shortest line from the position can be reordered, without
changing its length, so that it starts with an operation of T applicable
now; so A* need only try those (Alkhazraji, Wehrle, Mattmüller and
Helmert, ECAI 2012; Wehrle and Helmert, ICAPS 2014).

Operations are ``(card, onto)``: ``onto`` a card (a host in a row), or
:data:`HOME`, :data:`CELL_OP`, :data:`EMPTY_OP`. Two operations of
different cards can disable each other only through (the rules have no
other shared resource): one putting its card onto the other's card or onto
the other's host (which is then covered), or both taking a cell or an
empty row (one may take the last). So an operation ``(c, v)`` interferes
with every operation of c, every operation putting a card onto c, and,
when v is a card, every operation of v and onto v; when v is a cell (an
empty row), every operation to a cell (to an empty row).
"""

from __future__ import annotations

from butterfly.games.patience.rules import CELL, FOUNDATION, EmptyRows, Move, Position
from butterfly.solver.patience.pruning import build_relation

#: Where an operation puts its card, besides onto a card (0..51).
HOME, CELL_OP, EMPTY_OP = 52, 53, 54

Op = tuple[int, int]


def operation(position: Position, move: Move) -> Op:
    """``move`` as an operation: its card and where it goes (a card, or HOME, CELL_OP, EMPTY_OP)."""
    if move.target == FOUNDATION:
        return int(move.card), HOME
    if move.target == CELL:
        return int(move.card), CELL_OP
    row = position.rows[position.rules.row_index(move.target)]
    return int(move.card), int(row[-1]) if row else EMPTY_OP


def stubborn_moves(position: Position, moves: list[Move], relaxed: frozenset[str] = frozenset()) -> list[Move]:
    """The moves of ``moves`` (the position's legal moves, in their order)
    whose operations are in the smallest of the stubborn sets started from
    each suit's lowest card in play (ties: the suit first in order).

    ``relaxed``, for measurement only (bench/stubborn.py): ``"cells"``
    leaves out the interference of two moves to a cell, ``"hosts"`` that of
    a move onto a card with that card's own moves, ``"builders"`` that of a
    card's move with the moves onto it. Each makes the set unsound; the
    bench asks how much even that would cut."""
    if len(moves) <= 1:
        return moves
    rules = position.rules
    builders, hosts = build_relation(rules)
    on = [-1] * 52  # the card lying directly on a card in a row
    innermost = [False] * 52
    in_row = [False] * 52
    for row in position.rows:
        for depth, card in enumerate(row):
            in_row[card] = True
            if depth + 1 < len(row):
                on[card] = int(row[depth + 1])
        if row:
            innermost[row[0]] = True
    in_cell = [False] * 52
    for card in position.cells:
        in_cell[card] = True
    home = [False] * 52
    for suit, top in enumerate(position.foundations):
        for rank in range(top):
            home[suit * 13 + rank] = True
    free_cells = not rules.cells_one_way
    any_empty = rules.empty_rows is EmptyRows.ANY_CARD
    last_home_only = rules.last_card_to_foundation_only
    cells_full = len(position.cells) >= rules.cells
    empty_row = any(not row for row in position.rows)
    applicable = {operation(position, m): m for m in moves}
    in_play = [c for c in range(52) if not home[c]]
    row_cards = [c for c in in_play if in_row[c]]

    def ops_of(card: int) -> list[Op]:
        """Every operation of ``card`` the rules may ever allow from where it is."""
        if home[card]:
            return []
        if in_cell[card] and not free_cells:
            return [(card, HOME)]
        found = [(card, HOME)]
        if in_row[card] and last_home_only and innermost[card]:
            return found  # the innermost card of a row only ever goes home
        found.extend((card, int(h)) for h in hosts[card] if not home[h])
        if rules.cells and in_row[card]:
            found.append((card, CELL_OP))
        if any_empty:
            found.append((card, EMPTY_OP))
        return found

    def ops_onto(card: int) -> list[Op]:
        return [(int(b), card) for b in builders[card] if not home[b] and (in_row[b] or free_cells)]

    def interfering(op: Op) -> list[Op]:
        card, onto = op
        found = ops_of(card) + ([] if "builders" in relaxed else ops_onto(card))
        if onto < 52:
            found += ops_onto(onto) if "hosts" in relaxed else ops_of(onto) + ops_onto(onto)
        elif onto == CELL_OP and "cells" not in relaxed:
            found += [(c, CELL_OP) for c in row_cards]
        elif onto == EMPTY_OP:
            found += [(c, EMPTY_OP) for c in in_play if in_row[c] or free_cells]
        return found

    def enabling(op: Op) -> list[Op]:
        """A necessary enabling set of an operation not applicable now: the
        smallest of those of its unmet conditions (none: it never will be)."""
        card, onto = op
        options: list[list[Op]] = []
        if on[card] >= 0:
            options.append(ops_of(on[card]))  # the card on it must leave first
        if onto == HOME:
            if position.foundations[card // 13] < card % 13:
                options.append([(card - 1, HOME)])  # the card below it goes home first
        elif in_cell[card] and not free_cells:
            return []  # a basement card only goes home
        elif in_row[card] and last_home_only and innermost[card]:
            return []
        elif onto == CELL_OP:
            if cells_full:
                options.append([o for c in position.cells for o in ops_of(int(c)) if o[1] != CELL_OP])
        elif onto == EMPTY_OP:
            if not empty_row:
                options.append([o for row in position.rows if row for o in ops_of(int(row[0])) if o[1] != EMPTY_OP])
        else:
            if home[onto] or (in_cell[onto] and not free_cells):
                return []  # never a host again
            if in_cell[onto]:
                options.append([o for o in ops_of(onto) if o[1] != HOME and o[1] != CELL_OP])
            if on[onto] >= 0:
                options.append(ops_of(on[onto]))
        if not options:
            return []  # every condition met: applicable (not asked) or impossible
        return min(options, key=len)

    best: set[Op] | None = None
    best_count = len(moves) + 1
    for suit in range(4):
        rank = position.foundations[suit]
        if rank >= 13:
            continue
        landmark = (suit * 13 + rank, HOME)
        stubborn = {landmark}
        work = [landmark]
        while work:
            op = work.pop()
            more = interfering(op) if op in applicable else enabling(op)
            for o in more:
                if o not in stubborn:
                    stubborn.add(o)
                    work.append(o)
        count = sum(1 for o in applicable if o in stubborn)
        if count < best_count:
            best, best_count = stubborn, count
    if best is None:
        return moves
    return [m for m in moves if operation(position, m) in best]
