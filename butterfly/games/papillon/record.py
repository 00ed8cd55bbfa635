"""Papillon games as records (docs/formats.md, "Game records" and "Papillon
records"): the game's tags (its options, seed and bots), then each hand's
number, dealer and position after the deal as a line (its stock listed in
the order it will be dealt), and its moves with their seats; what a move
caused (payments, the redeal, the pool won) is its comment.

Reading replays every move through the rules: a move out of turn or against
the rules is one InputError naming the record's line and the move. A record
can be typed by hand: a ``[Start "LINE"]`` tag and the moves that follow.

>>> record = read_record('''[Start "papillon_h9S.KH5S.KS_t2C5D_w20.15.11_c250.262.248_p60_d0_m1"]
... P1: 5S x 5D {the only capture}
... P2: trail KS
... ''')
>>> hand = record.hands[0]
>>> [(move.seat, str(move.move), move.comment) for move in hand.moves]
[(1, '5S x 5D', 'the only capture'), (2, 'trail KS', '')]
>>> hand.end().to_move, hand.end().table
(0, (Card('2C'), Card('KS')))
"""

from __future__ import annotations

import dataclasses

from butterfly.games.errors import ParseError, shown
from butterfly.games.papillon.format import Position, event_text, position_from_data
from butterfly.games.papillon.game import GameRecord
from butterfly.games.papillon.notation import data_of, position_line
from butterfly.games.papillon.rules import HandState, Move, Options
from butterfly.games.record_text import HandText, MoveText, RecordText, write_record
from butterfly.games.records import (
    RecordedGame,
    RecordedHand,
    RecordedMove,
    check_tag,
    hand_number,
    hand_start,
    hand_text,
    read_hands,
    replay_checked,
    seat_name,
    tag_value,
)

GAME = "papillon"
#: The game's options as the record's tags give them (the start lines hold the players and the scoring too).
OPTION_TAGS = {
    "Players": "players",
    "Rounds": "rounds",
    "Scoring": "scoring",
    "FirstDealer": "first_dealer",
    "UnclaimedPool": "unclaimed_pool",
    "TieStake": "tie_stake",
    "Ante": "ante",
    "WhenBroke": "when_broke",
}
#: The options whose tags must agree with every hand's start line.
LINE_OPTIONS = ("players", "scoring")


#: A hand as recorded: its number, the position after the deal (with the game's options) and its moves.
Hand = RecordedHand[HandState, RecordedMove[Move]]


class PapillonRecord(RecordedGame[Options, HandState, RecordedMove[Move]]):
    """A whole Papillon record: the game's tags, its options and its hands."""


# ---- writing ------------------------------------------------------------------------


def game_record(game: GameRecord, names: list[str]) -> str:
    """A game played by the bots ``names`` (by seat) as record text."""
    return text_of(record_of(game, names))


def record_of(game: GameRecord, names: list[str]) -> PapillonRecord:
    """A game played by the bots ``names`` (by seat) as a record: its tags
    (its options, seed, bots and result) and its hands, what each move
    caused as its comment."""
    tags = {"Game": GAME}
    for tag, option in OPTION_TAGS.items():
        tags[tag] = tag_value(getattr(game.options, option))
    tags |= {"Seed": str(game.seed), "Bots": ",".join(names)}
    tags["Result"] = ", ".join(f"{seat_name(p)} {chips}" for p, chips in enumerate(game.chips))
    hands = tuple(
        Hand(
            hand.number,
            hand.start,
            tuple(
                RecordedMove(seat, move, "; ".join(filter(None, map(event_text, events))))
                for seat, move, events in hand.moves
            ),
        )
        for hand in game.hands
    )
    return PapillonRecord(tags, game.options, hands)


def text_of(record: PapillonRecord) -> str:
    """The text of ``record`` (:func:`read_record` reads it back): the
    game's tags, then each hand's number, dealer and start line, and its
    moves with their seats and comments."""
    return write_record(
        RecordText(
            {tag: value for tag, value in record.tags.items() if tag != "Start"},  # (each hand gives its own)
            [
                hand_text(
                    hand.number,
                    hand.start.dealer,
                    position_line(hand.start),
                    [MoveText(str(move.move), move.seat, move.comment) for move in hand.moves],
                    hand.comment,
                )
                for hand in record.hands
            ],
        ),
        seats=True,
    )


# ---- reading ------------------------------------------------------------------------


def read_record(text: str) -> PapillonRecord:
    """The record ``text``, every move replayed through the rules."""
    record, hands_text = read_hands(text, GAME, "Papillon", "moves")
    hands = tuple(_hand(record, hand, k) for k, hand in enumerate(hands_text, 1))
    return PapillonRecord(dict(record.tags), hands[0].start.options, hands)


def _options(record: RecordText, name: str, start: HandState) -> Options:
    """The game's options: the tags', the start line's players and scoring."""
    given: dict[str, str | int] = {}  # Options turns the words into its enums
    for tag, option in OPTION_TAGS.items():
        if tag not in record.tags:
            continue
        value = record.tags[tag]
        if option in LINE_OPTIONS:
            check_tag(name, tag, value, getattr(start.options, option))
        elif option in ("rounds", "ante"):
            if not (value.isascii() and value.isdigit()) or len(value) > 9:
                raise ParseError(f"the tag {tag} is a whole number, not {shown(value)}")
            given[option] = int(value)
        else:
            given[option] = value.lower()
    return dataclasses.replace(start.options, **given)  # type: ignore[arg-type]


def _hand(record: RecordText, hand: HandText, k: int) -> Hand:
    name, (data, position) = hand_start(record, hand, k, _start)
    if position.hidden or isinstance(data.get("stock"), int):
        raise ParseError(f"{name}: the start position must list every hand and the stock, in the order dealt")
    state = dataclasses.replace(position.state, options=_options(record, name, position.state))
    dealer = hand.tags.get("Dealer")
    if dealer is not None and dealer.upper() not in (seat_name(state.dealer), str(state.dealer)):
        raise ParseError(f"{name}: the Dealer tag says {shown(dealer)}, the start position {seat_name(state.dealer)}")
    start, moves = state, []
    for move_text in hand.moves:
        move = _replay(state, move_text)
        moves.append(move)
        state = state.play_unchecked(move.move)
    return Hand(hand_number(hand, k), start, tuple(moves), hand.comment)


def _start(line: str) -> tuple[dict, Position]:
    """A hand's start position, and its JSON object."""
    data = data_of(line)
    return data, position_from_data(data)


def _replay(state: HandState, move: MoveText) -> RecordedMove[Move]:
    """The recorded ``move``, checked against the rules in ``state``."""
    seat, played, _ = replay_checked(state, move, lambda text: (Move.parse(text), None))
    return RecordedMove(seat, played, move.comment, move.line)
