"""The compiled ladder (ext/_ladder.pyx, through puzzles/kernel.py) plays
the games of its oracle, puzzles/reference.py, move for move.

The reference is slow (a rollout from a full deal can take seconds), so the
default run plays the cheap policies from openings and every policy from
endgames: late positions of games the kernel won, and positions a few moves
before the end of games it lost (where the rollouts' trials all lose, so the
tie-breaks are exercised). ``pytest -m slow`` plays many more.
"""

import functools
import inspect
import itertools
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

import ext._ladder as _ladder
import ext._patience as _patience
from games.patience.rules import FOUNDATION, MAX_CELLS, PRESETS, VARIANTS, Position, make_rules
from puzzles import kernel, reference
from solver.patience.kernel import kernel_fields

#: name: (policy, epsilon_ppm, horizon)
POLICIES = {
    "random": (reference.RANDOM, 0, 0),
    "greedy": (reference.GREEDY, 0, 0),
    "greedy-e20": (reference.GREEDY, 200_000, 0),
    "greedy-e100": (reference.GREEDY, 1_000_000, 0),
    "lookahead": (reference.LOOKAHEAD, 0, 0),
    "rollout": (reference.ROLLOUT, 0, 0),
    "rollout-3": (reference.ROLLOUT, 0, 3),
    "rollout-10": (reference.ROLLOUT, 0, 10),
}
CHEAP = ("random", "greedy", "greedy-e20", "greedy-e100")


def every_rules():
    for game, variant, cells in itertools.product(PRESETS, (None, *VARIANTS), (None, *range(MAX_CELLS + 1))):
        yield make_rules(game, variant, cells)


def random_rules(rng):
    return make_rules(rng.choice(list(PRESETS)), rng.choice([None, *VARIANTS]), rng.choice([None, *range(9)]))


def random_walk(position, rng, steps):
    """``steps`` random legal moves (foundation moves preferred), fewer if stuck."""
    for _ in range(steps):
        moves = position.legal_moves()
        if not moves:
            break
        home = [m for m in moves if m.target == FOUNDATION]
        position = position.play_unchecked(rng.choice(home) if home and rng.random() < 0.6 else rng.choice(moves))
    return position


@functools.cache
def openings(count, seed):
    """Random deals of random rules, after up to 40 random moves."""
    rng = random.Random(seed)
    return [
        (random_walk(Position.deal(rng.randrange(10**6), random_rules(rng)), rng, rng.randrange(40)), rng.randrange(99))
        for _ in range(count)
    ]


@functools.cache
def endgames(count, seed, most_in_play, back):
    """Half from games the kernel's rollout player won (the first position
    with at most ``most_in_play`` cards in play), half from games it lost (up
    to ``back`` moves before the end)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        start = Position.deal(rng.randrange(10**6), random_rules(rng))
        won, moves = kernel.play(start, kernel.ROLLOUT, rng.randrange(99))
        if won != (len(found) % 2 == 0):
            continue
        line = start.replay(moves)
        if won:
            position = next(p for p in line if p.cards_in_play() <= most_in_play)
        else:
            position = line[-1 - rng.randrange(min(back, len(line)))]
        found.append((position, rng.randrange(99)))
    return found


def check_same_games(cases, name):
    policy, epsilon_ppm, horizon = POLICIES[name]
    for position, seed in cases:
        expected = reference.play(position, policy, seed, epsilon_ppm, horizon)
        got = kernel.play(position, policy, seed, epsilon_ppm, horizon)
        assert got == expected, (name, seed, position)
        check_game(position, *got)


def check_game(position, won, moves):
    """Legal, no position met twice, no longer than the limit, won exactly when it ends won."""
    line = position.replay(moves)
    assert won == line[-1].is_won()
    assert len(moves) <= reference.MAX_MOVES
    assert len({reference.position_hash(p) for p in line}) == len(line)


# ------------------------------------------------------------- constants
def test_the_kernels_constants_are_the_references():
    for name in (
        "MAX_MOVES",
        "CELL_SLOT",
        "HOME_WEIGHT",
        "CELL_WEIGHT",
        "NEXT_COVER_WEIGHT",
        "SECOND_COVER_WEIGHT",
        "RANDOM",
        "GREEDY",
        "LOOKAHEAD",
        "ROLLOUT",
    ):
        assert getattr(_ladder, name) == getattr(reference, name), name
    assert (kernel.RANDOM, kernel.GREEDY, kernel.LOOKAHEAD, kernel.ROLLOUT) == (
        reference.RANDOM,
        reference.GREEDY,
        reference.LOOKAHEAD,
        reference.ROLLOUT,
    )
    assert (_ladder.PLACE_CELL, _ladder.PLACE_FOUNDATION) == (_patience.PLACE_CELL, _patience.PLACE_FOUNDATION)


def test_the_kernels_zobrist_words_are_the_references():
    rng = random.Random(7)
    for _ in range(500):
        slot, depth, card = rng.randrange(reference.CELL_SLOT + 1), rng.randrange(64), rng.randrange(52)
        assert _ladder.zobrist(slot, depth, card) == reference.zobrist(slot, depth, card)


def test_the_kernel_takes_the_patience_kernels_fields_by_name():
    parameters = inspect.signature(_ladder.play).parameters
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in parameters.values())
    assert set(parameters) == {*kernel.FIELDS, "policy", "seed", "epsilon_ppm", "horizon"}
    assert set(kernel.FIELDS) <= set(kernel_fields(Position.deal(0), safe_autoplay=False, dead_ends=False))


# ------------------------------------------------------------- same games
@pytest.mark.parametrize("name", CHEAP)
def test_the_cheap_policies_play_the_references_games_from_openings(name):
    check_same_games(openings(25, 1), name)


@pytest.mark.parametrize("name", POLICIES)
def test_every_policy_plays_the_references_games_from_endgames(name):
    check_same_games(endgames(20, 4, 13, 20), name)


@pytest.mark.parametrize("name", ["greedy-e20", "lookahead", "rollout"])
def test_every_seed_plays_the_references_games(name):
    position = endgames(2, 3, 12, 12)[0][0]
    check_same_games([(position, seed) for seed in (0, 1, 2, 3, 2**64 - 1, 2**64 + 3, -5, 3**50)], name)


#: Games that meet the move limit: (game, cells, deal, policy name), the deal's number its seed too.
AT_THE_LIMIT = [
    ("butterfly", 0, 11, "random"),  # lost at MAX_MOVES
    ("streets-and-alleys", 4, 13, "greedy"),  # lost at MAX_MOVES
    ("beleaguered-castle", None, 18, "rollout"),  # won 5 moves short of it, its trials bounded by it
]


@pytest.mark.parametrize(("game", "cells", "deal", "name"), AT_THE_LIMIT)
def test_games_at_the_move_limit_are_the_references(game, cells, deal, name):
    position = Position.deal(deal, make_rules(game, None, cells))
    policy, epsilon_ppm, horizon = POLICIES[name]
    won, moves = kernel.play(position, policy, deal, epsilon_ppm, horizon)
    assert (won, moves) == reference.play(position, policy, deal, epsilon_ppm, horizon)
    assert len(moves) >= reference.MAX_MOVES - 5
    check_game(position, won, moves)


def test_seeds_are_taken_mod_2_to_the_64():
    position = Position.deal(3)
    assert kernel.play(position, kernel.RANDOM, 2**64 + 9) == kernel.play(position, kernel.RANDOM, 9)
    assert kernel.play(position, kernel.RANDOM, -1) == kernel.play(position, kernel.RANDOM, 2**64 - 1)


def test_a_won_position_plays_no_move():
    won = Position(make_rules(), tuple(() for _ in range(10)), (13, 13, 13, 13))
    for policy, epsilon_ppm, horizon in POLICIES.values():
        assert kernel.play(won, policy, 1, epsilon_ppm, horizon) == (True, [])


# ------------------------------------------------------------- every rules
@pytest.mark.parametrize("name", POLICIES)
def test_every_rules_gives_legal_games(name):
    policy, epsilon_ppm, horizon = POLICIES[name]
    for number, rules in enumerate(every_rules()):
        position = Position.deal(number, rules)
        check_game(position, *kernel.play(position, policy, number, epsilon_ppm, horizon))


def test_games_run_side_by_side_in_threads():
    """No state is shared between calls (and the kernel lets go of the GIL)."""
    jobs = [(Position.deal(n), policy, n) for n in range(6) for policy in (kernel.LOOKAHEAD, kernel.ROLLOUT)]
    alone = [kernel.play(*job, horizon=5) for job in jobs]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda job: kernel.play(*job, horizon=5), jobs))
    assert together == alone


# ------------------------------------------------------------- bad inputs
def fields(**changes):
    position = Position.deal(5, make_rules("butterfly", None, 2))
    position = position.play(next(m for m in position.legal_moves() if m.target == "B"))
    given = {name: kernel_fields(position, False, False)[name] for name in kernel.FIELDS}
    return {**given, "policy": kernel.GREEDY, "seed": 1, "epsilon_ppm": 0, "horizon": 0, **changes}


@pytest.mark.parametrize(
    "changes",
    [
        {"policy": 4},
        {"policy": -1},
        {"policy": 2**70},
        {"epsilon_ppm": -1},
        {"epsilon_ppm": 1_000_001},
        {"horizon": -1},
        {"rows": [[]] * 17},
        {"rows": [[52]]},
        {"rows": [[-1]]},
        {"rows": [[3, 4], [4]]},
        {"cells": [0, 1, 2]},
        {"max_cells": 9},
        {"max_cells": -1},
        {"max_cells": 2**70},
        {"foundations": [1, 1, 1]},
        {"foundations": [1, 1, 1, 14]},
        {"can_build": bytes(52 * 52 - 1)},
    ],
    ids=repr,
)
def test_bad_inputs_are_refused(changes):
    _ladder.play(**fields())  # the same call is fine unchanged
    with pytest.raises(ValueError):
        _ladder.play(**fields(**changes))


def test_bad_arguments_of_the_wrapper_are_refused():
    position = Position.deal(1)
    for policy, epsilon_ppm, horizon in [(7, 0, 0), (kernel.GREEDY, 2_000_000, 0), (kernel.ROLLOUT, 0, -3)]:
        with pytest.raises(ValueError):
            kernel.play(position, policy, 1, epsilon_ppm, horizon)


# ------------------------------------------------------------- exhaustive
@pytest.mark.slow
@pytest.mark.parametrize("name", POLICIES)
def test_every_policy_plays_the_references_games_exhaustively(name):
    check_same_games(endgames(200, 11, 24, 30), name)
    if name in CHEAP:
        check_same_games(openings(300, 12), name)
        check_same_games([(Position.deal(n), n) for n in range(100)], name)
    if name == "rollout-10":  # its trials cut short by the move limit as the game nears it
        check_same_games([(Position.deal(10, make_rules("beleaguered-castle")), 10)], name)
