"""Papillon's last deal from a seat, exact where the ending allows it, sampled beyond (issue 68 item 2).

:func:`seat_answer` is the one from-the-seat answer of ``papillon analyse
--as-player``, the review's from-the-seat judgement, ``POST /api/analyse``
and ``/api/review`` and the card-game board. When there are at most
:data:`EXACT_DEALS` splits of the cards the seat cannot see and the exact
search of both models (butterfly.solver.papillon.exact_seat) ends within
its effort (about a second), the values are exact (model ``expected``, beside them
``guaranteed``); else the sampled analysis of butterfly.solver.papillon.seat
gives them (model ``sampled``), and ``why_sampled`` says why. The exact
answer also carries the sampled best move over every split and, for each
move worth less than the best, one split where it does worse
(butterfly.solver.seat_witness).

The limit (bench/exact_seat.py's positions, the kernel's open searches):
3 players with 3 cards in the seat's hand have at most 20 splits, solved in
a tenth of a second at most; 4 players, 10 to 1,680; so up to 2,000 splits
are tried, and the search stops at its effort (:data:`EFFORT`) whatever the count.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from butterfly.games.cards import Card
from butterfly.games.errors import InputError
from butterfly.games.papillon.rules import HandState, Move
from butterfly.games.worlds import deal_worlds
from butterfly.solver.engines import EngineName
from butterfly.solver.papillon.analysis import check_last_deal
from butterfly.solver.papillon.exact_seat import PapillonSeat
from butterfly.solver.papillon.seat import analyse_seat
from butterfly.solver.seat_witness import Witness, solve_exact, why_worse

#: The effort the exact search may take before the answer is sampled instead (butterfly.solver.seat_witness:
#: 9,000 keys: about 1 s, 109 to 136 microseconds a key on this project's machine).
EFFORT = 9_000
#: The most splits of the unseen cards tried exactly.
EXACT_DEALS = 2_000

SeatModel = Literal["expected", "sampled"]


@dataclass(frozen=True)
class MoveValue:
    """A move from the seat: its mean chips and chance to take the pool under
    the answer's model; ``guaranteed`` the least chips the seat can be sure of
    after it (exact answers only); ``sampled_chips`` the plain average of the
    open values over every split (exact answers, for comparison)."""

    move: Move
    mean_chips: float
    win_chance: float
    guaranteed: int | None
    sampled_chips: float | None


@dataclass(frozen=True)
class SeatAnswer:
    """Every legal move of the seat to move, best first under ``model``:
    exact (``expected``) over every one of the ``deals`` splits, or
    ``sampled`` over ``deals`` of them (all when ``exhaustive``)."""

    player: int
    unseen: tuple[Card, ...]
    model: SeatModel
    exact: bool
    deals: int
    exhaustive: bool
    moves: tuple[MoveValue, ...]
    best: dict[str, Move]  # by model: "expected", "guaranteed", "sampled" (those worked out)
    witnesses: dict[Move, Witness[HandState, Move]]
    why_sampled: str | None


def seat_answer(
    state: HandState,
    player: int | None = None,
    *,
    limit: int = 10_000,
    seed: int = 0,
    engine: EngineName = "kernel",
    exact: bool = True,
    effort: int | None = EFFORT,
    explain: bool = True,
    explain_move: Move | None = None,
) -> SeatAnswer:
    """The moves of the player to move from their seat (``player`` must be
    that player): exact within the limits (``exact`` False: never exact; ``effort`` None: no cap),
    else sampled as :func:`butterfly.solver.papillon.seat.analyse_seat`
    samples (``limit``, ``seed``). ``explain_move``: a split where that move
    (matched by its signature) does worse (an exact answer, the move worth
    less than the best), without the rest of ``explain``. ``explain``: work out the sampled best
    move and a split for each worse move too (an exact answer)."""
    check_last_deal(state)
    mover = state.to_move
    player = mover if player is None else player
    if player != mover:
        raise InputError(f"player {player} is not to move (player {mover} is)")
    others = [p for p in range(state.players) if p != player]
    unseen = tuple(sorted(c for p in others for c in state.hands[p]))
    why: str | None = None
    if exact:
        splits, listed = deal_worlds(unseen, [len(state.hands[p]) for p in others], EXACT_DEALS, None)
        if not listed:
            why = f"more than {EXACT_DEALS:,} deals of the hidden hands"
        else:
            worlds = [_dealt(state, others, split) for split in splits]
            run = solve_exact(lambda: PapillonSeat(state, engine), worlds, effort)
            if run is not None:
                seen = analyse_seat(state, player, limit=EXACT_DEALS, seed=seed, engine=engine) if explain else None
                sampled = {m.move: m for m in seen.moves} if seen else {}
                n = len(worlds)
                rows = [
                    MoveValue(
                        move,
                        v[0] / n,
                        v[1] / n,
                        run.guaranteed[move][0],
                        sampled[move].mean_chips if sampled else None,
                    )
                    for move, v in run.expected.items()
                ]
                order = sorted(
                    range(len(rows)),
                    key=lambda i: (-rows[i].mean_chips, -rows[i].win_chance, -(rows[i].guaranteed or 0), i),
                )
                best = {"expected": run.best("expected"), "guaranteed": run.best("guaranteed")}
                if seen:
                    best["sampled"] = seen.moves[0].move  # (best first, as sampled)
                if explain:
                    witnesses = why_worse(run)
                elif explain_move is not None:
                    signature = explain_move.signature
                    witnesses = why_worse(run, lambda move: move.signature == signature)
                else:
                    witnesses = {}
                return SeatAnswer(
                    player, unseen, "expected", True, n, True, tuple(rows[i] for i in order), best, witnesses, None
                )
            why = "the exact values would take more than about a second"
    seen = analyse_seat(state, player, limit=limit, seed=seed, engine=engine)
    moves = tuple(MoveValue(m.move, m.mean_chips, m.win_chance, None, None) for m in seen.moves)
    return SeatAnswer(
        player, seen.unseen, "sampled", False, seen.splits, seen.exhaustive, moves, {"sampled": moves[0].move}, {}, why
    )


def _dealt(state: HandState, others: list[int], split: tuple[tuple[Card, ...], ...]) -> HandState:
    hands = list(state.hands)
    for p, hand in zip(others, split):
        hands[p] = tuple(sorted(hand))
    return dataclasses.replace(state, hands=tuple(hands))
