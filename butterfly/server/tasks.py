"""The work behind the web API, done in the server's worker processes
(:mod:`butterfly.server.pool`): each task takes the request's fields, as
plain JSON values already bounded by the API (:mod:`butterfly.server.app`),
and returns the answer as JSON, the same object the command's ``--json``
prints. A request that is wrong in a way only the work finds out (an
impossible position, an illegal move) raises InputError: the API answers
422 with its one line.

Time: a task's ``seconds`` are what its request's wait for a worker left
of the request's own (:meth:`butterfly.server.pool.WorkerPool.submit`),
shared out among its searches, so the answer comes within about the
request's time (the pool stops a worker that runs far past it,
:data:`butterfly.server.pool.GRACE`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from butterfly.games.errors import InputError
from butterfly.games.lines import parse_line
from butterfly.games.mouche.format import EVENT_TEXT as MOUCHE_EVENT_TEXT
from butterfly.games.mouche.notation import position_line as mouche_line
from butterfly.games.mouche.record import read_record as read_mouche_record
from butterfly.games.mouche.rules import MoucheHand
from butterfly.games.papillon.format import Position as PapillonPosition
from butterfly.games.papillon.format import event_text as papillon_event_text
from butterfly.games.papillon.notation import position_line as papillon_line
from butterfly.games.papillon.record import read_record as read_papillon_record
from butterfly.games.patience.notation import position_line
from butterfly.games.patience.record import read_game_text
from butterfly.games.patience.rules import Position
from butterfly.puzzles.patience.common import illegal_move
from butterfly.solver import analysis
from butterfly.solver.patience.analysis import LENGTH_LIMITS
from butterfly.solver.patience.result import Limits
from butterfly.solver.patience.solve import INTERLEAVED, solve_short, solve_shortest

#: Each worker's transposition tables: two workers fit a small machine.
MEMORY_MIB = 256
#: Of a review's time: the share of its searches for par and the moves over par.
REVIEW_PAR_SHARE = 0.3


def patience_position(line: str) -> Position:
    """The patience position ``line`` gives (InputError for another game's)."""
    position = parse_line(line)
    if not isinstance(position, Position):
        raise InputError("this asks for a patience position (butterfly, fortress, ...), not a card game's")
    return position


def canonical_line(line: str) -> str:
    """``line`` checked, and a patience position's as its game writes it:
    two ways of writing one position are one key of the cache (a card
    game's line is kept as given)."""
    position = parse_line(line)
    return position_line(position) if isinstance(position, Position) else line.strip()


def _limits(max_nodes: int, seconds: float) -> Limits:
    return Limits(max_nodes=max_nodes, timeout=seconds, memory_mib=MEMORY_MIB)


def solve_task(position: str, max_nodes: int, seconds: float, shortest: bool) -> dict:
    deal = patience_position(position)
    limits = _limits(max_nodes, seconds)
    result = solve_shortest(deal, limits) if shortest else solve_short(deal, limits, "kernel", INTERLEAVED)
    return result.to_json(deal, "kernel", INTERLEAVED, shortest)


def analyse_task(
    position: str,
    max_nodes: int,
    seconds: float,
    lengths: bool,
    lines: str,
    as_player: int | None,
    worlds: int | None,
    seed: int,
) -> dict:
    """A patience position: each move's search gets an equal part of the
    time (and, with ``lengths``, its search for the shortest line another).
    A card game's: from ``as_player``'s seat or with all hands open."""
    state = parse_line(position)
    if isinstance(state, Position):
        if as_player is not None or worlds is not None:
            raise InputError("as_player and worlds are for the card games' positions")
        share = seconds / max(1, len(state.distinct_children())) / (2 if lengths else 1)
        length_limits = Limits(LENGTH_LIMITS.max_nodes, share, MEMORY_MIB) if lengths else None
        return analysis.analyse(state, _limits(max_nodes, share), "kernel", length_limits, INTERLEAVED, lines).to_json()
    if isinstance(state, tuple):  # La Mouche: the state and its hidden seats
        return analysis.analyse(state, as_player=as_player, worlds=worlds, seed=seed).to_json()
    return analysis.analyse(state, as_player=as_player, limit=worlds, seed=seed).to_json()


def review_task(
    record: str, position: str | None, game: str, max_nodes: int, seconds: float, lengths: bool, worlds: int | None
) -> dict:
    """A patience game (a record, or ``position`` and a move list) or a card game's record."""
    if game == "papillon":
        sampled: dict[str, Any] = {} if worlds is None else {"limit": worlds}
        return analysis.review(read_papillon_record(record), None, **sampled).to_json()
    if game == "mouche":
        sampled = {} if worlds is None else {"worlds": worlds}
        return analysis.review(read_mouche_record(record), None, **sampled).to_json()
    start, moves = _patience_game(record, position)
    limits = _limits(max_nodes, seconds * (1 - REVIEW_PAR_SHARE) / 8)  # (the verdicts: about log2(moves) solves)
    length_limits = Limits(LENGTH_LIMITS.max_nodes, LENGTH_LIMITS.timeout, MEMORY_MIB) if lengths else None
    return analysis.review(
        start, moves, limits, "kernel", length_limits, INTERLEAVED, length_seconds=seconds * REVIEW_PAR_SHARE
    ).to_json()


def _patience_game(record: str, position: str | None) -> tuple[Position, list]:
    game = read_game_text(record)
    start, moves = game.position, list(game.moves)
    if position is not None:
        given = patience_position(position)
        if start is not None and start != given:
            raise InputError("the record is of another deal than the position given")
        start = given
    if start is None:
        raise InputError("the record names no deal: give the position too")
    _, illegal = start.replay_until_illegal(moves)
    if illegal is not None:
        raise InputError(illegal_move(illegal))
    return start, moves


def rate_task(position: str) -> dict:
    from butterfly.puzzles.rating.features import exact_features
    from butterfly.puzzles.rating.rate import rate, report, why

    deal = patience_position(position)
    rating = rate(deal)
    features = exact_features(deal) if rating.verdict == "won" else {}
    return report(rating, features, why(rating, features, deal.rules.cells))


def moves_task(position: str) -> dict:
    """A card game's position played through by the rules alone (no search):
    the seat to move, each legal move with the line of the position it
    leads to (or, when it ends the hand, the hand's result), and what it
    caused in words. Every hand must be shown: a hidden hand's moves are
    not known."""
    parsed = parse_line(position)
    if isinstance(parsed, Position):
        raise InputError("this asks for a card game's position (papillon or mouche), not a patience's")
    state: Any
    hidden: tuple[int, ...]
    if isinstance(parsed, PapillonPosition):
        state, hidden = parsed.state, parsed.hidden
    else:  # La Mouche: the state and its hidden seats
        state, hidden = cast(tuple, parsed)
    if hidden:
        raise InputError(f"player {hidden[0]}'s hand is hidden: every hand must be shown to play the position through")
    mouche = isinstance(state, MoucheHand)

    def after(move: Any) -> dict:
        next_state = state.play(move)
        events = [
            MOUCHE_EVENT_TEXT[e.kind](e) if mouche else papillon_event_text(e)
            for e in next_state.events
            if not mouche or e.kind in MOUCHE_EVENT_TEXT
        ]
        over = next_state.is_terminal()
        return {
            "move": str(move),
            "position": None if over else mouche_line(next_state) if mouche else papillon_line(next_state),
            "said": [text for text in events if text],
            "result": _result(next_state) if over else None,
        }

    return {
        "game": "mouche" if mouche else "papillon",
        "to_move": state.current_player(),
        "moves": [after(move) for move in state.legal_moves()],
    }


def _result(state: Any) -> dict:
    """A finished hand: each player's chips, and the pool left in play."""
    return {"chips": list(state.chips), "pool": state.pool}


#: Every task by name, as the pool's requests name them.
TASKS: dict[str, Callable[..., dict]] = {
    "solve": solve_task,
    "analyse": analyse_task,
    "review": review_task,
    "rate": rate_task,
}


def run(task: str, args: dict[str, Any]) -> dict:
    """Do ``task`` with ``args`` (keyword arguments of its function)."""
    return TASKS[task](**args)
