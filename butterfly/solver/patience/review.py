"""A patience game as played, reviewed (docs/analysis.md, "Butterfly: a
game reviewed"): where a winnable deal was lost, proved, with the moves that
still won there; and the moves a won game spent over par.

A position reachable from a lost one is lost, and one that reaches a won
one is won, so along a game the winnable positions come first and the lost
ones after: a binary search over the positions finds the **losing move**,
the first whose position after it is lost, with a handful of solves. Every
move is then marked:

- ``best``: it keeps the shortest win (a line one move shorter is left);
- ``winning``: the position after it is still won, and it is not known to
  be best: its ``over`` says how many moves longer the shortest win became,
  when both lengths are proved (None when not: it may be a best move);
- ``losing``: the losing move (the position before it won, by a line that
  replays; the position after it proved lost);
- ``lost``: after the loss, or the whole game when the deal was lost from
  the start;
- ``unknown``: the limits did not decide the position after it.

>>> deal = Position.deal(1)
>>> line = solve(deal).moves
>>> review(deal, line[:3] + [m for m in deal.replay(line[:3])[-1].legal_moves()][:1], Limits(max_nodes=100_000),
...        lengths=None).result
'unfinished'
"""

from __future__ import annotations

import dataclasses
import math
import time
from dataclasses import dataclass

from butterfly.games.errors import InputError
from butterfly.games.patience.record import PatienceRecord
from butterfly.games.patience.rules import Move, Position
from butterfly.solver.budget import Budget
from butterfly.solver.engines import EngineName
from butterfly.solver.patience import analysis as values
from butterfly.solver.patience.analysis import LENGTH_BUDGET, LENGTH_LIMITS, PositionAnalysis, analyse, limits_within
from butterfly.solver.patience.bound import TWICE_EFFORT
from butterfly.solver.patience.engines import ENGINES
from butterfly.solver.patience.result import DEFAULT_LIMITS, OPTIMAL, UNWINNABLE, WON, Limits, SolveResult
from butterfly.solver.patience.solve import INTERLEAVED, solve, solve_shortest
from butterfly.solver.review import Mark

#: The marks of a patience move (the vocabulary every game's reviews share: butterfly.solver.review.Mark).
BEST, WINNING, LOSING, LOST, UNKNOWN = Mark.BEST, Mark.WINNING, Mark.LOSING, Mark.LOST, Mark.UNKNOWN

#: The seconds a review's searches for shortest lines (par, the moves over
#: par) take together by default: the losing move takes a few hundredths
#: of a second, the lengths as long as they are given.
REVIEW_LENGTH_SECONDS = 1.5
#: Of a review's time, when it is given: the share of its searches for par
#: and the moves over par; the rest is shared by the verdicts' searches,
#: about log2(moves) of them.
PAR_SHARE = 0.3
VERDICT_SEARCHES = 8


@dataclass(frozen=True)
class ReviewedMove:
    """A move of the game: its number (from 1), its mark, and the shortest
    win before and after it when proved (None otherwise); ``over``: the moves
    it added to the shortest win (0 for ``best``; None when not proved)."""

    number: int
    move: Move
    mark: Mark
    shortest_before: int | None
    shortest_after: int | None
    over: int | None

    def to_json(self) -> dict:
        return {
            "number": self.number,
            "move": str(self.move),
            "mark": self.mark.value,
            "shortest_before": self.shortest_before,
            "shortest_after": self.shortest_after,
            "over": self.over,
        }


@dataclass(frozen=True)
class GameReview:
    """The review of a game: ``result`` says how it ended (``won``; ``lost``,
    with the losing move; ``lost-from-start``, the deal lost before any move;
    ``unfinished``, still winnable at its last move; ``unknown`` when the
    limits did not decide, with ``lost_between``, the first and last moves
    that may have lost it, when a lost position was found); the losing
    move's number and the analysis of
    the position before it (its winning moves); par (the shortest win of
    the deal, when proved) and the moves over par; each move marked."""

    position: Position
    result: str
    losing_move: int | None
    lost_between: tuple[int, int] | None
    before_loss: PositionAnalysis | None
    winning_line: tuple[Move, ...] | None  # from the position before the losing move: it replays
    par: int | None
    over_par: int | None
    moves: tuple[ReviewedMove, ...]
    nodes: int
    seconds: float

    def to_json(self) -> dict:
        from butterfly.games.patience.notation import position_line

        return {
            "game": self.position.rules.name,
            "position": position_line(self.position),
            "result": self.result,
            "losing_move": self.losing_move,
            "lost_between": None if self.lost_between is None else list(self.lost_between),
            "winning_moves": None
            if self.before_loss is None
            else [m.to_json() for m in self.before_loss.moves if m.line is not None],
            "winning_line": None if self.winning_line is None else [str(m) for m in self.winning_line],
            "par": self.par,
            "over_par": self.over_par,
            "moves": [m.to_json() for m in self.moves],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }


class _Solver:
    """Solves positions of one game, each once, adding up the work."""

    def __init__(self, limits: Limits, lengths: Limits, engine: EngineName, schedule: str) -> None:
        self.limits, self.lengths, self.engine, self.schedule = limits, lengths, engine, schedule
        self.nodes = 0
        self.verdicts: dict[int, SolveResult] = {}
        self.deadline = math.inf  # (perf_counter) when the searches for shortest lines stop

    def length_limits(self) -> Limits | None:
        """Each search for a shortest line's limits: its own, cut to the time left (None: none is left)."""
        left = self.deadline - time.perf_counter()
        if left <= 0:
            return None
        if self.lengths.timeout is None or self.lengths.timeout > left:
            return dataclasses.replace(self.lengths, timeout=left)
        return self.lengths

    def verdict(self, index: int, position: Position) -> SolveResult:
        if index not in self.verdicts:
            if position.is_won():
                self.verdicts[index] = SolveResult(WON)
            else:
                self.verdicts[index] = solve(position, self.limits, self.engine, shorten=True, schedule=self.schedule)
                self.nodes += self.verdicts[index].nodes
        return self.verdicts[index]

    def shortest(self, position: Position, known: int) -> int | None:
        """The shortest win's length, where a line of ``known`` moves wins:
        A* for a shorter line (butterfly.solver.patience.shortest); None when the
        limits stop it before it proves the answer."""
        if known == 0:
            return 0
        limits = self.length_limits()
        if limits is None:
            return None
        ENGINES[self.engine].prepare(position.rules)
        answer = ENGINES[self.engine].shortest(position, known, limits, 100, TWICE_EFFORT, False)
        self.nodes += answer.nodes
        if not answer.exhausted:
            return None
        return len(answer.steps) if answer.steps else known

    def par(self, position: Position) -> int | None:
        """The shortest win from the start, proved: solve_shortest finds a
        short line first, so that the proof's search is small."""
        if position.is_won():
            return 0
        limits = self.length_limits()
        if limits is None:
            return None
        result = solve_shortest(position, limits, self.engine, self.schedule)
        self.nodes += result.nodes
        return len(result.moves) if result.result == OPTIMAL else None


def _shortest_lengths(
    positions: list[Position], length: int, solver: _Solver, par: int | None = None
) -> list[int | None]:
    """The shortest win from each of ``positions``, a game whose moves
    continued by a known line win in ``length`` moves in all.

    From position i that line wins in ``length - i`` moves; what it spends
    over the shortest win, ``length - i - shortest(i)``, never grows along
    the game (a move adds what it wastes). So where it is the same at both
    ends of a stretch of the game, every move between is best, and only the
    stretches where it drops are searched, halved until each drop is one
    move: a game with few wasted moves costs few searches. Each search is
    told the shortest line known, the game's moves to the stretch's end and
    the shortest win from there, which keeps it small."""
    last = len(positions) - 1
    shortest: list[int | None] = [None] * (last + 1)

    def find(index: int, known: int) -> int | None:
        if shortest[index] is None:
            shortest[index] = solver.shortest(positions[index], known)
        return shortest[index]

    def spent(index: int) -> int | None:
        value = shortest[index]
        return None if value is None else length - index - value

    def fill(low: int, high: int) -> None:
        """Fill the stretch between ``low`` and ``high`` (``high`` known)."""
        if high - low <= 1:
            return
        if spent(low) is not None and spent(low) == spent(high):
            for index in range(low + 1, high):
                shortest[index] = shortest[low] - (index - low)  # type: ignore[operator]
            return
        middle = (low + high) // 2
        after = shortest[high]
        find(middle, length - middle if after is None else after + high - middle)
        fill(middle, high)
        if shortest[middle] is not None:  # (else the limits stopped it: positions before it are further still)
            fill(low, middle)

    find(last, length - last)
    shortest[0] = shortest[last] if not last else par if par is not None else solver.par(positions[0])
    fill(0, last)
    return shortest


def review(
    position: Position,
    moves: list[Move],
    limits: Limits = DEFAULT_LIMITS,
    engine: EngineName = "kernel",
    lengths: Limits | None = LENGTH_LIMITS,
    schedule: str = INTERLEAVED,
    par: int | None = None,
    length_seconds: float | None = REVIEW_LENGTH_SECONDS,
) -> GameReview:
    """Review the game that played ``moves`` from ``position`` (every move
    legal: :meth:`Position.replay` raises on the first that is not).
    ``lengths``: the limits of each search for the shortest win from a
    position, for par and the best moves (None: none; the winning moves
    are then all ``winning``); ``schedule``: the restarts' of every search
    for a win (:func:`butterfly.solver.patience.solve.solve`); ``par``: the
    deal's shortest win when already proved (the published lengths,
    :func:`butterfly.solver.survey.publish_lengths.published_par`), not
    searched again; ``length_seconds``: the time all the searches for
    shortest lines may take together (None: no limit but each one's), so a
    review answers promptly: the lengths left unproved are None."""
    start = time.perf_counter()
    positions = position.replay(moves)
    solver = _Solver(limits, lengths or limits, engine, schedule)
    won_until, lost_from = _bracket(positions, solver)
    last = len(positions) - 1
    decided = lost_from - won_until == 1
    if not decided:
        result = values.UNKNOWN
    elif lost_from == 0:
        result = "lost-from-start"
    elif lost_from > last:
        result = WON if positions[-1].is_won() else "unfinished"
    else:
        result = values.LOST
    line_from_last = () if won_until < 0 else tuple(solver.verdict(won_until, positions[won_until]).moves)
    shortest: list[int | None] = []
    if lengths is not None and won_until >= 0:
        if length_seconds is not None:
            solver.deadline = time.perf_counter() + length_seconds
        shortest = _shortest_lengths(positions[: won_until + 1], won_until + len(line_from_last), solver, par)
    marks = []
    for index, move in enumerate(moves):
        before = shortest[index] if index < len(shortest) else None
        after = shortest[index + 1] if index + 1 < len(shortest) else None
        mark = _mark(index + 1, won_until, lost_from, decided, _over(before, after))
        marks.append(ReviewedMove(index + 1, move, mark, before, after, _over(before, after)))
    before_loss = winning_line = None
    if result == values.LOST:
        before_loss = analyse(positions[won_until], limits, engine, lengths=None, schedule=schedule)
        solver.nodes += before_loss.nodes
        winning_line = line_from_last
    par = shortest[0] if shortest else None
    return GameReview(
        position,
        result,
        lost_from if result == values.LOST else None,
        (max(won_until, 0) + 1, lost_from) if result == values.UNKNOWN and lost_from <= last else None,
        before_loss,
        winning_line,
        par,
        len(moves) - par if result == WON and par is not None else None,
        tuple(marks),
        solver.nodes,
        time.perf_counter() - start,
    )


def review_with_budget(
    record: PatienceRecord,
    budget: Budget,
    *,
    engine: EngineName = "kernel",
    lengths: Budget | None = LENGTH_BUDGET,
    schedule: str = INTERLEAVED,
    par: int | None = None,
    par_seconds: float | None = None,
    relaxation: int | None = None,
) -> GameReview:
    """:func:`review` of the game ``record`` holds: each search for a win
    may expand ``budget.nodes`` positions; the whole review may take
    ``budget.seconds`` (None: each search its default), :data:`PAR_SHARE`
    of them (or ``par_seconds`` when given; with neither,
    :data:`REVIEW_LENGTH_SECONDS`) for the searches for shortest wins, each
    within ``lengths`` (None: no lengths), and the rest for the verdicts;
    ``par``: the deal's shortest win when already proved (None: searched);
    ``relaxation``: the effort of the chain relaxation tried on a verdict's
    search that ends undecided (None: not tried). The review registry's
    (butterfly.solver.analysis)."""
    if record.position is None:
        raise InputError("the record names no deal: give the position too")
    verdict_seconds = None if budget.seconds is None else budget.seconds * (1 - PAR_SHARE) / VERDICT_SEARCHES
    if par_seconds is None:
        par_seconds = REVIEW_LENGTH_SECONDS if budget.seconds is None else budget.seconds * PAR_SHARE
    limits = dataclasses.replace(
        limits_within(dataclasses.replace(budget, seconds=verdict_seconds)), relaxation=relaxation
    )
    length_limits = None if lengths is None else limits_within(lengths, LENGTH_LIMITS)
    return review(
        record.position,
        list(record.moves),
        limits,
        engine,
        length_limits,
        schedule,
        par,
        par_seconds,
    )


#: How many positions a review may find undecided before it stops looking
#: for the losing move (each costs the whole of the search's limits).
MAX_UNDECIDED = 3


def _bracket(positions: list[Position], solver: _Solver) -> tuple[int, int]:
    """The last position known won and the first known lost along the game
    (-1 and len(positions) when none is known). The two are next to each
    other unless the limits left positions between them undecided."""

    def lost(index: int) -> bool | None:
        result = solver.verdict(index, positions[index]).result
        return True if result == UNWINNABLE else False if result == WON else None

    won_until, lost_from = -1, len(positions)
    undecided: set[int] = set()
    probes = [len(positions) - 1, 0]
    while lost_from - won_until > 1 and len(undecided) < MAX_UNDECIDED:
        open_ = [i for i in range(won_until + 1, lost_from) if i not in undecided]
        if not open_:
            break
        middle = (won_until + lost_from) // 2
        index = probes.pop(0) if probes else min(open_, key=lambda i: abs(i - middle))
        verdict = lost(index)
        if verdict is None:
            undecided.add(index)
        elif verdict:
            lost_from = index
        else:
            won_until = index
    return won_until, lost_from


def _mark(number: int, won_until: int, lost_from: int, decided: bool, over: int | None) -> Mark:
    """The mark of move ``number``, which leads to position ``number``."""
    if number <= won_until:
        return BEST if over == 0 else WINNING
    if number == lost_from and decided:
        return LOSING
    return LOST if number > lost_from else UNKNOWN


def _over(before: int | None, after: int | None) -> int | None:
    """The moves a move added to the shortest win, when both lengths are proved."""
    return None if before is None or after is None else after + 1 - before
