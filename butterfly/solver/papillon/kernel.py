"""The thin calls into the compiled Papillon kernel (``butterfly.ext._papillon``).

A state goes to the kernel as rank counts (:func:`kernel_position`; suits
never matter in Papillon) and comes back as plain tuples: each function here
is one kernel search, without checks. :mod:`butterfly.solver.papillon.analysis` and
:mod:`butterfly.solver.papillon.seat` are the friendly faces.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping

import butterfly.ext._papillon as _papillon
from butterfly.games.errors import InputError
from butterfly.games.papillon.rules import HandState, Scoring
from butterfly.games.position_json import CHIP_BOUND, STAKE_BOUND

#: The most deals (their weights summed) one chance node may average.
MAX_DEAL_WEIGHT = 10**6
#: The largest chips (either sign) and pool the kernel takes: twice the
#: position format's CHIP_BOUND, room for what a hand's payments add to a
#: position at the bounds before the search reaches a redeal. Then every sum
#: the kernel makes stays inside 64 bits: final chips below 2^60 (its search
#: bounds), and a chance node's weighted sums of chip changes below
#: MAX_DEAL_WEIGHT * (KERNEL_CHIP_LIMIT + payments) < 2^63.
KERNEL_CHIP_LIMIT = 2 * CHIP_BOUND

#: A deal of the stock: the sorted ranks each player is dealt, seat by seat.
RankSplit = tuple[tuple[int, ...], ...]


def kernel_position(state: HandState) -> dict:
    """The state as rank counts, the kernel's input (its fields are the
    kernel's ``INPUT_FIELDS``). Numbers beyond the bounds of
    docs/formats.md are refused: the kernel computes in 64-bit integers."""
    check_bounds(state)
    return {
        "players": state.players,
        "dealer": state.dealer,
        "classic": state.options.scoring is Scoring.CLASSIC,
        "hands": [[c.rank for c in h] for h in state.hands],
        "table": [c.rank for c in state.table],
        "chips": list(state.chips),
        "taken": list(state.taken),
        "pool": state.pool,
        "to_move": state.to_move,
        "last_trailer": state.last_trailer,
        "papillons": sum(1 << p for p in set(state.papillons)),
        "stake": state.stake,
    }


def check_bounds(state: HandState) -> None:
    """An InputError unless chips, pool and stake are within the bounds that
    keep every sum the kernel makes exact (the position format's are tighter)."""
    if any(abs(c) > KERNEL_CHIP_LIMIT for c in state.chips) or not 0 <= state.pool <= KERNEL_CHIP_LIMIT:
        raise InputError(f"chips and pool must lie within -{KERNEL_CHIP_LIMIT} to {KERNEL_CHIP_LIMIT} for the kernel")
    if not 1 <= state.stake <= STAKE_BOUND:
        raise InputError(f"the stake must lie within 1 to {STAKE_BOUND} for the kernel")


def move_rows(state: HandState, with_paranoid: bool = True) -> list[tuple[tuple[int, ...], int, int]]:
    """For each legal move in the engine's order: everyone's chips and the
    winner under max-n, and what the mover can guarantee (0 without paranoid)."""
    rows, _nodes = _papillon.analyse(kernel_position(state), with_paranoid)
    return rows


def maxn(state: HandState) -> tuple[tuple[int, ...], int]:
    """Everyone's chips at the end of the hand and the winner, under max-n."""
    chips, winner, _nodes = _papillon.solve_maxn(kernel_position(state))
    return chips, winner


def paranoid(state: HandState, player: int) -> int:
    """The chips ``player`` can guarantee."""
    return paranoid_searched(state, player)[0]


def paranoid_searched(state: HandState, player: int) -> tuple[int, int]:
    """The chips ``player`` can guarantee, and the nodes the search took (a puzzle's proof records them)."""
    value, nodes = _papillon.solve_paranoid(kernel_position(state), player)
    return value, nodes


class RedealDeals:
    """Deals of the stock with their weights, packed once for the kernel's
    chance node (:func:`chance_maxn`)."""

    def __init__(self, weights: Mapping[RankSplit, int]) -> None:
        self.total = sum(weights.values())
        if self.total > MAX_DEAL_WEIGHT:
            raise ValueError(f"at most {MAX_DEAL_WEIGHT} deals (weights summed) per chance node, not {self.total}")
        self.flat = array("b", [r for split in weights for hand in split for r in hand])
        self.counts = array("q", weights.values())


def chance_maxn(state: HandState, deals: RedealDeals) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``state`` just after the redeal, its hands dealt every way in
    ``deals``: the weighted sums over the deals of each player's chip change
    and of their wins, under max-n."""
    return _papillon.chance_maxn(kernel_position(state), deals.flat, deals.counts)
