"""Only-moves puzzles (``only-moves:butterfly:s=D``, for the hard days): two
to four only-move positions along one winning line of deal D, as lichess
chains only moves into longer puzzles (docs/puzzles.md, "Butterfly kinds").

Each step has at least three classes, exactly one keeps the win (every
class decided, as for only-move), and after one wrong class at least the
greedy player goes on for :data:`~butterfly.puzzles.patience.common.MIN_REFUTATION`
moves before it is stuck; the moves between two steps, at most
:data:`MAX_GAP`, are played for the player and are each forced (one class)
or a card sent home; the greedy player's scoring prefers a losing class at
one step at least. ``answer`` holds one class a step, ``facts.steps`` where
each step lies along the solution (0 first), ``proof.steps`` each step's
wrong classes with their proofs and refutations.

Its maker, judge and prover, side by side: :meth:`OnlyMoves.made`,
:meth:`OnlyMoves.judged`, :meth:`OnlyMoves.proved`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import ClassVar

from butterfly.games.errors import InputError, ParseError
from butterfly.games.patience.format import deal_to_json
from butterfly.games.patience.rules import FOUNDATION, Move, Position
from butterfly.puzzles.document import MIN_CLASSES, Alternative, Kind, Puzzle, PuzzleId, is_whole
from butterfly.puzzles.patience.common import (
    BLUNDER_GAMES,
    MIN_REFUTATION,
    PatienceKind,
    Proved,
    choice_missed,
    greedy_game,
    last_winnable,
    lost_class,
    move_number,
    plays_first,
    prove_choice,
    rung_grade,
    trap,
    won,
    won_line,
)
from butterfly.puzzles.rating.features import DECISION_LIMITS, LineDecisions, LinePosition, line_decisions
from butterfly.solver.patience.result import WON
from butterfly.solver.version import PROJECT_PACKAGES, code_version

#: An only-moves puzzle has this many steps, at least and at most ...
CHAIN_STEPS = (2, 4)
#: ... and at most this many moves played for the player between two steps.
MAX_GAP = 3
TIMES = {2: "twice", 3: "three times", 4: "four times"}


class OnlyMoves(PatienceKind):
    """A run of only moves along one winning line."""

    name: ClassVar[Kind] = "only-moves"
    #: One only move or a run of them is one kind to the calendar's rule against a kind two days running.
    repeats_as: ClassVar[Kind] = "only-move"

    def words(self, puzzle: Puzzle) -> str:
        return f"{len(puzzle.facts['steps'])} only moves"

    def made(self, pid: PuzzleId, deal: Position) -> Puzzle | None:
        """The longest run (:data:`CHAIN_STEPS`) of only-move positions along
        a winning line of the deal (:func:`_winning_lines`), each with at least
        :data:`MIN_CLASSES` classes and a wrong one that the greedy player
        survives at least :data:`MIN_REFUTATION` moves, the moves between two of them each forced
        (one class) or a card sent home, at most :data:`MAX_GAP` of them; the
        greedy player's scoring prefers a losing class at one step at least.
        None when the line has no such run."""
        best: list[int] = []
        for line in _winning_lines(deal):
            decisions = line_decisions(deal, line, DECISION_LIMITS)
            chain = _longest_chain(decisions)
            if len(chain) > len(best):
                best, entries, won_on = chain, decisions.positions, line
        if not best:
            return None
        first = best[0]
        steps = []
        for i in best:
            answer = entries[i].winning_class
            assert answer is not None  # a critical position has one
            steps.append((answer.moves, [c.moves for c in entries[i].classes if c is not answer]))
        offsets = [i - first for i in best]
        return self.assemble(pid, entries[first].position, won_on[first:], offsets, steps, first + 1)

    def assemble(
        self,
        pid: PuzzleId,
        position: Position,
        line: list[Move],
        offsets: list[int],
        steps: list[tuple[list[Move], list[list[Move]]]],
        number: int,
    ) -> Puzzle:
        """The only-moves puzzle of a winning ``line`` from ``position`` whose
        moves at ``offsets`` are only moves: each step's (answer class, lost classes)."""
        along = position.replay(line)
        step_alternatives, grades, depths, traps = [], [], [], []
        for at, (answer, lost) in zip(offsets, steps):
            here = along[at]
            alternatives = [lost_class(here, moves) for moves in lost]
            step_alternatives.append([dataclasses.asdict(a) for a in alternatives])
            grades.append(rung_grade(here, plays_first(here, answer[0]), True)[0])
            depths.append(max(len(a.refutation) for a in alternatives))
            traps.append(str(trap(here, answer[0], [moves[0] for moves in lost]) or ""))
        return Puzzle(
            pid,
            deal_to_json(position),
            stated_goal(len(steps)),
            [[str(m) for m in answer] for answer, _ in steps],
            min(5, max(grades) + (len(steps) >= 3)),
            ["only-moves"],
            [str(m) for m in line],
            {
                "solver": code_version(PROJECT_PACKAGES),
                "verdict": WON,
                "method": "classes",
                "alternatives": [],
                "steps": step_alternatives,
            },
            None,
            {
                "deal": pid.seed,
                "move_number": number,
                "cards_left": position.cards_in_play(),
                "steps": offsets,
                "classes": [1 + len(lost) for _, lost in steps],
                "tempting": traps,
                "refutation_depth": min(depths),
                "step_grades": grades,
            },
        )

    # ---- reading

    def answer_classes(self, puzzle: Puzzle) -> int:
        return len(puzzle.facts.get("steps") or ())

    def first_classes(self, puzzle: Puzzle) -> list[list[str]]:
        """The first step's classes (the later steps' positions lie along the solution, checked by prove)."""
        step_offsets(puzzle)
        return [*puzzle.answer[:1], *(a.moves for step in step_alternatives(puzzle)[:1] for a in step)]

    def later_alternatives(self, puzzle: Puzzle) -> list[Alternative]:
        return [a for step in step_alternatives(puzzle) for a in step]

    def goal_of_file(self, puzzle: Puzzle, position: Position) -> str:
        return stated_goal(len(puzzle.answer))

    def later_lines(self, puzzle: Puzzle, position: Position) -> list[tuple[Position, list[str]]]:
        """Each step's refutations, from the step's position along the solution."""
        along = position.replay([Move.parse(m) for m in puzzle.solution])
        return [
            (along[at].play(Move.parse(a.moves[0])), a.refutation)
            for at, wrong in zip(step_offsets(puzzle), step_alternatives(puzzle))
            for a in wrong
        ]

    # ---- judging

    def judged(self, puzzle: Puzzle, position: Position, moves: list[Move]) -> str | None:
        """The steps' moves in order, each decided by the solver."""
        offsets = step_offsets(puzzle)
        if len(moves) > len(offsets):
            raise ParseError(f"an only-moves answer is a move a step, at most {len(offsets)}, not {len(moves)}")
        positions = position.replay([Move.parse(m) for m in puzzle.solution])
        for step, (move, at) in enumerate(zip(moves, offsets), 1):
            missed = choice_missed(positions[at], move)
            if missed is not None:
                return f"step {step}: {missed}"
        if len(moves) < len(offsets):
            return f"{len(moves)} of {len(offsets)} only moves given (right so far): give all {len(offsets)}"
        return None

    # ---- proving

    def proved(self, puzzle: Puzzle, position: Position, positions: list[Position], solution: list[Move]) -> Proved:
        """Every step proved as an only move is; the moves between played for
        the player forced or sent home; a trap at one step, every step refuted
        at least MIN_REFUTATION moves deep (at its deepest wrong class)."""
        try:
            offsets, alternatives = step_offsets(puzzle), step_alternatives(puzzle)
        except InputError as error:
            return [str(error)], None
        if len(alternatives) != len(offsets):
            return ["every step needs its wrong classes"], None
        problems = won(positions)
        for step, (at, answer, wrong) in enumerate(zip(offsets, puzzle.answer, alternatives), 1):
            problems += [f"step {step}: {p}" for p in prove_choice(positions[at], answer, wrong, solution[at])]
        for at in (j for a, b in zip(offsets, offsets[1:]) for j in range(a + 1, b)):
            here = positions[at]
            results = {here.play_unchecked(m).key() for m in here.legal_moves()}
            if len(results) > 1 and solution[at].target != FOUNDATION:
                problems.append(f"move {at + 1} ({solution[at]}), played for the player, is neither forced nor home")
        number = move_number(puzzle)
        if number is None:
            problems.append("facts.move_number must be a whole number from 1")
        if problems or number is None:
            return problems, None
        steps = [
            ([Move.parse(m) for m in answer], [[Move.parse(m) for m in a.moves] for a in wrong])
            for answer, wrong in zip(puzzle.answer, alternatives)
        ]
        fresh = self.assemble(puzzle.id, position, solution, offsets, steps, number)
        if not any(fresh.facts["tempting"]):
            problems.append("the greedy player prefers a losing move at no step: no step tempts")
        depth = fresh.facts["refutation_depth"]
        if depth < MIN_REFUTATION:
            problems.append(f"a step's deepest refutation is {depth} moves, under {MIN_REFUTATION}")
        return problems, None if problems else fresh


def stated_goal(steps: int) -> str:
    return (
        f"Find the only move that keeps this position winnable, {TIMES[steps]} in a row: "
        "the moves in between are played for you."
    )


def step_alternatives(puzzle: Puzzle) -> list[list[Alternative]]:
    """An only-moves puzzle's wrong classes, step by step."""
    steps = puzzle.proof.get("steps", [])
    fine = isinstance(steps, list) and all(isinstance(s, list) and all(map(_is_alternative, s)) for s in steps)
    if not fine:
        raise ParseError(f"puzzle {puzzle.id}: 'proof.steps' must be a list of lists of alternatives")
    return [[Alternative(**a) for a in step] for step in steps]


def _is_alternative(value: object) -> bool:
    return isinstance(value, dict) and {"moves", "verdict", "method"} <= set(value)


def step_offsets(puzzle: Puzzle) -> list[int]:
    """Where an only-moves puzzle's steps are along its solution (0 first)."""
    where = f"puzzle {puzzle.id}: 'facts.steps'"
    raw = puzzle.facts.get("steps")
    if not isinstance(raw, list) or not all(is_whole(k) for k in raw):
        raise ParseError(f"{where} must be a list of whole numbers")
    offsets: list[int] = raw
    if not CHAIN_STEPS[0] <= len(offsets) <= CHAIN_STEPS[1] or offsets[0] != 0:
        raise ParseError(f"{where} must list {CHAIN_STEPS[0]} to {CHAIN_STEPS[1]} places, the first 0")
    if any(b <= a or b - a - 1 > MAX_GAP for a, b in zip(offsets, offsets[1:])):
        raise ParseError(f"{where} must rise, at most {MAX_GAP} moves apart")
    if len(puzzle.answer) != len(offsets) or offsets[-1] >= len(puzzle.solution):
        raise ParseError(f"{where}: one answer class a step, every step on the solution")
    return offsets


def _winning_lines(deal: Position) -> Iterator[list[Move]]:
    """Winning lines of the deal to look for only moves along: the solver's,
    then, for each of the greedy player's lost games, its moves up to its
    last winnable position followed by the solver's win from there (where
    play goes wrong, only moves gather)."""
    line = won_line(deal)
    if line is None:
        return
    yield line
    for seed in range(1, BLUNDER_GAMES + 1):
        found = last_winnable(deal, seed)
        if found is not None:
            moves, positions, low = found
            rest = won_line(positions[low])
            if rest is not None:
                yield moves[:low] + rest


def _longest_chain(decisions: LineDecisions) -> list[int]:
    """The longest run of only moves along a decided line (see :meth:`OnlyMoves.made`), the first if tied."""
    entries = decisions.positions
    steps = [i for i in decisions.critical if len(entries[i].classes) >= MIN_CLASSES and _deep(entries[i])]
    best: list[int] = []
    for first in steps:
        chain = [first]
        for later in steps:
            gap = range(chain[-1] + 1, later)
            if later <= chain[-1] or len(chain) == CHAIN_STEPS[1]:
                continue
            if len(gap) > MAX_GAP or not all(_obvious(entries[j]) for j in gap):
                break
            chain.append(later)
        if len(chain) >= CHAIN_STEPS[0] and len(chain) > len(best) and any(_tempting(entries[i]) for i in chain):
            best = chain
    return best


def _deep(entry: LinePosition) -> bool:
    """Does a wrong class of this step take the greedy player at least
    :data:`MIN_REFUTATION` moves to run out of moves after it (a step whose
    wrong moves are all dead at once is no real choice)?"""
    answer = entry.winning_class
    wrong = (c.moves[0] for c in entry.classes if c is not answer)
    return any(len(greedy_game(entry.position.play_unchecked(m))[1]) >= MIN_REFUTATION for m in wrong)


def _obvious(entry: LinePosition) -> bool:
    """A move the page plays for the player between two steps: the only class, or a card sent home."""
    return len(entry.classes) == 1 or entry.line_move.target == FOUNDATION


def _tempting(entry: LinePosition) -> Move | None:
    """A losing move the greedy player's scoring puts above the answer at a critical position, if any."""
    answer = entry.winning_class
    assert answer is not None
    return trap(entry.position, answer.moves[0], [c.moves[0] for c in entry.classes if c is not answer])


KIND = OnlyMoves()
