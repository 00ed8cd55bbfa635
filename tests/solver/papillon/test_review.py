"""Papillon reviews: a losing move is marked with the loss the analysis gives,
moves that cannot be valued exactly are not judged, and the random bot plays
far less accurately than the analyst."""

from __future__ import annotations

import json
import statistics

from butterfly.games.papillon.format import parse_position
from butterfly.games.papillon.game import play_game
from butterfly.games.papillon.notation import parse_line, position_line
from butterfly.games.papillon.record import game_record, read_record
from butterfly.games.papillon.rules import Options
from butterfly.solver.papillon.analysis import analyse
from butterfly.solver.papillon.bots import BOTS
from butterfly.solver.papillon.review import EARLY, SEAT_BEFORE_LAST_DEAL, review_record
from butterfly.solver.papillon.seat import analyse_seat
from butterfly.solver.review import Mark

import checkout

LAST_DEAL = parse_position((checkout.EXAMPLES / "papillon" / "last-deal.json").read_text()).state


def test_a_move_that_loses_chips_is_marked_with_the_loss_the_analysis_gives():
    values = {str(v.move): v.maxn.chips[LAST_DEAL.to_move] for v in analyse(LAST_DEAL)}
    worst = min(values, key=values.__getitem__)
    review = review_record(read_record(f'[Start "{position_line(LAST_DEAL)}"]\nP0: {worst}\n'))
    (move,) = review.hands[0].moves
    judgement = move.open.judgement
    assert judgement.loss == max(values.values()) - values[worst] > 0
    assert judgement.mark is Mark.BLUNDER and judgement.share == 1.0
    assert move.open.moves[0].value == max(values.values()) and move.seat == LAST_DEAL.to_move
    seat = {str(m.move): m.mean_chips for m in analyse_seat(LAST_DEAL).moves}
    assert move.from_seat.judgement.played == round(seat[worst], 6)
    assert move.from_seat.exhaustive and move.from_seat.deals == 20
    summary = review.players[0].open
    assert review.players[0].seat == summary.seat == 0 and review.players[0].name is None
    assert summary.moves == 1 and summary.average_loss == judgement.loss and summary.accuracy == 0


def test_the_best_move_loses_nothing():
    best = analyse(LAST_DEAL)[0]
    review = review_record(read_record(f'[Start "{position_line(LAST_DEAL)}"]\nP0: {best.move}\n'))
    assert review.hands[0].moves[0].open.judgement.loss == 0
    assert review.players[0].open.accuracy == 100


def _reviews(bot: str, seeds: range, **options):
    for seed in seeds:
        game = play_game(Options(), seed, [BOTS[bot]] * 3)
        yield game, review_record(read_record(game_record(game, [bot] * 3)), **options)


def test_moves_before_the_last_deals_are_not_judged_and_not_summed():
    game, review = next(_reviews("greedy", range(1)))
    for hand, played in zip(review.hands, game.hands, strict=True):
        assert [m.move for m in hand.moves] == [str(move) for _, move, _ in played.moves]
        for move in hand.moves:
            left = len(parse_line(move.position).state.stock)
            if left > 9:
                assert move.open is move.from_seat is None and move.not_judged == EARLY
            elif left == 9:
                assert move.open is not None and move.from_seat is None
                assert move.not_judged == SEAT_BEFORE_LAST_DEAL
            else:
                assert move.open is not None and move.from_seat is not None and move.not_judged is None
    assert [p.name for p in review.players] == ["greedy"] * 3  # the record's bots, by seat
    for player in review.players:
        for view in ("open", "from_seat"):
            judged = [m for h in review.hands for m in h.moves if m.seat == player.seat and getattr(m, view)]
            assert getattr(player, view).moves == len(judged)


def test_the_random_bot_is_far_less_accurate_than_the_analyst():
    def accuracy(bot: str) -> float:
        figures = [
            p.open.accuracy for _, r in _reviews(bot, range(3)) for p in r.players if p.open.accuracy is not None
        ]
        return statistics.mean(figures)

    assert accuracy("random") + 20 < accuracy("analyst")


def test_the_json_is_the_dataclasses_and_the_engines_agree():
    record = f'[Start "{position_line(LAST_DEAL)}"]\nP0: {analyse(LAST_DEAL)[1].move}\nP1: 4D x 4C\n'
    kernel, python = (review_record(read_record(record), engine=e) for e in ("kernel", "python"))
    assert kernel.to_json() | {"engine": "python"} == python.to_json()
    data = json.loads(json.dumps(kernel.to_json()))
    assert data["hands"][0]["moves"][0]["open"]["judgement"]["mark"] in [m.value for m in Mark]
    assert (data["game"], data["view"], data["deals"]) == ("papillon", "open+seat", 2000)


def test_reviews_of_four_player_games_sample_the_redeal():
    game = play_game(Options(players=4), 2, [BOTS["greedy"]] * 4)
    review = review_record(read_record(game_record(game, ["greedy"] * 4)), deals=200)
    views = [m.open for h in review.hands for m in h.moves if m.open and m.open.deals > 1]
    assert views and all(not v.exhaustive and v.deals == 200 for v in views)
