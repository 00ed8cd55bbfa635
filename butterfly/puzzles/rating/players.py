"""The ladder's players in plain Python: the oracle of ``butterfly/ext/_ladder.pyx``.

Each player plays a patience position to its end with no undo, choosing
every move by its own policy; the compiled kernel plays the same games
move for move (the tests check it), and is what the ratings use. A player
sees the whole layout (nothing is hidden in these patiences) but never
asks the exact solver anything: the searching players are in
:mod:`butterfly.puzzles.rating.ladder`.

Every player is deterministic given the position and a seed: its random
draws come from one :class:`butterfly.games.deals.SplitMix64` stream, drawn in the
order documented here, so the kernel can draw the same numbers.

The rules every policy shares:

- **No repeated position.** A move whose result was already met in this
  game is never a candidate (so no player cycles). The positions met are
  known by a 64-bit hash (:func:`position_hash`), the same in both engines.
- **The candidates** are the legal moves in :meth:`Position.legal_moves`
  order, less those repeating a position. None left: the game is lost.
  One left: it is played, and nothing is drawn.
- A game is lost after :data:`MAX_MOVES` moves.

The policies:

- ``random``: a foundation move if there is one (the first); else a
  uniformly random candidate.
- ``greedy`` with ``epsilon``: with probability ``epsilon`` (one draw of
  ``below(1_000_000) < epsilon_ppm``) a uniformly random candidate; else a
  candidate whose result scores best by :func:`score`, ties broken by one
  uniform draw among the tied (no draw when one is best).
- ``lookahead``: like greedy (no epsilon), but a candidate is worth the
  best score among its result and the results of the moves that follow it
  (those not repeating a position met, nor the candidate's result).
- ``rollout`` (after Yan et al., "Solitaire: Man Versus Machine", 2004),
  with a ``horizon`` (0: none): each candidate is tried out by a greedy
  game from its result (sharing the random stream; at most ``horizon``
  moves, and no more than the game has left); the first whose greedy game
  wins is played together with that whole game; otherwise the candidate
  whose greedy game ended on the best score is played (ties: best score of
  the candidate's result, then one uniform draw).
"""

from __future__ import annotations

from dataclasses import dataclass

from butterfly.games.deals import MASK64, SplitMix64
from butterfly.games.patience.rules import FOUNDATION, Move, Position

#: A game longer than this is lost: no Butterfly win needs nearly so many
#: (48 foundation moves and, in the longest lines the solver finds, well
#: under 200 others).
MAX_MOVES = 400

#: The row index standing for the cells in :func:`position_hash`.
CELL_SLOT = 16

#: Weights of :func:`score`.
HOME_WEIGHT = 20
CELL_WEIGHT = 4
NEXT_COVER_WEIGHT = 2
SECOND_COVER_WEIGHT = 1

#: The policies, by the code the kernel knows them by.
RANDOM, GREEDY, LOOKAHEAD, ROLLOUT = 0, 1, 2, 3


def zobrist(slot: int, depth: int, card: int) -> int:
    """The hash of ``card`` at ``depth`` in row ``slot`` (:data:`CELL_SLOT`: a cell, depth 0)."""
    return SplitMix64((slot * 64 + depth) * 64 + card + 1).next_u64()


def position_hash(position: Position) -> int:
    """A 64-bit hash of where every card in play is (the foundations follow
    from those cards): the sum of :func:`zobrist` over rows and cells."""
    total = sum(zobrist(r, d, card) for r, row in enumerate(position.rows) for d, card in enumerate(row))
    total += sum(zobrist(CELL_SLOT, 0, card) for card in position.cells)
    return total & MASK64


def cover(position: Position, card: int) -> int:
    """How many cards lie on ``card`` in its row (0 if it is in a cell or home)."""
    for row in position.rows:
        if card in row:
            return len(row) - 1 - row.index(card)
    return 0


def score(position: Position) -> int:
    """How promising a position looks to the greedy player, higher better:
    ``20 x cards home - 4 x cards in the cells - 2 x (cards on the next card
    of each suit) - (cards on the card after it)``. Home cards are progress;
    a full basement leaves no room; a card can only go home once the cards
    on it have moved."""
    home = sum(position.foundations)
    value = HOME_WEIGHT * home - CELL_WEIGHT * len(position.cells)
    for suit, top in enumerate(position.foundations):
        if top < 13:
            value -= NEXT_COVER_WEIGHT * cover(position, suit * 13 + top)
        if top < 12:
            value -= SECOND_COVER_WEIGHT * cover(position, suit * 13 + top + 1)
    return value


@dataclass
class Game:
    """A game in progress: the position, the positions met, the moves."""

    position: Position
    seen: set[int]
    moves: list[Move]
    rng: SplitMix64

    def candidates(self) -> list[tuple[Move, Position, int]]:
        found = []
        for move in self.position.legal_moves():
            child = self.position.play_unchecked(move)
            key = position_hash(child)
            if key not in self.seen:
                found.append((move, child, key))
        return found

    def advance(self, move: Move, child: Position, key: int) -> None:
        self.position = child
        self.seen.add(key)
        self.moves.append(move)


def _pick(rng: SplitMix64, values: list) -> int:
    """The index of a best value, ties broken by one uniform draw."""
    best = max(values)
    tied = [i for i, v in enumerate(values) if v == best]
    return tied[0] if len(tied) == 1 else tied[rng.below(len(tied))]


def _greedy_choice(game: Game, found: list, epsilon_ppm: int) -> int:
    if epsilon_ppm and game.rng.below(1_000_000) < epsilon_ppm:
        return game.rng.below(len(found))
    return _pick(game.rng, [score(child) for _, child, _ in found])


def _lookahead_value(game: Game, child: Position, key: int) -> int:
    best = score(child)
    for move in child.legal_moves():
        grandchild = child.play_unchecked(move)
        gkey = position_hash(grandchild)
        if gkey not in game.seen and gkey != key:
            best = max(best, score(grandchild))
    return best


def _greedy_game(game: Game, max_moves: int) -> bool:
    """Play greedily (no epsilon) to the end or ``max_moves`` moves in all; True if won."""
    while not game.position.is_won():
        if len(game.moves) >= max_moves:
            return False
        found = game.candidates()
        if not found:
            return False
        choice = 0 if len(found) == 1 else _greedy_choice(game, found, 0)
        game.advance(*found[choice])
    return True


def _rollout_choice(game: Game, found: list, horizon: int) -> tuple[int, Game | None]:
    """The candidate to play, and the winning greedy game from it if one was found."""
    values: list[tuple[int, int]] = []
    length = MAX_MOVES - len(game.moves) - 1
    if horizon:
        length = min(length, horizon)
    for _move, child, key in found:
        trial = Game(child, game.seen | {key}, [], game.rng)
        if _greedy_game(trial, length):
            return len(values), trial
        values.append((score(trial.position), score(child)))
    return _pick(game.rng, values), None


def play(position: Position, policy: int, seed: int, epsilon_ppm: int = 0, horizon: int = 0) -> tuple[bool, list[Move]]:
    """Play ``position`` to its end with ``policy``: (won, the moves played).
    ``epsilon_ppm``: greedy's random moves, per million; ``horizon``: the
    rollouts' length (0: to the end). Out-of-range parameters are a
    ValueError, as in the kernel."""
    if policy not in (RANDOM, GREEDY, LOOKAHEAD, ROLLOUT):
        raise ValueError(f"unknown policy {policy}")
    if not 0 <= epsilon_ppm <= 1_000_000 or horizon < 0:
        raise ValueError(f"epsilon_ppm must be 0 to 1,000,000 and horizon at least 0, not {epsilon_ppm}, {horizon}")
    game = Game(position, {position_hash(position)}, [], SplitMix64(seed))
    while not game.position.is_won():
        if len(game.moves) >= MAX_MOVES:
            return False, game.moves
        found = game.candidates()
        if not found:
            return False, game.moves
        if len(found) == 1:
            game.advance(*found[0])
            continue
        if policy == RANDOM:
            home = [i for i, (move, _, _) in enumerate(found) if move.target == FOUNDATION]
            choice = home[0] if home else game.rng.below(len(found))
        elif policy == GREEDY:
            choice = _greedy_choice(game, found, epsilon_ppm)
        elif policy == LOOKAHEAD:
            choice = _pick(game.rng, [_lookahead_value(game, child, key) for _, child, key in found])
        else:  # ROLLOUT
            choice, won = _rollout_choice(game, found, horizon)
            if won is not None:
                game.advance(*found[choice])
                game.moves.extend(won.moves)
                return True, game.moves
        game.advance(*found[choice])
    return True, game.moves
