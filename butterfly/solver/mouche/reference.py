"""Exact trick-play search for La Mouche in pure Python: the oracle for the kernel.

It plays the rules engine itself (:meth:`MoucheHand.playable` and
:meth:`MoucheHand.play_unchecked`) through the generic searches of
:mod:`butterfly.solver.search`, so it is slow but obviously right.

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

from butterfly.games.cards import Card
from butterfly.games.mouche.rules import POWER, Action, MoucheHand
from butterfly.solver import search


def search_order(state: MoucheHand, cards) -> list[Card]:
    """``cards`` in the order the searches try them, which also breaks max-n
    ties: by the suit they count as (the Pamphile among the trumps, as the
    top one), then weakest first. It depends only on suits and the order
    within a suit, so positions equal up to relabelling the cards of a suit
    in order get equal values (which the kernel's table relies on)."""
    return sorted(cards, key=lambda c: (int(state.suit_of(c)), 14 if state.is_pamphile(c) else POWER[c.rank]))


def state_key(state: MoucheHand) -> tuple:
    """Everything about a state that matters for its future (the searches' memo key)."""
    return (state.hands, state.trick, state.to_move, state.tricks)


def _cards_in_search_order(state: MoucheHand) -> list[Action]:
    return [Action("play", (card,)) for card in search_order(state, state.playable())]


def _tricks_of(tricks: tuple[int, ...], player: int) -> int:
    return tricks[player]


def maxn_tricks(state: MoucheHand, memo: dict | None = None) -> tuple[int, ...]:
    """Everyone's tricks at the end of the hand under max-n."""
    memo = {} if memo is None else memo
    return search.maxn(state, _tricks, _tricks_of, state_key, memo, _cards_in_search_order)


def guaranteed_tricks(state: MoucheHand, player: int, memo: dict | None = None) -> int:
    """The tricks ``player`` ends the hand with, at least, whatever the others do."""
    memo = {} if memo is None else memo
    return search.paranoid(state, player, lambda end: end.tricks[player], state_key, memo)


def _tricks(state: MoucheHand) -> tuple[int, ...]:
    return state.tricks


def analyse_cards(state: MoucheHand) -> list[tuple[Card, tuple[int, ...], int]]:
    """Each playable card of the player to move, in the search order, with
    (max-n tricks of everyone, tricks the mover can guarantee)."""
    player = state.to_move
    maxn_memo: dict = {}
    paranoid_memo: dict = {}
    rows = []
    for action in _cards_in_search_order(state):
        child = state.play_unchecked(action)
        rows.append((action.cards[0], maxn_tricks(child, maxn_memo), guaranteed_tricks(child, player, paranoid_memo)))
    return rows
