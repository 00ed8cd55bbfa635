"""A Papillon position in one line (docs/formats.md, "Papillon"): the JSON
position's fields, each a tag letter and its value.

The line is read into the JSON object and checked by
:func:`butterfly.games.papillon.format.position_from_data`, so both forms accept the
same positions and give the same messages. The number of hands gives the
players; a hand, the stock or a player's won cards may be a count (hidden)
or the cards.

>>> line = "papillon_h9S.KH5S.KS_t2C5D_w20.15.11_c250.262.248_p60_d0_m1"
>>> position = parse_line(line)
>>> position.state.to_move, [str(m) for m in position.state.legal_moves()], position_line(position.state) == line
(1, ['5S x 5D'], True)
>>> parse_line(line.replace("KH5S", "5D5S"))
Traceback (most recent call last):
...
butterfly.games.errors.ParseError: card 5D appears twice in the position: in hand 1 and on the table
>>> parse_line("papillon_h9S.5SKH_t5D2C_d0_m1")
Traceback (most recent call last):
...
butterfly.games.errors.ParseError: hands (h): 2 hands, where Papillon has 3 or 4 players
"""

from __future__ import annotations

from collections.abc import Iterable

from butterfly.games import notation
from butterfly.games.cards import Card
from butterfly.games.errors import ParseError
from butterfly.games.papillon.format import Position, position_from_data, position_to_json
from butterfly.games.papillon.rules import TABLE_CARDS, HandState, Scoring

GAME = "papillon"
TAGS = {
    "h": "hands",
    "t": "table",
    "s": "stock",
    "w": "taken",
    "c": "chips",
    "p": "pool",
    "k": "stake",
    "d": "dealer",
    "m": "to move",
    "l": "last to trail",
    "b": "papillons",
    "r": "scoring",
}
REQUIRED = ("h", "t", "d", "m")
#: What a state's line leaves out: each field at its default.
DEFAULTS = {"stock": [], "stake": 1, "last_trailer": None, "papillons": [], "scoring": Scoring.CLASSIC.value}


def is_line(text: str) -> bool:
    """Whether ``text`` is meant as a Papillon line (``papillon_...``)."""
    return notation.looks_like_line(text, [GAME])


def position_line(position: HandState | dict) -> str:
    """The one line of a state (every hand shown, won cards as counts), or of
    a position's JSON object (checked first; a hidden hand stays a count, won
    cards listed stay listed); the fields at their defaults are left out.
    :func:`parse_line` reads it back."""
    if isinstance(position, HandState):
        data = position_to_json(position)
    else:
        position_from_data(position)
        data = position
    return line_of({name: value for name, value in data.items() if name not in DEFAULTS or DEFAULTS[name] != value})


def write_line(position: Position) -> str:
    """The one line of a position :func:`parse_line` read: its hidden hands
    as their sizes, the won cards listed when it knows them (each player's,
    as many as it has taken) and else counted."""
    data = position_to_json(position.state)
    for seat in position.hidden:
        data["hands"][seat] = len(position.state.hands[seat])
    if position.won_cards is not None:
        won = iter(position.won_cards)
        data["taken"] = [[str(next(won)) for _ in range(count)] for count in position.state.taken]
    return position_line(data)


def line_of(data: dict) -> str:
    """The line of a position's JSON object (already checked), each field it
    gives written as it gives it: :func:`data_of` reads back the same object
    (its cards spelled as a line spells them)."""
    fields = [("h", _list(_cards_or_count(hand) for hand in data["hands"])), ("t", _cards(data["table"]))]
    if "stock" in data:
        fields.append(("s", _cards_or_count(data["stock"])))
    if "taken" in data:
        fields.append(("w", _list(_cards_or_count(won) for won in data["taken"])))
    if "chips" in data:
        fields.append(("c", _list(map(str, data["chips"]))))
    for tag, name in (("p", "pool"), ("k", "stake"), ("d", "dealer"), ("m", "to_move")):
        if name in data:
            fields.append((tag, str(data[name])))
    if "last_trailer" in data:  # null (nobody has trailed) is written -
        fields.append(("l", notation.EMPTY if data["last_trailer"] is None else str(data["last_trailer"])))
    if "papillons" in data:
        fields.append(("b", _list(map(str, data["papillons"]))))
    if "scoring" in data:
        fields.append(("r", data["scoring"]))
    return notation.join_line(GAME, fields)


def _cards_or_count(value: list | int) -> str:
    return str(value) if isinstance(value, int) else _cards(value)


def _cards(cards: list[str]) -> str:
    """Cards as a line writes them (``7H``, ``TS``), however the JSON spelled them (``" 10s"``)."""
    return notation.write_cards(Card.parse(card) for card in cards)


def _list(values: Iterable[str]) -> str:
    return notation.ITEM.join(values) or notation.EMPTY


def parse_line(text: str) -> Position:
    """The position a line gives, as :func:`butterfly.games.papillon.format.parse_position` reads JSON."""
    return position_from_data(data_of(text))


def data_of(text: str) -> dict:
    """The JSON position object a line stands for; a malformed field is a ParseError naming it."""
    fields = notation.read_fields(text, TAGS, GAME, REQUIRED)
    hands = [notation.cards_or_count(item, f"hand {p}") for p, item in enumerate(notation.items(fields["h"]))]
    if len(hands) not in TABLE_CARDS:
        raise ParseError(f"hands (h): {len(hands)} hands, where Papillon has 3 or 4 players")
    table = notation.cards(fields["t"], "table (t)")
    data: dict = {"game": GAME, "players": len(hands), "hands": hands, "table": table}
    if "s" in fields:
        data["stock"] = notation.cards_or_count(fields["s"], "stock (s)")
    if "w" in fields:
        data["taken"] = [
            notation.cards_or_count(item, f"taken (w) by player {p}")
            for p, item in enumerate(notation.items(fields["w"]))
        ]
    if "c" in fields:
        data["chips"] = notation.numbers_by_player(fields["c"], "chips (c)")
    for tag, name in (("p", "pool"), ("k", "stake"), ("d", "dealer"), ("m", "to_move"), ("l", "last_trailer")):
        if tag in fields:
            nobody = tag == "l" and fields[tag] == notation.EMPTY
            data[name] = None if nobody else notation.number(fields[tag], f"{TAGS[tag]} ({tag})")
    if "b" in fields:
        made = [] if fields["b"] == notation.EMPTY else fields["b"].split(notation.ITEM)
        data["papillons"] = [notation.number(item, "papillons (b)") for item in made]
    if "r" in fields:
        data["scoring"] = fields["r"].lower()
    for name, tag in (("chips", "c"), ("taken", "w")):
        if name in data and len(data[name]) != len(hands):
            raise ParseError(f"{name} ({tag}): {len(data[name])} entries for {len(hands)} players (hands)")
    return data
