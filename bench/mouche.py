"""La Mouche trick-kernel benchmark (not a test): prints figures, asserts
nothing about time.

    python bench/mouche.py            # the figures in docs/performance.md
    python bench/mouche.py --quick    # a smaller run

1. From the start of play, for random deals where every player stands (all
   in the hand, the hardest case) at each player count 3-6: the exact
   paranoid value of every player (one search each) and the max-n solve,
   median and 99th percentile.
2. Kernel against the pure-Python oracle on the same positions (three
   players, start of play; four players with two tricks played), side by
   side: the speed ratio.
3. Declaration advice with 500 worlds, a few hands at each player count.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from butterfly.games.deals import shuffled_deck
from butterfly.games.mouche.rules import Action, MoucheHand, MoucheOptions
from butterfly.solver.mouche import analysis as mouche
from butterfly.solver.mouche.seat import declaration_advice


def start_of_play(players: int, number: int) -> MoucheHand:
    options = MoucheOptions(players=players)
    state = MoucheHand.deal(number % players, shuffled_deck(number, options.deck_size), options)
    while state.phase == "declare":
        state = state.play(Action("stand"))
    return state


def deals_at_play(players: int, count: int) -> list[MoucheHand]:
    found: list[MoucheHand] = []
    number = 0
    while len(found) < count:
        number += 1
        state = start_of_play(players, number)
        if state.phase == "play":  # a mouche ends some hands before play
            found.append(state)
    return found


def timed(function, items) -> list[float]:
    out = []
    for item in items:
        start = time.perf_counter()
        function(item)
        out.append(time.perf_counter() - start)
    return out


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (
        f"median {1e3 * statistics.median(ordered):8.3f} ms   p99 {1e3 * p99:8.2f} ms   max {1e3 * ordered[-1]:8.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--oracle", type=int, default=20, help="positions timed with the oracle too")
    parser.add_argument("--advice-hands", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="200 deals, 8 oracle positions, 2 advice hands")
    args = parser.parse_args()
    if args.quick:
        args.deals, args.oracle, args.advice_hands = 200, 8, 2
    print(f"python {platform.python_version()}, {platform.machine()}")

    print(f"\n1. Start of play, everyone standing, {args.deals} deals per player count (kernel)")
    for players in range(3, 7):
        states = deals_at_play(players, args.deals)
        paranoid = timed(mouche.guarantees, states)
        maxn = timed(mouche.maxn_tricks, states)
        print(f"  {players} players  paranoid, every player  {summary(paranoid)}")
        print(f"             max-n                   {summary(maxn)}")

    print("\n2. Kernel against the Python oracle (max-n plus every player's paranoid value), same positions")
    cases = [("3 players, start of play", deals_at_play(3, args.oracle))]
    four = []
    for state in deals_at_play(4, args.oracle):
        for _ in range(2 * len(state.in_hand())):
            state = state.play(state.legal_moves()[0])
        four.append(state)
    cases.append(("4 players, two tricks played", four))
    for label, states in cases:
        kernel = timed(lambda s: (mouche.maxn_tricks(s), mouche.guarantees(s)), states)
        oracle = timed(lambda s: (mouche.maxn_tricks(s, "python"), mouche.guarantees(s, "python")), states)
        print(
            f"  {label}: kernel total {sum(kernel):.4f} s, oracle {sum(oracle):.2f} s, "
            f"ratio {sum(oracle) / sum(kernel):.0f}x "
            f"(median per position {statistics.median(o / k for o, k in zip(oracle, kernel)):.0f}x)"
        )

    print("\n3. Declaration advice, 500 worlds (first player to declare, fresh deals)")
    for players in range(3, 7):
        options = MoucheOptions(players=players)
        hands = [MoucheHand.deal(0, shuffled_deck(n, options.deck_size), options) for n in range(args.advice_hands)]
        times = timed(lambda s: declaration_advice(s, worlds=500), hands)
        print(
            f"  {players} players: median {statistics.median(times):.2f} s, "
            f"max {max(times):.2f} s over {len(times)} hands"
        )


if __name__ == "__main__":
    main()
