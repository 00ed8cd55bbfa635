"""Puzzle benchmark (not a test): prints figures, asserts nothing.

    python bench/puzzle_generation.py                    # every kind, a few seeds each
    python bench/puzzle_generation.py --seeds 40 --cards 200
    python bench/puzzle_generation.py --pool pool.sqlite --until 2027-12-31   # time choosing a year's calendar

(Not ``bench/puzzles.py``: a script's folder comes first on the import
path, and a file of that name would hide the ``puzzles`` package from
every benchmark here.)

Per kind: seeds tried, the share that gives a puzzle, puzzles per minute of
one core (generation includes every proof the puzzle carries), and the
seconds to prove one again. With ``--pool``: the seconds CP-SAT takes to
choose the calendar from launch to ``--until`` from that pool (nothing is
written), and what that says about a year's pool on two cores.
"""

from __future__ import annotations

import argparse
import time

from butterfly.puzzles.daily import LAUNCH, parse_date, plan
from butterfly.puzzles.document import Kind, PuzzleId
from butterfly.puzzles.generate import generate, prove
from butterfly.puzzles.kinds import family_for
from butterfly.puzzles.pool import Pool

CARD_GAMES = ("papillon", "mouche", "pamphile")


def measure(kind: Kind, game: str, seeds: int) -> tuple[int, float, float]:
    """(puzzles found, generation seconds, proving seconds) over seeds 0..seeds-1."""
    found, generating, proving = 0, 0.0, 0.0
    for seed in range(seeds):
        start = time.process_time()
        puzzle = generate(PuzzleId.make(kind, game, seed))
        generating += time.process_time() - start
        if puzzle is not None:
            found += 1
            start = time.process_time()
            prove(puzzle)
            proving += time.process_time() - start
    return found, generating, proving


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=20, help="seeds per Butterfly kind")
    parser.add_argument("--cards", type=int, default=100, help="seeds per card game")
    parser.add_argument("--pool", default=None, help="a pool file to choose a calendar from")
    parser.add_argument("--until", default="2027-12-31")
    args = parser.parse_args()
    print(f"{'kind':10} {'game':10} {'seeds':>5} {'found':>5} {'per min':>8} {'prove s':>8}")
    rates = {}
    jobs: list[tuple[Kind, str, int]] = [(k, "butterfly", args.seeds) for k in family_for("butterfly").kinds]
    jobs += [("only-card", g, args.cards) for g in CARD_GAMES]
    for kind, game, seeds in jobs:
        found, generating, proving = measure(kind, game, seeds)
        per_minute = 60 * found / generating if generating else float("nan")
        rates[kind, game] = per_minute
        print(
            f"{kind:10} {game:10} {seeds:5} {found:5} {per_minute:8.1f} {proving / max(1, found):8.3f}",
            flush=True,
        )
    if args.pool:
        pool = Pool(args.pool)
        try:
            puzzles = pool.puzzles()
        finally:
            pool.close()
        until = parse_date(args.until)
        start = time.perf_counter()
        days = plan(puzzles, [], until)
        seconds = time.perf_counter() - start
        print(f"calendar {LAUNCH} to {days[-1].date}: {len(days)} days from a pool of {len(puzzles)}", end="")
        print(f" in {seconds:.1f} s (CP-SAT, one worker)")


if __name__ == "__main__":
    main()
