"""Patience solver benchmark (not a test): prints figures, asserts nothing
about time.

    python bench/patience.py            # the figures in docs/performance.md
    python bench/patience.py --quick    # a smaller run

1. Kernel and reference on the same deals with the same node budget (both
   with their default pruning). They search identically, so the node counts
   match and nodes/s compare directly.
2. The kernel alone on larger budgets (a table far bigger than the caches),
   without and with the dead-end test, to show what the test costs per node.
3. A survey of Butterfly deals as `butterfly survey` runs it (restarts, then
   one full search): deals per second, one worker and two.
4. Peak memory: the largest transposition table against its cap, and the
   process's resident set.

``--large 50000000`` instead runs one search of that many nodes, past the
caches, in slices of 5 M nodes with the table probes of each, beside the
same search cut at 20,000 nodes (in cache); ``--large-deal GAME:N`` picks
the deal (Streets and Alleys deal 16 by default).
"""

from __future__ import annotations

import argparse
import platform
import resource
import time

from butterfly.games.errors import InputError
from butterfly.games.patience.rules import Position, make_rules
from butterfly.solver.patience import kernel, reference
from butterfly.solver.patience.result import Limits
from butterfly.solver.survey.run import run_survey, summarise


def same_deals(deals: range, budget: int, repeats: int) -> None:
    rules = make_rules("butterfly")
    positions = [Position.deal(n, rules) for n in deals]
    limits = Limits(max_nodes=budget)
    ref_nodes, ref_seconds = 0, 0.0
    ref_results = []
    for p in positions:
        start = time.perf_counter()
        r = reference.solve(p, limits)
        ref_seconds += time.perf_counter() - start
        ref_nodes += r.nodes
        ref_results.append((r.result, r.nodes))
    ker_nodes, ker_seconds = 0, 0.0
    for _ in range(repeats):
        for p, expected in zip(positions, ref_results):
            start = time.perf_counter()
            r = kernel.solve(p, limits)
            ker_seconds += time.perf_counter() - start
            ker_nodes += r.nodes
            if (r.result, r.nodes) != expected:
                raise SystemExit(f"kernel and reference disagree on {p}: {(r.result, r.nodes)} vs {expected}")
    ref_rate, ker_rate = ref_nodes / ref_seconds, ker_nodes / ker_seconds
    print(
        f"[same deals] butterfly deals {deals.start}-{deals.stop - 1}, budget {budget} nodes each, "
        f"{ref_nodes} nodes in all (identical counts)"
    )
    print(f"  reference : {ref_rate:12,.0f} nodes/s")
    print(f"  kernel    : {ker_rate:12,.0f} nodes/s  (summed over {repeats} repeats)")
    print(f"  ratio     : {ker_rate / ref_rate:12.1f} x")


def kernel_at_scale(deals: range, budget: int) -> None:
    """The plain search and the one with the dead-end test, side by side."""
    rules = make_rules("butterfly")
    for dead_ends in (False, True):
        nodes, seconds, peak = 0, 0.0, 0
        for n in deals:
            r = kernel.solve(Position.deal(n, rules), Limits(max_nodes=budget), dead_ends=dead_ends)
            nodes += r.nodes
            seconds += r.seconds
            peak = max(peak, r.table_bytes or 0)
        label = "with the dead-end test" if dead_ends else "without the dead-end test"
        print(
            f"[kernel at scale] butterfly deals {deals.start}-{deals.stop - 1}, budget {budget:,} nodes, "
            f"{label}: {nodes:,} nodes, {nodes / seconds:,.0f} nodes/s, largest table {peak / 2**20:.0f} MiB"
        )


def one_large_search(
    budget: int, memory_mib: int, game: str = "streets-and-alleys", deal: int = 16, slice_nodes: int = 5_000_000
) -> None:
    """One search far past the caches (by default Streets and Alleys deal 16
    in the natural order: no verdict within 50 M nodes), beside the same search
    cut at 20,000 nodes, whose table stays in cache: the ratio is what the
    memory probes cost. The large one runs in slices (``Search.run`` goes
    on where it stopped, node for node), each printed with its children
    looked up in the table (probes) per node and the longest line reached:
    where a search backs out of a long line, every child of every position
    on it is looked up and few are new."""
    position = Position.deal(deal, make_rules(game))
    name = f"{game} deal {deal}"
    r = kernel.solve(position, Limits(max_nodes=20_000, memory_mib=memory_mib))
    print(f"[one large search] {name}, {r.nodes:,} nodes: {r.nodes / r.seconds:,.0f} nodes/s")
    search = kernel.Search(position, memory_mib << 20)
    seconds, probes, nodes = 0.0, 0, 0
    for end in [*range(slice_nodes, budget, slice_nodes), budget]:
        r = search.run(end)
        print(
            f"  nodes {nodes / 1e6:4.0f}-{r.nodes / 1e6:.0f} M: {r.seconds:6.2f} s, "
            f"{(r.nodes - nodes) / r.seconds:>10,.0f} nodes/s, "
            f"{(search.probes - probes) / (r.nodes - nodes):5.1f} probes a node, "
            f"{(search.probes - probes) / r.seconds:>11,.0f} probes/s, longest line {search.deepest:,}"
        )
        seconds, probes, nodes = seconds + r.seconds, search.probes, r.nodes
        if r.result != "unresolved" or r.stopped_by != "nodes":
            break
    print(
        f"[one large search] {name}, {nodes:,} nodes ({r.result}, stopped by {r.stopped_by}): "
        f"{nodes / seconds:,.0f} nodes/s, {probes / seconds:,.0f} probes/s, "
        f"table peak {(r.table_bytes or 0) / 2**20:,.0f} MiB"
    )


def memory_cap(cap_mib: int) -> None:
    r = kernel.solve(Position.deal(7), Limits(max_nodes=None, memory_mib=cap_mib))
    peak = r.table_bytes or 0  # (the kernel always reports it)
    print(
        f"[memory cap] deal 7 with no node limit and a {cap_mib} MiB cap: {r.result} "
        f"(stopped by {r.stopped_by}) after {r.nodes:,} nodes; table peak "
        f"{peak / 2**20:.1f} MiB <= {cap_mib} MiB: {peak <= cap_mib << 20}"
    )


def survey(count: int, budget: int, workers: int) -> None:
    """The survey front-end as users run it: restarts, then one full search."""
    rules = make_rules("butterfly")
    start = time.perf_counter()
    results = run_survey(range(count), rules, Limits(max_nodes=budget), "kernel", workers)
    seconds = time.perf_counter() - start
    s = summarise(results)
    print(
        f"[survey] {count} butterfly deals, budget {budget:,} nodes, {workers} worker(s): "
        f"{count / seconds:.1f} deals/s ({seconds:.1f} s); won {s['won']}, "
        f"unwinnable {s['unwinnable']}, unresolved {s['unresolved']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smaller figures, about a minute")
    parser.add_argument(
        "--large", type=int, metavar="NODES", help="only one search of NODES nodes past the caches (50000000)"
    )
    parser.add_argument(
        "--large-deal",
        default="streets-and-alleys:16",
        metavar="GAME:N",
        help="with --large: the deal searched (default streets-and-alleys:16)",
    )
    args = parser.parse_args()
    game, _, deal = args.large_deal.rpartition(":")
    if not game or not deal.isdigit():
        parser.error(f"--large-deal {args.large_deal!r}: expected GAME:N, as streets-and-alleys:16")
    try:
        make_rules(game)
    except InputError as error:
        parser.error(f"--large-deal {args.large_deal!r}: {error}")
    print(
        f"machine: {platform.processor() or platform.machine()}, {platform.python_implementation()} "
        f"{platform.python_version()}, {platform.system()}"
    )
    if args.large:
        one_large_search(args.large, 8192, game, int(deal))
    elif args.quick:
        same_deals(range(10), 20_000, 3)
        kernel_at_scale(range(10), 500_000)
        memory_cap(32)
        survey(200, 200_000, 1)
    else:
        same_deals(range(40), 20_000, 5)
        kernel_at_scale(range(40), 2_000_000)
        memory_cap(256)
        survey(1000, 200_000, 1)
        survey(1000, 200_000, 2)
    usage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(f"[peak memory] this process {usage / 1024:.0f} MiB, largest worker {children / 1024:.0f} MiB (resident)")


if __name__ == "__main__":
    main()
