"""La Mouche games as records (docs/formats.md, "Game records" and "La Mouche
records"): the game's tags (its options, seed and bots), then each hand's
number, dealer and position after the deal as a line, and its actions with
their seats. A discard says which cards were drawn (``discard 7H 2C draw 9S
KD``): the start line does not give the stock's order, and the record must
fix what each player then held.

Reading replays every action through the rules: an action out of turn or
against the rules is one InputError naming the record's line. A record can
be typed by hand: a ``[Start "LINE"]`` tag and the actions that follow.

>>> record = read_record('''[Start "mouche_d2_tTH_as.s.f_hKHQH9S8S.AH8D9DJDKS.-_k0AS_p5_c1000.1000.995"]
... P1: KS {the only card}
... ''')
>>> hand = record.hands[0]
>>> [(move.seat, str(move.move), move.comment) for move in hand.moves], hand.end().tricks
([(1, 'KS', 'the only card')], (0, 1, 0))
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from butterfly.games.cards import Card, parse_cards
from butterfly.games.errors import IllegalMoveError, ParseError, shown
from butterfly.games.mouche.format import event_text
from butterfly.games.mouche.game import GameRecord
from butterfly.games.mouche.notation import parse_line, position_line
from butterfly.games.mouche.rules import Action, MoucheEntry, MoucheHand, MoucheOptions
from butterfly.games.record_text import HandText, MoveText, RecordText, write_record
from butterfly.games.records import (
    RecordedGame,
    RecordedHand,
    RecordedMove,
    check_tag,
    hand_number,
    hand_start,
    hand_text,
    move_place,
    read_hands,
    replay_checked,
    seat_name,
    tag_value,
)

GAME = "mouche"
#: The word between a discard and the cards drawn for it.
DRAW = "draw"
#: The option a position's line does not hold that changes a hand, as a tag ("yes" or "no").
STANDING_TAG = "TurnedPamphileNeedsStanding"
#: The options the line holds, which the tags may repeat (and must then agree with).
LINE_TAGS = {"Pamphile": "pamphile", "PamphileAnySuit": "pamphile_any_suit", "Entry": "entry", "Cap": "cap"}


@dataclass(frozen=True)
class Move(RecordedMove[Action]):
    """An action as recorded: who made it, the action, its comment, the
    record's line, and the cards a discard drew (in the order drawn)."""

    drawn: tuple[Card, ...] = ()

    def __str__(self) -> str:
        drawn = f" {DRAW} " + " ".join(map(str, self.drawn)) if self.drawn else ""
        return f"{self.move}{drawn}"


#: A hand as recorded: its number, the position it starts from (its stock
#: holding the recorded draws first, in order) and its moves.
Hand = RecordedHand[MoucheHand, Move]


class MoucheRecord(RecordedGame[MoucheOptions, MoucheHand, Move]):
    """A whole La Mouche record: the game's tags, its options and its hands."""


# ---- writing ------------------------------------------------------------------------


def game_record(game: GameRecord, names: list[str]) -> str:
    """A game played by the bots ``names`` (by player) as record text."""
    return text_of(record_of(game, names))


def record_of(game: GameRecord, names: list[str]) -> MoucheRecord:
    """A game played by the bots ``names`` (by player) as a record: its tags
    (the options not at their defaults, seed, bots and seats), and its
    hands, each discard with the cards it drew and what each action caused
    as its comment."""
    o = game.options
    tags = {"Game": GAME, "Players": str(o.players)}
    defaults = MoucheOptions(players=o.players)
    for tag, name in (LINE_TAGS | {STANDING_TAG: "turned_pamphile_needs_standing"}).items():
        value = getattr(o, name)
        if value != getattr(defaults, name) and not (name == "cap" and o.entry is not MoucheEntry.CAP):
            tags[tag] = tag_value(value)
    if o.when_broke != defaults.when_broke:
        tags["WhenBroke"] = o.when_broke.value
    if o.purse != defaults.purse:
        tags["Purse"] = str(o.purse)
    tags |= {"Seed": str(game.seed), "Bots": ",".join(names), "Seats": ",".join(map(str, game.seats))}
    hands = []
    for hand in game.hands:
        moves, state = [], hand.start
        for seat, action, events in hand.moves:
            drawn = state.stock[: len(action.cards)] if action.kind == "discard" else ()
            comment = "; ".join(filter(None, map(event_text, events)))
            moves.append(Move(seat, action, comment, drawn=drawn))
            state = state.play_unchecked(action)
        hands.append(Hand(hand.number, hand.start, tuple(moves)))
    return MoucheRecord(tags, o, tuple(hands))


def text_of(record: MoucheRecord) -> str:
    """The text of ``record`` (:func:`read_record` reads it back): the
    game's tags, then each hand's number, dealer and start line, and its
    actions with their seats, draws and comments."""
    return write_record(
        RecordText(
            {tag: value for tag, value in record.tags.items() if tag != "Start"},  # (each hand gives its own)
            [
                hand_text(
                    hand.number,
                    hand.start.dealer,
                    position_line(hand.start),
                    [MoveText(str(move), move.seat, move.comment) for move in hand.moves],
                    hand.comment,
                )
                for hand in record.hands
            ],
        ),
        seats=True,
    )


# ---- reading ------------------------------------------------------------------------


def read_record(text: str) -> MoucheRecord:
    """The record ``text``, every action replayed through the rules."""
    record, hands_text = read_hands(text, GAME, "La Mouche", "actions")
    standing = _yes_no(record, STANDING_TAG) if STANDING_TAG in record.tags else False
    hands = tuple(_hand(record, hand, k, standing) for k, hand in enumerate(hands_text, 1))
    return MoucheRecord(dict(record.tags), hands[0].start.options, hands)


def _yes_no(record: RecordText, tag: str) -> bool:
    value = record.tags[tag].lower()
    if value not in ("yes", "no"):
        raise ParseError(f'the tag {tag} is "yes" or "no", not {shown(record.tags[tag])}')
    return value == "yes"


def _hand(record: RecordText, hand: HandText, k: int, standing: bool) -> Hand:
    name, (state, hidden) = hand_start(record, hand, k, parse_line)
    if hidden:
        raise ParseError(f"{name}: the start position must show every hand (hand {hidden[0]} is a count)")
    _check_tags(record, name, state)
    state = dataclasses.replace(
        state, options=dataclasses.replace(state.options, turned_pamphile_needs_standing=standing)
    )
    dealer = hand.tags.get("Dealer")
    if dealer is not None and dealer.upper() != seat_name(state.dealer):
        raise ParseError(f"{name}: the Dealer tag says {shown(dealer)}, the start position {seat_name(state.dealer)}")
    start, moves = state, []
    for move_text in hand.moves:
        state, move = _replay(state, move_text)
        moves.append(move)
    # The cards drawn go on top of the start's stock, in the order drawn: replayed, the hand draws them.
    drawn = tuple(card for move in moves for card in move.drawn)
    start = dataclasses.replace(start, stock=drawn + tuple(c for c in start.stock if c not in drawn))
    return Hand(hand_number(hand, k), start, tuple(moves), hand.comment)


def _check_tags(record: RecordText, name: str, state: MoucheHand) -> None:
    """The options the record's tags repeat agree with the start line's."""
    for tag, option in LINE_TAGS.items():
        if tag not in record.tags:
            continue
        check_tag(name, tag, record.tags[tag], getattr(state.options, option))
    players = record.tags.get("Players")
    if players is not None and players != str(state.players):
        raise ParseError(f"{name}: the tag Players says {shown(players)}, the start position has {state.players} hands")


def _replay(state: MoucheHand, move: MoveText) -> tuple[MoucheHand, Move]:
    """The position after the recorded ``move``, and the move read."""
    seat, action, drawn = replay_checked(state, move, _read_action)
    where = move_place(move)
    if action.kind == "discard":
        state = _with_draw(state, action, drawn, where)
    elif drawn:
        raise ParseError(f"{where}: only a discard draws cards")
    return state.play_unchecked(action), Move(seat, action, move.comment, move.line, drawn)


def _read_action(text: str) -> tuple[Action, tuple[Card, ...]]:
    """An action and the cards a discard drew (``discard 7H 2C draw 9S KD``)."""
    action_text, _, drawn_text = text.partition(f" {DRAW} ")
    return Action.parse(action_text), tuple(parse_cards(drawn_text.split())) if drawn_text else ()


def _with_draw(state: MoucheHand, action: Action, drawn: tuple[Card, ...], where: str) -> MoucheHand:
    """``state`` with the cards the record says were drawn on top of the stock."""
    if len(drawn) != len(action.cards):
        example = " ".join(map(str, state.stock[: len(action.cards)]))
        raise ParseError(
            f"{where}: say the {len(action.cards)} cards drawn for the discard, in the order drawn "
            f"({action} {DRAW} {example}, say)"
        )
    for card in drawn:
        if card not in state.stock or drawn.count(card) > 1:
            held = next((f"hand {p}" for p, hand in enumerate(state.hands) if card in hand), "")
            place = f"it is in {held}" if held else "it was turned, played or drawn already"
            raise IllegalMoveError(f"{where}: {card} cannot be drawn: {place}")
    rest = tuple(c for c in state.stock if c not in drawn)
    return dataclasses.replace(state, stock=drawn + rest)
