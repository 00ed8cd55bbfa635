"""The solve front-end with restarts: wins are real, budgets hold, proofs pass."""

import pytest

from games.patience.rules import Position, make_rules
from solver.patience.pruning import is_dead_end
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


def test_restarts_take_at_most_their_share_of_the_time(monkeypatch):
    """A huge node budget with a time limit: the shuffled restarts stop at
    40 % of the time, and the full search gets the rest (it used to get
    nothing: the restarts' share was counted in nodes only)."""
    import solver.patience.solve as solve_module
    from solver.patience import kernel
    from solver.patience.result import SolveResult

    clock = [0.0]
    calls = []

    def fake_search(position, limits, safe_autoplay, dead_ends):
        calls.append((clock[0], limits))
        clock[0] += min(limits.timeout, 0.01)  # each attempt spends its time and stops
        return SolveResult("unresolved", nodes=limits.max_nodes if limits.timeout > 0.01 else 5, stopped_by="time")

    monkeypatch.setattr(solve_module.time, "perf_counter", lambda: clock[0])
    monkeypatch.setattr(kernel, "solve", fake_search)
    solve(Position.deal(1), Limits(max_nodes=10**12, timeout=10.0))
    *restarts, (started, final) = calls
    assert len(restarts) > 100 and all(limits.max_nodes == 20_000 for _, limits in restarts)
    assert all(at + limits.timeout <= 4.0 + 1e-9 for at, limits in restarts)  # within 40 % of the time
    assert started == pytest.approx(4.0)
    assert final.timeout == pytest.approx(6.0) and final.max_nodes > 10**11


def test_the_python_engine_honours_the_memory_cap_as_the_kernel_does():
    """The reference counts its table in the kernel's units: the same cap stops both at the same node."""
    deal = Position.deal(7)
    limits = Limits(max_nodes=None, memory_mib=1)
    capped = solve(deal, limits, engine="python", restarts=False)
    assert (capped.result, capped.stopped_by) == ("unresolved", "memory")
    assert capped.nodes == solve(deal, limits, engine="kernel", restarts=False).nodes > 10_000
    roomy = solve(deal, Limits(max_nodes=capped.nodes + 100), engine="python", restarts=False)
    assert roomy.stopped_by == "nodes"  # the cap, not the node limit, stopped the first


def test_a_proof_says_whether_the_dead_end_test_alone_made_it():
    rules = make_rules("butterfly", cells=0)
    # Deal 1 fails the dead-end test at the start; deal 1382 passes it and is lost after a short search.
    at_once = solve(Position.deal(1, rules), Limits(max_nodes=100_000))
    assert (at_once.result, at_once.proved_by, at_once.nodes) == ("unwinnable", "dead-end", 1)
    assert is_dead_end(Position.deal(1, rules)) and not is_dead_end(Position.deal(1382, rules))
    searched = solve(Position.deal(1382, rules), Limits(max_nodes=100_000))
    assert (searched.result, searched.proved_by) == ("unwinnable", "search") and searched.nodes > 1
