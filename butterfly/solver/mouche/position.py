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
  cards consistent with what the seat has seen, exact where the ending is
  within the exact limits, else sampled
  (:func:`butterfly.solver.mouche.seat_answer.seat_answer`), with the best
  card by model, where they disagree and why each worse card is worse.

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

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from butterfly.games.cards import Card, make_deck
from butterfly.games.errors import InputError
from butterfly.games.mouche.format import MouchePosition
from butterfly.games.mouche.hidden import seen_cards
from butterfly.games.mouche.notation import position_line
from butterfly.games.mouche.rules import MoucheHand
from butterfly.games.records import cards_text
from butterfly.solver.budget import Budget
from butterfly.solver.mouche import analysis
from butterfly.solver.mouche.seat import declaration_advice
from butterfly.solver.mouche.seat_answer import SeatAnswer, seat_answer
from butterfly.solver.review import JsonResult
from butterfly.solver.seat_witness import Figure, WhyWorse, Witness, line_words

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
    """A card with the seat's mean tricks at the end of the hand and its
    chance to make the mouche (no trick), under the answer's model; in an
    exact answer, the tricks the seat can be sure of after it (the
    guaranteed model) and the plain average of the open tricks over every
    deal (sampling's figure), else None."""

    move: str
    mean_tricks: float
    mouche_chance: float
    guaranteed_tricks: int | None
    sampled_tricks: float | None


@dataclass(frozen=True)
class FromSeat(MoucheAnalysis):
    """From the seat ``to_move``: exact (``model`` expected, every one of the
    ``deals`` consistent deals) or sampled (``model`` sampled, ``deals``
    solved: all of them when ``exhaustive``, else a uniform sample), in
    ``unit``; what each figure is (``figures``), each card best first, the
    best card by model (``best``) and, in words, where the models or
    sampling disagree; for each card worth less than the best (exact
    answers), a deal where it does worse (``why_worse``); why the values are
    sampled (``why_sampled``, None when exact)."""

    view = "seat"

    to_move: int
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
    answer = seat_answer(state, player, limit=worlds, seed=seed)
    return from_seat(state, answer)


def from_seat(state: MoucheHand, answer: SeatAnswer) -> FromSeat:
    """A from-the-seat answer (in tricks) as the analysis gives it."""
    p, n, exact = answer.player, answer.deals, answer.exact
    moves = tuple(
        FromSeatMove(str(c.card), c.mean, c.mouche_chance or 0.0, c.guaranteed, c.sampled_mean) for c in answer.cards
    )
    model = answer.model
    figures = [
        Figure("mean_tricks", model, exact, n, "tricks"),
        Figure("mouche_chance", model, exact, n, "mouche chance"),
    ]
    if exact:
        figures += [
            Figure("guaranteed_tricks", "guaranteed", True, n, "tricks"),
            Figure("sampled_tricks", "sampled", False, n, "tricks"),
        ]
    by_card = {m.move: m for m in moves}
    best = {name: str(card) for name, card in answer.best.items()}
    return FromSeat(
        p,
        model,
        exact,
        n,
        answer.exhaustive,
        "tricks",
        tuple(figures),
        moves,
        best,
        _disagreements(p, best, by_card) if exact else (),
        tuple(
            why_worse_shown(state, answer, c.card, answer.witnesses[c.card])
            for c in answer.cards
            if c.card in answer.witnesses
        ),
        answer.why_sampled,
    )


def _disagreements(p: int, best: dict[str, str], by_card: dict[str, FromSeatMove]) -> tuple[str, ...]:
    """Where the guaranteed model or sampling picks a card worth less than the best (exact answers), in words."""
    words = []
    top = by_card[best["expected"]]
    sure = by_card[best["guaranteed"]]
    if (sure.guaranteed_tricks or 0) > (top.guaranteed_tricks or 0):
        surest, least = _tricks(sure.guaranteed_tricks or 0), _tricks(top.guaranteed_tricks or 0)
        words.append(
            f"To be sure of the most tricks, play {sure.move}: {surest} whatever the deal and however the others "
            f"play; {top.move}, best on average, is sure of {least}."
        )
    sampled = best.get("sampled")
    if sampled is not None:
        chosen = by_card[sampled]
        if (chosen.mean_tricks, -chosen.mouche_chance) < (top.mean_tricks, -top.mouche_chance):
            words.append(
                f"Averaging the deals as if P{p} would see every hand from then on picks {sampled}, which is worth "
                f"less: {chosen.mean_tricks:.2f} tricks on average and the mouche {chosen.mouche_chance:.1%} of the "
                f"time, against {top.mean_tricks:.2f} and {top.mouche_chance:.1%} with {top.move}."
            )
    return tuple(words)


def _tricks(n: float) -> str:
    return "no trick" if n == 0 else f"{n:g} trick" + ("" if n == 1 else "s")


def _result(tricks: int) -> str:
    return "no trick: the mouche" if tricks == 0 else _tricks(tricks)


def shown_deal(state: MoucheHand, world: MoucheHand, player: int) -> MoucheHand:
    """``world`` (a deal of the hands ``player`` cannot see) as a whole position: the unseen cards
    no hand holds put in the others' discards and the stock (as many as there), so that no card is
    in two places. (Where they lie is no part of the deal: nothing played later can show it.)"""
    if not world.discarded:
        return world
    seen = seen_cards(state, player)
    held = {c for hand in world.hands for c in hand}
    rest = [c for c in make_deck(state.options.deck_size) if c not in seen and c not in held]
    discarded = list(world.discarded)
    for p in range(state.players):
        if p != player:
            k = len(discarded[p])
            discarded[p], rest = tuple(rest[:k]), rest[k:]
    return dataclasses.replace(world, discarded=tuple(discarded), stock=tuple(rest))


def _outcome(value: int, measure: str) -> str:
    """The seat's result at the end of a line, in words: tricks, or chips for the hand."""
    if measure == "tricks":
        return "takes " + _result(value)
    chips = f"{abs(value)} chip" + ("" if abs(value) == 1 else "s")
    return f"wins {chips}" if value >= 0 else f"owes {chips} for the mouche"


def why_worse_shown(state: MoucheHand, answer: SeatAnswer, card: Card, witness: Witness[MoucheHand, Card]) -> WhyWorse:
    """The deal where ``card`` does worse than the best card, as the answer gives it (in the answer's measure)."""
    p, world = answer.player, witness.world
    best = answer.best["expected"]
    seats = [q for q in range(state.players) if q != p and q in state.in_hand()]
    hands = tuple(cards_text(world.hands[q], empty="-") for q in range(state.players))
    best_line, line = line_words(witness.best), line_words(witness.worse)
    deal = "; ".join(f"P{q} holds {hands[q]}" for q in seats)
    better, worse = (_outcome(played.result[0], answer.measure) for played in (witness.best, witness.worse))
    words = (
        f"{card} does worse than {best} when {deal}: after {best} ({', '.join(best_line[1:])}) P{p} {better}; "
        f"after {card} ({', '.join(line[1:])}) P{p} {worse}."
    )
    return WhyWorse(
        str(card),
        str(best),
        hands,
        position_line(shown_deal(state, world, p)),
        best_line,
        line,
        witness.best.result[0],
        witness.worse.result[0],
        words,
    )
