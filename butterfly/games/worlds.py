"""The ways cards may be dealt into hands: the worlds of a hidden hand or a redeal.

Two splits are the same when every hand gets the same cards (the order of
the cards within a hand never matters). :func:`hand_splits` lists them,
:func:`split_count` counts them, :func:`rank_splits` merges those that differ
only in suits, :func:`random_split` draws one; :func:`deal_worlds` gives the
worlds of hidden hands: each game says which deals fit what a seat has seen
(La Mouche rules out hands that would have made a card played illegal; in
Papillon every deal fits), and the searches average over them
(:func:`butterfly.solver.search.mean_over_worlds`).

>>> [tuple(map(len, split)) for split in hand_splits(list(range(4)), [1, 3])]
[(1, 3), (1, 3), (1, 3), (1, 3)]
>>> split_count(9, [3, 3, 3])
1680
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from math import comb
from typing import TypeVar

T = TypeVar("T")


def hand_splits(unseen: Sequence[T], sizes: Sequence[int]) -> Iterator[tuple[tuple[T, ...], ...]]:
    """Every way to deal ``unseen`` into hands of ``sizes`` (card by card)."""
    if not sizes:
        yield ()
        return
    first, rest = sizes[0], sizes[1:]
    for hand in combinations(unseen, first):
        left = [c for c in unseen if c not in hand]
        for others in hand_splits(left, rest):
            yield (hand,) + others


def rank_splits(ranks: Sequence[int], sizes: Sequence[int]) -> Counter:
    """Every way to deal cards of these ``ranks`` into hands of ``sizes``, up to
    suits: a Counter from the hands' sorted rank tuples to how many card-level
    deals give them (their sum is :func:`split_count`).

    >>> splits = rank_splits([5, 5, 9, 9, 9, 1], [3, 3])
    >>> sum(splits.values()) == split_count(6, [3, 3]), splits[((1, 5, 5), (9, 9, 9))]
    (True, 1)
    """

    out: Counter = Counter()
    available = Counter(ranks)

    def deal(player: int, chosen: list, weight: int) -> None:
        if player == len(sizes):
            out[tuple(chosen)] += weight
            return
        kinds = sorted(available)

        def pick(index: int, left: int, hand: list, w: int) -> None:
            if left == 0:
                deal(player + 1, chosen + [tuple(hand)], weight * w)
                return
            if index == len(kinds):
                return
            rank = kinds[index]
            have = available[rank]
            for take in range(min(have, left), -1, -1):
                if take:
                    available[rank] -= take
                pick(index + 1, left - take, hand + [rank] * take, w * comb(have, take))
                if take:
                    available[rank] += take

        pick(0, sizes[player], [], 1)

    deal(0, [], 1)
    return out


def split_count(unseen: int, sizes: Sequence[int]) -> int:
    """How many splits :func:`hand_splits` gives."""
    total, left = 1, unseen
    for size in sizes:
        total *= comb(left, size)
        left -= size
    return total


def random_split(cards: Sequence[T], sizes: Sequence[int], rng: random.Random) -> tuple[tuple[T, ...], ...]:
    """One split of ``cards`` into hands of ``sizes``, each split equally likely
    (the cards left over, if any, are not dealt)."""
    order = rng.sample(list(cards), len(cards))
    hands, start = [], 0
    for size in sizes:
        hands.append(tuple(order[start : start + size]))
        start += size
    return tuple(hands)


#: Hands tried, per deal asked for, before listing every deal that fits gives
#: way to a sample: listing costs at most this many times a sample's draws.
LISTING_EFFORT = 20


def deal_worlds(
    unseen: Sequence[T],
    sizes: Sequence[int],
    limit: int,
    rng: random.Random | None,
    fits_hand: Callable[[tuple[T, ...], int], bool] | None = None,
    attempts: int = 200,
) -> tuple[Iterator[tuple[tuple[T, ...], ...]], bool]:
    """The worlds of hidden hands: the ways to deal the ``unseen`` cards into
    hands of ``sizes`` whose every hand ``fits_hand`` accepts (given the hand
    and its index; all of them by default).

    Every such deal, in :func:`hand_splits` order, when there are at most
    ``limit`` of them (and True): listed outright when there are at most
    ``limit`` deals before the filter, else by a search that drops a hand as
    soon as it does not fit, given up after :data:`LISTING_EFFORT` ``* limit``
    hands tried. Otherwise up to ``limit`` deals drawn uniformly with ``rng``,
    rejecting those that do not fit, at most ``attempts * limit`` draws (and
    False); none when ``rng`` is None (the caller draws them its own way).

    >>> worlds, exhaustive = deal_worlds("abc", [1, 2], 10, random.Random(0))
    >>> exhaustive, ["".join(map("".join, world)) for world in worlds]
    (True, ['abc', 'bac', 'cab'])
    >>> worlds, exhaustive = deal_worlds("abc", [1, 2], 1, random.Random(0), lambda hand, k: k or hand == ("b",))
    >>> exhaustive, [world[0] for world in worlds]
    (True, [('b',)])
    >>> worlds, exhaustive = deal_worlds("abc", [1, 2], 1, random.Random(0), lambda hand, k: k or hand != ("a",))
    >>> exhaustive, len(list(worlds))
    (False, 1)
    """
    if split_count(len(unseen), sizes) <= limit:
        every = hand_splits(unseen, sizes)
        return (every if fits_hand is None else (world for world in every if _fits(world, fits_hand))), True
    if fits_hand is not None:
        listed = _fitting_splits(unseen, sizes, fits_hand, limit, LISTING_EFFORT * limit)
        if listed is not None:
            return iter(listed), True
    if rng is None:
        return iter(()), False

    def fits(world: tuple[tuple[T, ...], ...]) -> bool:
        return fits_hand is None or _fits(world, fits_hand)

    return _sampled_worlds(unseen, sizes, limit, rng, fits, attempts * limit), False


def _fits(world: tuple[tuple[T, ...], ...], fits_hand: Callable[[tuple[T, ...], int], bool]) -> bool:
    return all(fits_hand(hand, k) for k, hand in enumerate(world))


def _fitting_splits(
    unseen: Sequence[T],
    sizes: Sequence[int],
    fits_hand: Callable[[tuple[T, ...], int], bool],
    limit: int,
    budget: int,
) -> list[tuple[tuple[T, ...], ...]] | None:
    """Every split whose hands all fit, in :func:`hand_splits` order, or None
    when there are more than ``limit`` or ``budget`` hands were tried first."""
    found: list[tuple[tuple[T, ...], ...]] = []
    tried = 0

    def deal(left: Sequence[T], index: int, chosen: tuple[tuple[T, ...], ...]) -> bool:
        nonlocal tried
        if index == len(sizes):
            found.append(chosen)
            return len(found) <= limit
        for hand in combinations(left, sizes[index]):
            tried += 1
            if tried > budget:
                return False
            if fits_hand(hand, index):
                rest = [c for c in left if c not in hand]
                if not deal(rest, index + 1, chosen + (hand,)):
                    return False
        return True

    return found if deal(unseen, 0, ()) else None


def _sampled_worlds(
    unseen: Sequence[T],
    sizes: Sequence[int],
    limit: int,
    rng: random.Random,
    fits: Callable[[tuple[tuple[T, ...], ...]], bool],
    attempts: int,
) -> Iterator[tuple[tuple[T, ...], ...]]:
    found = 0
    for _ in range(attempts):
        if found == limit:
            return
        world = random_split(unseen, sizes, rng)
        if fits(world):
            found += 1
            yield world
