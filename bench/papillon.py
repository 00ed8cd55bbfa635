"""Papillon endgame benchmark (not a test): prints figures, asserts nothing
about time.

    python bench/papillon.py            # the figures in docs/performance.md
    python bench/papillon.py --quick    # a smaller run

Positions: every position of the last deal (stock empty, someone to move)
met in games between greedy and random bots, three and four players, both
scorings, until there are --positions of them.

1. Perfect information, kernel: the exact last-deal solve (max-n of the
   whole position) and the full move analysis (every move with its max-n
   line and paranoid value): median and 99th percentile.
2. From the seat of the player to move: every split of the unseen cards
   solved exactly (the analyst bot's decision): median and 99th percentile.
3. Kernel against the pure-Python oracle on the same positions, the same
   analysis, timed side by side: the speed ratio.
4. One redeal left in the stock: the exact analysis with the redeal as a
   chance node over every deal of the stock (40 positions with three
   players, 3 with four).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from butterfly.games.deals import shuffled_deck
from butterfly.games.papillon.rules import HandState, Options, Scoring
from butterfly.solver.papillon import analysis as papillon
from butterfly.solver.papillon.bots import greedy_bot, random_bot
from butterfly.solver.papillon.seat import analyse_seat


def positions_from_games(count: int, seed: int = 0) -> list[HandState]:
    rng = random.Random(seed)
    found: list[HandState] = []
    number = 0
    while len(found) < count:
        number += 1
        players = 3 if number % 3 else 4
        options = Options(players=players, scoring=Scoring.CLASSIC if number % 4 else Scoring.MODERN)
        bots = [greedy_bot if rng.random() < 0.5 else random_bot for _ in range(players)]
        state = HandState.deal(
            number % players, shuffled_deck(number), options, chips=(260,) * players, pool=20 * players
        )
        while not state.is_terminal():
            if not state.stock:
                found.append(state)
            state = state.play(bots[state.to_move](state, rng))
    return found[:count]


def timed(function, items) -> list[float]:
    times = []
    for item in items:
        start = time.perf_counter()
        function(item)
        times.append(time.perf_counter() - start)
    return times


def percentiles(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (
        f"median {1e3 * statistics.median(ordered):8.3f} ms   p99 {1e3 * p99:8.3f} ms   max {1e3 * ordered[-1]:8.3f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--oracle-positions", type=int, default=200, help="positions timed with the Python oracle too")
    parser.add_argument("--quick", action="store_true", help="200 positions, 50 for the oracle")
    args = parser.parse_args()
    if args.quick:
        args.positions, args.oracle_positions = 200, 50
    print(f"python {platform.python_version()}, {platform.machine()}")
    states = positions_from_games(args.positions)
    three = sum(s.players == 3 for s in states)
    print(
        f"{len(states)} last-deal positions from simulated games "
        f"({three} three-player, {len(states) - three} four-player)"
    )

    print("\n1. Perfect information (kernel)")
    print(f"  last-deal solve (max-n)      {percentiles(timed(papillon.maxn, states))}")
    print(f"  every move, max-n + paranoid {percentiles(timed(papillon.analyse, states))}")

    print("\n2. From the seat to move, every split of the unseen cards (kernel)")
    seat = timed(analyse_seat, states)
    print(f"  analysis over hidden splits  {percentiles(seat)}")
    for n in (3, 4):
        subset = [t for t, s in zip(seat, states) if s.players == n]
        if subset:
            print(f"    {n} players ({len(subset):4d})          {percentiles(subset)}")
        start = [t for t, s in zip(seat, states) if s.players == n and all(len(h) == 3 for h in s.hands)]
        if start:
            print(f"    {n} players, first move of the last deal ({len(start):3d}) {percentiles(start)}")

    print("\n3. Kernel against the Python oracle (every move, max-n + paranoid), same positions")
    sample = states[: args.oracle_positions]
    kernel = timed(papillon.analyse, sample)
    oracle = timed(lambda s: papillon.analyse(s, "python"), sample)
    print(f"  kernel  {percentiles(kernel)}   total {sum(kernel):.3f} s")
    print(f"  oracle  {percentiles(oracle)}   total {sum(oracle):.3f} s")
    print(
        f"  ratio (total oracle / total kernel): {sum(oracle) / sum(kernel):.1f}x, "
        f"median of per-position ratios {statistics.median(o / k for o, k in zip(oracle, kernel)):.1f}x"
    )
    redeal_section(args.quick)


def before_last_redeal(players: int, count: int) -> list[HandState]:
    found: list[HandState] = []
    seed = 0
    while len(found) < count:
        seed += 1
        rng = random.Random(seed)
        state = HandState.deal(
            0, shuffled_deck(seed + 1000 * players), Options(players=players), chips=(100,) * players, pool=20 * players
        )
        while len(state.stock) > 3 * players or (len(state.stock) == 3 * players and rng.random() < 0.5):
            state = state.play_unchecked(rng.choice(state.legal_moves()))
        if len(state.stock) == 3 * players and not state.is_terminal():
            found.append(state)
    return found


def redeal_section(quick: bool) -> None:
    print("\n4. One redeal left: the redeal a chance node over every deal of the stock (kernel)")
    for players, count in ((3, 10 if quick else 40), (4, 1 if quick else 3)):
        times = timed(papillon.analyse_redeal, before_last_redeal(players, count))
        print(
            f"  {players} players ({count} positions): median {statistics.median(times):.3f} s, max {max(times):.3f} s"
        )


if __name__ == "__main__":
    main()
