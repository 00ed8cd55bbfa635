"""La Mouche reviews: each card's loss is the analysis's difference, a losing
card is marked, and the random bot plays far less accurately than the analyst."""

from __future__ import annotations

import dataclasses
import json

import pytest

from butterfly.games.mouche.game import play_game
from butterfly.games.mouche.record import game_record, read_record
from butterfly.games.mouche.rules import MoucheOptions
from butterfly.solver.mouche import analysis
from butterfly.solver.mouche.bots import BOTS
from butterfly.solver.mouche.review import NOT_JUDGED, review_record
from butterfly.solver.review import Mark, summarise

START = "mouche_d0_tQC_ad3.d1.d3_h9DQD.JDJH.QH_w19C2KC0QS.28C0AD1KH.2JC0TD18S_k28D_p5_c995.1000.1000"


def test_a_card_that_makes_the_mouche_is_a_blunder_and_loses_the_difference():
    """QD takes the last two tricks (2 chips); 9D none, and owes the pool (5) for the mouche."""
    review = review_record(read_record(f'[Start "{START}"]\nP0: 9D\nP1: JD\nP1: JH\nP2: QH\nP0: QD'), deals=20)
    blunder, *_, forced = review.hands[0].moves
    assert (blunder.open.judgement.best, blunder.open.judgement.played, blunder.open.judgement.loss) == (2, -5, 7)
    assert blunder.open.judgement.mark is Mark.BLUNDER and blunder.open.best == "QD"
    assert forced.open.judgement.mark is Mark.ONLY and forced.from_seat is None
    assert review.players[0].open.moves == 2 and review.players[0].open.average_loss == 3.5


def test_every_loss_is_the_analysis_difference_and_declarations_are_not_judged():
    game = play_game(MoucheOptions(players=4), 2, 7, [BOTS["random"]] * 4)
    record = read_record(game_record(game, ["random"] * 4))
    review = review_record(record, deals=10)
    as_json = json.loads(json.dumps(dataclasses.asdict(review)))
    assert {move["open"]["judgement"]["mark"] for move in as_json["hands"][0]["moves"] if move["open"]} <= {
        mark.value for mark in Mark
    }
    for hand, reviewed in zip(record.hands, review.hands):
        for (state, move), judged in zip(hand.positions(), reviewed.moves):
            if move.move.kind != "play":
                assert judged.open is None and judged.not_judged == NOT_JUDGED
                continue
            chips = {str(row.card): row.chips(state)[state.to_move] for row in analysis.analyse(state)}
            assert judged.open.judgement.loss == max(chips.values()) - chips[judged.move]
            assert (judged.open.judgement.loss == 0) == (judged.open.judgement.mark in (Mark.BEST, Mark.ONLY))


def _pooled_accuracy(bot: str, seeds: range) -> tuple[float, float]:
    """The accuracy over every card the bot played in one-hand games of 3 players, open and from the seat."""
    opened, seen = [], []
    for seed in seeds:
        game = play_game(MoucheOptions(players=3), 1, seed, [BOTS[bot]] * 3)
        review = review_record(read_record(game_record(game, [bot] * 3)), deals=30)
        cards = [move for hand in review.hands for move in hand.moves if move.open and move.from_seat]
        opened += [move.open.judgement for move in cards]
        seen += [move.from_seat.judgement for move in cards]
    accuracy = summarise(0, opened).accuracy, summarise(0, seen).accuracy
    assert None not in accuracy
    return accuracy  # type: ignore[return-value]


@pytest.mark.slow  # (eight reviewed hands; Papillon's like check runs by default)
def test_the_random_bot_scores_below_the_analyst():
    random_open, random_seat = _pooled_accuracy("random", range(4))
    analyst_open, analyst_seat = _pooled_accuracy("analyst", range(4))
    assert random_open < analyst_open and random_seat < analyst_seat - 20


def test_the_seat_view_stops_at_its_node_budget_and_says_how_many_deals():
    """Each card's sampled deals stop once their searches have taken the
    review's ``nodes`` (here 1: at the ``least`` deals); every deal is solved
    without a budget, or when the deals are all the consistent ones; the
    review is the same again with the same seed."""
    game = play_game(MoucheOptions(players=5), 1, 2, [BOTS["random"]] * 5)
    record = read_record(game_record(game, ["random"] * 5))
    budget = review_record(record, deals=12, nodes=1, least=3)
    whole = review_record(record, deals=12, nodes=None)
    assert budget == review_record(record, deals=12, nodes=1, least=3)
    as_json = budget.to_json()
    assert (as_json["deals"], as_json["nodes"], as_json["least_deals"]) == (12, 1, 3)
    assert (as_json["game"], as_json["view"]) == ("mouche", "open+seat")
    cut_short = 0
    for cut, full in zip(budget.hands[0].moves, whole.hands[0].moves):
        if cut.from_seat is None or full.from_seat is None:
            continue
        if full.from_seat.deals < 12 or cut.from_seat.deals == full.from_seat.deals:  # every consistent deal
            assert cut == full
        else:
            assert (cut.from_seat.deals, full.from_seat.deals) == (3, 12)
            cut_short += 1
    assert cut_short > 3 and whole.nodes is None
