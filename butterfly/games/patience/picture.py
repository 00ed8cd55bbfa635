"""Drawing a patience layout as an SVG picture, the way the Butterfly seed
describes the game: the body of foundations as a column in the middle, the
rows ``L1..`` as the left wing and ``R1..`` as the right, each row's cards
overlapping outward from the body so that its outer card, the one that
moves, is outermost and whole; the basement (or free cells) below.

Every card of the position is drawn once as a group ``card-7H``: those home
on a foundation lie in a small pile under its top card.

>>> from butterfly.games.patience.rules import Position
>>> svg = draw_svg(Position.deal(1), "butterfly deal 1")
>>> svg.count('class="card"'), 'id="card-AC"' in svg, ">L1<" in svg and ">R5<" in svg
(52, True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from butterfly.games import cardsvg
from butterfly.games.cards import Card, Suit
from butterfly.games.cardsvg import HEIGHT, WIDTH, Element
from butterfly.games.patience.rules import Move, Position

STEP = 20  # how much of a covered card shows
PILE_STEP = 1  # the offset of each card in a foundation pile
MARGIN = 16
LABEL = 34  # room for a row's name
GAP = 14  # between the body and the wings
PITCH = HEIGHT + 14  # from one row to the next
TITLE = 30
MIN_REACH = 5  # wings drawn at least this many cards long, so frames keep one size


def _wings(position: Position) -> tuple[list[int], list[int]]:
    names = position.rules.row_names
    return [i for i, n in enumerate(names) if n[0] == "L"], [i for i, n in enumerate(names) if n[0] == "R"]


def _reach(position: Position) -> tuple[int, int]:
    """The longest row of each wing, in cards."""
    left, right = _wings(position)
    rows = position.rows
    return (max((len(rows[i]) for i in left), default=0), max((len(rows[i]) for i in right), default=0))


def _wing_width(cards: int) -> int:
    return WIDTH + (max(cards, MIN_REACH) - 1) * STEP


def draw_svg(position: Position, title: str | None = None, reach: tuple[int, int] | None = None) -> str:
    """The layout of ``position`` as an SVG document, with ``title`` above
    it; ``reach`` (cards in the longest left and right rows) sets the width
    of the wings, so a sequence of pictures can share one size."""
    rules, rows = position.rules, position.rows
    left, right = _wings(position)
    left_reach, right_reach = reach or _reach(position)
    levels = max(len(left), len(right), 4)
    top = MARGIN + (TITLE if title else 0)
    body_x = MARGIN + LABEL + _wing_width(left_reach) + GAP
    body_width = WIDTH + 12 * PILE_STEP
    right_x = body_x + body_width + GAP
    width = right_x + _wing_width(right_reach) + LABEL + MARGIN
    wings_height = levels * PITCH
    height = top + wings_height + (PITCH + 22 if rules.cells else 0) + MARGIN - 14
    elements: list[Element] = []
    if title:
        elements.append(cardsvg.label(title, MARGIN, MARGIN + 16, 18, font_weight="bold"))
    # The body: one foundation per suit, one below the other, centred on the wings.
    body_top = top + (levels - 4) * PITCH / 2
    for suit, height_of_pile in zip(Suit, position.foundations):
        y = body_top + suit * PITCH
        if not height_of_pile:
            elements.append(cardsvg.place(body_x, y, suit))
        for rank in range(1, height_of_pile + 1):
            offset = (rank - 1) * PILE_STEP
            elements.append(cardsvg.face(Card(rank, suit), body_x + offset, y + offset))
    # The wings: the innermost card next to the body, the outer card drawn last, on top.
    for level, i in enumerate(left):
        y = top + level * PITCH
        inner_x = body_x - GAP - WIDTH
        elements.append(cardsvg.label(rules.row_names[i], MARGIN, y + HEIGHT / 2 + 5, font_weight="bold"))
        elements.extend(_row(rows[i], inner_x, y, -STEP))
    for level, i in enumerate(right):
        y = top + level * PITCH
        elements.append(
            cardsvg.label(rules.row_names[i], width - MARGIN, y + HEIGHT / 2 + 5, anchor="end", font_weight="bold")
        )
        elements.extend(_row(rows[i], right_x, y, STEP))
    # The basement (or free cells) below the body.
    if rules.cells:
        y = top + wings_height + 22
        kind = "basement" if rules.cells_one_way else "free cells"
        span = rules.cells * (WIDTH + 8) - 8
        x = body_x + body_width / 2 - span / 2
        elements.append(cardsvg.label(kind, body_x + body_width / 2, y - 8, anchor="middle"))
        for k in range(rules.cells):
            cx = x + k * (WIDTH + 8)
            if k < len(position.cells):
                elements.append(cardsvg.face(position.cells[k], cx, y))
            else:
                elements.append(cardsvg.place(cx, y))
    return cardsvg.picture(width, height, elements, title)


def _row(row: Sequence[Card], inner_x: float, y: float, step: int) -> Iterable[Element]:
    if not row:
        yield cardsvg.place(inner_x, y)
    for k, card in enumerate(row):
        yield cardsvg.face(card, inner_x + k * step, y)


def frames(position: Position, moves: Sequence[Move], title: str | None = None) -> list[str]:
    """One picture per position along ``moves`` (the first is ``position``),
    all of one size; each title says which move led to it. Raises
    IllegalMoveError naming the first illegal move."""
    positions = position.replay(list(moves))
    reach = (max(_reach(p)[0] for p in positions), max(_reach(p)[1] for p in positions))
    width = len(str(len(moves)))
    pictures = [draw_svg(position, title, reach)]
    for number, (move, after) in enumerate(zip(moves, positions[1:]), 1):
        caption = f"{number:>{width}}. {move}" + (" - won" if after.is_won() else "")
        pictures.append(draw_svg(after, f"{title}: {caption}" if title else caption, reach))
    return pictures
