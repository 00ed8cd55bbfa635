"""Exact trick-play search for La Mouche in pure Python: the oracle for the kernel.

It plays the rules engine itself (:meth:`MoucheHand.playable` and
:meth:`MoucheHand.play_unchecked`), so it is slow but obviously right.

Each trick pays a fifth of the pool and a player in the hand with no trick
makes the mouche, so a player's chips for the hand grow with their tricks:
maximising one's chips is maximising one's tricks.

- **max-n**: the player to move plays the card that ends the hand with the
  most tricks for themself; among equal cards, the first in the search
  order (:func:`search_order`: by suit as played, weakest first). The value
  is everyone's tricks.
- **paranoid** for player ``p``: everyone else plays to leave ``p`` as few
  tricks as possible; the value is the tricks ``p`` can guarantee (those
  already won included). ``p`` can be forced to make the mouche exactly when
  it is 0.
"""

from __future__ import annotations

from games.cards import Card
from games.mouche.rules import POWER, Action, MoucheHand


def search_order(state: MoucheHand, cards) -> list[Card]:
    """``cards`` in the order the searches try them, which also breaks max-n
    ties: by the suit they count as (the Pamphile among the trumps, as the
    top one), then weakest first. It depends only on suits and the order
    within a suit, so positions equal up to relabelling the cards of a suit
    in order get equal values (which the kernel's table relies on)."""
    return sorted(cards, key=lambda c: (int(state.suit_of(c)), 14 if state.is_pamphile(c) else POWER[c.rank]))


def _key(state: MoucheHand) -> tuple:
    return (state.hands, state.trick, state.to_move)


def maxn_tricks(state: MoucheHand, memo: dict | None = None) -> tuple[int, ...]:
    """Everyone's tricks at the end of the hand under max-n play."""
    memo = {} if memo is None else memo
    return tuple(t + f for t, f in zip(state.tricks, _maxn(state, memo)))


def _maxn(state: MoucheHand, memo: dict) -> tuple[int, ...]:
    """Tricks still to be won by each player, under max-n."""
    if state.phase != "play":
        return (0,) * state.players
    key = _key(state)
    if key in memo:
        return memo[key]
    player = state.to_move
    best = None
    for card in search_order(state, state.playable()):
        child = state.play_unchecked(Action("play", (card,)))
        gained = tuple(c - t for c, t in zip(child.tricks, state.tricks))
        future = tuple(g + f for g, f in zip(gained, _maxn(child, memo)))
        if best is None or future[player] > best[player]:
            best = future
    memo[key] = best
    return best


def guaranteed_tricks(state: MoucheHand, player: int, memo: dict | None = None) -> int:
    """The tricks ``player`` ends the hand with, at least, whatever the others do."""
    memo = {} if memo is None else memo
    return state.tricks[player] + _paranoid(state, player, memo)


def _paranoid(state: MoucheHand, player: int, memo: dict) -> int:
    if state.phase != "play":
        return 0
    key = _key(state)
    if key in memo:
        return memo[key]
    values = []
    for card in state.playable():
        child = state.play_unchecked(Action("play", (card,)))
        values.append(child.tricks[player] - state.tricks[player] + _paranoid(child, player, memo))
    result = max(values) if state.to_move == player else min(values)
    memo[key] = result
    return result


def analyse_cards(state: MoucheHand) -> list[tuple]:
    """Each playable card of the player to move, in the search order, with
    (max-n tricks of everyone, tricks the mover can guarantee)."""
    player = state.to_move
    maxn_memo: dict = {}
    paranoid_memo: dict = {}
    rows = []
    for card in search_order(state, state.playable()):
        child = state.play_unchecked(Action("play", (card,)))
        rows.append((card, maxn_tricks(child, maxn_memo), guaranteed_tricks(child, player, paranoid_memo)))
    return rows
