"""Papillon endgame analysis: the friendly face of the compiled kernel.

- :func:`analyse` — perfect information: every legal move of the player to
  move with its max-n line and its guaranteed (paranoid) value, best first.
- :func:`analyse_seat` — from one seat: the opponents' hands are unknown; every
  split of the unseen cards consistent with the hand sizes is solved exactly
  (or a sample, when there are more than ``limit``), and each move gets its
  mean result and its chance to win the pool.

The searches run in ``ext._papillon`` (``engine="kernel"``) or in the pure
Python oracle :mod:`solver.papillon.reference` (``engine="python"``); the
tests keep them equal. Both need the stock empty: the last deal.
"""

from __future__ import annotations

import dataclasses
import random
from array import array
from collections import Counter
from typing import NamedTuple

from ext import _papillon
from games.errors import InputError
from games.papillon.rules import HandState, Move, Scoring
from games.splits import hand_splits, rank_splits, split_count
from solver.papillon import reference
from solver.papillon.reference import MaxnValue, MoveValue

ENGINES = ("kernel", "python")


def kernel_position(state: HandState) -> dict:
    """The state as rank counts, the kernel's input."""
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


def _check_last_deal(state: HandState) -> None:
    if state.stock:
        raise InputError(f"the stock still holds {len(state.stock)} cards: exact analysis starts at the last deal")
    if state.is_terminal():
        raise InputError("the hand is over: there is nothing to analyse")


def analyse(state: HandState, engine: str = "kernel") -> list[MoveValue]:
    """Every legal move with its max-n line and guaranteed chips, best first."""
    _check_last_deal(state)
    if engine == "python":
        return reference.analyse_moves(state)
    moves = state.legal_moves()
    rows, _nodes = _papillon.analyse(kernel_position(state))
    values = [MoveValue(m, MaxnValue(chips, winner), guaranteed) for m, (chips, winner, guaranteed) in zip(moves, rows)]
    player = state.to_move
    order = sorted(range(len(values)), key=lambda i: (-values[i].maxn.chips[player], -values[i].paranoid, i))
    return [values[i] for i in order]


def maxn(state: HandState, engine: str = "kernel") -> MaxnValue:
    """Everyone's chips at the end of the hand, and the winner, under max-n."""
    if state.is_terminal():
        return MaxnValue(state.chips, state.winner)
    _check_last_deal(state)
    if engine == "python":
        return reference.maxn(state)
    chips, winner, _nodes = _papillon.solve_maxn(kernel_position(state))
    return MaxnValue(chips, winner)


def paranoid(state: HandState, player: int, engine: str = "kernel") -> int:
    """The chips ``player`` can guarantee when everyone else plays against them."""
    if state.is_terminal():
        return state.chips[player]
    _check_last_deal(state)
    if engine == "python":
        return reference.paranoid(state, player)
    return _papillon.solve_paranoid(kernel_position(state), player)[0]


class SeatMove(NamedTuple):
    move: Move
    mean_chips: float  # the mover's mean chips at the end of the hand, over the splits
    win_chance: float  # the share of splits in which the mover takes the pool


class SeatAnalysis(NamedTuple):
    player: int
    unseen: tuple  # the cards the player cannot see (the opponents' hands)
    splits: int  # how many splits were solved (card-level, with repeats merged)
    exhaustive: bool  # every split (True) or a random sample (False)
    moves: list[SeatMove]  # best first


def analyse_seat(
    state: HandState, player: int | None = None, limit: int = 10_000, seed: int = 0, engine: str = "kernel"
) -> SeatAnalysis:
    """The moves of the player to move, judged from ``player``'s seat alone.

    Only ``player``'s hand and the table are known; the opponents' hands are
    every split of the unseen cards with the right sizes, all of them when
    there are at most ``limit`` (else ``limit`` random splits, seeded), each
    solved exactly under max-n. Splits that differ only in suits are solved
    once and counted as often as they occur.
    """

    _check_last_deal(state)
    mover = state.to_move
    player = mover if player is None else player
    if player != mover:
        raise InputError(f"player {player} is not to move (player {mover} is)")
    others = [p for p in range(state.players) if p != player]
    unseen = sorted(c for p in others for c in state.hands[p])
    sizes = [len(state.hands[p]) for p in others]
    total = split_count(len(unseen), sizes)
    exhaustive = total <= limit
    if exhaustive:
        splits = hand_splits(unseen, sizes)
    else:
        rng = random.Random(seed)

        def sample():
            for _ in range(limit):
                shuffled = rng.sample(unseen, len(unseen))
                hands, start = [], 0
                for size in sizes:
                    hands.append(tuple(shuffled[start : start + size]))
                    start += size
                yield tuple(hands)

        splits = sample()
    by_ranks: Counter = Counter()
    example = {}
    for split in splits:
        key = tuple(tuple(sorted(c.rank for c in hand)) for hand in split)
        by_ranks[key] += 1
        example.setdefault(key, split)
    moves = state.legal_moves()
    sums = [0.0] * len(moves)
    wins = [0.0] * len(moves)
    weight = sum(by_ranks.values())
    for key, count in by_ranks.items():
        hands = list(state.hands)
        for p, hand in zip(others, example[key]):
            hands[p] = tuple(sorted(hand))
        world = dataclasses.replace(state, hands=tuple(hands))
        if engine == "python":
            rows = [(v.maxn.chips, v.maxn.winner) for v in _in_move_order(reference.analyse_moves(world), moves)]
        else:
            raw, _nodes = _papillon.analyse(kernel_position(world), False)
            rows = [(chips, winner) for chips, winner, _ in raw]
        for i, (chips, winner) in enumerate(rows):
            sums[i] += count * chips[player]
            wins[i] += count * (winner == player)
    result = [SeatMove(m, sums[i] / weight, wins[i] / weight) for i, m in enumerate(moves)]
    order = sorted(range(len(result)), key=lambda i: (-result[i].mean_chips, -result[i].win_chance, i))
    return SeatAnalysis(player, tuple(unseen), weight, exhaustive, [result[i] for i in order])


def _in_move_order(values: list[MoveValue], moves: list[Move]) -> list[MoveValue]:
    index = {m.signature: i for i, m in enumerate(moves)}
    return sorted(values, key=lambda v: index[v.move.signature])


class RedealMove(NamedTuple):
    move: Move
    chips: tuple[float, ...]  # everyone's expected chips at the end of the hand
    win_chance: float  # the mover's chance to take the pool


class RedealAnalysis(NamedTuple):
    splits: int  # deals of the stock solved at each redeal (card-level, repeats merged)
    exhaustive: bool
    moves: list[RedealMove]  # best first for the mover


def analyse_redeal(state: HandState, limit: int | None = None, seed: int = 0) -> RedealAnalysis:
    """Exact analysis when the stock holds exactly one more redeal.

    The current deal is searched move by move under max-n; when every hand
    is empty the redeal is a chance node: every way to deal the stock's
    cards three to each player (its order is unknown) is solved exactly by
    the kernel and the results are averaged (deals differing only in suits
    are solved once, weighted by how often they occur). With a ``limit``
    below the number of deals (1,680 for three players, 369,600 for four),
    a seeded random sample of ``limit`` deals instead, the same at every
    redeal. Players maximise their expected chips; ties go to the first
    move in the engine's order.
    """

    n = state.players
    if len(state.stock) != 3 * n:
        raise InputError(f"the stock holds {len(state.stock)} cards, not one redeal ({3 * n})")
    if state.is_terminal():
        raise InputError("the hand is over: there is nothing to analyse")
    stock = sorted(state.stock)
    sizes = [3] * n
    exhaustive = limit is None or split_count(len(stock), sizes) <= limit
    if exhaustive:
        weights = rank_splits([c.rank for c in stock], sizes)
    else:
        rng = random.Random(seed)
        weights = Counter()
        for _ in range(limit):
            order = rng.sample(stock, len(stock))
            weights[tuple(tuple(sorted(c.rank for c in order[3 * p : 3 * p + 3])) for p in range(n))] += 1
    total = sum(weights.values())
    flat = array("b", [r for split in weights for hand in split for r in hand])
    counts = array("q", weights.values())
    chance_memo: dict = {}

    def redeal_value(after: HandState) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Expected chips and each player's chance to win, over the deals of the stock."""
        key = (after.to_move, tuple(c.rank for c in after.table), after.taken, after.pool, after.last_trailer)
        if key not in chance_memo:
            gains, wins = _papillon.chance_maxn(kernel_position(after), flat, counts)
            chance_memo[key] = (tuple(g / total for g in gains), tuple(w / total for w in wins))
        delta, wins = chance_memo[key]
        return tuple(b + d for b, d in zip(after.chips, delta)), wins

    def value(s: HandState) -> tuple[tuple[float, ...], tuple[float, ...]]:
        if s.is_terminal():
            return s.chips, tuple(float(p == s.winner) for p in range(n))
        best = None
        for move in s.legal_moves():
            child = s.play_unchecked(move)
            result = redeal_value(child) if s.stock and not child.stock else value(child)
            if best is None or result[0][s.to_move] > best[0][s.to_move]:
                best = result
        return best

    mover = state.to_move
    rows = []
    for move in state.legal_moves():
        child = state.play_unchecked(move)
        chips, wins = redeal_value(child) if not child.stock else value(child)
        rows.append(RedealMove(move, chips, wins[mover]))
    order = sorted(range(len(rows)), key=lambda i: (-rows[i].chips[mover], i))
    return RedealAnalysis(total, exhaustive, [rows[i] for i in order])
