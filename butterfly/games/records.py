"""What the two card games record the same way: events, hands and games as
played, the payments every player makes to one, and the bits of text and
JSON their logs share.

A hand's state lists in ``events`` what its last transition did
(:class:`Event`); a whole game is a list of :class:`HandRecord` (each hand
played through :func:`butterfly.games.state.play_out` by :func:`play_hand`) inside a
game's :class:`GameRecord`, which each game extends with its draw and what
is left in play at the end. A game record read back (each game's
``record.py``) is a :class:`RecordedGame` of :class:`RecordedHand` of
:class:`RecordedMove`; both games write and read the hands' tags, and
check each move replayed, by the functions below (:func:`hand_text`,
:func:`read_hands`, :func:`hand_start`, :func:`replay_checked`), their
options as tags by :func:`tag_value`.

>>> chips = [10, 10, 10]
>>> collect_each(chips, 1, 2)
>>> chips
[8, 14, 8]
>>> event = Event("pool", 1, 30)
>>> event_json(event), seat_name(event.player), cards_text([], empty="-")
({'kind': 'pool', 'player': 1, 'chips': 30, 'cards': []}, 'P1', '-')
>>> tag_value(True), tag_value(WhenBroke.STOP), tag_value(20)
('yes', 'stop', '20')
>>> move_place(MoveText("KS", 1, "", 12))
'line 12: P1: KS'
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from butterfly.games.cards import Card
from butterfly.games.deals import MAX_DEAL
from butterfly.games.errors import IllegalMoveError, InputError, ParseError, shown
from butterfly.games.record_text import HandText, MoveText, RecordText, parse_record
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
    """A card game's hand: a :class:`butterfly.games.state.State` listing in ``events``
    what its last transition did."""

    @property
    def events(self) -> tuple[Event, ...]: ...


HandT = TypeVar("HandT", bound="CardHand[Any]")
OptionsT = TypeVar("OptionsT")
T = TypeVar("T")


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
    """Play the hand dealt as ``start`` to its end (:func:`butterfly.games.state.play_out`)."""
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


def hand_text(number: int, dealer: int, start: str, moves: list[MoveText], comment: str = "") -> HandText:
    """A hand as its record writes it: its ``number``, ``dealer`` and start
    position's line ``start`` as tags, then its ``moves``."""
    return HandText({"Hand": str(number), "Dealer": seat_name(dealer), "Start": start}, moves, comment)


def read_hands(text: str, game: str, title: str, moves: str) -> tuple[RecordText, list[HandText]]:
    """A record of ``game`` (``title`` in messages; ``moves`` what its moves
    are called) read as text, and its hands: a record whose Game tag names
    another game, or with no hand, is a :class:`ParseError`; a Start tag
    alone is a hand with no move yet."""
    record = parse_record(text)
    if record.tags.get("Game", game).lower() != game:
        raise ParseError(f"this record is of {shown(record.tags['Game'])}, not {title}")
    hands = record.hands or ([HandText()] if "Start" in record.tags else [])
    if not hands:
        raise ParseError(f'the record has no hand: give at least [Start "LINE"] and its {moves}')
    return record, hands


def hand_start(record: RecordText, hand: HandText, k: int, read: Callable[[str], T]) -> tuple[str, T]:
    """The ``k``-th hand's name in messages (``hand 3``) and its start
    position, read by ``read`` from its Start tag (or the game's): a missing
    tag or a bad position is an :class:`InputError` naming the hand."""
    name = f"hand {hand.tags.get('Hand', k)}"
    line = record.tag("Start", hand)
    if line is None:
        raise ParseError(f'{name}: no [Start "LINE"] tag: the position the hand starts from')
    try:
        return name, read(line)
    except InputError as error:
        raise type(error)(f"{name}, its start position: {error}") from None


def hand_number(hand: HandText, k: int) -> int:
    """The hand's number: its Hand tag's, else ``k`` (its place in the record)."""
    return int(hand.tags["Hand"]) if hand.tags.get("Hand", "").isdigit() else k


def move_place(move: MoveText) -> str:
    """How a message names a recorded move: its line, its seat (when given) and its text."""
    return f"line {move.line}: {'' if move.seat is None else seat_name(move.seat) + ': '}{move.text}"


def replay_checked(
    state: CardHand[MoveT], move: MoveText, read: Callable[[str], tuple[MoveT, T]]
) -> tuple[int, MoveT, T]:
    """The recorded ``move`` read by ``read`` (the move, and what else the
    text says) and checked in ``state``: the hand is not over, the text reads,
    the seat it names (if any) is the seat to move and the rules allow the
    move; else an :class:`InputError` naming the record's line. Returns the
    seat that moves, the move and the rest read."""
    where = move_place(move)
    if state.is_terminal():
        raise IllegalMoveError(f"{where}: the hand is over")
    try:
        played, rest = read(move.text)
    except InputError as error:
        raise ParseError(f"{where}: {error}") from None
    seat = state.current_player()
    if move.seat is not None and move.seat != seat:
        raise IllegalMoveError(f"{where}: {seat_name(seat)} is to move, not {seat_name(move.seat)}")
    reason = state.check_move(played)
    if reason is not None:
        raise IllegalMoveError(f"{where}: {reason}")
    return seat, played, rest


def tag_value(value: object) -> str:
    """An option as a record's tag gives it: ``yes`` or ``no``, a word, or a number."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(getattr(value, "value", value))


def check_tag(name: str, tag: str, value: str, option: object) -> None:
    """The tag ``tag`` says ``value`` of an option the start position of the
    hand ``name`` holds as ``option``: they must agree (any case)."""
    written = tag_value(option)
    if value.lower() != written:
        raise ParseError(f"{name}: the tag {tag} says {shown(value)}, the start position {written!r}")


def seat_name(seat: int) -> str:
    """How logs name a seat."""
    return f"P{seat}"


def cards_text(cards: Iterable[Card], empty: str = "") -> str:
    """Cards separated by spaces, or ``empty`` when there are none."""
    return " ".join(map(str, cards)) or empty


def event_json(event: Event) -> dict:
    """An event as a JSON object."""
    return {"kind": event.kind, "player": event.player, "chips": event.chips, "cards": [str(c) for c in event.cards]}
