"""The answer from a seat as every place gives it (butterfly/solver/*/seat_answer.py): how often it is
exact within its limits, and how long an answer takes, exact or sampled. Not a test: prints figures.

    python bench/seat_answer.py --game mouche --players 3 --cards 2 --positions 20
    python bench/seat_answer.py --game papillon --players 4 --cards 3 --positions 20

Positions are bench/exact_seat.py's (the random bot's games, seeds 0 and up, the mover holding
``--cards`` cards with a choice). Each is answered as ``<game> analyse --as-player`` answers it (the
default limits, the reasons worked out); wall-clock seconds, as a player waits for them.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from exact_seat import _mouche_positions, _papillon_positions  # (this folder: python bench/seat_answer.py)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=["mouche", "papillon"], required=True)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--cards", type=int, default=2)
    parser.add_argument("--positions", type=int, default=20)
    args = parser.parse_args()
    if args.game == "mouche":
        from butterfly.solver.mouche.seat_answer import seat_answer

        positions = _mouche_positions(args.players, args.cards, args.positions)
    else:
        from butterfly.solver.papillon.seat_answer import seat_answer  # type: ignore[assignment]

        positions = _papillon_positions(args.players, args.cards, args.positions)
    times: dict[bool, list[float]] = {True: [], False: []}
    why: Counter[str] = Counter()
    deals = []
    for state in positions:
        start = time.monotonic()
        answer = seat_answer(state)
        seconds = time.monotonic() - start
        times[answer.exact].append(seconds)
        if answer.exact:
            deals.append(answer.deals)
        else:
            why[(answer.why_sampled or "").split(" deals")[0].replace("more than", "over")] += 1
        print(f"{'exact' if answer.exact else 'sampled':8} {answer.deals:>6} deals {seconds:6.2f} s", flush=True)

    def spread(xs: list[float]) -> str:
        if not xs:
            return "-"
        xs = sorted(xs)
        return f"median {statistics.median(xs):.2f} s, 95th {xs[min(len(xs) - 1, int(0.95 * len(xs)))]:.2f} s"

    total = len(times[True]) + len(times[False])
    print(
        f"{args.game} {args.players} players, {args.cards} cards: {len(times[True])} of {total} exact "
        f"(deals {min(deals, default=0)}-{max(deals, default=0)}; {spread(times[True])}); "
        f"sampled {len(times[False])} ({dict(why)}; {spread(times[False])})"
    )


if __name__ == "__main__":
    main()
