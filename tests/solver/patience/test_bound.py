"""The lower bound on the moves left: the kernel's (butterfly/ext/_bound.pyx) equal to its
Python twin's (butterfly/solver/patience/bound.py) at every effort, floor and ceiling, never
above the moves left, and the lemmas the A* takes from it (docs/solver.md, "The
bounds" and "The search")."""

import itertools
import random
from dataclasses import replace

import pytest

from butterfly.games.cards import Card
from butterfly.games.patience.format import parse_deal
from butterfly.games.patience.rules import FOUNDATION, PRESETS, Position
from butterfly.puzzles.patience.endgame import shortest_win
from butterfly.solver.patience import bound, kernel, shortest
from butterfly.solver.patience.result import Limits
from butterfly.solver.patience.solve import solve

from patience_positions import random_positions, small_positions

GAMES = tuple(PRESETS)


def small(count, seed, cards=(5, 12)):
    """Won and lost made-up positions of every preset, suit rule and number of cells: half
    Butterfly, half its siblings, whose rows taken by any card make far more positions
    reachable, so they get at most 8 cards (test_shortest.py's)."""
    siblings = small_positions(count // 2, seed, (min(cards[0], 5), min(cards[1], 8)), games=GAMES[1:])
    return small_positions(count - count // 2, seed, cards, games=("butterfly",)) + siblings


def test_no_bound_ever_exceeds_the_moves_left_along_shortest_lines():
    checked = 0
    for position in small(45, 4, cards=(6, 14)):
        truth = shortest_win(position)
        if truth.moves is None:
            continue
        for left, here in zip(range(truth.moves, -1, -1), position.replay(truth.line)):
            quick = bound.lower_bound(here)
            strong = here.cards_in_play() + bound.moves_twice(here)
            parked = here.cards_in_play() + bound.moves_parked(here)[1]
            assert quick == kernel.lower_bound(here) <= strong == kernel.strong_bound(here) <= left
            assert strong <= parked == kernel.strong_bound(here, parking=True) <= left
            checked += 1
    assert checked > 300


@pytest.mark.parametrize(
    "part", [slice(40), pytest.param(slice(40, 80), marks=pytest.mark.slow)], ids=["first 40", "next 40"]
)
def test_the_strong_bound_is_the_same_in_both_engines_whatever_its_effort_and_floor(part):
    """On 40 random positions (-m slow: 40 more), the kernel's bound and the Python twin's, counted and parked."""
    for position in list(random_positions(80, 5))[part]:
        for effort, floor in ((1, 0), (20, 3), (500, 0), (500, 12)):
            expected = position.cards_in_play() + bound.moves_twice(position, effort, floor)
            assert kernel.strong_bound(position, effort, floor) == expected
            assert expected >= bound.lower_bound(position)
            count, parked = bound.moves_parked(position, effort, floor)
            assert position.cards_in_play() + count == expected
            assert kernel.strong_bound(position, effort, floor, parking=True) == position.cards_in_play() + parked


def test_a_ceiling_stops_the_strong_bound_there_and_changes_nothing_below_it():
    # The A* asks no more than the bound that cuts a position: below that, the same
    # numbers; at it (or at the rows' own count, if higher), every smaller one refuted.
    capped = 0
    for position in random_positions(30, 8):
        in_play = position.cards_in_play()
        rows_own = bound.lower_bound(position) - in_play
        for effort, floor in ((20, 0), (500, 0), (3_000, 2)):
            full = bound.moves_parked(position, effort, floor)
            stopped = full[0] if full[1] == full[0] + 1 else full[1]  # (one more: the parking test's)
            for ceiling in sorted({floor + 1, stopped - 1, stopped, stopped + 1} - set(range(floor + 1))):
                stop = max(ceiling, rows_own, floor)
                expected = full if stopped < ceiling else (stop, stop)
                if stopped >= ceiling and effort == 3_000:
                    assert full[0] >= stop  # (a proved count: every smaller one refuted)
                assert bound.moves_parked(position, effort, floor, ceiling=ceiling) == expected
                kernel_bound = kernel.strong_bound(position, effort, floor, parking=True, ceiling=ceiling)
                assert kernel_bound == in_play + expected[1]
                capped += stopped >= ceiling
    assert capped > 200, capped


def test_the_parking_test_raises_the_bound_only_where_the_rules_allow_it():
    raised = {True: 0, False: 0}
    for position in small(400, 21, cards=(6, 14)):
        count, parked = bound.moves_parked(position, effort=10**6)
        assert parked in (count, count + 1)
        raised[bound.parking_applies(position.rules)] += parked > count
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
    test = bound._Twice(position, 10**6, parking=True)
    assert test.parks({kd}) and moves_each_card(position, {kd})
    assert not test.parks({jd, kd}) and not moves_each_card(position, {jd, kd})


def test_a_card_that_can_only_wait_in_the_basement_carries_nothing_while_it_waits():
    # KC leaves first and has no host left; QC could go onto KC only while KC waits, in the one cell.
    position = empty_rows_but("cells: 1\nF: JC QD QH QS\nL1: KD KH QC KC KS\n")
    qc, kc = int(Card.parse("QC")), int(Card.parse("KC"))
    assert not bound._Twice(position, 10**6, parking=True).parks({qc, kc})
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
        if not bound.parking_applies(position.rules):
            continue
        twice = bound._Twice(position, 10**6, parking=True)
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
                expected = here.cards_in_play() + bound.moves_twice(here, effort, floor)
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
        assert bound.moves_twice(position, effort=10**9) == fewest, position
        assert kernel.strong_bound(position, effort=10**9) == position.cards_in_play() + fewest, position
        checked += fewest > bound.lower_bound(position) - position.cards_in_play()
        # With the parking test: the fewest cards, plus one when no such set passes it.
        test = bound._Twice(position, 10**9, parking=bound.parking_applies(position.rules))
        parked = min(
            size + (0 if not test.parking or test.parks(set(cards)) else 1)
            for size in range(fewest, fewest + 2)
            for cards in itertools.combinations(movable, size)
            if sent_home_but_for(position, set(cards))
        )
        assert bound.moves_parked(position, effort=10**9)[1] == parked, position
        assert kernel.strong_bound(position, effort=10**9, parking=True) == position.cards_in_play() + parked
        raised += parked > fewest
    assert checked > 5  # (positions where the rows alone do not see it all)
    assert raised > 3, raised


def test_a_cycle_across_rows_costs_a_move_the_rows_alone_do_not_see():
    # 6C lies on 5H, 6H on 5C: each needs a card of its own suit from under the other.
    position = empty_rows_but(
        "F: 4C KD 4H KS\nL1: 5H 6C\nR1: 5C 6H\nL2: KC QC JC TC 9C 8C 7C\nL3: KH QH JH TH 9H 8H 7H\n"
    )
    assert bound.lower_bound(position) == 18
    assert kernel.strong_bound(position) == 19
    answer = kernel.shortest(position)
    assert answer.exhausted and len(answer.steps) == answer.lower == 19
    assert replace(answer, table_bytes=None) == shortest.search(position)  # (the twin counts no bytes)


def test_the_cards_on_cycles_are_the_same_in_both_engines():
    met = set()
    for position in list(random_positions(200, 11)) + small(200, 12, cards=(6, 16)):
        found = bound.cards_on_cycles(position)
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
    return position.cards_in_play() + bound.moves_twice(position, effort, floor, moved, below)


def test_the_cards_keeping_the_count_are_the_same_in_both_engines_whatever_the_effort():
    met = set()
    for position in small(120, 14, cards=(8, 16)) + list(random_positions(40, 15)):
        cards = set(movers(position)) & bound.cards_on_cycles(position)
        count = kernel.strong_bound(position) - position.cards_in_play()
        for effort in (1, 10, 2000):
            for asked in (count, count + 1):
                kept = bound.keeping_the_count(position, cards, asked, effort)
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
        on_cycles = bound.cards_on_cycles(position)
        moves = movers(position)
        keeping = kernel.keeping_the_count(position, set(moves) & on_cycles, before - position.cards_in_play(), 10**6)
        for card, card_moves in moves.items():
            if card in on_cycles and card not in keeping:
                continue
            for move in card_moves:
                assert kernel.strong_bound(position.play(move), effort=10**6) >= before, (position, move)
                checked["no cycle" if card not in on_cycles else "keeps the count"] += 1
    assert min(checked.values()) > 100, checked
