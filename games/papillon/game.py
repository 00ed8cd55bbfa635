"""A whole game of Papillon: the draw for the first dealer, antes, rounds of
hands, the pool carried from hand to hand, and the end of the game.

Every random choice comes from the game seed (the project's SplitMix64), so a
game is reproducible from its options, seed and bots.

>>> from solver.papillon.bots import random_bot
>>> game = play_game(Options(rounds=1), seed=3, bots=[random_bot] * 3)
>>> len(game.hands) >= 3, sum(game.chips) + game.pool == 3 * Options(rounds=1).purse
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from games.cards import Card, make_deck
from games.deals import MAX_DEAL, SplitMix64, shuffled_deck
from games.errors import InputError
from games.papillon.rules import Event, FirstDealer, HandState, Move, Options, UnclaimedPool

#: A bot picks a legal move: ``bot(state, rng) -> Move``.
Bot = Callable[[HandState, random.Random], Move]


@dataclass
class HandRecord:
    """One hand as played: the dealer, the deal, each move with its events."""

    number: int
    dealer: int
    deck: list[Card]
    antes: int
    start: HandState
    moves: list[tuple[int, Move, tuple[Event, ...]]] = field(default_factory=list)
    end: HandState | None = None


@dataclass
class GameRecord:
    options: Options
    seed: int
    draws: list[list[tuple[int, Card]]]  # the draw for first dealer, round by round of ties
    hands: list[HandRecord]
    chips: tuple[int, ...]
    pool: int
    shared: bool  # the unclaimed pool was shared at the end

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


def play_game(options: Options, seed: int, bots: list[Bot]) -> GameRecord:
    """Play a whole game with one bot per seat."""
    n = options.players
    if len(bots) != n:
        raise InputError(f"{n} players need {n} bots, not {len(bots)}")
    if not 0 <= seed <= MAX_DEAL:
        raise InputError(f"seed {seed} is out of range (0 to 2^63-1)")
    rng = SplitMix64(seed)
    bot_rng = random.Random(seed)
    dealer, draws = draw_first_dealer(options, rng)
    chips = [options.purse] * n
    pool = 0
    stake = 1
    hands: list[HandRecord] = []
    scheduled = options.rounds * n
    while len(hands) < scheduled or (
        pool and options.unclaimed_pool is UnclaimedPool.PLAY_ON and len(hands) < scheduled + options.extra_hands
    ):
        deck = shuffled_deck(rng.next_u64() >> 1)
        for p in range(n):
            chips[p] -= options.ante
        pool += n * options.ante
        state = HandState.deal(dealer, deck, options, chips=tuple(chips), pool=pool, stake=stake)
        record = HandRecord(len(hands) + 1, dealer, deck, options.ante, state)
        while not state.is_terminal():
            player = state.current_player()
            move = bots[player](state, bot_rng)
            state = state.play(move)
            record.moves.append((player, move, state.events))
        record.end = state
        hands.append(record)
        chips, pool, stake = list(state.chips), state.pool, state.next_stake
        dealer = (dealer + 1) % n  # the deal passes to the right, to the first to play
    shared = bool(pool)
    if shared:
        each = pool // n
        chips = [c + each for c in chips]
        pool -= each * n
    return GameRecord(options, seed, draws, hands, tuple(chips), pool, shared)
