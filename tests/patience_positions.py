"""Patience positions for the pruning and relaxation tests.

They come from random play (biased towards foundation moves) in Butterfly
with every basement size and both suit rules, so that most are late
positions, won or proved lost by the plain search within a small budget.
"""

import random

from butterfly.games.patience.rules import Position, make_rules
from butterfly.solver.patience import kernel
from butterfly.solver.patience.result import UNRESOLVED, Limits

PLAIN = {"safe_autoplay": False, "dead_ends": False}


def random_positions(count, seed, games=("butterfly",)):
    """``count`` positions of random play from random deals of ``games``
    (each with a random suit rule and 0 to 3 cells)."""
    rng = random.Random(seed)
    for _ in range(count):
        game = games[0] if len(games) == 1 else rng.choice(games)  # one game: the stream the tests were written on
        variants = [None, None, "alternate-colours"] + ([] if game == "butterfly" else ["same-suit"])
        rules = make_rules(game, rng.choice(variants), rng.choice([0, 1, 2, 3]))
        position = Position.deal(rng.randrange(10**6), rules)
        for _ in range(rng.randrange(10, 140)):
            moves = position.legal_moves()
            if not moves:
                break
            home = [m for m in moves if m.target == "F"]
            position = position.play_unchecked(rng.choice(home) if home and rng.random() < 0.6 else rng.choice(moves))
        yield position


def resolved_by_plain_search(count, seed, games=("butterfly",)):
    found = []
    for position in random_positions(count, seed, games):
        plain = kernel.solve(position, Limits(max_nodes=20_000), **PLAIN)
        if plain.result != UNRESOLVED:
            found.append((position, plain.result))
    return found


def small_positions(count, seed, cards=(5, 10), games=("butterfly",)):
    """Positions with few cards in play (``cards``: at least, at most), made
    up directly rather than played to: each suit's foundation at a random
    height, the cards above it scattered over random rows and the cells.
    Small enough for searches with no pruning at all; both won and lost ones.
    ``games``: the presets drawn from, each with a random suit rule and
    number of cells (0 to 3)."""
    from butterfly.games.cards import Card
    from butterfly.games.patience.rules import VARIANTS

    rng = random.Random(seed)
    found = []
    while len(found) < count:
        game = rng.choice(games)
        variant = rng.choice([None, "alternate-colours"] if game == "butterfly" else [None, *VARIANTS])
        rules = make_rules(game, variant, rng.choice([0, 1, 2, 3]))
        floor = 1 if rules.aces_on_foundations else 0
        left = rng.randint(*cards)
        heights = [13, 13, 13, 13]
        for _ in range(left):
            suit = rng.choice([s for s in range(4) if heights[s] > floor])
            heights[suit] -= 1
        loose = [Card(rank, suit) for suit in range(4) for rank in range(heights[suit] + 1, 14)]
        rng.shuffle(loose)
        cells = tuple(sorted(loose[: rng.randint(0, min(rules.cells, 2))]))
        rows = [[] for _ in rules.row_names]
        spread = rng.choice([2, 3, 4, len(rows)])
        for card in loose[len(cells) :]:
            rows[rng.randrange(spread)].append(card)
        position = Position(rules, tuple(tuple(r) for r in rows), tuple(heights), cells)
        found.append(position.validate())
    return found
