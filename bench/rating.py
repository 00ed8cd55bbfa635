"""Rating benchmark (not a test): prints figures, asserts nothing.

    python bench/rating.py                 # Butterfly deals 0-99
    python bench/rating.py --deals 0-19 --exact

For each deal: every player's games (games per second, per player), the
full rating (the solver's verdict, then the whole ladder, then the rating
with the calibration's thetas; seconds per deal, median and 90th
percentile), with ``--exact`` the exact features as ``butterfly rate``
reports them, and the quick rating (cheap features and the predictor).
One process, one core.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from butterfly.games.patience.rules import Position, make_rules
from butterfly.puzzles.rating.features import exact_features
from butterfly.puzzles.rating.ladder import LADDER, play_game
from butterfly.puzzles.rating.quick import predict
from butterfly.puzzles.rating.rate import calibration_for, rate
from butterfly.solver.survey.run import parse_range


def spread(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"median {statistics.median(ordered):.4f} s, p90 {p90:.4f} s, max {ordered[-1]:.4f} s"


def seconds_each(work: Callable[[Position], object], positions: list[Position]) -> list[float]:
    """The seconds ``work`` takes on each position."""
    times = []
    for position in positions:
        start = time.perf_counter()
        work(position)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="0-99")
    parser.add_argument("--game", default="butterfly")
    parser.add_argument("--variant", default=None)
    parser.add_argument("--exact", action="store_true", help="time the exact features too")
    args = parser.parse_args()
    rules = make_rules(args.game, args.variant)
    deals = parse_range(args.deals)
    positions = [Position.deal(d, rules) for d in deals]
    print(f"{rules.name}, deals {args.deals} ({len(deals)} deals)")
    print("games per second, per player (seeds 1..seeds on every deal):")
    for player in LADDER:
        start, games = time.perf_counter(), 0
        for position in positions:
            for seed in range(1, player.seeds + 1):
                play_game(player, position, seed)
                games += 1
        elapsed = time.perf_counter() - start
        print(f"  {player.name:14s} {games / elapsed:10.1f} games/s  ({player.seeds} seeds)")
    print(f"full rating (verdict + ladder + fit): {spread(seconds_each(rate, positions))}")
    if args.exact:
        print(f"exact features: {spread(seconds_each(exact_features, positions))}")
    calibration = calibration_for(rules)
    if calibration is not None and calibration.quick:
        model = calibration.quick
        print(f"quick rating: {spread(seconds_each(lambda p: predict(p, model), positions))}")
    else:
        print(f"quick rating: {rules.name} is not calibrated")


if __name__ == "__main__":
    main()
