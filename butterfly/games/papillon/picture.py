"""Drawing a Papillon position as an SVG picture: each seat's hand (backs
when hidden), the table, the stock, the pool and the chips.

>>> from butterfly.games.papillon.format import parse_position
>>> position = parse_position('''{"players": 3, "dealer": 0, "to_move": 1,
...  "hands": [["9S"], ["5S", "KH"], ["KS"]], "table": ["5D", "2C"],
...  "taken": [20, 15, 11], "chips": [250, 262, 248], "pool": 60}''')
>>> svg = draw_svg(position)
>>> svg.count('class="card"'), svg.count('class="card-back"')
(6, 0)
"""

from __future__ import annotations

from butterfly.games.cardsvg import Seat, Spread, bottom_seat, table_picture
from butterfly.games.papillon.format import Position
from butterfly.games.records import seat_name


def draw_svg(position: Position, title: str | None = None, narrow: bool = False) -> str:
    """The position as an SVG document, under ``title`` (default: who is to
    move): the table as the player to move sees it, their hand at the bottom
    (butterfly.games.cardsvg.table_picture); ``narrow``: as narrow as a phone."""
    state = position.state
    seats = []
    for p, hand in enumerate(state.hands):
        roles = [r for r, yes in (("dealer", p == state.dealer), ("to move", p == state.to_move)) if yes]
        facts = (f"{state.chips[p]} chips", f"{state.taken[p]} cards taken")
        hidden = p in position.hidden
        seats.append(Seat(seat_name(p), roles, facts, () if hidden else hand, len(hand) if hidden else 0))
    middle = [Spread(f"table ({len(state.table)})", state.table)]
    if state.stock:
        middle.append(Spread(f"stock ({len(state.stock)})", backs=len(state.stock), pile=True))
    notes = [f"pool {state.pool}", f"stake {state.stake}"]
    if state.papillons:
        notes.append("papillons by " + ", ".join(seat_name(p) for p in state.papillons))
    to_move = f"{seat_name(state.to_move)} to move" if state.to_move >= 0 else "the hand is over"
    title = title or f"Papillon, {state.players} players: {to_move}"
    return table_picture(title, seats, middle, notes, narrow, bottom_seat(state.to_move, position.hidden, len(seats)))
