"""Tables of proved distances kept from one position of a game to the next
(docs/solver.md, "Distances kept across the positions of a game").

:func:`~butterfly.solver.patience.analysis.analyse` with lengths shares one
table of facts proved about positions (:class:`~butterfly.solver.patience.shortest.Distances`,
the kernel's ``Distances``) between the searches of its moves. A fact is a
proved bound on one position's distance to a win under one rule set, true
whatever deal or request it was proved in; and the next position a player
looks at is, most often, one of the moves just searched (or the one before).
So a process keeps a few tables, the least recently used dropped first
(:class:`DistanceCache`, one per process: :data:`DISTANCES`), and an
analysis asked with ``distances=CACHED`` takes the table of its game.

*Which table is a position's.* A table is kept with its rule set, its
engine and the code version of its facts (:func:`table_version`: a digest
of the sources that prove them, so a table is never read by code other than
the code that wrote it), and with its *trail*: the positions analysed with it, their
moves' positions and those moves' own (the positions a player steps to in
one or two moves, forward or back). A position in a kept table's trail
takes that table; any other takes a new one. (A position from another game
taking a table would cost room, never truth: every fact holds of a
position whatever deal it came from.)

*Memory.* The tables share what one analysis gave its own table (a quarter
of the lengths' memory): each holds at most ``1 / tables`` of it
(:func:`~butterfly.solver.patience.shortest.distance_entries`), so the
searches keep the rest, as without the cache. A table that is nearly full
learns little more; it is dropped and its game starts a new one.
:meth:`DistanceCache.held_bytes` is the most the kept tables may hold, for
a process's other searches to count within its memory.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from butterfly.games.patience.rules import Position, Rules
from butterfly.solver.engines import EngineName
from butterfly.solver.patience.shortest import KNOWN_SLOT_BYTES, Distances, distance_entries
from butterfly.solver.version import code_version

#: ``distances=CACHED``: the analysis takes its game's table from :data:`DISTANCES`.
CACHED = "cached"
#: The tables a process keeps: a player stepping through a game, and another.
CACHE_TABLES = 2
#: The most positions a table's trail remembers (the oldest forgotten first).
TRAIL_POSITIONS = 4096
#: A kept table this full (its share of its limit) is dropped for a new one.
FULL_SHARE = 0.9

#: What a table's facts are computed by: the analysis and, closed over its imports, the
#: rules, both engines and their kernels (:func:`butterfly.solver.version.sources_of`).
FACT_SOURCES = ("butterfly.solver.patience.analysis",)


def table_version(engine: EngineName) -> str:
    """The code version of a table's facts (:func:`butterfly.solver.version.code_version`
    of :data:`FACT_SOURCES`, read once a process) and the engine that proves them."""
    return f"{engine}:{code_version(FACT_SOURCES)}"


@dataclass
class _Kept:
    table: Any
    limit: int
    trail: OrderedDict[tuple, None] = field(default_factory=OrderedDict)


class DistanceCache:
    """At most ``tables`` tables of proved distances, least recently used
    dropped first, each found by its game's positions (module docstring)."""

    def __init__(self, tables: int = CACHE_TABLES, trail: int = TRAIL_POSITIONS) -> None:
        self.tables, self.trail = tables, trail
        # (code version, rules) -> kept tables of those, the most recently used last
        self.kept: OrderedDict[int, tuple[tuple[str, Rules], _Kept]] = OrderedDict()
        self.made = 0  # tables made: a table's number
        self.reused = 0  # analyses that found their game's table

    def __len__(self) -> int:
        return len(self.kept)

    def clear(self) -> None:
        self.kept.clear()

    def held_bytes(self) -> int:
        """The most the kept tables may take (each at its limit, while it grows)."""
        return sum(3 * kept.limit * KNOWN_SLOT_BYTES for _, kept in self.kept.values())

    def table_for(self, position: Position, engine: EngineName, memory_bytes: int) -> Any:
        """The table of ``position``'s game for ``engine``'s searches, kept or new;
        ``memory_bytes``: what all the kept tables together may take."""
        limit = distance_entries(memory_bytes // self.tables)
        game = (table_version(engine), position.rules)
        key = position.key()
        for number in reversed(self.kept):
            kind, kept = self.kept[number]
            if kind == game and kept.limit == limit and key in kept.trail:
                self.kept.move_to_end(number)
                if len(kept.table) >= FULL_SHARE * limit:
                    del self.kept[number]  # (nearly full: a new table for the game)
                    break
                self.reused += 1
                self._remember(kept, position)
                return kept.table
        while len(self.kept) >= self.tables:
            self.kept.popitem(last=False)
        kept = _Kept(_new_table(engine, limit), limit)
        self.made += 1
        self.kept[self.made] = (game, kept)
        self._remember(kept, position)
        return kept.table

    def _remember(self, kept: _Kept, position: Position) -> None:
        """``position`` and the positions one and two moves on in ``kept``'s trail
        (the one before is in it already: it was analysed, or this is one of its moves)."""
        keys = [position.key()]
        for _, child in position.distinct_children().values():
            keys.append(child.key())
            keys.extend(grandchild.key() for _, grandchild in child.distinct_children().values())
        for key in keys:
            kept.trail[key] = None
            kept.trail.move_to_end(key)
        while len(kept.trail) > self.trail:
            kept.trail.popitem(last=False)


def _new_table(engine: EngineName, limit: int) -> Any:
    if engine == "kernel":
        import butterfly.ext._shortest as _shortest

        return _shortest.Distances(limit)
    return Distances(limit)


#: The process's cache (the server's workers, and any caller of ``distances=CACHED``).
DISTANCES = DistanceCache()
