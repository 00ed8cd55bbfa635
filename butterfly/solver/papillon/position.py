"""A Papillon position analysed as ``papillon analyse`` does, in one typed result.

:func:`analyse_position` picks the analysis the position calls for and
returns one of three :class:`PapillonAnalysis` results, whose ``to_json()``
is what ``papillon analyse --json`` prints:

- :class:`AllHandsKnown` (every hand known, last deal): each move's max-n
  line and guaranteed chips (:func:`butterfly.solver.papillon.analysis.analyse`), and
  beside them the moves from the mover's seat, a :class:`FromSeat`
  (:func:`butterfly.solver.papillon.seat.analyse_seat`);
- :class:`FromSeat` (``as_player``): each move over the deals of the cards
  that seat cannot see;
- :class:`OneRedealLeft` (one redeal left in the stock): each move's expected
  chips with the redeal a chance node
  (:func:`butterfly.solver.papillon.analysis.analyse_redeal`).

>>> from butterfly.games.papillon.notation import parse_line
>>> position = parse_line("papillon_hAH6SJS.4DAS4S.THJH8S_tAC4C6C8CTCJC5D6DJD_w8.13.13_c108.116.116_p80_d2_m0_l2")
>>> result = analyse_position(position)
>>> type(result).__name__, result.guaranteed_chips, result.from_seat.deals
('AllHandsKnown', (113, 110, 197), 20)
>>> for m in result.moves[:2]:
...     print(m.move, m.maxn_chips, m.guaranteed_chips)
AH x AC (113, 110, 197) 113
6S x AC 5D (113, 110, 197) 113
>>> [(m.move, m.mean_chips, m.win_chance) for m in result.from_seat.moves[:2]]
[('AH x AC', 163.4, 0.6), ('6S x AC 5D', 109.4, 0.0)]

Both moves end the same with every hand known; from the mover's seat, AH x AC
takes the pool in 60% of the 20 deals of the cards the mover cannot see.

>>> import json
>>> json.dumps(result.to_json())[:80]
'{"game": "papillon", "view": "open", "to_move": 0, "guaranteed_chips": [113, 110'
"""

from __future__ import annotations

from dataclasses import dataclass

from butterfly.games.errors import InputError
from butterfly.games.papillon.format import Position
from butterfly.games.papillon.rules import HandState
from butterfly.solver.budget import Budget
from butterfly.solver.engines import EngineName
from butterfly.solver.papillon.analysis import analyse, analyse_redeal, paranoid
from butterfly.solver.papillon.seat import analyse_seat
from butterfly.solver.review import JsonResult

#: Splits of the unseen cards solved from a seat before sampling.
SEAT_LIMIT = 10_000


@dataclass(frozen=True)
class PapillonAnalysis(JsonResult):
    """What :func:`analyse_position` finds: one of the classes below."""

    game = "papillon"


@dataclass(frozen=True)
class FromSeatMove:
    """A move with the seat's mean chips at the end of the hand and its chance to take the pool."""

    move: str
    mean_chips: float
    win_chance: float


@dataclass(frozen=True)
class FromSeat(PapillonAnalysis):
    """From the seat ``to_move``: the cards it cannot see, the deals of them
    solved (all, or a sample), and each move, best first."""

    view = "seat"

    to_move: int
    unseen: tuple[str, ...]
    deals: int
    exhaustive: bool
    moves: tuple[FromSeatMove, ...]


@dataclass(frozen=True)
class AllHandsKnownMove:
    """A move with everyone's chips at the end of the hand under max-n and the
    winner of the pool (-1: nobody), and the chips the mover can guarantee after it."""

    move: str
    maxn_chips: tuple[int, ...]
    maxn_winner: int
    guaranteed_chips: int


@dataclass(frozen=True)
class AllHandsKnown(PapillonAnalysis):
    """Every hand known: what each player can guarantee from here; each
    move, best first under max-n; and the moves from the mover's seat (the
    other hands unseen)."""

    view = "open"

    to_move: int
    guaranteed_chips: tuple[int, ...]
    moves: tuple[AllHandsKnownMove, ...]
    from_seat: FromSeat


@dataclass(frozen=True)
class OneRedealLeftMove:
    """A move with everyone's expected chips at the end of the hand and the mover's chance to take the pool."""

    move: str
    expected_chips: tuple[float, ...]
    win_chance: float


@dataclass(frozen=True)
class OneRedealLeft(PapillonAnalysis):
    """One redeal left: the deals of the stock solved (all, or a sample) and each move, best first."""

    view = "redeal"

    to_move: int
    deals: int
    exhaustive: bool
    moves: tuple[OneRedealLeftMove, ...]


def analyse_with_budget(
    position: Position, budget: Budget, *, view: int | None = None, engine: EngineName = "kernel"
) -> PapillonAnalysis:
    """:func:`analyse_position` from the seat ``view`` (None: every hand
    open), its deals of the unseen cards or of the stock ``budget.deals``,
    seeded by ``budget.seed``: the analysis registry's (butterfly.solver.analysis)."""
    return analyse_position(position, view, budget.deals, budget.seed, engine)


def analyse_position(
    position: Position,
    as_player: int | None = None,
    limit: int | None = None,
    seed: int = 0,
    engine: EngineName = "kernel",
) -> PapillonAnalysis:
    """Analyse ``position`` from ``as_player``'s seat (the player to move), or
    with every hand known: in the last deal, or with one redeal left.

    ``limit``: the splits of the unseen cards solved from a seat before
    sampling that many (default :data:`SEAT_LIMIT`), and at a redeal the
    deals of the stock (default every deal); samples are seeded by ``seed``.
    A hidden hand is refused where it would have to be known (InputError).
    """
    state = position.state
    if as_player is None and position.hidden:
        raise InputError(f"hand {position.hidden[0]} is hidden: give every hand, or use --as-player")
    if as_player is not None:
        if not 0 <= as_player < state.players:
            raise InputError(f"--as-player {as_player} is not a seat (0 to {state.players - 1})")
        if as_player in position.hidden:
            raise InputError(f"player {as_player}'s hand is hidden in the position: list it to analyse from that seat")
        return _from_seat(state, as_player, limit or SEAT_LIMIT, seed, engine)
    if len(state.stock) == 3 * state.players:
        redeal = analyse_redeal(state, limit=limit, seed=seed, engine=engine)
        return OneRedealLeft(
            state.to_move,
            redeal.splits,
            redeal.exhaustive,
            tuple(OneRedealLeftMove(str(m.move), m.chips, m.win_chance) for m in redeal.moves),
        )
    return AllHandsKnown(
        state.to_move,
        tuple(paranoid(state, p, engine) for p in range(state.players)),
        tuple(AllHandsKnownMove(str(r.move), r.maxn.chips, r.maxn.winner, r.paranoid) for r in analyse(state, engine)),
        _from_seat(state, None, limit or SEAT_LIMIT, seed, engine),
    )


def _from_seat(state: HandState, seat: int | None, limit: int, seed: int, engine: EngineName) -> FromSeat:
    """The moves from ``seat`` (None: the mover's), over up to ``limit`` deals of the cards it cannot see."""
    found = analyse_seat(state, seat, limit=limit, seed=seed, engine=engine)
    moves = tuple(FromSeatMove(str(m.move), m.mean_chips, m.win_chance) for m in found.moves)
    return FromSeat(found.player, tuple(map(str, found.unseen)), found.splits, found.exhaustive, moves)
