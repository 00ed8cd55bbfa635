"""Deals of the hidden hands that play alike, counted once (La Mouche, Le Pamphile).

From a seat, the cards it has not seen fall into **runs**: cards that count
as one suit (the Pamphile as the top trump, alone in its run), next to each
other in the suit's order, with no card between them that the seat knows
to be still in play (its hand, the trick), and ruled out for the same
players by what they played. Within a run, all that matters to the play is
which players hold its cards, in order from the weakest: the rules only
compare cards within a suit, and the open analysis tries the cards in an
order that depends only on suits and the order within a suit
(:func:`butterfly.solver.mouche.reference.search_order`). So a deal in
which the holders of a run hold its weakest cards, in that order, plays
exactly like each of the ``C(len(run), held)`` deals in which they hold
other cards of the run in the same order, with the cards renamed; and the
seat's own cards are never renamed, so its moves are the same in all of
them. Which deals fit what was played (cards ruled out, no mouche stood on)
is the same for all of them too: the runs keep ruled-out cards apart, and
a mouche is a matter of suits.

An :class:`AlikeWorld` is one such deal, standing for the product over its
runs of ``C(len(run), held)`` deals. When another player plays a card of a
run, the seat sees which card it is: the world splits into one world per
card of the run the player could hold in that place, each with the run cut
in two at that card (the weaker part keeps the holders before it, the
stronger part those after it), and the deals split with it
(``C(n, h) = sum over j of C(j, i) * C(n - 1 - j, h - 1 - i)``). Cut runs
stay apart: the seat knows the cards above and below the one played. The
worlds of a split all keep one state, the one the card played in: it
plays like each of them (the cards of a run are still renamed in order),
so a world's state may show other cards of a run than the deals it stands
for hold (:attr:`Run.shown`), and the searches inside (the others' open
cards, the values of a single world) are done once for all of them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from math import comb, prod
from typing import NamedTuple

from butterfly.games.cards import Card
from butterfly.games.errors import InputError
from butterfly.games.mouche.hidden import hand_fits, without_the_pamphile
from butterfly.games.mouche.rules import POWER, MoucheHand
from butterfly.solver.mouche import kernel
from butterfly.solver.mouche.seat import seat_view

#: Partial deals tried per kind of deal allowed before giving up. Endings whose
#: kinds were all listed took at most 7.2 per kind (the tests' and
#: bench/seat_answer.py's); with 10, giving up on 5,000 kinds takes under about
#: half a second even where few partial deals fit (a whole hand of 5 or 6 players).
STEPS_PER_KIND = 10


class TooManyKinds(InputError):
    """More kinds of deal than the limit asked for, or too long to list them."""


class Run(NamedTuple):
    cards: tuple[Card, ...]  # weakest first
    holders: tuple[int, ...]  # the seats holding some of its cards, from the weakest held
    shown: tuple[Card, ...]  # the cards the world's state gives them, in the same order

    def deals(self) -> int:
        return comb(len(self.cards), len(self.holders))


class AlikeWorld(NamedTuple):
    """A deal standing for every deal that plays alike: each run's holders hold
    cards of another run in the state (:attr:`Run.shown`; at first its own
    weakest), in the same order, which plays alike."""

    state: MoucheHand
    runs: tuple[Run, ...]  # the runs someone holds a card of
    deals: int  # the deals it stands for: the product of its runs' Run.deals()

    @classmethod
    def of(cls, state: MoucheHand, runs: tuple[Run, ...]) -> AlikeWorld:
        return cls(state, runs, prod(run.deals() for run in runs))


def _order(state: MoucheHand, card: Card) -> tuple[int, int]:
    return int(state.suit_of(card)), 14 if state.is_pamphile(card) else POWER[card.rank]


def runs_of(
    state: MoucheHand, cards: Sequence[Card], known: Sequence[Card], ruled_out: list[set[Card]]
) -> list[tuple[Card, ...]]:
    """``cards`` (the unseen cards to deal) cut into runs, weakest first, given
    the cards ``known`` to be in play and the cards ruled out for each seat."""
    marks = sorted((*((_order(state, c), False, c) for c in cards), *((_order(state, c), True, c) for c in known)))
    runs: list[list[Card]] = []
    previous: tuple | None = None  # (suit, who may not hold it) of the last unseen card, None after a known one
    for (suit, _), is_known, card in marks:
        if is_known:
            previous = None
            continue
        kind = (suit, frozenset(k for k, out in enumerate(ruled_out) if card in out))
        if kind != previous or state.is_pamphile(card) or state.is_pamphile(runs[-1][-1]):
            runs.append([])
        runs[-1].append(card)
        previous = kind
    return [tuple(run) for run in runs]


def alike_worlds(state: MoucheHand, player: int | None, limit: int) -> list[AlikeWorld]:
    """Every deal of the hidden hands consistent with what ``player`` (default:
    the player to move) has seen, deals that play alike counted once: the
    worlds of :func:`butterfly.solver.mouche.exact_seat.seat_worlds`, whose
    number is the sum of these worlds' :attr:`AlikeWorld.deals`. TooManyKinds
    when there are more than ``limit`` (or listing them takes over
    ``STEPS_PER_KIND * limit`` steps), InputError when none fits."""
    player, others, unseen, forbidden = seat_view(state, player)
    cards, sizes, complete = without_the_pamphile(state, unseen, others)
    fits_hand = hand_fits(state, others, forbidden)
    ruled_out = [forbidden[p] for p in others]
    known = [*state.hands[player], *(c for _, c in state.trick), *(c for c in unseen if c not in cards)]
    runs = runs_of(state, cards, known, ruled_out)
    # what each seat may still be dealt from the runs after each one: the search's cut
    room = [[0] * len(others) for _ in range(len(runs) + 1)]
    for r in range(len(runs) - 1, -1, -1):
        for k in range(len(others)):
            room[r][k] = room[r + 1][k] + (0 if runs[r][0] in ruled_out[k] else len(runs[r]))
    worlds: list[AlikeWorld] = []
    # Most partial deals can end in hands that do not fit (a void shown, the
    # Pamphile's holder), so the kinds found say nothing of the work: cap it too.
    steps = [STEPS_PER_KIND * limit]

    def words(run: tuple[Card, ...], left: list[int], length: int) -> Iterator[tuple[int, ...]]:
        """Sequences of ``length`` holders for ``run``'s weakest cards, within ``left``."""
        if length == 0:
            yield ()
            return
        for k in range(len(others)):
            if left[k] and run[0] not in ruled_out[k]:
                left[k] -= 1
                for rest in words(run, left, length - 1):
                    yield (k, *rest)
                left[k] += 1

    def deal(r: int, left: list[int], chosen: list[tuple[tuple[Card, ...], tuple[int, ...]]]) -> None:
        steps[0] -= 1
        if steps[0] < 0:
            raise TooManyKinds(
                "the kinds of deal of the hidden hands take too long to count: too many to solve exactly"
            )
        if any(left[k] > room[r][k] for k in range(len(others))):
            return
        if r == len(runs):
            hands: list[list[Card]] = [[] for _ in others]
            for run, holders in chosen:
                for card, k in zip(run, holders):
                    hands[k].append(card)
            dealt = [complete(tuple(hand), k) for k, hand in enumerate(hands)]
            if not all(fits_hand(hand, others[k]) for k, hand in enumerate(dealt)):
                return
            if len(worlds) >= limit:
                raise TooManyKinds(f"more than {limit} kinds of deal of the hidden hands: too many to solve exactly")
            all_hands = list(state.hands)
            for p, hand in zip(others, dealt):
                all_hands[p] = tuple(sorted(hand))
            held = tuple(
                Run(run, tuple(others[k] for k in holders), run[: len(holders)]) for run, holders in chosen if holders
            )
            worlds.append(AlikeWorld.of(dataclasses.replace(state, hands=tuple(all_hands)), held))
            return
        run = runs[r]
        for length in range(min(len(run), sum(left)) + 1):
            for word in list(words(run, left, length)):
                for k in word:
                    left[k] -= 1
                chosen.append((run, word))
                deal(r + 1, left, chosen)
                chosen.pop()
                for k in word:
                    left[k] += 1

    deal(0, list(sizes), [])
    if not worlds:
        raise InputError("no deal of the unseen cards fits what has been played")
    return worlds


def plays_of(world: AlikeWorld, card: Card, after: MoucheHand) -> list[tuple[Card, AlikeWorld]]:
    """The player to move plays ``card`` of the world's state, which leads to
    ``after``: the card the seat sees and the world after it, one for each
    card of the run that could lie in that place (just ``card`` when it is in
    no run: a card the seat knew). All are in state ``after``: they play alike."""
    found = next(((r, run) for r, run in enumerate(world.runs) if card in run.shown), None)
    if found is None:
        return [(card, AlikeWorld(after, world.runs, world.deals))]
    r, run = found
    i = run.shown.index(card)
    n, h = len(run.cards), len(run.holders)
    whole = run.deals()
    out = []
    for j in range(i, n - (h - 1 - i)):
        weaker = Run(run.cards[:j], run.holders[:i], run.shown[:i])
        stronger = Run(run.cards[j + 1 :], run.holders[i + 1 :], run.shown[i + 1 :])
        runs = (*world.runs[:r], *(part for part in (weaker, stronger) if part.holders), *world.runs[r + 1 :])
        deals = world.deals // whole * weaker.deals() * stronger.deals()
        out.append((run.cards[j], AlikeWorld(after, runs, deals)))
    return out


def open_totals(state: MoucheHand, kinds: Sequence[AlikeWorld]) -> dict[Card, tuple[int, int]]:
    """For each legal card of the seat to move, its open (max-n) tricks and its
    mouches added up over every deal the ``kinds`` stand for: the sampled seat
    analysis's sums with every deal, each deal of a kind playing like it."""
    seat = state.to_move
    totals = dict.fromkeys(state.playable(), (0, 0))
    for kind in kinds:
        for card, tricks, _ in kernel.card_rows(kind.state):
            taken, mouches = totals[card]
            totals[card] = (taken + kind.deals * tricks[seat], mouches + kind.deals * (tricks[seat] == 0))
    return totals
