"""The chain relaxation with and without CP-SAT's probing, on the same deals.

    python bench/relax_models.py --variant alternate-colours --deals 8,22,32

For each deal: the deterministic time (CP-SAT's, independent of the
machine's load) and the wall-clock time of the model solved with CP-SAT's
default probing level (2) and with probing off (0, what ``check`` does).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

try:
    import solver  # noqa: F401  (the installed package)
except ImportError:  # a checkout whose package is not installed: use its sources
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.patience import Position, make_rules  # noqa: E402
from solver.relaxation import solve_model  # noqa: E402

RUNS = {
    "probing 2 (default)": lambda position, effort: solve_model(position, effort, probing=2),
    "probing 0 (check)": lambda position, effort: solve_model(position, effort, probing=0),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default=None)
    parser.add_argument("--basement", type=int, default=None)
    parser.add_argument("--deals", default="8,22,32", help="comma-separated deal numbers")
    parser.add_argument("--effort", type=float, default=200.0)
    args = parser.parse_args()
    rules = make_rules("butterfly", args.variant, args.basement)
    deals = [int(d) for d in args.deals.split(",")]
    totals = {name: [0.0, 0.0] for name in RUNS}
    print(f"{rules.name}, effort {args.effort:g}")
    print(f"{'deal':>6}  " + "  ".join(f"{name:>26}" for name in RUNS))
    for deal in deals:
        position = Position.deal(deal, rules)
        cells = []
        for name, run in RUNS.items():
            start = time.perf_counter()
            result, spent = run(position, args.effort)
            wall = time.perf_counter() - start
            totals[name][0] += spent
            totals[name][1] += wall
            cells.append(f"{result:>8} {spent:6.1f} det {wall:5.1f} s")
        print(f"{deal:>6}  " + "  ".join(f"{cell:>26}" for cell in cells), flush=True)
    base = totals["probing 2 (default)"][0]
    print(f"{'total':>6}  " + "  ".join(f"{det:10.1f} det {wall:6.1f} s ({base / det:.2f}x)" for det, wall in totals.values()))


if __name__ == "__main__":
    main()
