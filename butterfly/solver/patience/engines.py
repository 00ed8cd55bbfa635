"""The patience games' two engines behind one Protocol (butterfly/solver/engines.py):
the kernel (butterfly/solver/patience/kernel.py, on butterfly/ext/_patience.pyx and
butterfly/ext/_shortest.pyx) and its Python twin (butterfly/solver/patience/reference.py for
the depth-first search, butterfly/solver/patience/shortest.py for the A*)."""

from __future__ import annotations

from typing import Literal, Protocol

from butterfly.games.patience.rules import Position, Rules
from butterfly.solver.engines import Engine, Engines
from butterfly.solver.patience import kernel, shortest
from butterfly.solver.patience.result import Limits, SolveResult
from butterfly.solver.patience.shortest import Answer


class Search(Protocol):
    """One depth-first search that can be run on in slices (``kernel.Search``, ``reference.Search``)."""

    nodes: int

    @property
    def table_bytes(self) -> int: ...

    def run(self, max_nodes: int | None = None, timeout: float | None = None) -> SolveResult: ...


class PatienceEngine(Engine, Protocol):
    def prepare(self, rules: Rules) -> None:
        """Make what the searches read of ``rules`` (done before a search's clock starts)."""
        ...

    def search(self, position: Position, memory_bytes: int, safe_autoplay: bool, dead_ends: bool) -> Search:
        """A depth-first search of ``position``, not yet run."""
        ...

    def solve(self, position: Position, limits: Limits, safe_autoplay: bool, dead_ends: bool) -> SolveResult:
        """One depth-first search of ``position`` to a verdict or a limit."""
        ...

    def shortest(
        self, position: Position, upper: int | None, limits: Limits, weight: int, effort: int, first_line: bool
    ) -> Answer:
        """One A* run for a line shorter than ``upper`` (butterfly/solver/patience/shortest.py)."""
        ...


class KernelEngine:
    name: Literal["kernel"] = "kernel"

    def prepare(self, rules: Rules) -> None:
        kernel.prepare(rules)

    def search(self, position: Position, memory_bytes: int, safe_autoplay: bool, dead_ends: bool) -> Search:
        return kernel.Search(position, memory_bytes, safe_autoplay, dead_ends)

    def solve(self, position: Position, limits: Limits, safe_autoplay: bool, dead_ends: bool) -> SolveResult:
        return kernel.solve(position, limits, safe_autoplay, dead_ends)

    def shortest(
        self, position: Position, upper: int | None, limits: Limits, weight: int, effort: int, first_line: bool
    ) -> Answer:
        return kernel.shortest(position, upper, limits, weight, effort, first_line=first_line)


class PythonEngine:
    name: Literal["python"] = "python"

    # The twin's search is imported when first asked for: the command line's
    # searches run on the kernel, and start the sooner for not loading it.

    def prepare(self, rules: Rules) -> None:
        from butterfly.solver.patience import reference

        reference.prepare(rules)

    def search(self, position: Position, memory_bytes: int, safe_autoplay: bool, dead_ends: bool) -> Search:
        from butterfly.solver.patience import reference

        return reference.Search(position, memory_bytes, safe_autoplay, dead_ends)

    def solve(self, position: Position, limits: Limits, safe_autoplay: bool, dead_ends: bool) -> SolveResult:
        from butterfly.solver.patience import reference

        return reference.solve(position, limits, safe_autoplay, dead_ends)

    def shortest(
        self, position: Position, upper: int | None, limits: Limits, weight: int, effort: int, first_line: bool
    ) -> Answer:
        # The twin keeps no byte accounting, so there is no memory cap to pass.
        return shortest.search(position, upper, weight, limits.max_nodes, limits.timeout, effort, first_line=first_line)


ENGINES: Engines[PatienceEngine] = Engines(KernelEngine(), PythonEngine())
