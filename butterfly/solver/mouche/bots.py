"""La Mouche bots: ``bot(state, rng) -> Action`` for the player to move.

- ``random``: any legal action.
- ``rules``: the simple rule-based player of :mod:`butterfly.solver.mouche.rule_player`.
- ``analyst``: declarations by :func:`butterfly.solver.mouche.seat.declaration_advice`,
  cards by :func:`butterfly.solver.mouche.seat.analyse_seat` (sampled worlds, each
  solved exactly). It uses only what its seat can see.
"""

from __future__ import annotations

import random

from butterfly.games.mouche.rules import Action, MoucheHand
from butterfly.solver.mouche.rule_player import rule_bot, rule_declaration
from butterfly.solver.mouche.seat import analyse_seat, declaration_advice


def random_bot(state: MoucheHand, rng: random.Random) -> Action:
    return rng.choice(state.legal_moves())


def analyst_bot(state: MoucheHand, rng: random.Random, worlds: int = 100) -> Action:
    if state.phase == "play":
        if len(state.playable()) == 1:
            return Action("play", (state.playable()[0],))
        return analyse_seat(state, state.to_move, limit=worlds, seed=rng.randrange(1 << 30)).cards[0].action
    if state.phase == "trump":
        return rule_declaration(state)
    return declaration_advice(state, worlds=worlds, seed=rng.randrange(1 << 30)).options[0].action


BOTS = {"random": random_bot, "rules": rule_bot, "analyst": analyst_bot}
