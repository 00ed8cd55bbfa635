"""Only-move puzzles (``only-move:butterfly:s=D``): a position of deal D
where exactly one class of moves (moves whose results have the same
canonical key) keeps the deal winnable (docs/puzzles.md, "Butterfly kinds").

Candidates come from two sources: the critical decisions of the solver's
winning line (:func:`butterfly.puzzles.rating.features.line_decisions`), and, as
lichess-puzzler mines real games, the losing move of each of the greedy
player's games of the deal (found by bisection: winnability only ever goes
from won to lost along a game). Kept only when worth a day: at least three
classes, the greedy player's scoring puts a losing class strictly above the
answer, and the greedy player goes on for at least
:data:`~butterfly.puzzles.patience.common.MIN_REFUTATION` moves after that trap (the
deepest candidate of the deal is kept).

Its maker, judge and prover, side by side: :meth:`OnlyMove.made`,
:meth:`OnlyMove.judged`, :meth:`OnlyMove.proved`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from butterfly.games.errors import InputError, ParseError
from butterfly.games.patience.format import deal_to_json
from butterfly.games.patience.rules import CELL, FOUNDATION, Move, Position
from butterfly.puzzles.document import MIN_CLASSES, Alternative, Kind, Puzzle, PuzzleId
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
    verdict,
    won,
    won_line,
)
from butterfly.puzzles.rating import players
from butterfly.puzzles.rating.features import DECISION_LIMITS, line_decisions
from butterfly.solver.patience.result import UNWINNABLE, WON
from butterfly.solver.version import PROJECT_PACKAGES, code_version

#: A refutation this long makes the puzzle a grade harder and tags it ``long-line``.
LONG_REFUTATION = 20
#: An only move this early in the deal's game is tagged ``early``.
EARLY_MOVES = 10
GOAL = "Only one move keeps this position winnable: find it. (Moves that lead to the same position count as one.)"


class OnlyMove(PatienceKind):
    """The one move (up to equivalent moves) that keeps the deal winnable."""

    name: ClassVar[Kind] = "only-move"
    repeats_as: ClassVar[Kind] = "only-move"

    def words(self, puzzle: Puzzle) -> str:
        return "only move"

    def made(self, pid: PuzzleId, deal: Position) -> Puzzle | None:
        best: _Candidate | None = None
        for found in _candidates(deal):
            if len(found.lost) + 1 < MIN_CLASSES or found.depth < MIN_REFUTATION:
                continue
            if best is None or found.depth > best.depth:
                best = found
        if best is None:
            return None
        rest = won_line(best.position.play_unchecked(best.answer[0]))
        if rest is None:  # the answer's win was known from a line, and the fresh search found none in its budget
            return None
        return self.assemble(pid, best.position, best.answer, best.lost, rest, best.played, best.index + 1)

    def assemble(
        self,
        pid: PuzzleId,
        position: Position,
        answer: list[Move],
        lost: list[list[Move]],
        rest: list[Move],
        tempting: Move,
        number: int,
    ) -> Puzzle:
        """The only-move puzzle of a position whose one winning class is
        ``answer`` (won by the answer then ``rest``), every class in ``lost``
        proved lost, with the greedy player's ``tempting`` losing move, found
        ``number`` moves into a game of the deal."""
        alternatives = [lost_class(position, moves) for moves in lost]
        depth = _refutation_depth(position, alternatives, tempting)
        themes = _move_themes(position, answer[0])
        if depth >= LONG_REFUTATION:
            themes.append("long-line")
        if len(alternatives) >= 3:
            themes.append("many-traps")
        if number <= EARLY_MOVES:
            themes.append("early")
        grade, rungs = rung_grade(position, plays_first(position, answer[0]), True)
        if depth >= LONG_REFUTATION:
            grade = min(5, grade + 1)
        return Puzzle(
            pid,
            deal_to_json(position),
            GOAL,
            [[str(m) for m in answer]],
            grade,
            sorted(themes),
            [str(m) for m in [answer[0], *rest]],
            {
                "solver": code_version(PROJECT_PACKAGES),
                "verdict": WON,
                "method": "classes",
                "alternatives": [dataclasses.asdict(a) for a in alternatives],
            },
            None,
            {
                "deal": pid.seed,
                "move_number": number,
                "cards_left": position.cards_in_play(),
                "legal_moves": len(position.legal_moves()),
                "classes": 1 + len(alternatives),
                "tempting": str(tempting),
                "refutation_depth": depth,
                "rungs": rungs,
            },
        )

    def answer_classes(self, puzzle: Puzzle) -> int:
        return 1

    def goal_of_file(self, puzzle: Puzzle, position: Position) -> str:
        return GOAL

    def judged(self, puzzle: Puzzle, position: Position, moves: list[Move]) -> str | None:
        """One move, decided by the solver (whatever the file's classes say)."""
        if len(moves) != 1:
            raise ParseError(f"an only-move answer is one move, not {len(moves)}")
        return choice_missed(position, moves[0])

    def proved(self, puzzle: Puzzle, position: Position, positions: list[Position], solution: list[Move]) -> Proved:
        """The one winning class and the lost ones decided again; the trap is a
        losing move the greedy player prefers, refuted at least MIN_REFUTATION moves deep."""
        answer, alternatives = puzzle.answer[0], puzzle.alternatives()
        problems = won(positions) + prove_choice(position, answer, alternatives, solution[0] if solution else None)
        tempting = _trap_of(position, puzzle.facts.get("tempting"), answer, alternatives)
        if tempting is None:
            problems.append("facts.tempting must be a losing move the greedy player scores above the answer")
        number = move_number(puzzle)
        if number is None:
            problems.append("facts.move_number must be a whole number from 1")
        if problems or tempting is None or number is None:
            return problems, None
        lost = [[Move.parse(m) for m in a.moves] for a in alternatives]
        right = [Move.parse(m) for m in answer]
        fresh = self.assemble(puzzle.id, position, right, lost, solution[1:], tempting, number)
        depth = fresh.facts["refutation_depth"]
        if depth < MIN_REFUTATION:
            return [f"the greedy player survives the trap {depth} moves, under {MIN_REFUTATION}"], None
        return [], fresh


def _refutation_depth(position: Position, alternatives: list[Alternative], move: Move) -> int:
    """How many moves the greedy player goes on for after ``move``: the
    refutation stored with its class (0 when ``move`` is in none)."""
    key = position.play_unchecked(move).key()
    return next(
        (len(a.refutation) for a in alternatives if position.play_unchecked(Move.parse(a.moves[0])).key() == key), 0
    )


def _move_themes(position: Position, move: Move) -> list[str]:
    themes = []
    if move.target == CELL:
        themes.append("basement")
    if move.source not in (CELL, FOUNDATION) and len(position.rows[position.rules.row_index(move.source)]) == 1:
        themes.append("row-clear")
    if move.target != FOUNDATION and any(m.target == FOUNDATION for m in position.legal_moves()):
        themes.append("hold-back")
    return themes


def _trap_of(position: Position, text: object, answer: list[str], alternatives: list[Alternative]) -> Move | None:
    """The move ``text`` names, if it is legal here, in a lost class, and
    scored above the answer by the greedy player."""
    try:
        move = Move.parse(text) if isinstance(text, str) else None
    except InputError:
        return None
    if move is None or position.check_move(move) is not None or not answer:
        return None
    key = position.play_unchecked(move).key()
    lost = any(position.play_unchecked(Move.parse(a.moves[0])).key() == key for a in alternatives)
    return move if lost and trap(position, Move.parse(answer[0]), [move]) else None


@dataclass(frozen=True)
class _Candidate:
    """A position with exactly one winning class (``answer``; every class in
    ``lost`` proved lost), ``index`` moves into a game of the deal, a losing
    move that ``played`` there or would be (the trap), and ``depth``: how
    many moves the greedy player goes on for after the trap before it is stuck."""

    index: int
    position: Position
    played: Move
    answer: list[Move]
    lost: list[list[Move]]
    depth: int


def _candidates(deal: Position) -> Iterator[_Candidate]:
    """Only-move positions of ``deal``, from two sources: the critical
    decisions of the solver's winning line where the greedy player's
    scoring prefers a losing class to the answer (strictly: it never plays
    the answer there, bar a random move), and the losing moves of the greedy
    player's lost games (mined from play, as lichess-puzzler mines games)."""
    line = won_line(deal)
    if line is None:
        return
    decisions = line_decisions(deal, line, DECISION_LIMITS)
    for index in decisions.critical:
        entry = decisions.positions[index]
        answer = entry.winning_class
        assert answer is not None  # a critical position has one
        lost = [c.moves for c in entry.classes if c is not answer]
        value = players.score(entry.position.play_unchecked(answer.moves[0]))
        traps = [m for m in lost if players.score(entry.position.play_unchecked(m[0])) > value]
        for losing in traps:
            depth = len(greedy_game(entry.position.play_unchecked(losing[0]))[1])
            yield _Candidate(index, entry.position, losing[0], answer.moves, lost, depth)
    for seed in range(1, BLUNDER_GAMES + 1):
        found = _blunder(deal, seed)
        if found is not None:
            yield found


def _blunder(deal: Position, seed: int) -> _Candidate | None:
    """The losing move of the greedy player's game number ``seed``, when the
    position before it has exactly one winning class (and is decided)."""
    found = last_winnable(deal, seed)
    if found is None:
        return None
    moves, positions, low = found
    position = positions[low]
    classes: dict[tuple, list[Move]] = {}
    for move in position.legal_moves():
        classes.setdefault(position.play_unchecked(move).key(), []).append(move)
    winning, lost = [], []
    for group in classes.values():
        decided = verdict(position.play_unchecked(group[0]))
        if decided == WON:
            winning.append(group)
        elif decided == UNWINNABLE:
            lost.append(group)
        else:
            return None
    answer_value = players.score(position.play_unchecked(winning[0][0])) if len(winning) == 1 else None
    if answer_value is None or players.score(positions[low + 1]) <= answer_value:
        return None  # not an only move, or the greedy player might as well have played the answer
    # The depth is the refutation stored with the blunder's class (the greedy
    # player's game from there), so that prove can derive it again.
    blunder = next(c for c in lost if position.play_unchecked(c[0]).key() == positions[low + 1].key())
    depth = len(greedy_game(position.play_unchecked(blunder[0]))[1])
    return _Candidate(low, position, moves[low], winning[0], lost, depth)


KIND = OnlyMove()
