"""Distances on the board: ``butterfly analyse`` with lengths, its searches
for shortest lines sharing what they prove or not (docs/solver.md,
"Distances shared between searches"), side by side in one run.

Positions (seeded): ``--line-positions`` positions along the published
shortest lines of deals 0-999 (butterfly/data/lengths_butterfly.csv.gz, its
optimal rows: a deal drawn, then a move along its line), and
``--random-positions`` from random play (a deal of 0-999 drawn, then up to
``--random-moves`` legal moves drawn uniformly, stopping where none is
left). Each position is analysed on one core, every move decided (1 M
positions a move) and each winning move given its shortest line:

- ``analyse``: the command's defaults for the lengths (20,000 positions and
  1 s each search), without sharing (each winning move's own
  solve_shortest: polish, proof, polish) and with it;
- ``board``: what the analysis board asks (POST /api/analyse with lengths,
  ``--board-seconds`` for the whole answer, shared out among the moves),
  without sharing and with it.

For each: median and 95th percentile seconds of a position, and of the
winning moves, the share proved optimal and the median gap of the bounded
ones (line less bound). Every line is replayed through the rules, and a
move proved optimal both ways must have the same length both ways.

    python bench/distances.py --line-positions 60 --random-positions 60

``--walk GAMES``: the board's answer (``board`` above) at every position of
``GAMES`` games in order, as a player steps through a game on the board:
half along a published shortest line from the deal (its first
``--walk-moves`` positions), half random play from a deal; each position
asked without the per-process cache of tables (each answer its own table,
today's server) and with it (``distances=CACHED``: the table kept from the
game's positions before, :mod:`butterfly.solver.patience.distance_cache`),
side by side, one position after the other:

    python bench/distances.py --walk 8 --walk-moves 30

``--compare deadline``: the two columns are the board's answer (shared) with
the whole answer's seconds a deadline (each search for a length within an
equal part of the seconds left, the lines shortened after them: today's
code) and without it (each search its share of the answer's seconds,
however late, each line shortened as found: the code before), side by side:

    python bench/distances.py --modes board --compare deadline --line-positions 40 --random-positions 20
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from butterfly.games.patience.format import parse_moves
from butterfly.games.patience.rules import Position
from butterfly.solver.budget import Budget
from butterfly.solver.patience.analysis import LENGTH_LIMITS, analyse, analyse_with_budget, budget_limits
from butterfly.solver.patience.distance_cache import CACHED, DISTANCES
from butterfly.solver.patience.result import BOUNDED, OPTIMAL, Limits
from butterfly.solver.survey.publish_lengths import read_file

DATA = Path(__file__).resolve().parent.parent / "butterfly" / "data"
LIMITS = Limits(max_nodes=1_000_000)
#: The board's searches: a patience answer's memory (butterfly.server.tasks.MEMORY_MIB).
BOARD_MEMORY = 256


def line_positions(count: int, rng: random.Random) -> list[tuple[str, Position]]:
    rows = [r for r in read_file(DATA / "lengths_butterfly.csv.gz", "butterfly") if r.line and r.deal < 1000]
    rows = [r for r in rows if r.result == OPTIMAL]
    chosen = []
    for _ in range(count):
        row = rng.choice(rows)
        moves = parse_moves(row.line)
        at = rng.randrange(len(moves))
        chosen.append((f"deal {row.deal} move {at}", Position.deal(row.deal).replay(moves[:at])[-1]))
    return chosen


def random_positions(count: int, most: int, rng: random.Random) -> list[tuple[str, Position]]:
    chosen = []
    for _ in range(count):
        deal = rng.randrange(1000)
        position = Position.deal(deal)
        played = 0
        for _ in range(rng.randrange(most + 1)):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.play(rng.choice(moves))
            played += 1
        chosen.append((f"deal {deal} after {played} random moves", position))
    return chosen


def walk_games(count: int, moves: int, rng: random.Random) -> list[tuple[str, list[Position]]]:
    """``count`` games of at most ``moves + 1`` positions each, from the deal on: half
    along a published shortest line, half random play."""
    rows = [r for r in read_file(DATA / "lengths_butterfly.csv.gz", "butterfly") if r.line and r.deal < 1000]
    rows = [r for r in rows if r.result == OPTIMAL]
    games = []
    for i in range(count):
        if i % 2 == 0:
            row = rng.choice(rows)
            line = parse_moves(row.line)[:moves]
            games.append((f"deal {row.deal}, published line", Position.deal(row.deal).replay(line)))
        else:
            deal = rng.randrange(1000)
            positions = [Position.deal(deal)]
            while len(positions) <= moves and (legal := positions[-1].legal_moves()):
                positions.append(positions[-1].play(rng.choice(legal)))
            games.append((f"deal {deal}, random play", positions))
    return games


def run(
    mode: str,
    shared: bool,
    position: Position,
    board_seconds: float,
    distances: object = None,
    deadline: bool = True,
) -> tuple[float, list]:
    """One analysis (``deadline`` False: the board's answer as before the whole answer's
    seconds were a deadline: each search its share, however late, each line shortened as found)."""
    began = time.perf_counter()
    if mode == "analyse":
        analysis = analyse(position, LIMITS, lengths=LENGTH_LIMITS, shared=shared)
    else:
        budget = Budget(nodes=LIMITS.max_nodes, seconds=board_seconds, memory_mib=BOARD_MEMORY)
        lengths = Budget(nodes=LENGTH_LIMITS.max_nodes, memory_mib=BOARD_MEMORY)
        if deadline:
            analysis = analyse_with_budget(position, budget, lengths=lengths, shared=shared, distances=distances)
        else:
            limits, length_limits = budget_limits(position, budget, lengths)
            analysis = analyse(position, limits, lengths=length_limits, shared=shared, distances=distances)
    seconds = time.perf_counter() - began
    for move in analysis.moves:  # every line replays through the rules
        if move.line is not None:
            assert position.replay(list(move.line))[-1].is_won(), (position, move)
    return seconds, [m for m in analysis.moves if m.line is not None]


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def walk(args: argparse.Namespace, rng: random.Random) -> None:
    """The board's answers along games, without the cache and with it (module docstring)."""
    games = walk_games(args.walk, args.walk_moves, rng)
    DISTANCES.clear()
    for kind in ("published line", "random play"):
        seconds: dict[bool, list[float]] = {False: [], True: []}
        proved = dict.fromkeys((False, True), 0)
        winning = dict.fromkeys((False, True), 0)
        gaps: dict[bool, list[int]] = {False: [], True: []}
        compared = 0
        for name, positions in games:
            if kind not in name:
                continue
            for at, position in enumerate(positions):
                row, proved_lengths = [], []
                for cached in (False, True):
                    took, wins = run("board", True, position, args.board_seconds, CACHED if cached else None)
                    seconds[cached].append(took)
                    winning[cached] += len(wins)
                    proved[cached] += sum(m.value == OPTIMAL for m in wins)
                    gaps[cached] += [m.length - m.lower_bound for m in wins if m.value == BOUNDED]
                    proved_lengths.append({m.move: m.length for m in wins if m.value == OPTIMAL})
                    bounds = {m.move: (m.lower_bound, m.length) for m in wins if m.value in (OPTIMAL, BOUNDED)}
                    row.append((took, sum(m.value == OPTIMAL for m in wins), len(wins), bounds))
                # one truth: a length proved either way lies within the other's proved bounds
                for move, length in proved_lengths[0].items():
                    if move in row[1][3]:
                        low, high = row[1][3][move]
                        assert low <= length <= high, (name, at, move)
                        compared += 1
                for move, length in proved_lengths[1].items():
                    if move in row[0][3]:
                        low, high = row[0][3][move]
                        assert low <= length <= high, (name, at, move)
                if args.verbose:
                    print(
                        f"    {name} move {at}: without {row[0][0]:.2f} s {row[0][1]}/{row[0][2]}, "
                        f"cached {row[1][0]:.2f} s {row[1][1]}/{row[1][2]}",
                        flush=True,
                    )
        if not seconds[False]:
            continue
        print(
            f"  walk, {kind}: {len(seconds[False])} positions ({compared} lengths checked against the other's bounds)"
        )
        for cached, label in ((False, "without cache"), (True, "cached")):
            s = seconds[cached]
            share = proved[cached] / winning[cached] if winning[cached] else 1.0
            gap = statistics.median(gaps[cached]) if gaps[cached] else 0
            print(
                f"    {label:14} median {statistics.median(s):.3f} s, 95th percentile {quantile(s, 0.95):.3f} s, "
                f"largest {max(s):.3f} s; winning moves {winning[cached]}, proved optimal {proved[cached]} "
                f"({100 * share:.1f} %), bounded {len(gaps[cached])} (median gap {gap})",
                flush=True,
            )
    print(f"  tables made {DISTANCES.made}, reused {DISTANCES.reused}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--line-positions", type=int, default=60)
    parser.add_argument("--random-positions", type=int, default=60)
    parser.add_argument("--random-moves", type=int, default=30, help="random moves at most before a position")
    parser.add_argument("--modes", default="analyse,board")
    parser.add_argument("--board-seconds", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=67)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument(
        "--walk", type=int, default=0, help="games walked position by position (board, cache off and on)"
    )
    parser.add_argument("--walk-moves", type=int, default=30, help="moves of each walked game at most")
    parser.add_argument(
        "--compare", choices=["sharing", "deadline"], default="sharing", help="what the two columns differ in"
    )
    args = parser.parse_args()
    labels = ("without sharing", "shared") if args.compare == "sharing" else ("no deadline", "deadline")
    rng = random.Random(args.seed)
    if args.walk:
        walk(args, rng)
        return
    samples = {
        "published lines": line_positions(args.line_positions, rng),
        "random play": random_positions(args.random_positions, args.random_moves, rng),
    }
    for mode in args.modes.split(","):
        print(f"{mode}:")
        for sample, positions in samples.items():
            if not positions:
                continue
            seconds: dict[bool, list[float]] = {False: [], True: []}
            proved = dict.fromkeys((False, True), 0)
            gaps: dict[bool, list[int]] = {False: [], True: []}
            winning = dict.fromkeys((False, True), 0)
            compared = 0
            for name, position in positions:
                row = []
                proved_lengths: list[dict] = []
                for shared in (False, True):
                    if args.compare == "sharing":
                        took, wins = run(mode, shared, position, args.board_seconds)
                    else:  # (the second column's is the deadline)
                        took, wins = run(mode, True, position, args.board_seconds, deadline=shared)
                    proved_lengths.append({m.move: m.length for m in wins if m.value == OPTIMAL})
                    seconds[shared].append(took)
                    winning[shared] += len(wins)
                    proved[shared] += sum(m.value == OPTIMAL for m in wins)
                    gaps[shared] += [m.length - m.lower_bound for m in wins if m.value == BOUNDED]
                    row.append(f"{took:.2f} s {sum(m.value == OPTIMAL for m in wins)}/{len(wins)}")
                both = proved_lengths[0].keys() & proved_lengths[1].keys()
                assert all(proved_lengths[0][m] == proved_lengths[1][m] for m in both), name  # one truth
                compared += len(both)
                if args.verbose:
                    print(f"    {name}: {labels[0]} {row[0]}, {labels[1]} {row[1]}", flush=True)
            print(f"  {sample}, {len(positions)} positions ({compared} moves proved by both: the same lengths):")
            for shared, label in zip((False, True), labels):
                s = seconds[shared]
                share = proved[shared] / winning[shared] if winning[shared] else 1.0
                gap = statistics.median(gaps[shared]) if gaps[shared] else 0
                print(
                    f"    {label:16} median {statistics.median(s):.3f} s, 95th percentile {quantile(s, 0.95):.3f} s, "
                    f"largest {max(s):.3f} s; winning moves {winning[shared]}, proved optimal {proved[shared]} "
                    f"({100 * share:.1f} %), bounded {len(gaps[shared])} (median gap {gap})",
                    flush=True,
                )


if __name__ == "__main__":
    main()
