"""La Mouche bots: ``bot(state, rng) -> Action`` for the player to move.

- ``random``: any legal action.
- ``rules``: a simple rule-based player. It stands on a mouche or on a hand
  with two trumps or a high trump, discards its weak cards when it has one
  trump or a king, folds otherwise (the dealer never folds when everyone
  else has). In play it wins the trick as cheaply as it can, or throws its
  lowest card; leading, it plays its best trump with three or more trumps,
  else its highest card.
- ``analyst``: declarations by :func:`solver.mouche.seat.declaration_advice`,
  cards by :func:`solver.mouche.seat.analyse_seat` (sampled worlds, each
  solved exactly). It uses only what its seat can see.
"""

from __future__ import annotations

import random

from games.cards import Rank, Suit
from games.mouche.rules import Action, MoucheHand

HIGH = (Rank.KING, Rank.QUEEN)


def random_bot(state: MoucheHand, rng: random.Random) -> Action:
    return rng.choice(state.legal_moves())


def _weakness(state: MoucheHand, card) -> tuple:
    """Sort key, weakest first: non-trumps before trumps, then low before high."""
    trump = state.trump
    return (state.suit_of(card) == trump, state.strength(card, state.suit_of(card)))


def rule_declaration(state: MoucheHand) -> Action:
    p = state.to_move
    hand = state.hands[p]
    if state.phase == "trump":
        counts = {s: sum(c.suit == s for c in hand) for s in Suit}
        return Action("trump", (), max(Suit, key=lambda s: (counts[s], -int(s))))
    if len({c.suit for c in hand}) == 1:
        return Action("stand")
    trumps = [c for c in hand if state.suit_of(c) == state.trump]
    high_trump = any(state.is_pamphile(c) or c.rank in HIGH for c in trumps)
    everyone_folded = p == state.dealer and all(d == "fold" for s, d in enumerate(state.declared) if s != p)
    if len(trumps) >= 2 or high_trump:
        return Action("stand")
    if trumps or any(c.rank == Rank.KING for c in hand) or everyone_folded:
        weak = sorted((c for c in hand if c not in trumps and c.rank not in HIGH), key=lambda c: _weakness(state, c))
        weak = weak[: len(state.stock)]
        return Action("discard", tuple(sorted(weak))) if weak else Action("stand")
    return Action("fold")


def rule_card(state: MoucheHand) -> Action:
    legal = state.playable()
    if not state.trick:
        trumps = [c for c in legal if state.suit_of(c) == state.trump]
        if len(trumps) >= 3:
            return Action("play", (max(trumps, key=lambda c: state.strength(c, state.trumps)),))
        return Action("play", (max(legal, key=lambda c: state.strength(c, state.suit_of(c))),))
    led = state.suit_of(state.trick[0][1])
    best = max(state.strength(c, led) for _, c in state.trick)
    winning = [c for c in legal if state.strength(c, led) > best]
    if winning:
        return Action("play", (min(winning, key=lambda c: state.strength(c, led)),))
    return Action("play", (min(legal, key=lambda c: _weakness(state, c)),))


def rule_bot(state: MoucheHand, rng: random.Random) -> Action:
    if state.phase == "play":
        return rule_card(state)
    return rule_declaration(state)


def analyst_bot(state: MoucheHand, rng: random.Random, worlds: int = 100) -> Action:
    from solver.mouche.seat import analyse_seat, declaration_advice

    if state.phase == "play":
        if len(state.playable()) == 1:
            return Action("play", (state.playable()[0],))
        return analyse_seat(state, state.to_move, limit=worlds, seed=rng.randrange(1 << 30)).cards[0].action
    if state.phase == "trump":
        return rule_declaration(state)
    return declaration_advice(state, worlds=worlds, seed=rng.randrange(1 << 30)).options[0].action


BOTS = {"random": random_bot, "rules": rule_bot, "analyst": analyst_bot}
