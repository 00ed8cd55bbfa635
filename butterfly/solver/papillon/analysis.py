"""Papillon endgame analysis with all hands known: the friendly face of the
compiled kernel.

- :func:`analyse`: every legal move of the player to move with its max-n
  line and its guaranteed (paranoid) value, best first; :func:`maxn` and
  :func:`paranoid` for the position itself. They need the stock empty: the
  last deal.
- :func:`analyse_redeal`: one redeal left in the stock, the redeal a chance
  node over every deal of the stock.

The searches run on one of :data:`butterfly.solver.papillon.engines.ENGINES`: the
kernel (``engine="kernel"``, the default) or the pure-Python oracle
(``engine="python"``); the tests keep them equal. The analysis from one seat, the other hands unknown, is
:mod:`butterfly.solver.papillon.seat`; :mod:`butterfly.solver.papillon.position` gathers them in
one typed result, as ``papillon analyse`` prints it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple

from butterfly.games.errors import InputError
from butterfly.games.papillon.rules import HandState, Move
from butterfly.games.worlds import random_split, split_count
from butterfly.solver import search
from butterfly.solver.engines import EngineName
from butterfly.solver.papillon.engines import ENGINES
from butterfly.solver.papillon.kernel import RankSplit, RedealDeals
from butterfly.solver.papillon.reference import MaxnValue, MoveValue, best_first


def check_last_deal(state: HandState) -> None:
    """Raise InputError unless ``state`` is in the last deal with someone to move."""
    if state.stock:
        raise InputError(f"the stock still holds {len(state.stock)} cards: exact analysis starts at the last deal")
    if state.is_terminal():
        raise InputError("the hand is over: there is nothing to analyse")


def analyse(state: HandState, engine: EngineName = "kernel") -> list[MoveValue]:
    """Every legal move with its max-n line and guaranteed chips, best first."""
    check_last_deal(state)
    return best_first(ENGINES[engine].move_values(state), state.to_move)


def maxn(state: HandState, engine: EngineName = "kernel") -> MaxnValue:
    """Everyone's chips at the end of the hand, and the winner, under max-n."""
    if state.is_terminal():
        return MaxnValue(state.chips, state.winner)
    check_last_deal(state)
    return ENGINES[engine].maxn(state)


def paranoid(state: HandState, player: int, engine: EngineName = "kernel") -> int:
    """The chips ``player`` can guarantee when everyone else plays against them."""
    if state.is_terminal():
        return state.chips[player]
    check_last_deal(state)
    return ENGINES[engine].paranoid(state, player)


class RedealMove(NamedTuple):
    move: Move
    chips: tuple[float, ...]  # everyone's expected chips at the end of the hand
    win_chance: float  # the mover's chance to take the pool


class RedealAnalysis(NamedTuple):
    splits: int  # deals of the stock solved at each redeal (card-level, repeats merged)
    exhaustive: bool
    moves: list[RedealMove]  # best first for the mover


#: Expected chips of every player and each player's chance to take the pool.
Expected = tuple[tuple[float, ...], tuple[float, ...]]
#: What each redeal is worth (everyone's mean chip change and chance to take
#: the pool), by what matters once the hands are dealt again.
RedealMemo = dict[tuple, Expected]


def analyse_redeal(
    state: HandState,
    limit: int | None = None,
    seed: int = 0,
    engine: EngineName = "kernel",
    memo: RedealMemo | None = None,
) -> RedealAnalysis:
    """Exact analysis when the stock holds exactly one more redeal.

    The current deal is searched move by move under max-n; when every hand
    is empty the redeal is a chance node: every way to deal the stock's
    cards three to each player (its order is unknown:
    :meth:`HandState.chance_outcomes`) is solved exactly and the results are
    averaged (deals differing only in suits are solved once, weighted by how
    often they occur). With a ``limit`` below the number of deals (1,680 for
    three players, 369,600 for four), a seeded random sample of ``limit``
    deals instead, the same at every redeal. Players maximise their expected
    chips; ties go to the first move in the engine's order. The kernel
    solves the deals (``engine="kernel"``), or the Python oracle.

    ``memo`` keeps what each redeal was found worth, for the next call on a
    position of the same deal of the same hand (with the same ``limit`` and
    ``seed``): a review values every move of a deal, and most redeals recur.
    """

    n = state.players
    if len(state.stock) != 3 * n:
        raise InputError(f"the stock holds {len(state.stock)} cards, not one redeal ({3 * n})")
    if state.is_terminal():
        raise InputError("the hand is over: there is nothing to analyse")
    sizes = [3] * n
    exhaustive = limit is None or split_count(len(state.stock), sizes) <= limit
    sample = None if exhaustive else _sampled_deals(sorted(state.stock), sizes, limit or 0, random.Random(seed))
    chance = _RedealNode(sample, engine, {} if memo is None else memo)

    def expected(end: HandState) -> Expected:
        return end.chips, tuple(float(p == end.winner) for p in range(n))

    def mover_chips(value: Expected, player: int) -> float:
        return value[0][player]

    mover = state.to_move
    rows = []
    for move in state.legal_moves():
        chips, wins = search.maxn(state.play_unchecked(move), expected, mover_chips, chance=chance)
        rows.append(RedealMove(move, chips, wins[mover]))
    order = sorted(range(len(rows)), key=lambda i: (-rows[i].chips[mover], i))
    return RedealAnalysis(chance.deals.total if chance.deals else 0, exhaustive, [rows[i] for i in order])


def _sampled_deals(stock: list, sizes: list[int], limit: int, rng: random.Random) -> Counter[RankSplit]:
    """``limit`` random deals of the stock, as sorted ranks by seat, counted."""
    deals: Counter[RankSplit] = Counter()
    for _ in range(limit):
        deals[tuple(tuple(sorted(c.rank for c in hand)) for hand in random_split(stock, sizes, rng))] += 1
    return deals


class _RedealNode:
    """The value of the chance node just after the redeal (None for any other
    state). What a redeal gains each player is memoised on what matters once
    the hands are dealt again; the chips held before it are not part of that
    (they change nobody's choices), so they are added after: two lines can
    reach the same redeal with different chips."""

    def __init__(self, sample: Counter[RankSplit] | None, engine: EngineName, memo: RedealMemo) -> None:
        self.engine = ENGINES[engine]
        # The deals of the stock are the same at every redeal of the deal: listed once.
        self.weights = sample
        self.deals: RedealDeals | None = RedealDeals(sample) if sample is not None else None
        self.memo = memo

    def __call__(self, after: HandState) -> Expected | None:
        if not any(event.kind == "redeal" for event in after.events):
            return None
        key = (after.to_move, tuple(c.rank for c in after.table), after.taken, after.pool, after.last_trailer)
        if key not in self.memo:
            if self.weights is None or self.deals is None:
                self.weights = _rank_weights(after.chance_outcomes())
                self.deals = RedealDeals(self.weights)
            self.memo[key] = self.engine.redeal_gains(after, self.weights, self.deals)
        gains, wins = self.memo[key]
        return tuple(b + d for b, d in zip(after.chips, gains)), wins


def _rank_weights(outcomes: list[tuple[HandState, int]]) -> Counter[RankSplit]:
    return Counter({tuple(tuple(c.rank for c in hand) for hand in s.hands): weight for s, weight in outcomes})
