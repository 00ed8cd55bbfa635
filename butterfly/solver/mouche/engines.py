"""La Mouche's two engines behind one Protocol (butterfly/solver/engines.py): the
kernel (butterfly/solver/mouche/kernel.py) and the Python oracle (butterfly/solver/mouche/reference.py)."""

from __future__ import annotations

from typing import Literal, Protocol

from butterfly.games.cards import Card
from butterfly.games.mouche.rules import MoucheHand
from butterfly.solver.engines import Engine, Engines
from butterfly.solver.mouche import kernel, reference

#: A card with everyone's tricks under max-n and the tricks its player can guarantee after it.
CardRow = tuple[Card, tuple[int, ...], int]


class MoucheEngine(Engine, Protocol):
    def maxn_tricks(self, state: MoucheHand) -> tuple[int, ...]:
        """Everyone's tricks at the end of the hand under max-n (by seat; 0 if out)."""
        ...

    def guaranteed_tricks(self, state: MoucheHand, player: int) -> int | None:
        """The tricks ``player`` can be sure of; None when they are not in the hand."""
        ...

    def card_rows(self, state: MoucheHand) -> list[CardRow]:
        """Every legal card of the player to move, in the search order."""
        ...


class KernelEngine:
    name: Literal["kernel"] = "kernel"

    def maxn_tricks(self, state: MoucheHand) -> tuple[int, ...]:
        return kernel.maxn_tricks(state)

    def guaranteed_tricks(self, state: MoucheHand, player: int) -> int | None:
        return kernel.guaranteed_tricks(state, player)

    def card_rows(self, state: MoucheHand) -> list[CardRow]:
        return kernel.card_rows(state)


class PythonEngine:
    name: Literal["python"] = "python"

    def maxn_tricks(self, state: MoucheHand) -> tuple[int, ...]:
        return reference.maxn_tricks(state)

    def guaranteed_tricks(self, state: MoucheHand, player: int) -> int | None:
        return reference.guaranteed_tricks(state, player) if player in state.in_hand() else None

    def card_rows(self, state: MoucheHand) -> list[CardRow]:
        return reference.analyse_cards(state)


ENGINES: Engines[MoucheEngine] = Engines(KernelEngine(), PythonEngine())
