"""La Mouche from a seat, exact where the ending allows it, sampled beyond (issue 68 item 2).

:func:`seat_answer` is the one from-the-seat answer of ``mouche analyse
--as-player``, the review's from-the-seat judgement, ``POST /api/analyse``
and ``/api/review`` and the card-game board. When every consistent deal of
the hidden hands can be listed within :func:`exact_deal_limit` (which
shrinks fast with the cards in the seat's hand) and the exact search of
both models (butterfly.solver.mouche.exact_seat) ends within its effort (about a second),
the values are exact (model ``expected``, beside them ``guaranteed``); else
the sampled analysis of butterfly.solver.mouche.seat gives them (model
``sampled``), and ``why_sampled`` says why. The exact answer also carries
the sampled best card over every deal (its averages of the open values), and
for each card worth less than the best one deal where it does worse
(butterfly.solver.seat_witness).

The limits (measured with bench/exact_seat.py's positions, the kernel's
open searches, on this project's 2-core machine): with 2 cards in the
seat's hand, 6,435 deals take 0.9 s; with 3, 3,000 to 5,000 deals take 4 to
8 s; so up to 5,000 deals are tried with 2 cards or fewer, 1,000 with 3 and
100 with more, and the search stops at its effort (:data:`EFFORT`) whatever the count.
Beyond those, the deals that play alike are counted once
(butterfly.solver.mouche.alike: up to :func:`kind_limit` kinds, the search
stopped at :data:`ALIKE_EFFORT`); the deal shown for a worse card is then the
deal a kind's state holds (butterfly.solver.seat_witness.why_worse: rarely, none is found).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from butterfly.games.cards import Card
from butterfly.games.mouche.hidden import consistent_worlds
from butterfly.games.mouche.rules import MoucheHand
from butterfly.solver.mouche import analysis
from butterfly.solver.mouche.alike import TooManyKinds, alike_worlds, open_totals
from butterfly.solver.mouche.exact_seat import AlikeSeat, Measure, MoucheSeat
from butterfly.solver.mouche.seat import analyse_seat, seat_view
from butterfly.solver.seat_witness import ExactRun, Witness, solve_exact, why_worse

#: The effort the exact search may take before the answer is sampled instead (butterfly.solver.seat_witness:
#: 20,000 keys: about 1 s, 45 to 63 microseconds a key on this project's machine).
EFFORT = 20_000

#: Kinds of deal (butterfly.solver.mouche.alike) tried exactly beyond the listed deals (up to
#: :func:`kind_limit`), and that search's effort: 60,000 keys, about 2 s (24 to 36 microseconds a
#: key on bench/exact_seat.py's three-card positions), less than the 4 to 5 s a sample of 5,000
#: deals takes there.
KIND_LIMIT = 5_000
ALIKE_EFFORT = 60_000


def kind_limit(cards: int) -> int:
    """The most kinds of deal tried exactly when the seat holds ``cards`` cards. On the positions
    of nine reviewed hands of 3 to 5 players (random bot, seeds 0-2), none of the 41 tried with 4
    or 5 cards finished within the effort (17 s spent in all); with 3 cards only those of up to
    1,000 kinds did (bench/seat_answer.py's: up to 1,420); with 2 cards all but 6 of 16, the
    others over 5,000 kinds."""
    return KIND_LIMIT if cards <= 2 else 1_500 if cards == 3 else 0


SeatModel = Literal["expected", "sampled"]


def exact_deal_limit(cards: int) -> int:
    """The most deals of the hidden hands tried exactly when the seat holds ``cards`` cards."""
    return 5_000 if cards <= 2 else 1_000 if cards == 3 else 100


@dataclass(frozen=True)
class CardValue:
    """A card from the seat: ``mean`` its mean (tricks, or chips) and
    ``mouche_chance`` (tricks only), under the answer's model; ``guaranteed``
    the least the seat can be sure of after it (exact answers only); and
    ``sampled_mean`` the plain average of the open values over every deal
    (exact answers, for comparison)."""

    card: Card
    mean: float
    mouche_chance: float | None
    guaranteed: int | None
    sampled_mean: float | None


@dataclass(frozen=True)
class SeatAnswer:
    """Every legal card of the seat to move, best first under ``model``:
    exact (``expected``) over every one of the ``deals`` consistent deals, or
    ``sampled`` over ``deals`` of them (all when ``exhaustive``)."""

    player: int
    measure: Measure
    model: SeatModel
    exact: bool
    deals: int
    exhaustive: bool
    cards: tuple[CardValue, ...]
    best: dict[str, Card]  # by model: "expected", "guaranteed", "sampled" (those worked out)
    witnesses: dict[Card, Witness[MoucheHand, Card]]
    why_sampled: str | None


def seat_answer(
    state: MoucheHand,
    player: int | None = None,
    *,
    measure: Measure = "tricks",
    limit: int = 5000,
    seed: int = 0,
    exact: bool = True,
    effort: int | None = EFFORT,
    explain: bool = True,
    explain_card: Card | None = None,
    nodes: int | None = None,
    least: int = 1,
    guided: bool = False,
) -> SeatAnswer:
    """The cards of the player to move from their seat: exact within the
    limits (``exact`` False: never exact; ``effort`` None: no cap), else sampled as
    :func:`butterfly.solver.mouche.seat.analyse_seat` samples (``limit``,
    ``seed``, ``nodes``, ``least``, ``guided``). ``explain_card``: a deal where
    that card does worse (an exact answer, the card worth less than the best),
    without the rest of ``explain``. ``explain``: work out the
    sampled best card and a deal for each worse card too (an exact answer)."""
    view = seat_view(state, player)
    player = view.player
    why: str | None = None
    if exact:
        cap = exact_deal_limit(len(state.hands[player]))
        # every deal when at most ``cap`` before the legality filter (none drawn beyond: rng None)
        deals, listed = consistent_worlds(state, view.unseen, view.others, view.forbidden, cap, None)
        worlds = [_dealt(state, view.others, deal) for deal in deals]
        if listed:
            run = solve_exact(lambda: MoucheSeat(state, measure, "kernel"), worlds, effort)
            if run is not None:
                answer = _exact_answer(
                    state,
                    player,
                    measure,
                    run,
                    len(worlds),
                    _every_deal(explain, state, player, measure, max(limit, cap), seed),
                )
                if explain:
                    answer = dataclasses.replace(answer, witnesses=why_worse(run))
                elif explain_card is not None:
                    witnesses = why_worse(run, lambda card: card == explain_card)
                    answer = dataclasses.replace(answer, witnesses=witnesses)
                return answer
            why = "the exact values would take more than about a second"
        else:
            # Beyond the listing, deals that play alike counted once.
            try:
                kinds = alike_worlds(state, player, kind_limit(len(state.hands[player])))
            except TooManyKinds:
                kinds = []
                why = (
                    f"more than {cap:,} deals of the hidden hands,"
                    " too many to solve exactly even counting those that play alike once"
                )
            alike_effort = None if effort is None else effort * ALIKE_EFFORT // EFFORT
            alike = solve_exact(lambda: AlikeSeat(state, measure, "kernel"), kinds, alike_effort) if kinds else None
            if alike is not None:
                totals = open_totals(state, kinds) if explain else {}
                n = sum(kind.deals for kind in kinds)
                sampled = {card: _measured(state, measure, t / n, m / n) for card, (t, m) in totals.items()}
                every = {card: (mean, -(chance or 0.0)) for card, (mean, chance) in sampled.items()}
                answer = _exact_answer(state, player, measure, alike, n, every)
                if explain or explain_card is not None:
                    only = None if explain else (lambda card: card == explain_card)
                    witnesses = {  # each the deal its kind's state holds
                        card: Witness(w.index, w.world.state, w.best, w.worse)
                        for card, w in why_worse(alike, only).items()
                    }
                    answer = dataclasses.replace(answer, witnesses=witnesses)
                return answer
            if kinds:
                why = "the exact values would take more than about a second"
    seen = analyse_seat(state, player, limit=limit, seed=seed, nodes=nodes, least=least, guided=guided)
    cards = tuple(
        CardValue(c.action.cards[0], *_measured(state, measure, c.mean_tricks, c.mouche_chance), None, None)
        for c in seen.cards
    )
    cards = tuple(sorted(cards, key=lambda c: (-c.mean, c.mouche_chance or 0)))  # (chips: the best first again)
    best = {"sampled": cards[0].card}
    return SeatAnswer(player, measure, "sampled", False, seen.worlds, seen.exhaustive, cards, best, {}, why)


def _dealt(state: MoucheHand, others: list[int], deal: tuple[tuple[Card, ...], ...]) -> MoucheHand:
    """``state`` with the hands of ``others`` dealt as ``deal``."""
    hands = list(state.hands)
    for p, hand in zip(others, deal):
        hands[p] = tuple(sorted(hand))
    return dataclasses.replace(state, hands=tuple(hands))


def _measured(state: MoucheHand, measure: Measure, tricks: float, mouche: float) -> tuple[float, float | None]:
    """(mean, mouche chance) in ``measure``: chips are a fifth of the pool a trick, the mouche owed."""
    if measure == "tricks":
        return tricks, mouche
    return state.pool // 5 * tricks - analysis.mouche_owed(state) * mouche, None


def _every_deal(
    explain: bool, state: MoucheHand, player: int, measure: Measure, limit: int, seed: int
) -> dict[Card, tuple[float, float]]:
    """The sampled analysis over every deal (there are fewer than ``limit``): its mean, then
    less mouche chance, by card; nothing unless ``explain``."""
    if not explain:
        return {}
    seen = analyse_seat(state, player, limit=limit, seed=seed)
    out = {}
    for c in seen.cards:
        mean, chance = _measured(state, measure, c.mean_tricks, c.mouche_chance)
        out[c.action.cards[0]] = (mean, -(chance or 0.0))
    return out


def _exact_answer(
    state: MoucheHand,
    player: int,
    measure: Measure,
    run: ExactRun,
    n: int,
    sampled: dict[Card, tuple[float, float]],
) -> SeatAnswer:
    """The answer from an exact ``run`` over ``n`` deals, with the sampled means over every deal
    (``sampled``: mean, then less mouche chance, by card; empty: not worked out)."""
    rows = []
    for card, value in run.expected.items():
        mean = value[0] / n
        chance = -value[1] / n if measure == "tricks" else None
        rows.append(CardValue(card, mean, chance, run.guaranteed[card][0], sampled[card][0] if sampled else None))
    order = sorted(
        range(len(rows)), key=lambda i: (tuple(-x for x in run.expected[rows[i].card]), -(rows[i].guaranteed or 0), i)
    )
    best = {"expected": run.best("expected"), "guaranteed": run.best("guaranteed")}
    if sampled:
        best["sampled"] = max(sampled, key=lambda c: sampled[c])  # the first of the most, best first as sampled
    return SeatAnswer(player, measure, "expected", True, n, True, tuple(rows[i] for i in order), best, {}, None)
