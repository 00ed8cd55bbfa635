"""The worlds of hidden hands: the ways the cards a seat has not seen may lie.

Each game says which deals fit what the seat has seen (La Mouche rules out
hands that would have made a card played illegal; in Papillon every deal
fits); :func:`deal_worlds` gives every such deal, or a uniform sample when
there are too many. The searches average over them
(:func:`solver.search.mean_over_worlds`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from games.splits import hand_splits, random_split, split_count

T = TypeVar("T")


def deal_worlds(
    unseen: Sequence[T],
    sizes: Sequence[int],
    limit: int,
    rng: random.Random,
    fits: Callable[[tuple[tuple[T, ...], ...]], bool] | None = None,
    attempts: int = 200,
) -> tuple[Iterator[tuple[tuple[T, ...], ...]], bool]:
    """The worlds of hidden hands: the ways to deal the ``unseen`` cards into
    hands of ``sizes`` that ``fits`` accepts (all of them by default).

    Every such deal, in :func:`games.splits.hand_splits` order, when there
    are at most ``limit`` deals before that filter (and True); else up to
    ``limit`` deals drawn uniformly with ``rng``, rejecting those that do not
    fit, at most ``attempts * limit`` draws (and False).

    >>> worlds, exhaustive = deal_worlds("abc", [1, 2], 10, random.Random(0))
    >>> exhaustive, ["".join(map("".join, world)) for world in worlds]
    (True, ['abc', 'bac', 'cab'])
    >>> worlds, exhaustive = deal_worlds("abc", [1, 2], 2, random.Random(0), lambda w: w[0] != ("a",))
    >>> exhaustive, [world[0] for world in worlds]
    (False, [('b',), ('b',)])
    """
    if split_count(len(unseen), sizes) <= limit:
        every = hand_splits(unseen, sizes)
        return (every if fits is None else (world for world in every if fits(world))), True
    return _sampled_worlds(unseen, sizes, limit, rng, fits, attempts * limit), False


def _sampled_worlds(
    unseen: Sequence[T],
    sizes: Sequence[int],
    limit: int,
    rng: random.Random,
    fits: Callable[[tuple[tuple[T, ...], ...]], bool] | None,
    attempts: int,
) -> Iterator[tuple[tuple[T, ...], ...]]:
    found = 0
    for _ in range(attempts):
        if found == limit:
            return
        world = random_split(unseen, sizes, rng)
        if fits is None or fits(world):
            found += 1
            yield world
