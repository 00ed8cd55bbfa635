"""Exhaustive searches of small patience positions, with no pruning at all.

Two searches over the graph of positions reachable by
:meth:`Position.legal_moves` (the plain generator: every move a player may
make), positions identified by their canonical key:

- :func:`shortest_win`: breadth first, level by level, so the first won
  position met is at the fewest moves; every position fewer moves away has
  been expanded, so "no shorter win" is proved, not estimated. It proves
  win-in-N puzzles.
- :func:`exhaustively_winnable`: depth first over every reachable position;
  no safe-move rule, no dead-end test, no move ordering. It is the oracle
  the tests hold the solver's uniqueness verdicts against.

Both stop when they have met ``max_positions`` distinct positions and
then say they did not finish (None), rather than guess (a search that
would have ended just then is reported unfinished too: the cap errs on the
safe side).

>>> from butterfly.games.patience.format import parse_deal
>>> rows = "".join(f"{name}: -\\n" for name in ("L2", "L3", "L4", "L5", "R1", "R2", "R3", "R4", "R5"))
>>> small = parse_deal("F: JC KD KH KS\\nL1: QC KC\\n" + rows)
>>> win = shortest_win(small)
>>> win.moves, [str(m) for m in win.line], win.complete
(3, ['KC L1>B', 'QC L1>F', 'KC B>F'], True)
>>> exhaustively_winnable(small)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from butterfly.games.patience.rules import Move, Position

#: The most distinct positions a search expands before it gives up.
MAX_POSITIONS = 2_000_000


@dataclass(frozen=True)
class ShortestWin:
    """What :func:`shortest_win` found. ``moves``: the fewest moves that win
    (None: no win, or not found within the cap); ``line``: one such win;
    ``positions``: distinct positions reached; ``complete``: the answer is
    proved (the search was not cut short by the cap); ``levels``: how many
    positions were first reached at each distance, the start at 0 (the
    last level counted only up to the win)."""

    moves: int | None
    line: list[Move]
    positions: int
    complete: bool
    levels: list[int]


def shortest_win(position: Position, max_positions: int = MAX_POSITIONS) -> ShortestWin:
    """The fewest moves that win ``position``, by breadth-first search.

    Level by level: a level holds the positions first reached at that
    distance, each with the move and parent that reached it (one parent
    suffices for the line). When a level holds a won position the search
    stops there: every position nearer the start has been expanded, so no
    shorter win exists. A cycle (a card moved back and forth) only meets
    positions already seen, and is never followed twice.
    """
    if position.is_won():
        return ShortestWin(0, [], 1, True, [1])
    parents: dict[tuple, tuple[tuple, Move] | None] = {position.key(): None}
    level = [position]
    levels = [1]
    while level:
        following: list[Position] = []
        for here in level:
            here_key = here.key()
            for move in here.legal_moves():
                child = here.play_unchecked(move)
                key = child.key()
                if key in parents:
                    continue
                parents[key] = (here_key, move)
                if child.is_won():
                    levels.append(len(following) + 1)
                    return ShortestWin(len(levels) - 1, _line(parents, key), len(parents), True, levels)
                if len(parents) >= max_positions:
                    return ShortestWin(None, [], len(parents), False, levels)
                following.append(child)
        level = following
        if level:
            levels.append(len(level))
    return ShortestWin(None, [], len(parents), True, levels)


def _line(parents: dict[tuple, tuple[tuple, Move] | None], key: tuple) -> list[Move]:
    line = []
    step = parents[key]
    while step is not None:
        key, move = step
        line.append(move)
        step = parents[key]
    return line[::-1]


def exhaustively_winnable(position: Position, max_positions: int = MAX_POSITIONS) -> bool | None:
    """Is ``position`` winnable? Depth first over every reachable position,
    none pruned; None when more than ``max_positions`` are reachable and no
    win was found among them."""
    seen = {position.key()}
    stack = [position]
    while stack:
        here = stack.pop()
        if here.is_won():
            return True
        for _, child in here.children():
            key = child.key()
            if key not in seen:
                if len(seen) >= max_positions:
                    return None
                seen.add(key)
                stack.append(child)
    return False
