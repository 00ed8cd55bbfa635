"""A position's one line, whichever game it is of (docs/formats.md,
"One-line positions"): the line's first word names the game, and that
game's notation reads the rest.

>>> position = parse_line("butterfly_fACADAHAS_b-_l7D9C4D8H8D.5SJD6D9SJC.5DKD3C2D.JH5H7H4H2C.6SKCKHTHTS"
...                       "_rJSTD8SQC4S.6C7C5CKS6H.QSQHQD9D.3D3S4C2H8C.TC3H2S9H7S")
>>> type(position).__name__, position.cards_in_play()
('Position', 48)
>>> from butterfly.games.errors import ParseError
>>> try:
...     parse_line("chess_e4")
... except ParseError as error:
...     print(error)  # doctest: +NORMALIZE_WHITESPACE
a line starts with its game: butterfly, fortress, beleaguered-castle,
streets-and-alleys, papillon or mouche, not 'chess'
"""

from __future__ import annotations

from typing import Any

from butterfly.games.registry import game_of_line


def parse_line(text: str) -> Any:
    """The position ``text`` gives, as its game's position type (the game
    registry's, butterfly.games.registry: a patience
    :class:`~butterfly.games.patience.rules.Position`, a Papillon
    :class:`~butterfly.games.papillon.format.Position`, a
    :class:`~butterfly.games.mouche.format.MouchePosition`); its game's
    ``write_line`` writes it back."""
    return game_of_line(text).read_line(text)
