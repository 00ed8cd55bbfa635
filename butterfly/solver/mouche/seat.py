"""La Mouche from one seat: worlds consistent with what the seat has seen,
each solved exactly by the kernel.

- :func:`analyse_seat` (card play): the seat knows its hand, the turned card
  and every card played. The other hands are dealt from the unseen cards
  (the rest lie in the stock or the discards) so that every card each player
  has played was legal: a player who did not follow suit holds none of it, a
  player who did not trump holds no trump that the rules would have forced,
  a player who did not beat the best card holds none that beats it. All
  worlds are solved when there are at most ``limit`` before that filter;
  otherwise ``limit`` worlds are drawn uniformly (by rejection, or seat by
  seat: :func:`guided_worlds`), and solved in the order drawn; with a
  ``nodes`` budget, the solving stops once at least ``least`` are solved
  and their searches have taken that many nodes (a review's view:
  butterfly/solver/mouche/review.py), so the worlds solved are the first of the same
  seeded sample.
- :func:`declaration_advice` (before play): the expected chips of folding,
  standing and discarding the k weakest cards, over sampled deals of the
  unseen cards and of the stock; players after the seat declare as the
  rule-based bot does; each world's play is solved exactly (max-n). Every
  option is played in the same worlds, so differences are measured with
  common random numbers; each estimate comes with its standard error.

Worlds are weighted equally: what a player's declaration or choice of card
says about their hand beyond legality is not modelled.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from butterfly.games.cards import Card, Rank, make_deck
from butterfly.games.errors import InputError
from butterfly.games.mouche.hidden import consistent_worlds, forbidden_cards, seen_cards, without_the_pamphile
from butterfly.games.mouche.rules import Action, MoucheHand
from butterfly.games.worlds import random_split, split_count
from butterfly.solver.mouche import analysis as mouche
from butterfly.solver.mouche import kernel
from butterfly.solver.mouche.rule_player import rule_declaration
from butterfly.solver.search import mean_over_worlds


class CardStats(NamedTuple):
    action: Action
    mean_tricks: float  # the seat's mean tricks at the end of the hand, over the worlds (max-n)
    mouche_chance: float  # share of worlds where the seat ends with no trick (makes the mouche)


class SeatAnalysis(NamedTuple):
    player: int
    worlds: int
    exhaustive: bool
    cards: list[CardStats]  # best first


class SeatView(NamedTuple):
    """What the deals of a seat are dealt from: the seat, the others still in
    the hand, the cards the seat has not seen, and what each may not hold."""

    player: int
    others: list[int]
    unseen: list[Card]
    forbidden: dict[int, set[Card]]


def seat_view(state: MoucheHand, player: int | None = None) -> SeatView:
    """The view of ``player`` (default: the player to move, who must be the
    one to play a card); InputError when the cards are not being played."""
    if state.phase != "play":
        raise InputError(f"the cards are not being played (the hand is at '{state.phase}')")
    mover = state.to_move
    player = mover if player is None else player
    if player != mover:
        raise InputError(f"player {player} is not to move (player {mover} is)")
    others = [p for p in state.in_hand() if p != player]
    seen = seen_cards(state, player)
    unseen = [c for c in make_deck(state.options.deck_size) if c not in seen]
    forbidden = _forbidden(state, [h for h in state.history() if h[0] != player])
    return SeatView(player, others, unseen, forbidden)


def analyse_seat(
    state: MoucheHand,
    player: int | None = None,
    limit: int = 5000,
    seed: int = 0,
    nodes: int | None = None,
    least: int = 1,
    guided: bool = False,
) -> SeatAnalysis:
    """Every legal card of the player to move, judged from their own seat.

    ``nodes``: when the worlds are a sample, stop solving them once at least
    ``least`` are solved and the searches have taken ``nodes`` nodes in all
    (counted as the kernel counts them: deterministic, so the result is
    still fixed by ``seed``). Every world is solved when they are all the
    consistent ones (``exhaustive``): a prefix of those would not be a sample.
    ``guided``: draw the sample with :func:`guided_worlds` (the same
    distribution, far fewer draws rejected; other worlds than the plain
    rejection's for a seed), and only as many as are solved.
    """
    player, others, unseen, forbidden = seat_view(state, player)
    sizes = [len(state.hands[p]) for p in others]
    worlds: Iterable[tuple[tuple[Card, ...], ...]]
    if guided and split_count(len(unseen), sizes) > limit:
        worlds, exhaustive = consistent_worlds(state, unseen, others, forbidden, limit, None)  # all, when few fit
        if not exhaustive:
            worlds = guided_worlds(state, unseen, others, forbidden, limit, random.Random(seed))
    else:
        worlds, exhaustive = consistent_worlds(state, unseen, others, forbidden, limit, random.Random(seed))
    legal = state.playable()
    spent = 0

    def world(hands: tuple[tuple[Card, ...], ...]) -> MoucheHand:
        dealt = list(state.hands)
        for p, hand in zip(others, hands):
            dealt[p] = tuple(sorted(hand))
        return dataclasses.replace(state, hands=tuple(dealt))

    def solved() -> Iterator[tuple[MoucheHand, int]]:
        """The worlds in the order drawn, while the budget lasts (``spent`` is
        updated by ``statistics`` before the next world is asked for)."""
        for n, hands in enumerate(worlds):
            if nodes is not None and not exhaustive and n >= least and spent >= nodes:
                return
            yield world(hands), 1

    def statistics(world: MoucheHand) -> list[tuple[int, bool]]:
        """Per card: the seat's tricks under max-n, and whether it makes the mouche."""
        nonlocal spent
        rows, searched = kernel.searched_card_rows(world)  # what mouche.analyse(world) reads, and its cost
        spent += searched
        tricks = {card: row_tricks[player] for card, row_tricks, _ in rows}
        return [(tricks[card], tricks[card] == 0) for card in legal]

    means, count = mean_over_worlds(solved(), statistics)
    stats = [CardStats(Action("play", (card,)), tricks, mouche) for card, (tricks, mouche) in zip(legal, means)]
    order = sorted(range(len(stats)), key=lambda i: (-stats[i].mean_tricks, stats[i].mouche_chance, i))
    return SeatAnalysis(player, count, exhaustive, [stats[i] for i in order])


def guided_worlds(
    state: MoucheHand,
    unseen: list[Card],
    others: list[int],
    forbidden: dict[int, set[Card]],
    limit: int,
    rng: random.Random,
    attempts: int = 200,
) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Up to ``limit`` deals of the ``unseen`` cards to the seats ``others``,
    each drawn uniformly among those :func:`butterfly.games.mouche.hidden.consistent_worlds`
    accepts (at most ``attempts * limit`` draws; InputError when none fits), lazily.

    The plain rejection deals every hand from all the unseen cards and throws
    the deal away when a card lands where it is forbidden: with a few voids
    shown, most deals. Here each seat's hand is drawn from the cards it may
    hold, most constrained seat first, and the deal is kept with probability
    prod C(a_i, s_i) / C(m_i, s_i) (s_i its size, a_i the cards it may hold
    left when its turn came, m_i the most there can be: those it may hold,
    at most the unseen cards less the hands drawn before): the chance of
    drawing a deal is prod 1 / C(a_i, s_i), so every deal that fits is kept
    with the same chance and the sample is uniform, as the rejection's. (A
    seat that may hold any card always has a_i = m_i.) A seat that stood on
    the cards dealt held no mouche: that check stays a rejection, as there.
    In Le Pamphile the Pamphile goes to the seat paid for it, as there
    (:func:`butterfly.games.mouche.hidden.without_the_pamphile`).
    """
    cards, sizes, complete = without_the_pamphile(state, unseen, others)
    allowed = [[c for c in cards if c not in forbidden[p]] for p in others]
    order = sorted(range(len(others)), key=lambda i: (len(allowed[i]), i))
    free = [i for i in order if len(allowed[i]) == len(cards)]  # drawn last, together: a_i = m_i
    order = [i for i in order if i not in free]
    most, before = [0] * len(others), 0
    for i in order:
        most[i] = min(len(allowed[i]), len(cards) - before)
        before += sizes[i]
    played_by = {p: [c for seat, c in state.plays + state.trick if seat == p] for p in others}

    def fits_public(i: int, hand: tuple[Card, ...]) -> bool:
        p = others[i]
        if forbidden[p] & set(hand):  # the Pamphile, completing the hand of the seat paid for it
            return False
        if state.declared[p] == "stand" and state.as_dealt[p]:
            return state.with_hand(p, hand + tuple(played_by[p])).mouche_suit(p) is None
        return True

    found = 0
    for _ in range(attempts * limit):
        if found == limit:
            return
        used: set[Card] = set()
        hands: list[tuple[Card, ...]] = [()] * len(others)
        keep = 1.0
        for i in order:
            left = [c for c in allowed[i] if c not in used]
            if len(left) < sizes[i]:
                keep = 0.0
                break
            hands[i] = tuple(rng.sample(left, sizes[i]))
            used.update(hands[i])
            keep *= math.comb(len(left), sizes[i]) / math.comb(most[i], sizes[i])
        if keep and free:
            rest = rng.sample([c for c in cards if c not in used], sum(sizes[i] for i in free))
            for i in free:
                hands[i], rest = tuple(rest[: sizes[i]]), rest[sizes[i] :]
        hands = [complete(hand, i) for i, hand in enumerate(hands)]
        if keep and (keep >= 1.0 or rng.random() < keep) and all(fits_public(i, h) for i, h in enumerate(hands)):
            found += 1
            yield tuple(hands)
    if not found:
        raise InputError("no deal of the unseen cards fits what has been played")


#: What a card played rules out of its player's hand, by (options, trumps, player, the trick
#: before it, card): the same at every later position of the hand, so the seat views of a
#: review (one a card) work it out once, not again at each card after it.
_RULED_OUT: dict[tuple, frozenset[Card]] = {}


def _forbidden(state: MoucheHand, history: list[tuple[int, tuple, Card]]) -> dict[int, set[Card]]:
    """:func:`butterfly.games.mouche.hidden.forbidden_cards`, each card played's part remembered:
    that function rules cards out for each card played on its own, and its probes
    read only the player's hand, the trick, the trumps and the options."""
    out: dict[int, set[Card]] = {p: set() for p in range(state.players)}
    for player, trick, card in history:
        if not trick:
            continue
        key = (state.options, state.trump, player, trick, card)
        ruled = _RULED_OUT.get(key)
        if ruled is None:
            if len(_RULED_OUT) >= 1 << 14:
                _RULED_OUT.clear()
            ruled = _RULED_OUT[key] = frozenset(forbidden_cards(state, [(player, trick, card)])[player])
        out[player] |= ruled
    return out


# ---- declaration advice ------------------------------------------------------------


class OptionValue(NamedTuple):
    action: Action
    mean_chips: float  # expected chips won or lost on the hand from here
    stderr: float  # standard error of that mean


class Advice(NamedTuple):
    player: int
    worlds: int
    options: list[OptionValue]  # best first


def sensible_declarations(state: MoucheHand) -> list[Action]:
    """Fold, stand, and discarding the k weakest cards, for each k the stock
    allows, as long as no trump and no king is thrown away."""
    hand = state.hands[state.to_move]
    weak = sorted(
        (c for c in hand if state.suit_of(c) != state.trump and c.rank != Rank.KING),
        key=lambda c: state.strength(c, state.suit_of(c)),
    )
    options = [Action("fold"), Action("stand")]
    for k in range(1, min(len(weak), len(state.stock)) + 1):
        options.append(Action("discard", tuple(sorted(weak[:k]))))
    return options


def _finish_hand(state: MoucheHand) -> tuple[int, ...]:
    """Everyone's chips at the end of the hand: the rule-based declarations
    for the players still to declare, then the play solved exactly (max-n)."""
    while state.phase in ("declare", "trump"):
        state = state.play_unchecked(rule_declaration(state))
    if state.phase == "over":
        return state.chips
    tricks = mouche.maxn_tricks(state)
    return tuple(c + v for c, v in zip(state.chips, mouche.hand_chips(state, tricks)))


def declaration_advice(state: MoucheHand, worlds: int = 500, seed: int = 0) -> Advice:
    """Expected chips of each sensible declaration for the player to declare."""
    if state.phase != "declare":
        raise InputError(f"no declaration to make (the hand is at '{state.phase}')")
    player = state.to_move
    rng = random.Random(seed)
    own = set(state.hands[player])
    hidden = [c for c in make_deck(state.options.deck_size) if c not in own and c != state.turned]
    others = [p for p in range(state.players) if p != player]
    sizes = [len(state.hands[p]) for p in others] + [len(state.stock)]
    options = sensible_declarations(state)
    results: list[list[int]] = [[] for _ in options]
    for _ in range(worlds):
        *dealt, stock = random_split(hidden, sizes, rng)
        hands = list(state.hands)
        for p, hand in zip(others, dealt):
            hands[p] = tuple(sorted(hand))
        world = dataclasses.replace(state, hands=tuple(hands), stock=stock)
        for i, option in enumerate(options):
            after = world.play_unchecked(option)
            if option.kind == "fold":  # out of the play: only the declarations can cost anything
                while after.phase == "declare":
                    after = after.play_unchecked(rule_declaration(after))
                end = after.chips
            else:
                end = _finish_hand(after)
            results[i].append(end[player] - state.chips[player])
    values = []
    for option, chips in zip(options, results):
        mean = statistics.fmean(chips)
        err = statistics.stdev(chips) / math.sqrt(len(chips)) if len(chips) > 1 else 0.0
        values.append(OptionValue(option, mean, err))
    values.sort(key=lambda v: -v.mean_chips)
    return Advice(player, worlds, values)
