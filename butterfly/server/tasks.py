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

import dataclasses
from collections.abc import Callable
from typing import Any

from butterfly.games.errors import InputError
from butterfly.games.registry import game_named, game_of_line, games
from butterfly.solver import analysis
from butterfly.solver.budget import Budget
from butterfly.solver.patience.analysis import LENGTH_BUDGET, LENGTH_LIMITS
from butterfly.solver.patience.result import Limits
from butterfly.solver.patience.solve import INTERLEAVED, solve_short, solve_shortest

#: Each worker's transposition tables: two workers fit a small machine.
MEMORY_MIB = 256
#: Of a review's time: the share of its searches for par and the moves over par.
REVIEW_PAR_SHARE = 0.3
#: The game of the searches only a patience has (solve, rate).
PATIENCE = game_named("patience")


def canonical_line(line: str) -> str:
    """``line`` checked, and written as its game writes it: two ways of
    writing one position are one key of the cache."""
    game = game_of_line(line)
    return game.write_line(game.read_line(line))


def _limits(max_nodes: int, seconds: float) -> Limits:
    return Limits(max_nodes=max_nodes, timeout=seconds, memory_mib=MEMORY_MIB)


def solve_task(position: str, max_nodes: int, seconds: float, shortest: bool) -> dict:
    deal = PATIENCE.read_line(position)
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
    """A position of any game, within the request's budget (a card game's
    from ``as_player``'s seat or with all hands open, ``worlds`` deals
    sampled; a patience's each move's search an equal part of the time),
    with the options its game takes."""
    game = game_of_line(position)
    budget = Budget(nodes=max_nodes, seconds=seconds, deals=worlds, seed=seed, memory_mib=MEMORY_MIB)
    length_budget = Budget(nodes=LENGTH_LIMITS.max_nodes, memory_mib=MEMORY_MIB) if lengths else None
    options = analysis.options_for(
        game.name, "analyse", {"engine": "kernel", "lengths": length_budget, "schedule": INTERLEAVED, "lines": lines}
    )
    return analysis.analyse(game.read_line(position), budget, view=as_player, **options).to_json()


def review_task(
    record: str, position: str | None, game: str, max_nodes: int, seconds: float, lengths: bool, worlds: int | None
) -> dict:
    """A game's record (a patience's, or its moves with ``position``
    beside), within the request's budget: a patience's searches for the
    verdicts and for par share the time; a card game's samples ``worlds``
    deals."""
    played = game_named(game)
    started = played.started_record(played.read_record(record), position)
    budget = Budget(nodes=max_nodes, seconds=seconds, deals=worlds, memory_mib=MEMORY_MIB)
    length_budget = dataclasses.replace(LENGTH_BUDGET, memory_mib=MEMORY_MIB) if lengths else None
    options = analysis.options_for(
        played.name, "review", {"engine": "kernel", "lengths": length_budget, "schedule": INTERLEAVED}
    )
    return analysis.review(started, budget, **options).to_json()


def rate_task(position: str) -> dict:
    from butterfly.puzzles.rating.features import exact_features
    from butterfly.puzzles.rating.rate import rate, report, why

    deal = PATIENCE.read_line(position)
    rating = rate(deal)
    features = exact_features(deal) if rating.result == "won" else {}
    return report(rating, features, why(rating, features, deal.rules.cells))


def moves_task(position: str) -> dict:
    """A card game's position played through by the rules alone (no search):
    the seat to move, each legal move with the line of the position it
    leads to (or, when it ends the hand, the hand's result), and what it
    caused in words (its game's events: a game without is refused). Every
    hand must be shown: a hidden hand's moves are not known."""
    game = game_of_line(position)
    if not game.has_events():
        card_games = " or ".join(other.name for other in games() if other.has_events())
        raise InputError(f"this asks for a card game's position ({card_games}), not a {game.title}'s")
    parsed = game.read_line(position)
    state, hidden = parsed.state, parsed.hidden
    if hidden:
        raise InputError(f"player {hidden[0]}'s hand is hidden: every hand must be shown to play the position through")

    def after(move: Any) -> dict:
        next_state = state.play(move)
        over = next_state.is_terminal()
        return {
            "move": str(move),
            "position": None if over else game.state_line(next_state),
            "said": [text for text in map(game.event_text, next_state.events) if text],
            "result": _result(next_state) if over else None,
        }

    return {
        "game": game.name,
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
