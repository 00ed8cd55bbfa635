"""The thin calls into the compiled La Mouche trick kernel (``butterfly.ext._mouche``).

The kernel sees only the players still in the hand, in order of play
(:func:`kernel_position`), and gives their future tricks in that order;
each function here is one kernel search, its result by seat.
:mod:`butterfly.solver.mouche.analysis` is the friendly face.
"""

from __future__ import annotations

from collections.abc import Sequence

import butterfly.ext._mouche as _mouche
from butterfly.games.cards import Card, Rank
from butterfly.games.mouche.rules import POWER, MoucheHand

_POWERS = [POWER[Rank(r)] for r in range(1, 14)]


def kernel_position(state: MoucheHand) -> tuple[dict, list[int]]:
    """The play as the kernel takes it (its fields are the kernel's
    ``INPUT_FIELDS``), and the seats in its order."""
    seats = state.in_hand()
    leader = state.trick[0][0] if state.trick else state.to_move
    position = {
        "players": len(seats),
        "trump": int(state.trumps),
        "pamphile": state.options.pamphile,
        "power": _POWERS,
        "hands": [[int(c) for c in state.hands[s]] for s in seats],
        "trick": [int(c) for _, c in state.trick],
        "leader": seats.index(leader),
    }
    return position, seats


def _by_seat(state: MoucheHand, seats: list[int], future: Sequence[int]) -> tuple[int, ...]:
    """Everyone's tricks at the end: those won so far and the kernel's future ones."""
    tricks = list(state.tricks)
    for seat, extra in zip(seats, future):
        tricks[seat] += extra
    return tuple(tricks)


def maxn_tricks(state: MoucheHand) -> tuple[int, ...]:
    """Everyone's tricks at the end of the hand under max-n."""
    position, seats = kernel_position(state)
    future, _nodes = _mouche.solve_maxn(position)
    return _by_seat(state, seats, future)


def guaranteed_tricks(state: MoucheHand, player: int) -> int | None:
    """The tricks ``player`` can be sure to end the hand with; None when they are not in the hand."""
    found = paranoid_tricks(state, player)
    return None if found is None else found[0]


def paranoid_tricks(state: MoucheHand, player: int) -> tuple[int, int] | None:
    """The tricks ``player`` can be sure to end the hand with, and the nodes
    the search took (a puzzle's proof records them); None when they are not in the hand."""
    position, seats = kernel_position(state)
    if player not in seats:
        return None
    future, nodes = _mouche.solve_paranoid(position, seats.index(player))
    return state.tricks[player] + future, nodes


def card_rows(state: MoucheHand) -> list[tuple[Card, tuple[int, ...], int]]:
    """Each legal card of the player to move in the search order, with
    everyone's tricks under max-n and the tricks the mover can guarantee."""
    return searched_card_rows(state)[0]


def searched_card_rows(state: MoucheHand) -> tuple[list[tuple[Card, tuple[int, ...], int]], int]:
    """:func:`card_rows` and the nodes the search took (the seat's view
    spends a budget of them: butterfly/solver/mouche/seat.py)."""
    position, seats = kernel_position(state)
    raw, nodes = _mouche.analyse(position)
    mover = state.to_move
    cards = {int(c): c for c in state.hands[mover]}
    return [(cards[c], _by_seat(state, seats, future), state.tricks[mover] + g) for c, future, g in raw], nodes
