"""A patience position in one line (docs/formats.md, "One-line positions"):
the preset, then the variant, cells, foundations, basement and the two
wings' rows, each row from its innermost card to the outer one.

>>> line = position_line(Position.deal(1))
>>> line
'butterfly_fACADAHAS_b-_l7D9C4D8H8D.5SJD6D9SJC.5DKD3C2D.JH5H7H4H2C.6SKCKHTHTS_rJSTD8SQC4S.6C7C5CKS6H.QSQHQD9D.3D3S4C2H8C.TC3H2S9H7S'
>>> parse_line(line) == Position.deal(1)
True
>>> parse_line(line.replace("8D.", "8D8D."))
Traceback (most recent call last):
...
butterfly.games.errors.InputError: card 8D is twice: in L1 and L1
"""

from __future__ import annotations

from butterfly.games import notation
from butterfly.games.errors import ParseError
from butterfly.games.patience.format import deal_from_json, deal_to_json
from butterfly.games.patience.rules import PRESETS, Position

TAGS = {
    "v": "variant",
    "c": "cells",
    "f": "foundations",
    "b": "basement",
    "l": "left rows",
    "r": "right rows",
}


def is_line(text: str) -> bool:
    """Whether ``text`` is meant as a patience line (it starts with a preset's name and ``_``)."""
    return notation.looks_like_line(text, PRESETS)


def position_line(position: Position) -> str:
    """The one line of ``position``; :func:`parse_line` reads it back."""
    data = deal_to_json(position)
    fields = []
    if "variant" in data:
        fields.append(("v", data["variant"]))
    if "cells" in data:
        fields.append(("c", str(data["cells"])))
    fields += [("f", notation.write_cards(data["foundations"])), ("b", notation.write_cards(data["basement"]))]
    for tag, wing in (("l", "L"), ("r", "R")):
        rows = [notation.write_cards(cards) for name, cards in data["rows"].items() if name[0] == wing]
        fields.append((tag, notation.ITEM.join(rows)))
    return notation.join_line(data["game"], fields)


def parse_line(text: str) -> Position:
    """The position a line gives; each problem is one InputError naming the field or card."""
    game, fields = notation.split_line(text, TAGS, PRESETS)
    for tag in ("l", "r"):
        if tag not in fields:
            raise ParseError(f"the line has no {TAGS[tag]} ({tag})")
    data: dict = {"game": game}
    if "v" in fields:
        data["variant"] = fields["v"].lower()
    if "c" in fields:
        data["cells"] = notation.number(fields["c"], "cells")
    if "f" in fields:
        data["foundations"] = notation.cards(fields["f"], "foundations")
    data["basement"] = notation.cards(fields.get("b", ""), "basement")
    data["rows"] = {
        f"{tag.upper()}{number}": notation.cards(row, f"row {tag.upper()}{number}")
        for tag in ("l", "r")
        for number, row in enumerate(notation.items(fields[tag]), 1)
    }
    return deal_from_json(data)
