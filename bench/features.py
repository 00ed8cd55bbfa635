"""Exact and layout features of deals (butterfly/puzzles/rating/features.py): time and figures.
Not a test: prints figures, asserts nothing.

    python bench/features.py                  # Butterfly deals 0-49, the proposed limits
    python bench/features.py --deals 0-9 --decision-nodes 20000

For every deal it runs :func:`butterfly.puzzles.rating.features.exact_features` (solve and
shorten, fewest cells, the line's decisions, the solver's effort over 8 row
orders) and :func:`butterfly.puzzles.rating.features.layout_features`, then prints the time
of each feature per deal (median, 90th percentile, largest), the share of
deals left with something unproved (an undecided position, an unresolved
class, a fewest-cells count that is only "at most", a capped effort run),
and the distributions of the critical decision count and of forgiveness.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from butterfly.games.patience.rules import Position, make_rules
from butterfly.puzzles.rating.features import (
    DECISION_LIMITS,
    EFFORT_MAX_NODES,
    FEWEST_CELLS_LIMITS,
    ExactLimits,
    exact_features,
    layout_features,
)
from butterfly.puzzles.rating.irt import spearman
from butterfly.solver.patience.result import Limits


def deal_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def quantiles(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):.3f}  p90 {p90:.3f}  max {ordered[-1]:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="0-49")
    parser.add_argument("--variant", default=None)
    parser.add_argument("--solve-nodes", type=int, default=1_000_000)
    parser.add_argument("--cells-nodes", type=int, default=FEWEST_CELLS_LIMITS.max_nodes)
    parser.add_argument("--decision-nodes", type=int, default=DECISION_LIMITS.max_nodes)
    parser.add_argument("--effort-nodes", type=int, default=EFFORT_MAX_NODES)
    parser.add_argument("--orders", type=int, default=8)
    parser.add_argument("--verbose", action="store_true", help="one line per deal")
    args = parser.parse_args()
    limits = ExactLimits(
        solve=Limits(max_nodes=args.solve_nodes),
        fewest_cells=Limits(max_nodes=args.cells_nodes),
        decisions=Limits(max_nodes=args.decision_nodes),
        effort_orders=args.orders,
        effort_max_nodes=args.effort_nodes,
    )
    rules = make_rules("butterfly", args.variant)
    deals = deal_range(args.deals)
    print(
        f"{rules.name} deals {deals.start}-{deals.stop - 1}; limits: solve {args.solve_nodes} nodes, "
        f"fewest cells {args.cells_nodes} per count, decisions {args.decision_nodes} per class, "
        f"effort {args.orders} orders x {args.effort_nodes}"
    )
    rows = []
    for number in deals:
        position = Position.deal(number, rules)
        start = time.perf_counter()
        layout = layout_features(position)
        layout_seconds = time.perf_counter() - start
        start = time.perf_counter()
        exact = exact_features(position, limits)
        exact["seconds_total"] = time.perf_counter() - start
        exact["seconds_layout"] = layout_seconds
        rows.append((number, exact, layout))
        if args.verbose:
            shown = {k: v for k, v in exact.items() if not k.startswith("seconds") and k != "effort_nodes"}
            print(f"  deal {number}: {exact['seconds_total']:.2f} s {shown}", flush=True)

    print("\nseconds per deal")
    for name in ("total", "solve", "fewest_cells", "decisions", "effort", "layout"):
        values = [e[f"seconds_{name}"] for _, e, _ in rows if f"seconds_{name}" in e]
        print(f"  {name:13s} {quantiles(values)}")

    won = [e for _, e, _ in rows if e["verdict"] == "won"]
    count = len(rows)
    print(f"\nverdicts: {dict(Counter(e['verdict'] for _, e, _ in rows))}")
    print("deals with something unproved:")
    print(f"  an undecided position        {sum(e['undecided'] > 0 for e in won)} / {len(won)} won deals")
    print(f"  an unresolved class          {sum(e['unresolved_classes'] > 0 for e in won)} / {len(won)} won deals")
    print(f"  fewest cells only 'at most'  {sum(not e['fewest_cells_exact'] for _, e, _ in rows)} / {count}")
    print(f"  a capped effort run          {sum(e['effort_capped'] > 0 for _, e, _ in rows)} / {count}")
    print(f"  unresolved classes in all    {sum(e['unresolved_classes'] for e in won)}")

    fewest = Counter(str(e.get("fewest_cells", "none")) for _, e, _ in rows)
    print("\nfewest cells: " + ", ".join(f"{k}: {fewest[k]}" for k in sorted(fewest)))
    critical = Counter(e["critical_decisions"] for e in won)
    print("critical decisions per deal: " + ", ".join(f"{k}: {critical[k]}" for k in sorted(critical)))
    firsts = [e["first_critical"] / e["line_length"] for e in won if "first_critical" in e]
    print(f"first critical, as a share of the line: {quantiles(firsts)} ({len(firsts)} deals have one)")
    forgiving = [e["forgiveness"] for e in won if "forgiveness" in e]
    print(f"forgiveness: {quantiles(forgiving)}  min {min(forgiving):.3f}")
    lengths = [e["line_length"] for e in won]
    print(f"line length: {quantiles(lengths)}")
    print(f"effort median nodes: {quantiles([e['effort_median'] for _, e, _ in rows])}")
    print(f"effort geometric mean nodes: {quantiles([e['effort_geomean'] for _, e, _ in rows])}")

    print("\nlayout features (median over the deals) and their Spearman correlation with the exact ones")
    targets = {
        "crit": [e.get("critical_decisions", 0) for _, e, _ in rows],
        "forgive": [e.get("forgiveness", 0.0) for _, e, _ in rows],
        "effort": [e["effort_geomean"] for _, e, _ in rows],
        "cells": [e.get("fewest_cells", 4) for _, e, _ in rows],
    }
    print(f"  {'feature':15s} {'median':>7s} " + " ".join(f"{t:>8s}" for t in targets))
    for name in rows[0][2]:
        values = [layout[name] for _, _, layout in rows]
        corr = " ".join(f"{spearman(values, t):8.2f}" for t in targets.values())
        print(f"  {name:15s} {statistics.median(values):7.1f} {corr}")


if __name__ == "__main__":
    main()
