"""The admissible lower bound on the moves left, in plain Python.

The readable twin of ``butterfly/ext/_bound.pyx``: the same counts, reached by the
same steps and counted alike (``effort``), so the two give the same
numbers at every effort, floor and ceiling (the tests hold them equal).
The A* search of :mod:`butterfly.solver.patience.shortest` (the twin of
``butterfly/ext/_shortest.pyx``) orders its queue by it. A move is one card moved.

**The quick bound** (:func:`lower_bound`). Every card still in play must
move at least once, to its foundation. A card that moves exactly once goes
straight home from where it lies now, so the cards that move once go home
in an order that respects two orders at once: in a row, an outer card
leaves before the cards beneath it; in a suit, a lower card goes home
before a higher one. Within one row the cards of one suit that move once
must therefore run from higher (inside) to lower (outside); the others
must move at least twice. The fewest such cards is the row's length per
suit less its longest strictly decreasing run (a subsequence), and when a
row's innermost card may only go home (Butterfly) that card moves once, so
the run must start with it. Rows hold different cards, so their counts
add up:

    lower_bound = cards in play + sum over rows and suits (cards - longest run)

It never exceeds the true number of moves left (docs/solver.md argues it
and the tests check it along proved shortest lines). It is consistent: a
move changes it by at most one more than it costs.

**The strong bound** (:func:`moves_twice`; :func:`moves_parked` with the
parking test) counts the cards that must move twice all rows at once, by a
search of the sets of such cards. :func:`cards_on_cycles` and
:func:`keeping_the_count` tell which cards a move leaves that count to, so
that a child need not work it out again (docs/solver.md, "The bounds" and
"The search", argue each).

>>> from butterfly.games.patience.format import parse_deal
>>> rows = "".join(f"{name}: -\\n" for name in ("L2", "L3", "L4", "L5", "R1", "R2", "R3", "R4", "R5"))
>>> small = parse_deal("F: JC KD KH KS\\nL1: QC KC\\n" + rows)
>>> lower_bound(small)  # KC lies on QC: it must move twice
3
"""

from __future__ import annotations

import itertools

from butterfly.games.cards import Card
from butterfly.games.patience.rules import Position, Rules
from butterfly.solver.patience.pruning import build_relation, dead_end_applies

#: :func:`row_extra` when the cards that must stay cannot all move once
#: (more than any budget).
NO_WAY = 1000


def row_extra(row: tuple[Card, ...], innermost_stays: bool, stays: frozenset[Card] = frozenset()) -> int:
    """How many cards of ``row`` must move at least twice (module docstring):
    per suit, its cards less its longest run from higher (inside) to lower
    (outside) that holds every card that moves once for certain: those of
    ``stays``, and the innermost card when ``innermost_stays`` (that card
    can only go home). :data:`NO_WAY` when no run holds them all.

    >>> row = tuple(Card.parse(c) for c in "5S 9S 3S 7S".split())
    >>> row_extra(row, False), row_extra(row, True)  # 9S 3S or 9S 7S; 5S 3S
    (2, 2)
    >>> row_extra(tuple(Card.parse(c) for c in "5S 9S 7S".split()), True)  # 5S must stay: 9S 7S both move twice
    2
    >>> row_extra(row, False, frozenset({Card.parse("7S")})), row_extra(row, True, frozenset({Card.parse("7S")}))
    (2, 1000)
    """
    best = [0] * len(row)  # the longest run ending at each card that holds its suit's staying cards before it (0: none)
    longest = [0, 0, 0, 0]
    count = [0, 0, 0, 0]
    staying = [-1, -1, -1, -1]  # per suit, where its last staying card so far lies
    for i, card in enumerate(row):
        suit = card // 13
        count[suit] += 1
        after = max(staying[suit], 0)  # a run holds the suit's staying cards so far
        before = [best[j] for j in range(after, i) if row[j] // 13 == suit and row[j] > card and best[j]]
        best[i] = max(before) + 1 if before else (1 if staying[suit] < 0 else 0)
        if (innermost_stays and i == 0) or card in stays:
            if not best[i]:
                return NO_WAY
            staying[suit] = i
            longest[suit] = best[i]  # (runs that end before it do not hold it)
        else:
            longest[suit] = max(longest[suit], best[i])
    return sum(count) - sum(longest)


def lower_bound(position: Position) -> int:
    """The quick bound: cards in play plus, row by row, the cards that must
    move twice (module docstring); 0 when the position is won."""
    innermost_stays = position.rules.last_card_to_foundation_only
    return position.cards_in_play() + sum(row_extra(row, innermost_stays) for row in position.rows if row)


#: How many steps (settled states) :func:`moves_twice` may take before it
#: answers with what it has proved so far.
TWICE_EFFORT = 20_000


def moves_twice(
    position: Position, effort: int = TWICE_EFFORT, floor: int = 0, moved: int | None = None, below: int = 0
) -> int:
    """The fewest cards that must move at least twice, all rows together: the
    strong bound is ``cards in play + moves_twice``.

    Cards that move once go home straight from where they lie; a card that
    moves twice or more leaves its row only once the cards on it have left,
    and goes home only after the lower cards of its suit, as every card
    does. So the cards can be sent home in some order where each row is
    cleared from the outside, each suit climbs, and a card that moves twice
    leaves its row, as its outer card, to wait for its turn (as a cell's
    card does). Doing every such step that can be done (sending home a
    waiting card or a row's outer card that is the lowest pending of its
    suit; letting a card that moves twice leave) never hurts; when none
    can, some row's outer card must be one that moves twice, and one on
    every cycle of rows: the outer card of a row waits for its suit's
    lowest pending card, which lies under the outer card of another row,
    and so on until a row repeats; the first of these outer cards to leave
    cannot go home. So the search branches on the outer cards of the cycle
    with the fewest that may move twice: the first moves twice, or it
    moves once and the second moves twice, and so on (each set is tried
    once, and a card that moves once for certain strengthens the rows'
    counts). A card that may only go home (the innermost, in
    Butterfly) is never one of them. The search is iterative deepening on
    the number of such cards, pruned by the rows' own counts
    (:func:`row_extra` of what is pending, holding the cards that move
    once) with one more for each cycle of rows none of whose cards lowers
    its row's count (cycles of rows share no row: docs/solver.md, "The
    bounds"). When ``effort`` settled states are spent, the number being
    tried is returned: every smaller one was refuted, so it is still a
    lower bound. ``floor``, a number already known not to exceed the
    answer, is where the deepening starts. ``moved``: a card that moves
    once in every set of fewer than ``below`` cards (the A*,
    :func:`butterfly.solver.patience.shortest.search`: the card just moved, when its
    parent needs ``below``).

    >>> from butterfly.games.patience.format import parse_deal
    >>> rows = "F: 4C KD 4H KS\\nL1: 5H 6C\\nR1: 5C 6H\\nL2: KC QC JC TC 9C 8C 7C\\nL3: KH QH JH TH 9H 8H 7H\\n"
    >>> crossed = parse_deal(rows + "".join(f"{n}: -\\n" for n in ("L4", "L5", "R2", "R3", "R4", "R5")))
    >>> lower_bound(crossed), moves_twice(crossed)  # 6C, 5H, 6H, 5C block each other round both rows
    (18, 1)
    """
    return _counts(position, effort, floor, moved, below, False, None)[0]


def moves_parked(
    position: Position,
    effort: int = TWICE_EFFORT,
    floor: int = 0,
    moved: int | None = None,
    below: int = 0,
    ceiling: int | None = None,
) -> tuple[int, int]:
    """``(moves_twice, parked)``: ``parked`` is ``moves_twice``, or one more
    when every smallest set of cards moving twice fails the parking test
    (:meth:`_Twice.parks`), so that ``cards in play + parked`` is a lower
    bound too, the A*'s. The test holds only where the basement is one-way
    and emptied rows are lost (Butterfly); elsewhere the two are the same.
    A ``floor`` above ``moves_twice`` is what the first number then says
    (:func:`butterfly.solver.patience.shortest.search` keeps the two apart).
    ``ceiling``: the deepening stops there, every smaller number refuted,
    and both numbers are the ceiling, or the floor or the rows' own count
    if higher (the A* goes one count at a time)."""
    return _counts(position, effort, floor, moved, below, parking_applies(position.rules), ceiling)


def parking_applies(rules: Rules) -> bool:
    """The parking test's argument needs a card that leaves its row to land on
    another row's outer card or in a cell it can only go home from: no empty
    row to take it, no cell to leave again (pruning.dead_end_applies's rule)."""
    return dead_end_applies(rules)


def _counts(
    position: Position, effort: int, floor: int, moved: int | None, below: int, parking: bool, ceiling: int | None
) -> tuple[int, int]:
    twice = _Twice(position, effort, parking)
    budget = max(twice.lowest_row, floor)
    count = None
    while True:
        if ceiling is not None and budget >= ceiling:
            return budget, budget  # every smaller budget refuted in full
        stays = frozenset({Card.from_index(moved)}) if moved is not None and budget < below else frozenset()
        twice.cleared = False
        found = twice.feasible(twice.start_tops, twice.start_waiting, set(), stays, budget)
        if count is None and (found or twice.cleared):
            count = budget  # (the first set that clears the rows is met where the search without the test stops)
        if found or twice.spent >= effort:
            return (budget if count is None else count), budget
        if twice.cleared:  # refuted in full, but for sets that failed the test: one budget more takes one
            return budget, budget + 1
        budget += 1  # refuted in full: no branch was left out for want of effort


def keeping_the_count(position: Position, cards: set[int], count: int, effort: int = TWICE_EFFORT) -> frozenset[int]:
    """Those of ``cards`` without which at least ``count`` cards must still
    move twice: no set of at most ``count`` cards that holds the card breaks
    every cycle (each card's search gets ``effort`` steps; a card whose search
    runs out of them is left out). ``count`` must be proved of the position
    (no more than :func:`moves_twice` in full). Moving such a card anywhere
    but home leaves at least ``count`` (docs/solver.md, "The search").
    A card found to keep the count moves once in the searches of the
    cards after it: every set that holds it was refuted."""
    twice = _Twice(position, effort)
    kept: set[Card] = set()
    for card in sorted(cards):
        twice.spent, twice.cut = 0, False
        chosen = Card.from_index(card)
        refuted = not twice.feasible(twice.start_tops, twice.start_waiting, {chosen}, frozenset(kept), count - 1)
        if refuted and not twice.cut:
            kept.add(chosen)
    return frozenset(int(c) for c in kept)


class _Twice:
    """The search of :func:`moves_twice` over one position's cards. ``cut``:
    a branch was left out for want of effort since it was last cleared."""

    def __init__(self, position: Position, effort: int, parking: bool = False) -> None:
        self.rows = [row for row in position.rows if row]
        self.innermost_stays = position.rules.last_card_to_foundation_only
        self.lowest_row = sum(row_extra(row, self.innermost_stays) for row in self.rows)
        self.start_tops = [len(row) for row in self.rows]
        self.start_waiting = list(position.cells)
        self.effort = effort
        self.spent = 0
        self.cut = False
        self.parking = parking
        self.cleared = False  # a set that clears the rows was met, passing the parking test or not
        self.cells = position.cells
        self.max_cells = position.rules.cells
        self.hosts = build_relation(position.rules)[1]

    def feasible(
        self, tops: list[int], waiting: list[Card], twice: set[Card], stays: frozenset[Card], budget: int
    ) -> bool:
        """Can the pending cards be sent home, each once, but for ``twice``
        and at most ``budget`` more of them, none of ``stays`` among them?
        ``waiting``: the cards that wait only to go home (a cell's, or one of
        ``twice`` that has left its row)."""
        self.spent += 1
        rows, innermost_stays = self.rows, self.innermost_stays
        tops, waiting = list(tops), list(waiting)
        while True:  # send home every card that can go; a card of ``twice`` leaves its row once it is the outer card
            for i, row in enumerate(rows):
                while tops[i] and row[tops[i] - 1] in twice:
                    tops[i] -= 1
                    waiting.append(row[tops[i]])
            low = [13, 13, 13, 13]
            for c in itertools.chain(waiting, *(row[:top] for row, top in zip(rows, tops))):
                low[c // 13] = min(low[c // 13], c % 13)
            outer_cards = [row[top - 1] for row, top in zip(rows, tops) if top]
            home = [c for c in waiting + outer_cards if c % 13 == low[c // 13]]
            if not home:
                break
            waiting = [c for c in waiting if c not in home]
            tops = [top - 1 if top and row[top - 1] in home else top for row, top in zip(rows, tops)]
        if not any(tops) and not waiting:
            if not self.parking or self.parks(twice):
                return True
            self.cleared = True
            return budget >= 1  # the cards of ``twice`` cannot all move just twice: one more move at least
        pending = [[c for c in row[:top] if c not in twice] for row, top in zip(rows, tops)]
        extras = [row_extra(tuple(p), innermost_stays, stays) if p else 0 for p in pending]
        if budget <= 0 or sum(extras) > budget:
            return False
        where = {c: i for i, (row, top) in enumerate(zip(rows, tops)) for c in row[:top]}
        lowest = {c // 13: c for c in where if c % 13 == low[c // 13]}
        outer = {i: row[top - 1] for i, (row, top) in enumerate(zip(rows, tops)) if top}
        # Each row's outer card waits for its suit's lowest pending card, under the outer card
        # of a row: follow these links from every row to the cycle of rows they run into; one
        # of the cycle's outer cards must move twice (the first of them to leave cannot go
        # home). Branch on the cycle with the fewest outer cards that may.
        choices: list[Card] | None = None
        cycles: dict[frozenset[int], list[Card]] = {}
        for i in outer:
            order = [i]
            while True:
                nxt = where[lowest[outer[order[-1]] // 13]]
                if nxt in order:
                    loop = order[order.index(nxt) :]
                    movable = [outer[j] for j in loop if self.may_move_twice(outer[j], tops[j], stays)]
                    if choices is None or len(movable) < len(choices):
                        choices = movable
                    cycles.setdefault(frozenset(loop), movable)
                    break
                order.append(nxt)

        def eases_its_row(c: Card) -> bool:
            row = pending[where[c]]
            return row_extra(tuple(x for x in row if x != c), innermost_stays, stays) < extras[where[c]]

        # Every row leads to one row, so cycles of rows share no row: each needs a card of its
        # own, beyond its rows' own counts when none of its cards that may move twice is one
        # that those counts would spare (docs/solver.md, "The bounds").
        beyond = sum(1 for movable in cycles.values() if not any(eases_its_row(c) for c in movable))
        if not choices or sum(extras) + beyond > budget:
            return False  # (a cycle none of whose cards may move twice cannot be broken)
        once = set(stays)
        for c in choices:
            if self.spent >= self.effort:
                self.cut = True
                return False
            if self.feasible(tops, waiting, twice | {c}, frozenset(once), budget - 1):
                return True
            once.add(c)  # every set that holds c was tried
        return False

    def parks(self, twice: set[Card]) -> bool:
        """The parking test: can the cards of ``twice`` each move exactly
        twice, and every other card once? A card of ``twice`` leaves onto a
        card that then carries it until it goes home (a row's outer card, or
        a card of ``twice`` waiting on a row), or into the basement, where it
        stays until it goes home. Each card's moves must keep two orders (in
        a row, the cards on a card move first; in a suit, the lower goes home
        first), and a card leaves before it goes home; from these, some moves
        must come before others in every way of making them, which rules out
        some of a card's hosts (gone; not the outer card when it leaves, as a
        card on it must move later; one that must move before it goes home;
        one that could carry it only while waiting, where it can only wait in
        the basement). Cards that must all be waiting at one moment (cells'
        cards too) each need a cell or a host of their own: when more of
        them lack a host, however hosts are shared out one card each, than
        there are cells, the answer is no.
        docs/solver.md, "The bounds", argues it."""
        import networkx as nx  # (only the twin needs it: not loaded for the command line's searches)

        def departs(c: Card) -> tuple[str, Card]:
            return ("leaves", c) if c in twice else ("home", c)

        edges: dict[tuple[str, Card], list[tuple[str, Card]]] = {}
        for row in self.rows:
            for under, card in zip(row, row[1:]):
                edges.setdefault(departs(card), []).append(departs(under))
        in_play = sorted(itertools.chain(self.cells, *self.rows))
        for low, high in zip(in_play, in_play[1:]):
            if low // 13 == high // 13:
                edges.setdefault(("home", low), []).append(("home", high))
        for card in twice:
            edges.setdefault(("leaves", card), []).append(("home", card))
        later: dict[tuple[str, Card], set[tuple[str, Card]]] = {}

        def after(event: tuple[str, Card]) -> set[tuple[str, Card]]:
            """The events that come after ``event`` in every order that keeps the edges."""
            if event not in later:
                later[event] = set()
                for e in edges.get(event, ()):
                    later[event] |= {e} | after(e)
            return later[event]

        place = {c: (i, d) for i, row in enumerate(self.rows) for d, c in enumerate(row)}

        def outer_when_leaving(card: Card, host: Card) -> bool:
            if host not in place:
                return False  # home, or in the basement
            i, d = place[host]
            above = self.rows[i][d + 1 :]
            return card not in above and not any(departs(a) in after(("leaves", card)) for a in above)

        def where_it_lies(card: Card, host: Card) -> bool:
            """Onto the host where it lies, which stays until the card goes home."""
            return ("home", card) not in after(departs(host))

        def where_it_waits(card: Card, host: Card) -> bool:
            """Onto the host once it has left its row to wait."""
            return (
                host in twice
                and ("home", card) not in after(("home", host))
                and ("leaves", host) not in after(("leaves", card))
            )

        free = {x: [h for h in self.hosts[x] if outer_when_leaving(x, h)] for x in twice}
        lies = {x: {h for h in free[x] if where_it_lies(x, h)} for x in twice}
        waits = {x: {h for h in free[x] if where_it_waits(x, h)} for x in twice}
        hosts = {x: lies[x] | waits[x] for x in twice}
        shrinking = True
        while shrinking:  # a host that can only wait in the basement carries nothing while it waits
            shrinking = False
            for x in twice:
                kept = lies[x] | {h for h in waits[x] if hosts[h]}
                shrinking |= kept != hosts[x]
                hosts[x] = kept
        waiting = [("cell", c) for c in self.cells] + [("card", x) for x in twice]

        def together(a: tuple[str, Card], b: tuple[str, Card]) -> bool:
            """Must a and b be waiting at one moment (each from its leaving, or the start,
            until it goes home)?"""
            return all(
                kind == "cell" or ("home", b_card) in after(("leaves", a_card))
                for (kind, a_card), (_, b_card) in ((a, b), (b, a))
            )

        overlaps = nx.Graph()
        overlaps.add_nodes_from(waiting)
        overlaps.add_edges_from((a, b) for a, b in itertools.combinations(waiting, 2) if together(a, b))
        for group in nx.find_cliques(overlaps):  # waiting at one moment: intervals that meet pairwise
            shared = nx.Graph(((kind, c), ("host", h)) for kind, c in group if kind == "card" for h in hosts[c])
            cards = [w for w in group if w in shared]
            carried = len(nx.bipartite.maximum_matching(shared, top_nodes=cards)) // 2 if cards else 0
            if len(group) - carried > self.max_cells:
                return False
        return True

    def may_move_twice(self, outer: Card, top: int, stays: frozenset[Card]) -> bool:
        """May a row's outer card ``outer`` (its row holding ``top`` cards)
        move twice: not one that stays, nor a row's innermost card where
        that may only go home?"""
        return outer not in stays and not (self.innermost_stays and top == 1)


def cards_on_cycles(position: Position) -> frozenset[int]:
    """The cards that lie on a cycle of the position's deadlock graph, or may:
    those of its strongly connected components of more than one card. The
    graph's edges: in a row, from each card to the one it lies on (an outer
    card leaves first); in a suit, from each card in play to the next higher
    one in play (the lower goes home first). Only a card of these can be one
    that must move twice (module docstring of :func:`moves_twice`): the rest
    are on no cycle, so no smallest set of such cards needs them.

    >>> from butterfly.games.patience.format import parse_deal
    >>> rows = "F: 4C KD 4H KS\\nL1: 5H 6C\\nR1: 5C 6H\\nL2: KC QC JC TC 9C 8C 7C\\nL3: KH QH JH TH 9H 8H 7H\\n"
    >>> crossed = parse_deal(rows + "".join(f"{n}: -\\n" for n in ("L4", "L5", "R2", "R3", "R4", "R5")))
    >>> sorted(str(Card.from_index(c)) for c in cards_on_cycles(crossed))  # KC..7C and KH..7H are in order
    ['5C', '5H', '6C', '6H']
    """
    import networkx as nx  # (only the twin needs it: not loaded for the command line's searches)

    graph = nx.DiGraph()
    for row in position.rows:
        graph.add_edges_from((int(outer), int(inner)) for inner, outer in zip(row, row[1:]))
    for suit in range(4):
        cards = sorted(int(c) for c in itertools.chain(position.cells, *position.rows) if c // 13 == suit)
        graph.add_edges_from(zip(cards, cards[1:]))
    return frozenset(c for part in nx.strongly_connected_components(graph) if len(part) > 1 for c in part)
