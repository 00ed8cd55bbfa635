"""The game-state API, written down once: what every game's state offers.

Every game implements :class:`State` (a :class:`typing.Protocol`: no base
class, the methods are the contract) — Butterfly's
:class:`butterfly.games.patience.rules.Position` as a one-player game, Papillon's
:class:`butterfly.games.papillon.rules.HandState` and La Mouche's
:class:`butterfly.games.mouche.rules.MoucheHand` — so that searches, bots, the
conformance test and the puzzle engine are written once, over it. It is in
the spirit of OpenSpiel's ``State``:

- whose turn it is (:meth:`State.current_player`; :data:`TERMINAL` at the end),
- the legal moves in a fixed order (:meth:`State.legal_moves`),
- a checked :meth:`State.play` that raises
  :class:`butterfly.games.errors.IllegalMoveError`, and an unchecked
  :meth:`State.play_unchecked` for searches that only play moves they took
  from :meth:`State.legal_moves` (an illegal move there is not detected and
  may give a state that loses or duplicates cards),
- :meth:`State.check_move`: why a move is illegal (a one-line reason), or
  None,
- :meth:`State.is_terminal` and :meth:`State.returns` (each player's chips,
  or for a patience 1 when won and 0 otherwise),
- chance: :meth:`State.chance_outcomes` lists the states the last
  transition could equally have led to had the cards it dealt fallen
  otherwise (Papillon's redeal), each with its weight,
- hidden hands: :meth:`State.resample` deals the cards a seat cannot see
  again, consistently with everything that seat has seen,
- invariants: :meth:`State.cards` (every card the state places, each once),
  :meth:`State.card_count` (those and the cards won but no longer listed:
  the deck's size at every step) and :meth:`State.total_chips` (constant over
  a hand).

States are immutable values: playing a move returns a new state.

>>> from butterfly.games.cards import make_deck
>>> from butterfly.games.patience.rules import Position
>>> from butterfly.games.papillon.rules import HandState
>>> from butterfly.games.mouche.rules import MoucheHand
>>> states = Position.deal(1), HandState.deal(0), MoucheHand.deal(0, make_deck(36))
>>> all(isinstance(s, State) for s in states), [s.players for s in states]
(True, [1, 3, 4])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Protocol, TypeVar, runtime_checkable

from butterfly.games.cards import Card
from butterfly.games.errors import IllegalMoveError

#: :meth:`State.current_player` once the game is over.
TERMINAL = -1

MoveT = TypeVar("MoveT", bound=Hashable)
StateT = TypeVar("StateT", bound="State")


@runtime_checkable
class State(Protocol[MoveT]):
    """One position of a game, immutable; see the module docstring."""

    @property
    def players(self) -> int:
        """How many players the game has (1 for a patience)."""
        ...

    def current_player(self) -> int:
        """The seat to move (0 for a patience), or :data:`TERMINAL`."""
        ...

    def is_terminal(self) -> bool:
        """Is the game (the hand) over: nothing more can be played?"""
        ...

    def legal_moves(self) -> Sequence[MoveT]:
        """Every legal move in the game's fixed order (empty when terminal)."""
        ...

    def check_move(self, move: MoveT) -> str | None:
        """Why ``move`` is illegal here (one line), or None when it is legal."""
        ...

    def play(self: StateT, move: MoveT) -> StateT:
        """The state after ``move``; raise IllegalMoveError, with the reason
        :meth:`check_move` gives, when it is illegal."""
        ...

    def play_unchecked(self: StateT, move: MoveT) -> StateT:
        """The state after ``move``, which must be legal: nothing is checked."""
        ...

    def returns(self) -> tuple[int, ...]:
        """Each player's result: chips for the card games, 1 (won) or 0 for a patience."""
        ...

    def chance_outcomes(self: StateT) -> list[tuple[StateT, int]]:
        """The states the last transition could equally have led to, had the
        cards it dealt by chance fallen otherwise, each with how many orders
        of those cards give it (the state itself among them). ``[(self, 1)]``
        when the last transition dealt nothing."""
        ...

    def resample(self: StateT, player: int, rng: random.Random) -> StateT:
        """The same state as far as ``player`` can tell, the cards they have
        not seen dealt again at random among the deals consistent with what
        they have seen."""
        ...

    def cards(self) -> list[Card]:
        """Every card the state places (hands, table, stock, rows, home...), each once."""
        ...

    def card_count(self) -> int:
        """The cards the state accounts for, placed or won: always the deck's size."""
        ...

    def total_chips(self) -> int:
        """Chips of the players and of every pool: constant (0 for a patience)."""
        ...


def play_checked(state: StateT, move: MoveT) -> StateT:
    """What every game's :meth:`State.play` does: the state after ``move``,
    or IllegalMoveError naming the move and the reason :meth:`State.check_move`
    gives."""
    reason = state.check_move(move)
    if reason is not None:
        raise IllegalMoveError(f"illegal move {move}: {reason}")
    return state.play_unchecked(move)


#: A bot picks a legal move for the player to move: ``bot(state, rng) -> move``.
Bot = Callable[[StateT, random.Random], MoveT]


def play_out(
    state: StateT,
    bots: Sequence[Callable[[StateT, random.Random], MoveT]],
    rng: random.Random,
    seat_of: Callable[[int], int] = lambda seat: seat,
) -> tuple[StateT, list[tuple[int, MoveT, StateT]]]:
    """Play ``state`` to its end with ``bots`` (each move checked by the rules).

    The bot of seat ``s`` is ``bots[seat_of(s)]``. Returns the final state and
    every move as (seat, move, state after it).
    """
    history: list[tuple[int, MoveT, StateT]] = []
    while not state.is_terminal():
        seat = state.current_player()
        move = bots[seat_of(seat)](state, rng)
        state = state.play(move)
        history.append((seat, move, state))
    return state, history
