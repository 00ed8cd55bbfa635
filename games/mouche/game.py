"""Whole games of La Mouche (or Le Pamphile): the draw for seats, hand after
hand with the pool and the mouches carried, the final chips.

>>> from solver.mouche.bots import rule_bot
>>> game = play_game(MoucheOptions(players=4), hands=3, seed=1, bots=[rule_bot] * 4)
>>> len(game.hands), sum(game.chips) + game.pool_left == 4 * PURSE
(3, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from games.cards import Card, Rank, Suit
from games.deals import MAX_DEAL, SplitMix64, shuffled_deck
from games.errors import InputError
from games.mouche.rules import PURSE, Action, Event, MoucheHand, MoucheOptions

Bot = Callable[[MoucheHand, random.Random], Action]

#: The hierarchical cards drawn for seats: king first, then queen, jack, ace, 10, 9.
SEAT_CARDS = [Card(r, Suit.SPADES) for r in (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, Rank.TEN, Rank.NINE)]


@dataclass
class HandRecord:
    number: int
    dealer: int
    deck: list[Card]
    start: MoucheHand
    actions: list[tuple[int, Action, tuple[Event, ...]]] = field(default_factory=list)
    end: MoucheHand | None = None


@dataclass
class GameRecord:
    options: MoucheOptions
    seed: int
    seats: list[int]  # seats[s]: the player (by bot order) sitting at seat s
    draw: list[tuple[int, Card]]  # each player's card in the draw
    hands: list[HandRecord]
    chips: tuple[int, ...]  # by seat
    pool_left: int  # chips still in the pool, the carried mouches and the pending ones


def draw_seats(players: int, rng: SplitMix64) -> tuple[list[int], list[tuple[int, Card]]]:
    """Each player draws one of the hierarchical cards; the king sits first
    (and deals first), the queen to the king's right, and so on."""
    cards = SEAT_CARDS[:players]
    order = list(range(players))
    for i in range(players - 1, 0, -1):
        j = rng.below(i + 1)
        order[i], order[j] = order[j], order[i]
    draw = [(player, cards[k]) for k, player in enumerate(order)]
    seats = [player for player, _ in draw]  # the k-th card's drawer takes seat k
    return seats, sorted(draw)


def play_game(options: MoucheOptions, hands: int, seed: int, bots: list[Bot]) -> GameRecord:
    """Play ``hands`` hands; ``bots`` are given by player and seated by the draw."""
    n = options.players
    if len(bots) != n:
        raise InputError(f"{n} players need {n} bots, not {len(bots)}")
    if hands < 1:
        raise InputError(f"play at least one hand, not {hands}")
    if not 0 <= seed <= MAX_DEAL:
        raise InputError(f"seed {seed} is out of range (0 to 2^63-1)")
    rng = SplitMix64(seed)
    bot_rng = random.Random(seed)
    seats, draw = draw_seats(n, rng)
    chips = (PURSE,) * n
    carry, pending = 0, ()
    dealer = 0
    records = []
    for number in range(1, hands + 1):
        deck = shuffled_deck(rng.next_u64() >> 1, options.deck_size)
        state = MoucheHand.deal(dealer, deck, options, chips=chips, carry=carry, pending=pending)
        record = HandRecord(number, dealer, deck, state)
        while not state.is_terminal():
            seat = state.current_player()
            action = bots[seats[seat]](state, bot_rng)
            state = state.play(action)
            record.actions.append((seat, action, state.events))
        record.end = state
        records.append(record)
        chips, carry, pending = state.chips, state.carry, state.pending
        dealer = (dealer + 1) % n  # the first to play deals the next hand
    return GameRecord(options, seed, seats, draw, records, chips, carry + sum(pending))
