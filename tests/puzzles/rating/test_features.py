"""The features of butterfly/puzzles/rating/features.py: every verdict they claim is checked
by a second, independent solver run (the pure-Python engine with no pruning
where the case is small enough), and the cheap layout features against hand
counts."""

import dataclasses
import json
from fractions import Fraction

import pytest

from butterfly.games.patience.format import parse_deal_text
from butterfly.games.patience.rules import Position, make_rules, rules_with_cells
from butterfly.puzzles.rating import features
from butterfly.puzzles.rating.features import (
    IMPOSSIBLE,
    LAYOUT_FEATURES,
    ExactLimits,
    exact_features,
    fewest_cells,
    layout_features,
    line_decisions,
    solver_effort,
)
from butterfly.solver.patience.result import UNRESOLVED, UNWINNABLE, WON, Limits
from butterfly.solver.patience.solve import NO_RESTARTS, PUBLISHED_SCHEDULE, solve

from patience_positions import PLAIN, resolved_by_plain_search


def plain_python(position: Position, max_nodes: int = 200_000, engine: str = "python") -> str:
    """The verdict of the plain search: no pruning at all, in pure Python by default."""
    return solve(position, Limits(max_nodes=max_nodes), engine=engine, **PLAIN).result


def won_line(position: Position) -> list:
    # The cases below were chosen on the lines of the published schedule.
    result = solve(position, Limits(max_nodes=1_000_000), shorten=True, schedule=PUBLISHED_SCHEDULE)
    assert result.result == WON
    return result.moves


def line_tail(deal: int, moves_left: int, variant: str | None = None) -> tuple[Position, list]:
    """The position ``moves_left`` moves before the end of a deal's won line, and the rest of the line."""
    position = Position.deal(deal, make_rules("butterfly", variant))
    line = won_line(position)
    start = len(line) - moves_left
    return position.replay(line)[start], line[start:]


# ------------------------------------------------------------ fewest cells


def check_consistent(found: features.FewestCells, own: int) -> None:
    """What fewest_cells claims holds together: monotone in the cells, exact as defined."""
    assert sorted(found.verdicts) == list(range(own + 1))
    order = [found.verdicts[k] for k in range(own + 1)]
    if found.fewest is not None:
        assert all(v == WON for v in order[found.fewest :])
        assert all(v != WON for v in order[: found.fewest])
    for k, verdict in enumerate(order):
        if verdict == UNWINNABLE:
            assert all(v in (UNWINNABLE, IMPOSSIBLE) for v in order[:k])
    if found.fewest is not None:
        assert found.exact == (found.fewest == 0 or order[found.fewest - 1] in (UNWINNABLE, IMPOSSIBLE))


@pytest.mark.parametrize("deal", [1, 30, 46])
def test_fewest_cells_agrees_with_direct_solves(deal):
    found = fewest_cells(Position.deal(deal), Limits(max_nodes=200_000))
    check_consistent(found, 3)
    for cells in range(4):
        direct = solve(Position.deal(deal, make_rules("butterfly", cells=cells)), Limits(max_nodes=1_000_000))
        claimed = found.verdicts[cells]
        if UNRESOLVED not in (direct.result, claimed):
            assert direct.result == claimed, (deal, cells)


def test_fewest_cells_of_deal_30():
    """Deal 30 needs two cells: with one it is proved lost."""
    found = fewest_cells(Position.deal(30), Limits(max_nodes=200_000))
    assert (found.fewest, found.exact) == (2, True)
    assert found.verdicts == {3: WON, 2: WON, 1: UNWINNABLE, 0: UNWINNABLE}


def test_an_unresolved_count_reads_at_most():
    # With one node per search nothing below the own count is settled by search.
    found = fewest_cells(Position.deal(30), Limits(max_nodes=1))
    check_consistent(found, 3)
    if found.fewest is not None and found.fewest > 0 and found.verdicts[found.fewest - 1] == UNRESOLVED:
        assert not found.exact


def test_fewer_cells_than_cards_in_the_cells_is_impossible():
    position = Position.deal(1)
    to_basement = [m for m in position.legal_moves() if m.target == "B"][:2]
    for move in to_basement:
        position = position.play(move)
    found = fewest_cells(position, Limits(max_nodes=200_000))
    assert found.verdicts[0] == found.verdicts[1] == IMPOSSIBLE
    check_consistent(found, 3)


def test_fewer_cells_keep_the_variant_and_its_name():
    rules = make_rules("butterfly", "alternate-colours")
    assert rules_with_cells(rules, 1) == make_rules("butterfly", "alternate-colours", 1)
    assert rules_with_cells(rules, 1).name == "butterfly/alternate-colours/basement-1"
    assert rules_with_cells(make_rules("butterfly", None, 0), 3) == make_rules("butterfly")


@pytest.mark.parametrize("case", range(4))
def test_fewest_cells_on_endgames_against_the_plain_search(case):
    """Late positions of every basement size and both suit rules (tests/patience_positions.py)."""
    won = [p for p, verdict in resolved_by_plain_search(60, 11) if verdict == WON][case]
    found = fewest_cells(won, Limits(max_nodes=100_000))
    check_consistent(found, won.rules.cells)
    for cells, claimed in found.verdicts.items():
        if claimed in (WON, UNWINNABLE):
            rules = rules_with_cells(won.rules, cells)
            assert plain_python(dataclasses.replace(won, rules=rules)) in (claimed, UNRESOLVED)


# ---------------------------------------------------------- line decisions


def check_against_plain_search(decisions, engine: str = "python") -> None:
    """Every verdict claimed is the plain search's (``engine``, no pruning);
    critical positions have exactly one winning class; forgiveness is the
    brute count over the legal moves. The cases are small enough for the
    plain search to settle every move."""
    won_moves = resolved_moves = 0
    for entry in decisions.positions:
        keys = {entry.position.play_unchecked(m).key() for m in entry.position.legal_moves()}
        assert len(keys) == len(entry.classes)
        assert sum(len(c.moves) for c in entry.classes) == len(entry.position.legal_moves())
        assert any(entry.line_move in c.moves for c in entry.classes_with(WON))
        winnable_keys = set()
        for cls in entry.classes:
            keys = {entry.position.play_unchecked(m).key() for m in cls.moves}
            assert len(keys) == 1  # equivalent moves
            if cls.verdict in (WON, UNWINNABLE):
                assert plain_python(entry.position.play_unchecked(cls.moves[0]), engine=engine) == cls.verdict
            if cls.verdict == WON:
                winnable_keys |= keys
        if entry.is_critical:
            assert len(winnable_keys) == 1 and len(entry.classes) >= 2
            assert all(c.verdict == UNWINNABLE for c in entry.classes if c is not entry.winning_class)
        if len(entry.classes) >= 2:
            for move in entry.position.legal_moves():
                verdict = plain_python(entry.position.play_unchecked(move), engine=engine)
                won_moves += verdict == WON
                resolved_moves += verdict in (WON, UNWINNABLE)
    assert resolved_moves
    assert Fraction(decisions.forgiveness).limit_denominator(10**6) == Fraction(won_moves, resolved_moves)
    assert 0 <= decisions.forgiveness <= 1


@pytest.mark.parametrize(("deal", "moves_left"), [(42, 60), (4, 20), (37, 180)])
def test_line_decisions_against_the_plain_search(deal, moves_left):
    position, line = line_tail(deal, moves_left)
    decisions = line_decisions(position, line)
    assert [p.index for p in decisions.positions] == list(range(len(line)))
    assert decisions.unresolved_classes == 0 and decisions.undecided == []
    assert decisions.critical, "the case is chosen to have critical decisions"
    assert decisions.critical == [p.index for p in decisions.positions if p.is_critical]
    assert decisions.first_critical == decisions.critical[0]
    assert any(c.verdict == UNWINNABLE for p in decisions.positions for c in p.classes)
    check_against_plain_search(decisions)


@pytest.mark.parametrize(("seed", "case"), [(11, 2), (5, 13), (11, 8)])
def test_line_decisions_on_endgames(seed, case):
    """Won endgames with other basements (tests/patience_positions.py), checked
    by the kernel with its pruning switched off."""
    won = [p for p, verdict in resolved_by_plain_search(60, seed) if verdict == WON][case]
    decisions = line_decisions(won, won_line(won))
    check_against_plain_search(decisions, engine="kernel")


@pytest.mark.parametrize(("deal", "moves_left", "engine"), [(0, 40, "python"), (1, 40, "python"), (2, 80, "kernel")])
def test_line_decisions_with_alternate_colours(deal, moves_left, engine):
    position, line = line_tail(deal, moves_left, "alternate-colours")
    decisions = line_decisions(position, line)
    assert decisions.critical
    check_against_plain_search(decisions, engine=engine)


def test_unresolved_classes_are_never_critical():
    position, line = line_tail(37, 180)
    sure = line_decisions(position, line)
    hasty = line_decisions(position, line, Limits(max_nodes=1), schedule=NO_RESTARTS)
    assert hasty.unresolved_classes > 0
    for entry in hasty.positions:
        unresolved = bool(entry.classes_with(UNRESOLVED))
        assert not (entry.is_critical and unresolved)
        assert entry.is_undecided == (entry.is_choice and len(entry.classes_with(WON)) == 1 and unresolved)
    for quick, slow in zip(hasty.positions, sure.positions):  # the inferences agree with the searches
        assert [c.moves for c in quick.classes] == [c.moves for c in slow.classes]
        for a, b in zip(quick.classes, slow.classes):
            assert a.verdict in (b.verdict, UNRESOLVED)
    assert set(hasty.critical) <= set(sure.critical)
    assert set(sure.critical) <= set(hasty.critical) | set(hasty.undecided)
    low, high = hasty.forgiveness_bounds()
    assert low <= sure.forgiveness <= high


def test_line_decisions_need_a_winning_line():
    position = Position.deal(1)
    line = won_line(position)
    with pytest.raises(ValueError):
        line_decisions(position, line[:-1])


def check_whole_deal(deal: int) -> None:
    """A whole line: every class claimed unwinnable, and every class a search
    called won, searched again by the kernel with its pruning switched off."""
    position = Position.deal(deal)
    decisions = line_decisions(position, won_line(position))
    settled = 0
    for entry in decisions.positions:
        for cls in entry.classes:
            if cls.verdict == UNWINNABLE or (cls.verdict == WON and cls.source == "search"):
                child = entry.position.play_unchecked(cls.moves[0])
                plain = solve(child, Limits(max_nodes=2_000_000), safe_autoplay=False, dead_ends=False)
                assert plain.result in (cls.verdict, UNRESOLVED), (deal, entry.index, cls)
                settled += plain.result == cls.verdict
    assert settled
    assert decisions.forgiveness is not None and 0 < decisions.forgiveness <= 1


def test_the_verdicts_of_a_whole_deal_are_sound():
    check_whole_deal(3)


@pytest.mark.slow
@pytest.mark.parametrize("deal", range(20))
def test_the_verdicts_of_whole_deals_are_sound(deal):
    check_whole_deal(deal)


# ------------------------------------------------------------ solver effort


def test_solver_effort_is_deterministic_and_capped():
    first = solver_effort(Position.deal(1), orders=3, max_nodes=20_000)
    again = solver_effort(Position.deal(1), orders=3, max_nodes=20_000)
    assert (first.nodes, first.capped, first.verdicts) == (again.nodes, again.capped, again.verdicts)
    natural = solve(Position.deal(1), Limits(max_nodes=20_000), schedule=NO_RESTARTS)
    assert first.verdicts[0] == natural.result == UNRESOLVED
    assert first.nodes[0] == 20_000 and first.capped[0]
    assert first.capped_runs == sum(v == UNRESOLVED for v in first.verdicts)
    assert all(n <= 20_000 for n in first.nodes)
    assert first.median == sorted(first.nodes)[1]
    assert min(first.nodes) <= first.geometric_mean <= max(first.nodes)


# ---------------------------------------------------------- layout features

SMALL = """
game: butterfly
F: 9C 9D 9H 9S
B:
L1: TC KD QS
L2: JC TD
L3: QC KH
L4: KC JD TH
L5: QD JH
R1: TS QH
R2: JS KS
R3: -
R4: -
R5: -
"""


def test_layout_features_by_hand():
    position = parse_deal_text(SMALL)
    found = layout_features(position)
    assert list(found) == list(LAYOUT_FEATURES)
    assert found == {
        "cover_next": 3,  # TC under 2 cards, TS under 1
        "cover_next_max": 2,
        "cover_second": 3,  # JC, JD, JS under 1 card each
        "cover_third": 2,  # QC, QD under 1 card each
        "inversions": 1,  # JS under KS
        "high_over_low": 5,  # KD and QS on TC, KH on QC, QH on TS, KS on JS
        # The blocking graph has one cycle, JS -> QS -> KS -> JS (KS lies on JS), and the
        # longest chain TH JH QH TS {JS QS KS} KD TC JC QC KC has 9 edges.
        "block_chain": 9,
        "block_scc_max": 3,
        "block_cyclic": 3,
        "outer_movable": 7,  # every outer card
        "home_now": 2,  # TD and TH
        "legal_moves": 25,  # 2 home, 16 row to row, 7 into the basement
    }
    assert layout_features(position) == found


def test_layout_features_are_deterministic_and_plain_numbers():
    for deal in range(5):
        position = Position.deal(deal)
        found = layout_features(position)
        assert found == layout_features(Position.deal(deal))
        assert all(isinstance(v, float) for v in found.values())
        assert found["block_scc_max"] >= 1 and found["legal_moves"] >= found["home_now"]


# --------------------------------------------------------------- all at once


def test_exact_features_are_json_friendly():
    limits = ExactLimits(effort_orders=2, effort_max_nodes=20_000)
    found = exact_features(Position.deal(49), limits)
    assert json.loads(json.dumps(found)) == found

    def plain(value) -> bool:
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return isinstance(value, int | float | str) and not isinstance(value, bool)

    assert all(plain(v) for v in found.values())
    assert found["verdict"] == WON and found["cells_verdicts"][found["fewest_cells"]] == WON
    assert found["critical_decisions"] == len(found["critical_indexes"]) == len(found["critical_moves"])
    assert 0 <= found["forgiveness_low"] <= found["forgiveness"] <= found["forgiveness_high"] <= 1
