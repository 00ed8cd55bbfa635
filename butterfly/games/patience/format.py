"""Deal files: the human-editable text form, its JSON form, and move lists.

Text form (docs/formats.md has the full description)::

    # butterfly deal 1
    game: butterfly
    F: AC AD AH AS
    B:
    L1: 7D 9C 4D 8H 8D
    ...
    R5: TC 3H 2S 9H 7S

Each row line lists its cards from the innermost to the outer card. ``F``
gives the top card of each non-empty foundation, ``B`` the basement (or free
cells). Optional header lines ``variant:`` and ``cells:`` change the rules.

>>> position = Position.deal(1)
>>> text = format_deal_text(position)
>>> text.splitlines()[:4]
['game: butterfly', 'F: AC AD AH AS', 'B:', 'L1: 7D 9C 4D 8H 8D']
>>> parse_deal(text) == position
True
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from json.decoder import scanstring  # type: ignore[attr-defined]  # json's own (C) scanner, not in the stubs
from typing import NoReturn

from butterfly.games.cards import Card, Suit, parse_cards
from butterfly.games.errors import InputError, ParseError, shown
from butterfly.games.patience.rules import MAX_CELLS, Move, Position, Rules, make_rules, rules_header
from butterfly.games.patience.solvitaire import is_solvitaire, read_solvitaire
from butterfly.games.position_json import MAX_JSON_DEPTH, load_json

HEADER_KEYS = ("game", "variant", "cells")
#: The fields of a deal's JSON object, and those it must have.
FIELDS = {*HEADER_KEYS, "foundations", "basement", "rows"}
REQUIRED = ("rows",)


def _cards(text: str, where: str) -> list[Card]:
    text = text.strip()
    if text in ("", "-"):
        return []
    try:
        return parse_cards(text)
    except InputError as error:
        raise ParseError(f"{where}: {error}") from None


def _foundations(cards: list[Card], where: str) -> tuple[int, ...]:
    tops = [0, 0, 0, 0]
    for card in cards:
        if tops[card.suit]:
            raise ParseError(f"{where}: two {card.suit.name.lower()} foundation cards")
        tops[card.suit] = int(card.rank)
    return tuple(tops)


def _default_foundations(rules: Rules) -> tuple[int, ...]:
    return (1, 1, 1, 1) if rules.aces_on_foundations else (0, 0, 0, 0)


def _build(header: dict, rows: dict[str, list[Card]], foundations, basement, where) -> Position:
    """Assemble and validate a position from parsed parts; ``where`` names a part."""
    rules = make_rules(header.get("game") or "butterfly", header.get("variant"), header.get("cells"))
    names = rules.row_names
    for name in rows:
        if name not in names:
            raise ParseError(f"{where(name)}: no row {name} in {rules.name} (rows {names[0]}..{names[-1]})")
    missing = [n for n in names if n not in rows]
    if missing:
        raise ParseError(f"{rules.name} has {len(names)} rows, the deal has {len(rows)} (missing {', '.join(missing)})")
    if foundations is None:
        foundations = _default_foundations(rules)
    position = Position(rules, tuple(tuple(rows[n]) for n in names), foundations, tuple(sorted(basement)))
    return position.validate()


def parse_deal_text(text: str) -> Position:
    """Parse the text form; errors name the line."""
    header: dict = {}
    rows: dict[str, list[Card]] = {}
    row_lines: dict[str, int] = {}
    foundations = None
    basement: list[Card] = []
    seen_keys: set[str] = set()
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"line {number}"
        if ":" not in line:
            raise ParseError(f"{where}: expected 'NAME: cards' (e.g. 'L1: 7D 9C 4D'), got {line!r}")
        key, value = (part.strip() for part in line.split(":", 1))
        key = key.upper() if key.upper() in ("F", "B") or key[:1].upper() in "LR" and key[1:].isdigit() else key.lower()
        if key in seen_keys:
            raise ParseError(f"{where}: {key} is given twice")
        seen_keys.add(key)
        if key in HEADER_KEYS:
            if key == "cells":
                if not (value.isascii() and value.isdigit()) or len(value) > 9:
                    raise ParseError(f"{where}: cells must be a whole number 0 to {MAX_CELLS}, not {value[:20]!r}")
                header[key] = int(value)
            else:
                header[key] = value or None
        elif key == "F":
            foundations = _foundations(_cards(value, where), where)
        elif key == "B":
            basement = _cards(value, where)
        elif key[:1] in "LR" and key[1:].isdigit():
            rows[key] = _cards(value, where)
            row_lines[key] = number
        else:
            raise ParseError(f"{where}: unknown line {key!r} (expected game, variant, cells, F, B or a row L1.., R1..)")
    if not rows:
        raise ParseError("no rows in the deal (expected lines like 'L1: 7D 9C 4D 8H 8D')")
    return _build(header, rows, foundations, basement, lambda name: f"line {row_lines[name]}")


def format_deal_text(position: Position, title: str | None = None) -> str:
    """The text form of ``position``; :func:`parse_deal_text` reads it back."""
    lines = [f"# {title}"] if title else []
    for key, value in rules_header(position.rules).items():
        if value is not None:
            lines.append(f"{key}: {value}")
    tops = [str(Card(top, suit)) for suit, top in zip(Suit, position.foundations) if top]
    lines.append("F: " + " ".join(tops) if tops else "F: -")
    lines.append("B: " + " ".join(map(str, position.cells)) if position.cells else "B:")
    for name, row in zip(position.rules.row_names, position.rows):
        lines.append(f"{name}: " + (" ".join(map(str, row)) if row else "-"))
    return "\n".join(lines) + "\n"


def deal_to_json(position: Position) -> dict:
    """The JSON form of ``position`` (a dict ready for json.dumps)."""
    header = {k: v for k, v in rules_header(position.rules).items() if v is not None}
    return {
        **header,
        "foundations": [str(Card(top, suit)) for suit, top in zip(Suit, position.foundations) if top],
        "basement": [str(c) for c in position.cells],
        "rows": {name: [str(c) for c in row] for name, row in zip(position.rules.row_names, position.rows)},
    }


def deal_from_json(data) -> Position:
    """Read the JSON form (a parsed dict); errors name the field."""
    if not isinstance(data, dict):
        raise ParseError("a JSON deal must be an object with 'rows'")
    unknown = set(data) - FIELDS
    if unknown:
        raise ParseError(f"unknown field(s) in JSON deal: {', '.join(sorted(unknown))}")
    header = {k: data.get(k) for k in HEADER_KEYS}
    if header["cells"] is not None and (not isinstance(header["cells"], int) or isinstance(header["cells"], bool)):
        raise ParseError("field 'cells' must be a whole number")
    for key in ("game", "variant"):
        if header[key] is not None and not isinstance(header[key], str):
            raise ParseError(f"field {key!r} must be a string")

    def card_list(value, where) -> list[Card]:
        if isinstance(value, str):
            return _cards(value, where)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ParseError(f'{where}: expected a list of cards like ["7H", "TS"]')
        return _cards(" ".join(value), where)

    rows_data = data.get("rows")
    if not isinstance(rows_data, dict) or not rows_data:
        raise ParseError('field \'rows\' must be an object like {"L1": ["7D", "9C"], ...}')
    rows: dict[str, list[Card]] = {}
    for name, cards in rows_data.items():
        key = str(name).upper()
        if key in rows:
            raise ParseError(f"rows.{name}: row {key} is given twice")
        rows[key] = card_list(cards, f"rows.{name}")
    foundations = None
    if "foundations" in data:
        foundations = _foundations(card_list(data["foundations"], "foundations"), "foundations")
    basement = card_list(data.get("basement", []), "basement")
    return _build(header, rows, foundations, basement, lambda name: f"rows.{name}")


def parse_deal(text: str) -> Position:
    """Read a deal in any of its forms: text, or JSON when it starts with
    ``{``: ours, or Solvitaire's (butterfly.games.patience.solvitaire)."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        data = load_json(stripped, "the deal")
        return read_solvitaire(data) if is_solvitaire(data) else deal_from_json(data)
    return parse_deal_text(text)


#: The most moves a move list may have. No rule bounds a game's length (a
#: game can pass through astronomically many positions without repeating
#: one), so the bound is practical: 125 times the longest real solution we
#: know (Solvitaire's for Beleaguered Castle deals, up to 802,200 moves), about
#: 1.6 GB of numbered text, minutes to replay; beyond it a list is garbage.
MAX_MOVES = 100_000_000
#: The longest a move list's token may be: a move with its number (a dozen
#: characters or so), or a string or number in a JSON one (a solve report's
#: longest, its deal, has a few hundred characters).
MAX_TOKEN = 1024

_NOT_A_LIST = "a JSON move list must be a list of strings (or an object with 'moves')"


def parse_moves(text: str) -> list[Move]:
    """The moves of a whole move list (:func:`read_moves`)."""
    return list(read_moves((text,)))


def read_moves(chunks: Iterable[str], piles: Mapping[str, str] | None = None) -> Iterator[Move]:
    """The moves of a move list read in pieces (a file as it streams in, in
    constant memory), each as soon as it is read: one move per line or
    separated by commas; ``#`` comments and a leading move number (``12.`` or
    ``12)``) are allowed. A JSON list of strings, or a JSON solve report with
    ``moves``, also works. At most :data:`MAX_MOVES` moves and tokens of at
    most :data:`MAX_TOKEN` characters; each problem is one ParseError naming
    the line and the move. ``piles``: other names of the rows a move may use
    (PySolFC's pile numbers: butterfly.games.patience.pysol.pile_rows), each the
    name of one of ours."""
    pieces = iter(chunks)
    line = 1
    for first in pieces:
        if first.strip():
            break
        line += first.count("\n")
    else:
        return
    start = first.lstrip()
    if start.startswith(("[", "{")):
        line += first.count("\n") - start.count("\n")
        yield from _JsonMoves(itertools.chain((start,), pieces), line, piles).moves()
    else:
        yield from _text_moves(itertools.chain((first,), pieces, ("\n",)), line, piles)  # the last line ends too


def _move(text: str, number: int, where: str, piles: Mapping[str, str] | None) -> Move:
    """Move ``number`` of a list, written ``text``; ``where`` names its place."""
    if number > MAX_MOVES:
        raise ParseError(f"{where}: more than {MAX_MOVES:,} moves, more than a real solution has")
    if len(text) > MAX_TOKEN:
        raise ParseError(f"{where} (move {number}): {shown(text)} is too long for a move")
    try:
        return _parse_move(_our_places(text, piles) if piles else text)
    except InputError as error:
        raise ParseError(f"{where} (move {number}): {error}") from None


def _our_places(text: str, piles: Mapping[str, str]) -> str:
    """``text`` with a source or target given by another name (a pile
    number) written as our row; anything else is left for Move.parse to judge."""
    parts = text.replace(">", " > ").split()
    if len(parts) != 4 or parts[2] != ">":
        return text
    places = []
    for place in (parts[1], parts[3]):
        if place.isascii() and place.isdigit():
            if place not in piles:
                numbers = sorted(map(int, piles))
                raise ParseError(f"no pile {place} in move {text.strip()!r} (piles {numbers[0]}-{numbers[-1]})")
            place = piles[place]
        places.append(place)
    return f"{parts[0]} {places[0]}>{places[1]}"


#: Move.parse, remembered: a long list writes the same few thousand moves (52
#: cards, a few places each) over and over, and parsing is most of reading.
_parse_move = functools.lru_cache(maxsize=1 << 13)(Move.parse)


#: What ends a line: what str.splitlines splits at, as the deal reader does.
_LINE_BREAK = re.compile("\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def _text_moves(pieces: Iterable[str], line: int, piles: Mapping[str, str] | None) -> Iterator[Move]:
    number = 0
    rest = ""  # the start of an item a piece ended in
    comment = False  # in a comment, to the end of the line
    for piece in pieces:
        parts = _LINE_BREAK.split(piece)
        for index, part in enumerate(parts):
            ended = index < len(parts) - 1
            if not comment:
                code, mark, _ = part.partition("#")
                items = (rest + code).split(",")
                rest = "" if ended or mark else items.pop().lstrip()
                comment = bool(mark)
                for item in items:
                    item = item.strip()
                    head = item.split(None, 1)
                    number_text = head[0].rstrip(".)") if head else ""
                    if number_text.isascii() and number_text.isdigit() and head[0][-1] in ".)":
                        item = head[1] if len(head) > 1 else ""
                    if item:
                        number += 1
                        yield _move(item, number, f"line {line}", piles)
                if len(rest) > MAX_TOKEN:
                    raise ParseError(f"line {line} (move {number + 1}): {shown(rest)} is too long for a move")
            if ended:
                line, comment = line + 1, False


#: What is not JSON's white space; JSON's numbers and literals (NaN and Infinity only to be
#: refused by name, as the one JSON loader refuses them).
_SOLID = re.compile(r"[^ \t\n\r]")
_SCALAR = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|true|false|null|NaN|-?Infinity")


class _JsonMoves:
    """A JSON move list read as it streams in: a list of move strings, or an
    object whose ``moves`` is one (its other fields are read as JSON and
    dropped). Only the piece being read is held, and a token begun in the
    piece before."""

    def __init__(self, pieces: Iterator[str], line: int, piles: Mapping[str, str] | None) -> None:
        self.pieces, self.piles = pieces, piles
        self.text, self.at, self.number = "", 0, 0
        self.line, self.counted = line, 0  # the line of text[counted]

    def moves(self) -> Iterator[Move]:
        if self._take("["):
            yield from self._list(2)
        else:
            self._take("{")
            found = False
            if not self._take("}"):
                while True:
                    key = self._key()
                    if key == "moves":
                        if found:
                            raise ParseError("a JSON move list has one 'moves', not two")
                        found = True
                        if not self._take("["):
                            raise ParseError(_NOT_A_LIST)
                        yield from self._list(3)
                    else:
                        self._skip(2)
                    if self._take("}"):
                        break
                    self._expect(",")
            if not found:
                raise ParseError(_NOT_A_LIST)
        if self._peek():
            self._fail("Extra data")

    def _list(self, depth: int) -> Iterator[Move]:
        """The moves of a list whose ``[`` is read; ``depth``: its items' depth."""
        if self._take("]"):
            return
        while True:
            if self._peek() != '"':
                self._skip(depth)  # malformed or too deep is said first, as the JSON loader says it
                raise ParseError(_NOT_A_LIST)
            text = self._string()
            self.number += 1
            yield _move(text, self.number, self._where(), self.piles)
            if self._take("]"):
                return
            self._expect(",")

    def _skip(self, depth: int) -> None:
        """Read a value and drop it; ``depth``: its depth if an array or object."""
        char = self._peek()
        if char == '"':
            self._string()
        elif char in ("[", "{"):
            if depth > MAX_JSON_DEPTH:
                raise ParseError(f"the move list is nested more than {MAX_JSON_DEPTH} deep")
            self.at += 1
            close = "]" if char == "[" else "}"
            if self._take(close):
                return
            while True:
                if char == "{":
                    self._key()
                self._skip(depth + 1)
                if self._take(close):
                    return
                self._expect(",")
        else:
            self._scalar()

    def _key(self) -> str:
        """An object's key and its colon."""
        if self._peek() != '"':
            self._fail("Expecting property name enclosed in double quotes")
        key = self._string()
        self._expect(":")
        return key

    def _string(self) -> str:
        """The string that starts at ``at``."""
        while True:
            try:
                value, end = scanstring(self.text, self.at + 1, True)
            except json.JSONDecodeError as error:
                cut = error.msg.startswith("Unterminated") or error.pos + 6 > len(self.text)
                if not cut:
                    self._fail(error.msg.removesuffix(" at"))  # the scanner's messages end "... at"
                if len(self.text) - self.at > MAX_TOKEN:
                    self._too_long("a string")
                if not self._more():
                    self._fail(error.msg.removesuffix(" at"))
                continue
            if end - self.at > MAX_TOKEN:
                self._too_long("a string")
            self.at = end
            return value

    def _scalar(self) -> None:
        """Read the number or literal that starts at ``at``, checked by the one JSON loader."""
        while True:  # read on while the token may be cut short by the end of the text read
            match = _SCALAR.match(self.text, self.at)
            end = match.end() if match else self.at
            if len(self.text) - end > 9 or end - self.at > MAX_TOKEN or not self._more():
                break
        if not match:
            self._fail("Expecting value")
        if match.end() - self.at > MAX_TOKEN:
            self._too_long("a number")
        load_json(match.group(), "the move list")
        self.at = match.end()

    def _peek(self) -> str:
        """The next character that is not white space (not read; "" at the end)."""
        while True:
            found = _SOLID.search(self.text, self.at)
            if found:
                self.at = found.start()
                return self.text[self.at]
            self.at = len(self.text)
            if not self._more():
                return ""

    def _take(self, char: str) -> bool:
        """Read ``char`` when it is next."""
        if self._peek() != char:
            return False
        self.at += 1
        return True

    def _expect(self, char: str) -> None:
        if not self._take(char):
            self._fail(f"Expecting {char!r} delimiter")

    def _more(self) -> bool:
        """Append the next piece to what is not read yet (False at the end)."""
        for piece in self.pieces:
            if piece:
                self._where()
                self.text, self.at, self.counted = self.text[self.at :] + piece, 0, 0
                return True
        return False

    def _where(self) -> str:
        """The line ``at`` is on (counted on from the last time: the text is read once)."""
        self.line += self.text.count("\n", self.counted, self.at)
        self.counted = self.at
        return f"line {self.line}"

    def _fail(self, what: str) -> NoReturn:
        raise ParseError(f"the move list is not valid JSON: {what} at {self._where()}")

    def _too_long(self, what: str) -> NoReturn:
        raise ParseError(f"the move list has {what} of more than {MAX_TOKEN:,} characters at {self._where()}")


def format_moves(moves: list[Move]) -> str:
    return "".join(f"{move}\n" for move in moves)
