"""The one-line notation every game's position shares (docs/formats.md,
"One-line positions"): URL-safe text a person can type and a link can carry.

A line is the game's name, then fields separated by ``_``; each field is a
tag letter and its value. Lists are separated by ``.``, cards are written
one after another (``7D9C4D``: rank then suit, ``T`` or ``10`` for ten, any
case) and ``-`` is an empty value. Every character is one a URL carries as
it is (letters, digits, ``-._~``). Each game maps its fields to and from its
JSON position (``butterfly/games/<game>/notation.py``), so the JSON's checks apply to
both forms.

>>> game, fields = split_line("papillon_h9S.5Skh.3_t-", {"h": "hands", "t": "table"})
>>> game, fields
('papillon', {'h': '9S.5Skh.3', 't': '-'})
>>> [cards(item, "hand") if not item.isdigit() else int(item) for item in items(fields["h"])]
[['9S'], ['5S', 'KH'], 3]
>>> join_line("papillon", [("h", "9S.5SKH.3"), ("t", write_cards([]))])
'papillon_h9S.5SKH.3_t-'
>>> split_line("papillon_h9S_q1", {"h": "hands"})
Traceback (most recent call last):
...
butterfly.games.errors.ParseError: unknown field 'q1' in the line (papillon fields: h hands)
"""

from __future__ import annotations

import string
from collections.abc import Collection, Iterable, Mapping

from butterfly.games.cards import Card
from butterfly.games.errors import ParseError, shown

FIELD = "_"
ITEM = "."
EMPTY = "-"
#: The longest line read: a Papillon line with every card listed is about 200 characters.
MAX_LINE = 2000
#: Every character a line may hold (RFC 3986's unreserved characters).
ALLOWED = frozenset(string.ascii_letters + string.digits + "-._~")


def looks_like_line(text: str, games: Iterable[str]) -> bool:
    """Whether ``text`` is meant as a line of one of ``games`` (its name, then ``_``),
    rather than a file name or a number.

    >>> looks_like_line("butterfly_fACADAHAS_b-", ["butterfly"]), looks_like_line("deal.txt", ["butterfly"])
    (True, False)
    """
    head = text.strip().split(FIELD, 1)[0].lower()
    return FIELD in text and head in set(games)


def split_line(
    text: str, tags: Mapping[str, str], game: str | Collection[str] | None = None
) -> tuple[str, dict[str, str]]:
    """The game's name and each field's raw value by tag. ``tags`` names every
    tag the game knows (for messages); ``game``, when given, is the name the
    line must start with (or the names it may). A field given twice, an
    unknown tag or a character a URL would have to escape is a
    :class:`ParseError` naming it."""
    line = text.strip()
    if len(line) > MAX_LINE:
        raise ParseError(f"a line is at most {MAX_LINE} characters, not {len(line):,}")
    bad = sorted(set(line) - ALLOWED)
    if bad:
        raise ParseError(f"a line holds only letters, digits and - . _ ~, not {bad[0]!r}")
    head, *parts = line.split(FIELD)
    name = head.lower()
    games = [game] if isinstance(game, str) else None if game is None else list(game)
    if games is not None and name not in games:
        if len(games) == 1:
            raise ParseError(f"this line is for {shown(head)}, not {games[0]}")
        raise ParseError(f"unknown game {shown(head)} (games: {', '.join(games)})")
    fields: dict[str, str] = {}
    for part in parts:
        tag, value = part[:1].lower(), part[1:]
        if tag not in tags:
            known = " ".join(f"{t} {what}" for t, what in tags.items())
            raise ParseError(f"unknown field {shown(part)} in the line ({name} fields: {known})")
        if tag in fields:
            raise ParseError(f"the line gives {tags[tag]} ({tag}) twice")
        fields[tag] = value
    return name, fields


def read_fields(text: str, tags: Mapping[str, str], game: str, required: Iterable[str]) -> dict[str, str]:
    """The fields of a line of ``game`` (:func:`split_line`), which must give
    every tag of ``required``: one missing is a :class:`ParseError` naming it."""
    _, fields = split_line(text, tags, game)
    for tag in required:
        if tag not in fields:
            raise ParseError(f"the line has no {tags[tag]} ({tag})")
    return fields


def join_line(game: str, fields: Iterable[tuple[str, str]]) -> str:
    """The line of ``game`` with ``fields`` (tag, value) in order."""
    return FIELD.join([game, *(tag + value for tag, value in fields)])


def items(value: str) -> list[str]:
    """A list field's items (``.``-separated); ``-`` alone is an empty item."""
    return ["" if item == EMPTY else item for item in value.split(ITEM)]


def cards(value: str, what: str) -> list[str]:
    """The cards written one after another in ``value``, each as ``7H``
    (canonical: upper case, ``T`` for ten); ``-`` or nothing is none. A bad
    card is a :class:`ParseError` naming ``what`` and the card."""
    text = "" if value == EMPTY else value
    out, at = [], 0
    while at < len(text):
        width = 3 if text[at : at + 2] == "10" else 2
        token = text[at : at + width]
        try:
            out.append(str(Card.parse(token)))
        except ParseError:
            raise ParseError(f"{what}: unknown card {shown(token)} in {shown(value)}") from None
        at += width
    return out


def cards_or_count(value: str, what: str) -> list[str] | int:
    """Cards, or a count of cards not shown (digits alone)."""
    return number(value, what) if value.isdigit() else cards(value, what)


def numbers_by_player(value: str, what: str) -> list[int]:
    """A list of whole numbers, one a player (``what`` of player N in messages)."""
    return [number(item, f"{what} of player {p}") for p, item in enumerate(value.split(ITEM))]


def write_cards(cards: Iterable[Card | str]) -> str:
    """Cards one after another, ``-`` for none."""
    return "".join(map(str, cards)) or EMPTY


def number(value: str, what: str) -> int:
    """A whole number, ``-`` before it when negative (in ASCII digits, at most 30)."""
    digits = value[1:] if value.startswith("-") else value
    if not digits.isdigit() or len(digits) > 30:
        raise ParseError(f"{what} must be a whole number, not {shown(value)}")
    return int(value)
