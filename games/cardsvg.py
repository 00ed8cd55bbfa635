"""Playing cards as vector graphics, drawn with drawsvg and shared by every
game's pictures: a rounded card with its rank and suit in the top corners and a
large suit in the centre (red for hearts and diamonds, black otherwise), a
face-down card for a hidden hand, and an empty place.

The suits are the project's own paths, not font glyphs or images, and the
output is deterministic: the same cards give the same bytes. Each face is a
group with the id ``card-7H`` (and the class ``card``), so a picture can be
searched for its cards; backs have the class ``card-back``.

>>> from games.cards import Card
>>> group = face(Card.parse("7H"), 10, 20)
>>> 'id="card-7H"' in picture(100, 120, [group])
True
>>> picture(10, 10, []) == picture(10, 10, [])
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import drawsvg as draw

from games.cards import Card, Rank, Suit

#: A card's size in the pictures' units (pixels at 100 %).
WIDTH = 56
HEIGHT = 80
RED = "#c0182a"
BLACK = "#1a1a1a"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
BACKGROUND = "#2e6b3f"  # the green cloth
#: What a picture is made of: a card, a place, a label.
Element = draw.DrawingElement
MARGIN = 16

# Each suit in a unit square (0..1 both ways), as SVG path data.
_HEART = "M.5 .95 L.1 .52 A.22 .22 0 0 1 .5 .22 A.22 .22 0 0 1 .9 .52 Z"
_SPADE_LEAF = "M.5 .05 L.9 .48 A.22 .22 0 0 1 .5 .74 A.22 .22 0 0 1 .1 .48 Z"
_STEM = "M.5 .6 L.66 .97 L.34 .97 Z"
_SHAPES: dict[Suit, tuple[str, ...]] = {
    Suit.DIAMONDS: ("M.5 .02 L.86 .5 L.5 .98 L.14 .5 Z",),
    Suit.HEARTS: (_HEART,),
    Suit.SPADES: (_SPADE_LEAF, _STEM),
    Suit.CLUBS: (_STEM,),
}
_CLUB_LEAVES = ((0.5, 0.27), (0.26, 0.58), (0.74, 0.58))


def colour(suit: Suit) -> str:
    return RED if suit.is_red else BLACK


def suit_symbol(suit: Suit, x: float, y: float, size: float, **attributes: object) -> draw.Group:
    """The suit's shape filling the square of side ``size`` at (``x``, ``y``)."""
    group = draw.Group(transform=f"translate({x:g},{y:g}) scale({size:g})", fill=colour(suit), **attributes)
    for path in _SHAPES[suit]:
        group.append(draw.Path(d=path))
    if suit is Suit.CLUBS:
        for cx, cy in _CLUB_LEAVES:
            group.append(draw.Circle(cx, cy, 0.21))
    return group


def _rank(card: Card) -> str:
    return "10" if card.rank == Rank.TEN else card.rank.letter


def _outline(x: float, y: float, **attributes: object) -> draw.Rectangle:
    return draw.Rectangle(x, y, WIDTH, HEIGHT, rx=5, ry=5, **attributes)


def face(card: Card, x: float, y: float) -> draw.Group:
    """``card`` face up with its top left corner at (``x``, ``y``): the rank
    and suit in both top corners (so a card overlapped from either side is
    still known), and a large suit in the centre."""
    group = draw.Group(id=f"card-{card}", class_="card")
    group.append(_outline(x, y, fill="white", stroke="#555", stroke_width=1))
    ink = colour(card.suit)
    rank = _rank(card)
    for cx in (x + 9, x + WIDTH - 9):
        group.append(
            draw.Text(
                rank,
                13,
                cx,
                y + 15,
                text_anchor="middle",
                font_family=FONT,
                font_weight="bold",
                fill=ink,
                letter_spacing="-1" if len(rank) > 1 else None,
            )
        )
        group.append(suit_symbol(card.suit, cx - 5, y + 19, 10))
    group.append(suit_symbol(card.suit, x + WIDTH / 2 - 13, y + HEIGHT / 2 - 13, 26))
    return group


def back(x: float, y: float) -> draw.Group:
    """A face-down card: a hidden hand's, or the stock's."""
    group = draw.Group(class_="card-back")
    group.append(_outline(x, y, fill="white", stroke="#555", stroke_width=1))
    group.append(
        draw.Rectangle(
            x + 4, y + 4, WIDTH - 8, HEIGHT - 8, rx=3, ry=3, fill="#24407a", stroke="#9db0d8", stroke_width=1
        )
    )
    group.append(draw.Lines(*_diamond(x + WIDTH / 2, y + HEIGHT / 2, 14, 24), close=True, fill="#9db0d8"))
    return group


def _diamond(cx: float, cy: float, half_width: float, half_height: float) -> list[float]:
    return [cx, cy - half_height, cx + half_width, cy, cx, cy + half_height, cx - half_width, cy]


def place(x: float, y: float, suit: Suit | None = None) -> draw.Group:
    """An empty place for a card (a cell, an empty row or foundation), with a
    faint ``suit`` when the place belongs to one."""
    group = draw.Group(class_="place")
    group.append(
        _outline(x, y, fill="none", stroke="#cfe3d4", stroke_width=1.5, stroke_dasharray="5,4", stroke_opacity=0.8)
    )
    if suit is not None:
        group.append(suit_symbol(suit, x + WIDTH / 2 - 12, y + HEIGHT / 2 - 12, 24, opacity=0.35))
    return group


def label(text: str, x: float, y: float, size: float = 14, anchor: str = "start", **attributes: object) -> draw.Text:
    """Text on the cloth."""
    return draw.Text(text, size, x, y, text_anchor=anchor, font_family=FONT, fill="white", **attributes)


def picture(width: float, height: float, elements: Iterable[draw.DrawingElement], title: str | None = None) -> str:
    """A whole SVG document on the green cloth."""
    drawing = draw.Drawing(width, height, id_prefix="b")
    if title is not None:
        drawing.append_title(title)
    drawing.append(draw.Rectangle(0, 0, width, height, fill=BACKGROUND))
    for element in elements:
        drawing.append(element)
    return drawing.as_svg()


# ------------------------------------------------------------------ a card table
@dataclass(frozen=True)
class Spread:
    """Cards laid out under a heading: faces, then ``backs`` face-down cards
    (a hidden hand); with ``pile``, the backs alone as a pile (a stock)."""

    heading: str
    cards: Sequence[Card] = ()
    backs: int = 0
    pile: bool = False


SPREAD_GAP = 6  # between two cards side by side
PER_LINE = 6  # cards in a line of the middle of the table


def table_picture(
    title: str, seats: Sequence[Spread], middle: Sequence[Spread], notes: Sequence[str], narrow: bool = False
) -> str:
    """A card game's position: each seat's hand down the left, the middle of
    the table (table cards, trick, turned card, stock) on the right, and
    ``notes`` (pool, stakes) under it; ``narrow``: all in one column, the
    middle under the seats (legible on a phone). Hidden hands show only backs."""
    elements: list[draw.DrawingElement] = [label(title, MARGIN, MARGIN + 16, 18, font_weight="bold")]
    top = MARGIN + 34
    y: float = top
    per_seat = PER_LINE if narrow else max(len(s.cards) + s.backs for s in seats)
    seat_width = max(min(len(s.cards) + s.backs, per_seat) for s in seats) * (WIDTH + SPREAD_GAP)
    seat_width = max(seat_width, 3 * (WIDTH + SPREAD_GAP), max(len(s.heading) * 8 for s in seats))
    for seat in seats:
        y = _spread(seat, MARGIN, y, per_seat, elements)
    left_bottom = y
    x = MARGIN if narrow else MARGIN + seat_width + 2 * MARGIN
    y = left_bottom if narrow else top
    middle_width = PER_LINE * (WIDTH + SPREAD_GAP)
    for part in middle:
        y = _spread(part, x, y, PER_LINE, elements)
    for note in notes:
        elements.append(label(note, x, y + 14))
        y += 22
    width = x + max(middle_width, max((len(n) * 8 for n in notes), default=0)) + MARGIN
    if narrow:
        width = max(width, MARGIN + seat_width + MARGIN)
    return picture(width, max(left_bottom, y) + MARGIN, elements, title)


def _spread(part: Spread, x: float, y: float, per_line: int, out: list[draw.DrawingElement]) -> float:
    """Draw ``part`` at (``x``, ``y``) and return the height reached."""
    out.append(label(part.heading, x, y + 14))
    y += 22
    if part.pile:  # a face-down pile, a few cards thick
        for k in range(min(part.backs, 4)):
            out.append(back(x + 3 * k, y + 3 * k))
        return y + HEIGHT + 9 + SPREAD_GAP + 16
    shown: list[Card | None] = [*part.cards, *([None] * part.backs)]
    return _line(shown, x, y, max(per_line, 1), out)


def _line(cards: Sequence[Card | None], x: float, y: float, per_line: int, out: list[draw.DrawingElement]) -> float:
    if not cards:
        out.append(place(x, y))
    for k, card in enumerate(cards):
        cx, cy = x + (k % per_line) * (WIDTH + SPREAD_GAP), y + (k // per_line) * (HEIGHT + SPREAD_GAP)
        out.append(back(cx, cy) if card is None else face(card, cx, cy))
    lines = max(1, -(-len(cards) // per_line))
    return y + lines * (HEIGHT + SPREAD_GAP) + 16
