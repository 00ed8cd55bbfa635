"""The seat's worlds as a review draws them: the guided draw gives every deal
that fits what was played, each as often (as the plain rejection does), and
what each card played rules out is worked out once, the same as before."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from butterfly.games.cards import make_deck
from butterfly.games.mouche.game import play_game
from butterfly.games.mouche.hidden import consistent_worlds, forbidden_cards, seen_cards
from butterfly.games.mouche.record import game_record, read_record
from butterfly.games.mouche.rules import MoucheHand, MoucheOptions
from butterfly.games.worlds import split_count
from butterfly.solver.mouche import kernel
from butterfly.solver.mouche.bots import BOTS
from butterfly.solver.mouche.seat import _forbidden, analyse_seat, guided_worlds


def _states(players: int, seeds: range) -> list[MoucheHand]:
    """Every position of the card play in one-hand games of the random bot."""
    out = []
    for seed in seeds:
        game = play_game(MoucheOptions(players=players), 1, seed, [BOTS["random"]] * players)
        record = read_record(game_record(game, ["random"] * players))
        out += [state for hand in record.hands for state, _ in hand.positions() if state.phase == "play"]
    return out


def _seat(state: MoucheHand):
    """What the mover's seat deals from: the unseen cards, the others in the hand, what each may not hold."""
    player = state.to_move
    unseen = [c for c in make_deck(state.options.deck_size) if c not in seen_cards(state, player)]
    others = [p for p in state.in_hand() if p != player]
    forbidden = forbidden_cards(state, [h for h in state.history() if h[0] != player])
    return unseen, others, forbidden


def test_what_each_card_played_rules_out_is_the_same_remembered():
    for state in _states(4, range(3)) + _states(6, range(1)):
        history = [h for h in state.history() if h[0] != state.to_move]
        assert _forbidden(state, history) == forbidden_cards(state, history)


def test_the_guided_draw_gives_every_deal_that_fits_equally_often():
    """On positions where some seat has shown a void (so the plain draw rejects
    deals) and the deals are few enough to list: the guided draws are exactly
    the deals that fit, each about as often."""
    checked = 0
    for state in _states(3, range(30)):
        unseen, others, forbidden = _seat(state)
        sizes = [len(state.hands[p]) for p in others]
        if not any(forbidden[p] & set(unseen) for p in others) or split_count(len(unseen), sizes) > 1000:
            continue
        every, exhaustive = consistent_worlds(state, unseen, others, forbidden, 1000, random.Random(0))
        assert exhaustive
        fitting = {tuple(tuple(sorted(hand)) for hand in deal) for deal in every}
        if not 4 <= len(fitting) <= 40:
            continue
        draws = 300 * len(fitting)
        counts = Counter(
            tuple(tuple(sorted(hand)) for hand in deal)
            for deal in guided_worlds(state, unseen, others, forbidden, draws, random.Random(checked))
        )
        assert set(counts) == fitting and sum(counts.values()) == draws
        assert all(200 < n < 400 for n in counts.values()), counts  # 300 expected, sd about 17
        checked += 1
        if checked == 3:
            return
    raise AssertionError("fewer than 3 positions to check")


def test_a_node_budget_solves_a_prefix_of_the_same_sample():
    """With a budget, the worlds solved are the first of those drawn without
    one: one world solved is the first world's values."""
    state = next(s for s in _states(6, range(2)) if len(s.playable()) > 2)
    whole = analyse_seat(state, limit=8, seed=3, guided=True)
    first = analyse_seat(state, limit=8, seed=3, nodes=1, least=1, guided=True)
    assert (whole.worlds, first.worlds, first.exhaustive) == (8, 1, False)
    unseen, others, forbidden = _seat(state)
    deal = next(iter(guided_worlds(state, unseen, others, forbidden, 8, random.Random(3))))
    hands = list(state.hands)
    for p, hand in zip(others, deal):
        hands[p] = tuple(sorted(hand))
    rows, nodes = kernel.searched_card_rows(dataclasses.replace(state, hands=tuple(hands)))
    tricks = {card: row_tricks[state.to_move] for card, row_tricks, _ in rows}
    assert nodes > 0 and {c.action.cards[0]: c.mean_tricks for c in first.cards} == tricks
