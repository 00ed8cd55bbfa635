"""What sampling gets wrong from a seat: the sampled seat analysis's best card
against the exact one (butterfly/solver/exact_seat.py, expected model).
Not a test: prints figures, asserts nothing.

    python bench/seat_sampling.py --game mouche --players 3 --cards 3 --positions 1000
    python bench/seat_sampling.py --game papillon --players 3 --cards 3 --positions 1000
    python bench/seat_sampling.py --game pamphile --players 3 --cards 2 --positions 1000

Positions come from games of the random bot (bench/exact_seat.py: La Mouche's
card play where the mover holds ``--cards`` cards and has a choice;
Papillon's last deal). Each is solved exactly (both models, open searches on
the kernel); a position with more than ``--max-kinds`` kinds of deal (La
Mouche; Papillon: deals) is skipped and counted. For each, the sampled seat
analysis's best card at 100 deals and at 1,000 (seed: the position's
number), and over every deal (La Mouche: the open values summed over the
kinds of deal, each counted for its deals, which is what the sampled
analysis gives with every deal; Papillon: the sampled analysis with every
split). The table: how often the sampled card is worth less under the exact
model (with a 95 % Wilson interval), the mean loss of playing it (95 %
normal interval) and the largest (La Mouche: tricks, then the mouche chance
where the tricks are equal; Papillon: chips). The first position where
sampling over every deal is wrong is printed as a line, to be worked by hand.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable

from exact_seat import _mouche_positions, _papillon_positions

from butterfly.games.errors import InputError

SIZES = ("100", "1000", "every")


def _wilson(k: int, n: int) -> tuple[float, float]:
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _mean_interval(xs: list[float]) -> str:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return f"{mean:.5f} [{max(0.0, mean - half):.5f}, {mean + half:.5f}]"


def _mouche_row(state, n: int, max_kinds: int):
    """(exact value by card, sampled best card by size, line), or None when skipped."""
    from butterfly.games.mouche.notation import position_line
    from butterfly.solver.mouche.alike import alike_worlds, open_totals
    from butterfly.solver.mouche.exact_seat import exact_seat
    from butterfly.solver.mouche.seat import analyse_seat

    try:
        exact = exact_seat(state, engine="kernel", limit=max_kinds)
    except InputError:
        return None
    value = {row.card: (row.expected[0], -row.expected[1]) for row in exact.cards}
    legal = state.playable()
    best = {size: analyse_seat(state, limit=int(size), seed=n).cards[0].action.cards[0] for size in SIZES[:2]}
    totals = open_totals(state, alike_worlds(state, None, max_kinds))
    best["every"] = min(legal, key=lambda c: (-totals[c][0], totals[c][1], legal.index(c)))
    return value, best, position_line(state, [p for p in range(state.players) if p != state.to_move])


def _papillon_row(state, n: int, max_kinds: int):
    from butterfly.games.papillon.notation import position_line
    from butterfly.solver.papillon.exact_seat import exact_seat
    from butterfly.solver.papillon.seat import analyse_seat

    try:
        exact = exact_seat(state, engine="kernel", limit=max_kinds)
    except InputError:
        return None
    value = {row.move: (row.mean_chips, row.win_chance) for row in exact.moves}
    best = {size: analyse_seat(state, limit=int(size), seed=n).moves[0].move for size in SIZES[:2]}
    best["every"] = analyse_seat(state, limit=10**7).moves[0].move
    return value, best, position_line(state)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["mouche", "pamphile", "papillon"], default="mouche")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--cards", type=int, default=3, help="cards in the mover's hand")
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--max-kinds", type=int, default=3000, help="skip positions with more kinds of deal")
    args = parser.parse_args()
    row: Callable = _papillon_row if args.game == "papillon" else _mouche_row
    unit = "chips" if args.game == "papillon" else "tricks"
    losses: dict[str, list[float]] = {size: [] for size in SIZES}
    wrong = dict.fromkeys(SIZES, 0)
    skipped, worked, start = 0, None, time.process_time()
    if args.game == "papillon":
        positions = _papillon_positions(args.players, args.cards, args.positions)
    else:  # La Mouche, or its positions under Le Pamphile's rules
        positions = _mouche_positions(args.players, args.cards, args.positions, args.game == "pamphile")
    for n, state in enumerate(positions):
        found = row(state, n, args.max_kinds)
        if found is None:
            skipped += 1
            continue
        value, best, line = found
        top = max(value.values())
        for size in SIZES:
            mine = value[best[size]]
            losses[size].append(top[0] - mine[0])
            if mine < top:
                wrong[size] += 1
                if size == "every" and worked is None:
                    worked = (line, best[size], value)
    solved = len(losses["every"])
    print(f"{args.game}, {args.players} players, {args.cards} cards in the mover's hand")
    print(f"positions {solved + skipped}: solved exactly {solved}, skipped (over {args.max_kinds}) {skipped}")
    print(f"CPU seconds in all: {time.process_time() - start:.0f}")
    if not solved:
        return
    print(f"| sampled over | best card worth less | 95 % interval | mean loss ({unit}) [95 %] | largest |")
    print("|---|---|---|---|---|")
    for size in SIZES:
        low, high = _wilson(wrong[size], solved)
        print(
            f"| {size} deals | {wrong[size]} of {solved} | {100 * low:.1f}-{100 * high:.1f} % |"
            f" {_mean_interval(losses[size])} | {max(losses[size]):.4f} |"
        )
    if worked is not None:
        line, card, value = worked
        print(f"first position where every deal's mean is wrong: {line}")
        print(f"  sampling plays {card}; exact values: " + ", ".join(f"{c}: {v}" for c, v in value.items()))


if __name__ == "__main__":
    main()
