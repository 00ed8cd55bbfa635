"""Goal puzzles (``goal:butterfly:s=D``): a goal short of a win on deal D,
reached in the fewest moves, in the manner of the Microsoft collection's
daily challenges: the goal puzzles of Butterfly's easy days
(docs/puzzles.md, "Butterfly kinds"). Here are the goals, the search that
proves their fewest moves, and the kind's maker, judge and prover side by
side (:meth:`GoalKind.made`, :meth:`GoalKind.judged`, :meth:`GoalKind.proved`).

A :class:`Goal` is one of:

- ``home``: every card up to a rank on its foundation ("Send the twos and
  threes home");
- ``free``: a card uncovered, the outer card of its row or off the rows
  ("Free the king of spades");
- ``empty``: a row emptied ("Empty row L3").

:func:`fewest_moves` proves the fewest moves by A* over every legal move
(the plain generator: the solver's pruning rules are argued for winning,
not for these goals). Positions are told apart by their rows in place (a
goal may name a row) and their basement. The lower bound counts cards that
must still move (:meth:`Goal.least`): a goal's cards still in play, the
cards lying on the card to free, the cards of the row to empty, every card
lying on one of those, and the cards that must move twice. It never
exceeds the moves left, so the first goal position taken from the queue
is at the fewest moves (every position of smaller f was expanded before it; a position reached
again by a shorter line is opened again, so the answer stands even where
the row term makes the bound inconsistent). The tests hold it to
breadth-first search with no bound at all.

A goal puzzle's goals are tried in an order drawn from the seed; the first
whose fewest moves are proved within :data:`GOAL_POSITIONS` positions, lie
in :data:`GOAL_MOVES` and exceed the bound is kept (a detour the bound does
not see), else the first in range. Par is the fewest moves (proved
optimal); any line reaching the goal within par is right.

>>> from butterfly.games.patience.rules import Position
>>> deal = Position.deal(0)
>>> goal = Goal("home", "2")
>>> goal.words(), goal.least(deal)
('send all the twos home', 8)
>>> found = fewest_moves(deal, goal)
>>> found.complete, found.moves, [str(m) for m in found.line[:4]]
(True, 8, ['2D L1>F', '2S L1>F', '5C L4>B', '3H L4>B'])
>>> Goal("free", "KS").words(), fewest_moves(deal, Goal("free", "KS")).moves
('free the king of spades (make it the outer card of its row)', 2)
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
import random
from dataclasses import dataclass
from typing import ClassVar

from butterfly.games.cards import Card
from butterfly.games.errors import InputError, ParseError
from butterfly.games.patience.format import deal_to_json
from butterfly.games.patience.rules import Move, Position, Rules, illegal_move
from butterfly.puzzles.document import Kind, Par, Puzzle, PuzzleId
from butterfly.puzzles.patience.common import PatienceKind, Proved, dealt
from butterfly.solver.patience.bound import row_extra
from butterfly.solver.patience.result import OPTIMAL
from butterfly.solver.version import PROJECT_PACKAGES, code_version

#: The most distinct positions a search reaches before it gives up (and says so).
MAX_POSITIONS = 200_000
GOAL_KINDS = ("home", "free", "empty")
RANK_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king")
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


@dataclass(frozen=True)
class Goal:
    """``kind`` (``home``, ``free``, ``empty``) and its ``target``: the
    highest rank to send home (``"2"`` to ``"K"``), the card to free
    (``"KS"``), the row to empty (``"L3"``)."""

    kind: str
    target: str

    def __post_init__(self) -> None:
        fine = (
            (self.kind == "home" and self.target in "23456789TJQK" and len(self.target) == 1)
            or (self.kind == "free" and _card(self.target) is not None)
            or (self.kind == "empty" and len(self.target) == 2 and self.target[0] in "LR" and self.target[1].isdigit())
        )
        if not fine:
            raise ParseError(f"{self.kind!r} {self.target!r} is not a goal (home 2-K, free a card, empty a row)")

    @property
    def rank(self) -> int:
        """For ``home``: the cards of rank index below this go home (2 for the twos: ace and two)."""
        return "A23456789TJQK".index(self.target) + 1

    def reached(self, position: Position) -> bool:
        if self.kind == "home":
            return all(height >= self.rank for height in position.foundations)
        if self.kind == "free":
            card = _card(self.target)
            return all(card not in row or row[-1] == card for row in position.rows)
        return not position.rows[position.rules.row_index(self.target)]

    def targets(self, position: Position) -> tuple[set[Card], set[Card]]:
        """The cards in play that must go home before the goal is reached,
        and the others that must move: the goal's cards (home); the cards
        lying on the card to free (free); the row's innermost card with the
        lower cards of its suit, which go home before it can, and the row's
        other cards (empty)."""
        in_play = {card for row in position.rows for card in row} | set(position.cells)
        if self.kind == "home":
            return {c for c in in_play if c % 13 < self.rank}, set()
        if self.kind == "free":
            card = _card(self.target)
            row = next((r for r in position.rows if card in r), ())
            return set(), set(row[row.index(card) + 1 :]) if row else set()
        row = position.rows[position.rules.row_index(self.target)]
        if not row:
            return set(), set()
        inner = row[0]
        home = {c for c in in_play if c // 13 == inner // 13 and c <= inner}
        return home, set(row) - home

    def least(self, position: Position) -> int:
        """A lower bound on the moves left (module docstring): every target
        card moves at least once; every other card lying on a target card
        moves at least once; and, row by row, the cards that must go home
        but lie above a lower card of their suit move at least twice (as in
        butterfly.solver.patience.bound.row_extra)."""
        home, leave = self.targets(position)
        targets = home | leave
        count = len(targets)
        stays = position.rules.last_card_to_foundation_only
        for row in position.rows:
            lowest_target = next((i for i, card in enumerate(row) if card in targets), None)
            if lowest_target is None:
                continue
            count += sum(card not in targets for card in row[lowest_target + 1 :])
            going = tuple(card for card in row if card in home)
            if going:
                count += row_extra(going, stays and going[0] == row[0])
        return count

    def words(self) -> str:
        if self.kind == "home":
            names = [RANK_NAMES[r] + "s" for r in range(1, self.rank)]
            listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            return f"send all the {listed} home"
        if self.kind == "free":
            rank, suit = RANK_NAMES["A23456789TJQK".index(self.target[0])], SUIT_NAMES[self.target[1]]
            return f"free the {rank} of {suit} (make it the outer card of its row)"
        return f"empty row {self.target}"

    def to_json(self) -> dict:
        return {"kind": self.kind, "target": self.target}

    @classmethod
    def from_json(cls, data: object, where: str) -> Goal:
        if not isinstance(data, dict) or set(data) != {"kind", "target"} or not all(map(_is_text, data.values())):
            raise ParseError(f"{where}: 'facts.goal' must be an object with a kind and a target")
        try:
            return cls(data["kind"], data["target"])
        except ParseError as error:
            raise ParseError(f"{where}: {error}") from None


def _is_text(value: object) -> bool:
    return isinstance(value, str)


def _card(text: str) -> int | None:
    try:
        return int(Card.parse(text))
    except (ParseError, ValueError):
        return None


@dataclass(frozen=True)
class GoalLine:
    """What :func:`fewest_moves` found: ``moves`` the fewest (None when the
    goal cannot be reached, or was not within the cap), ``line`` one such
    line, ``positions`` the distinct positions reached, ``complete`` the
    answer is proved (the search was not cut short)."""

    moves: int | None
    line: list[Move]
    positions: int
    complete: bool


def fewest_moves(position: Position, goal: Goal, max_positions: int = MAX_POSITIONS) -> GoalLine:
    """The fewest moves from ``position`` to ``goal`` (see the module
    docstring). Ties go to the deepest position, then to the one reached
    first, so the line is the same every time."""

    def key(p: Position) -> tuple:
        return (p.rows, p.cells)

    start = key(position)
    found: dict[tuple, tuple[Position, int, tuple | None, Move | None]] = {start: (position, 0, None, None)}
    order = itertools.count()
    queue = [(goal.least(position), 0, next(order), start)]
    while queue:
        _, depth, _, current = heapq.heappop(queue)
        here, moves, _, _ = found[current]
        if -depth != moves:
            continue  # reached again by a shorter line since it was queued
        if goal.reached(here):
            return GoalLine(moves, _line(found, current), len(found), True)
        for move in here.legal_moves():
            child = here.play_unchecked(move)
            child_key = key(child)
            if child_key not in found or found[child_key][1] > moves + 1:
                if child_key not in found and len(found) >= max_positions:
                    return GoalLine(None, [], len(found), False)
                found[child_key] = (child, moves + 1, current, move)
                heapq.heappush(queue, (moves + 1 + goal.least(child), -(moves + 1), next(order), child_key))
    return GoalLine(None, [], len(found), True)


def _line(found: dict, key: tuple) -> list[Move]:
    line = []
    while found[key][2] is not None:
        _, _, parent, move = found[key]
        line.append(move)
        key = parent
    return line[::-1]


# ------------------------------------------------------------------ the kind

#: The goals a goal puzzle is chosen from, besides emptying each row: the
#: cards up to the twos, ... the fives sent home; each king freed.
GOALS = (*(Goal("home", rank) for rank in "2345"), *(Goal("free", f"K{suit}") for suit in "CDHS"))
#: A goal puzzle's fewest moves lie in this range (the easy days: a short task, not a trivial one).
GOAL_MOVES = (8, 24)
#: The most positions the A* of a goal may reach (it says so and the goal is dropped when it would need more).
GOAL_POSITIONS = 20_000
GOAL_THEMES = {"home": "send-home", "empty": "empty-row", "free": "free-card"}


class GoalKind(PatienceKind):
    """A goal short of a win, to reach within par."""

    name: ClassVar[Kind] = "goal"
    repeats_as: ClassVar[Kind] = "goal"
    line_words: ClassVar[str] = "line to the goal"
    done_words: ClassVar[str] = "done"

    def words(self, puzzle: Puzzle) -> str:
        return "reach the goal"

    def refusal(self, rules: Rules) -> str | None:
        if rules.aces_on_foundations and rules.last_card_to_foundation_only:
            return None
        return f"goal puzzles are made for Butterfly's rules (aces home, last cards only home), not {rules.name}"

    def made(self, pid: PuzzleId, deal: Position) -> Puzzle | None:
        """The first goal of :data:`GOALS` and the rows, in an order drawn from the seed,
        whose fewest moves are proved, lie within :data:`GOAL_MOVES` and exceed
        the lower bound (a detour the bound does not see); failing that, the
        first within range. None when no goal qualifies."""
        candidates = [*GOALS[:4], *(Goal("empty", name) for name in deal.rules.row_names), *GOALS[4:]]
        random.Random(pid.seed).shuffle(candidates)
        best: tuple[Goal, GoalLine] | None = None
        for goal in candidates:
            least = goal.least(deal)
            if not least:
                continue
            found = fewest_moves(deal, goal, GOAL_POSITIONS)
            if not found.complete or found.moves is None or not GOAL_MOVES[0] <= found.moves <= GOAL_MOVES[1]:
                continue
            if best is None or found.moves > least:
                best = (goal, found)
            if found.moves > least:
                break
        return None if best is None else self.assemble(pid, deal, *best)

    def assemble(self, pid: PuzzleId, deal: Position, goal: Goal, found: GoalLine) -> Puzzle:
        """The goal puzzle of a deal, a goal and its fewest moves (proved by A*);
        the grade is 1 plus the detour: the moves beyond the lower bound."""
        n = len(found.line)
        least = goal.least(deal)
        return Puzzle(
            pid,
            deal_to_json(deal),
            goal_text(goal, n),
            [],
            min(5, 1 + n - least),
            [GOAL_THEMES[goal.kind]],
            [str(m) for m in found.line],
            {
                "solver": code_version(PROJECT_PACKAGES),
                "method": "A*",
                "positions": found.positions,
                "alternatives": [],
                "par": Par(n, n, OPTIMAL, "A*", GOAL_POSITIONS).to_json(),
            },
            None,
            {"deal": pid.seed, "goal": goal.to_json(), "least": least, "cards_left": deal.cards_in_play()},
        )

    def read_facts(self, puzzle: Puzzle, where: str) -> Goal:
        return Goal.from_json(puzzle.facts.get("goal"), where)

    def goal_of_file(self, puzzle: Puzzle, position: Position) -> str:
        par = puzzle.par
        if par is None or par.moves != len(puzzle.solution):
            raise ParseError(f"puzzle {puzzle.id}: a goal puzzle's par is its solution's length")
        return goal_text(goal_of(puzzle), par.moves)

    def judged(self, puzzle: Puzzle, position: Position, moves: list[Move]) -> str | None:
        """A line replayed through the rules, reaching the goal within par (:func:`goal_missed`)."""
        positions, illegal = position.replay_until_illegal(moves)
        return illegal_move(illegal) if illegal is not None else goal_missed(puzzle, positions)

    def proved(self, puzzle: Puzzle, position: Position, positions: list[Position], solution: list[Move]) -> Proved:
        """The goal is reached by the solution at its last move and not before,
        the A* proves no line shorter, and par says both."""
        try:
            goal, par = goal_of(puzzle), puzzle.par
        except InputError as error:
            return [str(error)], None
        if par is None or par.method != "A*" or par.proved != OPTIMAL:
            return ["a goal puzzle's par is proved optimal by A*"], None
        problems = dealt(puzzle, position)
        first = first_reached(goal, positions)
        if first != len(positions) - 1 or first != par.moves:
            problems.append(f"the solution should reach the goal at its last move, move {par.moves}")
        found = fewest_moves(position, goal, par.proof_nodes or 1)
        if not found.complete or found.moves != par.moves:
            shown = found.moves if found.complete else f"not proved within {par.proof_nodes:,} positions"
            problems.append(f"the fewest moves to the goal are {shown}, not par's {par.moves}")
        if problems:
            return problems, None
        return [], dataclasses.replace(self.assemble(puzzle.id, position, goal, found), solution=puzzle.solution)


def goal_text(goal: Goal, par: int) -> str:
    words = goal.words()
    return f"{words[0].upper()}{words[1:]} in {par} moves or fewer."


def goal_missed(puzzle: Puzzle, positions: list[Position]) -> str | None:
    """None when the line (``positions``, from the start) reaches the goal
    within par (the first time it does; later moves do not count), else why not."""
    goal, par = goal_of(puzzle), len(puzzle.solution)
    reached = first_reached(goal, positions)
    if reached is None:
        return f"the moves do not {goal.words()}"
    if reached > par:
        return f"the moves reach the goal in {reached} moves; par is {par}"
    return None


def goal_of(puzzle: Puzzle) -> Goal:
    """A goal puzzle's goal (ParseError when its file is damaged)."""
    return Goal.from_json(puzzle.facts.get("goal"), f"puzzle {puzzle.id}")


def first_reached(goal: Goal, positions: list[Position]) -> int | None:
    """How many moves along ``positions`` the goal is first reached (None: never)."""
    return next((k for k, p in enumerate(positions) if goal.reached(p)), None)


KIND = GoalKind()
