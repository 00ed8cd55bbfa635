"""Drawing a patience layout as text: the body of foundations in the middle,
the wings left and right (each row's outer card on the outside), the basement
below.

>>> from butterfly.games.patience.rules import Position
>>> print(draw(Position.deal(1)))  # doctest: +NORMALIZE_WHITESPACE
L1  8D 8H 4D 9C 7D | AC |  JS TD 8S QC 4S  R1
L2  JC 9S 6D JD 5S | AD |  6C 7C 5C KS 6H  R2
L3     2D 3C KD 5D | AH |  QS QH QD 9D     R3
L4  2C 4H 7H 5H JH | AS |  3D 3S 4C 2H 8C  R4
L5  TS TH KH KC 6S |    |  TC 3H 2S 9H 7S  R5
basement: -
"""

from __future__ import annotations

from butterfly.games.cards import Card, Suit
from butterfly.games.patience.rules import Position


def _card(card: Card, unicode: bool) -> str:
    return card.unicode().rjust(3) if unicode else str(card)


def draw(position: Position, unicode: bool = False) -> str:
    rules, rows = position.rules, position.rows
    names = rules.row_names
    left = [i for i, n in enumerate(names) if n[0] == "L"]
    right = [i for i, n in enumerate(names) if n[0] == "R"]
    sep = " "
    empty = "--" if not unicode else " --"

    def cards(row, reverse):
        shown = [_card(c, unicode) for c in (reversed(row) if reverse else row)]
        return sep.join(shown)

    left_text = [cards(rows[i], True) for i in left]
    right_text = [cards(rows[i], False) for i in right]
    width_left = max((len(t) for t in left_text), default=0)
    width_right = max((len(t) for t in right_text), default=0)
    body = [_card(Card(top, suit), unicode) if top else empty for suit, top in zip(Suit, position.foundations)]
    body_width = max(len(b) for b in body)
    lines = []
    for level in range(max(len(left), len(right), 4)):
        lt = left_text[level] if level < len(left) else ""
        rt = right_text[level] if level < len(right) else ""
        ln = names[left[level]] if level < len(left) else ""
        rn = names[right[level]] if level < len(right) else ""
        b = body[level] if level < 4 else ""
        lines.append(f"{ln:<3} {lt:>{width_left}} | {b:^{body_width}} |  {rt:<{width_right}}  {rn}".rstrip())
    kind = "basement" if rules.cells_one_way else "cells"
    if rules.cells:
        shown = " ".join(_card(c, unicode) for c in position.cells) or "-"
        lines.append(f"{kind}: {shown}")
    return "\n".join(lines)
