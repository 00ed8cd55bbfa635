"""The checks every game's position file shares: a JSON object of known
fields for the right game, whole numbers in range, lists of cards. Each
failure is a :class:`ParseError` naming the field."""

from __future__ import annotations

import json

from games.cards import Card
from games.errors import ParseError


def read_object(text: str, game: str, fields: set[str], required: tuple[str, ...]) -> dict:
    """The position's JSON object, with only known fields and every required one."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ParseError(f"position is not valid JSON: {error.msg} at line {error.lineno}") from None
    if not isinstance(data, dict):
        raise ParseError("a position is a JSON object")
    unknown = sorted(set(data) - fields)
    if unknown:
        raise ParseError(f"unknown field {unknown[0]!r} in the position")
    if data.get("game", game) != game:
        raise ParseError(f"this position is for {data['game']!r}, not {game}")
    for name in required:
        if name not in data:
            raise ParseError(f"the position has no {name!r}")
    return data


def whole_number(value, what: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ParseError(f"{what} must be a whole number, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ParseError(f"{what} {value} is out of range ({low} to {high})")
    return value


def card_list(value, what: str) -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ParseError(f'{what} must be a list of cards like "7H"')
    return [Card.parse(v) for v in value]
