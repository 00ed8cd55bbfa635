"""Shortest-line benchmark (not a test): prints figures, asserts nothing about time.

    python bench/shortest.py --deals 0-19 --timeout 60 --memory 2048   # optimal lines per deal
    python bench/shortest.py --deals 0-5 --proof-nodes 5000             # quick: the same work every run
    python bench/shortest.py --endgames 40                              # A* against breadth-first search
    python bench/shortest.py --default-lines 0-999 --lengths butterfly/data/lengths_butterfly.csv.gz
    python bench/shortest.py --bounded-lines 40 --lengths butterfly/data/lengths_butterfly.csv.gz [--min-gap 5]

1. Deals: ``butterfly solve N --shortest`` as the CLI runs it (depth-first
   win, weighted polish, A* proof) under a time limit and a memory cap per
   deal: how many are proved optimal, the time, nodes and peak table memory
   (median and 95th percentile), and the strength of the bounds at the
   start (quick and strong bound over the optimum, on the deals proved).
   With ``--proof-nodes`` the A* proof is limited by the positions it
   expands instead (as the shortest-line surveys limit it), not by
   time: every run does the same work, so two builds compare by their
   seconds alone (a change that keeps the search node for node); the CPU
   seconds, the process's own, vary less than the wall's on a busy machine.
2. Endgames: positions near the end of the solver's winning lines of
   deals 0.., searched side by side in one run by plain breadth-first
   search (butterfly.puzzles.patience.endgame.shortest_win, no pruning) and by the
   A* kernel: the same lengths (checked), the positions each met or
   expanded, and the time.
3. Default lines: the line ``butterfly solve`` printed before and prints
   now, side by side on each deal: lengths over the best lower bound known,
   and the search time.
4. Bounded lines: on deals the published lengths leave bounded, the line
   before and after the strong bound's polish (which runs when a proof
   stops short) and after the deeper one (where the first leaves the line
   far over the bound), over the published bound, and their time.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from butterfly.games.patience.rules import Position
from butterfly.puzzles.patience.endgame import shortest_win
from butterfly.solver.patience import kernel
from butterfly.solver.patience.bound import lower_bound
from butterfly.solver.patience.result import BOUNDED, OPTIMAL, WON, Limits
from butterfly.solver.patience.solve import solve, solve_short, solve_shortest


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def deals(first: int, last: int, timeout: float, memory: int, proof_nodes: int | None = None) -> None:
    rows = []
    limit = f"{timeout:g} s" if proof_nodes is None else f"{proof_nodes:,} proof positions"
    print(f"deal  result   length lower  seconds  CPU s      nodes  peak MiB  (limits: {limit}, {memory} MiB a deal)")
    cpu_seconds = []
    for number in range(first, last + 1):
        position = Position.deal(number)
        cpu = time.process_time()
        if proof_nodes is None:
            result = solve_shortest(position, Limits(timeout=timeout, memory_mib=memory))
        else:
            result = solve_shortest(position, Limits(memory_mib=memory), proof_nodes=proof_nodes)
        cpu_seconds.append(time.process_time() - cpu)
        peak = (result.table_bytes or 0) / 2**20
        rows.append((number, result, peak))
        length = len(result.moves) if result.moves else "-"
        print(
            f"{number:>4}  {result.result:<8} {length:>6} {result.lower_bound or '-':>5} "
            f"{result.seconds:>8.2f} {cpu_seconds[-1]:>6.2f} {result.nodes:>10,} {peak:>9.1f}",
            flush=True,
        )
    print(f"\nCPU seconds in all: {sum(cpu_seconds):.2f} (wall {sum(r.seconds for _, r, _ in rows):.2f})")
    won = [(n, r, p) for n, r, p in rows if r.moves]
    proved = [(n, r, p) for n, r, p in won if r.result == OPTIMAL]
    print(f"\nproved optimal: {len(proved)} of {len(won)} won deals ({100 * len(proved) / max(1, len(won)):.1f} %)")
    for name, values in (
        ("seconds", [r.seconds for _, r, _ in won]),
        ("nodes", [r.nodes for _, r, _ in won]),
        ("peak MiB", [p for _, _, p in won]),
    ):
        if values:
            median, high = statistics.median(values), percentile(values, 0.95)
            print(f"{name:>9}: median {median:,.2f}, 95th percentile {high:,.2f}")
    if proved:
        lengths = [len(r.moves) for _, r, _ in proved]
        quick = [lower_bound(Position.deal(n)) / len(r.moves) for n, r, _ in proved]
        strong = [kernel.strong_bound(Position.deal(n), parking=True) / len(r.moves) for n, r, _ in proved]
        print(f"optimal lengths: {min(lengths)}-{max(lengths)}, median {statistics.median(lengths)}")
        print(
            f"bound at the start over the optimum: quick {statistics.mean(quick):.3f}, "
            f"strong {statistics.mean(strong):.3f}"
        )


def endgames(count: int, cards: int) -> None:
    """Positions with ``cards`` cards in play on the shortened winning lines of deals 0.."""
    print(f"endgames with {cards} cards in play: breadth-first search against A*")
    bfs_positions = astar_nodes = 0
    bfs_seconds = astar_seconds = 0.0
    met = 0
    number = 0
    while met < count:
        position = Position.deal(number)
        number += 1
        found = solve(position, shorten=True)
        if not found.moves:
            continue
        line = position.replay(found.moves)
        here = next((p for p in line if p.cards_in_play() <= cards), None)
        if here is None:
            continue
        start = time.perf_counter()
        truth = shortest_win(here)
        bfs_seconds += time.perf_counter() - start
        start = time.perf_counter()
        answer = kernel.shortest(here)
        astar_seconds += time.perf_counter() - start
        if not truth.complete:
            continue
        assert len(answer.steps) == truth.moves, (number - 1, truth.moves, len(answer.steps))
        bfs_positions += truth.positions
        astar_nodes += answer.nodes
        met += 1
    print(f"  {met} positions, same lengths in every one")
    print(f"  breadth-first: {bfs_positions:,} positions met, {bfs_seconds:.2f} s (Python)")
    print(f"  A* kernel:     {astar_nodes:,} positions expanded, {astar_seconds:.3f} s")
    print(f"  ratio: {bfs_positions / max(1, astar_nodes):,.1f} times fewer positions")


def default_lines(first: int, last: int, lengths: str | None) -> None:
    """The line ``butterfly solve`` printed before (the depth-first search's,
    shortened) against today's (polished: solve_short), side by side on each
    deal, over the best lower bound known: the published lengths' (optimal or
    proved bound) when given, else the strong bound at the start. A line over
    a lower bound is at least its ratio to the optimum."""
    known = {}
    if lengths:
        from pathlib import Path

        from butterfly.solver.survey.publish_lengths import read_file

        known = {row.deal: row for row in read_file(Path(lengths), "butterfly")}
    sides: tuple[list[tuple[int, float]], list[tuple[int, float]]] = ([], [])  # (length, seconds) before, after
    lowers: list[int] = []
    optima: list[int | None] = []
    for number in range(first, last + 1):
        position = Position.deal(number)
        start = time.perf_counter()
        before = solve(position, shorten=True)
        before_seconds = time.perf_counter() - start
        if before.result != WON:
            continue
        start = time.perf_counter()
        after = solve_short(position)
        after_seconds = time.perf_counter() - start
        row = known.get(number)
        lower = row.lower if row else kernel.strong_bound(position)
        optimal = row.length if row and row.result == OPTIMAL else None
        sides[0].append((len(before.moves), before_seconds))
        sides[1].append((len(after.moves), after_seconds))
        lowers.append(lower)
        optima.append(optimal)
    source = "the published lengths' lower bounds" if known else "the strong bound at the start"
    print(f"deals {first}-{last}: {len(lowers)} won; lower bounds from {source}")
    for name, side in zip(("before (shortened)", "after (polished)"), sides):
        lines = [length for length, _ in side]
        over = [length / lower for (length, _), lower in zip(side, lowers)]
        times = [seconds for _, seconds in side]
        print(
            f"  {name:<19} line: median {statistics.median(lines):g}, 95th percentile {percentile(lines, 0.95):g}; "
            f"over the lower bound: median {statistics.median(over):.3f}, 90th percentile {percentile(over, 0.9):.3f}; "
            f"search seconds: median {statistics.median(times):.3f}, 95th percentile {percentile(times, 0.95):.3f}"
        )
    proved = [(length, optimum) for (length, _), optimum in zip(sides[1], optima) if optimum]
    if proved:
        over = [length / optimum for length, optimum in proved]
        median = statistics.median(over)
        print(f"  on the {len(proved)} deals proved optimal: polished line over the optimum, median {median:.3f}")


def bounded_lines(count: int, lengths: str, min_gap: int) -> None:
    """On ``count`` deals the published lengths leave bounded (the first ones;
    with ``min_gap``, spread evenly over those at least that many moves over
    their bound): the line before the proof (the quick bound's polish,
    PROOF_POLISH), after the strong bound's (BOUNDED_POLISH, as a proof that
    stops short hands it over) and after the deeper one (DEEP_POLISH, where
    that leaves the line far over the bound: deep_polish_due), each over
    the published lower bound, and the two polishes' time."""
    from pathlib import Path

    from butterfly.solver.patience.bound import TWICE_EFFORT
    from butterfly.solver.patience.solve import BOUNDED_POLISH, DEEP_POLISH, PROOF_POLISH, deep_polish_due, polish
    from butterfly.solver.survey.publish_lengths import read_file

    rows = [row for row in read_file(Path(lengths), "butterfly") if row.result == BOUNDED]
    if min_gap:
        rows = [row for row in rows if row.gap >= min_gap]
        rows = rows[:: max(1, len(rows) // count)]
    rows = rows[:count]
    print("deal  lower  quick  strong  deep  seconds   (lines before and after each strong-bound polish)")
    gaps: dict[str, list[int]] = {"quick": [], "strong": [], "deep": []}
    times = []
    for row in rows:
        position = Position.deal(row.deal)
        quick, _, _ = polish(position, solve(position, shorten=True).moves, PROOF_POLISH)
        start = time.perf_counter()
        strong, _, found = polish(position, quick, BOUNDED_POLISH, effort=TWICE_EFFORT)
        deep = strong
        if deep_polish_due(len(strong), max(row.lower, found), row.proof_nodes):
            deep, _, _ = polish(position, strong, DEEP_POLISH, effort=TWICE_EFFORT)
        times.append(time.perf_counter() - start)
        assert position.replay(deep)[-1].is_won()
        for name, line in (("quick", quick), ("strong", strong), ("deep", deep)):
            gaps[name].append(len(line) - row.lower)
        print(
            f"{row.deal:>4} {row.lower:>6} {len(quick):>6} {len(strong):>7} {len(deep):>5} {times[-1]:>8.2f}",
            flush=True,
        )
    for name, values in gaps.items():
        print(
            f"  {name:<6} gap to the bound: median {statistics.median(values):g}, mean {statistics.mean(values):.2f}, "
            f"95th percentile {percentile(values, 0.95):g}; meeting it: {sum(v == 0 for v in values)}"
        )
    median, high = statistics.median(times), percentile(times, 0.95)
    print(f"  strong-bound polishes, seconds: median {median:.2f}, 95th percentile {high:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", default=None, help="a range A-B of Butterfly deals")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--memory", type=int, default=2048, help="MiB")
    parser.add_argument(
        "--proof-nodes", type=int, default=None, help="with --deals: limit the A* proof by positions, not --timeout"
    )
    parser.add_argument("--endgames", type=int, default=0, help="how many endgame positions")
    parser.add_argument("--default-lines", default=None, help="a range A-B: the default line before and after")
    parser.add_argument("--bounded-lines", type=int, default=0, help="how many deals the lengths file left bounded")
    parser.add_argument("--min-gap", type=int, default=0, help="with --bounded-lines: those this far over the bound")
    parser.add_argument(
        "--lengths",
        default=None,
        help="with --default-lines or --bounded-lines: butterfly/data/lengths_butterfly.csv.gz",
    )
    parser.add_argument("--cards", type=int, default=16, help="cards in play in the endgames")
    args = parser.parse_args()
    if args.deals:
        first, _, last = args.deals.partition("-")
        deals(int(first), int(last or first), args.timeout, args.memory, args.proof_nodes)
    if args.endgames:
        endgames(args.endgames, args.cards)
    if args.default_lines:
        first, _, last = args.default_lines.partition("-")
        default_lines(int(first), int(last or first), args.lengths)
    if args.bounded_lines:
        if not args.lengths:
            parser.error("--bounded-lines needs --lengths")
        bounded_lines(args.bounded_lines, args.lengths, args.min_gap)


if __name__ == "__main__":
    main()
