"""The solve front-end with restarts: wins are real, budgets hold, proofs pass."""

import pytest

from butterfly.games.patience.rules import Position, make_rules
from butterfly.solver.engines import ENGINE_NAMES
from butterfly.solver.patience.pruning import is_dead_end
from butterfly.solver.patience.result import Limits
from butterfly.solver.patience.solve import (
    INTERLEAVED,
    NO_RESTARTS,
    RESTART_NODES,
    RESTART_WEIGHT,
    RESTARTS_FIRST,
    SCHEDULES,
    parse_label,
    row_order,
    schedule_label,
    solve,
)

from patience_positions import random_positions


def test_row_orders_are_fixed_permutations():
    assert row_order(0, 10) == list(range(10))
    assert sorted(row_order(7, 10)) == list(range(10))
    assert row_order(7, 10) == row_order(7, 10) != row_order(8, 10)


def test_restarts_win_deals_the_single_search_does_not():
    """Deals 7 and 21 stay unresolved at 1M nodes in the natural order."""
    for number in (7, 21):
        deal = Position.deal(number)
        single = solve(deal, Limits(max_nodes=300_000), schedule=NO_RESTARTS)
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
        plain = solve(deal, Limits(max_nodes=100_000), schedule=NO_RESTARTS)
        restarted = solve(deal, Limits(max_nodes=100_000))
        if "unresolved" not in (plain.result, restarted.result):
            assert plain.result == restarted.result


class _TimedOutSearch:
    """A stand-in for an engine's Search: every run spends its time (at most
    0.01 s of the fake clock) and stops; runs are recorded."""

    clock = [0.0]
    runs: list = []

    def __init__(self, position, memory_bytes, safe_autoplay, dead_ends):
        self.memory_bytes, self.nodes, self.table_bytes = memory_bytes, 1, 1000

    def run(self, max_nodes=None, timeout=None):
        from butterfly.solver.patience.result import SolveResult

        self.runs.append((self.clock[0], max_nodes, timeout, self.memory_bytes))
        self.clock[0] += min(timeout, 0.01)
        if timeout > 0.01:  # stopped by its node limit
            self.nodes = max_nodes
            return SolveResult("unresolved", nodes=self.nodes, stopped_by="nodes")
        return SolveResult("unresolved", nodes=5, stopped_by="time")


@pytest.mark.parametrize("schedule", [RESTARTS_FIRST, INTERLEAVED])
def test_restarts_take_at_most_their_share_of_the_time(monkeypatch, schedule):
    """A huge node budget with a time limit: the shuffled restarts stop at
    40 % of the time, and the full search gets the rest (it used to get
    nothing: the restarts' share was counted in nodes only)."""
    import butterfly.solver.patience.solve as solve_module
    from butterfly.solver.patience import kernel

    _TimedOutSearch.clock[0] = 0.0
    _TimedOutSearch.runs = runs = []
    monkeypatch.setattr(solve_module.time, "perf_counter", lambda: _TimedOutSearch.clock[0])
    monkeypatch.setattr(kernel, "Search", _TimedOutSearch)
    monkeypatch.setattr(solve_module, "BEST_FIRST_FROM", 10**15)  # (their share: the next test)
    solve(Position.deal(1), Limits(max_nodes=10**12, timeout=10.0), schedule=schedule)
    # The full search's runs are the last (restarts first) or have the whole memory cap (interleaved).
    restarts = runs[:-1] if schedule == RESTARTS_FIRST else [run for run in runs if run[3] != runs[0][3]]
    assert len(restarts) > 100 and all(nodes == 20_000 for _, nodes, _, _ in restarts)
    spent = 0.0
    for _, _, timeout, _ in restarts:
        assert spent + timeout <= 4.0 + 1e-9  # the restarts' time within 40 % of the time
        spent += min(timeout, 0.01)
    started, final_nodes, final_timeout, _ = runs[-1]
    assert final_nodes is None or final_nodes > 10**11
    assert started + final_timeout == pytest.approx(10.0)  # the full search has the rest of the time


def test_best_first_attempts_take_at_most_their_share_of_the_time(monkeypatch):
    """Past BEST_FIRST_FROM nodes of the full search, the best-first attempts
    get at most BEST_FIRST_TIME_SHARE of the time in all, each a share of the
    full search's nodes and the memory it leaves; the full search then has
    the rest of the time."""
    import butterfly.solver.patience.solve as solve_module
    from butterfly.solver.patience import kernel
    from butterfly.solver.patience.shortest import Answer

    calls = []

    def best_first(position, max_nodes, timeout, memory_bytes, engine):
        calls.append((max_nodes, timeout, memory_bytes))
        _TimedOutSearch.clock[0] += min(timeout, 0.01)
        return Answer(False, [], max_nodes, 0, "nodes" if timeout > 0.01 else "time")

    _TimedOutSearch.clock[0] = 0.0
    _TimedOutSearch.runs = runs = []
    monkeypatch.setattr(solve_module.time, "perf_counter", lambda: _TimedOutSearch.clock[0])
    monkeypatch.setattr(kernel, "Search", _TimedOutSearch)
    monkeypatch.setattr(solve_module, "_best_first", best_first)
    solve(Position.deal(1), Limits(max_nodes=10**12, timeout=10.0))
    assert len(calls) > 10
    spent = 0.0
    for max_nodes, timeout, memory_bytes in calls:
        assert max_nodes >= 1 and spent + timeout <= 2.5 + 1e-9 and memory_bytes == (1024 << 20) - 1000
        spent += min(timeout, 0.01)
    started, final_nodes, final_timeout, _ = runs[-1]
    assert final_nodes is None or final_nodes > 10**11
    assert started + final_timeout == pytest.approx(10.0)


def test_interleaved_attempts_take_only_the_memory_the_full_search_leaves(monkeypatch):
    import butterfly.solver.patience.solve as solve_module
    from butterfly.solver.patience import kernel

    _TimedOutSearch.clock[0] = 0.0
    _TimedOutSearch.runs = runs = []
    monkeypatch.setattr(solve_module.time, "perf_counter", lambda: _TimedOutSearch.clock[0])
    monkeypatch.setattr(kernel, "Search", _TimedOutSearch)
    solve(Position.deal(1), Limits(max_nodes=10**12, timeout=1.0, memory_mib=1))
    full_memory = runs[0][3]
    assert full_memory == 1 << 20
    assert all(memory == full_memory - 1000 for _, _, _, memory in runs if memory != full_memory)


def test_a_search_run_in_slices_expands_what_one_run_does():
    """Stopped at node counts and run on, the search of either engine ends
    where one run ends: the same verdict, nodes and line, slice for slice
    the same in both engines."""
    from butterfly.solver.patience import kernel, reference

    positions = random_positions(60, seed=31, games=("butterfly", "beleaguered-castle", "streets-and-alleys"))
    for k, position in enumerate(positions):
        whole = kernel.solve(position, Limits(max_nodes=3_000))
        sliced, python = kernel.Search(position), reference.Search(position)
        cap = 1 + k % 7
        while True:
            step, oracle = sliced.run(min(cap, 3_000)), python.run(min(cap, 3_000))
            assert (step.result, step.nodes, step.moves, step.stopped_by) == (
                oracle.result,
                oracle.nodes,
                oracle.moves,
                oracle.stopped_by,
            )
            if step.stopped_by != "nodes" or cap >= 3_000:
                break
            cap = 2 * cap + k
        assert (step.result, step.nodes, step.moves) == (whole.result, whole.nodes, whole.moves), position


@pytest.mark.parametrize("schedule", SCHEDULES)
def test_every_schedule_gives_the_same_answer_in_both_engines(schedule):
    for game in ("butterfly", "beleaguered-castle", "streets-and-alleys"):
        for number in range(3):
            deal = Position.deal(number, make_rules(game))
            limits = Limits(max_nodes=6_000)
            k, p = solve(deal, limits, "kernel", schedule=schedule), solve(deal, limits, "python", schedule=schedule)
            assert (k.result, k.nodes, k.moves, k.stopped_by) == (p.result, p.nodes, p.moves, p.stopped_by)
            assert k.nodes <= 6_000
            if k.result == "won":
                assert deal.replay(k.moves)[-1].is_won()


def test_best_first_attempts_win_for_real_and_alike_in_both_engines(monkeypatch):
    """With the best-first attempts brought forward to small searches, the
    interleaved schedule's answers are still right (a win replays, a proof
    agrees with the plain search), the same in both engines node for node,
    within the budget; and a deal left open before is won."""
    import butterfly.solver.patience.solve as solve_module

    limits = Limits(max_nodes=4_000)
    deals = [Position.deal(n, make_rules(g)) for g in ("beleaguered-castle", "streets-and-alleys") for n in range(12)]
    before = [solve(deal, limits) for deal in deals]
    monkeypatch.setattr(solve_module, "BEST_FIRST_FROM", 100)
    gained = 0
    for deal, old in zip(deals, before):
        k, p = solve(deal, limits, "kernel"), solve(deal, limits, "python")
        assert (k.result, k.nodes, k.moves, k.stopped_by) == (p.result, p.nodes, p.moves, p.stopped_by)
        assert k.nodes <= 4_000
        if k.result == "won":
            assert deal.replay(k.moves)[-1].is_won()
        plain = solve(deal, limits, schedule=NO_RESTARTS)
        if "unresolved" not in (k.result, plain.result):
            assert k.result == plain.result
        gained += old.result == "unresolved" and k.result == "won"
    assert gained > 0


def test_interleaved_restarts_cost_a_lost_deal_a_bounded_share_of_its_proof():
    """Beleaguered Castle deal 192 is lost, proved in N nodes by the full
    search: the interleaved schedule spends at most RESTART_WEIGHT N more
    on attempts (plus one attempt), where restarts first spent 4 M."""
    deal = Position.deal(192, make_rules("beleaguered-castle"))
    plain = solve(deal, schedule=NO_RESTARTS)
    interleaved = solve(deal)
    assert plain.result == interleaved.result == "unwinnable"
    assert interleaved.nodes <= (1 + RESTART_WEIGHT) * plain.nodes + RESTART_NODES


def test_schedule_labels_read_back():
    for engine in ENGINE_NAMES:
        for schedule in SCHEDULES:
            assert parse_label(schedule_label(engine, schedule)) == (engine, schedule)
    for label in ("kernel/restarts-first", "kernel/", "gpu", "kernel/luby", ""):
        with pytest.raises(ValueError):
            parse_label(label)


def test_the_python_engine_honours_the_memory_cap_as_the_kernel_does():
    """The reference counts its table in the kernel's units: the same cap stops both at the same node."""
    deal = Position.deal(7)
    limits = Limits(max_nodes=None, memory_mib=1)
    capped = solve(deal, limits, engine="python", schedule=NO_RESTARTS)
    assert (capped.result, capped.stopped_by) == ("unresolved", "memory")
    assert capped.nodes == solve(deal, limits, engine="kernel", schedule=NO_RESTARTS).nodes > 10_000
    roomy = solve(deal, Limits(max_nodes=capped.nodes + 100), engine="python", schedule=NO_RESTARTS)
    assert roomy.stopped_by == "nodes"  # the cap, not the node limit, stopped the first


def test_a_proof_says_whether_the_dead_end_test_alone_made_it():
    rules = make_rules("butterfly", cells=0)
    # Deal 1 fails the dead-end test at the start; deal 1382 passes it and is lost after a short search.
    at_once = solve(Position.deal(1, rules), Limits(max_nodes=100_000))
    assert (at_once.result, at_once.proved_by, at_once.nodes) == ("unwinnable", "dead-end", 1)
    assert is_dead_end(Position.deal(1, rules)) and not is_dead_end(Position.deal(1382, rules))
    searched = solve(Position.deal(1382, rules), Limits(max_nodes=100_000))
    assert (searched.result, searched.proved_by) == ("unwinnable", "search") and searched.nodes > 1
