"""Goals short of a win, reached in the fewest moves: the goal puzzles of
Butterfly's easy days, in the manner of the Microsoft collection's daily
challenges (docs/puzzles.md).

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

import heapq
import itertools
from dataclasses import dataclass

from butterfly.games.cards import Card
from butterfly.games.errors import ParseError
from butterfly.games.patience.rules import Move, Position
from butterfly.solver.patience.shortest import row_extra

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
        solver.patience.shortest.row_extra)."""
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
