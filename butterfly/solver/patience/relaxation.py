"""The chain relaxation: a proof that a Butterfly position is lost, by SAT.

The depth-first search proves a position lost only by expanding every
position reachable from it. Under alternate colours that is hopeless for
many deals: built cards shuffle between rows in astronomically many ways
(docs/solver.md). This module asks a weaker question that a SAT solver
(Glucose, through PySAT) can answer for a whole deal at once, and whose
answer "no" proves the real position lost.

**Statuses.** Every card in play is, at any moment, in one of four states:
*placed* (where the position has it: it has not moved yet), *built* (in a
row, on a card it may be built on, after leaving its place), in the
*basement*, or *home*. A card only moves forward: placed to built, basement
or home; built to basement or home; basement to home. A real move changes
the status of at most one card (moving a built card between rows changes
none).

**The relaxed game.** Steps 0..T; from one step to the next at most one
card changes status, and T is the most status changes a win can have (one
per innermost card and per basement card, three per other card). At every
step the built cards must lie in chains: each built card on one of its
hosts, which is a built card or the outer placed card of a row (the
highest placed card left in its row); no card carries two; and no chain
loops. A placed card may leave only when every placed card above it has
left. A card that changes status carries nothing just before. A card goes
home only after the card below it of its suit. The basement never holds
more cards than it has cells. Under Butterfly's rule the innermost card of
a row only goes home. Between steps the built cards may be rearranged into
any other chains: that is the relaxation.

**Why "no schedule" proves the position lost.** Take any winning sequence
of moves. Let step t be the real position just before the (t+1)-th status
change (after whatever moves of built cards came before it), and the final
position after the last one. Each of these is a real position: every built
card lies on the card beneath it in its row, which is its host; a row holds
its placed cards (a prefix of what the position dealt it, since placed
cards leave from the top) and then built cards, so a built card resting on
a placed card rests on the outer placed one; chains in real rows never
loop. The card whose status changes is the outer card of its row (or in the
basement), so it carries nothing, and a placed card leaving is the outer
placed card. Foundations fill in order, the basement never overflows,
basement cards only go home, and empty rows are never built on (hosts are
cards, and an empty row has none). So every win gives a schedule of at most
T steps; if the SAT solver proves that none exists, no win exists.

**The encoding.** One Boolean per card, step and status, and one per
card, host and step for "lies on"; every rule above is a clause, an
at-most-one or (the basement) a sequential counter. Two kinds of clause
are implied by the rules and only there to make the solver's propagation
see further: a placed card is placed only if the card below it in its row
is, and a card is home only if the card below it of its suit is. Loops are
excluded lazily: two cards carrying each other are excluded outright; a
longer loop found in a schedule is excluded at every step and the solver
runs again, until it finds a schedule without loops (``possible``) or
proves none exists (``lost``). Each added clause only forbids what no real
position has, so a ``lost`` answer keeps its proof.

The relaxation applies when emptied rows are lost and the basement is
one-way (or absent), as in every Butterfly variant (:func:`applies`).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from butterfly.games.cards import make_deck
from butterfly.games.patience.rules import Position, Rules
from butterfly.solver.patience.pruning import dead_end_applies, hosts_of

LOST, POSSIBLE, UNKNOWN = "lost", "possible", "unknown"

#: Default effort, in conflicts of the SAT solver (3,000 to 7,500 a second
#: on a full deal): the hardest open deal proved so far needed 349,975.
DEFAULT_EFFORT = 1_000_000


def applies(rules: Rules) -> bool:
    """The relaxed game is a relaxation of ``rules``: rows are lost once
    empty and cards leave the basement only for the foundations (or there is
    no basement)."""
    return dead_end_applies(rules)


@dataclass(frozen=True)
class Verdict:
    """What the SAT solver found: ``lost`` (no schedule exists: a proof),
    ``possible`` (a schedule exists: nothing is proved) or ``unknown`` (the
    effort ran out); ``effort`` is the number of conflicts it used."""

    result: str
    effort: int
    seconds: float


def check(position: Position, effort: int = DEFAULT_EFFORT) -> Verdict:
    """Search for a schedule of the relaxed game from ``position``.

    ``effort`` caps the SAT solver's conflicts, so the same position and
    effort give the same verdict on every run and machine. ``seconds``
    include building the formula. Raises InputError for an invalid position.
    """
    position.validate()
    if not applies(position.rules):
        raise ValueError(f"the chain relaxation does not apply to {position.rules.name}")
    if position.is_won():
        return Verdict(POSSIBLE, 0, 0.0)
    start = time.perf_counter()
    result, spent = _Schedule(position).solve(effort)
    return Verdict(result, spent, time.perf_counter() - start)


class _Formula:
    """Clauses over numbered Boolean variables (DIMACS literals)."""

    def __init__(self) -> None:
        self.variables = 0
        self.clauses: list[list[int]] = []

    def new(self) -> int:
        self.variables += 1
        return self.variables

    def add(self, *literals: int) -> None:
        self.clauses.append(list(literals))

    def implies_all(self, condition: int, literals: Iterable[int]) -> None:
        """condition -> each of literals."""
        for literal in literals:
            self.add(-condition, literal)

    def at_most(self, literals: list[int], bound: int) -> None:
        if len(literals) <= bound:
            return
        if bound == 1 and len(literals) <= 6:  # pairwise: few clauses, all binary
            for i, a in enumerate(literals):
                for b in literals[i + 1 :]:
                    self.add(-a, -b)
            return
        from pysat.card import CardEnc, EncType  # PySAT only when the relaxation runs: 10 ms of imports

        encoded = CardEnc.atmost(literals, bound, top_id=self.variables, encoding=EncType.seqcounter)
        self.variables = max(self.variables, encoded.nv)
        self.clauses.extend(encoded.clauses)


class _Schedule:
    """The relaxed game as a formula (see the module docstring)."""

    def __init__(self, position: Position) -> None:
        rules = position.rules
        self.formula = formula = _Formula()
        deck = make_deck(52)
        self.rows = rows = [[int(c) for c in row] for row in position.rows if row]
        self.place = {card: (i, k) for i, row in enumerate(rows) for k, card in enumerate(row)}
        basement = [int(c) for c in position.cells]
        self.cards = cards = list(self.place) + basement
        innermost = {row[0] for row in rows} if rules.last_card_to_foundation_only else set()
        self.T = T = sum(1 if c in innermost else 3 for c in self.place) + len(basement)
        # Status variables by (card, step); none where a status is impossible for that card.
        self.placed: dict[tuple[int, int], int] = {}
        self.built: dict[tuple[int, int], int] = {}
        self.cellar: dict[tuple[int, int], int] = {}
        self.home: dict[tuple[int, int], int] = {}
        for c in cards:
            in_row, can_park = c in self.place, c not in innermost
            for t in range(T + 1):
                if in_row:
                    self.placed[c, t] = formula.new()
                if in_row and can_park:
                    self.built[c, t] = formula.new()
                if rules.cells and can_park:
                    self.cellar[c, t] = formula.new()
                self.home[c, t] = formula.new()
                statuses = self._statuses(c, t)
                formula.add(*statuses)
                formula.at_most(statuses, 1)
            formula.add((self.placed if in_row else self.cellar)[c, 0])
            formula.add(self.home[c, T])
        self._moves_forward()
        self._outer_placed_cards()
        self._chains({c: [int(h) for h in hosts_of(rules, deck[c]) if int(h) in self.place] for c in cards})
        self._foundations(position.foundations)
        for t in range(T + 1):
            formula.at_most([self.cellar[c, t] for c in cards if (c, t) in self.cellar], rules.cells)

    def _statuses(self, c: int, t: int) -> list[int]:
        """The variables of c's possible statuses at step t, in the order placed, built, basement, home."""
        return [status[c, t] for status in (self.placed, self.built, self.cellar, self.home) if (c, t) in status]

    def _moves_forward(self) -> None:
        """Statuses only move forward, one card per step; idle steps come last."""
        formula, T = self.formula, self.T
        placed, built, cellar, home = self.placed, self.built, self.cellar, self.home
        changes: dict[tuple[int, int], int] = {}
        for c in self.cards:
            for t in range(T):
                if (c, t) in placed:
                    formula.add(-placed[c, t + 1], placed[c, t])
                if (c, t) in built:
                    formula.add(-built[c, t + 1], built[c, t], placed[c, t])
                if (c, t) in cellar:
                    came_from = [v for v in (cellar[c, t], placed.get((c, t)), built.get((c, t))) if v is not None]
                    formula.add(-cellar[c, t + 1], *came_from)
                    formula.add(-cellar[c, t], cellar[c, t + 1], home[c, t + 1])
                formula.add(-home[c, t], home[c, t + 1])
                change = changes[c, t] = formula.new()
                for now, then in zip(self._statuses(c, t), self._statuses(c, t + 1)):
                    formula.add(change, -now, then)
                    formula.add(change, now, -then)
        busy: dict[int, int] = {}
        for t in range(T):
            formula.at_most([changes[c, t] for c in self.cards], 1)
            busy[t] = formula.new()
            formula.add(-busy[t], *(changes[c, t] for c in self.cards))
        for t in range(T - 1):
            for c in self.cards:
                formula.add(-changes[c, t + 1], busy[t])
        for row in self.rows:  # implied: placed cards leave a row from the top
            for lower, upper in zip(row, row[1:]):
                for t in range(T + 1):
                    formula.add(-placed[upper, t], placed[lower, t])

    def _outer_placed_cards(self) -> None:
        """outer[c, t]: c is placed and no placed card is above it."""
        formula = self.formula
        self.outer: dict[tuple[int, int], int] = {}
        for c, (i, k) in self.place.items():
            above = self.rows[i][k + 1 :]
            for t in range(self.T + 1):
                outer = self.outer[c, t] = formula.new()
                conditions = [self.placed[c, t]] + [-self.placed[a, t] for a in above]
                formula.implies_all(outer, conditions)
                formula.add(outer, *(-x for x in conditions))

    def _chains(self, hosts: dict[int, list[int]]) -> None:
        """At every step the built cards lie in chains on hosts in rows, one
        card on each (loops are cut in :meth:`solve`); a card changing status
        carries nothing."""
        formula, T = self.formula, self.T
        self.lies_on: dict[tuple[int, int, int], int] = {}
        self.lies_on_at: list[list[tuple[int, int, int]]] = [[] for _ in range(T + 1)]
        for t in range(T + 1):
            carried_by: dict[int, list[int]] = {c: [] for c in self.place}
            for c in self.place:
                if (c, t) not in self.built:
                    continue
                choices = []
                for h in hosts[c]:
                    on = self.lies_on[c, h, t] = formula.new()
                    self.lies_on_at[t].append((c, h, on))
                    choices.append(on)
                    carried_by[h].append(on)
                    formula.add(-on, self.built[c, t])
                    if (h, t) in self.built:
                        formula.add(-on, self.outer[h, t], self.built[h, t])
                    else:
                        formula.add(-on, self.outer[h, t])
                    if (h, c, t) in self.lies_on:  # two cards carrying each other
                        formula.add(-on, -self.lies_on[h, c, t])
                formula.add(-self.built[c, t], *choices)
                formula.at_most(choices, 1)
            for carriers in carried_by.values():
                formula.at_most(carriers, 1)
            if t == T:
                continue
            for c in self.place:
                # c leaves its place or the rows between t and t + 1: it is
                # the outer card of its row at t, carrying nothing.
                leaving = formula.new()
                formula.add(-self.placed[c, t], self.placed[c, t + 1], leaving)
                formula.add(-self.placed[c, t], self.placed[c, t + 1], self.outer[c, t])
                if (c, t) in self.built:
                    formula.add(-self.built[c, t], self.built[c, t + 1], leaving)
                for on in carried_by[c]:
                    formula.add(-leaving, -on)

    def _foundations(self, foundations: tuple[int, ...]) -> None:
        """A card goes home only after the card below it of its suit."""
        formula = self.formula
        for c in self.cards:
            suit, below = divmod(c, 13)
            formula.add(-self.home[c, 0])
            if below == foundations[suit]:
                continue
            for t in range(self.T):
                formula.add(-self.home[c, t + 1], self.home[c, t], self.home[c - 1, t])
            for t in range(self.T + 1):  # implied: the suit climbs in order
                formula.add(-self.home[c, t], self.home[c - 1, t])

    def loops(self, true: set[int]) -> set[tuple[tuple[int, int], ...]]:
        """The loops of the chains in an assignment: each as its (card, host) pairs."""
        found: set[tuple[tuple[int, int], ...]] = set()
        for t in range(self.T + 1):
            host = {c: h for c, h, v in self.lies_on_at[t] if v in true}
            done: set[int] = set()
            for start in host:
                path: dict[int, int] = {}
                card = start
                while card in host and card not in done and card not in path:
                    path[card] = len(path)
                    card = host[card]
                if card in path:
                    cycle = list(path)[path[card] :]
                    found.add(tuple(sorted((c, host[c]) for c in cycle)))
                done.update(path)
        return found

    def solve(self, effort: int) -> tuple[str, int]:
        """Run the SAT solver, cutting loops, within ``effort`` conflicts."""
        from pysat.solvers import Solver  # PySAT only when the relaxation runs

        spent = 0
        with Solver(name="glucose4", bootstrap_with=self.formula.clauses) as sat:
            while spent < effort:
                sat.conf_budget(effort - spent)
                answer = _solve_limited(sat)
                spent = sat.accum_stats()["conflicts"]  # over all runs so far
                if answer is None:
                    break
                if answer is False:
                    return LOST, spent
                loops = self.loops({v for v in sat.get_model() if v > 0})
                if not loops:
                    return POSSIBLE, spent
                for loop in loops:
                    for t in range(self.T + 1):
                        literals = [self.lies_on.get((c, h, t), 0) for c, h in loop]  # 0: no such variable
                        if all(literals):
                            sat.add_clause([-v for v in literals])
        return UNKNOWN, spent


def _solve_limited(sat) -> bool | None:
    """``sat.solve_limited()``, with PySAT's own error for Ctrl-C given back as
    the KeyboardInterrupt it is (the command line then stops in one line)."""
    import pysolvers

    try:
        return sat.solve_limited()
    except pysolvers.error as error:
        if "keyboard interrupt" in str(error).lower():
            raise KeyboardInterrupt from None
        raise
