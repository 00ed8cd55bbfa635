"""La Mouche trick-play analysis: the friendly face of the compiled kernel.

All hands known: :func:`analyse` gives every legal card of the player to
move with everyone's tricks under max-n and the tricks the mover can
guarantee (paranoid), and :func:`guarantees` what each player can guarantee
and whether they can be forced to make the mouche. ``engine`` names one of
:data:`butterfly.solver.mouche.engines.ENGINES`: the kernel (default) or the
pure-Python oracle. :mod:`butterfly.solver.mouche.position` gathers these and the
seat's view (:mod:`butterfly.solver.mouche.seat`) in one typed result, as ``mouche
analyse`` prints it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from butterfly.games.cards import Card
from butterfly.games.errors import InputError
from butterfly.games.mouche.rules import MoucheEntry, MoucheHand
from butterfly.solver.engines import EngineName
from butterfly.solver.mouche.engines import ENGINES


def _check_play(state: MoucheHand) -> None:
    if state.phase != "play":
        raise InputError(f"the cards are not being played (the hand is at '{state.phase}')")


class CardValue(NamedTuple):
    card: Card
    tricks: tuple[int, ...]  # everyone's tricks at the end of the hand under max-n (by seat; 0 if out)
    guaranteed: int  # tricks the mover can guarantee after this card

    def chips(self, state: MoucheHand) -> tuple[int, ...]:
        """Everyone's chips for the hand under this line: a fifth of the pool per
        trick, and the mouche owed by a player in the hand with none."""
        return hand_chips(state, self.tricks)


def mouche_owed(state: MoucheHand) -> int:
    """What a player in the hand owes for making the mouche: the pool, or the cap."""
    return state.pool if state.options.entry is not MoucheEntry.CAP else min(state.pool, state.options.cap)


def hand_chips(state: MoucheHand, tricks: Sequence[int]) -> tuple[int, ...]:
    """Everyone's chips won or owed for the hand, given everyone's tricks."""
    fifth = state.pool // 5
    owed = mouche_owed(state)
    seats = set(state.in_hand())
    return tuple(fifth * t if t else (-owed if s in seats else 0) for s, t in enumerate(tricks))


def maxn_tricks(state: MoucheHand, engine: EngineName = "kernel") -> tuple[int, ...]:
    """Everyone's tricks at the end of the hand under max-n."""
    _check_play(state)
    return ENGINES[engine].maxn_tricks(state)


def guaranteed_tricks(state: MoucheHand, player: int, engine: EngineName = "kernel") -> int:
    """The tricks ``player`` can be sure to end the hand with."""
    _check_play(state)
    guaranteed = ENGINES[engine].guaranteed_tricks(state, player)
    if guaranteed is None:
        raise InputError(f"player {player} is not in the hand")
    return guaranteed


def guarantees(state: MoucheHand, engine: EngineName = "kernel") -> dict[int, int]:
    """Tricks each player in the hand can guarantee; 0 means the others can
    force them to make the mouche."""
    return {p: guaranteed_tricks(state, p, engine) for p in state.in_hand()}


def analyse(state: MoucheHand, engine: EngineName = "kernel") -> list[CardValue]:
    """Every legal card of the player to move, best first (max-n tricks of
    the mover, then guaranteed tricks, then the search order: by suit as played, weakest first)."""
    _check_play(state)
    mover = state.to_move
    rows = [CardValue(card, tricks, guaranteed) for card, tricks, guaranteed in ENGINES[engine].card_rows(state)]
    order = sorted(range(len(rows)), key=lambda i: (-rows[i].tricks[mover], -rows[i].guaranteed, i))
    return [rows[i] for i in order]
