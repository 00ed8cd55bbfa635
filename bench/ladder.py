"""Ladder policy benchmark (not a test): prints figures, asserts nothing.

    python bench/ladder.py                  # deals 0-9, Butterfly, seed 1
    python bench/ladder.py 30 --game fortress --cells 2 --kernel-repeats 20

Each policy of the ladder plays deals 0..N-1 from the deal itself with the
compiled kernel (butterfly/puzzles/rating/players_kernel.py, wrapper included: what the ratings pay)
and with its Python twin (butterfly/puzzles/rating/players.py): games per second in each,
the ratio, and whether the games were the same (they must be; the tests
check it). The Python rollouts take seconds a game: ``--python-deals``
plays fewer deals in Python (the ratio compares the same deals).
"""

from __future__ import annotations

import argparse
import platform
import time

from butterfly.games.patience.rules import PRESETS, VARIANTS, Move, Position, make_rules
from butterfly.puzzles.rating import players, players_kernel

#: The policies of the ladder (butterfly/puzzles/rating/ladder.py): name, policy, epsilon_ppm, horizon.
POLICIES = (
    ("random", players.RANDOM, 0, 0),
    ("greedy-e20", players.GREEDY, 200_000, 0),
    ("greedy", players.GREEDY, 0, 0),
    ("lookahead", players.LOOKAHEAD, 0, 0),
    ("rollout-5", players.ROLLOUT, 0, 5),
    ("rollout-15", players.ROLLOUT, 0, 15),
    ("rollout", players.ROLLOUT, 0, 0),
)


def timed_games(engine, positions: list[Position], policy: int, seed: int, epsilon_ppm: int, horizon: int):
    """(seconds, the games) for every position, one game each."""
    games: list[tuple[bool, list[Move]]] = []
    start = time.perf_counter()
    for position in positions:
        games.append(engine.play(position, policy, seed, epsilon_ppm, horizon))
    return time.perf_counter() - start, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("deals", nargs="?", type=int, default=10, help="play deals 0..N-1 (default 10)")
    parser.add_argument("--game", choices=list(PRESETS), default="butterfly")
    parser.add_argument("--variant", choices=VARIANTS, default=None)
    parser.add_argument("--cells", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--python-deals", type=int, default=None, help="deals the Python twin plays (default all)")
    parser.add_argument("--kernel-repeats", type=int, default=5, help="kernel runs over the deals (default 5)")
    args = parser.parse_args()
    rules = make_rules(args.game, args.variant, args.cells)
    positions = [Position.deal(n, rules) for n in range(args.deals)]
    in_python = positions[: args.python_deals]
    print(
        f"machine: {platform.processor() or platform.machine()}, {platform.python_implementation()} "
        f"{platform.python_version()}, {platform.system()}"
    )
    print(
        f"{rules.name}, deals 0-{args.deals - 1} (Python: 0-{len(in_python) - 1}), seed {args.seed}, "
        f"kernel x{args.kernel_repeats}"
    )
    print(f"{'policy':<12} {'kernel games/s':>15} {'ms/game':>9} {'python games/s':>15} {'ratio':>8}  won  same")
    for name, policy, epsilon_ppm, horizon in POLICIES:
        players_kernel.play(positions[0], policy, args.seed, epsilon_ppm, horizon)  # the rules' tables, built once
        seconds, games = 0.0, []
        for _ in range(args.kernel_repeats):
            took, games = timed_games(players_kernel, positions, policy, args.seed, epsilon_ppm, horizon)
            seconds += took
        kernel_rate = args.kernel_repeats * len(positions) / seconds
        py_seconds, py_games = timed_games(players, in_python, policy, args.seed, epsilon_ppm, horizon)
        python_rate = len(in_python) / py_seconds
        same = "yes" if py_games == games[: len(in_python)] else "NO"
        won = sum(w for w, _ in games)
        print(
            f"{name:<12} {kernel_rate:15,.0f} {1000 / kernel_rate:9.3f} {python_rate:15,.1f} "
            f"{kernel_rate / python_rate:7,.0f}x {won:4}  {same}"
        )


if __name__ == "__main__":
    main()
