"""A La Mouche (or Le Pamphile) position analysed as ``mouche analyse`` does, in one typed result.

:func:`analyse_position` picks the analysis the position calls for and
returns one of three :class:`MoucheAnalysis` results, whose ``to_json()`` is
what ``mouche analyse --json`` prints:

- :class:`DeclarationAdvice` (a declaration to make): the expected chips of
  each sensible declaration (:func:`butterfly.solver.mouche.seat.declaration_advice`);
- :class:`AllHandsKnown` (the cards being played, every hand known): each
  card's max-n tricks and chips and the tricks the mover can guarantee
  (:func:`butterfly.solver.mouche.analysis.analyse`), what each player can guarantee
  (:func:`~butterfly.solver.mouche.analysis.guarantees`), and beside them the
  cards judged from the mover's seat, a :class:`FromSeat`;
- :class:`FromSeat` (``as_player``): each card over the deals of the unseen
  cards consistent with what the seat has seen
  (:func:`butterfly.solver.mouche.seat.analyse_seat`).

>>> from butterfly.games.mouche.notation import parse_line
>>> state, hidden = parse_line(
...     "mouche_d3_tTH_as.s.s.d4_h6C6DQD.9C9H7S.7D9DAHKS.AC8CKCTS_w0KH18H26H37H_k0KD1AD_p15_c1000.1000.1000.995"
... )
>>> result = analyse_position(state, hidden)
>>> type(result).__name__, result.to_move, result.guaranteed_tricks, result.can_be_forced_to_make_the_mouche[3]
('AllHandsKnown', 2, {0: 2, 1: 1, 2: 2, 3: 0}, True)
>>> [(m.move, m.maxn_tricks, m.maxn_chips) for m in result.moves]
[('7D', (2, 1, 2, 0), (6, 3, 6, -15)), ('9D', (2, 1, 2, 0), (6, 3, 6, -15))]
>>> result.from_seat.deals, result.from_seat.exhaustive
(500, False)
>>> import json
>>> json.dumps(result.to_json())[:80]
'{"game": "mouche", "view": "open", "to_move": 2, "guaranteed_tricks": {"0": 2, "'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from butterfly.games.errors import InputError
from butterfly.games.mouche.format import MouchePosition
from butterfly.games.mouche.rules import MoucheHand
from butterfly.solver.budget import Budget
from butterfly.solver.mouche import analysis
from butterfly.solver.mouche.seat import analyse_seat, declaration_advice
from butterfly.solver.review import JsonResult

#: Deals of the unseen cards and the stock sampled for declaration advice.
ADVICE_DEALS = 500
#: Worlds solved from the mover's seat beside the analysis with every hand known (a tenth of a second).
WORLDS_BESIDE_OPEN = 500
#: Worlds solved from a seat before sampling, when a seat is asked for.
WORLDS_FROM_SEAT = 5000


@dataclass(frozen=True)
class MoucheAnalysis(JsonResult):
    """What :func:`analyse_position` finds: one of the classes below."""

    game = "mouche"


@dataclass(frozen=True)
class DeclarationMove:
    """A declaration with the chips it is expected to win or lose on the hand, and that mean's standard error."""

    move: str
    mean_chips: float
    stderr: float


@dataclass(frozen=True)
class DeclarationAdvice(MoucheAnalysis):
    """The sensible declarations of the seat ``to_move``, best first, over ``deals`` sampled deals."""

    view = "declaration"

    to_move: int
    deals: int
    moves: tuple[DeclarationMove, ...]


@dataclass(frozen=True)
class FromSeatMove:
    """A card with the seat's mean tricks at the end of the hand and its chance to make the mouche (no trick)."""

    move: str
    mean_tricks: float
    mouche_chance: float


@dataclass(frozen=True)
class FromSeat(MoucheAnalysis):
    """From the seat ``to_move``: the deals of the unseen cards solved (all of
    them, or a uniform sample) and each card, best first."""

    view = "seat"

    to_move: int
    deals: int
    exhaustive: bool
    moves: tuple[FromSeatMove, ...]


@dataclass(frozen=True)
class AllHandsKnownMove:
    """A card with everyone's tricks and chips for the hand under max-n (by
    seat; 0 tricks for a player out of the hand), and the tricks the mover
    can guarantee after it."""

    move: str
    maxn_tricks: tuple[int, ...]
    maxn_chips: tuple[int, ...]
    guaranteed_tricks: int


@dataclass(frozen=True)
class AllHandsKnown(MoucheAnalysis):
    """Every hand known: the tricks each player in the hand can guarantee,
    and whether the others can force them to make the mouche (none); each
    card, best first; and the cards from the mover's seat."""

    view = "open"

    to_move: int
    guaranteed_tricks: dict[int, int]
    can_be_forced_to_make_the_mouche: dict[int, bool]
    moves: tuple[AllHandsKnownMove, ...]
    from_seat: FromSeat


def analyse_with_budget(position: MouchePosition, budget: Budget, *, view: int | None = None) -> MoucheAnalysis:
    """:func:`analyse_position` from the seat ``view`` (None: every hand
    open), its worlds or deals ``budget.deals``, seeded by ``budget.seed``:
    the analysis registry's (butterfly.solver.analysis)."""
    return analyse_position(position.state, position.hidden, view, budget.deals, budget.seed)


def analyse_position(
    state: MoucheHand,
    hidden: Sequence[int] = (),
    as_player: int | None = None,
    worlds: int | None = None,
    seed: int = 0,
) -> MoucheAnalysis:
    """Analyse ``state`` (``hidden``: the seats whose hands are unknown) from
    ``as_player``'s seat (the player to move), or with every hand known; at
    a declaration, advise it.

    ``worlds``: the deals sampled for advice (default :data:`ADVICE_DEALS`),
    or the worlds solved from the seat before sampling that many (default
    :data:`WORLDS_FROM_SEAT` from a chosen seat, :data:`WORLDS_BESIDE_OPEN`
    beside the analysis with every hand known); samples are seeded by
    ``seed``. A hidden hand is refused where it would have to be known (InputError).
    """
    if as_player is not None and not 0 <= as_player < state.players:
        raise InputError(f"--as-player {as_player} is not a seat (0 to {state.players - 1})")
    if as_player is not None and as_player != state.to_move:
        raise InputError(f"player {as_player} is not to move (player {state.to_move} is)")
    if state.to_move in hidden:
        raise InputError(f"the hand of player {state.to_move}, who is to move, must be listed")
    if state.phase == "declare":
        advice = declaration_advice(state, worlds=worlds or ADVICE_DEALS, seed=seed)
        return DeclarationAdvice(
            advice.player,
            advice.worlds,
            tuple(DeclarationMove(str(o.action), o.mean_chips, o.stderr) for o in advice.options),
        )
    if as_player is not None:
        return _from_seat(state, as_player, worlds or WORLDS_FROM_SEAT, seed)
    if hidden:
        raise InputError(f"hand {hidden[0]} is hidden: give every hand, or use --as-player")
    from_seat = _from_seat(state, None, worlds or WORLDS_BESIDE_OPEN, seed)
    guaranteed = analysis.guarantees(state)
    return AllHandsKnown(
        state.to_move,
        guaranteed,
        {p: tricks == 0 for p, tricks in guaranteed.items()},
        tuple(AllHandsKnownMove(str(r.card), r.tricks, r.chips(state), r.guaranteed) for r in analysis.analyse(state)),
        from_seat,
    )


def _from_seat(state: MoucheHand, player: int | None, worlds: int, seed: int) -> FromSeat:
    seat = analyse_seat(state, player, limit=worlds, seed=seed)
    moves = tuple(FromSeatMove(str(c.action), c.mean_tricks, c.mouche_chance) for c in seat.cards)
    return FromSeat(seat.player, seat.worlds, seat.exhaustive, moves)
