"""Papillon from one seat: the opponents' hands are unknown.

Everything played in Papillon is seen by all, so a seat knows its hand, the
table and which cards are unseen; every split of those cards into the
opponents' hands (of the right sizes) is a world, solved exactly under
max-n (:func:`butterfly.games.worlds.deal_worlds`, :func:`butterfly.solver.search.mean_over_worlds`).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import NamedTuple

from butterfly.games.cards import Card
from butterfly.games.errors import InputError
from butterfly.games.papillon.rules import HandState, Move
from butterfly.games.worlds import deal_worlds
from butterfly.solver import search
from butterfly.solver.engines import EngineName
from butterfly.solver.papillon.analysis import check_last_deal
from butterfly.solver.papillon.engines import ENGINES
from butterfly.solver.papillon.kernel import RankSplit


class SeatMove(NamedTuple):
    move: Move
    mean_chips: float  # the mover's mean chips at the end of the hand, over the splits
    win_chance: float  # the share of splits in which the mover takes the pool


class SeatAnalysis(NamedTuple):
    player: int
    unseen: tuple[Card, ...]  # the cards the player cannot see (the opponents' hands)
    splits: int  # how many splits were solved (card-level, with repeats merged)
    exhaustive: bool  # every split (True) or a random sample (False)
    moves: list[SeatMove]  # best first


def analyse_seat(
    state: HandState, player: int | None = None, limit: int = 10_000, seed: int = 0, engine: EngineName = "kernel"
) -> SeatAnalysis:
    """The moves of the player to move, judged from ``player``'s seat alone.

    Only ``player``'s hand and the table are known; the opponents' hands are
    every split of the unseen cards with the right sizes, all of them when
    there are at most ``limit`` (else ``limit`` random splits, seeded), each
    solved exactly under max-n. Splits that differ only in suits are solved
    once and counted as often as they occur.
    """

    check_last_deal(state)
    mover = state.to_move
    player = mover if player is None else player
    if player != mover:
        raise InputError(f"player {player} is not to move (player {mover} is)")
    others = [p for p in range(state.players) if p != player]
    unseen = sorted(c for p in others for c in state.hands[p])
    worlds, exhaustive = deal_worlds(unseen, [len(state.hands[p]) for p in others], limit, random.Random(seed))
    by_ranks: Counter[RankSplit] = Counter()
    example: dict[RankSplit, tuple[tuple[Card, ...], ...]] = {}
    for split in worlds:
        key = tuple(tuple(sorted(c.rank for c in hand)) for hand in split)
        by_ranks[key] += 1
        example.setdefault(key, split)
    moves = state.legal_moves()

    def world(split: tuple[tuple[Card, ...], ...]) -> HandState:
        hands = list(state.hands)
        for p, hand in zip(others, split):
            hands[p] = tuple(sorted(hand))
        return dataclasses.replace(state, hands=tuple(hands))

    def statistics(world: HandState) -> list[tuple[int, bool]]:
        """Per move: the seat's chips and whether it takes the pool, under max-n."""
        values = ENGINES[engine].move_values(world, with_paranoid=False)
        return [(v.maxn.chips[player], v.maxn.winner == player) for v in values]

    means, weight = search.mean_over_worlds(((world(example[k]), count) for k, count in by_ranks.items()), statistics)
    result = [SeatMove(move, chips, wins) for move, (chips, wins) in zip(moves, means)]
    order = sorted(range(len(result)), key=lambda i: (-result[i].mean_chips, -result[i].win_chance, i))
    return SeatAnalysis(player, tuple(unseen), weight, exhaustive, [result[i] for i in order])
