"""Papillon, the 1725 fishing game: rules, hand states and moves.

Suits never matter in Papillon, so the rules work on ranks: a capture is a
played rank (or three of a kind) and a multiset of captured ranks. A
:class:`HandState` is one hand (one dealer) from the deal to the settlement;
it is immutable, and :meth:`HandState.play` returns the next state. The whole
game (antes, rounds, the unclaimed pool) is :mod:`butterfly.games.papillon.game`.

Seats are numbered in the order of play: play goes to the right, so seat
``s + 1`` sits to the right of seat ``s``. The first to play sits right of the
dealer. docs/rules/papillon.md has the rules as implemented and every point
settled.

>>> state = HandState.deal(dealer=0, deck=shuffled_deck(7))
>>> state.current_player(), [len(h) for h in state.hands], len(state.table), len(state.stock)
(1, [3, 3, 3], 7, 36)
>>> Move.parse(str(state.legal_moves()[0])) == state.legal_moves()[0]
True
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from butterfly.games.cards import Card, Rank, make_deck, parse_cards
from butterfly.games.deals import shuffled_deck
from butterfly.games.errors import InputError, ParseError
from butterfly.games.records import Event, WhenBroke, collect_each
from butterfly.games.state import play_checked
from butterfly.games.worlds import random_split, rank_splits

HAND_SIZE = 3  # cards dealt to each player at every deal
TABLE_CARDS = {3: 7, 4: 4}  # face-up cards at the start of a hand
ACE = 1
TOKEN = 20  # a token (fiche) is worth 20 chips (jetons)


def value(rank: int) -> int:
    """Courts are worth 10, other cards their face value (the ace 1)."""
    return min(rank, 10)


class Scoring(str, enum.Enum):
    """Which payments are made."""

    CLASSIC = "1725"  # every payment of the Académie universelle des jeux (seeds 000/001)
    MODERN = "modern"  # the simplified modern scoring of seed 003


class FirstDealer(str, enum.Enum):
    """Who deals first after every player draws a card."""

    LOWEST = "lowest"  # seeds 000/001 (the 1725 text)
    HIGHEST = "highest"  # seed 003


class UnclaimedPool(str, enum.Enum):
    """What happens to a pool still unclaimed after the agreed rounds."""

    PLAY_ON = "play-on"  # play more hands until a papillon
    SHARE = "share"  # share it equally (an indivisible remainder stays in the pool)


class TieStake(str, enum.Enum):
    """What a tie for most cards does to the next hand's payment."""

    ADD = "add"  # the unpaid stake carries over: 1, 2, 3, ... (default)
    DOUBLE = "double"  # the stake doubles: 1, 2, 4, ...


@dataclass(frozen=True)
class Options:
    """The rules of one game: players, scoring and the points the sources leave open."""

    players: int = 3
    scoring: Scoring = Scoring.CLASSIC
    tie_stake: TieStake = TieStake.ADD
    rounds: int = 1  # a round is one hand dealt by each player
    first_dealer: FirstDealer = FirstDealer.LOWEST
    unclaimed_pool: UnclaimedPool = UnclaimedPool.PLAY_ON
    ante: int | None = None  # chips each player puts in the pool per hand; None: 20 (1725) or 2 (modern)
    extra_hands: int = 60  # play-on gives up and shares after this many extra hands
    when_broke: WhenBroke = WhenBroke.DEBT  # a player who cannot pay the next ante: play on, or stop

    def __post_init__(self) -> None:
        if self.players not in TABLE_CARDS:
            raise InputError(f"Papillon is for 3 or 4 players, not {self.players}")
        if self.rounds < 1:
            raise InputError(f"a game has at least one round, not {self.rounds}")
        object.__setattr__(self, "scoring", _enum(Scoring, self.scoring, "scoring"))
        object.__setattr__(self, "tie_stake", _enum(TieStake, self.tie_stake, "tie stake"))
        object.__setattr__(self, "first_dealer", _enum(FirstDealer, self.first_dealer, "first dealer rule"))
        object.__setattr__(self, "unclaimed_pool", _enum(UnclaimedPool, self.unclaimed_pool, "unclaimed-pool rule"))
        object.__setattr__(self, "when_broke", _enum(WhenBroke, self.when_broke, "when-broke rule"))
        if self.ante is None:
            object.__setattr__(self, "ante", TOKEN if self.scoring is Scoring.CLASSIC else 2)
        if self.chips_ante < 0:
            raise InputError(f"the ante cannot be negative ({self.ante})")

    @property
    def chips_ante(self) -> int:
        """The chips each player antes per hand (``ante``, its default resolved)."""
        return self.ante if self.ante is not None else 0

    @property
    def purse(self) -> int:
        """Each player's chips at the start: 20 chips plus 6 tokens per round."""
        return TOKEN + 6 * self.rounds * TOKEN


def _enum(kind, text, what):
    try:
        return kind(text)
    except ValueError:
        names = ", ".join(k.value for k in kind)
        raise InputError(f"unknown {what} {text!r} (choose from {names})") from None


class Move(NamedTuple):
    """Cards played from the hand and cards captured from the table.

    A capture plays one card (or three of a rank for the fourth); a trail
    (``captured`` empty) lays down the whole hand. Written ``7H x 5C 2D``,
    ``JS JH JD x JC`` and ``trail 3C 9D``.

    >>> Move.parse("7H x 5C 2D")
    Move(played=(Card('7H'),), captured=(Card('5C'), Card('2D')))
    >>> str(Move.parse("trail 3c 9d"))
    'trail 3C 9D'
    """

    played: tuple[Card, ...]
    captured: tuple[Card, ...]

    @property
    def is_trail(self) -> bool:
        return not self.captured

    @property
    def signature(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Played and captured ranks: moves with the same signature are the same
        move in Papillon, where suits do not matter."""
        return tuple(sorted(c.rank for c in self.played)), tuple(sorted(c.rank for c in self.captured))

    def __str__(self) -> str:
        played = " ".join(map(str, self.played))
        if self.is_trail:
            return f"trail {played}"
        return f"{played} x {' '.join(map(str, self.captured))}"

    @classmethod
    def parse(cls, text: str) -> Move:
        words = text.split()
        if words and words[0].lower() == "trail":
            if len(words) == 1:
                raise ParseError(f"move {text!r}: a trail names the cards laid down")
            return cls(tuple(parse_cards(words[1:])), ())
        lowered = [w.lower() for w in words]
        if lowered.count("x") != 1:
            raise ParseError(f"move {text!r}: expected 'CARD x CARDS' or 'trail CARDS'")
        cut = lowered.index("x")
        if cut == 0 or cut == len(words) - 1:
            raise ParseError(f"move {text!r}: name the card played and the cards captured")
        return cls(tuple(parse_cards(words[:cut])), tuple(parse_cards(words[cut + 1 :])))


def capture_sets(rank: int, table_counts: list[int] | tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every distinct capture by one card of ``rank``: sorted tuples of captured ranks.

    ``table_counts[r]`` is the number of table cards of rank ``r`` (index 0
    unused). The order is the one the searches use: the match, then the
    hanneton, then the sums in increasing lexicographic order.

    >>> capture_sets(7, [0, 1, 1, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0])
    [(7,), (1, 2, 4), (2, 5), (3, 4)]
    >>> capture_sets(5, [0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0])
    [(5,), (5, 5, 5)]
    """
    found: list[tuple[int, ...]] = []
    if table_counts[rank]:
        found.append((rank,))
        if table_counts[rank] == 3:  # the fourth card takes the other three: hanneton
            found.append((rank, rank, rank))
    target = value(rank)
    if rank <= 9:
        sums: list[tuple[int, ...]] = []
        _sums(target, 1, [], table_counts, sums)
        found.extend(sorted(s for s in sums if len(s) >= 2))
    return found


def _sums(remaining: int, lowest: int, chosen: list[int], counts, out) -> None:
    if remaining == 0:
        out.append(tuple(chosen))
        return
    for r in range(lowest, min(remaining, 9) + 1):
        if chosen.count(r) < counts[r]:
            chosen.append(r)
            _sums(remaining - r, r, chosen, counts, out)
            chosen.pop()


def rank_counts(cards) -> list[int]:
    counts = [0] * 14
    for c in cards:
        counts[c.rank] += 1
    return counts


@dataclass(frozen=True)
class HandState:
    """One hand of Papillon, from the deal to the settlement.

    ``chips`` are each player's chips and ``pool`` the pool: their sum never
    changes. ``taken`` counts the cards each player has won this hand.
    ``stake`` is what most cards pays this hand (more after ties).
    """

    options: Options
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    stock: tuple[Card, ...]
    taken: tuple[int, ...]
    chips: tuple[int, ...]
    pool: int
    to_move: int  # -1 once the hand is over
    stake: int = 1
    last_trailer: int = -1
    papillons: tuple[int, ...] = ()
    winner: int = -1  # the papillon maker who took the pool (set at the end)
    next_stake: int = 1  # most-cards stake for the next hand (set at the end)
    events: tuple[Event, ...] = ()  # what the last transition did

    # ---- construction -------------------------------------------------------

    @classmethod
    def deal(
        cls,
        dealer: int,
        deck: list[Card] | None = None,
        options: Options | None = None,
        chips: tuple[int, ...] | None = None,
        pool: int = 0,
        stake: int = 1,
    ) -> HandState:
        """Deal a hand from ``deck`` (in order): 3 cards to each player one at a
        time starting right of the dealer, then the table, then the stock."""
        options = options or Options()
        n = options.players
        deck = list(deck if deck is not None else make_deck(52))
        if sorted(deck) != make_deck(52):
            raise InputError("a Papillon deck is the 52 cards, each once")
        if not 0 <= dealer < n:
            raise InputError(f"dealer {dealer} is not a seat (0 to {n - 1})")
        hands, rest = _deal_round(deck, dealer, n)
        table_size = TABLE_CARDS[n]
        return cls(
            options=options,
            dealer=dealer,
            hands=hands,
            table=tuple(sorted(rest[:table_size])),
            stock=tuple(rest[table_size:]),
            taken=(0,) * n,
            chips=tuple(chips) if chips is not None else (0,) * n,
            pool=pool,
            to_move=(dealer + 1) % n,
            stake=stake,
        )

    # ---- the game-state API (shared by every search) ---------------------------

    @property
    def players(self) -> int:
        return self.options.players

    def is_terminal(self) -> bool:
        return self.to_move < 0

    def current_player(self) -> int:
        """The seat to move, or -1 when the hand is over."""
        return self.to_move

    def returns(self) -> tuple[int, ...]:
        """Each player's chips (final once the hand is over)."""
        return self.chips

    def legal_moves(self) -> list[Move]:
        """Every distinct move, captures first (by played rank, then in
        :func:`capture_sets` order, the three-of-a-kind capture after the single
        cards), or the trail when no capture exists."""
        if self.is_terminal():
            return []
        hand = self.hands[self.to_move]
        table_counts = rank_counts(self.table)
        moves = []
        for played_rank, captured in self.capture_signatures(hand, table_counts):
            played = _pick(hand, played_rank)
            moves.append(Move(played, _pick(self.table, captured)))
        return moves or [Move(hand, ())]

    @staticmethod
    def capture_signatures(hand, table_counts) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """The captures available to ``hand`` as (played ranks, captured ranks)."""
        out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        hand_counts = rank_counts(hand)
        for rank in range(1, 14):
            if hand_counts[rank]:
                out.extend(((rank,), captured) for captured in capture_sets(rank, table_counts))
        for rank in range(1, 14):
            if hand_counts[rank] == 3 and table_counts[rank] == 1:
                out.append(((rank,) * 3, (rank,)))
        return out

    def check_move(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, or None when it is legal."""
        if self.is_terminal():
            return "the hand is over"
        hand = self.hands[self.to_move]
        if not _contains(hand, move.played):
            return f"player {self.to_move} does not hold {_fmt(move.played)}"
        if not _contains(self.table, move.captured):
            return f"the table does not show {_fmt(move.captured)}"
        legal = self.legal_moves()
        if move.signature not in {m.signature for m in legal}:
            if legal[0].is_trail:
                return f"no capture is possible, player {self.to_move} must trail"
            if move.is_trail:
                return "a capture is possible, so trailing is not allowed"
            return f"not a capture ({_explain(move)})"
        return None

    def play(self, move: Move) -> HandState:
        """The state after ``move`` by the player to move; raise
        IllegalMoveError if it is illegal."""
        return play_checked(self, move)

    # ---- the rules --------------------------------------------------------------

    def play_unchecked(self, move: Move) -> HandState:
        """The state after ``move``, which must be legal (from
        :meth:`legal_moves`, or passed by :meth:`check_move`): nothing is
        checked. The searches use it for speed."""
        p = self.to_move
        classic = self.options.scoring is Scoring.CLASSIC
        chips = list(self.chips)
        pool = self.pool
        taken = list(self.taken)
        events: list[Event] = []
        hands = list(self.hands)
        hands[p] = _remove(hands[p], move.played)
        last_trailer = self.last_trailer
        papillons = self.papillons

        def collect(kind: str, each: int, cards: tuple[Card, ...] = ()) -> None:
            if each:
                collect_each(chips, p, each)
                events.append(Event(kind, p, each, cards))

        if move.is_trail:
            table = tuple(sorted(self.table + move.played))
            aces = tuple(c for c in move.played if c.rank == ACE)
            paid = len(move.played) - (0 if classic else len(aces))
            chips[p] -= paid
            pool += paid
            events.append(Event("trail", p, paid, move.played))
            collect("aces-trailed", len(aces), aces)
            last_trailer = p
            swept = False
        else:
            table = _remove(self.table, move.captured)
            taken[p] += len(move.played) + len(move.captured)
            events.append(Event("capture", p, 0, move.played + move.captured))
            swept = not table
            if classic:
                collect("aces", _ace_payment(move))
                if _is_hanneton(move):
                    collect("hanneton", 1)
                if swept:
                    collect("sauterelle", 1)
            if not hands[p]:
                if self.stock:
                    if classic:
                        collect("petit-papillon", 1)
                else:
                    if classic:
                        collect("papillon", 1)
                    else:
                        events.append(Event("papillon", p))
                    papillons = papillons + (p,)

        state = dataclasses.replace(
            self,
            hands=tuple(hands),
            table=table,
            taken=tuple(taken),
            chips=tuple(chips),
            pool=pool,
            last_trailer=last_trailer,
            papillons=papillons,
            events=(),
        )
        return state._next_turn(p, swept, events)

    def _next_turn(self, mover: int, swept: bool, events: list[Event]) -> HandState:
        n = self.players
        for step in range(1, n + 1):
            seat = (mover + step) % n
            if self.hands[seat]:
                return dataclasses.replace(self, to_move=seat, events=tuple(events))
        if self.stock:
            hands, stock = _deal_round(list(self.stock), self.dealer, n)
            # A sweep by the last player holding cards still makes the player
            # to the sweeper's right trail, after the redeal (seed 000 §8).
            leader = (mover + 1) % n if swept else (self.dealer + 1) % n
            events.append(Event("redeal", self.dealer, 0, ()))
            return dataclasses.replace(self, hands=hands, stock=tuple(stock), to_move=leader, events=tuple(events))
        return self._settle(events)

    def _settle(self, events: list[Event]) -> HandState:
        """The end of the hand: the pool, the table cards, most cards, consolation."""
        n = self.players
        classic = self.options.scoring is Scoring.CLASSIC
        chips = list(self.chips)
        taken = list(self.taken)
        pool = self.pool
        winner = next((s for s in priority(self.dealer, n) if s in self.papillons), -1)
        collector = winner if winner >= 0 else self.last_trailer
        if collector >= 0 and self.table:
            taken[collector] += len(self.table)
            events.append(Event("table", collector, 0, self.table))
        if winner >= 0:
            chips[winner] += pool
            events.append(Event("pool", winner, pool))
            pool = 0
        elif classic and self.last_trailer >= 0:
            collect_each(chips, self.last_trailer, 1)
            events.append(Event("consolation", self.last_trailer, 1))
        most = max(taken)
        leaders = [s for s in range(n) if taken[s] == most]
        next_stake = 1
        if len(leaders) == 1:
            if classic:
                collect_each(chips, leaders[0], self.stake)
                events.append(Event("most-cards", leaders[0], self.stake))
            elif winner < 0:
                chips[leaders[0]] += pool
                events.append(Event("pool", leaders[0], pool))
                pool = 0
        elif classic:
            next_stake = self.stake + 1 if self.options.tie_stake is TieStake.ADD else self.stake * 2
            events.append(Event("most-cards-tie", -1, next_stake))
        return dataclasses.replace(
            self,
            table=(),
            taken=tuple(taken),
            chips=tuple(chips),
            pool=pool,
            to_move=-1,
            winner=winner,
            next_stake=next_stake,
            events=tuple(events),
        )

    # ---- chance, hidden hands, invariants (butterfly.games.state) ---------------------------

    def chance_outcomes(self) -> list[tuple[HandState, int]]:
        """After a redeal, every way the redealt cards could have fallen, three
        to each player, with how many deals give it. Deals that differ only in
        suits (which never matter in Papillon) are one outcome, shown with the
        lowest cards of each rank; ``[(self, 1)]`` when nothing was just dealt."""
        if not any(event.kind == "redeal" for event in self.events):
            return [(self, 1)]
        dealt = sorted(card for hand in self.hands for card in hand)
        outcomes = []
        for ranks, weight in rank_splits([card.rank for card in dealt], [len(h) for h in self.hands]).items():
            pool = list(dealt)
            hands = []
            for hand_ranks in ranks:
                hand = _pick(tuple(pool), hand_ranks)
                for card in hand:
                    pool.remove(card)
                hands.append(tuple(sorted(hand)))
            outcomes.append((dataclasses.replace(self, hands=tuple(hands)), weight))
        return outcomes

    def resample(self, player: int, rng: random.Random) -> HandState:
        """The other players' hands and the stock dealt again from the cards
        ``player`` cannot see (their sizes kept, every split equally likely):
        everything played in Papillon is seen by all, and no play rules out a
        card held (the searches from a seat assume the same)."""
        others = [p for p in range(self.players) if p != player]
        unseen = [card for p in others for card in self.hands[p]] + list(self.stock)
        *dealt, stock = random_split(unseen, [len(self.hands[p]) for p in others] + [len(self.stock)], rng)
        hands = list(self.hands)
        for p, hand in zip(others, dealt):
            hands[p] = tuple(sorted(hand))
        return dataclasses.replace(self, hands=tuple(hands), stock=stock)

    def cards(self) -> list[Card]:
        """The cards in hands, on the table and in the stock (the others are won)."""
        return [card for hand in self.hands for card in hand] + list(self.table) + list(self.stock)

    def card_count(self) -> int:
        """The cards placed and the cards won (``taken``): 52."""
        return len(self.cards()) + sum(self.taken)

    def total_chips(self) -> int:
        return sum(self.chips) + self.pool


def priority(dealer: int, n: int) -> list[int]:
    """Who wins among several papillon makers: the dealer, then the player to
    the dealer's left, and so on back to the first to play."""
    return [(dealer - k) % n for k in range(n)]


def _is_hanneton(move: Move) -> bool:
    """The fourth card of a rank taking the other three."""
    played, captured = move.signature
    return len(played) == 1 and captured == played * 3


def _ace_payment(move: Move) -> int:
    """What each other player pays for the aces of a capture (1725 rules)."""
    played, captured = move.signature
    aces = captured.count(ACE)
    if not aces and ACE not in played:
        return 0
    if played[0] == ACE:  # aces with aces: one chip per ace played or taken
        return len(played) + aces
    if aces == len(captured) == played[0]:  # two aces with a two ... four with a four
        return 2 * aces
    return aces


def _deal_round(cards: list[Card], dealer: int, n: int) -> tuple[tuple[tuple[Card, ...], ...], list[Card]]:
    """Three cards each, one at a time, starting right of the dealer."""
    hands: list[list[Card]] = [[] for _ in range(n)]
    it = iter(cards)
    for _ in range(HAND_SIZE):
        for k in range(1, n + 1):
            hands[(dealer + k) % n].append(next(it))
    return tuple(tuple(sorted(h)) for h in hands), list(it)


def _pick(cards: tuple[Card, ...], ranks) -> tuple[Card, ...]:
    """The lowest cards of the given ranks (suits never matter)."""
    pool = list(cards)
    chosen = []
    for r in ranks:
        card = next(c for c in pool if c.rank == r)
        pool.remove(card)
        chosen.append(card)
    return tuple(chosen)


def _contains(cards, wanted) -> bool:
    have = Counter(cards)
    need = Counter(wanted)
    return all(have[c] >= k for c, k in need.items())


def _remove(cards: tuple[Card, ...], gone) -> tuple[Card, ...]:
    rest = list(cards)
    for c in gone:
        rest.remove(c)
    return tuple(rest)


def _fmt(cards) -> str:
    return " ".join(map(str, cards)) or "nothing"


def _explain(move: Move) -> str:
    played, captured = move.signature
    if len(played) == 3:
        return "three of a kind take only the fourth card of their rank"
    rank = played[0]
    if value(rank) == 10:
        return f"a {Rank(rank).letter} is worth 10 and takes only a card of its own rank"
    return f"the captured cards must match the {Rank(rank).letter} or add up to {value(rank)}"


__all__ = [
    "ACE",
    "Event",
    "FirstDealer",
    "HandState",
    "Move",
    "Options",
    "Scoring",
    "TieStake",
    "UnclaimedPool",
    "capture_sets",
    "rank_counts",
    "shuffled_deck",
    "value",
]


def sample_start(seed: int) -> HandState:
    """A hand dealt by ``seed``, its players, scoring, stake and dealer
    varied with it (the game registry's start states: butterfly.games.registry)."""
    options = Options(players=3 + seed % 2, scoring=Scoring.CLASSIC if seed % 3 else Scoring.MODERN)
    n = options.players
    return HandState.deal(seed % n, shuffled_deck(seed), options, chips=(500,) * n, pool=40, stake=1 + seed % 2)
