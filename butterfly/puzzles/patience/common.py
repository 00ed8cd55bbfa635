"""What the Butterfly puzzle kinds share (docs/puzzles.md, "Butterfly kinds").

Each kind is a module of :mod:`butterfly.puzzles.patience` holding its maker, its
judge and its prover side by side (:mod:`~butterfly.puzzles.patience.deal`,
:mod:`~butterfly.puzzles.patience.only_move`, :mod:`~butterfly.puzzles.patience.only_moves`,
:mod:`~butterfly.puzzles.patience.win_in`, :mod:`~butterfly.puzzles.patience.resource`,
:mod:`~butterfly.puzzles.patience.goal`), each a :class:`PatienceKind`, registered in
:mod:`butterfly.puzzles.kinds`. Every kind is generated from its ID
(:class:`butterfly.puzzles.document.PuzzleId`), whose seed is a deal number; a seed
that gives no puzzle of the kind (a lost deal, a line with no interesting
only move) gives None, and the generator tries the next seed.

What is proved and how:

- a win: by a line replayed through the rules engine;
- a loss: by the sound solver's exhaustive search (``unwinnable``; an
  unresolved search never counts as a loss, the candidate is dropped);
- "exactly one class keeps the win" (only move): the root's moves come from
  the plain generator (:meth:`Position.legal_moves`, no pruning: a rule
  sound for "is this winnable" may drop equivalent winning moves), grouped
  by the canonical key of their results, and every class is decided
  (:func:`prove_choice`);
- "no win shorter than N": breadth-first search over every position
  (:func:`butterfly.puzzles.patience.endgame.shortest_win`);
- "no line reaches the goal in fewer moves": A* with a lower bound that
  never exceeds the moves left (:func:`butterfly.puzzles.patience.goal.fewest_moves`);
- "k cells are the fewest": a win with k, and the search proving k - 1 lost;
- par: :func:`prove_par`.

:meth:`PatienceKind.prove` re-derives all of it from the stored position
alone. Here: the base class (reading a file's position and the fields
every kind checks alike, replaying lines, the keys), the kinds won by any
winning line and their par (:class:`LineKind`), and the parts several kinds
use (the greedy player's games, the ladder's grade, one only move decided
and proved).
"""

from __future__ import annotations

import dataclasses
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import ClassVar

from butterfly.games.errors import InputError, ParseError
from butterfly.games.patience.format import deal_from_json, deal_to_json, parse_moves
from butterfly.games.patience.render import draw as draw_layout
from butterfly.games.patience.rules import Move, Position, Rules, illegal_move, rules_named
from butterfly.puzzles.document import (
    MIN_CLASSES,
    Alternative,
    Keys,
    Kind,
    Par,
    Puzzle,
    PuzzleId,
    differences,
    is_whole,
)
from butterfly.puzzles.rating import players
from butterfly.puzzles.rating.features import DECISION_LIMITS
from butterfly.puzzles.rating.ladder import LADDER
from butterfly.puzzles.rating.players_kernel import play
from butterfly.solver.patience import kernel
from butterfly.solver.patience.result import OPTIMAL, UNWINNABLE, WON, Limits
from butterfly.solver.patience.solve import PUBLISHED_SCHEDULE, polish_bounded, solve
from butterfly.solver.survey.lengths import DEFAULT_MEMORY_MIB, DEFAULT_PROOF_NODES, LengthResult, shortest_line
from butterfly.solver.version import code_version

#: The searches whose verdicts a puzzle rests on (a win, a class lost, a count of cells too few).
PROOF_LIMITS = Limits(max_nodes=10_000_000)

#: Only moves are mined from the greedy player's lost games (as
#: lichess-puzzler mines real games): this many games a deal.
BLUNDER_GAMES = 4
#: The greedy player must have gone on for at least this many moves after
#: a losing move before it was stuck (the loss is not obvious at once).
MIN_REFUTATION = 3

#: The grade a rung stands for: the weakest rung that finds the answer in
#: at least half its games grades the puzzle (docs/puzzles.md).
RUNG_GRADE = {"random": 1, "greedy-e20": 1, "greedy": 2, "rollout-15": 3, "rollout-50": 4, "rollout": 5}

#: What :meth:`PatienceKind.proved` gives: the problems found, or (none) the puzzle assembled again.
Proved = tuple[list[str], Puzzle | None]


class PatienceKind(ABC):
    """A kind of Butterfly puzzle (:class:`butterfly.puzzles.kinds.PuzzleKind`): the
    steps every kind takes alike, with the hooks where kinds differ."""

    name: ClassVar[Kind]
    #: The kind the calendar's rule against a kind two days running sees (an only move and a run of them are one).
    repeats_as: ClassVar[Kind]
    #: A whole deal from its start (the calendar's Mondays want the shortest).
    whole_deal: ClassVar[bool] = False
    #: What a line meeting the goal is, in a par's words ("par 62 (no win is shorter)").
    line_words: ClassVar[str] = "win"
    #: What a player did who met the goal ("won in 97 moves, par 82").
    done_words: ClassVar[str] = "won"

    # ---- making

    def make(self, pid: PuzzleId) -> Puzzle | None:
        """The puzzle ``pid`` names, or None when its seed gives none of its kind."""
        extra = [key for key, _ in pid.parameters if key != "s"]
        if extra:
            raise ParseError(f"puzzle ID {pid}: Butterfly puzzles take no parameter but the seed (not {extra[0]})")
        rules = rules_named(pid.game)
        refused = self.refusal(rules)
        if refused is not None:
            raise InputError(refused)
        return self.made(pid, Position.deal(pid.seed, rules))

    def refusal(self, rules: Rules) -> str | None:
        """Why the kind is not made for ``rules`` (None: it is)."""
        return None

    @abstractmethod
    def made(self, pid: PuzzleId, deal: Position) -> Puzzle | None:
        """The puzzle of ``deal`` (the ID's), or None when it gives none."""

    @abstractmethod
    def words(self, puzzle: Puzzle) -> str:
        """The kind in players' words ("win in 5", "only move")."""

    # ---- reading

    def validate(self, puzzle: Puzzle) -> Position:
        """The puzzle's position, checked as prove and check check it (:meth:`position_of`)."""
        return self.position_of(puzzle)

    def position_of(self, puzzle: Puzzle) -> Position:
        """The puzzle's position, read and checked against its ID's rules, and
        the kind's own fields checked (a damaged file is one ParseError)."""
        where = f"puzzle {puzzle.id}"
        position = deal_from_json(puzzle.position)
        expected = self.rules_of(puzzle, rules_named(puzzle.game))
        if expected is None or position.rules != expected:
            raise ParseError(f"{where}: the position is not under the rules its ID names")
        self.read_facts(puzzle, where)
        if len(puzzle.answer) != self.answer_classes(puzzle) or any(len(c) == 0 for c in puzzle.answer):
            raise ParseError(
                f"{where}: an only-move puzzle has one answer class, only-moves one a step, the others none"
            )
        for moves in self.first_classes(puzzle):
            if not moves:
                raise ParseError(f"{where}: a class of moves is empty")
            for text in moves:
                reason = position.check_move(Move.parse(text))
                if reason is not None:
                    raise ParseError(f"{where}: the stored move {text} is not legal: {reason}")
        for alternative in [*puzzle.alternatives(), *self.later_alternatives(puzzle)]:
            if alternative.verdict != UNWINNABLE or alternative.nodes < 0:
                raise ParseError(f"{where}: a wrong class must be stored as unwinnable, with its nodes")
        goal = self.goal_of_file(puzzle, position)
        if puzzle.goal != goal:
            raise ParseError(f"{where}: the goal should read {goal!r}")
        return position

    def rules_of(self, puzzle: Puzzle, rules: Rules) -> Rules | None:
        """The rules the position must be under (the ID's ``rules``), None when the file's fields name none."""
        return rules

    def read_facts(self, puzzle: Puzzle, where: str) -> object:
        """The fields the kind reads before any search (a ParseError when one is damaged)."""
        return None

    def answer_classes(self, puzzle: Puzzle) -> int:
        """How many answer classes the file must hold (none: any line meeting the goal is right)."""
        return 0

    def first_classes(self, puzzle: Puzzle) -> list[list[str]]:
        """The classes of moves stored for the position itself, each checked legal there."""
        return [*puzzle.answer, *(a.moves for a in puzzle.alternatives())]

    def later_alternatives(self, puzzle: Puzzle) -> list[Alternative]:
        """The wrong classes stored for positions further along the solution."""
        return []

    @abstractmethod
    def goal_of_file(self, puzzle: Puzzle, position: Position) -> str:
        """The goal in words the file's own fields give (N, the steps, the goal and par)."""

    # ---- judging an answer

    def judge(self, puzzle: Puzzle, answer: str) -> str | None:
        """None when ``answer`` solves the puzzle; otherwise one line saying
        why not. Malformed text is a ParseError."""
        position = self.position_of(puzzle)
        moves = parse_moves(answer)
        if not moves:
            raise ParseError("the answer is empty: give a move, or a list of moves")
        return self.judged(puzzle, position, moves)

    @abstractmethod
    def judged(self, puzzle: Puzzle, position: Position, moves: list[Move]) -> str | None:
        """:meth:`judge` on the position read and the moves given (at least one)."""

    # ---- proving

    def prove(self, puzzle: Puzzle) -> list[str]:
        """Re-derive the puzzle from its position alone; the problems found,
        one line each (none: proved). Every proof is searched again and every
        line replayed; then the puzzle is assembled again from what was proved
        (as the generator assembles it) and every field of the file compared
        (butterfly.puzzles.document.differences)."""
        try:
            position = self.position_of(puzzle)
            solution = [Move.parse(m) for m in puzzle.solution]
        except InputError as error:
            return [str(error)]
        positions, illegal = position.replay_until_illegal(solution)
        if illegal is not None:
            return [f"the solution's move {illegal[0]} ({illegal[1]}) is illegal: {illegal[2]}"]
        problems, fresh = self.proved(puzzle, position, positions, solution)
        return problems if fresh is None else differences(puzzle, fresh)

    @abstractmethod
    def proved(self, puzzle: Puzzle, position: Position, positions: list[Position], solution: list[Move]) -> Proved:
        """The kind's proofs searched again on the position read and its
        solution replayed (``positions``, from the start)."""

    # ---- telling puzzles apart, showing them

    def keys(self, puzzle: Puzzle) -> Keys:
        """The puzzle's deal (its number, whatever the kind and rules: a layout
        is seen once), its position's key (rows in any order) and the keys of
        the positions its solution and refutations pass through."""
        position = self.position_of(puzzle)
        starts = [(position, puzzle.solution)]
        starts += [(position.play(Move.parse(a.moves[0])), a.refutation) for a in puzzle.alternatives()]
        starts += self.later_lines(puzzle, position)
        passed: set[tuple] = set()
        for start, line in starts:
            passed.update(p.key() for p in start.replay([Move.parse(m) for m in line]))
        return Keys(("patience", puzzle.id.seed), position.key(), frozenset(passed))

    def later_lines(self, puzzle: Puzzle, position: Position) -> list[tuple[Position, list[str]]]:
        """Lines published from positions further along the solution, each with where it starts."""
        return []

    def draw(self, puzzle: Puzzle) -> str:
        """The puzzle's layout as text (butterfly.games.patience.render)."""
        return draw_layout(self.position_of(puzzle))

    def picture(self, puzzle: Puzzle, narrow: bool = False) -> str:
        """The puzzle's layout as an SVG document (butterfly.games.patience.picture); the
        butterfly has one shape, ``narrow`` or not."""
        # Imported here: drawing SVG loads drawsvg, which only the web site needs.
        from butterfly.games.patience.picture import draw_svg

        return draw_svg(self.position_of(puzzle))


class LineKind(PatienceKind):
    """A kind won by any winning line (deal, win-in, resource): any line
    that wins within the goal is right, and its par is the shortest win."""

    def par_key(self, puzzle: Puzzle) -> tuple[Rules, int] | None:
        """The rules and deal whose shortest line gives the puzzle its par
        (its row of the published lengths); None when no lengths row does."""
        return None

    def with_par(self, puzzle: Puzzle, row: LengthResult | None = None) -> Puzzle:
        """``puzzle`` with its par (a puzzle from before pars were given); one
        with a par is returned as it is (:meth:`given_par`)."""
        return puzzle if "par" in puzzle.proof else self.given_par(puzzle, row)

    @abstractmethod
    def given_par(self, puzzle: Puzzle, row: LengthResult | None) -> Puzzle:
        """``puzzle``, which has no par, with its par."""

    def with_better_par(self, puzzle: Puzzle, row: LengthResult | None) -> Puzzle:
        """``puzzle`` with ``row``'s par and line instead of its own where the
        row's are better (a deal or resource puzzle whose par is bounded): a
        line as short or shorter and a bound as high or higher, one of them
        strictly; otherwise ``puzzle`` as it is."""
        par = puzzle.par
        if row is None or par is None or not row.length:
            return puzzle
        if row.length > par.moves or row.lower < par.lower or (row.length, row.lower) == (par.moves, par.lower):
            return puzzle
        without = dataclasses.replace(puzzle, proof={k: v for k, v in puzzle.proof.items() if k != "par"})
        return self.with_par(without, row)

    def judged(self, puzzle: Puzzle, position: Position, moves: list[Move]) -> str | None:
        """A line replayed through the rules: it must win (within the goal, :meth:`missed`)."""
        positions, illegal = position.replay_until_illegal(moves)
        if illegal is not None:
            return illegal_move(illegal)
        if not positions[-1].is_won():
            return f"the moves do not win: {positions[-1].cards_in_play()} cards are still in play"
        return self.missed(puzzle, moves)

    def missed(self, puzzle: Puzzle, moves: list[Move]) -> str | None:
        """Why a winning line does not meet the goal (None: it does)."""
        return None


def lengths_par(puzzle: Puzzle, position: Position, row: LengthResult | None) -> Puzzle:
    """A deal or resource puzzle with its par: the shortest line found
    becomes the solution: ``row``'s, when given (its deal's row of the
    published lengths, from ``butterfly survey shortest``), else found now."""
    if row is None:
        found = par_line(position)
        if found is None:
            raise InputError(f"puzzle {puzzle.id}: no winning line found for its par")
        line, par = found
    else:
        line = parse_moves(row.line)
        if row.deal != puzzle.facts.get("deal") or not row.length or not position.replay(line)[-1].is_won():
            raise InputError(f"puzzle {puzzle.id}: the lengths row of deal {row.deal} does not win it")
        par = Par(row.length, row.lower, row.result, "A*", row.proof_nodes, row.memory_mib, row.code)
    return dataclasses.replace(puzzle, solution=[str(m) for m in line], proof={**puzzle.proof, "par": par.to_json()})


# ------------------------------------------------------------------ lines


def won_line(position: Position) -> list[Move] | None:
    """A winning line of ``position``, replayed through the rules; None when the search finds none."""
    solved = solve(position, PROOF_LIMITS, shorten=True, schedule=PUBLISHED_SCHEDULE)
    if solved.result != WON or not position.replay(solved.moves)[-1].is_won():
        return None
    return solved.moves


def par_line(position: Position) -> tuple[list[Move], Par] | None:
    """The shortest winning line found and its par, as the published lengths
    find them (butterfly.solver.survey.lengths.shortest_line); None when no win is found."""
    solved = shortest_line(position)
    if solved.lower_bound is None or not position.replay(solved.moves)[-1].is_won():
        return None
    par = Par(
        len(solved.moves),
        solved.lower_bound,
        solved.result,
        "A*",
        DEFAULT_PROOF_NODES,
        DEFAULT_MEMORY_MIB,
        code_version(),
    )
    return solved.moves, par


def verdict(position: Position) -> str:
    """The solver's verdict on ``position`` within the limits of the decisions along a line."""
    return solve(position, DECISION_LIMITS, schedule=PUBLISHED_SCHEDULE).result


def greedy_game(position: Position, seed: int = 1) -> tuple[bool, list[Move]]:
    """The greedy player's game number ``seed`` from ``position``."""
    return play(position, players.GREEDY, seed)


def last_winnable(deal: Position, seed: int) -> tuple[list[Move], list[Position], int] | None:
    """The greedy player's lost game number ``seed``, its positions, and how
    many moves in its last winnable position lies; None when it won or a
    verdict is unresolved."""
    won, moves = greedy_game(deal, seed)
    if won:
        return None
    positions = deal.replay(moves)
    # Winnable at the start, lost at the end, and a lost position stays lost:
    # the last winnable position is found by bisection.
    low, high = 0, len(positions) - 1
    if verdict(positions[low]) != WON or verdict(positions[high]) != UNWINNABLE:
        return None
    while high - low > 1:
        middle = (low + high) // 2
        found = verdict(positions[middle])
        if found == WON:
            low = middle
        elif found == UNWINNABLE:
            high = middle
        else:
            return None
    return moves, positions, low


# ------------------------------------------------------------------ grades


def rung_grade(
    position: Position, finds: Callable[[bool, list[Move]], bool], choice: bool = False
) -> tuple[int, list[bool]]:
    """The grade of the weakest rung of the ladder that ``finds`` the answer
    in at least half its games (:data:`RUNG_GRADE`; 5 when none does), and
    for every rung whether it does. ``choice``: the answer is one move,
    which the random player finds by chance alone (half the time among two
    classes): it does not grade."""
    solved = []
    for player in LADDER:
        hits = sum(
            finds(*play(position, player.policy, seed, player.epsilon_ppm, player.horizon))
            for seed in range(1, player.seeds + 1)
        )
        solved.append(2 * hits >= player.seeds)
    graded = [RUNG_GRADE[p.name] for p, s in zip(LADDER, solved) if s and not (choice and p.policy == players.RANDOM)]
    return (graded[0] if graded else 5), solved


def plays_first(position: Position, answer: Move) -> Callable[[bool, list[Move]], bool]:
    """Does a game from ``position`` start with a move of ``answer``'s class (same result)?"""
    key = position.play_unchecked(answer).key()
    return lambda _, moves: bool(moves) and position.play_unchecked(moves[0]).key() == key


def trap(position: Position, answer: Move, losing: list[Move]) -> Move | None:
    """The first of ``losing`` that the greedy player's scoring puts above ``answer``, if any."""
    value = players.score(position.play_unchecked(answer))
    return next((m for m in losing if players.score(position.play_unchecked(m)) > value), None)


def game_words(name: str) -> str:
    """A rules' name as a player reads it: ``Butterfly``, ``Butterfly (alternate colours)``."""
    game, *variants = name.split("/")
    words = game.replace("-", " ").capitalize()
    return words + (f" ({', '.join(v.replace('-', ' ') for v in variants)})" if variants else "")


# ------------------------------------------------------------------ only moves


def lost_class(position: Position, moves: list[Move]) -> Alternative:
    """One losing class, proved lost again by the sound solver, with its refutation."""
    child = position.play_unchecked(moves[0])
    found = solve(child, PROOF_LIMITS, schedule=PUBLISHED_SCHEDULE)
    if found.result != UNWINNABLE:
        raise RuntimeError(f"{moves[0]} was proved lost, and is now {found.result}")  # a solver bug, not input
    return Alternative(
        [str(m) for m in moves],
        UNWINNABLE,
        found.proved_by or "search",
        found.nodes,
        [str(m) for m in greedy_game(child)[1]],
    )


def choice_missed(position: Position, move: Move) -> str | None:
    """None when ``move`` keeps ``position`` winnable, else why not: decided
    by the solver, as the puzzle was proved, whatever the file's classes say."""
    reason = position.check_move(move)
    if reason is not None:
        return f"{move} is not legal here: {reason}"
    child = position.play_unchecked(move)
    found = solve(child, PROOF_LIMITS, schedule=PUBLISHED_SCHEDULE)
    if found.result == WON and child.replay(found.moves)[-1].is_won():
        return None
    if found.result == UNWINNABLE:
        return f"{move} loses: the position after it is {UNWINNABLE} ({found.proved_by}, {found.nodes:,} nodes)"
    raise InputError(f"{move}: the solver cannot decide it within {PROOF_LIMITS.max_nodes:,} nodes")


def prove_choice(
    position: Position, answer: list[str], alternatives: list[Alternative], played: Move | None
) -> list[str]:
    """One only move proved again: the classes of the plain generator, each
    decided by the solver, exactly one winning (``answer``), the others the
    stored ``alternatives``' moves, and the line's move ``played`` in the answer."""
    problems = []
    classes: dict[tuple, list[Move]] = {}
    for move in position.legal_moves():
        classes.setdefault(position.play_unchecked(move).key(), []).append(move)
    if len(classes) < MIN_CLASSES:
        problems.append(f"the position offers {len(classes)} classes of moves, fewer than {MIN_CLASSES}")
    winning = []
    for moves in classes.values():
        found = _decided(position, moves[0])
        if found == WON:
            winning.append(moves)
        elif found != UNWINNABLE:
            problems.append(f"the class of {moves[0]} is {found}, not proved")
    if len(winning) != 1:
        problems.append(f"{len(winning)} classes keep the win, not exactly one")
    elif sorted(str(m) for m in winning[0]) != sorted(answer):
        problems.append(f"the winning class is {', '.join(map(str, winning[0]))}, not the stored answer")
    stored = sorted(sorted(a.moves) for a in alternatives)
    lost = sorted(sorted(str(m) for m in moves) for moves in classes.values() if moves not in winning)
    if stored != lost:
        problems.append("the stored alternatives are not the losing classes")
    if played is not None and winning and played not in winning[0]:
        problems.append("the solution does not play the answer")
    return problems


def _decided(position: Position, move: Move) -> str:
    """The verdict after ``move``, by the solver within PROOF_LIMITS (a win only when its line replays)."""
    child = position.play_unchecked(move)
    found = solve(child, PROOF_LIMITS, schedule=PUBLISHED_SCHEDULE)
    if found.result == WON and not child.replay(found.moves)[-1].is_won():
        raise RuntimeError(f"the solver's win after {move} does not replay")  # a solver bug, not input
    return found.result


def move_number(puzzle: Puzzle) -> int | None:
    """``facts.move_number`` (informational: where in the deal's game the
    position arose) when it is a whole number from 1, else None."""
    number = puzzle.facts.get("move_number")
    return number if is_whole(number) and number >= 1 else None


# ------------------------------------------------------------------ proving


def won(positions: list[Position]) -> list[str]:
    """The solution wins (``positions``: the solution replayed)."""
    return [] if positions[-1].is_won() else ["the solution does not win"]


def dealt(puzzle: Puzzle, position: Position) -> list[str]:
    """The position is the ID's deal itself (under the position's rules, which position_of checked)."""
    try:
        deal = Position.deal(puzzle.id.seed, position.rules)
    except InputError as error:
        return [f"the ID's deal: {error}"]
    if deal_to_json(deal) != deal_to_json(position):
        return [f"the position is not {position.rules.name} deal {puzzle.id.seed}"]
    return []


def prove_par(puzzle: Puzzle, position: Position, solution: list[Move], breadth_first: bool = False) -> list[str]:
    """The par holds: the solution is a win of par's length, and its lower
    bound is proved again by A* under the same limits started from the par
    line, then, where that stops short of it, by the weighted searches that
    follow such a proof (butterfly.solver.patience.solve.polish_bounded) from the
    par line: one of them exhausted proves there is no shorter line, as it
    may have when par was found (or, for an endgame, ``breadth_first``, by
    breadth-first search, checked by its kind). Sound either way: every
    bound accepted comes from a search."""
    try:
        par = puzzle.par
    except InputError as error:
        return [str(error)]
    if par is None:
        return ["it has no par"]
    if len(solution) != par.moves:
        return [f"the solution has {len(solution)} moves, not par's {par.moves}"]
    if par.method == "breadth-first":
        return [] if breadth_first else ["only an endgame's par is proved by breadth-first search"]
    try:
        limits = Limits(max_nodes=par.proof_nodes or 1, memory_mib=par.memory_mib or 0)
    except InputError as error:
        return [f"par's limits: {error}"]
    answer = kernel.shortest(position, par.moves, limits)
    if answer.steps and len(answer.steps) < par.lower:
        return [f"a win in {len(answer.steps)} moves, shorter than par's bound {par.lower}"]
    lower = par.moves if answer.exhausted else answer.lower or 0
    if lower < par.lower:
        polish_limits = Limits(memory_mib=limits.memory_mib)
        line, _, lower = polish_bounded(
            position, solution, lower, par.proof_nodes, polish_limits, "kernel", time.perf_counter()
        )
        if len(line) < (par.moves if par.proved == OPTIMAL else par.lower):
            return [f"a win in {len(line)} moves, shorter than par's {par.moves} (bound {par.lower})"]
    if par.proved == OPTIMAL and lower < par.moves:
        return [f"par {par.moves} is not proved optimal within {par.proof_nodes:,} positions"]
    if lower < par.lower:
        return [f"no win shorter than {lower} is proved, not {par.lower}"]
    return []
