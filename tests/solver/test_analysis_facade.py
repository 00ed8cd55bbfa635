"""``analyse`` and ``review`` for every game (butterfly.solver.analysis): each
registered game has its analyser and reviewer, the one budget reaches each
game's own search as that game reads it, and every review marks its moves
in one vocabulary (butterfly.solver.review.Mark)."""

from __future__ import annotations

import pytest

from butterfly.games.errors import InputError
from butterfly.games.lines import parse_line
from butterfly.games.mouche.record import read_record as read_mouche_record
from butterfly.games.papillon.record import read_record as read_papillon_record
from butterfly.games.patience.record import read_game_text, write_record
from butterfly.games.patience.rules import Move, Position
from butterfly.games.registry import games
from butterfly.solver import analysis
from butterfly.solver.budget import Budget
from butterfly.solver.mouche import position as mouche_position
from butterfly.solver.mouche import review as mouche_review
from butterfly.solver.papillon import position as papillon_position
from butterfly.solver.patience import analysis as patience_analysis
from butterfly.solver.patience.result import Limits
from butterfly.solver.review import Mark

PAPILLON = "papillon_h9S.KH5S.KS_t2C5D_w20.15.11_c250.262.248_p60_d0_m1"
MOUCHE = "mouche_d2_tTH_as.s.f_hKHQH9S8S.AH8D9DJDKS.-_k0AS_p5_c1000.1000.995"


def untimed(value: object) -> object:
    """``value`` without the fields that say how long it took."""
    if isinstance(value, dict):
        return {key: untimed(item) for key, item in value.items() if not key.startswith("seconds")}
    if isinstance(value, list | tuple):
        return [untimed(item) for item in value]
    return value


def test_every_registered_game_has_its_analyser_and_reviewer():
    assert set(analysis.ANALYSERS) == {game.name for game in games()}
    for analyser in analysis.ANALYSERS.values():
        assert callable(analysis.load(analyser.analyse)) and callable(analysis.load(analyser.review))


def test_a_patience_budget_shares_its_seconds_among_the_moves():
    deal = Position.deal(1)
    budget = Budget(nodes=20_000, seconds=600.0, memory_mib=64)
    share = 600.0 / len(deal.distinct_children())
    expected = patience_analysis.analyse(deal, Limits(20_000, share, 64), lengths=None)
    assert untimed(analysis.analyse(deal, budget, lengths=None).to_json()) == untimed(expected.to_json())


@pytest.mark.parametrize("view", [None, 1])
def test_a_card_game_budget_is_its_deals_and_seed_and_the_view_its_seat(view):
    papillon = parse_line(PAPILLON)
    expected = papillon_position.analyse_position(papillon, view, 40, 3).to_json()
    assert analysis.analyse(papillon, Budget(deals=40, seed=3), view=view).to_json() == expected
    mouche = parse_line(MOUCHE)
    expected = mouche_position.analyse_position(mouche.state, mouche.hidden, view, 40, 3).to_json()
    assert analysis.analyse(mouche, Budget(deals=40, seed=3), view=view).to_json() == expected


def test_options_are_each_games_own():
    with pytest.raises(TypeError):
        analysis.analyse(parse_line(MOUCHE), lengths=None)
    given = {"engine": "kernel", "lengths": None, "lines": "best", "schedule": "interleaved"}
    assert analysis.options_for("mouche", "analyse", given) == {}
    assert analysis.options_for("papillon", "analyse", given) == {"engine": "kernel"}
    assert analysis.options_for("patience", "analyse", given) == given


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: analysis.analyse(Position.deal(1), view=0), "card games"),
        (lambda: analysis.analyse(Position.deal(1), Budget(deals=5)), "card games"),
        (lambda: analysis.analyse("a deal"), "not a position or a record of any game: str"),
        (lambda: analysis.review(read_game_text("1. 7S R5>L1")), "the record names no deal"),
        (lambda: Budget(nodes=0), "nodes must be a whole number of at least 1"),
        (lambda: Budget(seconds=float("nan")), "seconds must be a number"),
    ],
)
def test_what_cannot_be_analysed_is_one_input_error(call, message):
    with pytest.raises(InputError, match=message):
        call()


def test_every_game_reviews_in_one_vocabulary_of_marks():
    deal = Position.deal(1)
    played = [Move.parse("7S R5>L1"), Move.parse("2D L3>F")]
    patience = analysis.review(read_game_text(write_record(deal, played, number=1)), Budget(nodes=20_000))
    assert [move.mark for move in patience.moves] and all(isinstance(move.mark, Mark) for move in patience.moves)
    assert {move["mark"] for move in patience.to_json()["moves"]} <= {mark.value for mark in Mark}
    papillon = analysis.review(read_papillon_record(f'[Start "{PAPILLON}"]\nP1: 5S x 5D\nP2: trail KS\n'))
    mouche = analysis.review(read_mouche_record(f'[Start "{MOUCHE}"]\nP1: KS\n'), Budget(deals=20))
    opened = [move.open for review in (papillon, mouche) for move in review.hands[0].moves]
    marks = [view.judgement.mark for view in opened if view]
    assert len(marks) == 3 and all(isinstance(mark, Mark) for mark in marks)


def test_a_card_game_review_budget_is_its_deals():
    record = read_mouche_record(f'[Start "{MOUCHE}"]\nP1: KS\n')
    expected = mouche_review.review_record(record, deals=20, seed=2).to_json()
    assert analysis.review(record, Budget(deals=20, seed=2)).to_json() == expected
