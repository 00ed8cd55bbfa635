"""Playing cards as vector graphics, drawn with drawsvg and shared by every
game's pictures: a rounded card with its rank and suit in the top corners and a
large suit in the centre (red for hearts and diamonds, black otherwise), a
face-down card for a hidden hand, and an empty place.

The suits are the project's own paths, not font glyphs or images, and the
output is deterministic: the same cards give the same bytes. Each face is a
group with the id ``card-7H`` (and the class ``card``), so a picture can be
searched for its cards; backs have the class ``card-back``.

>>> from butterfly.games.cards import Card
>>> group = face(Card.parse("7H"), 10, 20)
>>> 'id="card-7H"' in picture(100, 120, [group])
True
>>> picture(10, 10, []) == picture(10, 10, [])
True
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

import drawsvg as draw

from butterfly.games.cards import Card, Rank, Suit

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
    attributes.setdefault("fill", "white")
    return draw.Text(text, size, x, y, text_anchor=anchor, font_family=FONT, **attributes)


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
    """Cards on the middle of the table under a heading: faces, then ``backs``
    face-down cards; with ``pile``, the backs alone as a pile (a stock);
    ``captions``, a word under each card (who played it)."""

    heading: str
    cards: Sequence[Card] = ()
    backs: int = 0
    pile: bool = False
    captions: Sequence[str] = ()


@dataclass(frozen=True)
class Seat:
    """A player at the table: ``name``, ``roles`` (dealer, to move),
    ``facts`` (chips, tricks, cards taken: each a short phrase) and the hand,
    face up, or ``backs`` face-down cards when it is hidden."""

    name: str
    roles: Sequence[str] = ()
    facts: Sequence[str] = ()
    cards: Sequence[Card] = ()
    backs: int = 0

    @property
    def title(self) -> str:
        """The name with the roles: ``P1 (dealer, to move)``."""
        return f"{self.name} ({', '.join(self.roles)})" if self.roles else self.name


SPREAD_GAP = 6  # between two cards side by side
STEP = WIDTH + SPREAD_GAP  # from a card to the next, side by side
PER_LINE = 6  # cards in a line of the middle of the table (the wide picture)
NARROW = 440  # the narrow picture's width: a phone shows it about 0.85 times its size
PEEK = 24  # an overlapped card's visible strip: its corner's rank and suit
LEAST_PEEK = 19  # the least of it (a hand of five in a narrow column)
SIDE = WIDTH + 4 * LEAST_PEEK  # a narrow picture's side seats at most: a hand of five
BACK_PEEK = 14  # a hidden hand's overlapped backs
MIDDLE_PEEK = 28  # the table's and the trick's cards, overlapped
COVERED = 36  # an overlapped card's step at most: its top right corner hidden by the next
ROW_PEEK = 36  # a hand's second row over its first: the top corners show
PAD = 10  # between the parts of the table
NAME_SIZE = 14
FACT_SIZE = 13
LINE = 16  # a line of a seat's label
MAT = "#3a8050"  # the middle of the table, lighter than the cloth
MOVER_INK = "#ffe680"  # the name of the player to move


def _text_width(text: str, size: float, bold: bool = False) -> float:
    """An upper estimate of ``text``'s width in the pictures' font."""
    return len(text) * size * (0.6 if bold else 0.55)


def _lines(phrases: Sequence[str], width: float, size: float) -> list[str]:
    """``phrases`` joined by commas into lines at most ``width`` wide (a long
    phrase stands alone)."""
    lines: list[str] = []
    for phrase in phrases:
        if lines and _text_width(f"{lines[-1]}, {phrase}", size) <= width:
            lines[-1] += f", {phrase}"
        else:
            lines.append(phrase)
    return lines


@dataclass(frozen=True)
class _Fan:
    """How ``count`` cards lie: ``step`` apart in rows of ``per_row``, each
    row ``row_step`` under the one before."""

    count: int
    step: float
    per_row: int
    row_step: float

    @classmethod
    def fit(cls, count: int, room: float, step: float, least: float, row_step: float) -> _Fan:
        """``count`` cards ``step`` apart, closer (down to ``least``) when they
        do not fit in ``room``, in more rows when they do not fit even so."""
        per_row = max(1, min(count, int((room - WIDTH) // least) + 1))
        if per_row > 1 and (room - WIDTH) / (per_row - 1) < step:
            # overlapped: closer still, if need be, to hide the top right corner
            # wholly (a corner half hidden reads as a wrong card)
            step = min((room - WIDTH) / (per_row - 1), max(least, COVERED))
        return cls(count, round(step, 1), per_row, row_step)

    @property
    def width(self) -> float:
        return WIDTH + (min(self.count, self.per_row) - 1) * self.step if self.count else WIDTH

    @property
    def height(self) -> float:
        return HEIGHT + (max(1, -(-self.count // self.per_row)) - 1) * self.row_step

    def at(self, k: int, x: float, y: float) -> tuple[float, float]:
        """Where the ``k``th card's top left corner lies, the fan's at (``x``, ``y``)."""
        return round(x + (k % self.per_row) * self.step, 1), round(y + (k // self.per_row) * self.row_step, 1)


class _Table:
    """The layout of a table_picture: every size, then the drawing."""

    def __init__(self, seats: Sequence[Seat], mover: int, narrow: bool) -> None:
        self.seats, self.mover, self.narrow = seats, mover, narrow
        others = [(mover + k) % len(seats) for k in range(1, len(seats))]
        # Play goes to the right: the next player sits on the mover's right,
        # then round the table (top from right to left) to the left.
        self.right = others[:1] if len(others) >= 2 else []
        self.left = others[-1:] if len(others) >= 2 else []
        self.top = others[::-1] if len(others) == 1 else others[-2:0:-1]

    def fan(self, seat: int, room: float) -> _Fan:
        s = self.seats[seat]
        count = len(s.cards) + s.backs
        if seat == self.mover:  # never overlapped: each card whole, to read and to tap
            return _Fan.fit(count, room, STEP, STEP, HEIGHT + SPREAD_GAP)
        if s.backs and not s.cards:
            return _Fan.fit(count, room, BACK_PEEK, BACK_PEEK, ROW_PEEK)
        return _Fan.fit(count, room, PEEK if self.narrow else STEP, LEAST_PEEK, ROW_PEEK)

    def natural(self, seat: int, room: float, one_per_line: bool) -> float:
        """The width ``seat`` takes at most ``room``: its hand's, its labels'."""
        s = self.seats[seat]
        facts = [_text_width(f, FACT_SIZE) for f in s.facts]
        text = max(
            [_text_width(s.title, NAME_SIZE, True), *(facts if one_per_line else [sum(facts) + 10 * len(facts)])]
        )
        return min(room, max(self.fan(seat, room).width, text))

    def beside(self, seat: int, width: float) -> bool:
        """Whether ``seat``'s label fits left of its hand (a phrase a line), not above it."""
        s = self.seats[seat]
        lines = [", ".join(s.roles)] if s.roles else []
        words = max([_text_width(s.name, NAME_SIZE, True), *(_text_width(f, FACT_SIZE) for f in [*lines, *s.facts])])
        fan = self.fan(seat, width)
        return (width - fan.width) / 2 >= words + PAD and LINE * (1 + len(lines) + len(s.facts)) <= fan.height

    def label(self, seat: int, width: float) -> tuple[str, list[str]]:
        """``seat``'s label: its heading (in bold) and the lines under it."""
        s = self.seats[seat]
        if self.beside(seat, width):
            return s.name, [", ".join(s.roles)] * bool(s.roles) + list(s.facts)
        side = seat in self.left or seat in self.right
        return s.title, list(s.facts) if side else _lines(s.facts, width, FACT_SIZE)

    def seat_height(self, seat: int, width: float, reserve: int = 0) -> float:
        """The height of ``seat`` drawn ``width`` wide, at least ``reserve`` lines under its heading."""
        fan = self.fan(seat, width)
        if self.beside(seat, width):
            return fan.height
        return fan.height + LINE * (1 + max(reserve, len(self.label(seat, width)[1]))) + 6

    def reserve(self, seats: Sequence[int], width: float) -> int:
        """The most lines under a heading of ``seats``, drawn ``width`` wide
        (so that their hands, side by side, lie level)."""
        return max(len(self.label(s, width)[1]) for s in seats)

    def draw_seat(
        self, seat: int, x: float, y: float, width: float, out: list[draw.DrawingElement], reserve: int = 0
    ) -> None:
        """``seat``'s label and hand, centred in ``width`` from (``x``, ``y``):
        the label above the hand (at least ``reserve`` lines under its
        heading), or left of it when it fits there."""
        s = self.seats[seat]
        mover = seat == self.mover
        fan = self.fan(seat, width)
        left = round(x + (width - fan.width) / 2, 1)
        heading, lines = self.label(seat, width)
        if self.beside(seat, width):
            at, anchor = round(left - PAD, 1), "end"
            top = round(y + (fan.height - LINE * (1 + len(lines))) / 2, 1)
            hand_top = y
        else:
            at, anchor, top = round(x + width / 2, 1), "middle", y + LINE * max(0, reserve - len(lines))
            hand_top = y + LINE * (1 + max(reserve, len(lines))) + 6
        group = draw.Group(class_="seat mover" if mover else "seat")
        ink = MOVER_INK if mover else "white"
        group.append(label(heading, at, top + NAME_SIZE, NAME_SIZE, anchor, font_weight="bold", fill=ink))
        for k, line in enumerate(lines):
            group.append(label(line, at, top + LINE * (k + 1) + FACT_SIZE, FACT_SIZE, anchor))
        hand = draw.Group(class_="hand mover" if mover else "hand")
        if not fan.count:
            hand.append(place(left, hand_top))
        shown: list[Card | None] = [*s.cards, *([None] * s.backs)]
        for k, card in enumerate(shown):
            cx, cy = fan.at(k, left, hand_top)
            hand.append(back(cx, cy) if card is None else face(card, cx, cy))
        group.append(hand)
        out.append(group)


def _middle_fan(part: Spread, room: float, narrow: bool) -> _Fan:
    """The cards of ``part``: overlapped when narrow, else side by side, PER_LINE a line."""
    count = len(part.cards) + part.backs
    if not narrow:
        room = min(room, WIDTH + (PER_LINE - 1) * STEP)
    least = MIDDLE_PEEK if narrow else STEP
    return _Fan.fit(max(count, 1), room, STEP, least, HEIGHT + SPREAD_GAP + (14 if part.captions else 0))


def _part_size(part: Spread, room: float, narrow: bool) -> tuple[float, float]:
    """The width and height of a part of the middle of the table."""
    heading = _text_width(part.heading, FACT_SIZE)
    if part.pile:
        return max(heading, WIDTH + 9), LINE + 6 + HEIGHT + 9
    fan = _middle_fan(part, room, narrow)
    return max(heading, fan.width), LINE + 6 + fan.height + (14 if part.captions else 0)


def _draw_part(part: Spread, x: float, y: float, width: float, narrow: bool, out: list[draw.DrawingElement]) -> None:
    middle = round(x + width / 2, 1)
    out.append(label(part.heading, middle, y + FACT_SIZE, FACT_SIZE, "middle"))
    y += LINE + 6
    if part.pile:  # a face-down pile, a few cards thick
        for k in range(min(part.backs, 4)):
            out.append(back(round(middle - (WIDTH + 9) / 2 + 3 * k, 1), y + 3 * k))
        return
    fan = _middle_fan(part, width, narrow)
    left = x + (width - fan.width) / 2
    shown: list[Card | None] = [*part.cards, *([None] * part.backs)]
    if not shown:
        out.append(place(round(middle - WIDTH / 2, 1), y))
    for k, card in enumerate(shown):
        cx, cy = fan.at(k, left, y)
        out.append(back(cx, cy) if card is None else face(card, cx, cy))
        if k < len(part.captions):
            strip = fan.step if k % fan.per_row < fan.per_row - 1 and k < len(shown) - 1 else WIDTH
            out.append(
                label(part.captions[k], round(cx + min(strip, WIDTH) / 2, 1), cy + HEIGHT + 13, FACT_SIZE, "middle")
            )


def _rows(middle: Sequence[Spread], width: float, narrow: bool) -> list[list[tuple[Spread, float, float]]]:
    """The middle's parts in rows no wider than ``width``, each with its size."""
    rows: list[list[tuple[Spread, float, float]]] = []
    used = 0.0
    for part in middle:
        w, h = _part_size(part, width, narrow)
        if rows and used + 2 * PAD + w <= width:
            rows[-1].append((part, w, h))
            used += 2 * PAD + w
        else:
            rows.append([(part, w, h)])
            used = w
    return rows


def _centre_height(middle: Sequence[Spread], notes: Sequence[str], width: float, narrow: bool) -> float:
    rows = _rows(middle, width - 2 * PAD, narrow)
    return (
        PAD
        + sum(max(h for _, _, h in row) + PAD for row in rows)
        + LINE * len(_lines(notes, width - 2 * PAD, FACT_SIZE))
        + PAD
    )


def _draw_centre(
    middle: Sequence[Spread],
    notes: Sequence[str],
    x: float,
    y: float,
    width: float,
    height: float,
    narrow: bool,
    out: list[draw.DrawingElement],
) -> None:
    """The middle of the table on its mat, its parts and notes centred."""
    out.append(
        draw.Rectangle(x, y, width, height, rx=14, ry=14, fill=MAT, stroke="#5b9a6c", stroke_width=1, class_="middle")
    )
    y += (height - _centre_height(middle, notes, width, narrow)) / 2 + PAD
    for row in _rows(middle, width - 2 * PAD, narrow):
        row_width = sum(w for _, w, _ in row) + 2 * PAD * (len(row) - 1)
        px = x + (width - row_width) / 2
        for part, w, _ in row:
            _draw_part(part, round(px, 1), round(y, 1), w, narrow, out)
            px += w + 2 * PAD
        y += max(h for _, _, h in row) + PAD
    for line in _lines(notes, width - 2 * PAD, FACT_SIZE):
        out.append(label(line, round(x + width / 2, 1), round(y + FACT_SIZE, 1), FACT_SIZE, "middle"))
        y += LINE


def bottom_seat(to_move: int, hidden: Collection[int], players: int) -> int:
    """The seat a picture draws at the bottom: the player to move, else (the
    hand over) the first whose hand is shown."""
    if 0 <= to_move < players:
        return to_move
    return next((p for p in range(players) if p not in hidden), 0)


def table_picture(
    title: str,
    seats: Sequence[Seat],
    middle: Sequence[Spread],
    notes: Sequence[str],
    narrow: bool = False,
    mover: int = 0,
) -> str:
    """A card game's position as players see the table: ``seats[mover]`` (the
    player to move) at the bottom, face up, in a group of the class ``hand
    mover`` (every other hand's class is ``hand``, every seat's ``seat``), the
    others round the table in the order of play (the next on the right, then
    across the top, the last on the left), and the middle of the table (table
    cards, trick, turned card, stock) with ``notes`` (pool, stakes) on a mat
    in the centre. ``narrow``: as narrow as a phone's screen (NARROW wide, the
    other hands overlapped so that only their corners show); else every hand
    laid out in full. Hidden hands show only backs."""
    table = _Table(seats, mover, narrow)
    margin = 10 if narrow else MARGIN
    sides = 1 if table.left else 0
    title_height = 34
    if narrow:
        width: float = NARROW
        side = max([90.0, *(table.natural(s, SIDE, True) for s in table.left + table.right)]) if sides else 0
    else:
        side = max([90.0, *(table.natural(s, 1000, True) for s in table.left + table.right)]) if sides else 0
        centre_natural = max([WIDTH, *(_part_size(p, 1000, False)[0] for p in middle)]) + 2 * PAD
        top_natural = sum(table.natural(s, 1000, False) + PAD for s in table.top) - PAD
        width = 2 * margin + max(
            2 * sides * (side + PAD) + max(centre_natural, 260),
            top_natural,
            table.natural(mover, 1000, False),
            _text_width(title, 18, True),
        )
    inner = width - 2 * margin
    centre_width = inner - 2 * sides * (side + PAD)
    elements: list[draw.DrawingElement] = [] if narrow else [label(title, margin, margin + 16, 18, font_weight="bold")]
    y: float = margin + (0 if narrow else title_height)
    if table.top:
        each = (inner - PAD * (len(table.top) - 1)) / len(table.top)
        lines = table.reserve(table.top, each)
        for k, seat in enumerate(table.top):
            table.draw_seat(seat, round(margin + k * (each + PAD), 1), y, each, elements, lines)
        y += max(table.seat_height(s, each, lines) for s in table.top) + PAD
    band = _centre_height(middle, notes, centre_width, narrow)
    if sides:
        lines = table.reserve(table.left + table.right, side)
        band = max(band, *(table.seat_height(s, side, lines) for s in table.left + table.right))
        for seat, x in [*((s, margin) for s in table.left), *((s, width - margin - side) for s in table.right)]:
            at = round(y + (band - table.seat_height(seat, side, lines)) / 2, 1)
            table.draw_seat(seat, x, at, side, elements, lines)
    _draw_centre(middle, notes, margin + sides * (side + PAD), y, centre_width, band, narrow, elements)
    y += band + PAD
    table.draw_seat(mover, margin, y, inner, elements)
    y += table.seat_height(mover, inner)
    return picture(round(width, 1), round(y + margin, 1), elements, title)
