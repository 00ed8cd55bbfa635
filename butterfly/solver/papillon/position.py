"""A Papillon position analysed as ``papillon analyse`` does, in one typed result.

:func:`analyse_position` picks the analysis the position calls for and
returns one of three :class:`PapillonAnalysis` results, whose ``to_json()``
is what ``papillon analyse --json`` prints:

- :class:`AllHandsKnown` (every hand known, last deal): each move's max-n
  line and guaranteed chips (:func:`butterfly.solver.papillon.analysis.analyse`), and
  beside them the moves from the mover's seat, a :class:`FromSeat`
  (:func:`butterfly.solver.papillon.seat_answer.seat_answer`);
- :class:`FromSeat` (``as_player``): each move over the deals of the cards
  that seat cannot see, exact where the ending is within the exact limits,
  else sampled (:func:`butterfly.solver.papillon.seat_answer.seat_answer`);
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
from butterfly.games.papillon.notation import position_line
from butterfly.games.papillon.rules import HandState, Move
from butterfly.games.records import cards_text
from butterfly.solver.budget import Budget
from butterfly.solver.engines import EngineName
from butterfly.solver.papillon.analysis import analyse, analyse_redeal, paranoid
from butterfly.solver.papillon.seat_answer import SeatAnswer, seat_answer
from butterfly.solver.review import JsonResult
from butterfly.solver.seat_witness import Figure, WhyWorse, Witness, line_words

#: Splits of the unseen cards solved from a seat before sampling.
SEAT_LIMIT = 10_000


@dataclass(frozen=True)
class PapillonAnalysis(JsonResult):
    """What :func:`analyse_position` finds: one of the classes below."""

    game = "papillon"


@dataclass(frozen=True)
class FromSeatMove:
    """A move with the seat's mean chips at the end of the hand and its chance
    to take the pool, under the answer's model; in an exact answer, the chips
    the seat can be sure of after it (the guaranteed model) and the plain
    average of the open chips over every split (sampling's figure), else None."""

    move: str
    mean_chips: float
    win_chance: float
    guaranteed_chips: int | None
    sampled_chips: float | None


@dataclass(frozen=True)
class FromSeat(PapillonAnalysis):
    """From the seat ``to_move``: the cards it cannot see; exact (``model``
    expected, every one of the ``deals`` splits of them) or sampled
    (``model`` sampled, ``deals`` solved: all when ``exhaustive``, else a
    sample), in ``unit``; what each figure is (``figures``), each move best
    first, the best move by model (``best``) and, in words, where the models
    or sampling disagree; for each move worth less than the best (exact
    answers), a split where it does worse (``why_worse``); why the values
    are sampled (``why_sampled``, None when exact)."""

    view = "seat"

    to_move: int
    unseen: tuple[str, ...]
    model: str
    exact: bool
    deals: int
    exhaustive: bool
    unit: str
    figures: tuple[Figure, ...]
    moves: tuple[FromSeatMove, ...]
    best: dict[str, str]
    disagreements: tuple[str, ...]
    why_worse: tuple[WhyWorse, ...]
    why_sampled: str | None


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
    """The moves from ``seat`` (None: the mover's): exact within the limits, else over up to ``limit``
    deals of the cards it cannot see."""
    return from_seat(state, seat_answer(state, seat, limit=limit, seed=seed, engine=engine))


def from_seat(state: HandState, answer: SeatAnswer) -> FromSeat:
    """A from-the-seat answer as the analysis gives it."""
    p, n, exact, model = answer.player, answer.deals, answer.exact, answer.model
    moves = tuple(
        FromSeatMove(str(m.move), m.mean_chips, m.win_chance, m.guaranteed, m.sampled_chips) for m in answer.moves
    )
    figures = [Figure("mean_chips", model, exact, n, "chips"), Figure("win_chance", model, exact, n, "pool chance")]
    if exact:
        figures += [
            Figure("guaranteed_chips", "guaranteed", True, n, "chips"),
            Figure("sampled_chips", "sampled", False, n, "chips"),
        ]
    best = {name: str(move) for name, move in answer.best.items()}
    by_move = {m.move: m for m in moves}
    return FromSeat(
        p,
        tuple(map(str, answer.unseen)),
        model,
        exact,
        n,
        answer.exhaustive,
        "chips",
        tuple(figures),
        moves,
        best,
        _disagreements(p, best, by_move) if exact else (),
        tuple(
            why_worse_shown(state, answer, m.move, answer.witnesses[m.move])
            for m in answer.moves
            if m.move in answer.witnesses
        ),
        answer.why_sampled,
    )


def _disagreements(p: int, best: dict[str, str], by_move: dict[str, FromSeatMove]) -> tuple[str, ...]:
    """Where the guaranteed model or sampling picks a move worth less than the best (exact answers), in words."""
    words = []
    top, sure = by_move[best["expected"]], by_move[best["guaranteed"]]
    if (sure.guaranteed_chips or 0) > (top.guaranteed_chips or 0):
        words.append(
            f"To be sure of the most chips, play {sure.move}: {sure.guaranteed_chips} whatever the deal and however "
            f"the others play; {top.move}, best on average, is sure of {top.guaranteed_chips}."
        )
    sampled = best.get("sampled")
    if sampled is not None:
        chosen = by_move[sampled]
        if (chosen.mean_chips, chosen.win_chance) < (top.mean_chips, top.win_chance):
            words.append(
                f"Averaging the deals as if P{p} would see every hand from then on picks {sampled}, which is worth "
                f"less: {chosen.mean_chips:.2f} chips on average against {top.mean_chips:.2f} with {top.move}."
            )
    return tuple(words)


def why_worse_shown(state: HandState, answer: SeatAnswer, move: Move, witness: Witness[HandState, Move]) -> WhyWorse:
    """The split where ``move`` does worse than the best move, as the answer gives it."""
    p, world = answer.player, witness.world
    best = answer.best["expected"]
    hands = tuple(cards_text(world.hands[q], empty="-") for q in range(state.players))
    best_line, line = line_words(witness.best), line_words(witness.worse)
    deal = "; ".join(f"P{q} holds {hands[q]}" for q in range(state.players) if q != p)
    pool = lambda r: ", taking the pool" if r[1] else ""  # noqa: E731
    words = (
        f"{move} does worse than {best} when {deal}: after {best} ({', '.join(best_line[1:])}) P{p} ends with "
        f"{witness.best.result[0]} chips{pool(witness.best.result)}; after {move} ({', '.join(line[1:])}) with "
        f"{witness.worse.result[0]} chips{pool(witness.worse.result)}."
    )
    return WhyWorse(
        str(move),
        str(best),
        hands,
        position_line(world),
        best_line,
        line,
        witness.best.result[0],
        witness.worse.result[0],
        words,
    )
