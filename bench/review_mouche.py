"""La Mouche reviews (butterfly/solver/mouche/review.py): seconds to review a hand.
Not a test: prints figures, asserts nothing.

    python bench/review_mouche.py                   # 100 one-hand games of 4 players per bot, seeds 0-99
    python bench/review_mouche.py --games 10 --players 6 --deals 50
    python bench/review_mouche.py --players 6 --games 20 --nodes 0   # every deal sampled solved (no budget)

For each bot (random, rules, analyst) it plays one-hand games with that bot
in every seat, writes each as a record and reads it back, reviews it
(every card judged with all cards open and from the seat), and prints the
median and 95th percentile seconds a hand (the review alone, not the play;
and the CPU seconds, which a loaded machine does not inflate),
with the accuracy over every card the bot played, open | from the seat,
and the mean number of deals the seat's view solved a card with a choice.
"""

from __future__ import annotations

import argparse
import time

from review_papillon import seconds_text  # bench/review_papillon.py: run as python bench/review_mouche.py

from butterfly.games.mouche.game import play_game
from butterfly.games.mouche.record import game_record, read_record
from butterfly.games.mouche.rules import MoucheOptions
from butterfly.solver.mouche.bots import BOTS
from butterfly.solver.mouche.review import DEALS, FORCED, LEAST_DEALS, NODES, review_record
from butterfly.solver.review import summarise


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per bot (seeds 0 to games-1)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=DEALS, help="the seat's deals per card")
    parser.add_argument(
        "--nodes", type=int, default=NODES, help="the search nodes after which a card's sampled deals stop (0: none)"
    )
    parser.add_argument("--bots", default="random,rules,analyst")
    args = parser.parse_args()
    options = MoucheOptions(players=args.players)
    nodes = args.nodes or None
    budget = f", fewer once they take {nodes} nodes (at least {LEAST_DEALS})" if nodes else ""
    print(
        f"{args.games} one-hand games of {args.players} players per bot; the seat's view: up to {args.deals} deals"
        f"{budget}"
    )
    for bot in args.bots.split(","):
        seconds, cpu, opened, seen, cards, solved = [], [], [], [], 0, []
        for seed in range(args.games):
            game = play_game(options, 1, seed, [BOTS[bot]] * args.players)
            text = game_record(game, [bot] * args.players)
            start, start_cpu = time.perf_counter(), time.process_time()
            review = review_record(read_record(text), deals=args.deals, nodes=nodes)
            seconds.append((time.perf_counter() - start) / len(review.hands))
            cpu.append((time.process_time() - start_cpu) / len(review.hands))
            judged = [m for hand in review.hands for m in hand.moves if m.open]
            cards += len(judged)
            opened += [m.open.judgement for m in judged if m.open]
            seen += [m.from_seat.judgement if m.from_seat else FORCED for m in judged]
            solved += [m.from_seat.deals for m in judged if m.from_seat]
        print(
            f"{bot:<8} seconds a hand: {seconds_text(seconds)} (CPU: {seconds_text(cpu)}); "
            f"{cards} cards judged; accuracy "
            f"{summarise(0, opened).accuracy} | {summarise(0, seen).accuracy}; "
            f"{sum(solved) / max(1, len(solved)):.1f} deals solved a card with a choice"
        )


if __name__ == "__main__":
    main()
