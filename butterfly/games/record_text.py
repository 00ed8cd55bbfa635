"""Game records as text, in the manner of PGN (docs/formats.md, "Game
records"): tag pairs, then the moves, with comments; every game's record
has this one grammar, and each game reads its moves and tags.

::

    [Game "papillon"]
    [Seed "7"]
    # a line starting with # is a note for people, not part of the record
    [Hand "1"]
    [Start "papillon_h9S.5SKH.KS_t5D2C_w20.15.11_c250.262.248_p60_d0_m1"]
    1. P1: KH x 5D 2C {the only capture}
    2. P2: trail KS

A ``[Hand ...]`` tag starts a hand; the tags before the first one are the
game's. A record without one is a single hand (a Butterfly record: its deal
and its moves). A move is one per line (or several, separated by ``,``),
with an optional number (``12.``) and seat (``P1:``), and an optional
comment in braces after it.

>>> record = parse_record('[Game "butterfly"]\\n[Deal "1"]\\n1. 7S R5>F {home}, 2. KD L3>F\\n')
>>> record.tags, [(m.text, m.comment) for m in record.hands[0].moves]
({'Game': 'butterfly', 'Deal': '1'}, [('7S R5>F', 'home'), ('KD L3>F', '')])
>>> print(write_record(record), end="")
[Game "butterfly"]
[Deal "1"]
<BLANKLINE>
1. 7S R5>F {home}
2. KD L3>F
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from butterfly.games.errors import ParseError, shown

#: The most moves a record holds (a Butterfly game has a few hundred; a
#: whole card game of 100 rounds a few thousand).
MAX_RECORD_MOVES = 100_000
#: The longest tag value or comment (a position's line is a few hundred characters).
MAX_VALUE = 4000

_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_NUMBER = re.compile(r"^(\d+)\s*[.)]\s*")
_SEAT = re.compile(r"^P(\d)\s*:\s*", re.IGNORECASE)


@dataclass
class MoveText:
    """One move as written: its text, the seat named before it (or None), its
    comment and the line it is on."""

    text: str
    seat: int | None = None
    comment: str = ""
    line: int = 0


@dataclass
class HandText:
    """A hand's tags and moves (a whole Butterfly game is one hand)."""

    tags: dict[str, str] = field(default_factory=dict)
    moves: list[MoveText] = field(default_factory=list)
    comment: str = ""  # said before its first move


@dataclass
class RecordText:
    """The game's tags and its hands."""

    tags: dict[str, str] = field(default_factory=dict)
    hands: list[HandText] = field(default_factory=list)

    def tag(self, name: str, hand: HandText | None = None) -> str | None:
        """A hand's tag, else the game's."""
        if hand is not None and name in hand.tags:
            return hand.tags[name]
        return self.tags.get(name)


def parse_record(text: str) -> RecordText:
    """Read a record; every problem is one :class:`ParseError` naming the line."""
    record = RecordText()
    hand: HandText | None = None
    count = 0
    at, line = 0, 1
    while at < len(text):
        char = text[at]
        if char == "\n":
            line += 1
            at += 1
        elif char in " \t,":
            at += 1
        elif char == "#":
            end = text.find("\n", at)
            at = len(text) if end < 0 else end
        elif char == "[":
            match = _TAG.match(text, at)
            if not match:
                raise ParseError(f'line {line}: a tag is written [Name "value"], not {shown(_rest(text, at))}')
            name, value = match.group(1), _unescape(match.group(2), line)
            if name == "Hand":
                hand = HandText()
                record.hands.append(hand)
            target = record.tags if hand is None else hand.tags
            if name in target:
                raise ParseError(f"line {line}: the tag {name} is given twice")
            target[name] = value
            at = match.end()
        elif char == "{":
            end = _comment_end(text, at)
            if end < 0:
                raise ParseError(f"line {line}: a comment opened with {{ is never closed")
            comment = " ".join(re.sub(r"\\(.)", r"\1", text[at + 1 : end]).split())
            if len(comment) > MAX_VALUE:
                raise ParseError(f"line {line}: a comment of {len(comment):,} characters (at most {MAX_VALUE:,})")
            hand = _current(record, hand)
            if hand.moves:
                hand.moves[-1].comment = " ".join(filter(None, [hand.moves[-1].comment, comment]))
            else:
                hand.comment = " ".join(filter(None, [hand.comment, comment]))
            line += text.count("\n", at, end)
            at = end + 1
        else:
            end = _move_end(text, at)
            found = _move(text[at:end].strip(), line)
            if found is not None:
                count += 1
                if count > MAX_RECORD_MOVES:
                    raise ParseError(f"line {line}: a record holds at most {MAX_RECORD_MOVES:,} moves")
                hand = _current(record, hand)
                number, move = found
                if number is not None and number != len(hand.moves) + 1:
                    raise ParseError(f"line {line}: move {number} is the hand's move {len(hand.moves) + 1}")
                hand.moves.append(move)
            at = end
    return record


def _current(record: RecordText, hand: HandText | None) -> HandText:
    """The hand moves go to: a record without a Hand tag is one hand."""
    if hand is None:
        hand = HandText()
        record.hands.append(hand)
    return hand


def _rest(text: str, at: int) -> str:
    end = text.find("\n", at)
    return text[at : len(text) if end < 0 else end]


def _move_end(text: str, at: int) -> int:
    """Where the move starting at ``at`` ends: a new line, a comma, a comment or a tag."""
    end = at
    while end < len(text) and text[end] not in "\n,{[#":
        end += 1
    return end


def _comment_end(text: str, at: int) -> int:
    """Where the comment opened at ``at`` is closed (``\\}`` is a brace inside it), or -1."""
    match = re.compile(r"(?:[^}\\]|\\.)*\}", re.DOTALL).match(text, at + 1)
    return -1 if match is None else match.end() - 1


def _move(text: str, line: int) -> tuple[int | None, MoveText] | None:
    """The move's number as written (None: none) and the move."""
    number = _NUMBER.match(text)
    if number:
        text = text[number.end() :]
    seat = _SEAT.match(text)
    if seat:
        text = text[seat.end() :]
    if not text:
        if number or seat:
            raise ParseError(f"line {line}: a move number or seat with no move after it")
        return None
    if len(text) > MAX_VALUE:
        raise ParseError(f"line {line}: a move of {len(text):,} characters")
    written = int(number.group(1)) if number else None
    return written, MoveText(" ".join(text.split()), int(seat.group(1)) if seat else None, "", line)


def _unescape(value: str, line: int) -> str:
    if len(value) > MAX_VALUE:
        raise ParseError(f"line {line}: a tag value of {len(value):,} characters (at most {MAX_VALUE:,})")
    return re.sub(r"\\(.)", r"\1", value)


def _tag_line(name: str, value: str) -> str:
    return f'[{name} "{value.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"]'


def _escaped(comment: str) -> str:
    """A comment as written between braces: a brace or backslash in it escaped."""
    return comment.replace("\\", "\\\\").replace("}", "\\}")


def write_record(record: RecordText, seats: bool = False) -> str:
    """The record as text (``seats``: write each move's seat, ``P1:``)."""
    lines = [_tag_line(name, value) for name, value in record.tags.items()]
    for hand in record.hands:
        if hand.tags:
            lines.append("")
            lines += [_tag_line(name, value) for name, value in hand.tags.items()]
        lines.append("")
        if hand.comment:
            lines.append(f"{{{_escaped(hand.comment)}}}")
        for number, move in enumerate(hand.moves, 1):
            seat = f"P{move.seat}: " if seats and move.seat is not None else ""
            comment = f" {{{_escaped(move.comment)}}}" if move.comment else ""
            lines.append(f"{number}. {seat}{move.text}{comment}")
    return "\n".join(lines) + "\n"
