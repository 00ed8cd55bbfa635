"""The compiled ladder (butterfly/ext/_ladder.pyx, through butterfly/puzzles/rating/players_kernel.py) plays
the games of its oracle, butterfly/puzzles/rating/players.py, move for move.

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

import butterfly.ext._ladder as _ladder
import butterfly.ext._patience as _patience
from butterfly.games.patience.rules import FOUNDATION, MAX_CELLS, PRESETS, VARIANTS, Position, make_rules
from butterfly.puzzles.rating import players, players_kernel
from butterfly.solver.patience.kernel import kernel_fields

#: name: (policy, epsilon_ppm, horizon)
POLICIES = {
    "random": (players.RANDOM, 0, 0),
    "greedy": (players.GREEDY, 0, 0),
    "greedy-e20": (players.GREEDY, 200_000, 0),
    "greedy-e100": (players.GREEDY, 1_000_000, 0),
    "lookahead": (players.LOOKAHEAD, 0, 0),
    "rollout": (players.ROLLOUT, 0, 0),
    "rollout-3": (players.ROLLOUT, 0, 3),
    "rollout-10": (players.ROLLOUT, 0, 10),
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
        won, moves = players_kernel.play(start, players_kernel.ROLLOUT, rng.randrange(99))
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
        expected = players.play(position, policy, seed, epsilon_ppm, horizon)
        got = players_kernel.play(position, policy, seed, epsilon_ppm, horizon)
        assert got == expected, (name, seed, position)
        check_game(position, *got)


def check_game(position, won, moves):
    """Legal, no position met twice, no longer than the limit, won exactly when it ends won."""
    line = position.replay(moves)
    assert won == line[-1].is_won()
    assert len(moves) <= players.MAX_MOVES
    assert len({players.position_hash(p) for p in line}) == len(line)


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
        assert getattr(_ladder, name) == getattr(players, name), name
    assert (players_kernel.RANDOM, players_kernel.GREEDY, players_kernel.LOOKAHEAD, players_kernel.ROLLOUT) == (
        players.RANDOM,
        players.GREEDY,
        players.LOOKAHEAD,
        players.ROLLOUT,
    )
    assert (_ladder.PLACE_CELL, _ladder.PLACE_FOUNDATION) == (_patience.PLACE_CELL, _patience.PLACE_FOUNDATION)


def test_the_kernels_zobrist_words_are_the_references():
    rng = random.Random(7)
    for _ in range(500):
        slot, depth, card = rng.randrange(players.CELL_SLOT + 1), rng.randrange(64), rng.randrange(52)
        assert _ladder.zobrist(slot, depth, card) == players.zobrist(slot, depth, card)


def test_the_kernel_takes_the_patience_kernels_fields_by_name():
    parameters = inspect.signature(_ladder.play).parameters
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in parameters.values())
    assert set(parameters) == {*players_kernel.FIELDS, "policy", "seed", "epsilon_ppm", "horizon"}
    assert set(players_kernel.FIELDS) <= set(kernel_fields(Position.deal(0), safe_autoplay=False, dead_ends=False))


# ------------------------------------------------------------- same games
@pytest.mark.parametrize("name", CHEAP)
def test_the_cheap_policies_play_the_references_games_from_openings(name):
    check_same_games(openings(25, 1), name)


@pytest.mark.parametrize(
    "part", [slice(10), pytest.param(slice(10, 20), marks=pytest.mark.slow)], ids=["first 10", "next 10"]
)
@pytest.mark.parametrize("name", POLICIES)
def test_every_policy_plays_the_references_games_from_endgames(name, part):
    """From 10 endgames, five won and five lost (-m slow: 10 more), the Python player's games."""
    check_same_games(endgames(20, 4, 13, 20)[part], name)


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
    won, moves = players_kernel.play(position, policy, deal, epsilon_ppm, horizon)
    assert (won, moves) == players.play(position, policy, deal, epsilon_ppm, horizon)
    assert len(moves) >= players.MAX_MOVES - 5
    check_game(position, won, moves)


def test_seeds_are_taken_mod_2_to_the_64():
    position = Position.deal(3)
    assert players_kernel.play(position, players_kernel.RANDOM, 2**64 + 9) == players_kernel.play(
        position, players_kernel.RANDOM, 9
    )
    assert players_kernel.play(position, players_kernel.RANDOM, -1) == players_kernel.play(
        position, players_kernel.RANDOM, 2**64 - 1
    )


def test_a_won_position_plays_no_move():
    won = Position(make_rules(), tuple(() for _ in range(10)), (13, 13, 13, 13))
    for policy, epsilon_ppm, horizon in POLICIES.values():
        assert players_kernel.play(won, policy, 1, epsilon_ppm, horizon) == (True, [])


# ------------------------------------------------------------- every rules
@pytest.mark.parametrize("name", POLICIES)
def test_every_rules_gives_legal_games(name):
    policy, epsilon_ppm, horizon = POLICIES[name]
    for number, rules in enumerate(every_rules()):
        position = Position.deal(number, rules)
        check_game(position, *players_kernel.play(position, policy, number, epsilon_ppm, horizon))


def test_games_run_side_by_side_in_threads():
    """No state is shared between calls (and the kernel lets go of the GIL)."""
    jobs = [
        (Position.deal(n), policy, n) for n in range(6) for policy in (players_kernel.LOOKAHEAD, players_kernel.ROLLOUT)
    ]
    alone = [players_kernel.play(*job, horizon=5) for job in jobs]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda job: players_kernel.play(*job, horizon=5), jobs))
    assert together == alone


# ------------------------------------------------------------- bad inputs
def fields(**changes):
    position = Position.deal(5, make_rules("butterfly", None, 2))
    position = position.play(next(m for m in position.legal_moves() if m.target == "B"))
    given = {name: kernel_fields(position, False, False)[name] for name in players_kernel.FIELDS}
    return {**given, "policy": players_kernel.GREEDY, "seed": 1, "epsilon_ppm": 0, "horizon": 0, **changes}


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
    for policy, epsilon_ppm, horizon in [
        (7, 0, 0),
        (players_kernel.GREEDY, 2_000_000, 0),
        (players_kernel.ROLLOUT, 0, -3),
    ]:
        with pytest.raises(ValueError):
            players_kernel.play(position, policy, 1, epsilon_ppm, horizon)


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
