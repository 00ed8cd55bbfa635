"""Every pruning rule keeps verdicts: the plain search and the pruned one
agree on every position the plain one resolves (docs/solver.md states each
rule and why it is safe), on the positions of tests/patience_positions.py.
"""

import pytest

import butterfly.ext._patience as _patience
from butterfly.games.cards import Card, Suit
from butterfly.games.patience.rules import Position, make_rules
from butterfly.solver.patience import kernel, pruning, reference
from butterfly.solver.patience.pruning import (
    dead_end_applies,
    is_dead_end,
    last_row_candidates,
    last_row_floor,
    no_last_row,
)
from butterfly.solver.patience.result import Limits

import checkout
from patience_positions import PLAIN, resolved_by_plain_search

RULE_SETTINGS = {
    "safe foundation moves": {"safe_autoplay": True, "dead_ends": False},
    "dead-end test": {"safe_autoplay": False, "dead_ends": True},
    "both": {"safe_autoplay": True, "dead_ends": True},
}


@pytest.fixture(scope="module")
def resolved():
    positions = resolved_by_plain_search(1500, seed=2026)
    verdicts = [v for _, v in positions]
    assert len(positions) >= 1000 and verdicts.count("won") >= 100 and verdicts.count("unwinnable") >= 500
    return positions


@pytest.mark.parametrize("setting", RULE_SETTINGS)
def test_pruned_search_gives_the_plain_verdict(resolved, setting):
    for position, verdict in resolved:
        pruned = kernel.solve(position, Limits(max_nodes=200_000), **RULE_SETTINGS[setting])
        assert pruned.result == verdict, (setting, position)
        if pruned.result == "won":
            assert position.replay(pruned.moves)[-1].is_won()


def test_pruning_never_costs_nodes_on_proofs(resolved):
    """On positions proved lost, the pruned search expands at most as many
    positions as the plain one (pruning only removes subtrees)."""
    for position, verdict in resolved[:400]:
        if verdict == "unwinnable":
            plain = kernel.solve(position, Limits(max_nodes=20_000), **PLAIN)
            pruned = kernel.solve(position, Limits(max_nodes=20_000), safe_autoplay=False, dead_ends=True)
            assert pruned.nodes <= plain.nodes


@pytest.mark.parametrize(
    "numbers",
    # deal 0's win with three cells is 3 s of the 4 to replay and test: in the slow run
    [range(1, 8), pytest.param(range(1), marks=pytest.mark.slow)],
    ids=["deals 1-7", "deal 0"],
)
def test_dead_end_test_never_fires_on_a_winning_line(numbers):
    """Every position along a found win passes the dead-end test: the wins found
    for deals 1-7 with no cell and with three; -m slow: deal 0's too."""
    won = 0
    for number in numbers:
        for cells in (0, 3):
            deal = Position.deal(number, make_rules("butterfly", None, cells))
            result = kernel.solve(deal, Limits(max_nodes=50_000), **PLAIN)
            if result.result == "won":
                assert not any(is_dead_end(p) for p in deal.replay(result.moves))
                won += 1
    assert won


def test_dead_end_test_catches_a_reversed_suit_in_the_last_row():
    """One row left, 8S 9S TS JS QS outward, KS in the basement, 7S home: four
    cards must wait in a basement with room for two more."""
    from butterfly.games.patience.format import parse_deal_text

    text = "F: KC KD KH 7S\nB: KS\nL1: -\nL2: -\nL3: -\nL4: 8S 9S TS JS QS\nL5: -\nR1: -\nR2: -\nR3: -\nR4: -\nR5: -\n"
    position = parse_deal_text(text)
    assert is_dead_end(position)
    assert reference.solve(position, Limits(), dead_ends=False).result == "unwinnable"


def test_dead_end_test_counts_a_basement_card_behind_any_lower_card_of_its_suit():
    """R1 holds 2D 3S JC 5S 4H 5C 4D, outward. When 5C is its outer card, 6C,
    9H and 7S are still in the basement (5C, 4H and 3S are in play), and 4D,
    with no host left but beneath it, has gone there too: four cards, three
    cells. 6C waits for 5C although the next club home is 4C, elsewhere."""
    from butterfly.games.patience.format import parse_deal_text

    text = (
        "variant: alternate-colours\nF: 3C AD 2H 2S\nB: 6C 9H 7S\nL1: JH 4C 3H 7H\n"
        "L2: 5H TD QC KD QS KH\nL3: 6S JD 3D 9D TS\nL4: TH 9C 8H 9S 8D\nL5: TC\n"
        "R1: 2D 3S JC 5S 4H 5C 4D\nR2: 6D 7C KC 8S 7D\nR3: 8C 6H 4S 5D\nR4: JS QH\nR5: QD KS\n"
    )
    position = parse_deal_text(text)
    assert is_dead_end(position)
    assert reference.solve(position, Limits(), **PLAIN).result == "unwinnable"


def test_dead_end_test_keeps_the_last_rows_suit_in_the_basement():
    """Only L5 (10S innermost) can be the last row, so 10S stays in play
    until every other row is gone, and JS and KS stay in the basement. L2 is
    8H QS KC QC KH outward: when QC is its outer card, KH (every queen is
    home, in the basement or beneath it) has gone to the basement, and QH is
    still there (8H is in play). Four cards, three cells."""
    from butterfly.games.patience.format import parse_deal_text

    text = (
        "F: 3C QD 4H 4S\nB: QH JS KS\nL1: 7H 6S\nL2: 8H QS KC QC KH\nL3: 6C 7C 6H 7S\n"
        "L4: 5C\nL5: TS JC TH JH\nR1: -\nR2: 5H 4C KD 5S 8S 9H 8C 9C TC 9S\nR3: -\nR4: -\nR5: -\n"
    )
    position = parse_deal_text(text)
    assert last_row_floor(position) == {Suit.SPADES: 10}
    assert is_dead_end(position)
    assert reference.solve(position, Limits(), **PLAIN).result == "unwinnable"


def test_no_floor_when_the_possible_last_rows_start_with_different_suits():
    deal = Position.deal(777, make_rules("butterfly", "alternate-colours"))  # KC, TD, KS, QH
    assert len(last_row_candidates(deal)) == 4
    assert last_row_floor(deal) == {}


def test_dead_end_test_only_applies_to_lost_rows_and_one_way_cells():
    assert dead_end_applies(make_rules("butterfly"))
    assert dead_end_applies(make_rules("butterfly", None, 0))
    for game in ("fortress", "beleaguered-castle", "streets-and-alleys"):
        assert not dead_end_applies(make_rules(game))


@pytest.mark.parametrize(
    "part", [slice(35), pytest.param(slice(35, 70), marks=pytest.mark.slow)], ids=["first 35", "next 35"]
)
def test_reference_and_kernel_prune_alike(resolved, part):
    """The Python twin and the kernel, under each pruning setting: the same verdict, nodes and
    moves on the first 35 resolved positions; -m slow: the next 35 too."""
    for position, _ in resolved[part]:
        for setting in RULE_SETTINGS.values():
            a = reference.solve(position, Limits(max_nodes=2000), **setting)
            b = kernel.solve(position, Limits(max_nodes=2000), **setting)
            assert (a.result, a.nodes, a.moves) == (b.result, b.nodes, b.moves)


def test_last_row_test_cuts_some_of_these_positions_and_only_lost_ones(resolved):
    caught = [(position, verdict) for position, verdict in resolved if no_last_row(position)]
    assert len(caught) >= 50
    assert all(verdict == "unwinnable" for _, verdict in caught)


def test_last_row_test_on_the_published_deals():
    """Every deal published as won passes the test at the deal; and with a
    full deck and three cells it fails exactly when no innermost card is a
    ten or higher."""
    import csv
    import gzip

    data = checkout.DATA / "butterfly.csv.gz"
    with gzip.open(data, "rt") as handle:
        rows = list(csv.DictReader(handle))[:3000]
    for row in rows:
        deal = Position.deal(int(row["deal"]))
        fails = no_last_row(deal)
        assert fails == (max(r[0].rank for r in deal.rows) < 10)
        if row["result"] == "won":
            assert not fails


def test_a_deal_with_no_high_innermost_card_is_proved_lost_at_once():
    deal = Position.deal(126)  # innermost cards 9H 4H 7C 4D 8H 6H 4S 8C 3C 6D
    assert max(r[0].rank for r in deal.rows) < 10
    for engine in (kernel, reference):
        result = engine.solve(deal, Limits(max_nodes=1000))
        assert (result.result, result.nodes) == ("unwinnable", 1)
    assert kernel.solve(deal, Limits(max_nodes=1000), dead_ends=False).result == "unresolved"


@pytest.mark.parametrize("game", ["butterfly", "fortress", "beleaguered-castle", "streets-and-alleys"])
@pytest.mark.parametrize("variant", [None, "alternate-colours", "same-suit"])
def test_build_relation_asks_only_adjacent_ranks_and_misses_no_pair(game, variant):
    """build_relation asks can_build of cards one rank apart only; asked of
    every pair, the rules allow nothing more, and the kernel's table says the same."""
    from butterfly.games.cards import make_deck
    from butterfly.solver.patience.pruning import build_relation

    rules = make_rules(game, variant)
    deck = make_deck(52)
    builders, hosts = build_relation(rules)
    allowed = {(card, onto) for card in deck for onto in deck if rules.can_build(card, onto)}
    assert allowed == {(card, onto) for card in deck for onto in hosts[card]}
    assert allowed == {(card, onto) for onto in deck for card in builders[onto]}
    assert kernel._rule_tables(rules)[0] == bytes((card, onto) in allowed for card in deck for onto in deck)


DOWN_BUILDING = ("beleaguered-castle", "streets-and-alleys")


@pytest.fixture(scope="module")
def resolved_down_building():
    """Positions of the presets that build downward (where rule 1b applies),
    resolved by the plain search: every suit rule, 0 to 3 free cells."""
    return resolved_by_plain_search(1500, 31, DOWN_BUILDING)


def test_next_home_builders_keep_the_plain_verdict(resolved_down_building):
    """Rule 1b (pruning.is_safe_foundation_move) against the search without
    it: the same verdict as the plain search and as rule 1 alone, every win
    replaying; and it fires (cuts nodes) on some of the positions."""
    assert len(resolved_down_building) > 1000
    cut = 0
    for position, verdict in resolved_down_building:
        assert pruning.next_home_builders_apply(position.rules)
        fields = kernel.kernel_fields(position, True, True)
        with_1b = _patience.Search(**fields, memory_bytes=64 << 20).run()
        fields["next_home_builders"] = False
        rule_1 = _patience.Search(**fields, memory_bytes=64 << 20).run()
        assert with_1b[0] == rule_1[0] == verdict, position
        if verdict == "won":
            moves = kernel.to_moves(position.rules, with_1b[2])
            assert position.replay(moves)[-1].is_won()
        if with_1b[3] < rule_1[3]:  # 1b fired: the reference, which implements it too, searches alike
            cut += 1
            twin = reference.solve(position, Limits(max_nodes=None))
            assert (twin.result, twin.nodes) == (with_1b[0], with_1b[3])
            assert [str(m) for m in twin.moves] == [str(m) for m in kernel.to_moves(position.rules, with_1b[2])]
    assert cut >= 5


def test_next_home_builders_only_where_rows_build_down():
    assert [pruning.next_home_builders_apply(make_rules(g)) for g in ("butterfly", "fortress", *DOWN_BUILDING)] == [
        False,
        False,
        True,
        True,
    ]


def test_a_queen_goes_home_when_the_jacks_can_only_wait_on_it():
    """Beleaguered Castle: QH may go home while the other jacks are out (not
    rule 1), because each is next home and the tens, their only builders, are
    all home (rule 1b)."""
    rows = [("QH",), ("JC",), ("KH",), ("KC",), ("QC",), ("KS", "QS", "JS"), ("KD", "QD", "JD"), ()]
    position = Position(
        make_rules("beleaguered-castle"), tuple(tuple(Card.parse(c) for c in row) for row in rows), (10, 10, 11, 10)
    ).validate()
    queen_home = next(m for m in position.legal_moves() if str(m) == "QH L1>F")
    assert pruning.is_safe_foundation_move(position, queen_home, next_home_builders=True)
    assert not pruning.is_safe_foundation_move(position, queen_home)
    assert [str(m) for m in kernel.kernel_moves(position)] == ["QH L1>F"]  # tried alone
