"""What the two card games record the same way: events, hands and games as
played, the payments every player makes to one, and the bits of text and
JSON their logs share.

A hand's state lists in ``events`` what its last transition did
(:class:`Event`); a whole game is a list of :class:`HandRecord` (each hand
played through :func:`games.state.play_out` by :func:`play_hand`) inside a
game's :class:`GameRecord`, which each game extends with its draw and what
is left in play at the end. A game record read back (each game's
``record.py``) is a :class:`RecordedGame` of :class:`RecordedHand` of
:class:`RecordedMove`, its options written in tags by :func:`tag_value`.

>>> chips = [10, 10, 10]
>>> collect_each(chips, 1, 2)
>>> chips
[8, 14, 8]
>>> event = Event("pool", 1, 30)
>>> event_json(event), seat_name(event.player), cards_text([], empty="-")
({'kind': 'pool', 'player': 1, 'chips': 30, 'cards': []}, 'P1', '-')
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from butterfly.games.cards import Card
from butterfly.games.deals import MAX_DEAL
from butterfly.games.errors import InputError
from butterfly.games.state import MoveT, State, play_out


class Event(NamedTuple):
    """Something that happened in a hand, for logs: ``kind`` names it,
    ``player`` is who gains or pays, ``chips`` the amount (per payer when
    everyone pays one player), ``cards`` the cards concerned."""

    kind: str
    player: int
    chips: int = 0
    cards: tuple[Card, ...] = ()


class WhenBroke(str, enum.Enum):
    """What a whole game does when a player cannot pay what the next hand
    asks of them (docs/rules/papillon.md, docs/rules/mouche.md)."""

    DEBT = "debt"  # play on: chips may go below zero, the bank lends (the default)
    STOP = "stop"  # the game ends before that hand


def collect_each(chips: list[int], player: int, each: int) -> None:
    """Every other player pays ``player`` ``each`` chips (in place)."""
    for seat in range(len(chips)):
        chips[seat] -= each
    chips[player] += each * len(chips)


def check_bots_and_seed(players: int, bots: Sequence[object], seed: int) -> None:
    """A whole game needs one bot per player and a seed in the deals' range."""
    if len(bots) != players:
        raise InputError(f"{players} players need {players} bots, not {len(bots)}")
    if not 0 <= seed <= MAX_DEAL:
        raise InputError(f"seed {seed} is out of range (0 to 2^63-1)")


class CardHand(State[MoveT], Protocol[MoveT]):
    """A card game's hand: a :class:`games.state.State` listing in ``events``
    what its last transition did."""

    @property
    def events(self) -> tuple[Event, ...]: ...


HandT = TypeVar("HandT", bound="CardHand[Any]")
OptionsT = TypeVar("OptionsT")


@dataclass
class HandRecord(Generic[HandT, MoveT]):
    """One hand as played: who dealt, the deck in order, the state after the
    deal, each move (seat, move, what it caused) and the state at the end."""

    number: int
    dealer: int
    deck: list[Card]
    start: HandT
    moves: list[tuple[int, MoveT, tuple[Event, ...]]]
    end: HandT


def play_hand(
    number: int,
    deck: list[Card],
    start: HandT,
    dealer: int,
    bots: Sequence[Callable[[HandT, random.Random], MoveT]],
    rng: random.Random,
    seat_of: Callable[[int], int] = lambda seat: seat,
) -> HandRecord[HandT, MoveT]:
    """Play the hand dealt as ``start`` to its end (:func:`games.state.play_out`)."""
    end, history = play_out(start, bots, rng, seat_of)
    moves = [(seat, move, after.events) for seat, move, after in history]
    return HandRecord(number, dealer, deck, start, moves, end)


@dataclass
class GameRecord(Generic[OptionsT, HandT, MoveT]):
    """A whole game: its options and seed, the hands as played and each
    seat's chips at the end. Each game adds its own draw and leftovers."""

    options: OptionsT
    seed: int
    hands: list[HandRecord[HandT, MoveT]]
    chips: tuple[int, ...]


@dataclass(frozen=True)
class RecordedMove(Generic[MoveT]):
    """A move as a record gives it: who made it, the move, its comment and the record's line."""

    seat: int
    move: MoveT
    comment: str = ""
    line: int = 0


RecordedT = TypeVar("RecordedT", bound="RecordedMove[Any]")


@dataclass(frozen=True)
class RecordedHand(Generic[HandT, RecordedT]):
    """A hand as a record gives it: its number, the position it starts from
    (with the game's options) and its moves."""

    number: int
    start: HandT
    moves: tuple[RecordedT, ...]
    comment: str = ""

    def positions(self) -> Iterator[tuple[HandT, RecordedT]]:
        """Each move with the position before it."""
        state = self.start
        for move in self.moves:
            yield state, move
            state = state.play_unchecked(move.move)

    def end(self) -> HandT:
        """The position after the last move."""
        state = self.start
        for move in self.moves:
            state = state.play_unchecked(move.move)
        return state


@dataclass(frozen=True)
class RecordedGame(Generic[OptionsT, HandT, RecordedT]):
    """A whole record read: the game's tags, its options and its hands."""

    tags: dict[str, str]
    options: OptionsT
    hands: tuple[RecordedHand[HandT, RecordedT], ...]


def tag_value(value: object) -> str:
    """An option as a record's tag gives it: ``yes`` or ``no``, a word, or a number."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(getattr(value, "value", value))


def seat_name(seat: int) -> str:
    """How logs name a seat."""
    return f"P{seat}"


def cards_text(cards: Iterable[Card], empty: str = "") -> str:
    """Cards separated by spaces, or ``empty`` when there are none."""
    return " ".join(map(str, cards)) or empty


def event_json(event: Event) -> dict:
    """An event as a JSON object."""
    return {"kind": event.kind, "player": event.player, "chips": event.chips, "cards": [str(c) for c in event.cards]}
