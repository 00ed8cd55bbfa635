"""Shortest lines: the A* kernel, its Python twin, breadth-first search, the front-end and the CLI."""

import itertools
import json
import random

import pytest

import butterfly.ext._patience as _patience
import butterfly.ext._shortest as _shortest
from butterfly.games.cards import Card
from butterfly.games.patience.format import parse_deal
from butterfly.games.patience.rules import FOUNDATION, PRESETS, Position
from butterfly.puzzles.patience.endgame import shortest_win
from butterfly.solver.patience import kernel, shortest
from butterfly.solver.patience import solve as front_end
from butterfly.solver.patience.result import BOUNDED, OPTIMAL, UNWINNABLE, WON, Limits
from butterfly.solver.patience.solve import polish, solve, solve_short, solve_shortest

from patience_positions import random_positions, small_positions

GAMES = tuple(PRESETS)


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


def test_no_bound_ever_exceeds_the_moves_left_along_shortest_lines():
    checked = 0
    for position in small(45, 4, cards=(6, 14)):
        truth = shortest_win(position)
        if truth.moves is None:
            continue
        for left, here in zip(range(truth.moves, -1, -1), position.replay(truth.line)):
            quick = shortest.lower_bound(here)
            strong = here.cards_in_play() + shortest.moves_twice(here)
            parked = here.cards_in_play() + shortest.moves_parked(here)[1]
            assert quick == kernel.lower_bound(here) <= strong == kernel.strong_bound(here) <= left
            assert strong <= parked == kernel.strong_bound(here, parking=True) <= left
            checked += 1
    assert checked > 300


def test_the_strong_bound_is_the_same_in_both_engines_whatever_its_effort_and_floor():
    for position in random_positions(80, 5):
        for effort, floor in ((1, 0), (20, 3), (500, 0), (500, 12)):
            expected = position.cards_in_play() + shortest.moves_twice(position, effort, floor)
            assert kernel.strong_bound(position, effort, floor) == expected
            assert expected >= shortest.lower_bound(position)
            count, parked = shortest.moves_parked(position, effort, floor)
            assert position.cards_in_play() + count == expected
            assert kernel.strong_bound(position, effort, floor, parking=True) == position.cards_in_play() + parked


def test_a_ceiling_stops_the_strong_bound_there_and_changes_nothing_below_it():
    # The A* asks no more than the bound that cuts a position: below that, the same
    # numbers; at it (or at the rows' own count, if higher), every smaller one refuted.
    capped = 0
    for position in random_positions(30, 8):
        in_play = position.cards_in_play()
        rows_own = shortest.lower_bound(position) - in_play
        for effort, floor in ((20, 0), (500, 0), (3_000, 2)):
            full = shortest.moves_parked(position, effort, floor)
            stopped = full[0] if full[1] == full[0] + 1 else full[1]  # (one more: the parking test's)
            for ceiling in sorted({floor + 1, stopped - 1, stopped, stopped + 1} - set(range(floor + 1))):
                stop = max(ceiling, rows_own, floor)
                expected = full if stopped < ceiling else (stop, stop)
                if stopped >= ceiling and effort == 3_000:
                    assert full[0] >= stop  # (a proved count: every smaller one refuted)
                assert shortest.moves_parked(position, effort, floor, ceiling=ceiling) == expected
                kernel_bound = kernel.strong_bound(position, effort, floor, parking=True, ceiling=ceiling)
                assert kernel_bound == in_play + expected[1]
                capped += stopped >= ceiling
    assert capped > 200, capped


def test_the_parking_test_raises_the_bound_only_where_the_rules_allow_it():
    raised = {True: 0, False: 0}
    for position in small(400, 21, cards=(6, 14)):
        count, parked = shortest.moves_parked(position, effort=10**6)
        assert parked in (count, count + 1)
        raised[shortest.parking_applies(position.rules)] += parked > count
    assert raised[False] == 0 and raised[True] > 10, raised


def moves_each_card(position, twice):
    """Is there a win in which every card of ``twice`` moves exactly twice (not home first)
    and every other card once (home)? A search of the game with each card's moves counted,
    written apart from the engines."""
    seen = set()

    def wins(here, moved):
        if here.is_won():
            return True
        if (here.key(), moved) in seen:
            return False
        seen.add((here.key(), moved))
        for move in here.legal_moves():
            card = int(move.card)
            home = move.target == FOUNDATION
            if card in twice and home != (card in moved) or card not in twice and not home:
                continue
            if wins(here.play(move), moved | {card} if card in twice else moved):
                return True
        return False

    return wins(position, frozenset())


def test_two_cards_waiting_at_once_cannot_share_their_one_host():
    # No basement: KD (leaving first) and JD can each go only onto QC, and both wait at once.
    position = empty_rows_but("cells: 0\nF: TC TD KH QS\nL1: QC\nL2: KC\nL3: JC KS\nL4: QD JD KD\n")
    jd, kd = int(Card.parse("JD")), int(Card.parse("KD"))
    test = shortest._Twice(position, 10**6, parking=True)
    assert test.parks({kd}) and moves_each_card(position, {kd})
    assert not test.parks({jd, kd}) and not moves_each_card(position, {jd, kd})


def test_a_card_that_can_only_wait_in_the_basement_carries_nothing_while_it_waits():
    # KC leaves first and has no host left; QC could go onto KC only while KC waits, in the one cell.
    position = empty_rows_but("cells: 1\nF: JC QD QH QS\nL1: KD KH QC KC KS\n")
    qc, kc = int(Card.parse("QC")), int(Card.parse("KC"))
    assert not shortest._Twice(position, 10**6, parking=True).parks({qc, kc})
    assert not moves_each_card(position, {qc, kc})


def empty_rows_but(text):
    """A Butterfly position from the rows ``text`` names, every other row empty."""
    named = {line.split(":")[0] for line in text.splitlines()}
    rows = PRESETS["butterfly"].row_names
    return parse_deal(text + "".join(f"{name}: -\n" for name in rows if name not in named))


def test_the_parking_test_rules_out_only_sets_of_cards_no_win_moves_just_twice():
    # What the bound's argument needs of the test (docs/solver.md, "The bounds"): when it says
    # no, no win moves those cards exactly twice and the rest once.
    ruled_out = 0
    for position in small_positions(300, 22, (5, 11)):
        if not shortest.parking_applies(position.rules):
            continue
        twice = shortest._Twice(position, 10**6, parking=True)
        innermost = position.rules.last_card_to_foundation_only
        movable = [c for row in position.rows for c in row[1 if innermost else 0 :]]
        for size in range(1, 4):
            for cards in itertools.combinations(movable, size):
                if sent_home_but_for(position, set(cards)) and not twice.parks(set(cards)):
                    assert not moves_each_card(position, {int(c) for c in cards}), (position, cards)
                    ruled_out += 1
    assert ruled_out > 30, ruled_out


def test_the_strong_bound_is_the_same_in_both_engines_on_positions_of_whole_deals():
    # Ten rows of up to a dozen cards make the searches deep, where the kernel works out again
    # only the rows' own counts that a step changed.
    rng = random.Random(7)
    checked = 0
    for number in range(6):
        position = Position.deal(number)
        line = solve(position, Limits(max_nodes=200_000)).moves
        for here in rng.sample(position.replay(line)[:-1], 4):
            for effort, floor in ((60, 0), (800, 2)):
                expected = here.cards_in_play() + shortest.moves_twice(here, effort, floor)
                assert kernel.strong_bound(here, effort, floor) == expected
                checked += 1
    assert checked == 48


def sent_home_but_for(position, twice):
    """Can every card in play go home straight from where it lies, but for
    ``twice``, each of which leaves its row once it is the outer card and
    then waits for its turn to go home? Told by making any move of these
    until none can be made (written apart from the engines)."""
    rows = [list(row) for row in position.rows]
    waiting = list(position.cells)
    while True:
        for row in rows:
            while row and row[-1] in twice:
                waiting.append(row.pop())
        pending = list(itertools.chain(waiting, *rows))
        low = [min((c % 13 for c in pending if c // 13 == suit), default=13) for suit in range(4)]
        home = [c for c in waiting + [row[-1] for row in rows if row] if c % 13 == low[c // 13]]
        if not home:
            return not waiting and not any(rows)
        waiting = [c for c in waiting if c not in home]
        rows = [row[:-1] if row and row[-1] in home else row for row in rows]


def test_the_strong_bound_in_full_is_the_fewest_cards_any_set_tried_one_by_one_needs():
    # The strong bound's branches split the sets of cards that move twice (a card tried and
    # refuted moves once in the branches after it): in full it must find the smallest set
    # that trying every set finds.
    checked = raised = 0
    for position in small(160, 8, cards=(6, 12)):
        innermost = position.rules.last_card_to_foundation_only
        movable = [c for row in position.rows for c in row[1 if innermost else 0 :]]
        fewest = next(
            size
            for size in range(len(movable) + 1)
            if any(sent_home_but_for(position, set(cards)) for cards in itertools.combinations(movable, size))
        )
        assert shortest.moves_twice(position, effort=10**9) == fewest, position
        assert kernel.strong_bound(position, effort=10**9) == position.cards_in_play() + fewest, position
        checked += fewest > shortest.lower_bound(position) - position.cards_in_play()
        # With the parking test: the fewest cards, plus one when no such set passes it.
        test = shortest._Twice(position, 10**9, parking=shortest.parking_applies(position.rules))
        parked = min(
            size + (0 if not test.parking or test.parks(set(cards)) else 1)
            for size in range(fewest, fewest + 2)
            for cards in itertools.combinations(movable, size)
            if sent_home_but_for(position, set(cards))
        )
        assert shortest.moves_parked(position, effort=10**9)[1] == parked, position
        assert kernel.strong_bound(position, effort=10**9, parking=True) == position.cards_in_play() + parked
        raised += parked > fewest
    assert checked > 5  # (positions where the rows alone do not see it all)
    assert raised > 3, raised


def test_a_cycle_across_rows_costs_a_move_the_rows_alone_do_not_see():
    # 6C lies on 5H, 6H on 5C: each needs a card of its own suit from under the other.
    position = empty_rows_but(
        "F: 4C KD 4H KS\nL1: 5H 6C\nR1: 5C 6H\nL2: KC QC JC TC 9C 8C 7C\nL3: KH QH JH TH 9H 8H 7H\n"
    )
    assert shortest.lower_bound(position) == 18
    assert kernel.strong_bound(position) == 19
    answer = kernel.shortest(position)
    assert answer.exhausted and len(answer.steps) == answer.lower == 19
    assert same(answer, shortest.search(position))


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


def test_the_cards_on_cycles_are_the_same_in_both_engines():
    met = set()
    for position in list(random_positions(200, 11)) + small(200, 12, cards=(6, 16)):
        found = shortest.cards_on_cycles(position)
        assert kernel.cards_on_cycles(position) == found
        assert found <= {int(c) for c in itertools.chain(position.cells, *position.rows)}
        met.add(len(found) > 0)
    assert met == {True, False}


def movers(position):
    """The cards of the position's moves that are not home moves, and the moves of each."""
    moves = {}
    for move in position.legal_moves():
        if move.target != FOUNDATION:
            moves.setdefault(int(move.card), []).append(move)
    return moves


def test_a_card_just_moved_but_not_home_moves_once_in_every_set_smaller_than_its_parents():
    # The lemma behind moves_twice's ``moved`` and ``below`` (docs/solver.md, "The search"): held
    # to move once in every set smaller than the parent needs, the card just moved leaves the
    # child's strong bound as it was, in both engines. One more than the parent needs would not.
    checked = 0
    wrong = 0
    for position in small(200, 16, cards=(8, 20)):
        needs = kernel.strong_bound(position, effort=10**6) - position.cards_in_play()
        for card_moves in movers(position).values():
            for move in card_moves:
                child = position.play(move)
                bound = kernel.strong_bound(child, effort=10**6)
                for engine in (kernel.strong_bound, strong_bound_of_the_twin):
                    assert engine(child, 10**6, 0, int(move.card), needs) == bound, (position, move)
                wrong += kernel.strong_bound(child, 10**6, 0, int(move.card), needs + 1) != bound
                checked += 1
    assert checked > 1000 and wrong > 0, (checked, wrong)


def strong_bound_of_the_twin(position, effort, floor, moved, below):
    return position.cards_in_play() + shortest.moves_twice(position, effort, floor, moved, below)


def test_the_cards_keeping_the_count_are_the_same_in_both_engines_whatever_the_effort():
    met = set()
    for position in small(120, 14, cards=(8, 16)) + list(random_positions(40, 15)):
        cards = set(movers(position)) & shortest.cards_on_cycles(position)
        count = kernel.strong_bound(position) - position.cards_in_play()
        for effort in (1, 10, 2000):
            for asked in (count, count + 1):
                kept = shortest.keeping_the_count(position, cards, asked, effort)
                assert kernel.keeping_the_count(position, cards, asked, effort) == kept
                assert kept <= cards
                met.add((effort, kept == cards))
    assert (2000, True) in met and (2000, False) in met


def test_a_card_that_keeps_the_count_moved_but_not_home_leaves_the_strong_bound_no_lower():
    # The lemma that lets a child inherit its parent's strong bound (docs/solver.md, "The search"),
    # for a card on no cycle and for one that keeps the count, checked with an effort that
    # finishes every bound on these small positions.
    checked = {"no cycle": 0, "keeps the count": 0}
    for position in small(300, 13, cards=(8, 20)):
        before = kernel.strong_bound(position, effort=10**6)
        on_cycles = shortest.cards_on_cycles(position)
        moves = movers(position)
        keeping = kernel.keeping_the_count(position, set(moves) & on_cycles, before - position.cards_in_play(), 10**6)
        for card, card_moves in moves.items():
            if card in on_cycles and card not in keeping:
                continue
            for move in card_moves:
                assert kernel.strong_bound(position.play(move), effort=10**6) >= before, (position, move)
                checked["no cycle" if card not in on_cycles else "keeps the count"] += 1
    assert min(checked.values()) > 100, checked
