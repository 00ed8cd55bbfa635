"""Drawing a La Mouche (or Le Pamphile) position as an SVG picture: each
seat's hand (backs when hidden) with its declaration, tricks and chips; the
turned card that made trumps, the trick in progress, the stock and the pool.

>>> from butterfly.games.mouche.format import parse_position
>>> state, hidden = parse_position('''{"players": 3, "dealer": 2, "turned": "TH",
...  "declared": ["stand", "stand", "fold"], "hands": [["KH", "QH", "9S", "8S"], 5, []],
...  "tricks_played": [], "trick": [[0, "AS"]]}''')
>>> svg = draw_svg(state, hidden)
>>> svg.count('class="card"'), svg.count('class="card-back"')  # 5 hidden cards, 4 drawn for the stock
(6, 9)
"""

from __future__ import annotations

from collections.abc import Sequence

from butterfly.games.cardsvg import Seat, Spread, bottom_seat, table_picture
from butterfly.games.mouche.rules import MoucheHand
from butterfly.games.records import seat_name


def draw_svg(state: MoucheHand, hidden: Sequence[int] = (), title: str | None = None, narrow: bool = False) -> str:
    """The position as an SVG document: the table as the player to move sees
    it, their hand at the bottom (butterfly.games.cardsvg.table_picture); the hands of
    the seats ``hidden`` are drawn face down; ``narrow``: as narrow as a phone."""
    playing = state.phase in ("declare", "play", "trump")
    seats = []
    for p, hand in enumerate(state.hands):
        roles = [r for r, yes in (("dealer", p == state.dealer), ("to move", playing and p == state.to_move)) if yes]
        declared = state.declared[p] if p < len(state.declared) else None
        facts = [declared or "to declare"]
        if state.tricks:
            facts.append(f"{state.tricks[p]} trick{'s' if state.tricks[p] != 1 else ''}")
        facts.append(f"{state.chips[p]} chips")
        concealed = p in hidden
        seats.append(Seat(seat_name(p), roles, facts, () if concealed else hand, len(hand) if concealed else 0))
    trumps = state.trump.symbol if state.trump is not None else "to be chosen"
    middle = [Spread(f"trumps {trumps}", (state.turned,))]
    if state.stock:
        middle.append(Spread(f"stock ({len(state.stock)})", backs=len(state.stock), pile=True))
    if state.phase == "play" or state.trick:
        trick = Spread(
            "trick so far", tuple(c for _, c in state.trick), captions=tuple(seat_name(s) for s, _ in state.trick)
        )
        middle.append(trick)
    played = len(state.plays) // max(len(state.in_hand()), 1)
    notes = [f"pool {state.pool}", f"{played} trick{'s' if played != 1 else ''} played"]
    game = "Le Pamphile" if state.options.pamphile else "La Mouche"
    to_move = f"{seat_name(state.to_move)} to {'declare' if state.phase == 'declare' else 'play'}"
    if not playing:
        to_move = "the hand is over"
    title = title or f"{game}, {state.players} players: {to_move}"
    mover = bottom_seat(state.to_move if playing else -1, hidden, len(seats))
    return table_picture(title, seats, middle, notes, narrow, mover)
