"""Strong stubborn sets for the A* of shortest lines (not a test): how many moves they cut.

    python bench/stubborn.py --random 30                  # random play, every preset: moves cut
    python bench/stubborn.py --random 30 --relaxed cells,hosts,builders   # the same, unsound relaxations
    python bench/stubborn.py --proofs 1:5,2:5,4:5,6:5 --nodes 1500   # the twin's A*, with and without
    python bench/stubborn.py --home-first 500             # small positions: does a move home start a shortest line?

1. Random play: positions of random play (60 moves at most) from deals 0..N-1
   of each preset, at each position with more than one move to try: the
   moves the search would try (``ordered_moves``) and how many the stubborn
   set cuts. ``--relaxed`` leaves interferences out (cells: two moves to a
   cell; hosts: a move onto a card and that card's own moves; builders: a
   card's move and the moves onto that card), which makes
   the set unsound: an upper figure for any finer set of the same kind.
2. Proofs: the Python twin's A* (``shortest.search``) from the position
   ``skip`` moves along deal ``deal``'s published shortest line
   (butterfly/data/lengths_butterfly.csv.gz, optimal rows), with that line's
   length left as the upper bound (so it must prove no shorter line exists),
   without and with the sets, one after the other: positions expanded,
   the proved bound, CPU seconds; and, over the positions the search without
   them expands, the moves tried a position, the share with a foundation
   move the safe-move rule does not take alone, the share with the basement
   full, and the moves the sets would cut.
3. Home first: on small Butterfly positions (6 to 10 cards in play, made up
   as the tests make them, seed 5) with a move home the safe-move rule does
   not take alone, how many such moves start a shortest line (breadth-first
   search before and after): what a rule sending cards home first for
   shortest lines would have to get right, and the positions where it
   would not.
"""

from __future__ import annotations

import argparse
import collections
import csv
import gzip
import random
import time
from pathlib import Path

from butterfly.games.patience.rules import FOUNDATION, PRESETS, Move, Position
from butterfly.solver.patience import shortest
from butterfly.solver.patience.pruning import ordered_moves
from butterfly.solver.patience.stubborn import stubborn_moves

LENGTHS = Path(__file__).resolve().parent.parent / "butterfly" / "data" / "lengths_butterfly.csv.gz"


def random_play(deals: int, relaxed: frozenset[str]) -> None:
    print(f"random play, deals 0-{deals - 1}, up to 60 moves, relaxed: {', '.join(sorted(relaxed)) or 'none'}")
    for game, rules in PRESETS.items():
        rng = random.Random(1)
        positions = moves_in_all = cut = positions_cut = 0
        for deal in range(deals):
            position = Position.deal(deal, rules)
            for _ in range(60):
                moves = ordered_moves(position, True)
                if not moves:
                    break
                if len(moves) > 1:
                    kept = stubborn_moves(position, moves, relaxed)
                    positions += 1
                    moves_in_all += len(moves)
                    cut += len(moves) - len(kept)
                    positions_cut += len(kept) < len(moves)
                position = position.play_unchecked(rng.choice(moves))
        print(
            f"  {game:<20} {positions:>6,} positions, {moves_in_all:>7,} moves; "
            f"cut {cut:,} moves ({100 * cut / max(1, moves_in_all):.2f} %) at {positions_cut:,} positions"
        )


def searched(position: Position, left: int, nodes: int) -> tuple[list[tuple[int, int | None, float]], list]:
    """The twin's A* without and with the sets: (nodes, lower, CPU seconds) each, and the
    positions the first expanded with the moves it tried there."""
    expanded: list[tuple[Position, list[Move]]] = []
    plain = shortest.ordered_moves

    def counting(here: Position, safe: bool, dead: bool = True) -> list[Move]:
        moves = plain(here, safe, dead)
        expanded.append((here, moves))
        return moves

    figures = []
    for stubborn in (False, True):
        shortest.ordered_moves = plain if stubborn else counting  # type: ignore[assignment]
        cpu = time.process_time()
        try:
            answer = shortest.search(position, upper=left, max_nodes=nodes, stubborn=stubborn)
        finally:
            shortest.ordered_moves = plain
        figures.append((answer.nodes, answer.lower, time.process_time() - cpu))
    return figures, expanded


def proofs(probes: list[tuple[int, int]], nodes: int) -> None:
    with gzip.open(LENGTHS, "rt") as lengths:
        rows = {int(r["deal"]): r for r in csv.DictReader(lengths) if r["result"] == "optimal"}
    print(f"the twin's A*, at most {nodes:,} positions expanded, upper bound the published optimum less moves played")
    print("deal skip left  without: nodes lower  CPU s    with: nodes lower  CPU s   moves/pos  home  full  cut")
    for deal, skip in probes:
        line = [Move.parse(t.strip()) for t in rows[deal]["line"].split(",")]
        position = Position.deal(deal)
        for move in line[:skip]:
            position = position.play(move)
        left = len(line) - skip
        ((n0, l0, s0), (n1, l1, s1)), expanded = searched(position, left, nodes)
        seen: collections.Counter[str] = collections.Counter()
        for here, moves in expanded:
            seen["moves"] += len(moves)
            safe_alone = len(moves) == 1 and moves[0].target == FOUNDATION
            seen["home"] += not safe_alone and any(m.target == FOUNDATION for m in moves)
            seen["full"] += len(here.cells) == here.rules.cells
            if len(moves) > 1:
                seen["cut"] += len(moves) - len(stubborn_moves(here, moves))
        count = max(1, len(expanded))
        print(
            f"{deal:>4} {skip:>4} {left:>4}  {n0:>14,} {l0:>5} {s0:>6.1f}  {n1:>11,} {l1:>5} {s1:>6.1f}   "
            f"{seen['moves'] / count:>9.1f} {100 * seen['home'] / count:>4.0f}% {100 * seen['full'] / count:>4.0f}% "
            f"{seen['cut']:>4}",
            flush=True,
        )


def home_first(count: int) -> None:
    import importlib.util

    from butterfly.puzzles.patience.endgame import shortest_win

    # the tests' small positions, loaded from their file (the checkout's tests/ is no package)
    spec = importlib.util.spec_from_file_location(
        "patience_positions", Path(__file__).resolve().parent.parent / "tests" / "patience_positions.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    small_positions = module.small_positions

    def distance(position: Position) -> int | None:
        return 0 if position.is_won() else shortest_win(position).moves

    positions = moves_home = starting = 0
    for position in small_positions(count, 5, (6, 10), games=("butterfly",)):
        moves = ordered_moves(position, True)
        home = [m for m in moves if m.target == FOUNDATION]
        if len(moves) <= 1 or not home:
            continue
        far = distance(position)
        if far is None:
            continue
        positions += 1
        for move in home:
            moves_home += 1
            after = distance(position.play(move))
            if after == far - 1:
                starting += 1
            else:
                print(f"  not first: {move} from {position.rows} cells {position.cells}: {far} moves, then {after}")
    print(
        f"{positions} won small positions with a move home not taken alone: {moves_home} such moves, "
        f"{starting} start a shortest line"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--random", type=int, metavar="DEALS", help="random play from deals 0..DEALS-1 of each preset")
    parser.add_argument("--relaxed", default="", help="cells,hosts,builders: interferences left out (unsound)")
    parser.add_argument("--proofs", metavar="DEAL:SKIP,...", help="the twin's A* along published lines")
    parser.add_argument("--nodes", type=int, default=1500, help="positions each A* may expand")
    parser.add_argument("--home-first", type=int, metavar="COUNT", help="small positions made up: moves home first")
    args = parser.parse_args()
    relaxed = frozenset(x for x in args.relaxed.split(",") if x)
    if not relaxed <= {"cells", "hosts", "builders"}:
        parser.error("--relaxed takes cells, hosts, builders or several")
    if args.random:
        random_play(args.random, relaxed)
    if args.proofs:
        probes = [tuple(int(x) for x in probe.split(":")) for probe in args.proofs.split(",")]
        proofs([(deal, skip) for deal, skip in probes], args.nodes)
    if args.home_first:
        home_first(args.home_first)
    if not args.random and not args.proofs and not args.home_first:
        parser.error("give --random, --proofs or --home-first")


if __name__ == "__main__":
    main()
