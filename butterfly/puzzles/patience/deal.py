"""Deal puzzles (``deal:butterfly:s=D``): deal D itself, proved winnable (a
line found and replayed), with its par (the shortest line found, as the
published lengths find it) and its rating and grade from the calibrated
ladder (docs/puzzles.md, "Butterfly kinds"; docs/rating.md).

Its maker, judge and prover, side by side: :meth:`Deal.made`,
:meth:`LineKind.judged <butterfly.puzzles.patience.common.LineKind.judged>` (any
winning line is right), :meth:`Deal.proved`.
"""

from __future__ import annotations

from typing import ClassVar

from butterfly.games.patience.format import deal_to_json
from butterfly.games.patience.rules import Move, Position, Rules
from butterfly.puzzles.document import Kind, Par, Puzzle, PuzzleId
from butterfly.puzzles.patience.common import (
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
from butterfly.solver.patience.result import WON
from butterfly.solver.survey.lengths import LengthResult
from butterfly.solver.version import PROJECT_PACKAGES, code_version


class Deal(LineKind):
    """A whole deal to win."""

    name: ClassVar[Kind] = "deal"
    repeats_as: ClassVar[Kind] = "deal"
    whole_deal: ClassVar[bool] = True

    def words(self, puzzle: Puzzle) -> str:
        return "whole deal"

    def made(self, pid: PuzzleId, deal: Position) -> Puzzle | None:
        found = par_line(deal)
        return None if found is None else self.assemble(pid, deal, *found)

    def assemble(self, pid: PuzzleId, deal: Position, line: list[Move], par: Par) -> Puzzle:
        """The deal puzzle of a won deal, its par line and par (everything else derived here, by prove too)."""
        # Imported here: the rating loads SciPy, seconds that no other command of the puzzles needs.
        from butterfly.puzzles.rating.rate import rate

        rating = rate(deal)
        cells = fewest_cells(deal)
        themes = []
        if cells.exact and cells.fewest == deal.rules.cells and deal.rules.cells:
            themes.append("basement")
        elif cells.fewest == 0:
            themes.append("no-basement")
        if rating.grade is None:  # rules not calibrated: graded as the position puzzles are
            grade, rungs = rung_grade(deal, lambda won, _: won)
        else:
            grade, rungs = rating.grade, [2 * games.count("1") >= len(games) for games in rating.games.values()]
        facts: dict = {"deal": pid.seed, "cards_left": deal.cards_in_play(), "fewest_cells": cells.fewest}
        if rating.grade_words:
            facts["grade_words"] = rating.grade_words
        facts["rungs"] = rungs
        return Puzzle(
            pid,
            deal_to_json(deal),
            self.stated_goal(pid, deal),
            [],
            grade,
            themes,
            [str(m) for m in line],
            {
                "solver": code_version(PROJECT_PACKAGES),
                "verdict": WON,
                "method": "line",
                "alternatives": [],
                "par": par.to_json(),
            },
            rating.rating,
            facts,
        )

    def stated_goal(self, pid: PuzzleId, position: Position) -> str:
        return f"Win {game_words(position.rules.name)} deal {pid.seed}."

    def goal_of_file(self, puzzle: Puzzle, position: Position) -> str:
        return self.stated_goal(puzzle.id, position)

    def proved(self, puzzle: Puzzle, position: Position, positions: list[Position], solution: list[Move]) -> Proved:
        """The deal itself, won by the solution, the par proved."""
        problems = won(positions) + dealt(puzzle, position) + prove_par(puzzle, position, solution)
        if problems:
            return problems, None
        return [], self.assemble(puzzle.id, position, solution, puzzle.par)  # type: ignore[arg-type]

    def par_key(self, puzzle: Puzzle) -> tuple[Rules, int] | None:
        return self.position_of(puzzle).rules, puzzle.facts["deal"]

    def given_par(self, puzzle: Puzzle, row: LengthResult | None) -> Puzzle:
        return lengths_par(puzzle, self.position_of(puzzle), row)


KIND = Deal()
