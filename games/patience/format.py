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

from games.cards import Card, Suit, parse_cards
from games.errors import InputError, ParseError
from games.patience.rules import MAX_CELLS, PRESETS, Move, Position, Rules, make_rules
from games.position_json import load_json

HEADER_KEYS = ("game", "variant", "cells")


def rules_header(rules: Rules) -> dict:
    """``game``, ``variant`` and ``cells`` that rebuild ``rules`` with make_rules."""
    game = rules.name.split("/")[0]
    preset = PRESETS[game]
    return {
        "game": game,
        "variant": rules.suits.value if rules.suits != preset.suits else None,
        "cells": rules.cells if rules.cells != preset.cells else None,
    }


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
    unknown = set(data) - {*HEADER_KEYS, "foundations", "basement", "rows"}
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
    """Read a deal in either form (JSON when it starts with ``{``)."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return deal_from_json(load_json(stripped, "the deal"))
    return parse_deal_text(text)


def parse_moves(text: str) -> list[Move]:
    """Read a move list: one move per line or separated by commas; ``#``
    comments and a leading move number (``12.`` or ``12)``) are allowed.
    A JSON list of strings, or a JSON solve report with ``moves``, also works."""
    stripped = text.lstrip()
    if stripped.startswith(("[", "{")):
        data = load_json(stripped, "the move list")
        items = data.get("moves") if isinstance(data, dict) else data
        if not isinstance(items, list) or not all(isinstance(m, str) for m in items):
            raise ParseError("a JSON move list must be a list of strings (or an object with 'moves')")
        return [Move.parse(m) for m in items]
    moves = []
    for number, raw in enumerate(text.splitlines(), 1):
        for item in raw.split("#", 1)[0].split(","):
            item = item.strip()
            head = item.split(None, 1)
            number_text = head[0].rstrip(".)") if head else ""
            if number_text.isascii() and number_text.isdigit() and head[0][-1] in ".)":
                item = head[1] if len(head) > 1 else ""
            if item:
                try:
                    moves.append(Move.parse(item))
                except InputError as error:
                    raise ParseError(f"line {number}: {error}") from None
    return moves


def format_moves(moves: list[Move]) -> str:
    return "".join(f"{move}\n" for move in moves)
