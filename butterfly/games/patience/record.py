"""A patience game as a record (docs/formats.md, "Game records"): its deal
and its moves, with comments, read and written in the grammar every game's
record shares (butterfly/games/record_text.py).

The deal is ``[Deal "N"]`` (with ``[Game]``, ``[Variant]`` and ``[Cells]``
when not Butterfly's) or ``[Position "LINE"]`` (butterfly/games/patience/notation.py),
which those tags, when given beside it, must agree with.

>>> deal = Position.deal(1)
>>> text = write_record(deal, [Move.parse("7S R5>F")], number=1)
>>> print(text, end="")
[Game "butterfly"]
[Deal "1"]
<BLANKLINE>
1. 7S R5>F
>>> record = read_record(text)
>>> record.position == deal, [str(m) for m in record.moves]
(True, ['7S R5>F'])
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from butterfly.games import record_text
from butterfly.games.deals import parse_deal_number
from butterfly.games.errors import IllegalMoveError, InputError, ParseError
from butterfly.games.patience.format import parse_moves
from butterfly.games.patience.notation import parse_line, position_line
from butterfly.games.patience.rules import Move, Position, Rules, illegal_move, make_rules, rules_header

T = TypeVar("T")


@dataclass(frozen=True)
class PatienceRecord:
    """The deal a record names (None when it names none: the deal is then
    given beside it), its moves, every tag as written and the comments by
    move number (0: before the first move)."""

    position: Position | None
    moves: tuple[Move, ...]
    tags: dict[str, str]
    comments: dict[int, str]


#: A move list in JSON (a list of strings, or solve --json's report), not a record's tag.
JSON_MOVES = re.compile(r'\s*(\{|\[\s*("|\]))')


def read_game_text(text: str) -> PatienceRecord:
    """A record, or a move list in JSON (as ``solve --json`` reports it): a
    record that names no deal and has no tags."""
    if JSON_MOVES.match(text):
        return PatienceRecord(None, tuple(parse_moves(text)), {}, {})
    return read_record(text)


def started_at(record: PatienceRecord, position: Position | None) -> PatienceRecord:
    """``record`` played from ``position`` when given (the deal the record
    names, if it names one, must be that one), else from its own deal, every
    move checked: the game registry's record start (a move list names no
    deal). Each problem is one InputError."""
    if position is not None:
        if record.position is not None and record.position != position:
            raise InputError("the record is of another deal than the position given")
        record = dataclasses.replace(record, position=position)
    if record.position is None:
        raise InputError("the record names no deal: give the position too")
    _, illegal = record.position.replay_until_illegal(list(record.moves))
    if illegal is not None:
        raise IllegalMoveError(illegal_move(illegal))
    return record


def read_record(text: str) -> PatienceRecord:
    """Read a record; every problem is one InputError naming the line or the tag."""
    record = record_text.parse_record(text)
    position = _position(record.tags)  # before the moves: a record of another game is refused as that
    if len(record.hands) > 1 or any(hand.tags for hand in record.hands):
        raise ParseError("a patience record is one game: it has no [Hand] tags")
    moves = []
    comments = {0: record.hands[0].comment} if record.hands and record.hands[0].comment else {}
    for hand in record.hands:
        for written in hand.moves:
            if written.seat is not None:
                raise ParseError(f"line {written.line}: a patience move names no seat (P{written.seat}:)")
            try:
                moves.append(Move.parse(written.text))
            except InputError as error:
                raise ParseError(f"line {written.line}: {error}") from None
            if written.comment:
                comments[len(moves)] = written.comment
    return PatienceRecord(position, tuple(moves), record.tags, comments)


def _position(tags: dict[str, str]) -> Position | None:
    """The deal the tags name: ``[Deal]`` with the rules ``[Game]``,
    ``[Variant]`` and ``[Cells]`` give, or ``[Position]``, which the rules
    tags given beside it must agree with."""
    rules = _rules(tags) if any(tag in tags for tag in RULES_TAGS) else None
    if "Position" in tags:
        if "Deal" in tags:
            raise ParseError("give the deal as [Position] or as [Deal], not both")
        position = _tag("Position", lambda: parse_line(tags["Position"]))
        if rules is not None and _rules(tags, rules_header(position.rules)) != position.rules:
            given = ", ".join(f"[{tag}]" for tag in RULES_TAGS if tag in tags)
            raise ParseError(f"the Position's line is of {position.rules.name}: {given} must agree or be left out")
        return position
    if "Deal" not in tags:
        if rules is not None:
            raise ParseError('the record names its rules but not its deal: add [Deal "N"]')
        return None
    return Position.deal(_tag("Deal", lambda: parse_deal_number(tags["Deal"])), rules or make_rules())


#: The tags that name a deal's rules.
RULES_TAGS = ("Game", "Variant", "Cells")


def _rules(tags: dict[str, str], untagged: dict | None = None) -> Rules:
    """The rules the tags name, each tag not given taken from ``untagged``
    (:func:`rules_header`'s fields; None: Butterfly's). Each problem names its tag."""
    untagged = untagged or {"game": "butterfly", "variant": None, "cells": None}
    cells = tags.get("Cells")
    if cells is not None and not (cells.isascii() and cells.isdigit() and len(cells) < 4):
        raise ParseError(f"tag Cells must be a whole number, not {cells[:20]!r}")
    game = tags["Game"].lower() if "Game" in tags else untagged["game"]
    variant = tags["Variant"].lower() if "Variant" in tags else untagged["variant"]
    number = untagged["cells"] if cells is None else int(cells)
    _tag("Game", lambda: make_rules(game))
    _tag("Variant", lambda: make_rules(game, variant))
    return _tag("Cells", lambda: make_rules(game, variant, number))


def _tag(name: str, read: Callable[[], T]) -> T:
    """What ``read`` makes of tag ``name``; its error names the tag."""
    try:
        return read()
    except InputError as error:
        raise ParseError(f"tag {name}: {error}") from None


def write_record(
    position: Position, moves: list[Move], number: int | None = None, comments: dict[int, str] | None = None
) -> str:
    """The record of ``moves`` played from ``position`` (deal ``number``
    when it is one; else its line); ``comments`` by move number (from 1; 0:
    before the first move)."""
    return _text(position, moves, number, comments or {})


def text_of(record: PatienceRecord) -> str:
    """The text of a record :func:`read_game_text` read, as :func:`write_record`
    writes it: its deal by number when it named it so, else by its line, or
    none when it named none (the game registry's record writer)."""
    named = record.position is not None and "Deal" in record.tags
    number = parse_deal_number(record.tags["Deal"]) if named else None
    return _text(record.position, list(record.moves), number, record.comments)


def _text(position: Position | None, moves: list[Move], number: int | None, comments: dict[int, str]) -> str:
    tags = {}
    if position is not None and number is not None:
        header = rules_header(position.rules)
        tags["Game"] = header["game"]
        if header["variant"] is not None:
            tags["Variant"] = header["variant"]
        if header["cells"] is not None:
            tags["Cells"] = str(header["cells"])
        tags["Deal"] = str(number)
    elif position is not None:
        tags["Position"] = position_line(position)
    hand = record_text.HandText(
        moves=[record_text.MoveText(str(move), None, comments.get(k, "")) for k, move in enumerate(moves, 1)],
        comment=comments.get(0, ""),
    )
    return record_text.write_record(record_text.RecordText(tags, [hand]))
