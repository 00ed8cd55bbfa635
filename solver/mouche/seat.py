"""La Mouche from one seat: worlds consistent with what the seat has seen,
each solved exactly by the kernel.

- :func:`analyse_seat` (card play): the seat knows its hand, the turned card
  and every card played. The other hands are dealt from the unseen cards
  (the rest lie in the stock or the discards) so that every card each player
  has played was legal: a player who did not follow suit holds none of it, a
  player who did not trump holds no trump that the rules would have forced,
  a player who did not beat the best card holds none that beats it. All
  worlds are solved when there are at most ``limit`` before that filter;
  otherwise ``limit`` worlds are drawn uniformly by rejection.
- :func:`declaration_advice` (before play): the expected chips of folding,
  standing and discarding the k weakest cards, over sampled deals of the
  unseen cards and of the stock; players after the seat declare as the
  rule-based bot does; each world's play is solved exactly (max-n). Every
  option is played in the same worlds, so differences are measured with
  common random numbers; each estimate comes with its standard error.

Worlds are weighted equally: what a player's declaration or choice of card
says about their hand beyond legality is not modelled.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from typing import NamedTuple

from butterfly.games.cards import Card, Rank, make_deck
from butterfly.games.errors import InputError
from butterfly.games.mouche.hidden import consistent_worlds, forbidden_cards, seen_cards
from butterfly.games.mouche.rules import Action, MoucheHand
from butterfly.games.worlds import random_split
from butterfly.solver.mouche import analysis as mouche
from butterfly.solver.mouche.rule_player import rule_declaration
from butterfly.solver.search import mean_over_worlds


class CardStats(NamedTuple):
    action: Action
    mean_tricks: float  # the seat's mean tricks at the end of the hand, over the worlds (max-n)
    mouche_chance: float  # share of worlds where the seat ends with no trick (makes the mouche)


class SeatAnalysis(NamedTuple):
    player: int
    worlds: int
    exhaustive: bool
    cards: list[CardStats]  # best first


def analyse_seat(state: MoucheHand, player: int | None = None, limit: int = 5000, seed: int = 0) -> SeatAnalysis:
    """Every legal card of the player to move, judged from their own seat."""
    if state.phase != "play":
        raise InputError(f"the cards are not being played (the hand is at '{state.phase}')")
    mover = state.to_move
    player = mover if player is None else player
    if player != mover:
        raise InputError(f"player {player} is not to move (player {mover} is)")
    others = [p for p in state.in_hand() if p != player]
    seen = seen_cards(state, player)
    unseen = [c for c in make_deck(state.options.deck_size) if c not in seen]
    forbidden = forbidden_cards(state, [h for h in state.history() if h[0] != player])
    worlds, exhaustive = consistent_worlds(state, unseen, others, forbidden, limit, random.Random(seed))
    legal = state.playable()

    def world(hands: tuple[tuple[Card, ...], ...]) -> MoucheHand:
        dealt = list(state.hands)
        for p, hand in zip(others, hands):
            dealt[p] = tuple(sorted(hand))
        return dataclasses.replace(state, hands=tuple(dealt))

    def statistics(world: MoucheHand) -> list[tuple[int, bool]]:
        """Per card: the seat's tricks under max-n, and whether it makes the mouche."""
        tricks = {row.card: row.tricks[player] for row in mouche.analyse(world)}
        return [(tricks[card], tricks[card] == 0) for card in legal]

    means, _ = mean_over_worlds(((world(hands), 1) for hands in worlds), statistics)
    stats = [CardStats(Action("play", (card,)), tricks, mouche) for card, (tricks, mouche) in zip(legal, means)]
    order = sorted(range(len(stats)), key=lambda i: (-stats[i].mean_tricks, stats[i].mouche_chance, i))
    return SeatAnalysis(player, len(worlds), exhaustive, [stats[i] for i in order])


# ---- declaration advice ------------------------------------------------------------


class OptionValue(NamedTuple):
    action: Action
    mean_chips: float  # expected chips won or lost on the hand from here
    stderr: float  # standard error of that mean


class Advice(NamedTuple):
    player: int
    worlds: int
    options: list[OptionValue]  # best first


def sensible_declarations(state: MoucheHand) -> list[Action]:
    """Fold, stand, and discarding the k weakest cards, for each k the stock
    allows, as long as no trump and no king is thrown away."""
    hand = state.hands[state.to_move]
    weak = sorted(
        (c for c in hand if state.suit_of(c) != state.trump and c.rank != Rank.KING),
        key=lambda c: state.strength(c, state.suit_of(c)),
    )
    options = [Action("fold"), Action("stand")]
    for k in range(1, min(len(weak), len(state.stock)) + 1):
        options.append(Action("discard", tuple(sorted(weak[:k]))))
    return options


def _finish_hand(state: MoucheHand) -> tuple[int, ...]:
    """Everyone's chips at the end of the hand: the rule-based declarations
    for the players still to declare, then the play solved exactly (max-n)."""
    while state.phase in ("declare", "trump"):
        state = state.play_unchecked(rule_declaration(state))
    if state.phase == "over":
        return state.chips
    tricks = mouche.maxn_tricks(state)
    return tuple(c + v for c, v in zip(state.chips, mouche.hand_chips(state, tricks)))


def declaration_advice(state: MoucheHand, worlds: int = 500, seed: int = 0) -> Advice:
    """Expected chips of each sensible declaration for the player to declare."""
    if state.phase != "declare":
        raise InputError(f"no declaration to make (the hand is at '{state.phase}')")
    player = state.to_move
    rng = random.Random(seed)
    own = set(state.hands[player])
    hidden = [c for c in make_deck(state.options.deck_size) if c not in own and c != state.turned]
    others = [p for p in range(state.players) if p != player]
    sizes = [len(state.hands[p]) for p in others] + [len(state.stock)]
    options = sensible_declarations(state)
    results: list[list[int]] = [[] for _ in options]
    for _ in range(worlds):
        *dealt, stock = random_split(hidden, sizes, rng)
        hands = list(state.hands)
        for p, hand in zip(others, dealt):
            hands[p] = tuple(sorted(hand))
        world = dataclasses.replace(state, hands=tuple(hands), stock=stock)
        for i, option in enumerate(options):
            after = world.play_unchecked(option)
            if option.kind == "fold":  # out of the play: only the declarations can cost anything
                while after.phase == "declare":
                    after = after.play_unchecked(rule_declaration(after))
                end = after.chips
            else:
                end = _finish_hand(after)
            results[i].append(end[player] - state.chips[player])
    values = []
    for option, chips in zip(options, results):
        mean = statistics.fmean(chips)
        err = statistics.stdev(chips) / math.sqrt(len(chips)) if len(chips) > 1 else 0.0
        values.append(OptionValue(option, mean, err))
    values.sort(key=lambda v: -v.mean_chips)
    return Advice(player, worlds, values)
