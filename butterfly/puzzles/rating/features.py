"""What makes a deal hard: exact features, measured with the sound solver, and cheap static ones.

The difficulty rating (issue "Difficulty rating of deals") reports, besides
a ladder of bounded players, what only an exact solver knows about a deal
("why it is hard"), and a quick rating predicts difficulty from cheap
features of the layout. This module computes both kinds.

Exact features (each verdict comes from :func:`butterfly.solver.patience.solve.solve`
within the given limits; ``won`` and ``unwinnable`` are proofs,
``unresolved`` is not, and is reported as such, never rounded either way):

- :func:`fewest_cells`: the fewest basement (or free) cells with which the
  position is still winnable.
- :func:`line_decisions`: along a winning line, which positions are
  *critical decisions* (exactly one way on keeps the win) and how
  *forgiving* the line is (the share of legal moves that keep the win).
  Its per-position details are where only-move puzzles are mined.
- :func:`solver_effort`: how hard the deal is for the search itself: its
  nodes over several row orders, no restarts.
- :func:`exact_features`: all of these at once, as a JSON-friendly dict
  (``butterfly rate --json``).

Cheap features: :func:`layout_features`, a dozen static counts of the
layout (covered low cards, same-suit inversions, a blocking graph, mobility)
computed in well under 10 ms.

Soundness, in one place. The solver's pruning (safe foundation moves tried
alone, dead-end tests, the chain relaxation when enabled) never turns a
winnable position into ``unwinnable`` (docs/solver.md), so its ``won`` and
``unwinnable`` are proofs for the question asked here, "is this position
winnable?". Two positions with equal :meth:`Position.key` have the same
future (rows are interchangeable), so a verdict may be reused for every
position of the same key. Every position along a won line is winnable (the
rest of the line wins it), whoever found the line.

>>> from butterfly.games.patience.rules import Position
>>> features = layout_features(Position.deal(1))
>>> sorted(features) == sorted(LAYOUT_FEATURES)
True
"""

from __future__ import annotations

import dataclasses
import math
import statistics
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

import networkx as nx

from butterfly.games.patience.rules import CELL, FOUNDATION, Move, Position, rules_with_cells
from butterfly.solver.patience.result import UNRESOLVED, UNWINNABLE, WON, Limits, SolveResult
from butterfly.solver.patience.solve import NO_RESTARTS, PUBLISHED_SCHEDULE, permuted, row_order, solve

# --------------------------------------------------------------- limits

#: Limits of the solve whose won line :func:`exact_features` examines.
SOLVE_LIMITS = Limits(max_nodes=1_000_000)

#: Limits proposed for each search of :func:`fewest_cells` (bench/features.py
#: has the timings behind them): a deal with fewer cells is mostly won or
#: proved lost within a few ten thousand nodes; the rest need millions.
FEWEST_CELLS_LIMITS = Limits(max_nodes=200_000)

#: Limits proposed for each class decided by :func:`line_decisions`. A line
#: has a few thousand classes; most are settled without a search (one move
#: from a known win), and most searches end within a few thousand nodes; the
#: few classes left unresolved need millions (more nodes here buy little).
DECISION_LIMITS = Limits(max_nodes=100_000)

#: Node cap proposed for each run of :func:`solver_effort`.
EFFORT_MAX_NODES = 200_000

#: Verdicts of :func:`fewest_cells` besides the solver's three: a count of
#: cells below the cards already in the cells (no such position exists).
IMPOSSIBLE = "impossible"


# ----------------------------------------------------------- fewest cells


def most_cells_used(position: Position, moves: list[Move]) -> int:
    """The most cards held in the cells at once along ``moves`` from ``position``."""
    return max(len(p.cells) for p in position.replay(moves))


class FewestCells(NamedTuple):
    """What :func:`fewest_cells` found; a tuple, ``fewest, verdicts, nodes = ...``.

    ``fewest``: the fewest cells proved enough to win; None when no count is
    (the position is unwinnable, or no count was settled won within the
    limits). ``verdicts``: for every count from 0 to the rules' own, ``won``
    or ``unwinnable`` (proved, by a search or by the inferences of
    :func:`fewest_cells`), ``unresolved``, or ``impossible`` (fewer cells
    than the cards already in them). ``nodes``: the searches' total.

    ``exact`` tells "exactly ``fewest``" from "at most ``fewest``": the count
    just below is proved unwinnable (or impossible, or there is none).
    """

    fewest: int | None
    verdicts: dict[int, str]
    nodes: int = 0

    @property
    def exact(self) -> bool:
        if self.fewest is None:
            return all(v in (UNWINNABLE, IMPOSSIBLE) for v in self.verdicts.values())
        return self.verdicts.get(self.fewest - 1, IMPOSSIBLE) in (UNWINNABLE, IMPOSSIBLE)


def fewest_cells(position: Position, limits: Limits = FEWEST_CELLS_LIMITS) -> FewestCells:
    """The fewest cells (from the rules' own number down to 0) with which
    ``position`` is still winnable, and the verdict for each count.

    Sound because cells are monotone: a move legal with k cells is legal
    with k + 1 (only the "a cell is free" test depends on k), so a win with
    k cells is a win with more, and a position unwinnable with k cells is
    unwinnable with fewer. Hence the search goes down from the rules' own
    count and stops at the first count proved unwinnable; every count below
    it is unwinnable too. Two more inferences save searches, both proofs:

    - a won line that never holds more than m cards in the cells at once is
      a win with any count from m up, so the counts m..k are all won and the
      search goes on at m - 1;
    - a count found won makes every larger count won, even one the search
      left unresolved (an unresolved count above a won one is never
      reported).

    Counts the search leaves unresolved stay ``unresolved``; then the answer
    reads "at most ``fewest``" (:attr:`FewestCells.exact` is False). The
    position with fewer cells must still hold its cards in the cells: counts
    below ``len(position.cells)`` are ``impossible`` and never searched.

    >>> from butterfly.games.patience.rules import Position
    >>> fewest, verdicts, _ = fewest_cells(Position.deal(1), Limits(max_nodes=100_000))
    >>> fewest, verdicts
    (1, {3: 'won', 2: 'won', 1: 'won', 0: 'unwinnable'})
    """
    own = position.rules.cells
    floor = len(position.cells)
    verdicts: dict[int, str] = dict.fromkeys(range(floor), IMPOSSIBLE)
    nodes = 0
    k = own
    while k >= floor:
        if k not in verdicts:
            rules = position.rules if k == own else rules_with_cells(position.rules, k)
            result = solve(dataclasses.replace(position, rules=rules), limits, schedule=PUBLISHED_SCHEDULE)
            nodes += result.nodes
            verdicts[k] = result.result
            if result.result == WON:
                used = max(floor, most_cells_used(position, result.moves)) if result.moves else floor
                for j in range(used, k):
                    verdicts[j] = WON
                k = used
            elif result.result == UNWINNABLE:
                for j in range(floor, k):
                    verdicts[j] = UNWINNABLE
                break
        k -= 1
    won = [k for k, v in verdicts.items() if v == WON]
    count = min(won) if won else None
    if count is not None:
        for j in range(count, own + 1):
            verdicts[j] = WON
    return FewestCells(count, dict(sorted(verdicts.items(), reverse=True)), nodes)


# ---------------------------------------------------------- line decisions


@dataclass
class MoveClass:
    """Legal moves of one position whose results have the same canonical key.

    ``verdict``: of the (common) result. ``source``: how it is known:
    ``line`` (the result lies on a won line: the line given, or one a search
    returned; winnable), ``step`` (the result is won, or one legal move from
    a position known winnable), ``search`` (a solver run made for
    this class, which used ``nodes``), ``cache`` (the verdict of an earlier
    search of the same key, unwinnable or unresolved).
    """

    moves: list[Move]
    verdict: str
    source: str
    nodes: int = 0


@dataclass
class LinePosition:
    """One position of the line (``index`` moves from the start), its legal
    moves grouped into :class:`MoveClass` es (in the order their first move
    comes in :meth:`Position.legal_moves`), and the move the line plays."""

    index: int
    position: Position
    line_move: Move
    classes: list[MoveClass]

    @property
    def nodes(self) -> int:
        """Solver nodes spent on this position's classes (0 for those already known)."""
        return sum(c.nodes for c in self.classes)

    @property
    def legal_count(self) -> int:
        """How many legal moves the position has."""
        return sum(len(c.moves) for c in self.classes)

    def moves_with(self, verdict: str) -> int:
        """How many legal moves lead to a position with ``verdict``."""
        return sum(len(c.moves) for c in self.classes if c.verdict == verdict)

    def classes_with(self, verdict: str) -> list[MoveClass]:
        return [c for c in self.classes if c.verdict == verdict]

    @property
    def is_choice(self) -> bool:
        """At least two classes: the moves lead to positions that differ."""
        return len(self.classes) >= 2

    @property
    def is_critical(self) -> bool:
        """A choice where exactly one class keeps the win and every other is
        proved unwinnable: a proved only move (up to equivalent moves)."""
        won = len(self.classes_with(WON))
        return self.is_choice and won == 1 and won + len(self.classes_with(UNWINNABLE)) == len(self.classes)

    @property
    def is_undecided(self) -> bool:
        """Could be critical but is not proved so: one class known to win
        (the line's), none other, and some class unresolved. (A choice
        with two winning classes is known not to be critical, whatever
        the unresolved ones are.)"""
        return self.is_choice and len(self.classes_with(WON)) == 1 and bool(self.classes_with(UNRESOLVED))

    @property
    def winning_class(self) -> MoveClass | None:
        """The only class that keeps the win, at a critical position."""
        return self.classes_with(WON)[0] if self.is_critical else None


@dataclass
class LineDecisions:
    """What :func:`line_decisions` found along a winning line.

    ``positions``: every position of the line but the last (won) one, with
    its classes. ``critical``: indexes (moves from the start) of the
    critical decisions; ``undecided``: of the positions that could be
    critical but have an unresolved class. ``forgiveness``: see
    :func:`line_decisions`; None when the line has no choice with a resolved
    move. ``nodes`` and ``seconds``: the solver's total.
    """

    positions: list[LinePosition]
    critical: list[int]
    undecided: list[int]
    forgiveness: float | None
    nodes: int = 0
    seconds: float = 0.0
    unresolved_classes: int = 0
    searches: int = 0

    @property
    def critical_count(self) -> int:
        return len(self.critical)

    @property
    def first_critical(self) -> int | None:
        """How early the first critical decision comes (its move index), if any."""
        return self.critical[0] if self.critical else None

    @property
    def choices(self) -> int:
        """Positions of the line with at least two classes."""
        return sum(p.is_choice for p in self.positions)

    def forgiveness_bounds(self) -> tuple[float, float] | None:
        """Forgiveness with the unresolved moves counted as losing, and as winning."""
        choices = [p for p in self.positions if p.is_choice]
        legal = sum(p.legal_count for p in choices)
        if not legal:
            return None
        won = sum(p.moves_with(WON) for p in choices)
        unresolved = sum(p.moves_with(UNRESOLVED) for p in choices)
        return won / legal, (won + unresolved) / legal


def forgiveness(positions: Iterable[LinePosition]) -> float | None:
    """Legal moves keeping the win over legal moves with a known verdict,
    both summed over the choice positions (two classes or more); None when
    there are none."""
    won = lost = 0
    for p in positions:
        if p.is_choice:
            won += p.moves_with(WON)
            lost += p.moves_with(UNWINNABLE)
    return won / (won + lost) if won + lost else None


def _remember_line(verdicts: dict[tuple, str], position: Position, moves: list[Move]) -> None:
    """Every position along a won line is winnable: remember those that later
    lookups can meet. The line decisions go backwards, so every later lookup
    is of a position with at most two more cards home than ``position``
    (a child of an earlier position, or a child of such a child); the rest of
    the line (often hundreds of moves of a raw search line) is skipped."""
    verdicts[position.key()] = WON
    least = position.cards_in_play() - 2
    for move in moves:
        if move.target == FOUNDATION and position.cards_in_play() <= least:
            break
        position = position.play_unchecked(move)  # the solver's moves are legal
        verdicts[position.key()] = WON


def _one_move_from(position: Position, verdicts: dict[tuple, str]) -> bool:
    """Is ``position`` one legal move from a position known to be winnable?"""
    return any(verdicts.get(child.key()) == WON for _, child in position.children())


def _settle_unresolved(entries: list[LinePosition], verdicts: dict[tuple, str]) -> None:
    """Settle unresolved classes one move from a win found since (by a search
    made for an earlier position of the line), until nothing changes."""
    changed = True
    while changed:
        changed = False
        for entry in entries:
            for cls in entry.classes_with(UNRESOLVED):
                child = entry.position.play_unchecked(cls.moves[0])
                if verdicts.get(child.key()) == WON or _one_move_from(child, verdicts):
                    cls.verdict, cls.source = WON, "step"
                    verdicts[child.key()] = WON
                    changed = True


def line_decisions(
    position: Position, line: list[Move], limits: Limits = DECISION_LIMITS, schedule: str = PUBLISHED_SCHEDULE
) -> LineDecisions:
    """Every decision along the winning ``line`` from ``position``, decided exactly.

    For each position of the line (all but the last, won, one) its legal
    moves (:meth:`Position.legal_moves`, the plain generator: no pruning, so
    no move a player could make is left out) are grouped into classes of
    moves whose results have the same canonical key, and each class is
    decided by the sound solver with ``limits`` (and ``schedule``). A verdict
    is kept by key for the whole line, and so is every position of every won
    line met (the given line, and the wins the searches return), so children
    met twice are searched once. The line is gone through backwards, and a
    class whose result is one legal move from a position known winnable is
    winnable without a search: the later positions' children are nearer the
    end, and their wins settle most of the earlier children (a move that
    commutes with the line's next move reaches the next position's child).
    A last sweep settles the same way the unresolved classes for which a
    win was found later. Only the solver says ``unwinnable``.

    A position is a **critical decision** when it has at least two classes,
    exactly one keeps the win and every other is proved unwinnable. A
    position whose moves all lead to the same position (one class, e.g. a
    single legal move) is not a decision at all. An unresolved class never
    makes a position critical: when the line's class is the only one known
    to win and some other class is unresolved, the position is
    **undecided**, counted apart.

    **Forgiveness**: the legal moves (not classes: a player picks a move)
    whose result is winnable, over the legal moves, both summed over the
    line's positions; moves whose class is unresolved are left out of both
    sums (:meth:`LineDecisions.forgiveness_bounds` counts them either way).
    Positions with a single class, a single legal move in particular, are
    left out: they offer no choice, and always score 1, so counting them
    would call a deal forgiving for its forced moves (long forced
    endgames), not for the choices its player has.

    Raises ValueError if ``line`` does not win from ``position``.
    """
    positions = position.replay(line)
    if not positions[-1].is_won():
        raise ValueError("the line does not win: its last position is not won")
    start = time.perf_counter()
    verdicts: dict[tuple, str] = {}
    for p in positions:
        verdicts[p.key()] = WON
    result = LineDecisions([], [], [], None)
    entries: list[LinePosition] = []
    # Backwards: the later positions' children, nearer the end, are settled
    # first, and their wins make the earlier children's wins one move away.
    for index in range(len(line) - 1, -1, -1):
        here = positions[index]
        classes = []
        for key, (moves, child) in here.distinct_children().items():
            if key in verdicts:
                known = verdicts[key]
                classes.append(MoveClass(moves, known, "line" if known == WON else "cache"))
            elif child.is_won() or _one_move_from(child, verdicts):
                verdicts[key] = WON
                classes.append(MoveClass(moves, WON, "step"))
            else:
                answer: SolveResult = solve(child, limits, schedule=schedule)
                result.searches += 1
                result.nodes += answer.nodes
                if answer.result == WON:
                    _remember_line(verdicts, child, answer.moves)
                else:  # unwinnable, or unresolved: the same limits would leave it unresolved again
                    verdicts[key] = answer.result
                classes.append(MoveClass(moves, answer.result, "search", answer.nodes))
        entries.append(LinePosition(index, here, line[index], classes))
    result.positions = entries[::-1]
    _settle_unresolved(result.positions, verdicts)
    for entry in result.positions:
        result.unresolved_classes += len(entry.classes_with(UNRESOLVED))
        if entry.is_critical:
            result.critical.append(entry.index)
        elif entry.is_undecided:
            result.undecided.append(entry.index)
    result.forgiveness = forgiveness(result.positions)
    result.seconds = time.perf_counter() - start
    return result


# ------------------------------------------------------------ solver effort


@dataclass
class Effort:
    """The search's nodes on several row orders (:func:`solver_effort`).

    ``nodes[k]``: the nodes of the search on row order k, the cap when it
    was stopped (``capped[k]``); ``verdicts[k]``: its answer. ``median`` and
    ``geometric_mean`` are over ``nodes`` (capped runs counted as the cap,
    so both are lower bounds when any run is capped).
    """

    nodes: list[int]
    capped: list[bool]
    verdicts: list[str]
    cap: int | None
    seconds: float = 0.0

    @property
    def median(self) -> float:
        return float(statistics.median(self.nodes))

    @property
    def geometric_mean(self) -> float:
        return math.exp(statistics.fmean(math.log(max(1, n)) for n in self.nodes))

    @property
    def capped_runs(self) -> int:
        return sum(self.capped)


def solver_effort(position: Position, orders: int = 8, max_nodes: int | None = EFFORT_MAX_NODES) -> Effort:
    """The nodes one depth-first search (no restarts) needs on ``position``
    with its rows listed in ``orders`` orders (:func:`row_order` k for k = 0..orders-1,
    k = 0 being the natural order), each capped at ``max_nodes``.

    The row order only changes the order moves are tried in, and the search
    is heavy-tailed (docs/solver.md, "Restarts"), so one order says little:
    the median and geometric mean over several say how much of the tree a
    search must see. Deterministic: the orders are fixed, the search too.

    >>> effort = solver_effort(Position.deal(1), orders=2, max_nodes=100_000)
    >>> effort.nodes, effort.capped, effort.verdicts
    ([100000, 256], [True, False], ['unresolved', 'won'])
    """
    if orders < 1:
        raise ValueError("orders must be at least 1")
    limits = Limits(max_nodes=max_nodes)
    start = time.perf_counter()
    nodes, capped, verdicts = [], [], []
    for k in range(orders):
        answer = solve(permuted(position, row_order(k, len(position.rows))), limits, schedule=NO_RESTARTS)
        stopped = answer.result == UNRESOLVED
        nodes.append(max_nodes if stopped and max_nodes is not None else answer.nodes)
        capped.append(stopped)
        verdicts.append(answer.result)
    return Effort(nodes, capped, verdicts, max_nodes, time.perf_counter() - start)


# ---------------------------------------------------------- layout features

#: The names of :func:`layout_features`, in order, each with what it counts.
LAYOUT_FEATURES = {
    "cover_next": "cards lying on each suit's next card to go home, summed over the suits",
    "cover_next_max": "the same for the worst suit",
    "cover_second": "cards lying on each suit's second card to go home (its 3 in a deal), summed",
    "cover_third": "cards lying on each suit's third card to go home (its 4 in a deal), summed",
    "inversions": "same-suit pairs in one row, the lower under the higher",
    "high_over_low": "kings and queens lying on one of the next three cards of some suit",
    "block_chain": "the longest chain of the blocking graph (in its condensation), in edges",
    "block_scc_max": "the largest strongly connected component of the blocking graph (1: acyclic)",
    "block_cyclic": "cards in a cycle of the blocking graph",
    "outer_movable": "outer cards with a move other than into the cells",
    "home_now": "outer cards (and cell cards) that may go to their foundation now",
    "legal_moves": "legal moves at the start, into the cells included",
}

#: How many of a suit's next cards count as low (:data:`LAYOUT_FEATURES` ``high_over_low``).
LOW_SPAN = 3


def _next_ranks(position: Position, suit: int, span: int) -> list[int]:
    top = position.foundations[suit]
    return list(range(top + 1, min(13, top + span) + 1))


def blocking_graph(position: Position) -> nx.DiGraph:
    """The cards in the rows, with an edge u -> v when u must leave before v
    can go home: u lies directly on v in a row (so, by paths, every card on
    v), or u is of v's suit and the next lower rank of it still in the rows
    (so, by paths, every lower card of the suit in the rows).

    The graph may have cycles: a higher card of a suit lying on a lower one
    (a same-suit inversion) is a 2-cycle, and longer cycles mix the two
    kinds (5H on 2C in one row, 3C on 4H in another). Every cycle holds a
    card that must first be moved out of the way, onto another row or into
    the cells, since going home is not enough.
    """
    graph: nx.DiGraph = nx.DiGraph()
    where: dict[int, list[int]] = {0: [], 1: [], 2: [], 3: []}
    for row in position.rows:
        for depth, card in enumerate(row):
            graph.add_node(int(card))
            where[card // 13].append(int(card))
            if depth:
                graph.add_edge(int(card), int(row[depth - 1]))
    for cards in where.values():
        cards.sort()
        graph.add_edges_from(zip(cards, cards[1:]))
    return graph


def layout_features(position: Position) -> dict[str, float]:
    """Cheap static features of ``position`` (:data:`LAYOUT_FEATURES`), for a quick rating.

    In a deal every suit's next card is its 2 (the aces are home), its
    second its 3, its third its 4; in any other position they follow the
    foundations, so the same features work on any position. "Lies on"
    means further out in the same row (not only directly on it): every
    card lying on a card must leave before it can move at all.

    - ``cover_next``, ``cover_next_max``, ``cover_second``, ``cover_third``:
      the cards burying the cards that must go home first. A card in the
      cells, or a suit already complete, counts 0.
    - ``inversions``: a lower card of a suit under a higher one of the same
      suit in one row: the higher must leave the row (to another row or the
      cells) before the lower can go home, since it cannot go home first.
    - ``high_over_low``: kings and queens lying on a low card (one of the
      next :data:`LOW_SPAN` cards of its suit). A king can be built only on
      a queen, a queen only on a jack or king: they are the hardest cards to
      move out of the way, and they go home last.
    - ``block_chain``, ``block_scc_max``, ``block_cyclic``: from
      :func:`blocking_graph`. It may have cycles, so the longest chain is
      measured in its condensation (each strongly connected component one
      node: a cycle is resolved at once by moving one of its cards aside);
      ``block_scc_max`` is 1 for an acyclic graph and ``block_cyclic`` 0.
    - ``outer_movable``: outer cards that can go home or onto another row
      now (the moves that cost no cell); ``home_now``: cards that may go
      home now; ``legal_moves``: all legal moves now.

    Deterministic, and a few milliseconds (networkx on 48 nodes).

    >>> from butterfly.games.patience.rules import Position
    >>> features = layout_features(Position.deal(1))
    >>> features["legal_moves"] >= features["outer_movable"], features["block_scc_max"] >= 1
    (True, True)
    """
    rows = position.rules.row_names
    place: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(position.rows):
        for depth, card in enumerate(row):
            place[int(card)] = (r, depth)

    def covering(card: int) -> int:
        if card not in place:
            return 0
        r, depth = place[card]
        return len(position.rows[r]) - depth - 1

    covers: list[list[int]] = []
    low: set[int] = set()
    for suit in range(4):
        ranks = _next_ranks(position, suit, LOW_SPAN)
        cards = [suit * 13 + rank - 1 for rank in ranks]
        low.update(cards)
        covers.append([covering(c) for c in cards] + [0] * (LOW_SPAN - len(cards)))
    inversions = high_over_low = 0
    for row in position.rows:
        for depth, card in enumerate(row):
            above = row[depth + 1 :]
            inversions += sum(1 for c in above if c // 13 == card // 13 and c > card)
            if card in low:
                high_over_low += sum(1 for c in above if c % 13 >= 11)  # queens (11) and kings (12)
    graph = blocking_graph(position)
    components = list(nx.strongly_connected_components(graph))
    condensed = nx.condensation(graph, scc=components)
    moves = position.legal_moves()
    movable = {m.source for m in moves if m.source in rows and m.target != CELL}
    return {
        "cover_next": float(sum(c[0] for c in covers)),
        "cover_next_max": float(max(c[0] for c in covers)),
        "cover_second": float(sum(c[1] for c in covers)),
        "cover_third": float(sum(c[2] for c in covers)),
        "inversions": float(inversions),
        "high_over_low": float(high_over_low),
        "block_chain": float(nx.dag_longest_path_length(condensed)) if len(condensed) else 0.0,
        "block_scc_max": float(max((len(c) for c in components), default=0)),
        "block_cyclic": float(sum(len(c) for c in components if len(c) > 1)),
        "outer_movable": float(len(movable)),
        "home_now": float(sum(1 for m in moves if m.target == FOUNDATION)),
        "legal_moves": float(len(moves)),
    }


# ---------------------------------------------------------- all at once


@dataclass(frozen=True)
class ExactLimits:
    """The limits of each exact feature (the proposed ones by default)."""

    solve: Limits = SOLVE_LIMITS
    fewest_cells: Limits = FEWEST_CELLS_LIMITS
    decisions: Limits = DECISION_LIMITS
    effort_orders: int = 8
    effort_max_nodes: int | None = EFFORT_MAX_NODES


def exact_features(position: Position, limits: ExactLimits | None = None) -> dict:
    """Every exact feature of ``position``, as a JSON-friendly dict (ints,
    floats, strings and lists of them; a feature that does not apply, such
    as the decisions of a deal with no won line, is left out rather than
    written null).

    - ``verdict``, ``solve_nodes``, ``line_length``: the deal solved (with
      restarts first) and its won line shortened (butterfly.solver.patience.shorten);
    - ``fewest_cells`` (when some count is proved won), ``fewest_cells_exact``
      (false: "at most"), ``cells_verdicts`` (the verdict for 0, 1, ...
      cells, as :func:`fewest_cells`);
    - ``critical_decisions``, ``critical_indexes``, ``first_critical`` (when
      there is one), ``critical_moves`` (the moves of the only winning class
      at each, ``|``-joined when several are equivalent), ``undecided``,
      ``unresolved_classes``, ``choices``, ``forgiveness`` (when defined),
      ``forgiveness_low`` and ``forgiveness_high``, ``decision_nodes``: the
      line's decisions (:func:`line_decisions`);
    - ``effort_nodes``, ``effort_capped``, ``effort_median``,
      ``effort_geomean``: :func:`solver_effort`;
    - ``seconds_*``: the time each took.
    """
    limits = limits or ExactLimits()
    out: dict = {}
    start = time.perf_counter()
    solved = solve(position, limits.solve, shorten=True, schedule=PUBLISHED_SCHEDULE)
    out["verdict"] = solved.result
    out["solve_nodes"] = solved.nodes
    out["seconds_solve"] = time.perf_counter() - start

    start = time.perf_counter()
    cells = fewest_cells(position, limits.fewest_cells)
    if cells.fewest is not None:
        out["fewest_cells"] = cells.fewest
    out["fewest_cells_exact"] = int(cells.exact)
    out["cells_verdicts"] = [cells.verdicts[k] for k in range(position.rules.cells + 1)]
    out["fewest_cells_nodes"] = cells.nodes
    out["seconds_fewest_cells"] = time.perf_counter() - start

    if solved.result == WON:
        out["line_length"] = len(solved.moves)
        decisions = line_decisions(position, solved.moves, limits.decisions)
        out["critical_decisions"] = decisions.critical_count
        out["critical_indexes"] = list(decisions.critical)
        if decisions.first_critical is not None:
            out["first_critical"] = decisions.first_critical
        out["critical_moves"] = [
            "|".join(str(m) for m in decisions.positions[i].classes_with(WON)[0].moves) for i in decisions.critical
        ]
        out["undecided"] = len(decisions.undecided)
        out["unresolved_classes"] = decisions.unresolved_classes
        out["choices"] = decisions.choices
        if decisions.forgiveness is not None:
            out["forgiveness"] = decisions.forgiveness
        bounds = decisions.forgiveness_bounds()
        if bounds is not None:
            out["forgiveness_low"], out["forgiveness_high"] = bounds
        out["decision_nodes"] = decisions.nodes
        out["seconds_decisions"] = decisions.seconds

    effort = solver_effort(position, limits.effort_orders, limits.effort_max_nodes)
    out["effort_nodes"] = list(effort.nodes)
    out["effort_capped"] = effort.capped_runs
    out["effort_median"] = effort.median
    out["effort_geomean"] = effort.geometric_mean
    out["seconds_effort"] = effort.seconds
    return out
