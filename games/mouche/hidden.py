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
from itertools import combinations

from games.cards import Card, make_deck
from games.errors import InputError
from games.mouche.rules import MoucheHand
from games.splits import random_split, split_count


def seen_cards(state: MoucheHand, player: int) -> set[Card]:
    """Cards ``player`` has seen: their hand, their discards, the turned card,
    the cards played."""
    own_discards = state.discarded[player] if state.discarded else ()
    return (
        set(state.hands[player]) | set(own_discards) | {state.turned} | set(state.played) | {c for _, c in state.trick}
    )


def forbidden_cards(state: MoucheHand, history: list[tuple[int, tuple, object]]) -> dict[int, set]:
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
        for x in deck:
            if x == card:
                continue
            probe = dataclasses.replace(state.with_hand(player, (card, x)), trick=trick, to_move=player, phase="play")
            if card not in probe.playable():
                out[player].add(x)
    return out


def deal_worlds(
    unseen: list,
    others: list[int],
    sizes: list[int],
    forbidden: dict[int, set],
    limit: int,
    rng: random.Random,
    state: MoucheHand,
) -> tuple[list[tuple], bool]:
    """Hands for the seats ``others`` (of ``sizes``) from the ``unseen`` cards,
    each consistent with what that seat played (``forbidden``) and with its
    declaration: every such deal when there are at most ``limit`` deals
    before that filter (and True), else ``limit`` deals drawn uniformly by
    rejection (and False)."""
    played_by = {p: [c for seat, c in state.plays + state.trick if seat == p] for p in others}

    def ok(hand, p):
        if forbidden[p] & set(hand):
            return False
        # A player who stood on the cards dealt held no mouche: the cards would not be played.
        if state.declared[p] == "stand" and state.as_dealt[p]:
            dealt = tuple(hand) + tuple(played_by[p])
            return state.with_hand(p, dealt).mouche_suit(p) is None
        return True

    if split_count(len(unseen), sizes) <= limit:
        worlds = []

        def extend(k, pool, chosen):
            if k == len(others):
                worlds.append(tuple(chosen))
                return
            allowed = [c for c in pool if c not in forbidden[others[k]]]
            for hand in combinations(allowed, sizes[k]):
                if not ok(hand, others[k]):
                    continue
                rest = [c for c in pool if c not in hand]
                extend(k + 1, rest, chosen + [hand])

        extend(0, list(unseen), [])
        return worlds, True
    worlds = []
    attempts = 0
    while len(worlds) < limit and attempts < 200 * limit:
        attempts += 1
        order = rng.sample(unseen, len(unseen))
        start, hands = 0, []
        for p, size in zip(others, sizes):
            hand = tuple(order[start : start + size])
            start += size
            if not ok(hand, p):
                break
            hands.append(hand)
        else:
            worlds.append(tuple(hands))
    if not worlds:
        raise InputError("no deal of the unseen cards fits what has been played")
    return worlds, False


def resample(state: MoucheHand, player: int, rng: random.Random) -> MoucheHand:
    """A deal consistent with what ``player`` has seen (:meth:`MoucheHand.resample`):
    the other players in the hand get hands that fit their plays, and the
    other unseen cards are shuffled into the folded players' hands, the
    other players' discards and the stock (their sizes kept)."""
    seen = seen_cards(state, player)
    unseen = [card for card in make_deck(state.options.deck_size) if card not in seen]
    others = [p for p in state.in_hand() if p != player]
    forbidden = forbidden_cards(state, [h for h in state.history() if h[0] != player])
    worlds, _ = deal_worlds(unseen, others, [len(state.hands[p]) for p in others], forbidden, 1, rng, state)
    if not worlds:
        raise InputError("no deal of the unseen cards fits what has been played")
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
