"""What an analysis or a review may spend, one type for every game
(docs/analysis.md): each game reads the fields it has a use for and takes
its own default for a field left None.

- ``nodes``: positions a search may expand (a patience analysis: each
  move's share; a La Mouche review: the searches from a seat, for a card);
- ``seconds``: time (a patience analysis: each move's share);
- ``deals``: the deals of the unseen cards (worlds) solved from a seat, or
  of the stock at a redeal, before sampling that many;
- ``seed``: the seed of the samples, so that an answer can be made again;
- ``memory_mib``: the patience searches' transposition table (0: none, so
  that a search soon stops on it).

>>> Budget(deals=200, seed=3)
Budget(nodes=None, seconds=None, deals=200, seed=3, memory_mib=None)
>>> Budget(deals=0)
Traceback (most recent call last):
...
butterfly.games.errors.InputError: deals must be a whole number of at least 1, not 0
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from butterfly.games.errors import InputError


@dataclass(frozen=True)
class Budget:
    """What an analysis or a review may spend (see the module's docstring); None: the game's default."""

    nodes: int | None = None
    seconds: float | None = None
    deals: int | None = None
    seed: int = 0
    memory_mib: int | None = None

    def __post_init__(self) -> None:
        for name, least in (("nodes", 1), ("deals", 1), ("memory_mib", 0)):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < least):
                raise InputError(f"{name} must be a whole number of at least {least}, not {value!r}")
        if self.seconds is not None and not (
            isinstance(self.seconds, int | float) and math.isfinite(self.seconds) and self.seconds >= 0
        ):
            raise InputError(f"seconds must be a number of at least 0, not {self.seconds!r}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise InputError(f"seed must be a whole number, not {self.seed!r}")


#: Nothing given: each game's defaults.
DEFAULTS = Budget()
