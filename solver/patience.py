"""One entry point for solving a patience position, whichever engine runs it."""

from __future__ import annotations

from games.patience import Position
from solver.result import Limits, SolveResult

ENGINES = ("kernel", "python")


def solve(position: Position, limits: Limits = Limits(), engine: str = "kernel",
          safe_autoplay: bool = True) -> SolveResult:
    """Solve with the compiled kernel (default) or the pure-Python reference;
    both search identically, the kernel about a hundred times faster."""
    if engine == "kernel":
        from solver import kernel as chosen
    elif engine == "python":
        from solver import reference as chosen
    else:
        raise ValueError(f"unknown engine {engine!r} (engines: {', '.join(ENGINES)})")
    return chosen.solve(position, limits, safe_autoplay)
