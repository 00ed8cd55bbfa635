"""Papillon bots: ``bot(state, rng) -> Move`` for the player to move.

- ``random``: any legal move.
- ``greedy``: the move that gains the most chips at once (then the one
  taking most cards, then the first).
- ``analyst``: once the stock is empty, the move with the best mean result
  over every way the unseen cards can lie in the opponents' hands, each
  solved exactly (:func:`butterfly.solver.papillon.seat.analyse_seat`); greedy before that.
  It uses only what its seat can know: its hand, the table and which cards
  are still unseen.
"""

from __future__ import annotations

import random

from butterfly.games.papillon.rules import HandState, Move
from butterfly.solver.papillon.seat import analyse_seat


def random_bot(state: HandState, rng: random.Random) -> Move:
    return rng.choice(state.legal_moves())


def greedy_bot(state: HandState, rng: random.Random) -> Move:
    player = state.to_move
    moves = state.legal_moves()

    def gain(index: int):
        move = moves[index]
        after = state.play_unchecked(move)
        return (after.chips[player] - state.chips[player], len(move.captured), -index)

    return moves[max(range(len(moves)), key=gain)]


def analyst_bot(state: HandState, rng: random.Random) -> Move:
    if state.stock:
        return greedy_bot(state, rng)

    return analyse_seat(state, state.to_move).moves[0].move


BOTS = {"random": random_bot, "greedy": greedy_bot, "analyst": analyst_bot}
