"""The chain relaxation by SAT (today's) against its CP-SAT model, side by side.

    python research/relax_models.py --variant alternate-colours --deals 8,22,32,726,1043,1405
    python research/relax_models.py ... --cpsat-commit 7671819   (needs git and `pip install ortools`)

For each deal: the verdict, the effort (conflicts of the SAT solver) and
the wall-clock seconds of ``butterfly.solver.patience.relaxation.check``; with
``--cpsat-commit``, also those of the CP-SAT model as that commit had it
(loaded from git; effort in CP-SAT's deterministic seconds), run right
after on the same deal so that both see the same machine load.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import types
from pathlib import Path

from butterfly.games.patience.rules import Position, make_rules
from butterfly.solver.patience import relaxation

ROOT = Path(__file__).resolve().parent.parent


def module_at(commit: str) -> types.ModuleType:
    """solver/relaxation.py as it was at ``commit``."""
    source = subprocess.run(
        ["git", "show", f"{commit}:solver/relaxation.py"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    module = sys.modules[f"relaxation_{commit}"] = types.ModuleType(f"relaxation_{commit}")
    exec(compile(source, f"{commit}:solver/relaxation.py", "exec"), module.__dict__)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default=None)
    parser.add_argument("--basement", type=int, default=None)
    parser.add_argument("--deals", default="8,22,32", help="comma-separated deal numbers")
    parser.add_argument("--effort", type=int, default=relaxation.DEFAULT_EFFORT, help="SAT conflicts")
    parser.add_argument("--cpsat-commit", default=None, help="also run the CP-SAT model of this commit")
    parser.add_argument("--cpsat-effort", type=float, default=200.0, help="CP-SAT deterministic seconds")
    args = parser.parse_args()
    rules = make_rules("butterfly", args.variant, args.basement)
    runs = {"SAT": lambda position: relaxation.check(position, args.effort)}
    if args.cpsat_commit:
        old = module_at(args.cpsat_commit)
        runs[f"CP-SAT ({args.cpsat_commit})"] = lambda position: old.check(position, args.cpsat_effort)
    totals = dict.fromkeys(runs, 0.0)
    print(f"{rules.name}")
    print(f"{'deal':>6}  " + "  ".join(f"{name:>34}" for name in runs))
    for deal in (int(d) for d in args.deals.split(",")):
        position = Position.deal(deal, rules)
        cells = []
        for name, run in runs.items():
            start = time.perf_counter()
            verdict = run(position)
            wall = time.perf_counter() - start
            totals[name] += wall
            cells.append(f"{verdict.result:>8} {verdict.effort:>10,g} effort {wall:6.1f} s")
        print(f"{deal:>6}  " + "  ".join(f"{cell:>34}" for cell in cells), flush=True)
    base = totals["SAT"]
    print(f"{'total':>6}  " + "  ".join(f"{wall:>27.1f} s ({wall / base:.1f}x)" for wall in totals.values()))


if __name__ == "__main__":
    main()
