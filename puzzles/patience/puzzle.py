"""Butterfly puzzles with proved answers: whole deals, only moves, win-in-N
endgames, resource puzzles and goals (docs/puzzles.md).

Every kind is generated from its ID (:class:`puzzles.document.PuzzleId`),
whose seed is a deal number: ``deal:butterfly:s=D`` is deal D itself,
``only-move:butterfly:s=D`` the best critical decision on deal D's winning
line, ``win-in:butterfly:s=D`` an endgame of that line, ``resource:...:s=D``
deal D with the fewest basement cells it can be won with, ``goal:...:s=D``
a goal short of a win on deal D (:mod:`puzzles.patience.goal`) reached in
the fewest moves. A seed that gives
no puzzle of the kind (a lost deal, a line with no interesting only move)
gives None, and the generator tries the next seed.

What is proved and how:

- a win: by a line replayed through the rules engine;
- a loss: by the sound solver's exhaustive search (``unwinnable``; an
  unresolved search never counts as a loss, the candidate is dropped);
- "exactly one class keeps the win" (only move): the root's moves come from
  the plain generator (:meth:`Position.legal_moves`, no pruning: a rule
  sound for "is this winnable" may drop equivalent winning moves), grouped
  by the canonical key of their results, and every class is decided;
- "no win shorter than N": breadth-first search over every position
  (:func:`puzzles.patience.endgame.shortest_win`);
- "no line reaches the goal in fewer moves": A* with a lower bound that
  never exceeds the moves left (:func:`puzzles.patience.goal.fewest_moves`);
- "k cells are the fewest": a win with k, and the search proving k - 1 lost.

:func:`prove` re-derives all of it from the stored position alone.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from butterfly.games.errors import InputError, ParseError
from butterfly.games.patience.format import deal_from_json, deal_to_json, parse_moves
from butterfly.games.patience.rules import CELL, FOUNDATION, Move, Position, Rules, rules_named
from butterfly.puzzles.document import MIN_CLASSES, Alternative, Keys, Par, Puzzle, PuzzleId, differences, is_whole
from butterfly.puzzles.patience.endgame import ShortestWin, shortest_win
from butterfly.puzzles.patience.goal import Goal, GoalLine, fewest_moves
from butterfly.puzzles.rating import players
from butterfly.puzzles.rating.features import (
    DECISION_LIMITS,
    LineDecisions,
    LinePosition,
    fewest_cells,
    line_decisions,
    rules_with_cells,
)
from butterfly.puzzles.rating.ladder import LADDER
from butterfly.solver.patience.result import OPTIMAL, UNWINNABLE, WON, Limits
from butterfly.solver.patience.solve import PUBLISHED_SCHEDULE, polish_bounded, solve
from butterfly.solver.survey.lengths import DEFAULT_MEMORY_MIB, DEFAULT_PROOF_NODES, LengthResult, shortest_line
from butterfly.solver.version import PROJECT_PACKAGES, code_version

KINDS = ("deal", "only-move", "win-in", "resource", "goal", "only-moves")
#: The kinds won by any winning line, whose par is the shortest win (a goal's par is its fewest moves).
LINE_KINDS = ("deal", "win-in", "resource")

#: The searches whose verdicts a puzzle rests on (a win, a class lost, a count of cells too few).
PROOF_LIMITS = Limits(max_nodes=10_000_000)

#: Only-move puzzles are mined from the greedy player's lost games (as
#: lichess-puzzler mines real games): this many games a deal.
BLUNDER_GAMES = 4
#: The greedy player must have gone on for at least this many moves after
#: its losing move before it was stuck (the loss is not obvious at once).
MIN_REFUTATION = 3
#: ... and a refutation this long makes the puzzle a grade harder and tags it ``long-line``.
LONG_REFUTATION = 20
#: An only move this early in the deal's game is tagged ``early``.
EARLY_MOVES = 10
#: Win-in-N endgames start at the first position of the line with at most
#: this many cards in play, the largest whose breadth-first search ends
#: within ENDGAME_POSITIONS positions.
ENDGAME_CARDS = (20, 18, 16, 14, 12)
ENDGAME_POSITIONS = 50_000
#: ... and are kept when the shortest win needs at least this many moves besides the cards' trips home.
MIN_DETOUR = 2

#: The goals a goal puzzle is chosen from, besides emptying each row: the
#: cards up to the twos, ... the fives sent home; each king freed.
GOALS = (*(Goal("home", rank) for rank in "2345"), *(Goal("free", f"K{suit}") for suit in "CDHS"))
#: A goal puzzle's fewest moves lie in this range (the easy days: a short task, not a trivial one).
GOAL_MOVES = (8, 24)
#: The most positions the A* of a goal may reach (it says so and the goal is dropped when it would need more).
GOAL_POSITIONS = 20_000
GOAL_THEMES = {"home": "send-home", "empty": "empty-row", "free": "free-card"}

#: An only-moves puzzle has this many steps, at least and at most ...
CHAIN_STEPS = (2, 4)
#: ... and at most this many moves played for the player between two steps.
MAX_GAP = 3
TIMES = {2: "twice", 3: "three times", 4: "four times"}

#: The grade a rung stands for: the weakest rung that finds the answer in
#: at least half its games grades the puzzle (docs/puzzles.md).
RUNG_GRADE = {"random": 1, "greedy-e20": 1, "greedy": 2, "rollout-15": 3, "rollout-50": 4, "rollout": 5}


def generate(pid: PuzzleId) -> Puzzle | None:
    """The puzzle ``pid`` names, or None when its seed gives none of its kind."""
    extra = [key for key, _ in pid.parameters if key != "s"]
    if extra:
        raise ParseError(f"puzzle ID {pid}: Butterfly puzzles take no parameter but the seed (not {extra[0]})")
    rules = rules_named(pid.game)
    if pid.kind == "resource" and not rules.cells:
        raise InputError(f"{rules.name} has no basement cells: it has no resource puzzles")
    if pid.kind == "goal" and not (rules.aces_on_foundations and rules.last_card_to_foundation_only):
        raise InputError(
            f"goal puzzles are made for Butterfly's rules (aces home, last cards only home), not {rules.name}"
        )
    deal = Position.deal(pid.seed, rules)
    return _MAKERS[pid.kind](pid, deal)


# ------------------------------------------------------------------ kinds


def _won_line(position: Position) -> list[Move] | None:
    """A winning line of ``position``, replayed through the rules; None when the search finds none."""
    solved = solve(position, PROOF_LIMITS, shorten=True, schedule=PUBLISHED_SCHEDULE)
    if solved.result != WON or not position.replay(solved.moves)[-1].is_won():
        return None
    return solved.moves


def _par_line(position: Position) -> tuple[list[Move], Par] | None:
    """The shortest winning line found and its par, as the published lengths
    find them (solver.survey.lengths.shortest_line); None when no win is found."""
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


def par_key(puzzle: Puzzle) -> tuple[Rules, int] | None:
    """The rules and deal whose shortest line gives a deal or resource puzzle
    its par (its row of the published lengths); None for the other kinds."""
    if puzzle.kind not in ("deal", "resource"):
        return None
    return position_of(puzzle).rules, puzzle.facts["deal"]


def with_par(puzzle: Puzzle, row: LengthResult | None = None) -> Puzzle:
    """``puzzle`` with its par (a puzzle from before pars were given); a
    puzzle of another kind than :data:`LINE_KINDS`, or one with a par, is
    returned as it is. An endgame's
    N is its par. For a deal or resource puzzle the shortest line found
    becomes the solution: ``row``'s, when given (its deal's row of the
    published lengths, from ``butterfly survey --shortest``), else found now."""
    if puzzle.kind not in LINE_KINDS or "par" in puzzle.proof:
        return puzzle
    if puzzle.kind == "win-in":
        n = len(puzzle.solution)
        return dataclasses.replace(puzzle, proof={**puzzle.proof, "par": Par(n, n, OPTIMAL, "breadth-first").to_json()})
    position = position_of(puzzle)
    if row is None:
        found = _par_line(position)
        if found is None:
            raise InputError(f"puzzle {puzzle.id}: no winning line found for its par")
        line, par = found
    else:
        line = parse_moves(row.line)
        if row.deal != puzzle.facts.get("deal") or not row.length or not position.replay(line)[-1].is_won():
            raise InputError(f"puzzle {puzzle.id}: the lengths row of deal {row.deal} does not win it")
        par = Par(row.length, row.lower, row.result, "A*", row.proof_nodes, row.memory_mib, row.code)
    return dataclasses.replace(puzzle, solution=[str(m) for m in line], proof={**puzzle.proof, "par": par.to_json()})


def with_better_par(puzzle: Puzzle, row: LengthResult | None) -> Puzzle:
    """``puzzle`` with ``row``'s par and line instead of its own where the
    row's are better (a deal or resource puzzle whose par is bounded): a
    line as short or shorter and a bound as high or higher, one of them
    strictly; otherwise ``puzzle`` as it is."""
    par = puzzle.par
    if row is None or par is None or not row.length:
        return puzzle
    if row.length > par.moves or row.lower < par.lower or (row.length, row.lower) == (par.moves, par.lower):
        return puzzle
    return with_par(dataclasses.replace(puzzle, proof={k: v for k, v in puzzle.proof.items() if k != "par"}), row)


def _deal(pid: PuzzleId, deal: Position) -> Puzzle | None:
    found = _par_line(deal)
    return None if found is None else _deal_puzzle(pid, deal, *found)


def _deal_puzzle(pid: PuzzleId, deal: Position, line: list[Move], par: Par) -> Puzzle:
    """The deal puzzle of a won deal, its par line and par (everything else derived here, by prove too)."""
    from butterfly.puzzles.rating.rate import rate

    rating = rate(deal)
    cells = fewest_cells(deal)
    themes = []
    if cells.exact and cells.fewest == deal.rules.cells and deal.rules.cells:
        themes.append("basement")
    elif cells.fewest == 0:
        themes.append("no-basement")
    if rating.grade is None:  # rules not calibrated: graded as the position puzzles are
        grade, rungs = _rung_grade(deal, lambda won, _: won)
    else:
        grade, rungs = rating.grade, [2 * games.count("1") >= len(games) for games in rating.games.values()]
    facts: dict = {"deal": pid.seed, "cards_left": deal.cards_in_play(), "fewest_cells": cells.fewest}
    if rating.grade_words:
        facts["grade_words"] = rating.grade_words
    facts["rungs"] = rungs
    return Puzzle(
        pid,
        deal_to_json(deal),
        _stated_goal(pid, deal),
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


def _only_move(pid: PuzzleId, deal: Position) -> Puzzle | None:
    best: _Candidate | None = None
    for found in _candidates(deal):
        if len(found.lost) + 1 < MIN_CLASSES or found.depth < MIN_REFUTATION:
            continue
        if best is None or found.depth > best.depth:
            best = found
    if best is None:
        return None
    rest = _won_line(best.position.play_unchecked(best.answer[0]))
    if rest is None:  # the answer's win was known from a line, and the fresh search found none in its budget
        return None
    return _only_move_puzzle(pid, best.position, best.answer, best.lost, rest, best.played, best.index + 1)


def _only_move_puzzle(
    pid: PuzzleId,
    position: Position,
    answer: list[Move],
    lost: list[list[Move]],
    rest: list[Move],
    tempting: Move,
    move_number: int,
) -> Puzzle:
    """The only-move puzzle of a position whose one winning class is
    ``answer`` (won by the answer then ``rest``), every class in ``lost``
    proved lost, with the greedy player's ``tempting`` losing move, found
    ``move_number`` moves into a game of the deal."""
    alternatives = [_lost_class(position, moves) for moves in lost]
    depth = _refutation_depth(position, alternatives, tempting)
    themes = _move_themes(position, answer[0])
    if depth >= LONG_REFUTATION:
        themes.append("long-line")
    if len(alternatives) >= 3:
        themes.append("many-traps")
    if move_number <= EARLY_MOVES:
        themes.append("early")
    grade, rungs = _rung_grade(position, _plays_first(position, answer[0]), True)
    if depth >= LONG_REFUTATION:
        grade = min(5, grade + 1)
    return Puzzle(
        pid,
        deal_to_json(position),
        _stated_goal(pid, position),
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
            "move_number": move_number,
            "cards_left": position.cards_in_play(),
            "legal_moves": len(position.legal_moves()),
            "classes": 1 + len(alternatives),
            "tempting": str(tempting),
            "refutation_depth": depth,
            "rungs": rungs,
        },
    )


def _refutation_depth(position: Position, alternatives: list[Alternative], move: Move) -> int:
    """How many moves the greedy player goes on for after ``move``: the
    refutation stored with its class (0 when ``move`` is in none)."""
    key = position.play_unchecked(move).key()
    return next(
        (len(a.refutation) for a in alternatives if position.play_unchecked(Move.parse(a.moves[0])).key() == key), 0
    )


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
    line = _won_line(deal)
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
        for trap in traps:
            depth = len(_greedy_game(entry.position.play_unchecked(trap[0]))[1])
            yield _Candidate(index, entry.position, trap[0], answer.moves, lost, depth)
    for seed in range(1, BLUNDER_GAMES + 1):
        found = _blunder(deal, seed)
        if found is not None:
            yield found


def _last_winnable(deal: Position, seed: int) -> tuple[list[Move], list[Position], int] | None:
    """The greedy player's lost game number ``seed``, its positions, and how
    many moves in its last winnable position lies; None when it won or a
    verdict is unresolved."""
    won, moves = _greedy_game(deal, seed)
    if won:
        return None
    positions = deal.replay(moves)
    # Winnable at the start, lost at the end, and a lost position stays lost:
    # the last winnable position is found by bisection.
    low, high = 0, len(positions) - 1
    if _verdict(positions[low]) != WON or _verdict(positions[high]) != UNWINNABLE:
        return None
    while high - low > 1:
        middle = (low + high) // 2
        verdict = _verdict(positions[middle])
        if verdict == WON:
            low = middle
        elif verdict == UNWINNABLE:
            high = middle
        else:
            return None
    return moves, positions, low


def _blunder(deal: Position, seed: int) -> _Candidate | None:
    """The losing move of the greedy player's game number ``seed``, when the
    position before it has exactly one winning class (and is decided)."""
    found = _last_winnable(deal, seed)
    if found is None:
        return None
    moves, positions, low = found
    position = positions[low]
    classes: dict[tuple, list[Move]] = {}
    for move in position.legal_moves():
        classes.setdefault(position.play_unchecked(move).key(), []).append(move)
    winning, lost = [], []
    for group in classes.values():
        verdict = _verdict(position.play_unchecked(group[0]))
        if verdict == WON:
            winning.append(group)
        elif verdict == UNWINNABLE:
            lost.append(group)
        else:
            return None
    answer_value = players.score(position.play_unchecked(winning[0][0])) if len(winning) == 1 else None
    if answer_value is None or players.score(positions[low + 1]) <= answer_value:
        return None  # not an only move, or the greedy player might as well have played the answer
    # The depth is the refutation stored with the blunder's class (the greedy
    # player's game from there), so that prove can derive it again.
    blunder = next(c for c in lost if position.play_unchecked(c[0]).key() == positions[low + 1].key())
    depth = len(_greedy_game(position.play_unchecked(blunder[0]))[1])
    return _Candidate(low, position, moves[low], winning[0], lost, depth)


def _verdict(position: Position) -> str:
    return solve(position, DECISION_LIMITS, schedule=PUBLISHED_SCHEDULE).result


def _win_in(pid: PuzzleId, deal: Position) -> Puzzle | None:
    line = _won_line(deal)
    if line is None:
        return None
    positions = deal.replay(line)
    for cards in ENDGAME_CARDS:
        start = next(p for p in positions if p.cards_in_play() <= cards)
        found = shortest_win(start, ENDGAME_POSITIONS)
        if found.moves is not None and found.complete and found.moves - start.cards_in_play() >= MIN_DETOUR:
            return _win_in_puzzle(pid, start, found)
    return None


def _win_in_puzzle(pid: PuzzleId, start: Position, found: ShortestWin) -> Puzzle:
    """The win-in-N puzzle of an endgame and its breadth-first search."""
    n = found.moves
    assert n is not None
    themes = []
    if n - start.cards_in_play() >= 4:
        themes.append("long-line")
    grade, rungs = _rung_grade(start, lambda won, moves: won and len(moves) <= n)
    return Puzzle(
        pid,
        deal_to_json(start),
        _stated_goal(pid, start, n),
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


def _resource(pid: PuzzleId, deal: Position) -> Puzzle | None:
    cells = fewest_cells(deal)
    if cells.fewest is None or cells.fewest >= deal.rules.cells or not cells.exact:
        return None
    k = cells.fewest
    position = dataclasses.replace(deal, rules=rules_with_cells(deal.rules, k))
    found = _par_line(position)
    if found is None:  # proved won within fewest_cells' limits: cannot be lost with more
        return None
    fewer = _fewer_cells_lost(position) if k else None
    if k and fewer is None:
        return None
    return _resource_puzzle(pid, position, *found, fewer)


def _resource_puzzle(pid: PuzzleId, position: Position, line: list[Move], par: Par, fewer: dict | None) -> Puzzle:
    """The resource puzzle of a deal under fewer cells, its par line and the proof one cell fewer loses."""
    k, own = position.rules.cells, rules_named(pid.game).cells
    grade, rungs = _rung_grade(position, lambda won, _: won)
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
        _stated_goal(pid, position),
        [],
        grade,
        ["basement", "no-basement"] if k == 0 else ["basement"],
        [str(m) for m in line],
        proof,
        None,
        {"deal": pid.seed, "cells": k, "rules_cells": own, "cards_left": position.cards_in_play(), "rungs": rungs},
    )


def _goal(pid: PuzzleId, deal: Position) -> Puzzle | None:
    """The first goal of :data:`GOALS` and the rows, in an order drawn from the seed,
    whose fewest moves are proved, lie within :data:`GOAL_MOVES` and exceed
    the lower bound (a detour the bound does not see); failing that, the
    first within range. None when no goal qualifies."""
    import random

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
    return None if best is None else _goal_puzzle(pid, deal, *best)


def _goal_puzzle(pid: PuzzleId, deal: Position, goal: Goal, found: GoalLine) -> Puzzle:
    """The goal puzzle of a deal, a goal and its fewest moves (proved by A*);
    the grade is 1 plus the detour: the moves beyond the lower bound."""
    n = len(found.line)
    least = goal.least(deal)
    return Puzzle(
        pid,
        deal_to_json(deal),
        _goal_text(goal, n),
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


def _only_moves(pid: PuzzleId, deal: Position) -> Puzzle | None:
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
            best, entries, won_line = chain, decisions.positions, line
    if not best:
        return None
    first = best[0]
    steps = []
    for i in best:
        answer = entries[i].winning_class
        assert answer is not None  # a critical position has one
        steps.append((answer.moves, [c.moves for c in entries[i].classes if c is not answer]))
    offsets = [i - first for i in best]
    return _only_moves_puzzle(pid, entries[first].position, won_line[first:], offsets, steps, first + 1)


def _only_moves_puzzle(
    pid: PuzzleId,
    position: Position,
    line: list[Move],
    offsets: list[int],
    steps: list[tuple[list[Move], list[list[Move]]]],
    move_number: int,
) -> Puzzle:
    """The only-moves puzzle of a winning ``line`` from ``position`` whose
    moves at ``offsets`` are only moves: each step's (answer class, lost classes)."""
    along = position.replay(line)
    step_alternatives, grades, depths, traps = [], [], [], []
    for at, (answer, lost) in zip(offsets, steps):
        here = along[at]
        alternatives = [_lost_class(here, moves) for moves in lost]
        step_alternatives.append([dataclasses.asdict(a) for a in alternatives])
        grades.append(_rung_grade(here, _plays_first(here, answer[0]), True)[0])
        depths.append(max(len(a.refutation) for a in alternatives))
        traps.append(str(_trap(here, answer[0], [moves[0] for moves in lost]) or ""))
    return Puzzle(
        pid,
        deal_to_json(position),
        _stated_goal(pid, position, len(steps)),
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
            "move_number": move_number,
            "cards_left": position.cards_in_play(),
            "steps": offsets,
            "classes": [1 + len(lost) for _, lost in steps],
            "tempting": traps,
            "refutation_depth": min(depths),
            "step_grades": grades,
        },
    )


def _winning_lines(deal: Position) -> Iterator[list[Move]]:
    """Winning lines of the deal to look for only moves along: the solver's,
    then, for each of the greedy player's lost games, its moves up to its
    last winnable position followed by the solver's win from there (where
    play goes wrong, only moves gather)."""
    line = _won_line(deal)
    if line is None:
        return
    yield line
    for seed in range(1, BLUNDER_GAMES + 1):
        found = _last_winnable(deal, seed)
        if found is not None:
            moves, positions, low = found
            rest = _won_line(positions[low])
            if rest is not None:
                yield moves[:low] + rest


def _longest_chain(decisions: LineDecisions) -> list[int]:
    """The longest run of only moves along a decided line (see :func:`_only_moves`), the first if tied."""
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


def _plays_first(position: Position, answer: Move) -> Callable[[bool, list[Move]], bool]:
    """Does a game from ``position`` start with a move of ``answer``'s class (same result)?"""
    key = position.play_unchecked(answer).key()
    return lambda _, moves: bool(moves) and position.play_unchecked(moves[0]).key() == key


def _deep(entry: LinePosition) -> bool:
    """Does a wrong class of this step take the greedy player at least
    :data:`MIN_REFUTATION` moves to run out of moves after it (a step whose
    wrong moves are all dead at once is no real choice)?"""
    answer = entry.winning_class
    wrong = (c.moves[0] for c in entry.classes if c is not answer)
    return any(len(_greedy_game(entry.position.play_unchecked(m))[1]) >= MIN_REFUTATION for m in wrong)


def _game_words(name: str) -> str:
    """A rules' name as a player reads it: ``Butterfly``, ``Butterfly (alternate colours)``."""
    game, *variants = name.split("/")
    words = game.replace("-", " ").capitalize()
    return words + (f" ({', '.join(v.replace('-', ' ') for v in variants)})" if variants else "")


def _stated_goal(pid: PuzzleId, position: Position, number: int = 0) -> str:
    """The goal in words of every kind but ``goal`` (:func:`_goal_text`):
    ``number`` is a win-in's N, an only-moves puzzle's steps."""
    if pid.kind == "deal":
        return f"Win {_game_words(position.rules.name)} deal {pid.seed}."
    if pid.kind == "win-in":
        return f"Win in {number} moves or fewer."
    if pid.kind == "resource":
        rules, k = rules_named(pid.game), position.rules.cells
        words = "no basement" if k == 0 else f"only {k} basement cell{'s' if k > 1 else ''}"
        return f"Win {_game_words(rules.name)} deal {pid.seed} with {words} (the rules give {rules.cells})."
    if pid.kind == "only-moves":
        return (
            f"Find the only move that keeps this position winnable, {TIMES[number]} in a row: "
            "the moves in between are played for you."
        )
    return "Only one move keeps this position winnable: find it. (Moves that lead to the same position count as one.)"


def _obvious(entry: LinePosition) -> bool:
    """A move the page plays for the player between two steps: the only class, or a card sent home."""
    return len(entry.classes) == 1 or entry.line_move.target == FOUNDATION


def _tempting(entry: LinePosition) -> Move | None:
    """A losing move the greedy player's scoring puts above the answer at a critical position, if any."""
    answer = entry.winning_class
    assert answer is not None
    return _trap(entry.position, answer.moves[0], [c.moves[0] for c in entry.classes if c is not answer])


def _trap(position: Position, answer: Move, losing: list[Move]) -> Move | None:
    """The first of ``losing`` that the greedy player's scoring puts above ``answer``, if any."""
    value = players.score(position.play_unchecked(answer))
    return next((m for m in losing if players.score(position.play_unchecked(m)) > value), None)


def _goal_text(goal: Goal, par: int) -> str:
    words = goal.words()
    return f"{words[0].upper()}{words[1:]} in {par} moves or fewer."


_MAKERS: dict[str, Callable[[PuzzleId, Position], Puzzle | None]] = {
    "deal": _deal,
    "only-move": _only_move,
    "win-in": _win_in,
    "resource": _resource,
    "goal": _goal,
    "only-moves": _only_moves,
}


# ------------------------------------------------------------- the parts


def _greedy_game(position: Position, seed: int = 1) -> tuple[bool, list[Move]]:
    """The greedy player's game number ``seed`` from ``position``."""
    from butterfly.puzzles.rating.players_kernel import play

    return play(position, players.GREEDY, seed)


def _lost_class(position: Position, moves: list[Move]) -> Alternative:
    """One losing class, proved lost again by the sound solver, with its refutation."""
    child = position.play_unchecked(moves[0])
    verdict = solve(child, PROOF_LIMITS, schedule=PUBLISHED_SCHEDULE)
    if verdict.result != UNWINNABLE:
        raise RuntimeError(f"{moves[0]} was proved lost, and is now {verdict.result}")  # a solver bug, not input
    return Alternative(
        [str(m) for m in moves],
        UNWINNABLE,
        verdict.proved_by or "search",
        verdict.nodes,
        [str(m) for m in _greedy_game(child)[1]],
    )


def _fewer_cells_lost(position: Position) -> dict | None:
    """The search proving ``position`` lost with one cell fewer, or None if it does not."""
    fewer = dataclasses.replace(position, rules=rules_with_cells(position.rules, position.rules.cells - 1))
    verdict = solve(fewer, PROOF_LIMITS, schedule=PUBLISHED_SCHEDULE)
    if verdict.result != UNWINNABLE:
        return None
    return {"cells": fewer.rules.cells, "verdict": UNWINNABLE, "method": verdict.proved_by, "nodes": verdict.nodes}


def _move_themes(position: Position, move: Move) -> list[str]:
    themes = []
    if move.target == CELL:
        themes.append("basement")
    if move.source not in (CELL, FOUNDATION) and len(position.rows[position.rules.row_index(move.source)]) == 1:
        themes.append("row-clear")
    if move.target != FOUNDATION and any(m.target == FOUNDATION for m in position.legal_moves()):
        themes.append("hold-back")
    return themes


def _rung_grade(
    position: Position, finds: Callable[[bool, list[Move]], bool], choice: bool = False
) -> tuple[int, list[bool]]:
    """The grade of the weakest rung of the ladder that ``finds`` the answer
    in at least half its games (:data:`RUNG_GRADE`; 5 when none does), and
    for every rung whether it does. ``choice``: the answer is one move,
    which the random player finds by chance alone (half the time among two
    classes): it does not grade."""
    from butterfly.puzzles.rating.players_kernel import play

    solved = []
    for player in LADDER:
        hits = sum(
            finds(*play(position, player.policy, seed, player.epsilon_ppm, player.horizon))
            for seed in range(1, player.seeds + 1)
        )
        solved.append(2 * hits >= player.seeds)
    graded = [RUNG_GRADE[p.name] for p, s in zip(LADDER, solved) if s and not (choice and p.policy == players.RANDOM)]
    return (graded[0] if graded else 5), solved


# ------------------------------------------------------ reading, checking


def draw(puzzle: Puzzle) -> str:
    """The puzzle's layout as text (games.patience.render)."""
    from butterfly.games.patience.render import draw as draw_layout

    return draw_layout(position_of(puzzle))


def picture(puzzle: Puzzle, narrow: bool = False) -> str:
    """The puzzle's layout as an SVG document (games.patience.picture); the
    butterfly has one shape, ``narrow`` or not."""
    from butterfly.games.patience.picture import draw_svg

    return draw_svg(position_of(puzzle))


def validate(puzzle: Puzzle) -> Position:
    """The puzzle's position, checked as prove and check check it (:func:`position_of`)."""
    return position_of(puzzle)


def position_of(puzzle: Puzzle) -> Position:
    """The puzzle's position, read and checked against its ID's rules, and
    the kind's own fields checked (a damaged file is one ParseError)."""
    where = f"puzzle {puzzle.id}"
    position = deal_from_json(puzzle.position)
    expected: Rules | None = rules_named(puzzle.game)
    n, cells = puzzle.facts.get("n"), puzzle.facts.get("cells")
    if puzzle.kind == "resource":
        fits = expected is not None and is_whole(cells) and 0 <= cells < expected.cells
        expected = rules_with_cells(expected, cells) if fits else None  # type: ignore[arg-type]
    if expected is None or position.rules != expected:
        raise ParseError(f"{where}: the position is not under the rules its ID names")
    if puzzle.kind == "win-in" and not (is_whole(n) and n >= 0):
        raise ParseError(f"{where}: 'facts.n' must be a whole number")
    if puzzle.kind == "goal":
        Goal.from_json(puzzle.facts.get("goal"), where)
    answers = {"only-move": 1, "only-moves": len(puzzle.facts.get("steps") or ())}.get(puzzle.kind, 0)
    if len(puzzle.answer) != answers or any(len(c) == 0 for c in puzzle.answer):
        raise ParseError(f"{where}: an only-move puzzle has one answer class, only-moves one a step, the others none")
    if puzzle.kind == "only-moves":
        step_offsets(puzzle)
        first_step = [*puzzle.answer[:1], *(a.moves for a in step_alternatives(puzzle)[:1][0])]
    else:
        first_step = [*puzzle.answer, *(a.moves for a in puzzle.alternatives())]
    for moves in first_step:
        if not moves:
            raise ParseError(f"{where}: a class of moves is empty")
        for text in moves:
            reason = position.check_move(Move.parse(text))
            if reason is not None:
                raise ParseError(f"{where}: the stored move {text} is not legal: {reason}")
    steps = step_alternatives(puzzle) if puzzle.kind == "only-moves" else []
    for alternative in [*puzzle.alternatives(), *(a for step in steps for a in step)]:
        if alternative.verdict != UNWINNABLE or alternative.nodes < 0:
            raise ParseError(f"{where}: a wrong class must be stored as unwinnable, with its nodes")
    if puzzle.goal != _goal_of_file(puzzle, position):
        raise ParseError(f"{where}: the goal should read {_goal_of_file(puzzle, position)!r}")
    return position


def _goal_of_file(puzzle: Puzzle, position: Position) -> str:
    """The goal in words the file's own fields give (N, the steps, the goal and par)."""
    if puzzle.kind == "goal":
        par = puzzle.par
        if par is None or par.moves != len(puzzle.solution):
            raise ParseError(f"puzzle {puzzle.id}: a goal puzzle's par is its solution's length")
        return _goal_text(goal_of(puzzle), par.moves)
    number = {"win-in": puzzle.facts.get("n"), "only-moves": len(puzzle.answer)}.get(puzzle.kind, 0)
    return _stated_goal(puzzle.id, position, number)  # type: ignore[arg-type]


def keys(puzzle: Puzzle) -> Keys:
    """The puzzle's deal (its number, whatever the kind and rules: a layout
    is seen once), its position's key (rows in any order) and the keys of
    the positions its solution and refutations pass through."""
    position = position_of(puzzle)
    starts = [(position, puzzle.solution)]
    starts += [(position.play(Move.parse(a.moves[0])), a.refutation) for a in puzzle.alternatives()]
    if puzzle.kind == "only-moves":
        along = position.replay([Move.parse(m) for m in puzzle.solution])
        for at, wrong in zip(step_offsets(puzzle), step_alternatives(puzzle)):
            starts += [(along[at].play(Move.parse(a.moves[0])), a.refutation) for a in wrong]
    passed: set[tuple] = set()
    for start, line in starts:
        passed.update(p.key() for p in start.replay([Move.parse(m) for m in line]))
    return Keys(("patience", puzzle.id.seed), position.key(), frozenset(passed))


def check(puzzle: Puzzle, answer: str) -> str | None:
    """None when ``answer`` solves the puzzle; otherwise one line saying why
    not. An only-move answer is one move; the other kinds' a move list
    (that must win, within N moves for win-in-N). Malformed text is a
    ParseError."""
    position = position_of(puzzle)
    moves = parse_moves(answer)
    if not moves:
        raise ParseError("the answer is empty: give a move, or a list of moves")
    if puzzle.kind == "only-move":
        if len(moves) != 1:
            raise ParseError(f"an only-move answer is one move, not {len(moves)}")
        return _choice_missed(position, moves[0])
    if puzzle.kind == "only-moves":
        offsets = step_offsets(puzzle)
        if len(moves) > len(offsets):
            raise ParseError(f"an only-moves answer is a move a step, at most {len(offsets)}, not {len(moves)}")
        positions = position.replay([Move.parse(m) for m in puzzle.solution])
        for step, (move, at) in enumerate(zip(moves, offsets), 1):
            missed = _choice_missed(positions[at], move)
            if missed is not None:
                return f"step {step}: {missed}"
        if len(moves) < len(offsets):
            return f"{len(moves)} of {len(offsets)} only moves given (right so far): give all {len(offsets)}"
        return None
    positions, illegal = position.replay_until_illegal(moves)
    if illegal is not None:
        number, move, reason = illegal
        return f"move {number} ({move}) is not legal: {reason}"
    if puzzle.kind == "goal":
        return _goal_missed(puzzle, positions)
    if not positions[-1].is_won():
        return f"the moves do not win: {positions[-1].cards_in_play()} cards are still in play"
    n = puzzle.facts.get("n")
    if puzzle.kind == "win-in" and len(moves) > n:  # type: ignore[operator]
        return f"the moves win in {len(moves)} moves; the goal is {n} or fewer"
    return None


def _choice_missed(position: Position, move: Move) -> str | None:
    """None when ``move`` keeps ``position`` winnable, else why not: decided
    by the solver, as the puzzle was proved, whatever the file's classes say."""
    reason = position.check_move(move)
    if reason is not None:
        return f"{move} is not legal here: {reason}"
    child = position.play_unchecked(move)
    verdict = solve(child, PROOF_LIMITS, schedule=PUBLISHED_SCHEDULE)
    if verdict.result == WON and child.replay(verdict.moves)[-1].is_won():
        return None
    if verdict.result == UNWINNABLE:
        return f"{move} loses: the position after it is {UNWINNABLE} ({verdict.proved_by}, {verdict.nodes:,} nodes)"
    raise InputError(f"{move}: the solver cannot decide it within {PROOF_LIMITS.max_nodes:,} nodes")


def goal_of(puzzle: Puzzle) -> Goal:
    """A goal puzzle's goal (ParseError when its file is damaged)."""
    return Goal.from_json(puzzle.facts.get("goal"), f"puzzle {puzzle.id}")


def _goal_missed(puzzle: Puzzle, positions: list[Position]) -> str | None:
    """None when the line reaches the goal within par (the first time it
    does; later moves do not count), else why not."""
    goal, par = goal_of(puzzle), len(puzzle.solution)
    reached = _first_reached(goal, positions)
    if reached is None:
        return f"the moves do not {goal.words()}"
    if reached > par:
        return f"the moves reach the goal in {reached} moves; par is {par}"
    return None


def prove(puzzle: Puzzle) -> list[str]:
    """Re-derive the puzzle from its position alone; the problems found,
    one line each (none: proved). Every proof is searched again and every
    line replayed; then the puzzle is assembled again from what was proved
    (as the generator assembles it) and every field of the file compared
    (puzzles.document.differences)."""
    try:
        position = position_of(puzzle)
        solution = [Move.parse(m) for m in puzzle.solution]
    except InputError as error:
        return [str(error)]
    positions, illegal = position.replay_until_illegal(solution)
    if illegal is not None:
        return [f"the solution's move {illegal[0]} ({illegal[1]}) is illegal: {illegal[2]}"]
    problems, fresh = _PROVERS[puzzle.kind](puzzle, position, positions, solution)
    return problems if fresh is None else differences(puzzle, fresh)


Proved = tuple[list[str], Puzzle | None]


def _won(positions: list[Position]) -> list[str]:
    return [] if positions[-1].is_won() else ["the solution does not win"]


def _dealt(puzzle: Puzzle, position: Position) -> list[str]:
    """The position is the ID's deal itself (under the position's rules, which position_of checked)."""
    try:
        deal = Position.deal(puzzle.id.seed, position.rules)
    except InputError as error:
        return [f"the ID's deal: {error}"]
    if deal_to_json(deal) != deal_to_json(position):
        return [f"the position is not {position.rules.name} deal {puzzle.id.seed}"]
    return []


def _prove_deal(puzzle: Puzzle, position: Position, positions: list[Position], solution: list[Move]) -> Proved:
    problems = _won(positions) + _dealt(puzzle, position) + _prove_par(puzzle, position, solution)
    return problems, None if problems else _deal_puzzle(puzzle.id, position, solution, puzzle.par)  # type: ignore[arg-type]


def _prove_resource(puzzle: Puzzle, position: Position, positions: list[Position], solution: list[Move]) -> Proved:
    """Won with the cells given, lost with one fewer (when any are given), the par proved."""
    problems = _won(positions) + _dealt(puzzle, position) + _prove_par(puzzle, position, solution)
    fewer = _fewer_cells_lost(position) if position.rules.cells else None
    if position.rules.cells and fewer is None:
        problems.append(f"{position.rules.cells - 1} cells are not proved too few")
    if problems:
        return problems, None
    return [], _resource_puzzle(puzzle.id, position, solution, puzzle.par, fewer)  # type: ignore[arg-type]


def _prove_win_in(puzzle: Puzzle, position: Position, positions: list[Position], solution: list[Move]) -> Proved:
    """The shortest win is found again by breadth-first search; the solution wins in that many moves."""
    found = shortest_win(position)
    if not found.complete or found.moves is None:
        return [f"no shortest win is proved within {found.positions:,} positions"], None
    problems = _won(positions) + _prove_par(puzzle, position, solution)
    if len(solution) != found.moves:
        problems.append(f"the solution has {len(solution)} moves; the shortest win has {found.moves}")
    if problems:
        return problems, None
    return [], dataclasses.replace(_win_in_puzzle(puzzle.id, position, found), solution=puzzle.solution)


def _prove_goal(puzzle: Puzzle, position: Position, positions: list[Position], solution: list[Move]) -> Proved:
    """The goal is reached by the solution at its last move and not before,
    the A* proves no line shorter, and par says both."""
    try:
        goal, par = goal_of(puzzle), puzzle.par
    except InputError as error:
        return [str(error)], None
    if par is None or par.method != "A*" or par.proved != OPTIMAL:
        return ["a goal puzzle's par is proved optimal by A*"], None
    problems = _dealt(puzzle, position)
    first = _first_reached(goal, positions)
    if first != len(positions) - 1 or first != par.moves:
        problems.append(f"the solution should reach the goal at its last move, move {par.moves}")
    found = fewest_moves(position, goal, par.proof_nodes or 1)
    if not found.complete or found.moves != par.moves:
        shown = found.moves if found.complete else f"not proved within {par.proof_nodes:,} positions"
        problems.append(f"the fewest moves to the goal are {shown}, not par's {par.moves}")
    if problems:
        return problems, None
    return [], dataclasses.replace(_goal_puzzle(puzzle.id, position, goal, found), solution=puzzle.solution)


def _prove_only_move(puzzle: Puzzle, position: Position, positions: list[Position], solution: list[Move]) -> Proved:
    """The one winning class and the lost ones decided again; the trap is a
    losing move the greedy player prefers, refuted at least MIN_REFUTATION moves deep."""
    answer, alternatives = puzzle.answer[0], puzzle.alternatives()
    problems = _won(positions) + _prove_choice(position, answer, alternatives, solution[0] if solution else None)
    tempting = _trap_of(position, puzzle.facts.get("tempting"), answer, alternatives)
    if tempting is None:
        problems.append("facts.tempting must be a losing move the greedy player scores above the answer")
    move_number = _move_number(puzzle)
    if move_number is None:
        problems.append("facts.move_number must be a whole number from 1")
    if problems or tempting is None or move_number is None:
        return problems, None
    lost = [[Move.parse(m) for m in a.moves] for a in alternatives]
    right = [Move.parse(m) for m in answer]
    fresh = _only_move_puzzle(puzzle.id, position, right, lost, solution[1:], tempting, move_number)
    depth = fresh.facts["refutation_depth"]
    if depth < MIN_REFUTATION:
        return [f"the greedy player survives the trap {depth} moves, under {MIN_REFUTATION}"], None
    return [], fresh


def _move_number(puzzle: Puzzle) -> int | None:
    """``facts.move_number`` (informational: where in the deal's game the
    position arose) when it is a whole number from 1, else None."""
    number = puzzle.facts.get("move_number")
    return number if is_whole(number) and number >= 1 else None


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
    return move if lost and _trap(position, Move.parse(answer[0]), [move]) else None


def _first_reached(goal: Goal, positions: list[Position]) -> int | None:
    """How many moves along ``positions`` the goal is first reached (None: never)."""
    return next((k for k, p in enumerate(positions) if goal.reached(p)), None)


def _prove_par(puzzle: Puzzle, position: Position, solution: list[Move]) -> list[str]:
    """The par holds: the solution is a win of par's length, and its lower
    bound is proved again by A* under the same limits started from the par
    line, then, where that stops short of it, by the weighted searches that
    follow such a proof (solver.patience.solve.polish_bounded) from the
    par line: one of them exhausted proves there is no shorter line, as it
    may have when par was found (or, for an endgame, by breadth-first
    search, checked above). Sound either way: every bound accepted comes
    from a search."""
    try:
        par = puzzle.par
    except InputError as error:
        return [str(error)]
    if par is None:
        return ["it has no par"]
    if len(solution) != par.moves:
        return [f"the solution has {len(solution)} moves, not par's {par.moves}"]
    if par.method == "breadth-first":
        return [] if puzzle.kind == "win-in" else ["only an endgame's par is proved by breadth-first search"]
    from butterfly.solver.patience import kernel

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


def _prove_choice(
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
        verdict = _decided(position, moves[0])
        if verdict == WON:
            winning.append(moves)
        elif verdict != UNWINNABLE:
            problems.append(f"the class of {moves[0]} is {verdict}, not proved")
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
    verdict = solve(child, PROOF_LIMITS, schedule=PUBLISHED_SCHEDULE)
    if verdict.result == WON and not child.replay(verdict.moves)[-1].is_won():
        raise RuntimeError(f"the solver's win after {move} does not replay")  # a solver bug, not input
    return verdict.result


def step_alternatives(puzzle: Puzzle) -> list[list[Alternative]]:
    """An only-moves puzzle's wrong classes, step by step."""
    steps = puzzle.proof.get("steps", [])
    fine = isinstance(steps, list) and all(isinstance(s, list) and all(map(_is_alternative, s)) for s in steps)
    if not fine:
        raise ParseError(f"puzzle {puzzle.id}: 'proof.steps' must be a list of lists of alternatives")
    return [[Alternative(**a) for a in step] for step in steps]


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


def _prove_only_moves(puzzle: Puzzle, position: Position, positions: list[Position], solution: list[Move]) -> Proved:
    """Every step proved as an only move is; the moves between played for
    the player forced or sent home; a trap at one step, every step refuted
    at least MIN_REFUTATION moves deep (at its deepest wrong class)."""
    try:
        offsets, alternatives = step_offsets(puzzle), step_alternatives(puzzle)
    except InputError as error:
        return [str(error)], None
    if len(alternatives) != len(offsets):
        return ["every step needs its wrong classes"], None
    problems = _won(positions)
    for step, (at, answer, wrong) in enumerate(zip(offsets, puzzle.answer, alternatives), 1):
        problems += [f"step {step}: {p}" for p in _prove_choice(positions[at], answer, wrong, solution[at])]
    for at in (j for a, b in zip(offsets, offsets[1:]) for j in range(a + 1, b)):
        here = positions[at]
        results = {here.play_unchecked(m).key() for m in here.legal_moves()}
        if len(results) > 1 and solution[at].target != FOUNDATION:
            problems.append(f"move {at + 1} ({solution[at]}), played for the player, is neither forced nor home")
    move_number = _move_number(puzzle)
    if move_number is None:
        problems.append("facts.move_number must be a whole number from 1")
    if problems or move_number is None:
        return problems, None
    steps = [
        ([Move.parse(m) for m in answer], [[Move.parse(m) for m in a.moves] for a in wrong])
        for answer, wrong in zip(puzzle.answer, alternatives)
    ]
    fresh = _only_moves_puzzle(puzzle.id, position, solution, offsets, steps, move_number)
    if not any(fresh.facts["tempting"]):
        problems.append("the greedy player prefers a losing move at no step: no step tempts")
    depth = fresh.facts["refutation_depth"]
    if depth < MIN_REFUTATION:
        problems.append(f"a step's deepest refutation is {depth} moves, under {MIN_REFUTATION}")
    return problems, None if problems else fresh


_PROVERS: dict[str, Callable[[Puzzle, Position, list[Position], list[Move]], Proved]] = {
    "deal": _prove_deal,
    "only-move": _prove_only_move,
    "win-in": _prove_win_in,
    "resource": _prove_resource,
    "goal": _prove_goal,
    "only-moves": _prove_only_moves,
}


def _is_alternative(value: object) -> bool:
    return isinstance(value, dict) and {"moves", "verdict", "method"} <= set(value)
