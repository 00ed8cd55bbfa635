"""Win-in-N puzzles (``win-in:butterfly:s=D``): an endgame of deal D's
winning line (the first position with at most 20, 18, 16, 14 or 12 cards
in play whose breadth-first search ends within :data:`ENDGAME_POSITIONS`
positions) whose shortest win is exactly N moves, N at least
:data:`MIN_DETOUR` more than the cards left. Proved by breadth-first search
(:func:`butterfly.puzzles.patience.endgame.shortest_win`): every position fewer moves
away was expanded. Any verified win in N moves or fewer is right
(docs/puzzles.md, "Butterfly kinds").

Its maker, judge and prover, side by side: :meth:`WinIn.made`,
:meth:`WinIn.missed` (after :meth:`LineKind.judged
<butterfly.puzzles.patience.common.LineKind.judged>`), :meth:`WinIn.proved`.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from butterfly.games.errors import ParseError
from butterfly.games.patience.format import deal_to_json
from butterfly.games.patience.rules import Move, Position
from butterfly.puzzles.document import Kind, Par, Puzzle, PuzzleId, is_whole
from butterfly.puzzles.patience.common import LineKind, Proved, prove_par, rung_grade, won, won_line
from butterfly.puzzles.patience.endgame import ShortestWin, shortest_win
from butterfly.solver.patience.result import OPTIMAL, WON
from butterfly.solver.survey.lengths import LengthResult
from butterfly.solver.version import PROJECT_PACKAGES, code_version

#: Win-in-N endgames start at the first position of the line with at most
#: this many cards in play, the largest whose breadth-first search ends
#: within ENDGAME_POSITIONS positions.
ENDGAME_CARDS = (20, 18, 16, 14, 12)
ENDGAME_POSITIONS = 50_000
#: ... and are kept when the shortest win needs at least this many moves besides the cards' trips home.
MIN_DETOUR = 2


class WinIn(LineKind):
    """An endgame to win within its shortest win's moves."""

    name: ClassVar[Kind] = "win-in"
    repeats_as: ClassVar[Kind] = "win-in"

    def words(self, puzzle: Puzzle) -> str:
        return f"win in {puzzle.facts['n']}"

    def made(self, pid: PuzzleId, deal: Position) -> Puzzle | None:
        line = won_line(deal)
        if line is None:
            return None
        positions = deal.replay(line)
        for cards in ENDGAME_CARDS:
            start = next(p for p in positions if p.cards_in_play() <= cards)
            found = shortest_win(start, ENDGAME_POSITIONS)
            if found.moves is not None and found.complete and found.moves - start.cards_in_play() >= MIN_DETOUR:
                return self.assemble(pid, start, found)
        return None

    def assemble(self, pid: PuzzleId, start: Position, found: ShortestWin) -> Puzzle:
        """The win-in-N puzzle of an endgame and its breadth-first search."""
        n = found.moves
        assert n is not None
        themes = []
        if n - start.cards_in_play() >= 4:
            themes.append("long-line")
        grade, rungs = rung_grade(start, lambda won, moves: won and len(moves) <= n)
        return Puzzle(
            pid,
            deal_to_json(start),
            stated_goal(n),
            [],
            grade,
            themes,
            [str(m) for m in found.line],
            {
                "solver": code_version(PROJECT_PACKAGES),
                "verdict": WON,
                "method": "breadth-first",
                "shortest": n,
                "positions": found.positions,
                "levels": found.levels,
                "alternatives": [],
                "par": Par(n, n, OPTIMAL, "breadth-first").to_json(),
            },
            None,
            {"deal": pid.seed, "n": n, "cards_left": start.cards_in_play(), "rungs": rungs},
        )

    def read_facts(self, puzzle: Puzzle, where: str) -> int:
        n = puzzle.facts.get("n")
        if not (is_whole(n) and n >= 0):
            raise ParseError(f"{where}: 'facts.n' must be a whole number")
        return n

    def goal_of_file(self, puzzle: Puzzle, position: Position) -> str:
        return stated_goal(puzzle.facts["n"])

    def missed(self, puzzle: Puzzle, moves: list[Move]) -> str | None:
        """A win longer than N."""
        n = puzzle.facts["n"]
        return f"the moves win in {len(moves)} moves; the goal is {n} or fewer" if len(moves) > n else None

    def proved(self, puzzle: Puzzle, position: Position, positions: list[Position], solution: list[Move]) -> Proved:
        """The shortest win is found again by breadth-first search; the solution wins in that many moves."""
        found = shortest_win(position)
        if not found.complete or found.moves is None:
            return [f"no shortest win is proved within {found.positions:,} positions"], None
        problems = won(positions) + prove_par(puzzle, position, solution, breadth_first=True)
        if len(solution) != found.moves:
            problems.append(f"the solution has {len(solution)} moves; the shortest win has {found.moves}")
        if problems:
            return problems, None
        return [], dataclasses.replace(self.assemble(puzzle.id, position, found), solution=puzzle.solution)

    def given_par(self, puzzle: Puzzle, row: LengthResult | None) -> Puzzle:
        """An endgame's N is its par."""
        n = len(puzzle.solution)
        return dataclasses.replace(puzzle, proof={**puzzle.proof, "par": Par(n, n, OPTIMAL, "breadth-first").to_json()})


def stated_goal(n: int) -> str:
    return f"Win in {n} moves or fewer."


KIND = WinIn()
