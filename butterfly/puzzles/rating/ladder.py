"""The ladder: bounded players of the patiences, from weak to strong.

The rating (:mod:`butterfly.puzzles.rating.rate`) lets every player of :data:`LADDER` play
a deal a few times, each with its own seed, and reads the deal's difficulty
from who wins how often. A player is deterministic given the position and
the seed, so a rating is reproducible bit for bit.

The players are the policies of :mod:`butterfly.puzzles.rating.players` (compiled in
``butterfly/ext/_ladder.pyx``): random, greedy with random moves mixed in, greedy,
and rollout players in the manner of Yan et al. (every candidate tried out
by a greedy game, fifteen or fifty moves ahead, or to the end). None undoes
a move, none asks the exact solver anything, and nothing is hidden from
them (nothing is hidden in these patiences).

Why no searcher (the solver's search with undo, giving up after a node
cap): we tried them as rungs, with caps of 1,000 and 10,000 positions, and
they measure something else. Fitted without them, the model predicts their
games no better than their overall win rate (Spearman 0.12 between
predicted and observed per-deal win rates, against 0.7-0.8 for every
policy; docs/rating.md): the deals a depth-first search finds hard are not
the ones a player going forward finds hard. The solver's effort is reported
beside the rating instead (:func:`butterfly.puzzles.rating.features.solver_effort`).

>>> from butterfly.games.patience.rules import Position
>>> [play_game(player, Position.deal(1), seed=1) for player in LADDER]
[False, False, False, True, True, True]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from butterfly.games.patience.rules import Move, Position
from butterfly.puzzles.rating import players, players_kernel
from butterfly.solver.engines import Engine, EngineName, Engines


class LadderEngine(Engine, Protocol):
    def play(
        self, position: Position, policy: int, seed: int, epsilon_ppm: int = 0, horizon: int = 0
    ) -> tuple[bool, list[Move]]:
        """Play ``position`` to its end with ``policy``: (won, the moves played)."""
        ...


class KernelEngine:
    name: Literal["kernel"] = "kernel"

    def play(
        self, position: Position, policy: int, seed: int, epsilon_ppm: int = 0, horizon: int = 0
    ) -> tuple[bool, list[Move]]:
        return players_kernel.play(position, policy, seed, epsilon_ppm, horizon)


class PythonEngine:
    name: Literal["python"] = "python"

    def play(
        self, position: Position, policy: int, seed: int, epsilon_ppm: int = 0, horizon: int = 0
    ) -> tuple[bool, list[Move]]:
        return players.play(position, policy, seed, epsilon_ppm, horizon)


#: The ladder's players compiled (butterfly/ext/_ladder.pyx) and in Python (their oracle), registered as engines.
ENGINES: Engines[LadderEngine] = Engines(KernelEngine(), PythonEngine())


@dataclass(frozen=True)
class Player:
    """One rung of the ladder: a :mod:`butterfly.puzzles.rating.players` policy and its
    parameters; ``seeds``: how many games it plays on a deal when rating it
    (seeds 1..seeds): more for the cheap players, fewer for the dear ones."""

    name: str
    describe: str
    seeds: int
    policy: int
    epsilon_ppm: int = 0
    horizon: int = 0


#: The ladder, roughly from weak to strong (the calibration measures each
#: player's strength; this order is only how the rungs are listed).
LADDER: tuple[Player, ...] = (
    Player("random", "plays a card home when it can, otherwise a random move", 16, players.RANDOM),
    Player("greedy-e20", "the greedy player, with one move in five random", 32, players.GREEDY, epsilon_ppm=200_000),
    Player("greedy", "always the move that looks best now, never undoing one", 32, players.GREEDY),
    Player("rollout-15", "tries each move out fifteen moves ahead with greedy games", 16, players.ROLLOUT, horizon=15),
    Player("rollout-50", "tries each move out fifty moves ahead", 16, players.ROLLOUT, horizon=50),
    Player("rollout", "tries each move out by playing greedily to the end", 16, players.ROLLOUT),
)


def player_named(name: str) -> Player:
    for player in LADDER:
        if player.name == name:
            return player
    raise KeyError(name)


def play_game(player: Player, position: Position, seed: int, engine: EngineName = "kernel") -> bool:
    """Does ``player`` win ``position`` in its game number ``seed``?"""
    won, _ = ENGINES[engine].play(position, player.policy, seed, player.epsilon_ppm, player.horizon)
    return won
