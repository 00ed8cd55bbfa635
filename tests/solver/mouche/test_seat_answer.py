"""La Mouche from a seat, exact within the limits (butterfly/solver/mouche/seat_answer.py):
the exact answer is the exact search's, sampling beyond the limits is the
sampled analysis, each worse card's deal is a real deal where it does worse,
and a review judges a card under the exact model where the ending allows it."""

from __future__ import annotations

import pytest

from butterfly.games.errors import InputError
from butterfly.games.mouche.notation import parse_line, position_line
from butterfly.games.mouche.record import read_record
from butterfly.games.mouche.rules import Action
from butterfly.solver.exact_seat import ExactSeat
from butterfly.solver.mouche import alike
from butterfly.solver.mouche import seat as seat_module
from butterfly.solver.mouche import seat_answer as module
from butterfly.solver.mouche.exact_seat import MoucheSeat, exact_seat, seat_worlds
from butterfly.solver.mouche.position import analyse_position, from_seat, shown_deal
from butterfly.solver.mouche.review import review_record
from butterfly.solver.mouche.seat import analyse_seat
from butterfly.solver.seat_witness import Capped, solve_exact, strategy_line, strategy_lines, strategy_results

#: Endings from the random bot's 3-player games (bench/exact_seat.py's positions), the others' hands hidden:
#: the seat holds 2 cards (99 deals; 660 deals) or 3 (52 deals).
ENDINGS = [
    "mouche_d0_t9D_as.d2.d3_h1.8HAS.1_w1QH2KH09H.2KD0QD1TD.2AH0AC1TH_k2AD0TC_p5_c995.1000.1000_x-.8S9S.KCJSKS",
    "mouche_d0_tAC_ad3.d2.d2_hAHKH.2.1_w1JS29S0KS.08C1JC2QC.2AS08S1TS_k2QD_p5_c995.1000.1000_x8DTHQS.TDJH.KCQH",
    "mouche_d0_t9S_ad1.d3.d3_h1.1.9CTC_w1JH2QH0KS.0JD18S2AD.1KH29H0QS_k0TD1AC_p5_c995.1000.1000_xQC.JCKCTS.9DKDAS",
]


def _state(line: str):
    return parse_line(line)[0]


@pytest.mark.parametrize("line", ENDINGS)
def test_an_exact_answer_is_the_exact_search_and_every_worse_card_has_its_deal(line):
    state = _state(line)
    answer = module.seat_answer(state)
    exact = exact_seat(state, engine="kernel")
    assert (answer.model, answer.exact, answer.deals, answer.why_sampled) == ("expected", True, exact.worlds, None)
    assert [(c.card, c.mean, c.mouche_chance, c.guaranteed) for c in answer.cards] == [
        (c.card, *c.expected, c.guaranteed) for c in exact.cards
    ]
    assert (answer.best["expected"], answer.best["guaranteed"]) == (exact.best_expected, exact.best_guaranteed)
    sampled = analyse_seat(state, limit=10_000)
    assert sampled.exhaustive and answer.best["sampled"] == sampled.cards[0].action.cards[0]
    assert {c.card: c.sampled_mean for c in answer.cards} == {c.action.cards[0]: c.mean_tricks for c in sampled.cards}
    top = answer.cards[0]
    worse = [c.card for c in answer.cards if (c.mean, -(c.mouche_chance or 0)) < (top.mean, -(top.mouche_chance or 0))]
    assert sorted(answer.witnesses) == sorted(worse)
    worlds = seat_worlds(state, state.to_move)
    for card, witness in answer.witnesses.items():
        assert witness.world == worlds[witness.index]
        _check_witness(state, answer, card, witness, worlds)


def _check_witness(state, answer, card, witness, worlds):
    """``witness`` is one of the consistent deals ``worlds``, and each of its lines is legal
    there, starts with its card and ends with the result it says, the best card's the better."""
    assert witness.world in worlds and witness.world.hands[state.to_move] == state.hands[state.to_move]
    for first, line_played in ((answer.best["expected"], witness.best), (card, witness.worse)):
        assert line_played.moves[0] == (state.to_move, first)
        position = witness.world
        for seat, played in line_played.moves:
            assert position.current_player() == seat
            position = position.play(Action("play", (played,)))
        assert position.is_terminal()
        assert line_played.result == (position.tricks[state.to_move], -int(position.tricks[state.to_move] == 0))
    assert witness.best.result > witness.worse.result


@pytest.mark.parametrize("line", ENDINGS)
def test_the_strategies_played_out_deal_by_deal_add_up_to_the_exact_values(line):
    """The lines :func:`strategy_lines` plays are the strategies the exact values stand for: over every deal,
    the seat's results after each card add up to that card's exact expected value."""
    state = _state(line)
    worlds = seat_worlds(state, state.to_move)
    run = solve_exact(lambda: MoucheSeat(state, "tricks", "kernel"), worlds, None)
    assert run is not None
    for card, value in run.expected.items():
        lines = strategy_lines(run, card)
        assert tuple(map(sum, zip(*(line.result for line in lines)))) == value
        # the short ways to the same: the results where the cuts say them, a world's line alone
        assert strategy_results(run, card) == [line.result for line in lines]
        for index in range(0, len(lines), max(1, len(lines) // 25)):
            assert strategy_line(run, card, index) == lines[index]


def test_beyond_the_limits_the_answer_is_the_sampled_analysis_and_says_why(monkeypatch):
    state = _state(ENDINGS[1])
    monkeypatch.setattr(module, "exact_deal_limit", lambda cards: 100)
    monkeypatch.setattr(module, "kind_limit", lambda cards: 10)
    answer = module.seat_answer(state, limit=200, seed=3)
    sampled = analyse_seat(state, limit=200, seed=3)
    assert (answer.model, answer.exact, answer.deals) == ("sampled", False, sampled.worlds)
    assert answer.why_sampled == (
        "more than 100 deals of the hidden hands, too many to solve exactly even counting those that play alike once"
    )
    assert answer.witnesses == {}
    assert [(c.card, c.mean, c.mouche_chance) for c in answer.cards] == [
        (c.action.cards[0], c.mean_tricks, c.mouche_chance) for c in sampled.cards
    ]
    monkeypatch.undo()
    # past the search's effort: sampled, and said so; the effort is counted, so the same on any machine
    keys = [0]
    game = Capped(MoucheSeat(state, "tricks", "kernel"), 1 << 60, keys)
    for model in ("expected", "guaranteed"):
        ExactSeat(game, model).values_of_moves(seat_worlds(state, state.to_move))
    late = module.seat_answer(state, limit=200, seed=3, effort=keys[0] - 1)
    assert (late.model, late.why_sampled) == ("sampled", "the exact values would take more than about a second")
    assert late.cards == answer.cards
    assert module.seat_answer(state, effort=keys[0]).exact


def test_the_analysis_json_says_what_each_figure_is():
    state = _state(ENDINGS[1])
    result = analyse_position(state, (1, 2), as_player=0).to_json()
    assert (result["model"], result["exact"], result["unit"]) == ("expected", True, "tricks")
    assert [(f["field"], f["model"], f["exact"], f["unit"]) for f in result["figures"]] == [
        ("mean_tricks", "expected", True, "tricks"),
        ("mouche_chance", "expected", True, "mouche chance"),
        ("guaranteed_tricks", "guaranteed", True, "tricks"),
        ("sampled_tricks", "sampled", False, "tricks"),
    ]
    assert all(f["deals"] == result["deals"] == 660 for f in result["figures"])
    (why,) = result["why_worse"]
    assert why["move"] == result["moves"][1]["move"] and why["best"] == result["best"]["expected"]
    assert why["best_result"] > why["result"] and why["words"].startswith(f"{why['move']} does worse than ")
    # the deal opens with every hand shown, the position itself otherwise
    shown, hidden = parse_line(why["position"])
    assert hidden == () and shown.hands[0] == state.hands[0] and shown.plays == state.plays


def test_a_review_judges_a_card_exactly_where_the_ending_allows_it():
    start = "mouche_d0_tQC_ad3.d1.d3_h9DQD.JDJH.QH_w19C2KC0QS.28C0AD1KH.2JC0TD18S_k28D_p5_c995.1000.1000"
    review = review_record(read_record(f'[Start "{start}"]\nP0: 9D\nP1: JD\nP1: JH\nP2: QH\nP0: QD'), deals=20)
    first = review.hands[0].moves[0]
    state = parse_line(start)[0]
    answer = module.seat_answer(state, measure="chips", explain=False)
    assert answer.exact and (first.from_seat.model, first.from_seat.exact) == ("expected", True)
    assert first.from_seat.deals == answer.deals
    values = {str(c.card): c.mean for c in answer.cards}
    assert first.from_seat.judgement.loss == pytest.approx(max(values.values()) - values["9D"])
    # why 9D was worse: a deal where it makes fewer chips than the best card, both lines, the deal's line
    why = first.from_seat.why_worse
    assert (why.move, why.best) == ("9D", first.from_seat.best) and why.best_result > why.result
    assert why.words.startswith(f"9D does worse than {why.best} when ") and "chip" in why.words
    assert parse_line(why.position)[1] == () and why.line[0] == "P0 9D"
    # a best card has none
    assert all(m.from_seat.why_worse is None for m in review.hands[0].moves[1:] if m.from_seat and m.from_seat.exact
               and m.from_seat.judgement.loss == 0)  # fmt: skip


@pytest.mark.parametrize("line", ENDINGS)
def test_every_deal_of_an_ending_opens_as_a_whole_position(line):
    """A deal shown to explain a worse card is a position of its own: every card in one place."""
    state = _state(line)
    for world in seat_worlds(state, state.to_move):
        shown, hidden = parse_line(position_line(shown_deal(state, world, state.to_move)))
        assert hidden == () and shown.hands == world.hands and (shown.plays, shown.trick) == (state.plays, state.trick)
        assert shown.discarded[state.to_move] == state.discarded[state.to_move]


def test_le_pamphile_endings_are_exact_and_their_deals_open_as_positions():
    """Le Pamphile: who was paid for the Pamphile stays as it was in every deal shown."""
    from butterfly.games.mouche.game import play_game
    from butterfly.games.mouche.record import game_record
    from butterfly.games.mouche.rules import MoucheOptions
    from butterfly.solver.mouche.bots import BOTS

    checked = 0
    for seed in range(3):
        game = play_game(MoucheOptions(players=3, pamphile=True), 1, seed, [BOTS["random"]] * 3)
        for hand in read_record(game_record(game, ["random"] * 3)).hands:
            for state, _ in hand.positions():
                if state.phase != "play" or len(state.hands[state.to_move]) != 2 or len(state.playable()) < 2:
                    continue
                result = from_seat(state, module.seat_answer(state, effort=None))  # (whatever it costs)
                assert result.exact and result.deals == len(seat_worlds(state, state.to_move))
                for why in result.why_worse:
                    shown, hidden = parse_line(why.position)
                    assert hidden == () and shown.pamphile_paid == state.pamphile_paid
                    assert why.best_result > why.result
                checked += 1
    assert checked >= 3


@pytest.mark.parametrize("line", ENDINGS)
def test_beyond_the_listed_deals_the_kinds_of_deal_give_the_same_exact_answer(monkeypatch, line):
    """Past the deals listed, deals that play alike counted once: the same
    values, the same count of deals, the same best cards, and for each worse
    card a real deal where it does worse (a kind's own deal)."""
    state = _state(line)
    listed = module.seat_answer(state)
    monkeypatch.setattr(module, "exact_deal_limit", lambda cards: 1)
    kinds = module.seat_answer(state)
    assert (kinds.model, kinds.exact, kinds.deals) == ("expected", True, listed.deals)
    assert kinds.cards == pytest.approx(listed.cards) and kinds.best == listed.best
    assert sorted(kinds.witnesses) == sorted(listed.witnesses)
    worlds = seat_worlds(state, state.to_move)
    for card, witness in kinds.witnesses.items():
        _check_witness(state, kinds, card, witness, worlds)


@pytest.mark.parametrize("listed", [True, False])
def test_when_no_deal_fits_what_was_played_the_answer_is_one_line(monkeypatch, listed):
    """Hands that could hold none of the unseen cards: whether the deals are
    listed or counted by kind, the answer is the one-line refusal, never an
    empty answer."""

    def nothing_fits(state, player=None):
        view = seat_module.seat_view(state, player)
        return view._replace(forbidden={p: set(view.unseen) for p in view.others})

    monkeypatch.setattr(module, "seat_view", nothing_fits)
    monkeypatch.setattr(alike, "seat_view", nothing_fits)
    if not listed:
        monkeypatch.setattr(module, "exact_deal_limit", lambda cards: 0)
    with pytest.raises(InputError, match="^no deal of the unseen cards fits what has been played$"):
        module.seat_answer(_state(ENDINGS[1]))
