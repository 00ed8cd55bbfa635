"""The exact analysis from a seat (butterfly/solver/exact_seat.py), its pure-Python
twin: how far it reaches, and how often the sampled seat analysis picks another card.
Not a test: prints figures, asserts nothing.

    python bench/exact_seat.py --game mouche --players 3 --cards 3 --positions 40 --max-worlds 6000
    python bench/exact_seat.py --game papillon --players 4 --cards 3 --positions 40
    python bench/exact_seat.py --game pamphile --players 3 --cards 3 --positions 40

``--game pamphile``: La Mouche's positions with Le Pamphile's rules (the jack of
clubs the top trump).

Positions come from one-hand (La Mouche) or whole (Papillon) games of the
random bot, seeds 0 and up: every position of the card play (La Mouche) or
the last deal (Papillon) where the mover holds ``--cards`` cards and has a
choice, until ``--positions`` are taken. Positions with more than
``--max-worlds`` kinds of deal (La Mouche: deals that play alike counted
once, butterfly/solver/mouche/alike.py; Papillon: consistent deals) are
counted and skipped. For each other
one it times :func:`exact_seat` (both models; the open searches inside on
the kernel, ``--engine``), and compares its best card (expected model) with
the best card of the sampled seat analysis (``mouche analyse --as-player``'s
5,000 deals, every deal when fewer; Papillon's every split): it prints how
often they differ in value (the sampled card is worth less under the exact
model), the mean and largest loss of playing the sampled card (tricks, or
chips), and how often the guaranteed model's best card is another.
"""

from __future__ import annotations

import argparse
import statistics
import time

from butterfly.games.errors import InputError
from butterfly.solver.engines import engine_name


def _mouche_positions(players: int, cards: int, count: int, pamphile: bool = False):
    from butterfly.games.mouche.game import play_game
    from butterfly.games.mouche.record import game_record, read_record
    from butterfly.games.mouche.rules import MoucheOptions
    from butterfly.solver.mouche.bots import BOTS

    seed = 0
    while True:
        game = play_game(MoucheOptions(players=players, pamphile=pamphile), 1, seed, [BOTS["random"]] * players)
        record = read_record(game_record(game, ["random"] * players))
        for hand in record.hands:
            for state, _ in hand.positions():
                if state.phase == "play" and len(state.hands[state.to_move]) == cards and len(state.playable()) > 1:
                    yield state
                    count -= 1
                    if not count:
                        return
        seed += 1


def _papillon_positions(players: int, cards: int, count: int):
    from butterfly.games.papillon.game import play_game
    from butterfly.games.papillon.rules import Options
    from butterfly.solver.papillon.bots import BOTS

    seed = 0
    while True:
        for hand in play_game(Options(players=players), seed, [BOTS["random"]] * players).hands:
            state = hand.start
            for _, move, _ in hand.moves:
                if not state.stock and len(state.hands[state.to_move]) == cards and len(state.legal_moves()) > 1:
                    yield state
                    count -= 1
                    if not count:
                        return
                state = state.play(move)
        seed += 1


def _mouche_row(state, max_worlds: int, engine):
    """(worlds, seconds, sampled card's loss in tricks, guaranteed best differs), or the worlds alone when skipped."""
    from butterfly.solver.mouche.exact_seat import exact_seat
    from butterfly.solver.mouche.seat import analyse_seat

    try:
        start = time.process_time()
        exact = exact_seat(state, engine=engine, limit=max_worlds)
        seconds = time.process_time() - start
    except InputError:
        return None
    sampled = analyse_seat(state).cards[0].action.cards[0]
    value = {row.card: row.expected for row in exact.cards}
    loss = value[exact.best_expected][0] - value[sampled][0]
    return exact.worlds, seconds, loss, exact.best_guaranteed != exact.best_expected


def _papillon_row(state, max_worlds: int, engine):
    from butterfly.solver.papillon.exact_seat import exact_seat
    from butterfly.solver.papillon.seat import analyse_seat

    try:
        start = time.process_time()
        exact = exact_seat(state, engine=engine, limit=max_worlds)
        seconds = time.process_time() - start
    except InputError:
        return None
    sampled = analyse_seat(state).moves[0].move
    value = {row.move: row.mean_chips for row in exact.moves}
    loss = value[exact.best_expected] - value[sampled]
    return exact.worlds, seconds, loss, exact.best_guaranteed != exact.best_expected


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["mouche", "pamphile", "papillon"], default="mouche")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--cards", type=int, default=3, help="cards in the mover's hand")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--max-worlds", type=int, default=6000, help="skip positions with more kinds of deal")
    parser.add_argument("--engine", type=engine_name, default="kernel", help="the open searches inside the twin")
    args = parser.parse_args()
    if args.game == "papillon":
        positions, row = _papillon_positions(args.players, args.cards, args.positions), _papillon_row
    else:
        positions = _mouche_positions(args.players, args.cards, args.positions, args.game == "pamphile")
        row = _mouche_row
    rows, skipped = [], 0
    for state in positions:
        found = row(state, args.max_worlds, args.engine)
        if found is None:
            skipped += 1
        else:
            rows.append(found)
            print(f"  deals {found[0]}, {found[1]:.3f} s, sampling's card loses {found[2]:.4f}", flush=True)
    unit = "chips" if args.game == "papillon" else "tricks"
    print(f"{args.game}, {args.players} players, {args.cards} cards in the mover's hand, engine {args.engine}")
    print(f"positions {len(rows) + skipped}: solved {len(rows)}, skipped (over {args.max_worlds} deals) {skipped}")
    if not rows:
        return
    worlds = sorted(r[0] for r in rows)
    seconds = sorted(r[1] for r in rows)
    losses = [r[2] for r in rows]
    wrong = sum(1 for x in losses if x > 1e-12)
    p95 = seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))]
    print(f"deals: median {statistics.median(worlds):.0f}, largest {worlds[-1]}")
    print(
        f"CPU seconds a position: median {statistics.median(seconds):.3f},"
        f" 95th percentile {p95:.3f}, largest {seconds[-1]:.3f}"
    )
    print(f"sampling's best card worth less under the exact expected model: {wrong} of {len(rows)}")
    print(f"loss of playing sampling's card ({unit}): mean {statistics.fmean(losses):.4f}, largest {max(losses):.4f}")
    print(f"guaranteed model's best card another than the expected one's: {sum(r[3] for r in rows)} of {len(rows)}")


if __name__ == "__main__":
    main()
