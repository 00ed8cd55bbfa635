"""The chain relaxation: a proof that a Butterfly position is lost, by CP-SAT.

The depth-first search proves a position lost only by expanding every
position reachable from it. Under alternate colours that is hopeless for
many deals: built cards shuffle between rows in astronomically many ways
(docs/solver.md). This module asks a weaker question that a constraint
solver (OR-Tools CP-SAT) can answer for a whole deal at once, and whose
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
loops (each built card lies deeper than its host). A placed card may
leave only when every placed card above it has left. A card that changes
status carries nothing just before. A card goes home only after the card
below it of its suit. The basement never
holds more cards than it has cells. Under Butterfly's rule the innermost
card of a row only goes home. Between steps the built cards may be
rearranged into any other chains: that is the relaxation.

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
T steps; if CP-SAT proves that none exists, no win exists.

The relaxation applies when emptied rows are lost and the basement is
one-way (or absent), as in every Butterfly variant (:func:`applies`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from games.cards import make_deck
from games.patience import Position, Rules
from solver.reference import dead_end_applies, hosts_of

LOST, POSSIBLE, UNKNOWN = "lost", "possible", "unknown"

#: Default effort, in CP-SAT deterministic seconds (about one to two seconds
#: of wall-clock time each on the machine of docs/performance.md): every
#: open deal proved so far needed at most about half of it.
DEFAULT_EFFORT = 120.0


def applies(rules: Rules) -> bool:
    """The relaxed game is a relaxation of ``rules``: rows are lost once
    empty and cards leave the basement only for the foundations (or there is
    no basement)."""
    return dead_end_applies(rules)


@dataclass(frozen=True)
class Verdict:
    """What CP-SAT found: ``lost`` (no schedule exists: a proof),
    ``possible`` (a schedule exists: nothing is proved) or ``unknown`` (the
    effort ran out); ``effort`` is the deterministic time it used."""

    result: str
    effort: float
    seconds: float


def check(position: Position, effort: float = DEFAULT_EFFORT) -> Verdict:
    """Search for a schedule of the relaxed game from ``position``.

    ``effort`` caps CP-SAT's *deterministic* time, and CP-SAT runs on one
    worker, so the same position and effort give the same verdict on every
    run and machine (with the same OR-Tools version). ``seconds`` include
    building the model. Raises InputError for an invalid position.
    """
    position.validate()
    if not applies(position.rules):
        raise ValueError(f"the chain relaxation does not apply to {position.rules.name}")
    if position.is_won():
        return Verdict(POSSIBLE, 0.0, 0.0)
    start = time.perf_counter()
    result, spent = solve_model(position, effort)
    return Verdict(result, spent, time.perf_counter() - start)


def solve_model(position: Position, effort: float, probing: int = 0) -> tuple[str, float]:
    """One CP-SAT run on the model: its result and deterministic time.
    ``probing`` is CP-SAT's probing level: its default (2) costs a little
    more than it saves on these models (bench/relax_models.py)."""
    from ortools.sat.python import cp_model  # heavy: imported only when used

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_deterministic_time = effort
    solver.parameters.cp_model_probing_level = probing
    status = solver.Solve(_Schedule(position, cp_model).model)
    result = {cp_model.INFEASIBLE: LOST, cp_model.FEASIBLE: POSSIBLE, cp_model.OPTIMAL: POSSIBLE}.get(status, UNKNOWN)
    return result, solver.deterministic_time


class _Schedule:
    """The CP-SAT model of the relaxed game (see the module docstring)."""

    def __init__(self, position: Position, cp_model) -> None:
        rules = position.rules
        self.model = model = cp_model.CpModel()
        deck = make_deck(52)
        self.rows = rows = [[int(c) for c in row] for row in position.rows if row]
        self.place = {card: (i, k) for i, row in enumerate(rows) for k, card in enumerate(row)}
        basement = [int(c) for c in position.cells]
        self.cards = cards = list(self.place) + basement
        innermost = {row[0] for row in rows} if rules.last_card_to_foundation_only else set()
        self.T = T = sum(1 if c in innermost else 3 for c in self.place) + len(basement)
        # Status booleans; None where a status is impossible for that card.
        self.placed, self.built, self.cellar, self.home = {}, {}, {}, {}
        for c in cards:
            in_row, can_park = c in self.place, c not in innermost
            for t in range(T + 1):
                self.placed[c, t] = model.NewBoolVar("") if in_row else None
                self.built[c, t] = model.NewBoolVar("") if in_row and can_park else None
                self.cellar[c, t] = model.NewBoolVar("") if rules.cells and can_park else None
                self.home[c, t] = model.NewBoolVar("")
                model.AddExactlyOne(self._statuses(c, t))
            model.Add((self.placed if in_row else self.cellar)[c, 0] == 1)
            model.Add(self.home[c, T] == 1)
        self._moves_forward()
        self._outer_placed_cards()
        self._chains({c: [int(h) for h in hosts_of(rules, deck[c]) if int(h) in self.place] for c in cards})
        self._foundations(position.foundations)
        for t in range(T + 1):
            model.Add(sum(self.cellar[c, t] for c in cards if self.cellar[c, t] is not None) <= rules.cells)

    def _statuses(self, c: int, t: int) -> list:
        return [v for v in (self.placed[c, t], self.built[c, t], self.cellar[c, t], self.home[c, t]) if v is not None]

    def _moves_forward(self) -> None:
        """Statuses only move forward, one card per step; idle steps come last."""
        model, T = self.model, self.T
        self.changes = {}
        placed, built, cellar, home = self.placed, self.built, self.cellar, self.home
        for c in self.cards:
            for t in range(T):
                if placed[c, t] is not None:
                    model.AddImplication(placed[c, t + 1], placed[c, t])
                if built[c, t] is not None:
                    model.AddBoolOr([built[c, t + 1].Not(), built[c, t], placed[c, t]])
                if cellar[c, t] is not None:
                    came_from = [v for v in (cellar[c, t], placed[c, t], built[c, t]) if v is not None]
                    model.AddBoolOr([cellar[c, t + 1].Not()] + came_from)
                    model.AddBoolOr([cellar[c, t].Not(), cellar[c, t + 1], home[c, t + 1]])
                model.AddImplication(home[c, t], home[c, t + 1])
                change = self.changes[c, t] = model.NewBoolVar("")
                for now, then in zip(self._statuses(c, t), self._statuses(c, t + 1)):
                    model.Add(now == then).OnlyEnforceIf(change.Not())
        for t in range(T):
            model.AddAtMostOne([self.changes[c, t] for c in self.cards])
        for t in range(T - 1):
            busy = model.NewBoolVar("")
            model.AddMaxEquality(busy, [self.changes[c, t] for c in self.cards])
            for c in self.cards:
                model.AddImplication(self.changes[c, t + 1], busy)

    def _outer_placed_cards(self) -> None:
        """outer[c, t]: c is placed and no placed card is above it."""
        model = self.model
        self.outer = {}
        for c, (i, k) in self.place.items():
            above = self.rows[i][k + 1:]
            for t in range(self.T + 1):
                outer = self.outer[c, t] = model.NewBoolVar("")
                conditions = [self.placed[c, t]] + [self.placed[a, t].Not() for a in above]
                model.AddBoolAnd(conditions).OnlyEnforceIf(outer)
                model.AddBoolOr([x.Not() for x in conditions] + [outer])

    def _chains(self, hosts: dict[int, list[int]]) -> None:
        """At every step the built cards lie in loop-free chains on hosts in
        rows, one card on each; a card changing status carries nothing."""
        model, T = self.model, self.T
        depth_limit = len(self.place)
        for t in range(T + 1):
            carried_by: dict[int, list] = {c: [] for c in self.place}
            builders = [c for c in self.place if self.built[c, t] is not None]
            # A built card lies deeper than its host, so chains cannot loop
            # (an inequality: fewer constraints than fixing exact depths).
            depth = {c: model.NewIntVar(0, depth_limit, "") for c in builders}
            for c in builders:
                choices = []
                for h in hosts[c]:
                    on = model.NewBoolVar("")
                    choices.append(on)
                    carried_by[h].append(on)
                    if self.built[h, t] is not None:
                        model.AddBoolOr([self.outer[h, t], self.built[h, t]]).OnlyEnforceIf(on)
                        model.Add(depth[c] >= depth[h] + 1).OnlyEnforceIf([on, self.built[h, t]])
                    else:
                        model.AddImplication(on, self.outer[h, t])
                model.Add(sum(choices) == 1).OnlyEnforceIf(self.built[c, t])
                model.Add(sum(choices) == 0).OnlyEnforceIf(self.built[c, t].Not())
            for h, carriers in carried_by.items():
                model.AddAtMostOne(carriers)
            if t == T:
                continue
            for c in self.place:
                # c leaves its place or the rows between t and t + 1: it is
                # the outer card of its row at t, carrying nothing.
                leaving = model.NewBoolVar("")
                model.AddBoolOr([self.placed[c, t].Not(), self.placed[c, t + 1], leaving])
                model.AddBoolOr([self.placed[c, t].Not(), self.placed[c, t + 1], self.outer[c, t]])
                if self.built[c, t] is not None:
                    model.AddBoolOr([self.built[c, t].Not(), self.built[c, t + 1], leaving])
                for on in carried_by[c]:
                    model.AddImplication(leaving, on.Not())

    def _foundations(self, foundations) -> None:
        """A card goes home only after the card below it of its suit."""
        model = self.model
        for c in self.cards:
            suit, below = divmod(c, 13)
            model.Add(self.home[c, 0] == 0)
            if below == foundations[suit]:
                continue
            for t in range(self.T):
                model.AddBoolOr([self.home[c, t + 1].Not(), self.home[c, t], self.home[suit * 13 + below - 1, t]])
