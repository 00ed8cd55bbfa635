"""Shortest winning lines: A* with an admissible lower bound, in plain Python.

The readable twin of ``butterfly/ext/_shortest.pyx``: the same search, the same
order, the same node accounting, so the two give the same answer, the same
line and the same node count (the tests hold them equal). A move is one card
moved, as the move notation counts (docs/formats.md).

**The lower bound** is :mod:`butterfly.solver.patience.bound`'s, the twin of
``butterfly/ext/_bound.pyx``: cards in play plus the fewest cards that must move
twice, counted row by row for every position met (:func:`lower_bound`)
and all rows at once when a position is taken from the queue (the strong
bound, :func:`~butterfly.solver.patience.bound.moves_parked`).

**The search** (:func:`search`). Best first by f = g + h (moves made plus
the lower bound), ties broken towards the deepest position (largest g),
then the one pushed last. Positions are told apart by their canonical key
(rows in any order), so each is expanded once unless reached again by a
shorter path (then it is opened again: the bound need not be consistent for
the answer to be right). A won position is recognised when it is
generated; the search stops when the smallest f left is no smaller than
the best line found (or than ``upper``, a line already known): nothing
left can be shorter, so the line is optimal. Moves are the pruned moves of
the depth-first search (:func:`butterfly.solver.patience.pruning.ordered_moves`):
the safe foundation move tried alone never lengthens the shortest line
(docs/solver.md, "Shortest lines"), and dead ends are lost.

**Shared distances** (:class:`Distances`): searches of neighbouring
positions (the children of one position, as ``butterfly analyse`` values
them) hand each other what they proved. A search given a table reads, for
every position it meets, a proved lower bound on its distance (the bound
becomes the larger of the two) and a known winning line from it (a line
through it of g + that length is a line found); a search in the queue's
plain order (weight 100) then writes what it proved: every position it
worked on is at least the proved bound at its start less its g, and every
position along its line has that line's tail, exact when the search was
exhausted (docs/solver.md, "Distances shared between searches").

A position is expanded from its key: rows in the key's order (empty rows
first, then by innermost card), cells sorted. Lines are kept as *steps*,
``(card, onto)`` with ``onto`` a card index or one of :data:`EMPTY_ROW`,
:data:`TO_CELL`, :data:`TO_FOUNDATION`, which name no row;
:func:`moves_of` turns them into moves of the original position.

>>> from butterfly.games.patience.rules import Position
>>> from butterfly.games.patience.format import parse_deal
>>> rows = "".join(f"{name}: -\\n" for name in ("L2", "L3", "L4", "L5", "R1", "R2", "R3", "R4", "R5"))
>>> small = parse_deal("F: JC KD KH KS\\nL1: QC KC\\n" + rows)
>>> answer = search(small)  # KC lies on QC: it moves twice
>>> answer.exhausted, len(answer.steps), answer.lower
(True, 3, 3)
>>> [str(m) for m in moves_of(small, answer.steps)]
['KC L1>B', 'QC L1>F', 'KC B>F']
"""

from __future__ import annotations

import heapq
import itertools
import time
from dataclasses import dataclass, field

from butterfly.games.cards import Card
from butterfly.games.patience.rules import CELL, FOUNDATION, Move, Position, Rules
from butterfly.solver.patience.bound import TWICE_EFFORT, cards_on_cycles, keeping_the_count, lower_bound, moves_parked
from butterfly.solver.patience.pruning import ordered_moves
from butterfly.solver.patience.stubborn import stubborn_moves

#: Where a step puts its card, besides onto a card (0..51): the codes of
#: what lies under a card in the kernel's key (butterfly/ext/_patience.pxd; a test
#: checks them equal).
EMPTY_ROW, TO_CELL, TO_FOUNDATION = 52, 53, 54

#: The longest line either engine searches for (the kernel's buckets are
#: indexed by line length).
MAX_LINE = 4095

Step = tuple[int, int]

#: The largest distance a shared table holds as a lower bound (the kernel keeps it in a byte; a
#: smaller bound than proved is still a bound).
MAX_KNOWN = 255
#: The most positions a shared table holds (the kernel's slots, 48 bytes each, at least twice the
#: positions: 48 MiB at most, 72 while it grows); past it, facts about new positions are dropped
#: (a fact left out only weakens a bound).
DISTANCE_ENTRIES = 1 << 19
#: The bytes of one slot of the kernel's shared table (``_shortest.KNOWN_SLOT_BYTES``, a test holds them equal).
KNOWN_SLOT_BYTES = 48


def distance_entries(memory_bytes: int) -> int:
    """The most positions a shared table may hold within ``memory_bytes``
    (a power of two, at most :data:`DISTANCE_ENTRIES`; 0 when not even one
    fits): the kernel's slots peak at three per position, while the table
    grows (twice the positions, and the old half until it is copied). The
    tails of known lines, kept beside, are not counted: a few steps each."""
    entries = DISTANCE_ENTRIES
    while entries and 3 * entries * KNOWN_SLOT_BYTES > memory_bytes:
        entries //= 2
    return entries


@dataclass(slots=True)
class Known:
    """What a shared table knows of one position: no line from it is shorter
    than ``lower``; ``line``, when not None, is a winning line from it."""

    lower: int = 0
    line: list[Step] | None = None


@dataclass
class Distances:
    """Facts proved about positions' distances to a win, shared between
    searches (the twin of the kernel's ``_shortest.Distances``; module
    docstring). Keyed by the canonical key, so a fact holds in any row order;
    at most ``limit`` positions."""

    limit: int = DISTANCE_ENTRIES
    entries: dict[tuple, Known] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.entries)

    def put(self, key: tuple) -> Known | None:
        """The entry of ``key``, made if new (None when the table is full)."""
        known = self.entries.get(key)
        if known is None and len(self.entries) < self.limit:
            known = self.entries[key] = Known()
        return known

    def values(self) -> list[tuple[int, int | None]]:
        """Every entry's (lower bound, line length or None), in the order they were made."""
        return [(k.lower, None if k.line is None else len(k.line)) for k in self.entries.values()]


@dataclass
class Answer:
    """What one A* run found.

    ``exhausted``: every position that could lead to a line shorter than
    the best known was searched, so ``steps`` (if any) is a shortest line,
    and with no steps no line shorter than ``upper`` exists (no line of at
    most :data:`MAX_LINE` moves when no upper bound was given). Otherwise a
    limit stopped the search (``stopped_by``: nodes, time or memory, or
    line when only the first line was asked for) and ``steps`` is the best
    line found, possibly none. ``lower``: no winning
    line is shorter (the length of ``steps`` when exhausted with a line).
    ``nodes``: positions expanded. ``table_bytes``: the kernel's peak
    memory (None for this twin, which keeps no byte accounting).
    """

    exhausted: bool
    steps: list[Step] = field(default_factory=list)
    nodes: int = 0
    lower: int | None = None
    stopped_by: str | None = None
    table_bytes: int | None = None


# ------------------------------------------------------------------ positions from keys
def decode(rules: Rules, key: tuple) -> Position:
    """The position of a canonical key (:meth:`Position.key`), rows in the
    key's order: the one the kernel expands."""
    rows, cells = key
    lowest = [13, 13, 13, 13]
    for card in itertools.chain(cells, *rows):
        lowest[card // 13] = min(lowest[card // 13], card % 13)
    return Position(rules, rows, tuple(lowest), cells)


def step_of(position: Position, move: Move) -> Step:
    """``move`` as a step: its card and what it lands on."""
    if move.target == FOUNDATION:
        return int(move.card), TO_FOUNDATION
    if move.target == CELL:
        return int(move.card), TO_CELL
    row = position.rows[position.rules.row_index(move.target)]
    return int(move.card), int(row[-1]) if row else EMPTY_ROW


def moves_of(position: Position, steps: list[Step]) -> list[Move]:
    """The moves of ``steps`` played from ``position``, with its own row
    names; each move is checked by the rules (IllegalMoveError otherwise)."""
    names = position.rules.row_names
    moves = []
    for card_index, onto in steps:
        card = Card.from_index(card_index)
        source = CELL if card in position.cells else _row_ending(position, card)
        if onto == TO_FOUNDATION:
            target = FOUNDATION
        elif onto == TO_CELL:
            target = CELL
        elif onto == EMPTY_ROW:
            target = next((n for n, r in zip(names, position.rows) if not r and n != source), "?")
        else:
            target = _row_ending(position, onto)
        move = Move(card, source, target)
        position = position.play(move)
        moves.append(move)
    return moves


def _row_ending(position: Position, card: int) -> str:
    """The name of the row whose outer card is ``card`` ("?" if none: the move is then refused)."""
    return next((n for n, r in zip(position.rules.row_names, position.rows) if r and r[-1] == card), "?")


# ------------------------------------------------------------------ the search
@dataclass(slots=True)
class _Node:
    g: int
    h: int
    parent: tuple | None
    step: Step | None
    #: Proved from the position's own deadlock graph (not inherited by pathmax): no more than
    #: cards in play + the fewest cards that must move twice (:func:`search`).
    own: int
    closed: bool = False
    strong: bool = False  # h is the strong bound (moves_twice) as far as its effort went


def search(
    position: Position,
    upper: int | None = None,
    weight: int = 100,
    max_nodes: int | None = None,
    timeout: float | None = None,
    effort: int = TWICE_EFFORT,
    safe_autoplay: bool = True,
    dead_ends: bool = True,
    first_line: bool = False,
    distances: Distances | None = None,
    stubborn: bool = False,
) -> Answer:
    """A shortest line from ``position``, shorter than ``upper`` when given
    (module docstring); ``max_nodes`` and ``timeout`` stop it early;
    ``distances``: a table of facts to use and, unweighted, to add to.

    ``weight`` (percent, at least 100) orders the queue by g + h·weight/100
    instead of g + h: a short line is found sooner, but it is proved
    shortest only when the search is exhausted, and a stopped search
    proves no more than the start's bound. With ``first_line`` the search
    stops once a position's children give a line (``stopped_by`` "line"):
    the best-first attempts of butterfly.solver.patience.solve look for any win.
    With ``stubborn`` (this twin only, off by default: it measured as cutting
    next to nothing) a position's moves are cut to a strong stubborn set's
    (:mod:`butterfly.solver.patience.stubborn`), which keeps a shortest line."""
    if position.is_won():
        return Answer(True, [], 1, 0)
    deadline = None if timeout is None else time.perf_counter() + timeout
    rules = position.rules
    best = MAX_LINE + 1 if upper is None else min(upper, MAX_LINE + 1)
    # The position whose children give the line, the move, and the position after it when the
    # rest of the line is a shared table's (None: that position is won).
    goal: tuple[tuple | None, Step | None, tuple | None] | None = None
    start = position.key()
    bound = lower_bound(position)
    known = {} if distances is None else distances.entries
    entry = known.get(start)
    table = {start: _Node(0, bound if entry is None else max(bound, entry.lower), None, None, bound)}
    if entry is not None and entry.line is not None and len(entry.line) < best:
        best, goal = len(entry.line), (None, None, start)
    # Entries (f, -g, -order, key): smallest f, then largest g, then last pushed.
    queue = [(_queue_f(0, table[start].h, weight), 0, 0, start)]
    pushed = itertools.count(1)
    nodes = 0
    stopped_by = None
    lower = None
    while queue:
        f, minus_g, _, key = heapq.heappop(queue)
        if f >= best and weight == 100:
            break
        node = table[key]
        if node.closed or node.g != -minus_g or node.g + node.h >= best:
            continue  # reached again by a shorter path since pushed, or no longer shorter than the best
        if deadline is not None and time.perf_counter() > deadline:
            # Looked at every position taken (its strong bound may take milliseconds).
            stopped_by, lower = "time", (f if weight == 100 else table[start].h)
            break
        here = decode(rules, key)
        if not node.strong:
            # The strong bound is worked out when a position is taken from the queue (most
            # positions never are), one step at a time: if it says more, the position waits
            # its turn again.
            node.strong = True
            moved, below = None, 0
            if node.step is not None and node.parent is not None and node.step[1] != TO_FOUNDATION:
                # Every set of fewer cards than the parent needs leaves the card just moved where it
                # lies: a set holding it that serves this position serves the parent too (docs/solver.md).
                moved, below = node.step[0], table[node.parent].own - here.cards_in_play()
            in_play = here.cards_in_play()
            # One more than the bound at most, which puts the position back in the queue: a
            # position goes no higher than the layers the search reaches (docs/solver.md).
            # (g + h is below the best line: the ceiling never reaches it.)
            ceiling = node.h - in_play + 1
            count, parked = moves_parked(here, effort, node.h - in_play, moved, below, ceiling)
            if count >= ceiling:
                node.strong = False  # stopped there: worked out further when taken again
            if in_play + count > node.own and (in_play + count > node.h or node.h == node.own):
                # A budget refuted proves it of the position's own graph; when h came from the
                # parking test, one met at the floor may be more than the graph needs.
                node.own = in_play + count
            strong = in_play + parked
            if strong > node.h:
                node.h = strong
                if node.g + strong < best:
                    heapq.heappush(queue, (_queue_f(node.g, strong, weight), minus_g, -next(pushed), key))
                continue
        if max_nodes is not None and nodes >= max_nodes:
            stopped_by, lower = "nodes", (f if weight == 100 else table[start].h)
            break
        node.closed = True
        nodes += 1
        g = node.g + 1
        last = node.step[0] if node.step is not None else None
        moves = ordered_moves(here, safe_autoplay, dead_ends)
        if stubborn and len(moves) > 1:
            moves = stubborn_moves(here, moves)  # a shortest line starts with one of them (docs/solver.md)
        # The cards whose moves, but home, leave the fewest cards that must move twice no
        # fewer (docs/solver.md, "The search"); none when the strong bound is off (effort 0:
        # the polish orders its queue by the quick bound alone).
        keeps: set[int] = set()
        if effort > 0:
            movers = {int(m.card) for m in moves if m.target != FOUNDATION and m.card != last}
            on_cycles = cards_on_cycles(here)
            count = node.own - here.cards_in_play()
            keeps = movers - on_cycles
            if count > 0 and g + node.h - 1 < best:  # (worth searching when a child may beat the best)
                keeps |= keeping_the_count(here, movers & on_cycles, count, effort)
        for move in moves:
            if move.card == last:
                continue  # moved by the last move: one move from the parent does better
            child = here.play_unchecked(move)
            if child.is_won():
                if g < best:
                    best, goal = g, (key, step_of(here, move), None)
                continue
            child_key = child.key()
            seen = table.get(child_key)
            if seen is not None and seen.g <= g:
                continue
            entry = known.get(child_key)
            if entry is not None and entry.line is not None and g + len(entry.line) < best:
                best, goal = g + len(entry.line), (key, step_of(here, move), child_key)  # a line through it
            if seen is None:
                # Any other move lowers the count by one at most. A child is at most one move
                # nearer the end than its parent (pathmax). A shared table's bound is proved too.
                kept = move.target != FOUNDATION and move.card in keeps
                own = max(lower_bound(child), node.own - (0 if kept else 1))
                h = max(own, node.h - 1)
                if entry is not None and entry.lower > h:
                    h = entry.lower
            else:
                h = seen.h
            if g + h >= best:
                continue
            if seen is None:
                table[child_key] = _Node(g, h, key, step_of(here, move), own)
            else:
                seen.g, seen.parent, seen.step, seen.closed = g, key, step_of(here, move), False
            heapq.heappush(queue, (_queue_f(g, h, weight), -g, -next(pushed), child_key))
        if first_line and goal is not None:
            stopped_by, lower = "line", (f if weight == 100 else table[start].h)
            break
    steps, chain = ([], []) if goal is None else _line(table, known, *goal)
    if stopped_by:
        assert lower is not None
        answer = Answer(False, steps, nodes, min(lower, best), stopped_by)
    else:
        answer = Answer(True, steps, nodes, best)
    if distances is not None and weight == 100 and stopped_by != "line":
        _record(distances, table, answer, chain, None if goal is None else goal[2])
    return answer


def _record(distances: Distances, table: dict[tuple, _Node], answer: Answer, chain: list[tuple], after: tuple | None):
    """What an unweighted search proved, written to ``distances`` (docs/solver.md, "Distances
    shared between searches"): no line from its start is shorter than ``answer.lower``, and every
    position it met was reached in g moves, so none of those is nearer a win than that less g;
    kept for the positions it worked on (their bound was worked out or they were expanded: the
    others' own bounds say as much). Then the line's tail from each position along it (``chain``,
    from the start; ``after``, the position its last move of the search led to, whose tail is the
    table's), each exact when the search was exhausted."""
    reached = answer.lower or 0
    for key, node in table.items():
        if node.closed or node.strong:
            value = min(MAX_KNOWN, max(node.h, reached - node.g))
            entry = distances.put(key)
            if entry is not None and value > entry.lower:
                entry.lower = value
    length = len(answer.steps)
    for at, key in enumerate(chain):
        entry = distances.put(key)
        if entry is None:
            continue
        if entry.line is None or length - at < len(entry.line):
            entry.line = answer.steps[at:]
        if answer.exhausted:
            entry.lower = max(entry.lower, min(MAX_KNOWN, length - at))
    if after is not None and answer.exhausted:
        entry = distances.put(after)
        if entry is not None:
            entry.lower = max(entry.lower, min(MAX_KNOWN, length - len(chain)))


def _queue_f(g: int, h: int, weight: int) -> int:
    return min(g + h * weight // 100, MAX_LINE)


def _line(
    table: dict[tuple, _Node], known: dict[tuple, Known], key: tuple | None, last: Step | None, after: tuple | None
) -> tuple[list[Step], list[tuple]]:
    """The line of a goal (the search's path to ``key``, ``last``, then the shared
    table's line from ``after`` when there is one) and the keys of the positions
    along the search's path, from the start."""
    tail = [] if after is None else list(known[after].line or [])
    if key is None:  # the start's own line, from the table
        return tail, []
    assert last is not None
    steps, chain = [last], [key]
    node = table[key]
    while node.parent is not None:
        assert node.step is not None
        steps.append(node.step)
        chain.append(node.parent)
        node = table[node.parent]
    return steps[::-1] + tail, chain[::-1]
