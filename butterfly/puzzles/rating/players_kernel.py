"""The ladder's players, compiled: the friendly face of ``butterfly.ext._ladder``.

The same games as :mod:`butterfly.puzzles.rating.players`, move for move, hundreds of
times faster (``python bench/ladder.py``). The position goes in as the
patience kernel takes it (:func:`butterfly.solver.patience.kernel.kernel_fields`: card
indexes and the rules engine's own build table), and the moves come back as
:class:`butterfly.games.patience.Move`.

>>> from butterfly.games.patience.rules import Position
>>> from butterfly.puzzles.rating import players
>>> position = Position.deal(1)
>>> play(position, GREEDY, seed=1) == players.play(position, GREEDY, seed=1)
True
>>> won, moves = play(position, ROLLOUT, seed=1)
>>> won, position.replay(moves)[-1].is_won()
(True, True)
"""

from __future__ import annotations

import butterfly.ext._ladder as _ladder
from butterfly.games.patience.rules import Move, Position
from butterfly.solver.patience.kernel import kernel_fields, to_moves

#: The policies, by the codes of :mod:`butterfly.puzzles.rating.players` (a test checks the kernel's).
RANDOM, GREEDY, LOOKAHEAD, ROLLOUT = _ladder.RANDOM, _ladder.GREEDY, _ladder.LOOKAHEAD, _ladder.ROLLOUT

#: The fields of :func:`kernel_fields` the ladder's kernel takes (it neither prunes nor needs the builders).
FIELDS = (
    "rows",
    "cells",
    "foundations",
    "can_build",
    "cells_one_way",
    "max_cells",
    "empty_rows_take_any",
    "last_card_to_foundation_only",
)


def play(position: Position, policy: int, seed: int, epsilon_ppm: int = 0, horizon: int = 0) -> tuple[bool, list[Move]]:
    """Play ``position`` to its end with ``policy``: (won, the moves played),
    as :func:`butterfly.puzzles.rating.players.play`. ``epsilon_ppm`` (0 to 1,000,000) and a
    negative ``horizon`` or unknown ``policy`` raise ValueError."""
    fields = kernel_fields(position, safe_autoplay=False, dead_ends=False)
    won, raw_moves = _ladder.play(
        **{name: fields[name] for name in FIELDS},
        policy=policy,
        seed=seed,
        epsilon_ppm=epsilon_ppm,
        horizon=horizon,
    )
    return won, to_moves(position.rules, raw_moves)
