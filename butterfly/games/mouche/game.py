"""Whole games of La Mouche (or Le Pamphile): the draw for seats, hand after
hand with the pool and the mouches carried, the final chips.

>>> from butterfly.solver.mouche.bots import rule_bot
>>> game = play_game(MoucheOptions(players=4), hands=3, seed=1, bots=[rule_bot] * 4)
>>> len(game.hands), sum(game.chips) + game.pool_left == 4 * game.options.purse
(3, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from butterfly.games import records
from butterfly.games.cards import Card, Rank, Suit
from butterfly.games.deals import SplitMix64, shuffled_deck
from butterfly.games.errors import InputError
from butterfly.games.mouche.rules import DEALER_STAKE, Action, MoucheHand, MoucheOptions
from butterfly.games.records import WhenBroke, check_bots_and_seed, play_hand
from butterfly.games.state import Bot

#: The hierarchical cards drawn for seats: king first, then queen, jack, ace, 10, 9.
SEAT_CARDS = [Card(r, Suit.SPADES) for r in (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, Rank.TEN, Rank.NINE)]


HandRecord = records.HandRecord[MoucheHand, Action]


@dataclass
class GameRecord(records.GameRecord[MoucheOptions, MoucheHand, Action]):
    """Whole hands of La Mouche: the draw for seats, the hands (``chips`` by
    seat) and what is still in play at the end."""

    seats: list[int]  # seats[s]: the player (by bot order) sitting at seat s
    draw: list[tuple[int, Card]]  # each player's card in the draw
    pool_left: int  # chips still in the pool, the carried mouches and the pending ones
    broke: int = -1  # with when_broke "stop": the seat that could not pay (-1: none)


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


def play_game(options: MoucheOptions, hands: int, seed: int, bots: list[Bot[MoucheHand, Action]]) -> GameRecord:
    """Play ``hands`` hands; ``bots`` are given by player and seated by the draw."""
    n = options.players
    if hands < 1:
        raise InputError(f"play at least one hand, not {hands}")
    check_bots_and_seed(n, bots, seed)
    rng = SplitMix64(seed)
    bot_rng = random.Random(seed)
    seats, draw = draw_seats(n, rng)
    chips = (options.purse,) * n
    carry = 0
    pending: tuple[int, ...] = ()
    dealer = 0
    played: list[HandRecord] = []
    broke = -1
    for number in range(1, hands + 1):
        if options.when_broke is WhenBroke.STOP:
            broke = next((s for s in range(n) if chips[s] < (DEALER_STAKE if s == dealer else 0)), -1)
            if broke >= 0:
                break
        deck = shuffled_deck(rng.next_u64() >> 1, options.deck_size)
        state = MoucheHand.deal(dealer, deck, options, chips=chips, carry=carry, pending=pending)
        record = play_hand(number, deck, state, dealer, bots, bot_rng, seats.__getitem__)
        played.append(record)
        chips, carry, pending = record.end.chips, record.end.carry, record.end.pending
        dealer = (dealer + 1) % n  # the first to play deals the next hand
    return GameRecord(options, seed, played, chips, seats, draw, carry + sum(pending), broke)
