"""The tables of proved distances a process keeps from one position of a game
to the next (butterfly/solver/patience/distance_cache.py): found by the
game's positions, at most a few, the least recently used dropped, never
read by another code version or rule set; and every value an analysis
gives with a kept table agrees with the same analysis without one and with
breadth-first search."""

from __future__ import annotations

import random

import pytest

from butterfly.games.patience.rules import Position, make_rules
from butterfly.puzzles.patience.endgame import shortest_win
from butterfly.solver.patience import distance_cache
from butterfly.solver.patience.analysis import LOST, UNKNOWN, analyse
from butterfly.solver.patience.distance_cache import CACHED, DISTANCES, DistanceCache
from butterfly.solver.patience.result import BOUNDED, OPTIMAL, UNWINNABLE, Limits
from butterfly.solver.patience.shortest import KNOWN_SLOT_BYTES, distance_entries
from butterfly.solver.patience.solve import solve_shortest

from patience_positions import small_positions

MEMORY = 16 << 20
#: The searches that judge the analysis: far larger than any position here needs.
FULL = Limits(max_nodes=20_000_000)


def test_a_game_keeps_its_table_and_another_game_gets_its_own():
    cache = DistanceCache(tables=2)
    deal = Position.deal(1)
    table = cache.table_for(deal, "python", MEMORY)
    assert table.limit == distance_entries(MEMORY // 2)
    child = deal.play(deal.legal_moves()[0])
    grandchild = child.play(child.legal_moves()[-1])
    # forward one move, two moves, and back: the same table
    assert cache.table_for(child, "python", MEMORY) is table
    assert cache.table_for(grandchild, "python", MEMORY) is table
    assert cache.table_for(deal, "python", MEMORY) is table
    assert cache.reused == 3 and cache.made == 1
    other = cache.table_for(Position.deal(2), "python", MEMORY)
    assert other is not table and len(cache) == 2
    # a third game drops the least recently used (deal 1's was used before deal 2's)
    third = cache.table_for(Position.deal(3), "python", MEMORY)
    assert len(cache) == 2 and cache.made == 3
    assert cache.table_for(Position.deal(2), "python", MEMORY) is other
    assert cache.table_for(Position.deal(3), "python", MEMORY) is third
    assert cache.table_for(deal, "python", MEMORY) is not table  # dropped: a new one
    assert len(cache) == 2
    # the kept tables take at most the memory they were given
    assert cache.held_bytes() == 2 * 3 * distance_entries(MEMORY // 2) * KNOWN_SLOT_BYTES <= MEMORY


def test_a_table_is_never_read_by_another_rule_set_engine_or_code_version(monkeypatch):
    cache = DistanceCache(tables=4)
    deal = Position.deal(0)
    table = cache.table_for(deal, "python", MEMORY)
    # the same cards under other rules: another table
    assert cache.table_for(Position(make_rules("fortress"), deal.rows, deal.foundations), "python", MEMORY) is not table
    assert cache.table_for(deal, "kernel", MEMORY) is not table
    assert cache.table_for(deal, "python", MEMORY) is table
    monkeypatch.setattr(distance_cache, "table_version", lambda engine: f"{engine}:another version")
    assert cache.table_for(deal, "python", MEMORY) is not table


def test_a_nearly_full_table_is_dropped_for_a_new_one():
    cache = DistanceCache(tables=2)
    deal = Position.deal(5)
    table = cache.table_for(deal, "python", MEMORY)
    for n in range(int(0.9 * table.limit) + 1):
        table.put(((n,),))
    fresh = cache.table_for(deal, "python", MEMORY)
    assert fresh is not table and len(fresh) == 0 and len(cache) == 1


def test_the_trail_is_bounded():
    cache = DistanceCache(tables=1, trail=50)
    table = cache.table_for(Position.deal(7), "python", MEMORY)
    kept = next(iter(cache.kept.values()))[1]
    assert kept.table is table and len(kept.trail) == 50


def _truth(position: Position) -> tuple[int | None, bool]:
    """The fewest moves that win ``position`` (None: lost), and whether breadth-first
    search proved it (within 3,000 positions; else an exhausted shortest search)."""
    truth = shortest_win(position, 3_000)
    if truth.complete:
        return truth.moves, True
    shortest = solve_shortest(position, FULL)
    assert shortest.result in (OPTIMAL, UNWINNABLE), position
    return (None if shortest.result == UNWINNABLE else len(shortest.moves)), False


def _walk(start: Position, rng: random.Random, moves: int) -> list[Position]:
    """A game from ``start``: ``moves`` moves at most, random, home more often than not."""
    positions = [start]
    for _ in range(moves):
        legal = positions[-1].legal_moves()
        if not legal:
            break
        home = [m for m in legal if m.target == "F"]
        positions.append(positions[-1].play(rng.choice(home) if home and rng.random() < 0.5 else rng.choice(legal)))
    return positions


# (the twin's run is a slow check: the kernel's is checked against breadth-first search by default)
@pytest.mark.parametrize("engine", ["kernel", pytest.param("python", marks=pytest.mark.slow)])
def test_values_with_a_kept_table_agree_without_it_and_with_breadth_first_search(engine):
    """Along games of small positions, every position analysed with the table kept from the
    ones before (distances=CACHED) and with a table of its own: each winning move's length,
    proved or bounded, holds against breadth-first search, and a length proved both ways is the
    same (breadth-first search where it finishes within 3,000 positions, else an exhausted A*).
    The lengths' searches are cut short (few positions each), so that bounds are left and
    the kept table's facts tell."""
    rng = random.Random(25)
    DISTANCES.clear()
    made, reused = DISTANCES.made, DISTANCES.reused
    values = dict.fromkeys((OPTIMAL, BOUNDED), 0)
    both = improved = breadth = analysed = 0
    starts = small_positions(6, 31, (14, 18))
    limits, lengths = Limits(max_nodes=300_000), Limits(max_nodes=20)
    for start in starts:
        for position in _walk(start, rng, 8):
            kept = analyse(position, limits, engine, lengths, distances=CACHED)
            analysed += 1
            alone = analyse(position, limits, engine, lengths)
            assert [e.moves for e in sorted(kept.moves, key=lambda e: e.move)] == [
                e.moves for e in sorted(alone.moves, key=lambda e: e.move)
            ]
            without = {e.move: e for e in alone.moves}
            for entry in kept.moves:
                truth, by_breadth = _truth(position.play(entry.move))
                breadth += by_breadth
                if truth is None:
                    assert entry.value == LOST == without[entry.move].value, (position, entry)
                    continue
                assert entry.value not in (LOST, UNKNOWN), (position, entry)
                assert position.replay(list(entry.line))[-1].is_won()
                values[entry.value] += 1
                assert entry.lower_bound <= truth + 1 <= entry.length, (position, entry)
                if entry.value == OPTIMAL:
                    assert entry.length == truth + 1
                other = without[entry.move]
                assert other.lower_bound <= truth + 1 <= other.length, (position, other)
                if entry.value == other.value == OPTIMAL:
                    assert entry.length == other.length
                    both += 1
                improved += entry.value == OPTIMAL != other.value
    assert values[OPTIMAL] > 100 and values[BOUNDED] > 3, values
    assert both > 50 and breadth > 50, (both, breadth)
    assert DISTANCES.made - made == len(starts) and DISTANCES.reused - reused == analysed - len(starts)  # one a game
    assert improved > 0  # the kept table proved what a table of its own did not
