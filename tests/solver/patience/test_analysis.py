"""``analyse`` (butterfly/solver/patience/analysis.py): every value it gives checked
against a full solve of the position after the move, on hundreds of
positions of every preset (made-up ones with few cards, the last moves of
won deals, late positions of random games), by the kernel and by the
Python twin; on small positions the optimal lengths against breadth-first
search; moves merged into one entry lead to the same position."""

from __future__ import annotations

import functools
import json
import random

import pytest

from butterfly.games.patience.notation import parse_line
from butterfly.games.patience.rules import PRESETS, Position, make_rules
from butterfly.puzzles.patience.endgame import shortest_win
from butterfly.solver.patience.analysis import LENGTH_LIMITS, LOST, UNKNOWN, VALUES, analyse
from butterfly.solver.patience.result import BOUNDED, OPTIMAL, UNRESOLVED, UNWINNABLE, WON, Limits, SolveResult
from butterfly.solver.patience.solve import solve, solve_shortest

from patience_positions import random_positions, small_positions

GAMES = tuple(PRESETS)
WINS = (OPTIMAL, BOUNDED, WON)
LIMITS = Limits(max_nodes=300_000)
#: The searches that judge the analysis: far larger than any position here needs.
FULL = Limits(max_nodes=20_000_000)

#: Deals of each preset (with a suit rule and cells) that the kernel wins at once.
WON_DEALS = [
    ("butterfly", None, None, 1),
    ("butterfly", "alternate-colours", 1, 0),
    ("butterfly", "same-suit", None, 0),
    ("butterfly", None, 0, 0),
    ("fortress", None, 1, 1),
    ("fortress", "alternate-colours", None, 1),
    ("fortress", None, 2, 4),
    ("beleaguered-castle", None, None, 3),
    ("beleaguered-castle", "same-suit", 1, 3),
    ("beleaguered-castle", "alternate-colours", 2, 5),
    ("streets-and-alleys", None, None, 1),
    ("streets-and-alleys", "alternate-colours", 2, 0),
    ("streets-and-alleys", None, 2, 4),
]


@functools.cache
def winning_lines() -> list[list[Position]]:
    """The positions along a winning line of each deal of :data:`WON_DEALS`."""
    lines = []
    for game, variant, cells, number in WON_DEALS:
        deal = Position.deal(number, make_rules(game, variant, cells))
        result = solve(deal, Limits(max_nodes=1_000_000), shorten=True)
        assert result.result == WON
        lines.append(deal.replay(result.moves))
    return lines


def endings(back: tuple[int, ...] = (2, 5, 9, 14, 20)) -> list[Position]:
    """Positions ``back`` moves before the end of the winning line of each deal of :data:`WON_DEALS`."""
    return [line[-1 - k] for line in winning_lines() for k in back if k < len(line)]


@functools.cache
def small(count: int, seed: int) -> list[Position]:
    """Made-up positions with few cards of every preset: half Butterfly, half its siblings."""
    return small_positions(count - count // 2, seed, (4, 12)) + small_positions(count // 2, seed, (4, 8), GAMES[1:])


@functools.cache
def late(count: int, seed: int) -> list[Position]:
    """Late positions of random games of every preset, won and lost: from a
    position some way before the end of a winning line of each deal of
    :data:`WON_DEALS`, a few random moves (home when one may go, more often than not)."""
    rng = random.Random(seed)
    starts = endings(tuple(range(24, 40)))
    found = []
    for _ in range(count):
        position = rng.choice(starts)
        for _ in range(rng.randrange(4, 20)):
            legal = position.legal_moves()
            if not legal:
                break
            home = [m for m in legal if m.target == "F"]
            position = position.play(rng.choice(home) if home and rng.random() < 0.3 else rng.choice(legal))
        found.append(position)
    return found


_truths: dict[tuple, int | None] = {}


def shortest_after(position: Position) -> int | None:
    """The fewest moves that win ``position`` (None: lost), proved by a full search."""
    key = (position.rules, position.key())
    if key not in _truths:
        if position.is_won():
            _truths[key] = 0
        else:
            verdict = solve(position, FULL, safe_autoplay=False, dead_ends=False)  # no pruning at all
            assert verdict.result != UNRESOLVED, position
            if verdict.result == UNWINNABLE:
                _truths[key] = None
            else:
                shortest = solve_shortest(position, FULL)
                assert shortest.result == OPTIMAL, position
                assert position.replay(shortest.moves)[-1].is_won()
                _truths[key] = len(shortest.moves)
    return _truths[key]


def check(position: Position, analysis, exact: bool = True) -> dict[str, int]:
    """Every entry of ``analysis`` of ``position`` against the full search;
    ``exact``: the limits sufficed, so nothing is unknown. The values met, counted."""
    legal = position.legal_moves()
    entries = analysis.moves
    assert sorted(m for entry in entries for m in entry.moves) == sorted(legal)  # every move in one entry
    keys = set()
    for entry in entries:
        after = {position.play(m).key() for m in entry.moves}
        assert len(after) == 1, entry  # merged moves lead to the same position
        keys |= after
        assert entry.move == min(entry.moves, key=legal.index)  # the first in the rules' order stands for them
    assert len(keys) == len(entries)  # different entries lead to different positions
    counts: dict[str, int] = {}
    for entry in entries:
        counts[entry.value] = counts.get(entry.value, 0) + 1
        assert entry.value in VALUES
        truth = shortest_after(position.play(entry.move))
        if entry.value in WINS:
            assert entry.line[0] == entry.move and entry.length == len(entry.line)
            assert position.replay(list(entry.line))[-1].is_won()
            assert truth is not None and truth + 1 <= entry.length, (position, entry)
            assert entry.proved_by is None and entry.stopped_by is None
            if entry.value == WON:
                assert entry.lower_bound is None
            else:
                assert 1 <= entry.lower_bound <= truth + 1 <= entry.length, (position, entry)
            if entry.value == OPTIMAL:
                assert entry.length == entry.lower_bound == truth + 1, (position, entry)
        elif entry.value == LOST:
            assert truth is None, (position, entry)  # proved lost by the full search too
            assert entry.line is None and entry.length is None and entry.lower_bound is None
            assert entry.proved_by in ("search", "dead-end", "relaxation")
        else:
            assert not exact, (position, entry)
            assert entry.line is None and entry.stopped_by in ("nodes", "time", "memory")
    # best first: searched lengths shortest first, a proved one before a bounded one as long; then the rest
    ranks = [(e.value not in WINS, e.value == LOST, e.value == WON, e.length or 0, e.value != OPTIMAL) for e in entries]
    assert ranks == sorted(ranks)
    if entries:  # the position's value and line are the first entry's
        assert analysis.line == (entries[0].line or ())
    if position.is_won():
        assert analysis.value == WON and not entries
    elif not entries or all(e.value == LOST for e in entries):
        assert analysis.value == LOST and analysis.line == ()
    else:
        assert analysis.value == entries[0].value != LOST
        assert analysis.line == (entries[0].line or ())
    assert analysis.nodes == sum(e.nodes for e in entries)
    return counts


def _tally(total: dict[str, int], counts: dict[str, int]) -> None:
    for value, count in counts.items():
        total[value] = total.get(value, 0) + count


def test_every_value_on_small_positions_agrees_with_a_full_solve():
    total: dict[str, int] = {}
    positions = small(100, 11)
    for position in positions:
        _tally(total, check(position, analyse(position, LIMITS)))
    assert total.get(OPTIMAL, 0) > 300 and total.get(LOST, 0) > 20, total
    assert {p.rules.name.split("/")[0] for p in positions} == set(GAMES)


def test_every_value_near_the_end_of_won_deals_agrees_with_a_full_solve():
    total: dict[str, int] = {}
    for position in endings():
        _tally(total, check(position, analyse(position, LIMITS)))
    assert total.get(OPTIMAL, 0) > 200 and total.get(LOST, 0) > 0, total


def test_every_value_late_in_random_games_agrees_with_a_full_solve():
    total: dict[str, int] = {}
    positions = late(30, 5)
    for position in positions:
        _tally(total, check(position, analyse(position, LIMITS)))
    assert total.get(LOST, 0) > 0 and total.get(OPTIMAL, 0) > 50, total


def test_bounded_values_when_the_search_for_lengths_is_cut_short():
    """A search for the shortest line given a handful of positions: the lengths
    are bounded (a line, with a lower bound that is one), or only won. Shared,
    the same searches prove far more of them (the position's own search
    bounds every move, its line and the lines its siblings proved end others)."""
    total: dict[str, int] = {}
    shared: dict[str, int] = {}
    for position in endings((16, 26)):
        _tally(total, check(position, analyse(position, LIMITS, lengths=Limits(max_nodes=20), shared=False)))
        _tally(shared, check(position, analyse(position, LIMITS, lengths=Limits(max_nodes=20))))
    assert total.get(BOUNDED, 0) + total.get(WON, 0) > 20, total
    assert shared.get(OPTIMAL, 0) > total.get(OPTIMAL, 0) + 20, (shared, total)


def test_a_proved_length_comes_before_a_bounded_one_as_long():
    """Three moves win in 27 moves, two of them bounded (their search for a
    shortest line stopped), one proved: the proved one is listed first."""
    position = parse_line(
        "butterfly_f5C9DKH7S_bKCKD_l-.-.-.-.-_rJSTD8SQCKSQDJC.6C7C.QSJDTS9C8C.-.TC9S"  # deal 1, 30 moves from its end
    )
    analysis = analyse(position, Limits(max_nodes=200_000), lengths=Limits(max_nodes=50), shared=False)
    check(position, analysis)
    ties = [e.value for e in analysis.moves if e.length == 27]
    assert ties == [OPTIMAL, BOUNDED, BOUNDED]
    # Sharing what the searches prove, every winning move is proved within the same limits
    # (the two bounded at 27 win in 25), with fewer positions.
    shared = analyse(position, Limits(max_nodes=200_000), lengths=Limits(max_nodes=50))
    check(position, shared)
    assert all(e.value in (OPTIMAL, LOST) for e in shared.moves)
    lengths = {e.move: e.length for e in analysis.moves}
    assert all(e.length <= lengths[e.move] for e in shared.moves if e.value == OPTIMAL)
    assert shared.nodes < analysis.nodes


@pytest.mark.slow
def test_a_proved_length_sets_the_value_and_line_when_a_bounded_one_is_as_short():
    """Deal 16's start, each shortest line searched within 5,000 positions:
    several moves win in 67, some proved, some bounded; the position takes
    a proved one's value and line (a bounded one's, when the two were
    ordered by length alone). A few minutes: one search a move."""
    analysis = analyse(Position.deal(16), Limits(max_nodes=200_000), lengths=Limits(max_nodes=5_000, memory_mib=256))
    best = analysis.moves[0]
    assert (best.value, best.length) == (OPTIMAL, 67)
    assert any(entry.value == BOUNDED and entry.length == 67 for entry in analysis.moves)
    assert analysis.value == OPTIMAL and analysis.line == best.line


def test_without_lengths_a_winning_move_is_only_won():
    for position in endings()[::3] + small(40, 3)[:20]:
        analysis = analyse(position, LIMITS, lengths=None)
        check(position, analysis)
        for entry in analysis.moves:
            assert entry.value in (WON, LOST) or (entry.value == OPTIMAL and entry.length == 1)
        assert analysis.lengths is None and analysis.to_json()["length_nodes"] is None


def test_limits_too_small_leave_moves_unknown_and_say_what_stopped_them():
    total: dict[str, int] = {}
    for position in endings((30,)) + late(10, 2):
        analysis = analyse(position, Limits(max_nodes=3), lengths=None)
        _tally(total, check(position, analysis, exact=False))
        if any(e.value == UNKNOWN for e in analysis.moves) and not any(e.value in WINS for e in analysis.moves):
            assert analysis.value == UNKNOWN
    assert total.get(UNKNOWN, 0) > 10, total


def test_optimal_lengths_equal_breadth_first_search():
    won = 0
    positions = small_positions(24, 21, (3, 7)) + small_positions(24, 21, (3, 5), GAMES[1:])
    for position in positions:
        for entry in analyse(position, LIMITS).moves:
            truth = shortest_win(position.play(entry.move), 300_000)
            assert truth.complete
            if truth.moves is None:
                assert entry.value == LOST, (position, entry)
            else:
                won += 1
                assert entry.value == OPTIMAL and entry.length == truth.moves + 1, (position, entry)
    assert won > 100


@pytest.mark.slow
def test_optimal_lengths_equal_breadth_first_search_on_larger_positions():
    positions = small_positions(40, 22, (6, 11)) + small_positions(30, 22, (5, 7), GAMES[1:])
    for position in positions:
        for entry in analyse(position, LIMITS).moves:
            truth = shortest_win(position.play(entry.move))
            assert truth.complete
            if truth.moves is None:
                assert entry.value == LOST, (position, entry)
            else:
                assert entry.value == OPTIMAL and entry.length == truth.moves + 1, (position, entry)


@pytest.mark.slow
def test_every_value_agrees_with_a_full_solve_on_many_positions():
    for position in small(600, 12) + late(300, 6) + endings(tuple(range(1, 45))):
        check(position, analyse(position, LIMITS))


def _entries(analysis) -> list[tuple]:
    return [
        (e.moves, e.value, e.line, e.length, e.lower_bound, e.proved_by, e.stopped_by, e.nodes) for e in analysis.moves
    ]


def test_the_python_twin_gives_the_kernels_values():
    positions = small_positions(6, 31, (4, 9)) + small_positions(6, 31, (4, 7), GAMES[1:]) + endings((3, 7))[::5]
    for position in positions:
        kernel = analyse(position, LIMITS)
        twin = analyse(position, LIMITS, engine="python")
        check(position, twin)
        assert _entries(twin) == _entries(kernel), position
        assert (twin.value, twin.line, twin.engine) == (kernel.value, kernel.line, "python")


def test_the_python_twin_without_lengths_and_with_small_limits():
    for position in endings((8,))[::4] + late(10, 2)[:2]:
        for limits, lengths in ((LIMITS, None), (Limits(max_nodes=5), None), (LIMITS, Limits(max_nodes=20))):
            kernel = analyse(position, limits, lengths=lengths)
            twin = analyse(position, limits, engine="python", lengths=lengths)
            assert _entries(twin) == _entries(kernel), position


def test_a_won_position_and_a_stuck_one():
    rows = ((),) * 10
    won = Position(PRESETS["butterfly"], rows, (13, 13, 13, 13)).validate()
    analysis = analyse(won)
    assert (analysis.value, analysis.moves, analysis.line) == (WON, (), ())
    stuck = next(p for p in random_positions(200, 4, GAMES) if not p.legal_moves() and not p.is_won())
    analysis = analyse(stuck)
    assert (analysis.value, analysis.moves, analysis.line) == (LOST, (), ())


def test_the_last_move_home_wins_in_one():
    rows = [()] * 10
    rows[3] = (next(c for c in Position.deal(1).cards() if str(c) == "KS"),)
    position = Position(PRESETS["butterfly"], tuple(rows), (13, 13, 13, 12)).validate()
    (entry,) = analyse(position).moves
    assert (str(entry.move), entry.value, entry.length, entry.lower_bound) == ("KS L4>F", OPTIMAL, 1, 1)
    assert entry.line == (entry.move,)


def test_moves_to_interchangeable_rows_are_one_entry():
    """Rows are interchangeable: a card put into any of several empty rows (the
    siblings' rows, which any card may start again) is one choice."""
    merged = 0
    for position in small(100, 11) + endings():
        analysis = analyse(position, Limits(max_nodes=2_000), lengths=None)
        merged += sum(len(e.moves) > 1 for e in analysis.moves)
        for entry in analysis.moves:
            assert len({position.play(m).key() for m in entry.moves}) == 1
    assert merged > 10


def test_the_json_of_an_analysis():
    position = endings((6,))[0]
    analysis = analyse(position, LIMITS)
    data = json.loads(json.dumps(analysis.to_json()))
    assert set(data) == {
        "game",
        "position",
        "value",
        "line",
        "moves",
        "nodes",
        "seconds",
        "engine",
        "length_nodes",
        "lines",
    }
    assert data["value"] == analysis.value and data["line"] == [str(m) for m in analysis.line]
    assert data["length_nodes"] == LENGTH_LIMITS.max_nodes and data["engine"] == "kernel"
    for entry, written in zip(analysis.moves, data["moves"], strict=True):
        assert written["move"] == str(entry.move) and written["same_as"] == [str(m) for m in entry.moves[1:]]
        assert (written["value"], written["length"], written["lower_bound"]) == (
            entry.value,
            entry.length,
            entry.lower_bound,
        )
        assert set(written) == {
            "move",
            "same_as",
            "value",
            "length",
            "lower_bound",
            "line",
            "proved_by",
            "stopped_by",
            "nodes",
            "seconds",
        }


def test_random_positions_of_every_preset_and_suit_rule_are_decided_within_the_default_limits():
    """Near the end of a game a player wants every move decided: the default limits do it."""
    rng = random.Random(3)
    for position in rng.sample(endings(tuple(range(2, 20))), 12):
        analysis = analyse(position)
        assert all(e.value in (OPTIMAL, LOST) for e in analysis.moves), position


@pytest.mark.parametrize(
    "start_checked", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["endings", "start too"]
)
def test_with_the_best_line_alone_shortened_the_values_are_the_same(start_checked):
    """``lines="best"``: the same values; every winning line replays to a win,
    and the best is the shortened line of its move. Its values are checked against
    full searches on the endings; on deal 5's start (a full search after each of its
    moves) in the slow run."""
    start = Position.deal(5)
    for position in endings()[::40] + [start]:
        every = analyse(position, LIMITS, lengths=None)
        best = analyse(position, LIMITS, lengths=None, lines="best")
        if position is not start or start_checked:
            check(position, best)
        assert sorted((str(e.move), e.value) for e in every.moves) == sorted((str(e.move), e.value) for e in best.moves)
        for entry in best.moves:
            if entry.line is not None:
                assert position.replay(list(entry.line))[-1].is_won()
        assert best.to_json()["lines"] == "best" and every.to_json()["lines"] == "all"
    with pytest.raises(ValueError):
        analyse(Position.deal(1), LIMITS, lengths=None, lines="some")


def test_the_share_left_by_the_decided_moves_goes_to_the_undecided_ones():
    """Deal 9 with 1,000 positions a move: one move more is decided than
    when each is searched alone with its share, the work stays within the
    shares, and what the extra work decides is that position's verdict."""
    share = Limits(max_nodes=1_000)
    position = Position.deal(9)
    analysis = analyse(position, share, lengths=None, lines="best")
    alone = {moves[0]: solve(child, share).result for moves, child in position.distinct_children().values()}
    assert sum(e.value == UNKNOWN for e in analysis.moves) < sum(r == UNRESOLVED for r in alone.values())
    assert analysis.nodes <= share.max_nodes * len(alone)  # type: ignore[operator]
    for entry in analysis.moves:
        if entry.value != UNKNOWN and alone[entry.move] == UNRESOLVED:
            truth = solve(position.play(entry.move), FULL).result
            assert truth == (UNWINNABLE if entry.value == LOST else WON)


def test_the_seconds_left_by_the_decided_moves_go_to_the_undecided_one(monkeypatch):
    """A time share pooled as the node share is: of deal 1's moves, one is
    stopped by its time share (the search stood in for, so that the test
    does not hang on the clock); it is searched again with the seconds the
    others left, more than its share, and its value is that search's."""
    from butterfly.solver.patience import analysis as analysis_module

    position = Position.deal(1)
    entries = [moves[0] for moves, _ in position.distinct_children().values()]
    hard = position.play(entries[0])
    given: list[Limits] = []

    def stand_in(child, limits, *args, **kwargs):
        if child == hard:
            given.append(limits)
            return SolveResult(UNRESOLVED, nodes=10, stopped_by="time") if len(given) == 1 else SolveResult(WON, [])
        return SolveResult(UNWINNABLE, nodes=10, proved_by="search")

    monkeypatch.setattr(analysis_module, "solve", stand_in)
    share = Limits(max_nodes=None, timeout=0.5)
    analysis = analyse(position, share, lengths=None, lines="best")
    first, again = given
    assert first.timeout == share.timeout and share.timeout < again.timeout <= share.timeout * len(entries)  # type: ignore[operator]
    assert {entry.move: entry.value for entry in analysis.moves}[entries[0]] == WON


def test_shared_lengths_equal_each_moves_own_search_and_keep_the_table_for_the_next_position():
    """The winning moves' searches sharing one table prove the lengths each move's own
    solve_shortest proves (every line replayed: check); a table kept from one position to the
    next (the second is one of the first's moves) gives the same lengths again."""
    from butterfly.solver.patience.analysis import new_distances

    compared = 0
    for position in endings((8, 14))[::3] + small(30, 17):
        shared = analyse(position, LIMITS)
        alone = analyse(position, LIMITS, shared=False)
        check(position, shared)
        lengths = {e.move: e.length for e in alone.moves if e.value == OPTIMAL}
        for entry in shared.moves:
            if entry.value == OPTIMAL and entry.move in lengths:
                assert entry.length == lengths[entry.move], (position, entry)
                compared += 1
        table = new_distances("kernel")
        analyse(position, LIMITS, distances=table)
        if shared.moves and shared.moves[0].value in WINS:
            after = position.play(shared.moves[0].move)
            kept = analyse(after, LIMITS, distances=table)
            check(after, kept)
            fresh = {e.move: e.length for e in analyse(after, LIMITS).moves if e.value == OPTIMAL}
            assert all(fresh.get(e.move, e.length) == e.length for e in kept.moves if e.value == OPTIMAL)
    assert compared > 100, compared


def test_a_deadline_passed_cuts_the_searches_for_lengths_and_every_value_stays_true():
    """With the whole answer's deadline already passed, the searches for shortest lines get no
    time: the winning moves keep the lines found (shortened as far as the deadline lets: not at
    all) with the bounds proved so far, each still true (check: lines replayed, bounds against
    the full search); and the moves the search proved anyway (a line as long as its bound)
    have the lengths of the analysis without a deadline."""
    import time

    total: dict[str, int] = {}
    compared = 0
    for position in endings((8, 14, 20))[::2] + small(20, 18):
        late = analyse(position, LIMITS, lengths=LENGTH_LIMITS, deadline=time.perf_counter())
        _tally(total, check(position, late))
        lengths = {e.move: e.length for e in analyse(position, LIMITS).moves if e.value == OPTIMAL}
        for entry in late.moves:
            if entry.value == OPTIMAL and entry.move in lengths:
                assert entry.length == lengths[entry.move], (position, entry)
                compared += 1
    assert total.get(BOUNDED, 0) > 10 and compared > 10, (total, compared)


def test_a_line_shortened_until_a_deadline_passed_still_wins():
    from butterfly.solver.patience.shorten import shorten

    for position in endings((20, 30)):
        line = solve(position, LIMITS, safe_autoplay=False).moves
        for deadline in (0.0, None):
            short = shorten(position, line, deadline)
            assert len(short) <= len(line) and position.replay(short)[-1].is_won(), position
