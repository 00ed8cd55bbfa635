"""Restart schedules side by side (not a test): the same deals solved with
each schedule of butterfly.solver.patience.solve, in one run, one deal at a time and
the schedules in turn on each deal; prints nodes and seconds, asserts
nothing about time. A verdict that differs between schedules (one won,
another unwinnable) is printed loudly and makes the exit code 1.

    python bench/restarts.py --game beleaguered-castle --deals 0-199   # docs/performance.md
    python bench/restarts.py --game streets-and-alleys --deals 0-99
    python bench/restarts.py --game butterfly --deals 0-1999 --max-nodes 1000000   # the surveys' budget
    python bench/restarts.py --game streets-and-alleys --deals 0-99 --schedules interleaved

Node counts are exact and the same on every machine; seconds are this
machine's. The schedules' limits are the same (docs/solver.md, "Restarts").
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

from butterfly.games.patience.rules import PRESETS, Position, make_rules
from butterfly.solver.patience.result import Limits
from butterfly.solver.patience.solve import SCHEDULES, solve
from butterfly.solver.survey.run import parse_range

#: Deals whose figures are printed one by one when in range (the hard tail of issue 31).
NAMED = {"beleaguered-castle": (67, 158, 192), "streets-and-alleys": (4, 16, 41)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(PRESETS), default="beleaguered-castle")
    parser.add_argument("--deals", default="0-49", help="deal numbers, as 0-199 (default 0-49)")
    parser.add_argument("--max-nodes", type=int, default=10_000_000, help="node budget per deal (default 10,000,000)")
    parser.add_argument(
        "--schedules", default=",".join(SCHEDULES), help=f"comma-separated, of {', '.join(SCHEDULES)} (default all)"
    )
    args = parser.parse_args()
    deals = parse_range(args.deals)
    schedules = [name.strip() for name in args.schedules.split(",")]
    if not schedules or not set(schedules) <= set(SCHEDULES):
        parser.error(f"--schedules: each of {', '.join(SCHEDULES)}")
    rules = make_rules(args.game)
    limits = Limits(max_nodes=args.max_nodes)
    print(f"machine: {platform.machine()}, CPython {platform.python_version()}")
    print(f"{args.game} deals {args.deals}, {args.max_nodes:,} nodes each, schedules in turn on each deal")
    rows: dict[str, list[tuple[int, str, int, float]]] = {schedule: [] for schedule in schedules}
    disagreements = []
    for deal in deals:
        position = Position.deal(deal, rules)
        verdicts = set()
        for schedule in schedules:
            start = time.perf_counter()
            result = solve(position, limits, schedule=schedule)
            rows[schedule].append((deal, result.result, result.nodes, time.perf_counter() - start))
            if result.result != "unresolved":
                verdicts.add(result.result)
        if len(verdicts) > 1:
            disagreements.append(deal)
            print(f"DISAGREEMENT on deal {deal}: {verdicts}", file=sys.stderr)
    print(f"{'schedule':<15} {'won':>5} {'lost':>5} {'open':>5} {'nodes':>14} {'seconds':>9} {'median nodes':>13}")
    for schedule, results in rows.items():
        outcomes = [verdict for _, verdict, _, _ in results]
        nodes = [n for _, _, n, _ in results]
        print(
            f"{schedule:<15} {outcomes.count('won'):>5} {outcomes.count('unwinnable'):>5} "
            f"{outcomes.count('unresolved'):>5} {sum(nodes):>14,} {sum(s for *_, s in results):>9.2f} "
            f"{statistics.median(nodes):>13,.0f}"
        )
    print("by verdict (each schedule's own), nodes and seconds in all:")
    for schedule, results in rows.items():
        parts = []
        for verdict in ("won", "unwinnable", "unresolved"):
            mine = [(n, s) for _, v, n, s in results if v == verdict]
            parts.append(f"{verdict} {sum(n for n, _ in mine):,} nodes {sum(s for _, s in mine):.2f} s")
        print(f"  {schedule:<15} " + "; ".join(parts))
    for deal in NAMED.get(args.game, ()):
        if deal in deals:
            at = deals.index(deal)
            figures = ", ".join(
                f"{schedule} {rows[schedule][at][1]} {rows[schedule][at][2]:,} nodes" for schedule in schedules
            )
            print(f"deal {deal}: {figures}")
    print(f"disagreements: {len(disagreements)}")
    sys.exit(1 if disagreements else 0)


if __name__ == "__main__":
    main()
