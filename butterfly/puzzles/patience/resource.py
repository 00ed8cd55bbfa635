"""Resource puzzles (``resource:butterfly:s=D``): deal D won with fewer
basement cells than the rules give, the fewest: a win with k cells
(replayed under the k-cell rules, which the position carries) and the
solver's proof that k - 1 are too few; "win it with no basement" when
k = 0 (docs/puzzles.md, "Butterfly kinds").

Its maker, judge and prover, side by side: :meth:`Resource.made`,
:meth:`LineKind.judged <butterfly.puzzles.patience.common.LineKind.judged>` (any
winning line under the fewer cells is right), :meth:`Resource.proved`.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from butterfly.games.patience.format import deal_to_json
from butterfly.games.patience.rules import Move, Position, Rules, rules_named, rules_with_cells
from butterfly.puzzles.document import Kind, Par, Puzzle, PuzzleId, is_whole
from butterfly.puzzles.patience.common import (
    PROOF_LIMITS,
    LineKind,
    Proved,
    dealt,
    game_words,
    lengths_par,
    par_line,
    prove_par,
    rung_grade,
    won,
)
from butterfly.puzzles.rating.features import fewest_cells
from butterfly.solver.patience.result import UNWINNABLE, WON
from butterfly.solver.patience.solve import PUBLISHED_SCHEDULE, solve
from butterfly.solver.survey.lengths import LengthResult
from butterfly.solver.version import PROJECT_PACKAGES, code_version


class Resource(LineKind):
    """A deal to win with fewer basement cells than its rules give."""

    name: ClassVar[Kind] = "resource"
    repeats_as: ClassVar[Kind] = "resource"

    def words(self, puzzle: Puzzle) -> str:
        return "fewer cells"

    def refusal(self, rules: Rules) -> str | None:
        return None if rules.cells else f"{rules.name} has no basement cells: it has no resource puzzles"

    def made(self, pid: PuzzleId, deal: Position) -> Puzzle | None:
        cells = fewest_cells(deal)
        if cells.fewest is None or cells.fewest >= deal.rules.cells or not cells.exact:
            return None
        k = cells.fewest
        position = dataclasses.replace(deal, rules=rules_with_cells(deal.rules, k))
        found = par_line(position)
        if found is None:  # proved won within fewest_cells' limits: cannot be lost with more
            return None
        fewer = fewer_cells_lost(position) if k else None
        if k and fewer is None:
            return None
        return self.assemble(pid, position, *found, fewer)

    def assemble(self, pid: PuzzleId, position: Position, line: list[Move], par: Par, fewer: dict | None) -> Puzzle:
        """The resource puzzle of a deal under fewer cells, its par line and the proof one cell fewer loses."""
        k, own = position.rules.cells, rules_named(pid.game).cells
        grade, rungs = rung_grade(position, lambda won, _: won)
        proof: dict = {
            "solver": code_version(PROJECT_PACKAGES),
            "verdict": WON,
            "method": "line",
            "alternatives": [],
            "par": par.to_json(),
        }
        if fewer is not None:
            proof["fewer_cells"] = fewer
        return Puzzle(
            pid,
            deal_to_json(position),
            self.stated_goal(pid, position),
            [],
            grade,
            ["basement", "no-basement"] if k == 0 else ["basement"],
            [str(m) for m in line],
            proof,
            None,
            {"deal": pid.seed, "cells": k, "rules_cells": own, "cards_left": position.cards_in_play(), "rungs": rungs},
        )

    def stated_goal(self, pid: PuzzleId, position: Position) -> str:
        rules, k = rules_named(pid.game), position.rules.cells
        words = "no basement" if k == 0 else f"only {k} basement cell{'s' if k > 1 else ''}"
        return f"Win {game_words(rules.name)} deal {pid.seed} with {words} (the rules give {rules.cells})."

    def rules_of(self, puzzle: Puzzle, rules: Rules) -> Rules | None:
        """The ID's rules with the file's fewer cells (``facts.cells``)."""
        cells = puzzle.facts.get("cells")
        return rules_with_cells(rules, cells) if is_whole(cells) and 0 <= cells < rules.cells else None

    def goal_of_file(self, puzzle: Puzzle, position: Position) -> str:
        return self.stated_goal(puzzle.id, position)

    def proved(self, puzzle: Puzzle, position: Position, positions: list[Position], solution: list[Move]) -> Proved:
        """Won with the cells given, lost with one fewer (when any are given), the par proved."""
        problems = won(positions) + dealt(puzzle, position) + prove_par(puzzle, position, solution)
        fewer = fewer_cells_lost(position) if position.rules.cells else None
        if position.rules.cells and fewer is None:
            problems.append(f"{position.rules.cells - 1} cells are not proved too few")
        if problems:
            return problems, None
        return [], self.assemble(puzzle.id, position, solution, puzzle.par, fewer)  # type: ignore[arg-type]

    def par_key(self, puzzle: Puzzle) -> tuple[Rules, int] | None:
        return self.position_of(puzzle).rules, puzzle.facts["deal"]

    def given_par(self, puzzle: Puzzle, row: LengthResult | None) -> Puzzle:
        return lengths_par(puzzle, self.position_of(puzzle), row)


def fewer_cells_lost(position: Position) -> dict | None:
    """The search proving ``position`` lost with one cell fewer, or None if it does not."""
    fewer = dataclasses.replace(position, rules=rules_with_cells(position.rules, position.rules.cells - 1))
    found = solve(fewer, PROOF_LIMITS, schedule=PUBLISHED_SCHEDULE)
    if found.result != UNWINNABLE:
        return None
    return {"cells": fewer.rules.cells, "verdict": UNWINNABLE, "method": found.proved_by, "nodes": found.nodes}


KIND = Resource()
