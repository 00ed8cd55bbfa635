"""One entry point for solving a patience position, whichever engine runs it."""

from __future__ import annotations

from games.patience import Position
from solver.result import Limits, SolveResult

ENGINES = ("kernel", "python")


def solve(position: Position, limits: Limits = Limits(), engine: str = "kernel",
          safe_autoplay: bool = True, shorten: bool = False) -> SolveResult:
    """Solve with the compiled kernel (default) or the pure-Python reference;
    both search identically, the kernel about a hundred times faster. With
    ``shorten``, a won line is shortened (solver.shorten) before it is returned."""
    if engine == "kernel":
        from solver import kernel as chosen
    elif engine == "python":
        from solver import reference as chosen
    else:
        raise ValueError(f"unknown engine {engine!r} (engines: {', '.join(ENGINES)})")
    result = chosen.solve(position, limits, safe_autoplay)
    if shorten and result.moves:
        from solver.shorten import shorten as shorten_line

        result.moves = shorten_line(position, result.moves)
    return result
