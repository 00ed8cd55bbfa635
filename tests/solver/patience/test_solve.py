"""The solve front-end with restarts: wins are real, budgets hold, proofs pass."""

from games.patience.rules import Position, make_rules
from solver.patience.result import Limits
from solver.patience.solve import row_order, solve


def test_row_orders_are_fixed_permutations():
    assert row_order(0, 10) == list(range(10))
    assert sorted(row_order(7, 10)) == list(range(10))
    assert row_order(7, 10) == row_order(7, 10) != row_order(8, 10)


def test_restarts_win_deals_the_single_search_does_not():
    """Deals 7 and 21 stay unresolved at 1M nodes in the natural order."""
    for number in (7, 21):
        deal = Position.deal(number)
        single = solve(deal, Limits(max_nodes=300_000), restarts=False)
        restarted = solve(deal, Limits(max_nodes=300_000))
        assert single.result == "unresolved"
        assert restarted.result == "won"
        assert deal.replay(restarted.moves)[-1].is_won()  # moves renamed back to the deal's rows


def test_restarted_wins_replay_on_every_preset():
    for game in ("butterfly", "fortress", "beleaguered-castle", "streets-and-alleys"):
        for number in range(10):
            deal = Position.deal(number, make_rules(game))
            result = solve(deal, Limits(max_nodes=100_000))
            if result.result == "won":
                assert deal.replay(result.moves)[-1].is_won()


def test_total_nodes_stay_within_the_budget():
    # Alternate-colours deals no test proves lost, that 150,000 nodes leave unresolved.
    rules = make_rules("butterfly", "alternate-colours")
    for number in (8, 13):
        result = solve(Position.deal(number, rules), Limits(max_nodes=150_000))
        assert result.result == "unresolved" and result.nodes <= 150_000


def test_a_proof_is_still_a_proof():
    rules = make_rules("fortress")
    for number in range(30):
        deal = Position.deal(number, rules)
        plain = solve(deal, Limits(max_nodes=100_000), restarts=False)
        restarted = solve(deal, Limits(max_nodes=100_000))
        if "unresolved" not in (plain.result, restarted.result):
            assert plain.result == restarted.result
