"""Every registered game (butterfly.games.registry) reads back what it
writes: lines and records round-trip, ``write(read(x)) == canonical(x)``
(hypothesis property tests).

Lines come from random playouts of each game's start states, as the game
writes them; read in any case and with the fields in any order, they are
written back as they were. Records come from each game's own sampler below
(a patience deal and its moves; a card game played by random bots): the
test fails for a game registered without one.
"""

from __future__ import annotations

import random

import click
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from butterfly.cli import load_command
from butterfly.games.mouche.format import position_to_json as mouche_json
from butterfly.games.mouche.game import play_game as play_mouche
from butterfly.games.mouche.record import game_record as mouche_record
from butterfly.games.mouche.rules import MoucheOptions
from butterfly.games.papillon.format import position_to_json as papillon_json
from butterfly.games.papillon.game import play_game as play_papillon
from butterfly.games.papillon.record import game_record as papillon_record
from butterfly.games.papillon.rules import Options
from butterfly.games.patience.format import deal_to_json
from butterfly.games.patience.record import write_record
from butterfly.games.registry import Game, game_of_line, games
from butterfly.puzzles.kinds import FAMILIES
from butterfly.solver.mouche.bots import BOTS as MOUCHE_BOTS
from butterfly.solver.papillon.bots import BOTS as PAPILLON_BOTS

GAMES = {game.name: game for game in games()}
PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


#: Each test runs once a registered game.
every_game = pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))


def playout_line(game: Game, seed: int, steps: int) -> str:
    """The line of the state ``steps`` random moves from the game's start
    state ``seed`` (fewer when the game would end: a finished hand has no line)."""
    return game.state_line(playout(game, seed, steps))


def playout(game: Game, seed: int, steps: int):
    """The state of :func:`playout_line`."""
    rng = random.Random(seed)
    state = game.start_state(seed)
    for _ in range(steps):
        if state.is_terminal():  # (a patience's start may be: it has no move)
            break
        after = state.play(rng.choice(list(state.legal_moves())))
        if after.is_terminal():
            break
        state = after
    return state


def respelled(line: str, rng: random.Random) -> str:
    """``line`` as a person might type it: in lower case, its fields in another order."""
    name, *fields = line.lower().split("_")
    rng.shuffle(fields)
    return "_".join([name, *fields])


@every_game
@PROPERTY
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_lines_round_trip(game, seed, steps):
    line = playout_line(game, seed, steps)
    position = game.read_line(line)
    assert game.write_line(position) == line
    assert game.read_line(game.write_line(position)) == position
    assert game_of_line(line) is game
    typed = respelled(line, random.Random(seed))
    assert game.write_line(game.read_line(typed)) == line


def patience_record(seed: int, steps: int) -> str:
    start = GAMES["patience"].start_state(seed)
    rng = random.Random(seed)
    moves, state = [], start
    for _ in range(steps):
        if state.is_terminal():
            break
        moves.append(rng.choice(list(state.legal_moves())))
        state = state.play(moves[-1])
    comments = {k: f"move {k}" for k in range(0, len(moves) + 1, 3)}
    return write_record(start, moves, number=seed if seed % 2 else None, comments=comments)


def papillon_game(seed: int, steps: int) -> str:
    options = Options(players=3 + seed % 2, rounds=1 + steps % 2)
    game = play_papillon(options, seed, [PAPILLON_BOTS["random"]] * options.players)
    return papillon_record(game, ["random"] * options.players)


def mouche_game(seed: int, steps: int) -> str:
    options = MoucheOptions(players=3 + seed % 4, pamphile=seed % 2 == 0)
    game = play_mouche(options, 1 + steps % 2, seed, [MOUCHE_BOTS["random"]] * options.players)
    return mouche_record(game, ["random"] * options.players)


#: Each game's records as it writes them, from a seed and a number of steps.
RECORDS = {"patience": patience_record, "papillon": papillon_game, "mouche": mouche_game}


def test_every_game_has_its_record_sampler():
    assert set(RECORDS) == set(GAMES)


@every_game
@PROPERTY
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 30))
def test_records_round_trip(game, seed, steps):
    text = RECORDS[game.name](seed, steps)
    record = game.read_record(text)
    assert game.write_record(record) == text
    assert game.read_record(game.write_record(record)) == record


@pytest.mark.parametrize("name", ["papillon", "mouche"])
def test_a_typed_record_is_written_as_the_game_writes_records(name):
    """A record typed by hand (a Start tag at the top, moves without numbers)
    is written in the canonical form, which reads back to the same game."""
    game = GAMES[name]
    written = game.read_record(RECORDS[name](7, 0))
    hand = written.hands[0]
    moves = "\n".join(f"P{move.seat}: {move}" if name == "mouche" else f"{move.move}" for move in hand.moves[:6])
    typed = f'[Start "{game.state_line(hand.start).lower()}"]\n{moves}\n'
    canonical = game.write_record(game.read_record(typed))
    assert canonical.startswith('\n[Hand "1"]\n[Dealer ') and canonical.count("[Start ") == 1
    again = game.read_record(canonical)
    assert game.write_record(again) == canonical
    assert [(m.seat, m.move) for m in again.hands[0].moves] == [(m.seat, m.move) for m in hand.moves[:6]]


#: Each game's position objects (docs/formats.md), from a state of its rules.
JSON_OF = {"patience": deal_to_json, "papillon": papillon_json, "mouche": mouche_json}


@every_game
@PROPERTY
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_json_positions_are_their_games_alone(game, seed, steps):
    """A position's JSON object reads as its line does, and is known as its
    game's by its ``game`` or, without it, by its fields: never as another's."""
    state = playout(game, seed, steps)
    data = JSON_OF[game.name](state)
    assert game.write_line(game.read_json(data)) == game.state_line(state)
    unnamed = {key: value for key, value in data.items() if key != "game"}
    for other in games():
        assert other.is_json(data) == (other is game)
        assert other.is_json(unnamed) == (other is game)


def test_every_puzzle_family_is_a_registered_game():
    """The puzzles name a family as its game (butterfly.puzzles.daily.game_of_puzzle)."""
    assert [family.name for family in FAMILIES] == [game.name for game in games()]


def test_every_game_has_its_commands():
    """A game's command (``butterfly`` or ``butterfly <group>``) is one the command line lists, and a group's
    commands read and analyse its lines (the command line registers its groups beside the registry's games,
    as the solver registers their analysers: butterfly.cli.COMMANDS)."""
    for game in games():
        words = game.command.split()
        assert words[0] == "butterfly"
        if len(words) == 1:
            continue
        group = load_command(words[1])
        assert isinstance(group, click.Group)
        assert {"analyse", "review"} <= set(group.commands), game.name
