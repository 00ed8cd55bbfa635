"""What the deals a survey left open have in common (analysis, not a test).

    python research/open_deals.py                              # alternate colours
    python research/open_deals.py --file butterfly/data/butterfly_basement-1.csv.gz --variant none --cells 1
    python research/open_deals.py --restarts 100 --nodes 100000 --deals 20
    python research/open_deals.py --restarts 300 --nodes 10000 --per-kind 15

1. Reads a published survey (butterfly/data/*.csv.gz) and sorts its deals by the rows
   that could be emptied last (docs/solver.md, rule 3): how many there are,
   and, when there is only one, the rank of its innermost card. It prints
   how many deals of each kind were won, proved lost or left open.
2. With ``--restarts``: the first ``--deals`` open deals (or, with
   ``--per-kind K``, the first K open deals of each kind in the table) are
   searched again from ``--restarts`` row orders other than the survey's
   (SplitMix64 seeds 1000 and up), ``--nodes`` nodes each, to see whether
   wins were simply missed. It prints the first order that settles each
   deal, if any, and how many were settled.
"""

from __future__ import annotations

import argparse
import collections
import csv
import gzip
import time
from pathlib import Path

from butterfly.games.patience.rules import Position, make_rules
from butterfly.solver.patience import kernel
from butterfly.solver.patience.pruning import last_row_candidates
from butterfly.solver.patience.result import UNRESOLVED, Limits
from butterfly.solver.patience.solve import permuted, row_order

DEFAULT_FILE = Path(__file__).resolve().parent.parent / "butterfly" / "data" / "butterfly_alternate-colours.csv.gz"


def kind_of(deal: int, rules) -> tuple[int, int]:
    """(number of rows that could be last, the innermost rank when just one)."""
    candidates = last_row_candidates(Position.deal(deal, rules))
    return len(candidates), candidates[0][0].rank if len(candidates) == 1 else 0


def kind_order(kind: tuple[int, int]) -> tuple:
    return kind[0] != 1, kind


def by_last_rows(results: dict[int, str], kinds: dict[int, tuple[int, int]]) -> None:
    table: dict[tuple[int, int], collections.Counter] = collections.defaultdict(collections.Counter)
    for deal, result in results.items():
        table[kinds[deal]][result] += 1
    print(f"{'rows that could be last':<32} {'won':>7} {'lost':>7} {'open':>7} {'open %':>7}")
    for count, rank in sorted(table, key=kind_order):
        counts = table[count, rank]
        total = sum(counts.values())
        kind = f"1 row, innermost rank {rank}" if count == 1 else f"{count} rows"
        print(
            f"{kind:<32} {counts['won']:>7} {counts['unwinnable']:>7} {counts['unresolved']:>7}"
            f" {100 * counts['unresolved'] / total:>6.1f}%"
        )


def restarts(deals: list[int], rules, attempts: int, nodes: int) -> None:
    settled_count = 0
    for deal in deals:
        position = Position.deal(deal, rules)
        start, settled = time.perf_counter(), None
        for attempt in range(attempts):
            order = row_order(1000 + attempt, len(position.rows))
            result = kernel.solve(permuted(position, order), Limits(max_nodes=nodes))
            if result.result != UNRESOLVED:
                settled = f"{result.result} by order {attempt + 1} ({result.nodes} nodes)"
                settled_count += 1
                break
        print(
            f"deal {deal}: {settled or f'still open after {attempts} orders'} ({time.perf_counter() - start:.1f} s)",
            flush=True,
        )
    print(f"settled {settled_count} of {len(deals)} open deals")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE, help="a published survey (butterfly/data/*.csv.gz)")
    parser.add_argument("--variant", default="alternate-colours", help="suit variant of that survey ('none': standard)")
    parser.add_argument("--cells", type=int, default=None, help="basement size of that survey")
    parser.add_argument("--restarts", type=int, default=0, help="row orders to try on open deals")
    parser.add_argument("--nodes", type=int, default=100_000, help="nodes per row order")
    parser.add_argument("--deals", type=int, default=20, help="how many open deals to try again")
    parser.add_argument(
        "--per-kind", type=int, default=0, help="instead, try again the first K open deals of each kind"
    )
    args = parser.parse_args()
    rules = make_rules("butterfly", None if args.variant == "none" else args.variant, args.cells)
    with gzip.open(args.file, "rt") as handle:
        results = {int(row["deal"]): row["result"] for row in csv.DictReader(handle)}
    print(f"{args.file.name}: {len(results)} deals, {rules.name}\n")
    kinds = {deal: kind_of(deal, rules) for deal in results}
    by_last_rows(results, kinds)
    if args.restarts:
        print()
        open_deals = [deal for deal, result in sorted(results.items()) if result == UNRESOLVED]
        if args.per_kind:
            open_deals = [
                deal
                for kind in sorted(set(kinds.values()), key=kind_order)
                for deal in [d for d in open_deals if kinds[d] == kind][: args.per_kind]
            ]
        else:
            open_deals = open_deals[: args.deals]
        restarts(open_deals, rules, args.restarts, args.nodes)


if __name__ == "__main__":
    main()
