"""Shortest lines: the A* kernel, its Python twin, breadth-first search, the front-end and the CLI
(the lower bound's own tests: test_bound.py)."""

import json

import pytest

import butterfly.ext._patience as _patience
import butterfly.ext._shortest as _shortest
from butterfly.games.patience.rules import PRESETS, Position
from butterfly.puzzles.patience.endgame import shortest_win
from butterfly.solver.patience import kernel, shortest
from butterfly.solver.patience import solve as front_end
from butterfly.solver.patience.analysis import new_distances, shortest_search
from butterfly.solver.patience.result import BOUNDED, OPTIMAL, UNWINNABLE, WON, Limits
from butterfly.solver.patience.solve import polish, solve, solve_short, solve_shortest

from patience_positions import random_positions, small_positions

GAMES = tuple(PRESETS)
ENGINES = ("kernel", "python")


def small(count, seed, cards=(5, 12)):
    """Won and lost made-up positions of every preset, suit rule and number of cells: half
    Butterfly, half its siblings, whose rows taken by any card make far more positions
    reachable, so they get at most 8 cards."""
    siblings = small_positions(count // 2, seed, (min(cards[0], 5), min(cards[1], 8)), games=GAMES[1:])
    return small_positions(count - count // 2, seed, cards, games=("butterfly",)) + siblings


def same(a, b):
    return (a.exhausted, a.steps, a.nodes, a.lower, a.stopped_by) == (
        b.exhausted,
        b.steps,
        b.nodes,
        b.lower,
        b.stopped_by,
    )


def check_against_breadth_first(positions, weights=(100,), efforts=(shortest.TWICE_EFFORT,)):
    won = 0
    for position in positions:
        truth = shortest_win(position)
        assert truth.complete
        for weight in weights:
            for effort in efforts:
                answer = kernel.shortest(position, weight=weight, effort=effort)
                assert same(answer, shortest.search(position, weight=weight, effort=effort)), position
                assert answer.exhausted
                if truth.moves is None:
                    assert answer.steps == [] and answer.lower == shortest.MAX_LINE + 1
                    continue
                assert len(answer.steps) == truth.moves == answer.lower, position
                assert position.replay(shortest.moves_of(position, answer.steps))[-1].is_won()
        won += truth.moves is not None
    return won


def test_the_kernels_shortest_line_is_breadth_first_searchs_and_the_twins():
    positions = small(100, 1)
    won = check_against_breadth_first(positions)
    assert 60 < won < 100  # both won and lost positions were met
    assert {p.rules.name.split("/")[0] for p in positions} == set(GAMES)


def test_weighted_and_effort_limited_searches_are_still_exact_when_they_finish():
    check_against_breadth_first(small(60, 2), weights=(100, 300), efforts=(1, 30))


def test_a_search_for_the_first_line_stops_at_one_the_same_in_both_engines():
    """Asked for the first line only (the best-first attempts of solve), both
    engines stop at the same line after the same positions: a real win, no
    shorter than the shortest, found without searching on for a shorter one."""
    stopped = 0
    for position in small(80, 6):
        truth = shortest_win(position)
        for weight in (100, 1000):
            answer = kernel.shortest(position, weight=weight, effort=0, first_line=True)
            assert same(answer, shortest.search(position, weight=weight, effort=0, first_line=True)), position
            if truth.moves is None:
                assert answer.steps == [] and answer.exhausted
                continue
            assert answer.stopped_by == "line" and not answer.exhausted
            assert len(answer.steps) >= truth.moves and answer.lower <= truth.moves
            assert position.replay(shortest.moves_of(position, answer.steps))[-1].is_won()
            full = kernel.shortest(position, weight=weight, effort=0)
            assert answer.nodes <= full.nodes
            stopped += answer.nodes < full.nodes
    assert stopped > 0  # it does stop early on some positions


@pytest.mark.slow
def test_thousands_of_small_positions_of_every_preset():
    check_against_breadth_first(small(3000, 3, cards=(5, 14)), weights=(100, 250), efforts=(5, 1000))


def test_a_stopped_search_gives_a_lower_bound_no_longer_than_the_shortest_line():
    for position in small(50, 6, cards=(8, 14)):
        truth = shortest_win(position)
        for nodes in (1, 2, 5, 20):
            answer = kernel.shortest(position, limits=Limits(max_nodes=nodes))
            assert same(answer, shortest.search(position, max_nodes=nodes))
            if truth.moves is not None:
                assert answer.lower <= truth.moves
                if answer.steps:
                    assert len(answer.steps) >= truth.moves
            if not answer.exhausted:
                assert answer.stopped_by == "nodes"


def test_an_upper_bound_only_cuts_lines_that_are_not_shorter():
    for position in small(40, 7, cards=(6, 12)):
        truth = shortest_win(position)
        if truth.moves is None:
            continue
        at_par = kernel.shortest(position, upper=truth.moves)
        assert at_par.exhausted and at_par.steps == [] and at_par.lower == truth.moves
        above = kernel.shortest(position, upper=truth.moves + 1)
        assert len(above.steps) == truth.moves


def test_the_memory_cap_holds_and_never_gives_a_wrong_answer():
    deal = Position.deal(2)
    for mib in (0, 1, 2):
        answer = kernel.shortest(deal, upper=80, limits=Limits(max_nodes=None, memory_mib=mib))
        assert not answer.exhausted and answer.stopped_by == "memory"
        assert answer.table_bytes <= mib << 20
        assert answer.lower <= 80


def test_step_codes_and_the_longest_line_are_the_kernels():
    assert (shortest.EMPTY_ROW, shortest.TO_CELL, shortest.TO_FOUNDATION) == (
        _shortest.EMPTY_ROW,
        _shortest.TO_CELL,
        _shortest.TO_FOUNDATION,
    )
    assert shortest.MAX_LINE == _shortest.MAX_LINE
    assert _patience.PLACE_FOUNDATION == 17  # the DFS kernel's own codes are another matter


def test_solve_shortest_proves_deal_1_and_its_line_replays():
    result = solve_shortest(Position.deal(1))
    assert result.result == OPTIMAL and result.lower_bound == len(result.moves) == 60
    assert Position.deal(1).replay(result.moves)[-1].is_won()


def test_solve_shortest_stopped_early_is_bounded_below_the_optimum():
    # With no time at all, the depth-first search still wins these (it looks at the clock
    # every 1,024 positions) but each A* stops at once.
    answers = set()
    for position in small_positions(30, 9, (10, 13)):
        truth = shortest_win(position)
        result = solve_shortest(position, Limits(timeout=0))
        answers.add(result.result)
        if result.result == BOUNDED:
            assert result.stopped_by == "time"
            assert result.lower_bound <= truth.moves <= len(result.moves)
        if result.result == OPTIMAL:
            assert len(result.moves) == truth.moves
        if result.moves:
            assert position.replay(result.moves)[-1].is_won()
    assert BOUNDED in answers


def test_a_proof_stopped_short_hands_its_line_to_a_polish_with_the_strong_bound(monkeypatch):
    # With one position for the proof, the line is the polished one: optimal only where it
    # meets a proved bound, and then as short as the A* search's in full.
    met = 0
    for position in random_positions(16, 5):
        truth = kernel.shortest(position, limits=Limits(max_nodes=20_000))
        if not (truth.exhausted and truth.steps):
            continue
        result = solve_shortest(position, proof_nodes=1)
        assert position.replay(result.moves)[-1].is_won()
        assert result.lower_bound <= len(truth.steps) <= len(result.moves)
        if result.result == OPTIMAL:
            assert len(result.moves) == len(truth.steps)
        with monkeypatch.context() as patched:
            patched.setattr(front_end, "BOUNDED_POLISH", ())
            patched.setattr(front_end, "DEEP_POLISH", ())
            before = solve_shortest(position, proof_nodes=1)
        assert len(result.moves) <= len(before.moves) and result.lower_bound >= before.lower_bound
        met += result.result == OPTIMAL and before.result == BOUNDED and len(result.moves) < len(before.moves)
    assert met


def test_a_line_left_far_over_its_bound_gets_the_deeper_polish(monkeypatch):
    # Deal 1 (optimum 60) from its long depth-first line, the first polish switched off:
    # more than DEEP_POLISH_GAP over the bound, so the deeper one runs and shortens it
    # (beside a proof limited by time alone); a line within the gap is left to the first.
    position = Position.deal(1)
    long_line = solve(position, shorten=True).moves
    monkeypatch.setattr(front_end, "BOUNDED_POLISH", ())
    monkeypatch.setattr(front_end, "DEEP_POLISH", ((150, 5_000, (0,)),))
    line, nodes, lower = front_end.polish_bounded(position, long_line, 58, None, Limits(), "kernel", 0.0)
    assert nodes > 0 and 58 <= lower <= 60 <= len(line) < len(long_line)
    assert position.replay(line)[-1].is_won()
    near = len(line) - front_end.DEEP_POLISH_GAP
    assert front_end.polish_bounded(position, line, near, None, Limits(), "kernel", 0.0) == (line, 0, near)
    # Beside a proof of a small budget, not worth its positions.
    small = front_end.DEEP_POLISH_FROM - 1
    assert front_end.polish_bounded(position, long_line, 58, small, Limits(), "kernel", 0.0) == (long_line, 0, 58)


def test_the_heavy_stages_come_first_only_where_the_line_starts_far_over_its_bound(monkeypatch):
    # A proof stopped by time leaves the polish a tenth of it: there the heavy weights
    # shorten a line far over its bound within seconds, the light ones seldom.
    position = Position.deal(1)
    long_line = solve(position, shorten=True).moves
    stages_run = []
    polish = front_end.polish

    def recording(position, line, stages, *args):
        stages_run.append(stages)
        return polish(position, line, stages, *args)

    monkeypatch.setattr(front_end, "polish", recording)
    monkeypatch.setattr(front_end, "BOUNDED_POLISH", ((130, 2_000, (0,)),))
    monkeypatch.setattr(front_end, "DEEP_POLISH", ((300, 2_000, (0,)), (200, 2_000, (0,)), (120, 2_000, (0,))))
    line, _, _ = front_end.polish_bounded(position, long_line, 58, None, Limits(), "kernel", 0.0)
    assert stages_run[:2] == [front_end.DEEP_POLISH[:2], front_end.BOUNDED_POLISH]
    assert stages_run[2:] in ([], [front_end.DEEP_POLISH[2:]])  # (the rest, if still far over)
    assert position.replay(line)[-1].is_won() and len(line) < len(long_line)
    stages_run.clear()
    near = len(line) - front_end.DEEP_POLISH_GAP
    front_end.polish_bounded(position, line, near, None, Limits(), "kernel", 0.0)
    assert stages_run == [front_end.BOUNDED_POLISH]


def test_solve_shortest_passes_lost_deals_through():
    assert solve_shortest(Position.deal(126)).result == UNWINNABLE


def test_both_engines_prove_the_same_length():
    position = next(p for p in small(40, 8, cards=(10, 14)) if shortest_win(p).moves)
    python = solve_shortest(position, engine="python")
    compiled = solve_shortest(position)
    assert python.result == compiled.result == OPTIMAL
    assert len(python.moves) == len(compiled.moves) == shortest_win(position).moves


def test_cli_shortest_text_json_and_verify(cli, tmp_path):
    text = cli.run("solve", 1, "--shortest")
    assert text.exit_code == 0
    assert "Result: optimal: won in 60 moves, and no line wins in fewer (proved)" in text.stdout
    data = json.loads(cli.run("solve", 1, "--shortest", "--json").stdout)
    assert data["result"] == "optimal" and data["length"] == data["lower_bound"] == len(data["moves"]) == 60
    solution = tmp_path / "line.json"
    solution.write_text(json.dumps(data))
    assert cli.run("verify", 1, solution).exit_code == 0


def test_cli_says_how_far_a_bounded_line_may_be_from_the_shortest(cli, tmp_path):
    from butterfly.games.patience.format import format_deal_text

    deal = tmp_path / "deal.txt"
    for position in small_positions(30, 9, (10, 13)):
        deal.write_text(format_deal_text(position))
        text = cli.run("solve", deal, "--shortest", "--timeout", "0").stdout
        if "Result: bounded" in text:
            assert "the time limit stopped the proof with a gap of" in text
            return
    raise AssertionError("no bounded answer met")


def test_cli_shortest_refuses_raw_moves_in_one_line(cli):
    cli.one_line_error(cli.run("solve", 1, "--shortest", "--raw-moves"), "--raw-moves and --shortest")


# ---------------------------------------------------------------- short lines by default


def test_the_default_line_is_polished_replays_and_is_never_longer():
    for number in range(4):
        position = Position.deal(number)
        shortened = solve(position, shorten=True)
        short = solve_short(position)
        assert short.result == WON and position.replay(short.moves)[-1].is_won()
        assert len(short.moves) <= len(shortened.moves)
        assert len(short.moves) < 100  # the depth-first line was 150 to 320 moves on these deals
        assert len(short.moves) >= kernel.strong_bound(position)


def test_polish_gives_the_same_line_in_both_engines_and_passes_lost_deals_through():
    positions = [p for p in small(20, 4, cards=(10, 14)) if solve(p).result == WON]
    for position in positions[:2]:
        line = solve(position, shorten=True).moves
        stages = ((300, 300, (0, 0.5)), (150, 300, (0,)))
        assert polish(position, line, stages, engine="python") == polish(position, line, stages)
    for position in positions[:1]:  # (with the strong bound, as a proof stopped short polishes)
        line = solve(position, shorten=True).moves
        stages = ((300, 100, (0, 0.5)),)
        assert polish(position, line, stages, engine="python", effort=60) == polish(position, line, stages, effort=60)
    assert solve_short(Position.deal(126)).result == UNWINNABLE


def test_a_tail_found_from_a_later_position_replaces_the_lines():
    # A start that finds nothing within its budget hands over to a later position of the line.
    position = Position.deal(3)
    line = solve(position, shorten=True).moves
    from_start, _, _ = polish(position, line, ((300, 1, (0,)),))
    later, _, _ = polish(position, line, ((300, 2_000, (0.5,)),))
    half = len(later) // 2  # each tail starts half-way along a line at least as long
    assert from_start == line and len(later) < len(line) and later[:half] == line[:half]
    assert position.replay(later)[-1].is_won()


def test_cli_solve_prints_a_short_line_and_raw_moves_the_searchs_own(cli):
    text = cli.run("solve", 1).stdout
    assert "(a short line; --shortest searches for the shortest and proves it)" in text
    short = json.loads(cli.run("solve", 1, "--json").stdout)["moves"]
    raw = json.loads(cli.run("solve", 1, "--raw-moves", "--json").stdout)["moves"]
    assert len(short) < len(raw)


# ---------------------------------------------------------------- distances shared between searches

NO_LIMIT = Limits(max_nodes=None)
_truths: dict[tuple, int | None] = {}


def distance(position):
    """Breadth-first search's fewest moves that win ``position`` (None: lost), kept."""
    key = (position.rules, position.key())
    if key not in _truths:
        truth = shortest_win(position)
        assert truth.complete
        _truths[key] = truth.moves
    return _truths[key]


def shared_searches(positions, limit=shortest.DISTANCE_ENTRIES, stopped=(3,)):
    """Each position, then each of its children, searched in turn by both engines, each
    engine's searches sharing one table of at most ``limit`` positions (first stopped
    after ``stopped`` positions, then in full): the same answer, line and node count from
    both, and the same facts in their tables. Yields (start, the kernel's full answer, the
    twin's table) for each search in full."""
    for position in positions:
        tables = new_distances("kernel"), shortest.Distances(limit)
        if limit != shortest.DISTANCE_ENTRIES:
            tables = _shortest.Distances(limit), tables[1]
        for start in [position] + [child for _, child in position.distinct_children().values()]:
            if start.is_won():
                continue
            for nodes in (*stopped, None):
                limits = Limits(max_nodes=nodes)
                compiled = shortest_search(start, None, limits, "kernel", tables[0])
                twin = shortest_search(start, None, limits, "python", tables[1])
                assert same(compiled, twin), start
            yield start, compiled, tables[1]
        assert sorted(tables[0].values(), key=str) == sorted(tables[1].values(), key=str), position


def test_a_shared_table_gives_the_kernel_and_the_twin_the_same_lines_nodes_and_facts():
    searched = sum(1 for _ in shared_searches(small(240, 41, cards=(5, 10))))
    assert searched > 1000


def test_shared_searches_find_the_shortest_line_as_breadth_first_search_and_the_search_without_do():
    """Every search sharing the table (after stopped ones, which write what they proved too)
    finds the length of the search without a table, its line replayed through the rules
    alone, with fewer positions in all; and breadth-first search's on each position (its
    children's: the search without, held to it above)."""
    shared_nodes = plain_nodes = 0
    positions = small(100, 42, cards=(5, 10))
    for start, answer, _ in shared_searches(positions):
        assert answer.exhausted
        plain = kernel.shortest(start)
        if start in positions:
            assert len(plain.steps) == (distance(start) or 0), start
        if not plain.steps:
            assert answer.steps == [] and answer.lower == plain.lower == shortest.MAX_LINE + 1
            continue
        assert len(answer.steps) == len(plain.steps) == answer.lower, start
        assert start.replay(shortest.moves_of(start, answer.steps))[-1].is_won()
        shared_nodes, plain_nodes = shared_nodes + answer.nodes, plain_nodes + plain.nodes
    assert shared_nodes < 0.7 * plain_nodes, (shared_nodes, plain_nodes)


def test_every_fact_a_shared_table_holds_is_true():
    """The twin's table after a position's and its children's searches: each lower bound no
    more than breadth-first search's distance, each line a win (replayed through the rules)
    no shorter than it, and a line whose length is the bound is a shortest one."""
    checked = exact = 0
    for position in small(40, 43, cards=(5, 10)):
        last = None
        for _, _, table in shared_searches([position]):
            last = table
        if last is None:
            continue
        for key, known in list(last.entries.items())[::7]:
            start = shortest.decode(position.rules, key)
            truth = distance(start)
            moves = shortest.MAX_LINE + 1 if truth is None else truth
            assert known.lower <= moves, start
            if known.line is not None:
                assert start.replay(shortest.moves_of(start, known.line))[-1].is_won()
                assert len(known.line) >= moves
                exact += known.lower == len(known.line)
            checked += 1
    assert checked > 100 and exact > 10, (checked, exact)


def test_a_full_table_drops_new_facts_and_the_searches_stay_exact():
    for limit in (0, 1, 9):
        for start, answer, table in shared_searches(small(8, 44, cards=(5, 8)), limit, stopped=(2,)):
            assert len(table) <= limit
            assert len(answer.steps) == (distance(start) or 0), start


def test_an_upper_bound_with_a_shared_table_proves_no_shorter_line():
    """Asked for a line shorter than the shortest, both engines, sharing a table
    that already holds the position's line, prove there is none without a step."""
    for position in small(30, 45, cards=(6, 10)):
        truth = shortest_win(position)
        if not truth.moves:
            continue
        tables = new_distances("kernel"), shortest.Distances()
        first = [shortest_search(position, None, NO_LIMIT, engine, t) for engine, t in zip(ENGINES, tables)]
        again = [shortest_search(position, truth.moves, NO_LIMIT, engine, t) for engine, t in zip(ENGINES, tables)]
        assert same(*first) and same(*again)
        assert again[0].exhausted and again[0].steps == [] and again[0].lower == truth.moves
        assert again[0].nodes == 0  # the start is known exactly: nothing to expand
        known = shortest_search(position, None, NO_LIMIT, "kernel", tables[0])
        assert known.steps == first[0].steps and known.nodes == 0


def test_the_shared_table_is_sized_within_its_memory():
    """The twin's slot size is the kernel's, and the table's positions fit
    the memory given it at its peak (three slots a position while it grows)."""
    import butterfly.ext._shortest as _shortest

    assert shortest.KNOWN_SLOT_BYTES == _shortest.KNOWN_SLOT_BYTES
    assert shortest.distance_entries(256 << 20) == shortest.DISTANCE_ENTRIES
    for mib in (0, 1, 7, 64, 192):
        entries = shortest.distance_entries(mib << 20)
        assert 3 * entries * shortest.KNOWN_SLOT_BYTES <= mib << 20
        more = 2 * entries or 1  # the next size would not fit
        assert entries == shortest.DISTANCE_ENTRIES or 3 * more * shortest.KNOWN_SLOT_BYTES > mib << 20
