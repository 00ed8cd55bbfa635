"""La Mouche from one seat: which deals of the unseen cards fit what the
seat has seen.

A seat knows its hand, its discards, the turned card and every card played.
The other hands are dealt from the cards it has not seen so that every card
each player has played was legal (a player who did not follow suit holds
none of it, and so on: :func:`forbidden_cards`) and so that nobody who stood
on the cards dealt held a mouche (then no card would have been played).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from butterfly.games.cards import Card, make_deck
from butterfly.games.errors import InputError
from butterfly.games.worlds import deal_worlds, random_split

if TYPE_CHECKING:  # rules.py imports this module: the state's resample is dealt here
    from butterfly.games.mouche.rules import MoucheHand


def seen_cards(state: MoucheHand, player: int) -> set[Card]:
    """Cards ``player`` has seen: their hand, their discards, the turned card,
    the cards played."""
    own_discards = state.discarded[player] if state.discarded else ()
    return (
        set(state.hands[player]) | set(own_discards) | {state.turned} | set(state.played) | {c for _, c in state.trick}
    )


def forbidden_cards(state: MoucheHand, history: list[tuple[int, tuple, Card]]) -> dict[int, set]:
    """Cards each player cannot hold, from the legality of what they played.

    ``history`` lists (player, trick before the card, card), as
    :meth:`MoucheHand.history` gives it. A card x is ruled out for the player
    when holding it would have made the card they played illegal. (Each rule
    of play says "if you hold a card of this kind, play one of them", so
    testing x alone beside the card played is exact.)
    """
    out: dict[int, set] = {p: set() for p in range(state.players)}
    deck = make_deck(state.options.deck_size)
    for player, trick, card in history:
        if not trick:
            continue
        hands = list(state.hands)
        for x in deck:
            if x == card:
                continue
            hands[player] = (card, x)  # one copy of the state a probe: a pack of probes for each card played
            probe = dataclasses.replace(state, hands=tuple(hands), trick=trick, to_move=player, phase="play")
            if card not in probe.playable():
                out[player].add(x)
    return out


def without_the_pamphile(
    state: MoucheHand, unseen: list[Card], others: list[int]
) -> tuple[list[Card], list[int], Callable[[tuple[Card, ...], int], tuple[Card, ...]]]:
    """The cards to deal to the seats ``others``, their hands' sizes, and how
    to complete the k-th hand dealt. In Le Pamphile everyone saw who was paid
    for holding the Pamphile (-1 nobody): when it is unseen and that is
    known, it lies in that seat's hand and in no other hand in play, so it is
    dealt to nobody, that seat's hand is dealt one card short and completed
    with it. Each fitting deal is one deal of the rest: a uniform draw of
    those is a uniform draw of these, and nothing is rejected for it."""
    sizes = [len(state.hands[p]) for p in others]
    pamphile = next((card for card in unseen if state.is_pamphile(card)), None)
    if pamphile is None or state.pamphile_paid is None:
        return unseen, sizes, lambda hand, k: hand
    holder = others.index(state.pamphile_paid) if state.pamphile_paid in others else -1
    if holder >= 0:
        sizes[holder] -= 1

    def complete(hand: tuple[Card, ...], k: int) -> tuple[Card, ...]:
        return (*hand, pamphile) if k == holder else hand

    return [card for card in unseen if card != pamphile], sizes, complete


def hand_fits(
    state: MoucheHand, others: list[int], forbidden: dict[int, set[Card]]
) -> Callable[[tuple[Card, ...], int], bool]:
    """Whether a hand fits seat ``p``: it holds no card the seat's play ruled
    out (``forbidden``), and if the seat stood on the cards dealt they were
    no mouche (else no card would have been played)."""
    played_by = {p: [c for seat, c in state.plays + state.trick if seat == p] for p in others}

    def fits_hand(hand: tuple[Card, ...], p: int) -> bool:
        if forbidden[p] & set(hand):
            return False
        if state.declared[p] == "stand" and state.as_dealt[p]:
            dealt = tuple(hand) + tuple(played_by[p])
            return state.with_hand(p, dealt).mouche_suit(p) is None
        return True

    return fits_hand


def consistent_worlds(
    state: MoucheHand,
    unseen: list[Card],
    others: list[int],
    forbidden: dict[int, set[Card]],
    limit: int,
    rng: random.Random | None,
) -> tuple[list[tuple[tuple[Card, ...], ...]], bool]:
    """Hands for the seats ``others`` (of their sizes in ``state``) from the
    ``unseen`` cards, each consistent with what that seat played
    (``forbidden``), with its declaration and, in Le Pamphile, with who was
    paid for holding the Pamphile: every such deal when there are at most
    ``limit`` of them (and True), else up to ``limit`` deals drawn uniformly
    by rejection (and False; none when ``rng`` is None)
    (:func:`butterfly.games.worlds.deal_worlds`). Raise InputError when none fits."""
    fits_hand = hand_fits(state, others, forbidden)
    cards, sizes, complete = without_the_pamphile(state, unseen, others)
    worlds, exhaustive = deal_worlds(cards, sizes, limit, rng, lambda hand, k: fits_hand(complete(hand, k), others[k]))
    found = [tuple(complete(hand, k) for k, hand in enumerate(world)) for world in worlds]
    if not found and (exhaustive or rng is not None):
        raise InputError("no deal of the unseen cards fits what has been played")
    return found, exhaustive


def resample(state: MoucheHand, player: int, rng: random.Random) -> MoucheHand:
    """A deal consistent with what ``player`` has seen (:meth:`MoucheHand.resample`):
    the other players in the hand get hands that fit their plays, and the
    other unseen cards are shuffled into the folded players' hands, the
    other players' discards and the stock (their sizes kept)."""
    seen = seen_cards(state, player)
    unseen = [card for card in make_deck(state.options.deck_size) if card not in seen]
    others = [p for p in state.in_hand() if p != player]
    forbidden = forbidden_cards(state, [h for h in state.history() if h[0] != player])
    worlds, _ = consistent_worlds(state, unseen, others, forbidden, 1, rng)
    hands = list(state.hands)
    for p, hand in zip(others, worlds[0]):
        hands[p] = tuple(sorted(hand))
    dealt = {card for hand in worlds[0] for card in hand}
    rest = [card for card in unseen if card not in dealt]
    folded = [p for p in range(state.players) if p != player and p not in others]
    discarders = [p for p in range(state.players) if p != player and state.discarded[p]]
    sizes = [len(state.hands[p]) for p in folded] + [len(state.discarded[p]) for p in discarders] + [len(state.stock)]
    *parts, stock = random_split(rest, sizes, rng)
    for p, hand in zip(folded, parts):
        hands[p] = tuple(sorted(hand))
    discarded = list(state.discarded)
    for p, cards in zip(discarders, parts[len(folded) :]):
        discarded[p] = tuple(sorted(cards))
    return dataclasses.replace(state, hands=tuple(hands), stock=stock, discarded=tuple(discarded))
