"""La Mouche trick-play analysis: the friendly face of the compiled kernel.

All hands known: :func:`analyse` gives every legal card of the player to
move with everyone's tricks under max-n and the tricks the mover can
guarantee (paranoid), and :func:`guarantees` what each player can guarantee
and whether they can be forced to make the mouche. ``engine="python"`` runs
the pure-Python oracle (:mod:`solver.mouche.reference`) instead.
"""

from __future__ import annotations

from typing import NamedTuple

from ext import _mouche
from games.cards import Rank
from games.errors import InputError
from games.mouche.rules import POWER, MoucheEntry, MoucheHand
from solver.mouche import reference

ENGINES = ("kernel", "python")
_POWERS = [POWER[Rank(r)] for r in range(1, 14)]


def kernel_position(state: MoucheHand) -> tuple[dict, list[int]]:
    """The play as the kernel takes it, and the seats in its order."""
    seats = state.in_hand()
    leader = state.trick[0][0] if state.trick else state.to_move
    position = {
        "players": len(seats),
        "trump": int(state.trump),
        "pamphile": state.options.pamphile,
        "power": _POWERS,
        "hands": [[int(c) for c in state.hands[s]] for s in seats],
        "trick": [int(c) for _, c in state.trick],
        "leader": seats.index(leader),
    }
    return position, seats


def _check_play(state: MoucheHand) -> None:
    if state.phase != "play":
        raise InputError(f"the cards are not being played (the hand is at '{state.phase}')")


class CardValue(NamedTuple):
    card: object
    tricks: tuple[int, ...]  # everyone's tricks at the end of the hand under max-n (by seat; 0 if out)
    guaranteed: int  # tricks the mover can guarantee after this card

    def chips(self, state: MoucheHand) -> tuple[int, ...]:
        """Everyone's chips for the hand under this line: a fifth of the pool per
        trick, and the mouche owed by a player in the hand with none."""
        return hand_chips(state, self.tricks)


def hand_chips(state: MoucheHand, tricks) -> tuple[int, ...]:
    fifth = state.pool // 5
    owed = state.pool if state.options.entry is not MoucheEntry.CAP else min(state.pool, state.options.cap)
    seats = set(state.in_hand())
    return tuple(fifth * t if t else (-owed if s in seats else 0) for s, t in enumerate(tricks))


def _by_seat(state: MoucheHand, seats: list[int], future) -> tuple[int, ...]:
    tricks = list(state.tricks)
    for seat, extra in zip(seats, future):
        tricks[seat] += extra
    return tuple(tricks)


def maxn_tricks(state: MoucheHand, engine: str = "kernel") -> tuple[int, ...]:
    """Everyone's tricks at the end of the hand under max-n."""
    _check_play(state)
    if engine == "python":
        return reference.maxn_tricks(state)
    position, seats = kernel_position(state)
    future, _nodes = _mouche.solve_maxn(position)
    return _by_seat(state, seats, future)


def guaranteed_tricks(state: MoucheHand, player: int, engine: str = "kernel") -> int:
    """The tricks ``player`` can be sure to end the hand with."""
    _check_play(state)
    if engine == "python":
        return reference.guaranteed_tricks(state, player)
    position, seats = kernel_position(state)
    if player not in seats:
        raise InputError(f"player {player} is not in the hand")
    future, _nodes = _mouche.solve_paranoid(position, seats.index(player))
    return state.tricks[player] + future


def guarantees(state: MoucheHand, engine: str = "kernel") -> dict[int, int]:
    """Tricks each player in the hand can guarantee; 0 means the others can
    force them to make the mouche."""
    return {p: guaranteed_tricks(state, p, engine) for p in state.in_hand()}


def analyse(state: MoucheHand, engine: str = "kernel") -> list[CardValue]:
    """Every legal card of the player to move, best first (max-n tricks of
    the mover, then guaranteed tricks, then the search order: by suit as played, weakest first)."""
    _check_play(state)
    mover = state.to_move
    if engine == "python":
        rows = [CardValue(card, tricks, guaranteed) for card, tricks, guaranteed in reference.analyse_cards(state)]
    else:
        position, seats = kernel_position(state)
        raw, _nodes = _mouche.analyse(position)
        cards = {int(c): c for c in state.hands[mover]}
        rows = [CardValue(cards[c], _by_seat(state, seats, future), state.tricks[mover] + g) for c, future, g in raw]
    order = sorted(range(len(rows)), key=lambda i: (-rows[i].tricks[mover], -rows[i].guaranteed, i))
    return [rows[i] for i in order]
