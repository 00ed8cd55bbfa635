"""Strong stubborn sets (butterfly.solver.patience.stubborn): the moves they keep hold a shortest
line, checked against breadth-first search, and the twin's A* with them finds the same lengths."""

import pytest

from butterfly.games.cards import Card
from butterfly.games.patience.rules import PRESETS, Position
from butterfly.puzzles.patience.endgame import shortest_win
from butterfly.solver.patience import shortest
from butterfly.solver.patience.pruning import ordered_moves
from butterfly.solver.patience.stubborn import stubborn_moves

from patience_positions import small_positions

GAMES = tuple(PRESETS)


def small(count, seed):
    """Half Butterfly (5-12 cards in play), half its siblings (5-8 cards: rows taken by any card)."""
    siblings = small_positions(count // 2, seed, (5, 8), games=GAMES[1:])
    return small_positions(count - count // 2, seed, (5, 12), games=("butterfly",)) + siblings


def distance(position):
    truth = shortest_win(position)
    assert truth.complete
    return truth.moves


def test_some_move_a_stubborn_set_keeps_starts_a_shortest_line():
    """The property A* needs: at a won position, some kept move leads one move nearer the end;
    and the sets do cut moves on such small positions (the test is not vacuous)."""
    cut = checked = 0
    for position in small(600, 3):
        moves = ordered_moves(position, True)
        if len(moves) <= 1:
            continue
        kept = stubborn_moves(position, moves)
        assert kept and all(m in moves for m in kept)
        if len(kept) == len(moves):
            continue
        cut += 1
        far = distance(position)
        if far is None:
            continue
        nearest = min(0 if position.play(m).is_won() else (distance(position.play(m)) or 10**6) for m in kept)
        assert nearest == far - 1, position
        checked += 1
    assert cut >= 40 and checked >= 40, (cut, checked)


# (stubborn sets are not used by any search: docs/solver.md; the full A* runs are slow checks)
@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_a_star_with_stubborn_sets_proves_the_same_lengths_and_its_lines_replay(seed):
    won = 0
    for position in small(80, seed):
        truth = distance(position)
        with_sets = shortest.search(position, stubborn=True)
        without = shortest.search(position)
        assert with_sets.exhausted and without.exhausted
        assert with_sets.nodes <= without.nodes
        if truth is None:
            assert with_sets.steps == [] == without.steps
            continue
        won += 1
        assert len(with_sets.steps) == len(without.steps) == truth == with_sets.lower, position
        assert position.replay(shortest.moves_of(position, with_sets.steps))[-1].is_won()
    assert won > 30


def test_a_card_whose_only_builder_in_play_can_only_go_home_goes_home_alone():
    """KD can go home; of its builders only QC is in play, the innermost card of its row, which
    may only go home: nothing can ever be put on KD, so the set started from it is KD's move
    alone (the safe foundation move's rule asks every builder home or in the basement)."""
    card = Card.from_index
    position = Position(
        PRESETS["butterfly"],
        ((), (), (), (), (card(10),), (card(11), card(51)), (card(25),), (), (), (card(12), card(9))),
        (9, 12, 13, 12),
    ).validate()
    moves = ordered_moves(position, True)
    assert [str(m) for m in moves] == ["KS R1>F", "KD R2>F", "TC R5>F", "TC R5>L5", "KS R1>B", "TC R5>B"]
    assert [str(m) for m in stubborn_moves(position, moves)] == ["KD R2>F"]
