"""``review`` (butterfly/solver/patience/review.py): the losing move of a game, proved
(the position before it won by a line that replays, the one after it lost
by a full search, none before it lost); par and the moves over par of a won
game, each move's ``over`` adding up to them; a game along an optimal line
all best; random games of winnable deals lost at a move found; a deal
lost from the start."""

from __future__ import annotations

import functools
import json
import random

import pytest

from butterfly.games.patience.rules import Move, Position, make_rules
from butterfly.solver.patience.result import OPTIMAL, UNRESOLVED, UNWINNABLE, WON, Limits
from butterfly.solver.patience.review import BEST, LOSING, LOST, UNKNOWN, WINNING, review
from butterfly.solver.patience.solve import solve, solve_shortest
from butterfly.solver.survey.publish_lengths import published_par

from patience_positions import small_positions

LIMITS = Limits(max_nodes=300_000)
#: The searches that judge the review: far larger than any position here needs.
FULL = Limits(max_nodes=20_000_000)

#: Deals of each preset (with a suit rule and cells) that the kernel wins at once.
WON_DEALS = [
    ("butterfly", None, None, 1),
    ("butterfly", "alternate-colours", 1, 0),
    ("butterfly", "same-suit", None, 0),
    ("butterfly", None, 0, 0),
    ("fortress", None, 1, 1),
    ("fortress", "alternate-colours", None, 1),
    ("beleaguered-castle", None, None, 3),
    ("beleaguered-castle", "same-suit", 1, 3),
    ("streets-and-alleys", None, None, 1),
    ("streets-and-alleys", "alternate-colours", 2, 0),
]


@functools.cache
def winning_lines() -> list[tuple[list[Position], list[Move]]]:
    """The positions and moves of a winning line of each deal of :data:`WON_DEALS`."""
    lines = []
    for game, variant, cells, number in WON_DEALS:
        deal = Position.deal(number, make_rules(game, variant, cells))
        result = solve(deal, Limits(max_nodes=1_000_000), shorten=True)
        assert result.result == WON
        lines.append((deal.replay(result.moves), result.moves))
    return lines


def won_games(back: int) -> list[tuple[Position, list[Move]]]:
    """The last ``back`` moves of each winning line, from the position before them."""
    return [(positions[-1 - back], moves[-back:]) for positions, moves in winning_lines() if len(moves) >= back]


def random_game(position: Position, rng: random.Random, home: float = 0.4, most: int = 400) -> list[Move]:
    """Random legal moves until stuck (or won, or ``most`` moves)."""
    moves = []
    while len(moves) < most:
        legal = position.legal_moves()
        if not legal:
            break
        homeward = [m for m in legal if m.target == "F"]
        move = rng.choice(homeward) if homeward and rng.random() < home else rng.choice(legal)
        moves.append(move)
        position = position.play_unchecked(move)
    return moves


def verdict(position: Position) -> str:
    """``won`` or ``unwinnable``, by a full search with no pruning."""
    if position.is_won():
        return WON
    result = solve(position, FULL, safe_autoplay=False, dead_ends=False)
    assert result.result != UNRESOLVED, position
    return result.result


def check_marks(result, moves: list[Move]) -> None:
    """The marks agree with the result and the shortest lengths given."""
    assert [m.number for m in result.moves] == list(range(1, len(moves) + 1))
    assert [m.move for m in result.moves] == moves
    for move in result.moves:
        if move.shortest_before is not None and move.shortest_after is not None:
            assert move.over == move.shortest_after + 1 - move.shortest_before >= 0
        else:
            assert move.over is None
        if move.mark == BEST:
            assert move.over == 0
        if move.over == 0:
            assert move.mark == BEST
        if move.mark == WINNING:
            assert move.over != 0
    if result.result == WON:
        assert all(m.mark in (BEST, WINNING) for m in result.moves)
    if result.result == LOST:
        marks = [m.mark for m in result.moves]
        k = result.losing_move
        assert marks[k - 1] == LOSING and set(marks[k:]) <= {LOST} and set(marks[: k - 1]) <= {BEST, WINNING}
    if result.result == "lost-from-start":
        assert all(m.mark == LOST for m in result.moves)
        assert result.losing_move is None and result.par is None and result.over_par is None


def check_loss(start: Position, moves: list[Move], result) -> None:
    """The losing move is proved: the position before it won by the winning line, which
    replays; the one after it lost by a full search; every position before it won."""
    positions = start.replay(moves)
    k = result.losing_move
    assert result.result == LOST and 1 <= k <= len(moves)
    before = positions[k - 1]
    assert start.replay(moves[: k - 1] + list(result.winning_line))[-1].is_won()
    assert before.replay(list(result.winning_line))[-1].is_won()
    assert verdict(positions[k]) == UNWINNABLE
    for earlier in positions[: k - 1][::-1]:
        assert verdict(earlier) == WON
    analysis = result.before_loss
    assert analysis is not None and analysis.position == before
    winners = [e for e in analysis.moves if e.line is not None]
    assert winners and all(before.replay(list(e.line))[-1].is_won() for e in winners)
    assert moves[k - 1] not in {m for e in winners for m in e.moves}
    check_marks(result, moves)


def test_won_games_over_par_add_up():
    """The end of each winning line of a deal of every preset, shortened but
    not shortest: par is proved, the moves over par are the game's length
    less par, and each move's over adds up to them."""
    placed = 0
    for start, moves in won_games(24):
        result = review(start, moves, LIMITS, length_seconds=None)
        check_marks(result, moves)
        assert result.result == WON and result.losing_move is None and result.winning_line is None
        truth = solve_shortest(start, FULL)
        assert truth.result == OPTIMAL
        assert result.par == len(truth.moves)
        assert result.over_par == len(moves) - result.par >= 0
        overs = [m.over for m in result.moves]
        if None not in overs:
            placed += 1
            assert sum(overs) == result.over_par
            assert result.moves[0].shortest_before == result.par and result.moves[-1].shortest_after == 0
        for number, move in enumerate(result.moves):
            if move.shortest_after is not None:
                after = start.replay(moves[: number + 1])[-1]
                assert move.shortest_after == (0 if after.is_won() else len(solve_shortest(after, FULL).moves))
    assert placed >= len(WON_DEALS) // 2


def test_a_game_along_an_optimal_line_is_all_best():
    for start, _ in won_games(20):
        line = solve_shortest(start, FULL)
        assert line.result == OPTIMAL
        result = review(start, line.moves, LIMITS, length_seconds=None)
        assert result.result == WON and result.par == len(line.moves) and result.over_par == 0
        assert [m.mark for m in result.moves] == [BEST] * len(line.moves)
        assert [m.over for m in result.moves] == [0] * len(line.moves)


def test_an_unfinished_game_still_winnable():
    for positions, moves in winning_lines()[::3]:
        start = positions[-31]
        result = review(start, moves[-30:-12], LIMITS)
        assert result.result == "unfinished" and result.losing_move is None and result.over_par is None
        check_marks(result, moves[-30:-12])


@functools.cache
def lost_games(count: int, seed: int) -> list[tuple[Position, list[Move]]]:
    """Random games until stuck from won positions late in the winning lines: most are lost."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        positions, _ = rng.choice(winning_lines())
        start = positions[-rng.randrange(12, 40)]
        games.append((start, random_game(start, rng, home=rng.choice([0.2, 0.5]))))
    return games


def test_the_losing_move_of_random_games_is_proved():
    lost = 0
    for start, moves in lost_games(30, 1):
        result = review(start, moves, LIMITS)
        if start.replay(moves)[-1].is_won():
            assert result.result == WON
            continue
        assert result.result == LOST, (start, moves)  # every start is won, every end stuck
        check_loss(start, moves, result)
        lost += 1
        positions = start.replay(moves)
        for number, move in enumerate(result.moves[: result.losing_move - 1]):  # lengths before the loss
            if move.shortest_before is not None:
                assert move.shortest_before == len(solve_shortest(positions[number], FULL).moves), move
    assert lost > 8


def test_small_positions_lost_from_the_start_or_at_a_move():
    counts = {"lost-from-start": 0, LOST: 0}
    rng = random.Random(4)
    for start in small_positions(40, 9, (5, 12)) + small_positions(30, 9, (4, 8), ("fortress", "streets-and-alleys")):
        moves = random_game(start, rng, home=0.3, most=60)
        result = review(start, moves, LIMITS)
        if verdict(start) == UNWINNABLE:
            assert result.result == "lost-from-start", (start, moves)
        elif start.replay(moves)[-1].is_won():
            assert result.result == WON
        elif verdict(start.replay(moves)[-1]) == WON:
            assert result.result == "unfinished"
        else:
            check_loss(start, moves, result)
        check_marks(result, moves)
        counts[result.result] = counts.get(result.result, 0) + 1
    assert counts["lost-from-start"] > 3 and counts[LOST] > 3, counts


def test_a_deal_lost_from_the_start():
    deal = Position.deal(0, make_rules("fortress"))
    assert solve(deal, LIMITS).result == UNWINNABLE
    moves = random_game(deal, random.Random(0))
    result = review(deal, moves, LIMITS)
    assert result.result == "lost-from-start"
    assert (result.losing_move, result.winning_line, result.before_loss, result.par, result.over_par) == (None,) * 5
    check_marks(result, moves)
    assert review(deal, [], LIMITS).result == "lost-from-start"


def test_no_move_at_all():
    start, _ = won_games(10)[0]
    result = review(start, [], LIMITS)
    assert result.result == "unfinished" and result.moves == () and result.par is not None
    won = start.replay(won_games(10)[0][1])[-1]
    result = review(won, [], LIMITS)
    assert result.result == WON and result.par == 0 and result.over_par == 0


@pytest.mark.parametrize("seed", [0, 2])
def test_random_games_of_winnable_butterfly_deals_are_lost_at_a_move_found(seed):
    """A whole deal played at random until stuck: the review finds the move that lost it."""
    deal = Position.deal(seed, make_rules("butterfly"))
    moves = random_game(deal, random.Random(seed), home=0.5)
    result = review(deal, moves, Limits(max_nodes=2_000_000), lengths=None)
    assert result.result == LOST
    positions = deal.replay(moves)
    k = result.losing_move
    assert deal.replay(moves[: k - 1] + list(result.winning_line))[-1].is_won()
    after = solve(positions[k], Limits(max_nodes=20_000_000))
    assert after.result == UNWINNABLE
    check_marks(result, moves)


def fresh_game(position: Position, rng: random.Random, home: float = 0.5) -> list[Move]:
    """Random legal moves, never back to a position met before, until none is left."""
    seen = {position.key()}
    moves = []
    while True:
        children = [(m, c) for m, c in position.children() if c.key() not in seen]
        if not children:
            return moves
        homeward = [(m, c) for m, c in children if m.target == "F"]
        move, position = rng.choice(homeward) if homeward and rng.random() < home else rng.choice(children)
        seen.add(position.key())
        moves.append(move)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["butterfly", "beleaguered-castle", "streets-and-alleys"])
def test_random_games_of_whole_deals_are_lost_at_a_move_found(game):
    rng = random.Random(game)
    lost = 0
    for number in range(12):
        deal = Position.deal(number, make_rules(game))
        if solve(deal, Limits(max_nodes=200_000)).result != WON:
            continue
        moves = fresh_game(deal, rng)
        result = review(deal, moves, Limits(max_nodes=5_000_000), lengths=None)
        check_marks(result, moves)
        if result.result == "unfinished":
            assert solve(deal.replay(moves)[-1], Limits(max_nodes=5_000_000)).result == WON
        elif result.result == LOST:
            k = result.losing_move
            assert deal.replay(moves[: k - 1] + list(result.winning_line))[-1].is_won()
            assert solve(deal.replay(moves)[k], Limits(max_nodes=20_000_000)).result == UNWINNABLE
            lost += 1
        else:
            assert result.result in (WON, UNKNOWN)
    assert lost >= 2


def test_limits_too_small_leave_the_loss_unknown_between_two_moves():
    found = 0
    for start, moves in lost_games(30, 1)[:12]:
        result = review(start, moves, Limits(max_nodes=1), lengths=None)
        if result.result != UNKNOWN:
            continue
        found += 1
        assert result.losing_move is None and result.before_loss is None
        if result.lost_between is not None:
            first, last = result.lost_between
            assert 0 <= first <= last <= len(moves)  # (0: the start itself was not decided)
            assert verdict(start.replay(moves)[last]) == UNWINNABLE
            truth = review(start, moves, LIMITS)
            assert first <= truth.losing_move <= last
            assert [m.mark for m in result.moves][last:] == [LOST] * (len(moves) - last)
    assert found > 0


def test_the_moves_that_may_have_lost_a_game_are_moves_of_the_game():
    for start, moves in lost_games(30, 1)[:12]:
        result = review(start, moves, Limits(max_nodes=1), lengths=None)
        if result.lost_between is not None:
            assert result.lost_between[0] >= 1, result.lost_between


def test_without_lengths_winning_moves_are_all_winning():
    for start, moves in won_games(15)[:4]:
        result = review(start, moves, LIMITS, lengths=None)
        assert result.result == WON and result.par is None and result.over_par is None
        assert {m.mark for m in result.moves} == {WINNING} and {m.over for m in result.moves} == {None}


def _summary(result) -> tuple:
    return (
        result.result,
        result.losing_move,
        result.lost_between,
        result.winning_line,
        result.par,
        result.over_par,
        result.moves,
        None if result.before_loss is None else [(e.moves, e.value, e.line) for e in result.before_loss.moves],
    )


def test_the_python_twin_gives_the_kernels_review():
    rng = random.Random(6)
    games = [(s, random_game(s, rng, 0.3, 40)) for s in small_positions(6, 17, (4, 9))]
    games += [(start, moves[:8]) for start, moves in won_games(8)[::4]]
    for start, moves in games:
        kernel = review(start, moves, LIMITS)
        twin = review(start, moves, LIMITS, engine="python")
        assert _summary(twin) == _summary(kernel), (start, moves)


def test_an_illegal_move_is_refused_naming_it():
    from butterfly.games.errors import IllegalMoveError

    start, moves = won_games(10)[0]
    with pytest.raises(IllegalMoveError, match="move 3"):
        review(start, moves[:2] + [moves[0]], LIMITS)


def test_the_json_of_a_review():
    start, moves = lost_games(30, 1)[0]
    result = review(start, moves, LIMITS)
    data = json.loads(json.dumps(result.to_json()))
    assert set(data) == {
        "game",
        "position",
        "result",
        "losing_move",
        "lost_between",
        "winning_moves",
        "winning_line",
        "par",
        "over_par",
        "moves",
        "nodes",
        "seconds",
    }
    assert data["result"] == result.result and data["losing_move"] == result.losing_move
    assert [m["mark"] for m in data["moves"]] == [m.mark for m in result.moves]
    if result.result == LOST:
        assert data["winning_line"] == [str(m) for m in result.winning_line]
        assert {w["value"] for w in data["winning_moves"]} <= {WON, OPTIMAL}


def test_the_lengths_from_the_end_are_proved_when_par_is_not():
    """Streets and Alleys (alternate colours, 2 cells) deal 0: the last 45 moves of
    the solver's line, whose last 30 are a shortest win (over par 0 reviewed alone).
    With too small a budget to prove par, the review still proves the lengths
    near the end: those moves are best, and a winning move with a proved cost
    adds moves (one whose cost is not proved may be best: docs/analysis.md)."""
    deal = Position.deal(0, make_rules("streets-and-alleys", "alternate-colours", 2))
    line = solve(deal, Limits(max_nodes=1_000_000), shorten=True).moves
    start = deal.replay(line)[-46]
    assert review(start.replay(line[-45:-30])[-1], line[-30:], LIMITS).over_par == 0
    result = review(start, line[-45:], LIMITS, lengths=Limits(max_nodes=2_000))
    assert result.par is None
    assert all(move.mark == BEST for move in result.moves[-30:])
    for move in result.moves:
        if move.mark == WINNING and move.over is not None:
            assert move.over > 0, move


def test_the_published_par_of_a_deal_is_its_shortest_win():
    """A published deal's proved par (butterfly/data/lengths_butterfly.csv.gz) is the
    shortest win A* proves; a wrong deal number is not believed; a position
    that is not a published deal has none."""
    deal = Position.deal(1)
    assert published_par(deal) == published_par(deal, 1) == published_par(deal, 2) == 60
    assert len(solve_shortest(deal, FULL).moves) == 60
    assert published_par(deal.play(deal.legal_moves()[0])) is None
    assert published_par(Position.deal(1, make_rules("fortress"))) is None


def test_a_given_par_is_not_searched_and_the_lengths_stop_when_their_time_is_spent():
    """With par given and no time for the lengths, the review searches no
    shortest line: its work is the verdicts' alone, par and over par as given."""
    for start, moves in won_games(24)[:3]:
        par = len(solve_shortest(start, FULL).moves)
        result = review(start, moves, LIMITS, par=par, length_seconds=0)
        assert result.par == par and result.over_par == len(moves) - par
        assert result.nodes == review(start, moves, LIMITS, lengths=None).nodes
        if par < len(moves):
            assert None in [m.over for m in result.moves]
