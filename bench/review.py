"""How long ``butterfly analyse`` and ``butterfly review`` take on Butterfly.

- analyse: the positions along the published shortest lines of deals
  A-B (butterfly/data/lengths_butterfly.csv.gz), each position's every move
  decided, then (on the first deals) given its shortest length;
- review: one game of each of the ladder's players on deals A-B (player
  ``deal % 6``, seed 1), reviewed with and without the lengths (par from
  the published lengths, as the command line takes it; the lengths within
  ``--par-seconds``, and with ``--unbounded`` also without that limit), and
  how many of the won stretches' moves were given a proved cost.

    python bench/review.py --deals 0-99 --every 5

prints the median, 95th percentile and largest seconds of each.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from butterfly.games.patience.format import parse_moves
from butterfly.games.patience.rules import Position
from butterfly.puzzles.rating.ladder import ENGINES, LADDER
from butterfly.solver.patience.analysis import LENGTH_LIMITS, UNKNOWN, analyse
from butterfly.solver.patience.result import OPTIMAL, Limits
from butterfly.solver.patience.review import BEST, REVIEW_LENGTH_SECONDS, WINNING, review
from butterfly.solver.survey.publish_lengths import published_par, read_file

DATA = Path(__file__).resolve().parent.parent / "butterfly" / "data"


def quantiles(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):.3f} s, 95th percentile {p95:.3f} s, largest {ordered[-1]:.3f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="0-99", help="deals A-B")
    parser.add_argument("--every", type=int, default=5, help="analyse every Nth position of each line")
    parser.add_argument("--length-deals", type=int, default=20, help="give lengths on the first N deals only")
    parser.add_argument("--skip-analyse", action="store_true")
    parser.add_argument("--skip-review", action="store_true")
    parser.add_argument("--par-seconds", type=float, default=REVIEW_LENGTH_SECONDS, help="the review's lengths' time")
    parser.add_argument("--unbounded", action="store_true", help="also review with no time limit on the lengths")
    args = parser.parse_args()
    first, last = map(int, args.deals.split("-"))
    deals = range(first, last + 1)
    limits = Limits(max_nodes=1_000_000)
    if not args.skip_analyse:
        published = {row.deal: row for row in read_file(DATA / "lengths_butterfly.csv.gz", "butterfly") if row.line}
        decide, lengths, undecided, positions, proved, winning = [], [], 0, 0, 0, 0
        for deal in deals:
            start = Position.deal(deal)
            if deal not in published:
                continue
            for position in start.replay(parse_moves(published[deal].line))[: -1 : args.every]:
                began = time.perf_counter()
                decided = analyse(position, limits, lengths=None)
                decide.append(time.perf_counter() - began)
                undecided += sum(m.value == UNKNOWN for m in decided.moves)
                positions += 1
                if deal < first + args.length_deals:
                    began = time.perf_counter()
                    valued = analyse(position, limits, lengths=LENGTH_LIMITS)
                    lengths.append(time.perf_counter() - began)
                    proved += sum(m.value == OPTIMAL for m in valued.moves)
                    winning += sum(m.line is not None for m in valued.moves)
        print(f"analyse, {positions} positions on the shortest lines of deals {args.deals} (every {args.every}th):")
        print(f"  every move decided:        {quantiles(decide)}; moves left undecided: {undecided}")
        if lengths:
            print(
                f"  with shortest lengths too, first {args.length_deals} deals: {quantiles(lengths)} "
                f"(--length-nodes {LENGTH_LIMITS.max_nodes:,}); {proved} of {winning} winning moves proved shortest"
            )
    if not args.skip_review:
        runs = {"lengths": (LENGTH_LIMITS, args.par_seconds), "none": (None, None)}
        if args.unbounded:
            runs["unbounded"] = (LENGTH_LIMITS, None)
        timed: dict[str, list[float]] = {label: [] for label in runs}
        costed = dict.fromkeys(runs, 0)
        pars = dict.fromkeys(runs, 0)
        results: dict[str, int] = {}
        won_moves = 0
        for deal in deals:
            player = LADDER[deal % len(LADDER)]
            start = Position.deal(deal)
            _, moves = ENGINES["kernel"].play(start, player.policy, 1, player.epsilon_ppm, player.horizon)
            par = published_par(start, deal)
            for label, (lengths_limits, seconds) in runs.items():
                began = time.perf_counter()
                reviewed = review(start, moves, limits, lengths=lengths_limits, par=par, length_seconds=seconds)
                timed[label].append(time.perf_counter() - began)
                costed[label] += sum(m.over is not None for m in reviewed.moves)
                pars[label] += reviewed.par is not None
                if label == "none":
                    results[reviewed.result] = results.get(reviewed.result, 0) + 1
                    won_moves += sum(m.mark in (BEST, WINNING) for m in reviewed.moves)
        print(f"review, one game a deal by the ladder's players on deals {args.deals}: {results}")
        print(f"  {won_moves} moves played while the deal was still won")
        for label, words in (
            ("lengths", f"with par and each move's cost (--par-seconds {args.par_seconds})"),
            ("unbounded", "with par and each move's cost, no time limit on all"),
            ("none", "the losing move only"),
        ):
            if label in runs:
                print(f"  {words}: {quantiles(timed[label])}; par {pars[label]}, moves costed {costed[label]}")


if __name__ == "__main__":
    main()
