"""Papillon reviews (butterfly/solver/papillon/review.py): seconds to review a hand and
a game. Not a test: prints figures, asserts nothing.

    python bench/review_papillon.py                  # 100 one-round games of 3 players per bot, seeds 0-99
    python bench/review_papillon.py --games 10 --players 4 --deals 500

For each bot (random, greedy, analyst) it plays one-round games with that
bot in every seat, writes each as a record and reads it back, reviews it
(every move of the last two deals judged with all cards open, those of the
last deal from the seat too) and prints the median and 95th percentile
seconds a hand and a game (the review alone, not the play), with the moves
judged and the accuracy over them, all cards open | from the seat.
"""

from __future__ import annotations

import argparse
import statistics
import time

from butterfly.games.papillon.game import play_game
from butterfly.games.papillon.record import game_record, read_record
from butterfly.games.papillon.rules import Options
from butterfly.solver.papillon.bots import BOTS
from butterfly.solver.papillon.review import DEALS, review_record
from butterfly.solver.review import summarise


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def seconds_text(seconds: list[float]) -> str:
    """The median, 95th percentile and largest of ``seconds`` (also bench/review_mouche.py's)."""
    return (
        f"median {statistics.median(seconds):.3f}, 95th percentile {percentile(seconds, 0.95):.3f}, "
        f"largest {max(seconds):.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per bot (seeds 0 to games-1)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument(
        "--deals", type=int, default=DEALS, help="deals of the unseen cards and of the stock solved before sampling"
    )
    parser.add_argument("--bots", default="random,greedy,analyst")
    args = parser.parse_args()
    options = Options(players=args.players, rounds=1)
    print(f"{args.games} one-round games of {args.players} players per bot; splits and deals up to {args.deals}")
    for bot in args.bots.split(","):
        per_hand, per_game, opened, seen = [], [], [], []
        moves = 0
        for seed in range(args.games):
            game = play_game(options, seed, [BOTS[bot]] * args.players)
            text = game_record(game, [bot] * args.players)
            start = time.perf_counter()
            review = review_record(read_record(text), deals=args.deals)
            seconds = time.perf_counter() - start
            per_game.append(seconds)
            per_hand.append(seconds / len(review.hands))
            every = [m for hand in review.hands for m in hand.moves]
            moves += len(every)
            opened += [m.open.judgement for m in every if m.open]
            seen += [m.from_seat.judgement for m in every if m.from_seat]
        print(
            f"{bot:<8} seconds a hand: {seconds_text(per_hand)}; a game: median "
            f"{statistics.median(per_game):.3f}, 95th percentile {percentile(per_game, 0.95):.3f}; "
            f"{moves} moves, judged {len(opened)} | {len(seen)}; accuracy "
            f"{summarise(0, opened).accuracy} | {summarise(0, seen).accuracy}"
        )


if __name__ == "__main__":
    main()
