"""The reference solver (butterfly.solver.patience.reference) against the compiled kernel
(butterfly.solver.patience.kernel): same search order, same node accounting, so the same
verdict, node count and moves on the same position and budget."""

import dataclasses
import random

import pytest

from butterfly.games.cards import Card
from butterfly.games.patience.rules import CELL, FOUNDATION, PRESETS, Position, make_rules
from butterfly.solver.patience import kernel, pruning, reference
from butterfly.solver.patience.result import UNRESOLVED, UNWINNABLE, WON, Limits

VARIANTS = (None, "alternate-colours")
#: Every preset, plain and alternate colours, with 0 to 3 cells: 32 rule sets.
CONFIGS = [(game, variant, cells) for game in PRESETS for variant in VARIANTS for cells in range(4)]
#: Rules outside the presets that the kernel must still follow: Butterfly
#: with free cells (the last-card rule and cell-to-row moves together).
BUTTERFLY_FREE = dataclasses.replace(PRESETS["butterfly"], name="butterfly/free-cells", cells_one_way=False)


def config_id(config):
    game, variant, cells = config
    return f"{game}-{variant or 'plain'}-{cells}"


def C(text):
    return Card.parse(text)


def decisive(result):
    return result.result in (WON, UNWINNABLE)


def summary(result):
    return result.result, result.nodes, [str(m) for m in result.moves], result.stopped_by


def assert_same_search(position, limits, safe_autoplay):
    """Both solvers give the same verdict, node count, moves and stop reason."""
    ref = reference.solve(position, limits, safe_autoplay)
    ker = kernel.solve(position, limits, safe_autoplay)
    assert summary(ker) == summary(ref)
    if ref.result == WON:
        assert_wins(position, ref.moves)
    if ref.result == UNRESOLVED:
        assert ref.stopped_by == "nodes" and ref.nodes == limits.max_nodes
    return ref


def assert_wins(position, moves):
    """The moves replay, through the rules engine alone, to a won position."""
    positions = position.replay(list(moves))
    assert positions[-1].is_won()
    assert not any(p.is_won() for p in positions[:-1])


def play_partway(position, moves, fraction):
    for move in moves[: int(len(moves) * fraction)]:
        position = position.play(move)
    return position


def random_walk(position, rng, steps):
    for _ in range(steps):
        moves = position.legal_moves()
        if not moves:
            break
        position = position.play(rng.choice(moves))
    return position


# ----------------------------------------------------------- agreement
@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_reference_and_kernel_agree_on_deals(config):
    """10 deals per rule set (320 in all), half of them with the dominance
    rule, half without."""
    rules = make_rules(*config)
    index = CONFIGS.index(config)
    limits = Limits(max_nodes=1000)
    for k in range(10):
        assert_same_search(Position.deal(1000 * index + k, rules), limits, safe_autoplay=k % 2 == 0)


def won_deals(rules, count, start, scan=15, max_nodes=10000):
    """Up to ``count`` of the deals ``start``, ``start + 1``, ... ``start + scan - 1``
    that the kernel wins, with their solutions."""
    found = []
    for number in range(start, start + scan):
        position = Position.deal(number, rules)
        result = kernel.solve(position, Limits(max_nodes=max_nodes))
        if result.result == WON:
            found.append((position, result.moves))
            if len(found) == count:
                break
    return found


def spoil(position, rng, steps):
    """Random moves away from the foundations, mostly into the cells."""
    for _ in range(steps):
        moves = [m for m in position.legal_moves() if m.target != FOUNDATION]
        if not moves:
            break
        to_cells = [m for m in moves if m.target == CELL]
        position = position.play(rng.choice(to_cells if to_cells and rng.random() < 0.7 else moves))
    return position


def endgames(per_rules=4, seed=11):
    """Positions part way along kernel solutions, and the same spoilt by
    random moves so that both verdicts occur: small enough to be solved
    outright."""
    rng = random.Random(seed)
    positions = []
    for config in CONFIGS:
        rules = make_rules(*config)
        for position, moves in won_deals(rules, per_rules, CONFIGS.index(config) * 100):
            middle = play_partway(position, moves, rng.uniform(0.5, 0.9))
            positions.append(middle)
            positions.append(spoil(middle, rng, rng.randint(2, 8)))
    return positions


@pytest.fixture(scope="module")
def endgame_positions():
    return endgames()


def test_reference_and_kernel_agree_on_endgames(endgame_positions):
    """Near-finished games resolve: here the moves themselves are compared,
    and the verdicts with and without the dominance rule."""
    verdicts = []
    for position in endgame_positions[::4]:
        pair = [assert_same_search(position, Limits(max_nodes=2000), safe) for safe in (True, False)]
        if decisive(pair[0]) and decisive(pair[1]):
            assert pair[0].result == pair[1].result
        verdicts += [r.result for r in pair]
    assert verdicts.count(WON) >= len(verdicts) // 2


@pytest.mark.parametrize("number", range(6))
def test_reference_and_kernel_agree_with_free_cells_in_butterfly(number):
    assert_same_search(Position.deal(number, BUTTERFLY_FREE), Limits(max_nodes=800), number % 2 == 0)


@pytest.mark.parametrize(
    "rules, number, safe, verdict",
    [
        (make_rules("butterfly", None, 1), 51, True, WON),
        (PRESETS["streets-and-alleys"], 50, True, UNWINNABLE),
    ],
)
def test_reference_and_kernel_agree_past_a_table_growth(rules, number, safe, verdict):
    """Searches of over 32768 nodes, so the kernel's table has grown and
    rehashed: still the same verdict, node count and moves."""
    result = assert_same_search(Position.deal(number, rules), Limits(max_nodes=60000), safe)
    assert result.result == verdict
    assert result.nodes > 26000


# ------------------------------------------------------------ dominance
def test_safe_autoplay_never_changes_a_verdict_on_deals():
    """With and without the dominance rule, decisive verdicts agree (kernel,
    400 deals across every rule set)."""
    verdicts = []
    for i in range(400):
        config = CONFIGS[i % len(CONFIGS)]
        position = Position.deal(5000 + i, make_rules(*config))
        limits = Limits(max_nodes=4000)
        with_rule = kernel.solve(position, limits, True)
        without = kernel.solve(position, limits, False)
        if decisive(with_rule) and decisive(without):
            assert with_rule.result == without.result, (config, 5000 + i)
            verdicts.append(with_rule.result)
        for result in (with_rule, without):
            if result.result == WON:
                assert_wins(position, result.moves)
    assert verdicts.count(WON) >= 10 and verdicts.count(UNWINNABLE) >= 10


def test_safe_autoplay_never_changes_a_verdict_on_endgames(endgame_positions):
    """Where both settings solve a position outright, the verdicts are identical."""
    verdicts = []
    for position in endgame_positions:
        with_rule, without = (kernel.solve(position, Limits(max_nodes=200_000), safe) for safe in (True, False))
        if decisive(with_rule) and decisive(without):
            assert with_rule.result == without.result
            verdicts.append(with_rule.result)
    assert len(verdicts) >= 120
    assert verdicts.count(WON) >= 100 and UNWINNABLE in verdicts


def test_safe_autoplay_takes_the_safe_move_alone():
    """A basement card that can go home is the only move tried."""
    rules = PRESETS["butterfly"]
    position = Position(rules, ((C("3C"), C("5D")), (C("6D"),)) + ((),) * 8, (1, 1, 1, 1), (C("2C"),))
    assert [str(m) for m in position.legal_moves()] == ["2C B>F", "5D L1>L2", "5D L1>B"]
    for safe, expected in ((True, ["2C B>F"]), (False, ["2C B>F", "5D L1>L2", "5D L1>B"])):
        assert [str(m) for m in pruning.ordered_moves(position, safe)] == expected
        assert [str(m) for m in kernel.kernel_moves(position, safe)] == expected


def test_safe_foundation_move_rule():
    rules = PRESETS["butterfly"]
    deal = Position.deal(1)
    # 2D (L3's outer card) with the ace of diamonds home: the aces and threes
    # that could go on it are not all home, so it is not safe.
    move = deal.legal_moves()[0]
    assert str(move) == "2D L3>F"
    assert not pruning.is_safe_foundation_move(deal, move)
    # A basement card is always safe to send home.
    basement = Position(rules, ((),) * 9 + ((C("3C"),),), (1, 13, 13, 13), (C("2C"),))
    assert pruning.is_safe_foundation_move(basement, basement.legal_moves()[0])
    assert pruning.ordered_moves(basement, True) == [basement.legal_moves()[0]]
    # From a row: safe when every card that could go on it is home.
    king = Position(rules, ((C("KS"),),) + ((),) * 9, (13, 13, 13, 12))
    assert pruning.is_safe_foundation_move(king, king.legal_moves()[0])  # all queens home
    queen = Position(rules, ((C("KC"), C("QS")),) + ((),) * 9, (12, 13, 13, 11))
    assert str(queen.legal_moves()[0]) == "QS L1>F"
    assert not pruning.is_safe_foundation_move(queen, queen.legal_moves()[0])  # KC is out


# ---------------------------------------------------------- move generator
def generator_positions(count=480, seed=3):
    rng = random.Random(seed)
    rule_sets = [make_rules(*c) for c in CONFIGS] + [
        BUTTERFLY_FREE,
        make_rules("fortress", None, 2),
        make_rules("beleaguered-castle", None, 8),  # the most cells the kernel takes
        make_rules("butterfly", "same-suit", 8),
    ]
    out = []
    while len(out) < count:
        rules = rng.choice(rule_sets)
        position = Position.deal(rng.randrange(10**9), rules)
        for _ in range(rng.randint(5, 15)):
            position = random_walk(position, rng, rng.randint(0, 8))
            out.append(position)
    return out


def test_kernel_moves_equal_the_reference_order():
    """kernel_moves() == ordered_moves() on hundreds of positions from random
    play, with and without the dominance rule."""
    positions = generator_positions()
    assert len(positions) >= 400
    with_cells = 0
    for position in positions:
        with_cells += bool(position.cells)
        for safe in (True, False):
            assert kernel.kernel_moves(position, safe) == pruning.ordered_moves(position, safe)
    assert with_cells >= 50


def test_kernel_moves_equal_the_reference_order_with_rows_emptied():
    """Where any card may fill an empty row, the kernel adds the empty rows to
    the rows a card's hosts lie on (butterfly/ext/_position.pxd, other_moves): random
    play that empties rows, checked at every step."""
    rng = random.Random(11)
    with_empty = 0
    for number in range(150):
        game = rng.choice(["beleaguered-castle", "streets-and-alleys", "fortress"])
        rules = make_rules(game, None, rng.randint(0, 2))
        position = Position.deal(number, rules)
        names = rules.row_names
        for _ in range(60):
            with_empty += any(not row for row in position.rows)
            for safe in (True, False):
                assert kernel.kernel_moves(position, safe) == pruning.ordered_moves(position, safe)
            moves = position.legal_moves()
            if not moves:
                break
            # Prefer a row's last card going elsewhere, then cards going home.
            emptying = [m for m in moves if m.source in names and len(position.rows[names.index(m.source)]) == 1]
            home = [m for m in moves if m.target == FOUNDATION]
            position = position.play_unchecked(rng.choice(emptying or home or moves))
    assert with_empty >= 300


def test_kernel_moves_without_dominance_are_the_legal_moves():
    for position in generator_positions(60, seed=8):
        assert kernel.kernel_moves(position, False) == position.legal_moves()


# ------------------------------------------------------------------ limits
def test_tiny_memory_cap_stops_on_memory():
    position = Position.deal(7)
    result = kernel.solve(position, Limits(memory_mib=0))
    assert (result.result, result.stopped_by) == (UNRESOLVED, "memory")
    assert result.moves == []


@pytest.mark.parametrize(
    "memory_mib, max_nodes",
    [
        (0, None),
        (0, 1000),
        (1, None),
        (1, 10),
        (2, None),
        (3, None),
        (5, 100000),
        (16, None),
    ],
)
def test_table_never_exceeds_the_memory_cap(memory_mib, max_nodes):
    limits = Limits(max_nodes=max_nodes, memory_mib=memory_mib)
    result = kernel.solve(Position.deal(7), limits)
    assert result.table_bytes is not None
    assert 0 <= result.table_bytes <= memory_mib * 2**20
    if max_nodes is None:
        assert (result.result, result.stopped_by) == (UNRESOLVED, "memory")


def test_memory_cap_does_not_change_the_search_before_it_stops():
    """A search stopped by memory expanded the same positions as the
    reference up to there: the reference with that node budget agrees."""
    position = Position.deal(7)
    capped = kernel.solve(position, Limits(max_nodes=None, memory_mib=1))
    assert capped.stopped_by == "memory" and capped.nodes > 1000
    limits = Limits(max_nodes=capped.nodes)
    assert kernel.solve(position, limits).nodes == reference.solve(position, limits).nodes == capped.nodes


def test_only_the_kernel_reports_table_bytes():
    limits = Limits(max_nodes=100)
    assert reference.solve(Position.deal(3), limits).table_bytes is None
    assert 0 < kernel.solve(Position.deal(3), limits).table_bytes <= limits.memory_mib * 2**20


@pytest.mark.parametrize("game", sorted(PRESETS))
def test_the_kernel_counts_its_probes_and_its_longest_line(game):
    """Every position after the first was looked up before it was expanded,
    and a won line was stood on move by move (bench/patience.py --large
    prints these counts)."""
    rules = make_rules(game)
    for number in range(6):
        search = kernel.Search(Position.deal(number, rules))
        result = search.run(200_000)
        assert search.probes >= result.nodes - 1
        assert search.deepest < result.nodes
        if result.result == WON:
            assert search.deepest >= len(result.moves) - 1


@pytest.mark.parametrize("solve", [reference.solve, kernel.solve], ids=["reference", "kernel"])
def test_one_node_budget_stops_on_nodes(solve):
    result = solve(Position.deal(7), Limits(max_nodes=1), True)
    assert (result.result, result.stopped_by, result.nodes) == (UNRESOLVED, "nodes", 1)


@pytest.mark.parametrize("solve", [reference.solve, kernel.solve], ids=["reference", "kernel"])
def test_zero_timeout_on_a_hard_deal_stops_on_time(solve):
    """Butterfly deal 7 is unresolved at 2M nodes; no time stops it at once."""
    result = solve(Position.deal(7), Limits(max_nodes=2_000_000, timeout=0.0), True)
    assert (result.result, result.stopped_by) == (UNRESOLVED, "time")
    assert result.moves == []
    assert result.nodes < 2_000_000


def test_both_solvers_stop_on_time_at_the_same_node():
    limits = Limits(max_nodes=2_000_000, timeout=0.0)
    assert reference.solve(Position.deal(7), limits).nodes == kernel.solve(Position.deal(7), limits).nodes


def test_butterfly_deal_7_is_hard():
    result = kernel.solve(Position.deal(7), Limits(max_nodes=200_000))
    assert (result.result, result.stopped_by, result.nodes) == (UNRESOLVED, "nodes", 200_000)


@pytest.mark.parametrize("solve", [reference.solve, kernel.solve], ids=["reference", "kernel"])
@pytest.mark.parametrize("safe", [True, False])
def test_already_won_position(solve, safe):
    won = Position(PRESETS["butterfly"], ((),) * 10, (13, 13, 13, 13)).validate()
    result = solve(won, Limits(), safe)
    assert result.result == WON
    assert result.moves == []
    assert result.nodes == 1


@pytest.mark.parametrize("solve", [reference.solve, kernel.solve], ids=["reference", "kernel"])
def test_one_move_from_won(solve):
    rules = PRESETS["fortress"]
    last = Position(rules, ((Card.parse("KS"),),) + ((),) * 9, (13, 13, 13, 12)).validate()
    result = solve(last, Limits(max_nodes=10))
    assert result.result == WON
    assert [str(m) for m in result.moves] == ["KS L1>F"]


@pytest.mark.parametrize("solve", [reference.solve, kernel.solve], ids=["reference", "kernel"])
@pytest.mark.parametrize("safe", [True, False])
def test_a_dead_position_is_unwinnable(solve, safe):
    """Butterfly without a basement: the clubs 2 to K in one row, 2 innermost,
    the other rows lost: nothing can ever move."""
    rules = make_rules("butterfly", None, 0)
    clubs = tuple(Card(rank, 0) for rank in range(2, 14))  # 2C innermost, KC outer
    dead = Position(rules, (clubs,) + ((),) * 9, (1, 13, 13, 13)).validate()
    assert dead.legal_moves() == []
    result = solve(dead, Limits(max_nodes=100), safe)
    assert (result.result, result.moves, result.nodes) == (UNWINNABLE, [], 1)


@pytest.mark.parametrize("solve", [reference.solve, kernel.solve], ids=["reference", "kernel"])
def test_a_small_unwinnable_search(solve):
    """With one basement cell: KC to the basement, then nothing: 2 nodes for
    the plain search; the dead-end test sees it at once (1 node)."""
    rules = make_rules("butterfly", None, 1)
    clubs = tuple(Card(rank, 0) for rank in range(2, 14))
    stuck = Position(rules, (clubs,) + ((),) * 9, (1, 13, 13, 13)).validate()
    assert [str(m) for m in stuck.legal_moves()] == ["KC L1>B"]
    result = solve(stuck, Limits(max_nodes=100), False, dead_ends=False)
    assert (result.result, result.nodes) == (UNWINNABLE, 2)
    result = solve(stuck, Limits(max_nodes=100), False)
    assert (result.result, result.nodes) == (UNWINNABLE, 1)


# --------------------------------------------------------------------- slow
@pytest.mark.slow
def test_reference_and_kernel_agree_on_2000_deals():
    for i in range(2000):
        config = CONFIGS[i % len(CONFIGS)]
        assert_same_search(Position.deal(100_000 + i, make_rules(*config)), Limits(max_nodes=5000), i % 3 != 0)
