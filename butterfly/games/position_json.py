"""The checks every game's position file (and every JSON input) shares: one
JSON loader, a JSON object of known fields for the right game, and typed
fields: whole numbers in range, booleans, seats, words from a fixed set,
lists of cards, numbers written in ASCII digits. Each failure is a
:class:`ParseError` naming the field.

>>> whole_number(True, "'pool'", 0, 10)
Traceback (most recent call last):
...
butterfly.games.errors.ParseError: 'pool' must be a whole number, not true
>>> boolean("false", "'pamphile'")
Traceback (most recent call last):
...
butterfly.games.errors.ParseError: 'pamphile' must be true or false, not "false"
>>> digits("1_0", "player 1's discard", 1, 5)
Traceback (most recent call last):
...
butterfly.games.errors.ParseError: player 1's discard must be written in the digits 0-9, not "1_0"
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from typing import Any

from butterfly.games.cards import Card
from butterfly.games.errors import ParseError

#: The deepest nesting of arrays and objects a JSON input may have (a
#: position needs 4; the parser would otherwise recurse without bound).
MAX_JSON_DEPTH = 32
#: Chips and pools (both card games) lie in [-CHIP_BOUND, CHIP_BOUND]: with
#: the Papillon stake at most STAKE_BOUND, no sum the Papillon kernel makes in
#: 64-bit integers can overflow (docs/formats.md, "Bounds").
CHIP_BOUND = 10**12
#: The most a Papillon stake (what most cards pays) may be.
STAKE_BOUND = 10**8


def load_json(text: str, what: str) -> Any:
    """``text`` parsed as JSON: the one loader of every JSON input. Malformed
    text, nesting deeper than :data:`MAX_JSON_DEPTH`, ``NaN``/``Infinity`` and
    numbers of absurd length are each a one-line :class:`ParseError`."""
    _check_depth(text, what)
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_float, parse_int=_int)
    except json.JSONDecodeError as error:
        raise ParseError(f"{what} is not valid JSON: {error.msg} at line {error.lineno}") from None
    except (ValueError, RecursionError) as error:  # _int/_float/_no_constant, or a depth the scan missed
        reason = str(error).splitlines()[0] if str(error) else "nested too deep"
        raise ParseError(f"{what} is not valid JSON: {reason}") from None


def _check_depth(text: str, what: str) -> None:
    """Reject nesting deeper than MAX_JSON_DEPTH before the parser recurses."""
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise ParseError(f"{what} is nested more than {MAX_JSON_DEPTH} deep")
        elif char in "]}":
            depth -= 1


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number")


def _int(text: str) -> int:
    if len(text.lstrip("-")) > 30:
        raise ValueError(f"the number {text[:12]}... has {len(text)} digits")
    return int(text)


def _float(text: str) -> float:
    number = float(text) if len(text) <= 40 else math.inf
    if not math.isfinite(number):
        raise ValueError(f"the number {text[:12]}{'...' * (len(text) > 12)} is too large")
    return number


def read_object(text: str, game: str, fields: set[str], required: tuple[str, ...]) -> dict:
    """The position's JSON object, with only known fields and every required one."""
    data = load_json(text, "position")
    if not isinstance(data, dict):
        raise ParseError("a position is a JSON object")
    if data.get("game", game) != game:  # (before the fields: another game's are all unknown here)
        raise ParseError(f"this position is for {data['game']!r}, not {game}")
    unknown = sorted(set(data) - fields)
    if unknown:
        raise ParseError(f"unknown field {unknown[0]!r} in the position")
    for name in required:
        if name not in data:
            raise ParseError(f"the position has no {name!r}")
    return data


def whole_number(value: object, what: str, low: int, high: int) -> int:
    """``value`` as an int in [low, high] (a JSON number without a fraction; not a bool)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ParseError(f"{what} must be a whole number, not {_shown(value)}")
    if not low <= value <= high:
        raise ParseError(f"{what} {value} is out of range ({low} to {high})")
    return value


def digits(text: str, what: str, low: int, high: int) -> int:
    """A whole number written in text, in the ASCII digits 0-9 only, in [low, high]."""
    if not (text.isascii() and text.isdigit()) or len(text) > 30:
        raise ParseError(f"{what} must be written in the digits 0-9, not {_shown(text)}")
    return whole_number(int(text), what, low, high)


def boolean(value: object, what: str) -> bool:
    """``value`` when it is a JSON ``true`` or ``false`` (not a string, not a number)."""
    if not isinstance(value, bool):
        raise ParseError(f"{what} must be true or false, not {_shown(value)}")
    return value


def seat(value: object, what: str, players: int) -> int:
    """A seat, 0 to players - 1."""
    return whole_number(value, what, 0, players - 1)


def string(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise ParseError(f"{what} must be a string, not {_shown(value)}")
    return value


def choice(value: object, what: str, choices: Iterable[str]) -> str:
    """One of the words ``choices`` (a string)."""
    words = list(choices)
    if not isinstance(value, str) or value not in words:
        raise ParseError(f"unknown {what} {_shown(value)} (one of {', '.join(words)})")
    return value


def entries(value: object, what: str, count: int, kinds: str) -> list:
    """A JSON list of exactly ``count`` entries (``kinds`` says what they are, for the message)."""
    if not isinstance(value, list) or len(value) != count:
        raise ParseError(f"{what} must give {count} entries ({kinds})")
    return value


def a_list(value: object, what: str, kinds: str) -> list:
    """A JSON list of any length."""
    if not isinstance(value, list):
        raise ParseError(f"{what} must be a list ({kinds}), not {_shown(value)}")
    return value


def card(value: object, what: str) -> Card:
    """A card written as a string like ``"7H"``."""
    if not isinstance(value, str):
        raise ParseError(f'{what} must be a card like "7H", not {_shown(value)}')
    return Card.parse(value)


def card_list(value: object, what: str) -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ParseError(f'{what} must be a list of cards like "7H"')
    return [Card.parse(v) for v in value]


def _shown(value: object) -> str:
    """``value`` for a message: its JSON spelling, cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
