"""Papillon's two engines behind one Protocol (butterfly/solver/engines.py): the
kernel (butterfly/solver/papillon/kernel.py) and the Python oracle
(butterfly/solver/papillon/reference.py, on the generic searches of butterfly/solver/search.py)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Literal, Protocol

from butterfly.games.papillon.rules import HandState
from butterfly.solver import search
from butterfly.solver.engines import Engine, Engines
from butterfly.solver.papillon import kernel, reference
from butterfly.solver.papillon.kernel import RankSplit, RedealDeals
from butterfly.solver.papillon.reference import MaxnValue, MoveValue

#: Everyone's chip change and chance to take the pool, summed over weighted deals.
Gains = tuple[tuple[float, ...], tuple[float, ...]]


class PapillonEngine(Engine, Protocol):
    def move_values(self, state: HandState, with_paranoid: bool = True) -> list[MoveValue]:
        """Every legal move in the rules' order with its max-n line and what
        the mover can guarantee after it (0 without ``with_paranoid``)."""
        ...

    def maxn(self, state: HandState) -> MaxnValue:
        """Everyone's chips at the end of the hand, and the winner, under max-n."""
        ...

    def paranoid(self, state: HandState, player: int) -> int:
        """The chips ``player`` can guarantee when everyone else plays against them."""
        ...

    def redeal_gains(self, after: HandState, weights: Counter[RankSplit], deals: RedealDeals) -> Gains:
        """``after`` just redealt, its hands dealt every way ``weights`` counts
        (``deals``: the same, packed for the kernel): each player's mean chip
        change to the end of the hand and chance to take the pool, under max-n."""
        ...


class KernelEngine:
    name: Literal["kernel"] = "kernel"

    def move_values(self, state: HandState, with_paranoid: bool = True) -> list[MoveValue]:
        rows = kernel.move_rows(state, with_paranoid)
        return [
            MoveValue(move, MaxnValue(chips, winner), guaranteed)
            for move, (chips, winner, guaranteed) in zip(state.legal_moves(), rows)
        ]

    def maxn(self, state: HandState) -> MaxnValue:
        return MaxnValue(*kernel.maxn(state))

    def paranoid(self, state: HandState, player: int) -> int:
        return kernel.paranoid(state, player)

    def redeal_gains(self, after: HandState, weights: Counter[RankSplit], deals: RedealDeals) -> Gains:
        sums, won = kernel.chance_maxn(after, deals)
        return tuple(g / deals.total for g in sums), tuple(w / deals.total for w in won)


class PythonEngine:
    name: Literal["python"] = "python"

    def move_values(self, state: HandState, with_paranoid: bool = True) -> list[MoveValue]:
        return reference.move_values(state, with_paranoid)

    def maxn(self, state: HandState) -> MaxnValue:
        return reference.maxn(state)

    def paranoid(self, state: HandState, player: int) -> int:
        return reference.paranoid(state, player)

    def redeal_gains(self, after: HandState, weights: Counter[RankSplit], deals: RedealDeals) -> Gains:
        n = after.players

        def gains(world: HandState) -> tuple[float, ...]:
            value = reference.maxn(world)
            changes = tuple(float(end - start) for end, start in zip(value.chips, after.chips))
            return changes + tuple(float(p == value.winner) for p in range(n))

        both = search.expectation([(_with_ranks(after, split), weight) for split, weight in weights.items()], gains)
        return both[:n], both[n:]


def _with_ranks(state: HandState, split: RankSplit) -> HandState:
    """``state`` with the redealt cards dealt by ranks as ``split`` says."""
    left = sorted(card for hand in state.hands for card in hand)
    hands = []
    for ranks in split:
        hand = []
        for rank in ranks:
            card = next(c for c in left if c.rank == rank)
            left.remove(card)
            hand.append(card)
        hands.append(tuple(sorted(hand)))
    return dataclasses.replace(state, hands=tuple(hands))


ENGINES: Engines[PapillonEngine] = Engines(KernelEngine(), PythonEngine())
