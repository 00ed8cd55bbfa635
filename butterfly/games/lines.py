"""A position's one line, whichever game it is of (docs/formats.md,
"One-line positions"): the line's first word names the game, and that
game's notation reads the rest.

>>> position = parse_line("butterfly_fACADAHAS_b-_l7D9C4D8H8D.5SJD6D9SJC.5DKD3C2D.JH5H7H4H2C.6SKCKHTHTS"
...                       "_rJSTD8SQC4S.6C7C5CKS6H.QSQHQD9D.3D3S4C2H8C.TC3H2S9H7S")
>>> type(position).__name__, position.cards_in_play()
('Position', 48)
>>> try:
...     parse_line("chess_e4")
... except ParseError as error:
...     print(error)  # doctest: +NORMALIZE_WHITESPACE
a line starts with its game: butterfly, fortress, beleaguered-castle,
streets-and-alleys, papillon or mouche, not 'chess'
"""

from __future__ import annotations

from butterfly.games import notation
from butterfly.games.errors import ParseError, shown
from butterfly.games.mouche import notation as mouche
from butterfly.games.papillon import notation as papillon
from butterfly.games.patience import notation as patience
from butterfly.games.patience.rules import PRESETS


def parse_line(text: str) -> object:
    """The position ``text`` gives: a patience :class:`~butterfly.games.patience.rules.Position`,
    a Papillon :class:`~butterfly.games.papillon.format.Position`, or La Mouche's
    state and hidden seats (:func:`butterfly.games.mouche.notation.parse_line`)."""
    game = text.strip().split(notation.FIELD, 1)[0].lower()
    if game in PRESETS:
        return patience.parse_line(text)
    if game == "papillon":
        return papillon.parse_line(text)
    if game == "mouche":
        return mouche.parse_line(text)
    games = [*PRESETS, "papillon", "mouche"]
    raise ParseError(f"a line starts with its game: {', '.join(games[:-1])} or {games[-1]}, not {shown(game, 20)}")
