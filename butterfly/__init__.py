"""butterfly: a solver and puzzle engine for Butterfly solitaire and its
sibling patiences, with exact endgame analysis of Papillon and La Mouche.

The everyday names are here at the top (docs/api.md shows them at work)::

    >>> import butterfly
    >>> deal = butterfly.Position.deal(1)
    >>> result = butterfly.solve(deal)
    >>> result.result, deal.replay(result.moves)[-1].is_won()
    ('won', True)

Everything else lives in the subpackages, one room each (docs/architecture.md):
``butterfly.games`` (rules and formats), ``butterfly.solver`` (searches and
analyses), ``butterfly.puzzles`` (ratings and puzzles), ``butterfly.ext``
(the compiled kernels) and ``butterfly.cli`` (the ``butterfly`` command).

A name is imported when first used, so ``import butterfly`` costs nothing
the command line does not need.
"""

from __future__ import annotations

import importlib
import importlib.abc
import sys

#: Each everyday name: the module it lives in, and its name there.
_NAMES = {
    # Cards and errors, shared by every game.
    "Card": ("butterfly.games.cards", "Card"),
    "InputError": ("butterfly.games.errors", "InputError"),
    "ParseError": ("butterfly.games.errors", "ParseError"),
    "IllegalMoveError": ("butterfly.games.errors", "IllegalMoveError"),
    # Butterfly and its sibling patiences: a deal, its moves, solving it.
    "Position": ("butterfly.games.patience.rules", "Position"),
    "Move": ("butterfly.games.patience.rules", "Move"),
    "Rules": ("butterfly.games.patience.rules", "Rules"),
    "make_rules": ("butterfly.games.patience.rules", "make_rules"),
    "parse_deal": ("butterfly.games.patience.format", "parse_deal"),
    "format_deal": ("butterfly.games.patience.format", "format_deal_text"),
    "parse_moves": ("butterfly.games.patience.format", "parse_moves"),
    "format_moves": ("butterfly.games.patience.format", "format_moves"),
    "Limits": ("butterfly.solver.patience.result", "Limits"),
    "SolveResult": ("butterfly.solver.patience.result", "SolveResult"),
    "solve": ("butterfly.solver.patience.solve", "solve"),
    "solve_short": ("butterfly.solver.patience.solve", "solve_short"),
    "solve_shortest": ("butterfly.solver.patience.solve", "solve_shortest"),
    "rate": ("butterfly.puzzles.rating.rate", "rate"),
    # Every game: registered once, a position's one line, every move's value, a game reviewed.
    "game_named": ("butterfly.games.registry", "game_named"),
    "game_of_line": ("butterfly.games.registry", "game_of_line"),
    "parse_line": ("butterfly.games.lines", "parse_line"),
    "position_line": ("butterfly.games.patience.notation", "position_line"),
    "Budget": ("butterfly.solver.budget", "Budget"),
    "analyse": ("butterfly.solver.analysis", "analyse"),
    "review": ("butterfly.solver.analysis", "review"),
    "read_record": ("butterfly.games.patience.record", "read_record"),
    "write_record": ("butterfly.games.patience.record", "write_record"),
    # Papillon: a position, and its exact analysis.
    "parse_papillon": ("butterfly.games.papillon.format", "parse_position"),
    "analyse_papillon": ("butterfly.solver.papillon.analysis", "analyse"),
    "analyse_papillon_redeal": ("butterfly.solver.papillon.analysis", "analyse_redeal"),
    "analyse_papillon_seat": ("butterfly.solver.papillon.seat", "analyse_seat"),
    "papillon_line": ("butterfly.games.papillon.notation", "position_line"),
    "read_papillon_record": ("butterfly.games.papillon.record", "read_record"),
    # La Mouche and Le Pamphile: a position, and its exact analysis.
    "parse_mouche": ("butterfly.games.mouche.format", "parse_position"),
    "analyse_mouche": ("butterfly.solver.mouche.analysis", "analyse"),
    "mouche_guarantees": ("butterfly.solver.mouche.analysis", "guarantees"),
    "mouche_line": ("butterfly.games.mouche.notation", "position_line"),
    "read_mouche_record": ("butterfly.games.mouche.record", "read_record"),
}

__all__ = sorted(_NAMES)


def __getattr__(name: str) -> object:
    try:
        module, attribute = _NAMES[name]
    except KeyError:
        raise AttributeError(f"module 'butterfly' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value  # imported once
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_NAMES])


#: The package's rooms, once top-level folders of the checkout (importable by their short names from it).
ROOMS = ("games", "solver", "puzzles", "ext", "cli", "server")


class _RoomsLiveInThePackage(importlib.abc.MetaPathFinder):
    """Asked last, when nothing else found a module: ``import games`` (a room by its short name, as code
    run from an old checkout did) fails with one line naming the import that works."""

    def find_spec(self, fullname: str, path: object, target: object = None) -> None:
        room = fullname.partition(".")[0]
        if path is None and room in ROOMS:
            raise ModuleNotFoundError(
                f"no module named {fullname!r}: the rooms live in the package, import butterfly.{fullname}",
                name=fullname,
            )


if not any(isinstance(finder, _RoomsLiveInThePackage) for finder in sys.meta_path):
    sys.meta_path.append(_RoomsLiveInThePackage())
