"""A whole game of Papillon: the draw for the first dealer, antes, rounds of
hands, the pool carried from hand to hand, and the end of the game.

Every random choice comes from the game seed (the project's SplitMix64), so a
game is reproducible from its options, seed and bots.

>>> from butterfly.solver.papillon.bots import random_bot
>>> game = play_game(Options(rounds=1), seed=3, bots=[random_bot] * 3)
>>> len(game.hands) >= 3, sum(game.chips) + game.pool == 3 * Options(rounds=1).purse
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from butterfly.games import records
from butterfly.games.cards import Card, make_deck
from butterfly.games.deals import SplitMix64, shuffled_deck
from butterfly.games.papillon.rules import FirstDealer, HandState, Move, Options, UnclaimedPool
from butterfly.games.records import WhenBroke, check_bots_and_seed, play_hand
from butterfly.games.state import Bot

HandRecord = records.HandRecord[HandState, Move]


@dataclass
class GameRecord(records.GameRecord[Options, HandState, Move]):
    """A whole game of Papillon: the draw for the first dealer, the hands, and
    the pool at the end (shared out, or not, by the unclaimed-pool rule)."""

    draws: list[list[tuple[int, Card]]]  # the draw for first dealer, round by round of ties
    pool: int
    shared: bool  # the unclaimed pool was shared at the end
    broke: int = -1  # with when_broke "stop": the seat that could not pay the next ante (-1: none)

    @property
    def total(self) -> int:
        return self.options.players * self.options.purse


def draw_first_dealer(options: Options, rng: SplitMix64) -> tuple[int, list[list[tuple[int, Card]]]]:
    """Each player draws a card from the spread pack; the lowest rank (or the
    highest, by option) deals. Players tied for it draw again."""
    contenders = list(range(options.players))
    draws = []
    while True:
        deck = make_deck(52)
        picks = []
        for player in contenders:
            card = deck.pop(rng.below(len(deck)))
            picks.append((player, card))
        draws.append(picks)
        ranks = [c.rank for _, c in picks]
        best = min(ranks) if options.first_dealer is FirstDealer.LOWEST else max(ranks)
        contenders = [p for p, c in picks if c.rank == best]
        if len(contenders) == 1:
            return contenders[0], draws


def play_game(options: Options, seed: int, bots: list[Bot[HandState, Move]]) -> GameRecord:
    """Play a whole game with one bot per seat."""
    n = options.players
    check_bots_and_seed(n, bots, seed)
    rng = SplitMix64(seed)
    bot_rng = random.Random(seed)
    dealer, draws = draw_first_dealer(options, rng)
    chips = [options.purse] * n
    pool = 0
    stake = 1
    hands: list[HandRecord] = []
    scheduled = options.rounds * n
    broke = -1
    while len(hands) < scheduled or (
        pool and options.unclaimed_pool is UnclaimedPool.PLAY_ON and len(hands) < scheduled + options.extra_hands
    ):
        if options.when_broke is WhenBroke.STOP:
            broke = next((p for p in range(n) if chips[p] < options.chips_ante), -1)
            if broke >= 0:
                break
        deck = shuffled_deck(rng.next_u64() >> 1)
        for p in range(n):
            chips[p] -= options.chips_ante
        pool += n * options.chips_ante
        state = HandState.deal(dealer, deck, options, chips=tuple(chips), pool=pool, stake=stake)
        record = play_hand(len(hands) + 1, deck, state, dealer, bots, bot_rng)
        hands.append(record)
        chips, pool, stake = list(record.end.chips), record.end.pool, record.end.next_stake
        dealer = (dealer + 1) % n  # the deal passes to the right, to the first to play
    shared = bool(pool)
    if shared:
        each = pool // n
        chips = [c + each for c in chips]
        pool -= each * n
    return GameRecord(options, seed, hands, tuple(chips), draws, pool, shared, broke)
