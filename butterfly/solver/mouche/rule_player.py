"""The rule-based La Mouche player (the ``rules`` bot of :mod:`butterfly.solver.mouche.bots`).

It stands on a mouche or on a hand with two trumps or a high trump, discards
its weak cards when it has one trump or a king, folds otherwise (the dealer
never folds when everyone else has). In play it wins the trick as cheaply as
it can, or throws its lowest card; leading, it plays its best trump with
three or more trumps, else its highest card. The analysis from one seat
(:mod:`butterfly.solver.mouche.seat`) expects the other seats to declare this way.
"""

from __future__ import annotations

import random

from butterfly.games.cards import Rank, Suit
from butterfly.games.mouche.rules import Action, MoucheHand

HIGH = (Rank.KING, Rank.QUEEN)


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
