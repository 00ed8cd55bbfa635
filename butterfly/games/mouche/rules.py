"""La Mouche (1718) and its variant Le Pamphile (1758): rules, hand states, actions.

A :class:`MoucheHand` is one hand, from the deal through the declarations and
the five tricks to the payments; it is immutable and :meth:`MoucheHand.play`
returns the next state (the game-state API of :mod:`butterfly.games.papillon.rules`:
``current_player``, ``legal_moves``, ``apply``, ``is_terminal``, ``returns``).
The whole game is :mod:`butterfly.games.mouche.game`.

Seats are numbered in the order of play: play goes to the right, seat ``s + 1``
sits right of seat ``s``; the first to play sits right of the dealer.
docs/rules/mouche.md has the rules as implemented and every point settled.

>>> hand = MoucheHand.deal(0, shuffled_deck(5, 36), MoucheOptions(players=4), chips=(1000,) * 4)
>>> hand.phase, hand.current_player(), [len(h) for h in hand.hands], hand.pool
('declare', 1, [5, 5, 5, 5], 5)
>>> sorted({a.kind for a in hand.legal_moves()})
['discard', 'fold', 'stand']
"""

from __future__ import annotations

import dataclasses
import enum
import random
from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

from butterfly.games.cards import Card, Rank, Suit, make_deck, parse_cards
from butterfly.games.deals import shuffled_deck
from butterfly.games.errors import InputError, ParseError
from butterfly.games.mouche import hidden
from butterfly.games.records import Event, WhenBroke, collect_each
from butterfly.games.state import play_checked

DECKS = {3: 28, 4: 36, 5: 48, 6: 52}
HAND_SIZE = 5
DEALER_STAKE = 5  # the dealer's chips into the pool each hand
PURSE = 1000  # 20 chips, 16 plaques of 5, 9 contracts of 100
MAX_PURSE = 10**9  # far below the bound on chips in a position (docs/formats.md)
PAMPHILE = Card(Rank.JACK, Suit.CLUBS)

#: Card order, high to low: K Q J A 10 9 ... 2. ``POWER[rank]`` grows with strength.
POWER = {Rank.KING: 13, Rank.QUEEN: 12, Rank.JACK: 11, Rank.ACE: 10, **{r: r - 1 for r in range(2, 11)}}


def points(card: Card) -> int:
    """Points for the tie-break between mouches: courts and ace 10, others face value."""
    return 10 if card.rank in (Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING) else int(card.rank)


class MoucheEntry(str, enum.Enum):
    """How the mouches made on a hand are put into play."""

    ALL = "all"  # all at once on the next hand (the rule)
    LARGEST_FIRST = "largest-first"  # one at a time, the largest first (1718 option)
    CAP = "cap"  # all at once, each mouche made capped (Méry 1847)


@dataclass(frozen=True)
class MoucheOptions:
    players: int = 4
    pamphile: bool = False  # Le Pamphile: the jack of clubs is the top trump
    entry: MoucheEntry = MoucheEntry.ALL
    cap: int = 20  # with entry "cap": the most a player owes for a mouche (a multiple of 5)
    pamphile_any_suit: bool = False  # for having the mouche, the Pamphile may be any suit
    turned_pamphile_needs_standing: bool = False  # a turned Pamphile is paid only if the dealer plays
    when_broke: WhenBroke = WhenBroke.DEBT  # a player below zero, or a dealer short of the stake: play on, or stop
    purse: int = PURSE  # each player's chips at the start of a game (seed 002: "can be adapted")

    def __post_init__(self) -> None:
        if self.players not in DECKS:
            raise InputError(f"La Mouche is for 3 to 6 players, not {self.players}")
        try:
            object.__setattr__(self, "entry", MoucheEntry(self.entry))
        except ValueError:
            raise InputError(f"unknown mouche entry {self.entry!r} (all, largest-first, cap)") from None
        try:
            object.__setattr__(self, "when_broke", WhenBroke(self.when_broke))
        except ValueError:
            raise InputError(f"unknown when-broke rule {self.when_broke!r} (debt, stop)") from None
        if not DEALER_STAKE <= self.purse <= MAX_PURSE:
            raise InputError(f"the purse must be {DEALER_STAKE} to {MAX_PURSE} chips, not {self.purse}")
        if self.cap <= 0 or self.cap % 5:
            raise InputError(f"the mouche cap must be a positive multiple of 5, not {self.cap}")

    @property
    def deck_size(self) -> int:
        return DECKS[self.players]


class Action(NamedTuple):
    """A declaration (``fold``, ``stand``, ``discard`` cards), the dealer's
    choice of trumps after turning the Pamphile (``trump`` with its ``suit``),
    or a card played (``play``).

    Written ``fold``, ``stand``, ``discard 7H 2C``, ``trump H``, ``KH``.

    >>> Action.parse("discard 7h 2c")
    Action(kind='discard', cards=(Card('2C'), Card('7H')), suit=None)
    >>> str(Action.parse("KH")), str(Action.parse("trump s"))
    ('KH', 'trump S')
    """

    kind: str
    cards: tuple[Card, ...] = ()
    suit: Suit | None = None

    def __str__(self) -> str:
        if self.kind == "play":
            return str(self.cards[0])
        if self.kind == "discard":
            return "discard " + " ".join(map(str, self.cards))
        if self.kind == "trump" and self.suit is not None:
            return f"trump {self.suit.letter}"
        return self.kind

    @classmethod
    def parse(cls, text: str) -> Action:
        words = text.split()
        if not words:
            raise ParseError("empty action (expected fold, stand, discard CARDS, trump SUIT or a card)")
        head = words[0].lower()
        if head in ("fold", "stand") and len(words) == 1:
            return cls(head)
        if head == "discard":
            if len(words) == 1:
                raise ParseError(f"action {text!r}: name the cards discarded")
            return cls("discard", tuple(sorted(parse_cards(words[1:]))))
        if head == "trump" and len(words) == 2:
            return cls("trump", (), Suit.parse(words[1]))
        if len(words) == 1:
            return cls("play", (Card.parse(words[0]),))
        raise ParseError(f"unknown action {text!r} (expected fold, stand, discard CARDS, trump SUIT or a card)")


@dataclass(frozen=True)
class MoucheHand:
    """One hand of La Mouche. ``chips`` are the players', ``pool`` the mouche in
    play, ``carry`` the mouches already paid for the next hand, ``pending``
    (option largest-first) the mouches waiting their turn: chips + pool +
    carry + pending never change in total."""

    options: MoucheOptions
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    turned: Card
    trump: Suit | None  # None while the dealer chooses (a turned Pamphile)
    stock: tuple[Card, ...]
    chips: tuple[int, ...]
    pool: int
    carry: int = 0
    pending: tuple[int, ...] = ()
    phase: str = "declare"  # trump, declare, play, over
    to_move: int = -1
    declared: tuple[str | None, ...] = ()  # fold / stand / discard, per seat
    as_dealt: tuple[bool, ...] = ()  # still holds the five cards dealt
    discarded: tuple[tuple[Card, ...], ...] = ()  # the cards each player gave up (known to them alone)
    discard_sizes: tuple[int, ...] = ()  # how many cards each player gave up (known to all, the cards or not)
    trick: tuple[tuple[int, Card], ...] = ()
    tricks: tuple[int, ...] = ()
    plays: tuple[tuple[int, Card], ...] = ()  # (seat, card) of the finished tricks, in order
    mouche_holder: int = -1
    # Le Pamphile: who was paid for holding it when the declarations ended
    # (-1 nobody), which every player saw; None before then, or not known.
    pamphile_paid: int | None = None
    makers: tuple[int, ...] = ()  # who made the mouche this hand
    events: tuple[Event, ...] = ()

    # ---- construction -----------------------------------------------------------

    @classmethod
    def deal(
        cls,
        dealer: int,
        deck,
        options: MoucheOptions | None = None,
        chips=None,
        carry: int = 0,
        pending: tuple[int, ...] = (),
    ) -> MoucheHand:
        """The dealer stakes 5 chips; the mouches made last hand come into play;
        5 cards each (3 then 2, going right from the first to play); the next
        card is turned for trumps."""
        options = options or MoucheOptions()
        n = options.players
        deck = list(deck)
        if sorted(deck) != sorted(make_deck(options.deck_size)):
            raise InputError(f"a {n}-player Mouche deck is the {options.deck_size}-card pack, each card once")
        if not 0 <= dealer < n:
            raise InputError(f"dealer {dealer} is not a seat (0 to {n - 1})")
        chips = list(chips if chips is not None else (PURSE,) * n)
        chips[dealer] -= DEALER_STAKE
        pool = DEALER_STAKE
        pending = tuple(sorted(pending, reverse=True))
        if options.entry is MoucheEntry.LARGEST_FIRST:
            if pending:
                pool += pending[0]
                pending = pending[1:]
        else:
            pool += carry
            carry = 0
        hands: list[list[Card]] = [[] for _ in range(n)]
        it = iter(deck)
        for batch in (3, 2):
            for k in range(1, n + 1):
                hands[(dealer + k) % n].extend(next(it) for _ in range(batch))
        turned = next(it)
        stock = tuple(it)
        pamphile_turned = options.pamphile and turned == PAMPHILE
        return cls(
            options=options,
            dealer=dealer,
            hands=tuple(tuple(sorted(h)) for h in hands),
            turned=turned,
            trump=None if pamphile_turned else turned.suit,
            stock=stock,
            chips=tuple(chips),
            pool=pool,
            carry=carry,
            pending=pending,
            phase="trump" if pamphile_turned else "declare",
            to_move=dealer if pamphile_turned else (dealer + 1) % n,
            declared=(None,) * n,
            as_dealt=(True,) * n,
            discarded=((),) * n,
            discard_sizes=(0,) * n,
            tricks=(0,) * n,
        )

    # ---- the game-state API ------------------------------------------------------

    @property
    def players(self) -> int:
        return self.options.players

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.to_move

    def returns(self) -> tuple[int, ...]:
        return self.chips

    def with_hand(self, seat: int, hand) -> MoucheHand:
        """The same state with ``seat`` holding ``hand`` (for searches over
        what a hidden hand might be)."""
        hands = list(self.hands)
        hands[seat] = tuple(sorted(hand))
        return dataclasses.replace(self, hands=tuple(hands))

    def total_chips(self) -> int:
        return sum(self.chips) + self.pool + self.carry + sum(self.pending)

    def chance_outcomes(self) -> list[tuple[MoucheHand, int]]:
        """The cards drawn after a discard are not modelled as chance: ``[(self, 1)]``."""
        return [(self, 1)]

    def resample(self, player: int, rng: random.Random) -> MoucheHand:
        """The other hands (and the stock) dealt again from the cards
        ``player`` has not seen, so that every card each player has played
        was legal and nobody who stood on the cards dealt held a mouche
        (:func:`butterfly.games.mouche.hidden.consistent_worlds`)."""
        return hidden.resample(self, player, rng)

    def cards(self) -> list[Card]:
        """Hands, the turned card, the stock, the discards and the cards played."""
        discarded = [card for cards in self.discarded for card in cards]
        return (
            [card for hand in self.hands for card in hand]
            + [self.turned]
            + list(self.stock)
            + discarded
            + [card for _, card in self.plays + self.trick]
        )

    def card_count(self) -> int:
        return len(self.cards())

    @property
    def played(self) -> tuple[Card, ...]:
        """Cards of the finished tricks."""
        return tuple(c for _, c in self.plays)

    def history(self) -> list[tuple[int, tuple, Card]]:
        """Every card played: (seat, the trick before it, card)."""
        out = []
        cards = self.plays + self.trick
        size = len(self.in_hand())
        for i, (seat, card) in enumerate(cards):
            start = i - i % size
            out.append((seat, cards[start:i], card))
        return out

    def in_hand(self) -> list[int]:
        """Seats taking part in the play, in order from the first to play."""
        n = self.players
        return [(self.dealer + k) % n for k in range(1, n + 1) if self.declared[(self.dealer + k) % n] != "fold"]

    def legal_moves(self) -> list[Action]:
        if self.phase == "trump":
            return [Action("trump", (), suit) for suit in Suit]
        if self.phase == "declare":
            hand = self.hands[self.to_move]
            moves = [Action("fold"), Action("stand")]
            for k in range(1, min(HAND_SIZE, len(self.stock)) + 1):
                moves.extend(Action("discard", cards) for cards in combinations(hand, k))
            return moves
        if self.phase == "play":
            return [Action("play", (c,)) for c in self.playable()]
        return []

    def check_move(self, action: Action) -> str | None:
        """Why ``action`` is illegal here, or None when it is legal."""
        if self.is_terminal():
            return "the hand is over"
        p = self.to_move
        if self.phase == "trump":
            if action.kind != "trump":
                return "the dealer must first choose trumps (the Pamphile was turned)"
            return None
        if self.phase == "declare":
            if action.kind == "discard":
                if not action.cards or not all(c in self.hands[p] for c in action.cards):
                    return f"player {p} does not hold those cards"
                if len(set(action.cards)) != len(action.cards):
                    return "a card is named twice"
                if len(action.cards) > len(self.stock):
                    return f"the stock holds only {len(self.stock)} cards"
                return None
            if action.kind not in ("fold", "stand"):
                return f"player {p} must declare (fold, stand or discard)"
            return None
        if action.kind != "play":
            return "the cards are being played; play a card"
        card = action.cards[0]
        if card not in self.hands[p]:
            return f"player {p} does not hold {card}"
        if card not in self.playable():
            return self.why_not(card)
        return None

    def play(self, action: Action) -> MoucheHand:
        """The state after ``action``; raise IllegalMoveError if it is illegal."""
        return play_checked(self, action)

    # ---- cards ---------------------------------------------------------------------

    def is_pamphile(self, card: Card) -> bool:
        return self.options.pamphile and card == PAMPHILE

    @property
    def trumps(self) -> Suit:
        """The trump suit, once chosen (a turned Pamphile leaves it to the dealer)."""
        if self.trump is None:
            raise ValueError("the dealer has not chosen trumps yet")
        return self.trump

    def suit_of(self, card: Card) -> Suit:
        """The suit a card counts as in play: the Pamphile is a trump."""
        return self.trumps if self.is_pamphile(card) else card.suit

    def strength(self, card: Card, led: Suit) -> int:
        """Higher wins the trick: trumps over the suit led over the rest."""
        if self.is_pamphile(card):
            return 300
        suit = self.suit_of(card)
        if suit == self.trump:
            return 200 + POWER[card.rank]
        if suit == led:
            return 100 + POWER[card.rank]
        return 0

    def trick_winner(self, trick) -> int:
        led = self.suit_of(trick[0][1])
        return max(trick, key=lambda pc: self.strength(pc[1], led))[0]

    def playable(self) -> list[Card]:
        """The cards the player to move may play (see docs/rules/mouche.md):
        follow suit; else trump; beat the best card so far when able within
        those two rules; no need to trump when already outtrumped."""
        hand = self.hands[self.to_move]
        if not self.trick:
            return list(hand)
        led = self.suit_of(self.trick[0][1])
        best = max(self.strength(c, led) for _, c in self.trick)
        follow = [c for c in hand if self.suit_of(c) == led]
        if follow:
            beating = [c for c in follow if self.strength(c, led) > best]
            return beating or follow
        trumps = [c for c in hand if self.suit_of(c) == self.trump]
        if not trumps:
            return list(hand)
        beating = [c for c in trumps if self.strength(c, led) > best]
        if beating:
            return beating
        if best >= 200:  # already trumped higher than any trump held: free
            return list(hand)
        return trumps

    def why_not(self, card: Card) -> str:
        hand = self.hands[self.to_move]
        led = self.suit_of(self.trick[0][1])
        if self.suit_of(card) != led and any(self.suit_of(c) == led for c in hand):
            return f"{card} does not follow the suit led ({led.letter}) and the player holds it"
        if (
            self.suit_of(card) != self.trump
            and self.suit_of(card) != led
            and any(self.suit_of(c) == self.trump for c in hand)
        ):
            return f"{card}: void in the suit led, the player must trump"
        return f"{card} does not beat the best card played, and the player holds one that does"

    # ---- the rules -------------------------------------------------------------------

    def _but(self, **changes) -> MoucheHand:
        """A copy with ``changes``: dataclasses.replace without running
        ``__init__`` again, which dominated the cost of a move (the searches
        and the declaration advice copy states a great many times)."""
        copy = object.__new__(MoucheHand)
        copy.__dict__.update(self.__dict__)
        copy.__dict__.update(changes)
        return copy

    def play_unchecked(self, action: Action) -> MoucheHand:
        """The state after ``action``, which must be legal (from
        :meth:`legal_moves`, or passed by :meth:`check_move`): nothing is
        checked. The searches use it for speed."""
        if self.phase == "trump":
            return self._but(
                trump=action.suit,
                phase="declare",
                to_move=(self.dealer + 1) % self.players,
                events=(Event("trump", self.dealer, 0, ()),),
            )
        if self.phase == "declare":
            return self._declare(action)
        return self._play_card(action.cards[0])

    def _declare(self, action: Action) -> MoucheHand:
        p = self.to_move
        n = self.players
        hands = list(self.hands)
        stock = self.stock
        as_dealt = list(self.as_dealt)
        declared = list(self.declared)
        discarded = list(self.discarded or ((),) * n)
        sizes = list(self.discard_sizes or (0,) * n)
        events = [Event(action.kind, p, 0, ())]
        if action.kind == "discard":
            k = len(action.cards)
            kept = [c for c in hands[p] if c not in action.cards]
            hands[p] = tuple(sorted(kept + list(stock[:k])))
            stock = stock[k:]
            as_dealt[p] = False
            discarded[p] = tuple(action.cards)
            sizes[p] = k
            events = [Event("discard", p, k, ())]
        declared[p] = action.kind
        state = self._but(
            hands=tuple(hands),
            stock=stock,
            as_dealt=tuple(as_dealt),
            declared=tuple(declared),
            discarded=tuple(discarded),
            discard_sizes=tuple(sizes),
        )
        if p == self.dealer or all(declared[(self.dealer + k) % n] == "fold" for k in range(1, n)):
            return state._after_declarations(events)
        return state._but(to_move=(p + 1) % n, events=tuple(events))

    def mouche_suit(self, player: int) -> Suit | None:
        """The suit of ``player``'s mouche: five cards of one suit as dealt, stood on."""
        if self.declared[player] != "stand" or not self.as_dealt[player]:
            return None
        wild = self.options.pamphile and self.options.pamphile_any_suit
        suits = {c.suit for c in self.hands[player] if not (wild and c == PAMPHILE)}
        return suits.pop() if len(suits) == 1 else None

    def _mouche_claimant(self) -> int:
        n = self.players
        best, best_key = -1, None
        for k in range(1, n + 1):  # from the dealer's right: earlier seats win ties
            seat = (self.dealer + k) % n
            suit = self.mouche_suit(seat)
            if suit is None:
                continue
            key = (suit == self.trump, sum(points(c) for c in self.hands[seat]))
            if best_key is None or key > best_key:
                best, best_key = seat, key
        return best

    def _after_declarations(self, events: list[Event]) -> MoucheHand:
        n = self.players
        chips = list(self.chips)
        events = list(events)
        state = self
        # The Pamphile: its holder, if still in the hand, is paid 1 chip by each other player.
        if self.options.pamphile:
            holder = next((p for p in range(n) if PAMPHILE in self.hands[p]), -1)
            if self.turned == PAMPHILE:
                holder = self.dealer
                if self.options.turned_pamphile_needs_standing and self.declared[holder] == "fold":
                    holder = -1
            elif holder >= 0 and self.declared[holder] == "fold":
                holder = -1
            if holder >= 0:
                collect_each(chips, holder, 1)
                events.append(Event("pamphile", holder, 1, (PAMPHILE,)))
            state = state._but(pamphile_paid=holder)
        state = state._but(chips=tuple(chips))
        if all(self.declared[(self.dealer + k) % n] == "fold" for k in range(1, n)):
            events.append(Event("dealer-alone", self.dealer, self.pool))
            return state._finish(takers={self.dealer: self.pool}, makers=(), events=events)
        claimant = state._mouche_claimant()
        if claimant >= 0:
            # With mouches put in one at a time, the holder takes the pending ones too (1730).
            with_pending = self.options.entry is MoucheEntry.LARGEST_FIRST
            pool = self.pool + (sum(self.pending) if with_pending else 0)
            events.append(Event("has-mouche", claimant, pool, self.hands[claimant]))
            makers = tuple(p for p in state.in_hand() if p != claimant)
            return state._but(mouche_holder=claimant)._finish(
                takers={claimant: pool}, makers=makers, events=events, pending_taken=with_pending
            )
        leader = state.in_hand()[0]
        return state._but(phase="play", to_move=leader, events=tuple(events))

    def _play_card(self, card: Card) -> MoucheHand:
        p = self.to_move
        hands = list(self.hands)
        hands[p] = tuple(c for c in hands[p] if c != card)
        trick = self.trick + ((p, card),)
        seats = self.in_hand()
        if len(trick) < len(seats):
            nxt = seats[(seats.index(p) + 1) % len(seats)]
            return self._but(hands=tuple(hands), trick=trick, to_move=nxt, events=())
        winner = self.trick_winner(trick)
        tricks = list(self.tricks)
        tricks[winner] += 1
        events = [Event("trick", winner, 0, tuple(c for _, c in trick))]
        state = self._but(hands=tuple(hands), trick=(), tricks=tuple(tricks), plays=self.plays + trick, to_move=winner)
        if any(hands[s] for s in seats):
            return state._but(events=tuple(events))
        fifth = self.pool // HAND_SIZE
        takers = {s: fifth * tricks[s] for s in seats if tricks[s]}
        makers = tuple(s for s in seats if not tricks[s])
        return state._finish(takers=takers, makers=makers, events=events)

    def _finish(
        self, takers: dict[int, int], makers: tuple[int, ...], events: list[Event], pending_taken: bool = False
    ) -> MoucheHand:
        """Share out the pool, and make the makers pay their mouche for the next hand."""
        chips = list(self.chips)
        pool = self.pool + (sum(self.pending) if pending_taken else 0)
        for seat, amount in takers.items():
            chips[seat] += amount
            pool -= amount
            if amount and self.phase == "play":
                events.append(Event("tricks", seat, amount))
        owed = self.pool if self.options.entry is not MoucheEntry.CAP else min(self.pool, self.options.cap)
        carry = self.carry
        pending = () if pending_taken else self.pending
        for seat in makers:
            chips[seat] -= owed
            events.append(Event("makes-mouche", seat, owed))
            if self.options.entry is MoucheEntry.LARGEST_FIRST:
                pending = pending + (owed,)
            else:
                carry += owed
        return self._but(
            chips=tuple(chips),
            pool=pool,
            carry=carry,
            pending=pending,
            phase="over",
            to_move=-1,
            makers=makers,
            events=tuple(events),
        )


__all__ = [
    "Action",
    "Event",
    "MoucheEntry",
    "MoucheHand",
    "MoucheOptions",
    "PAMPHILE",
    "POWER",
    "points",
    "shuffled_deck",
]


def sample_start(seed: int) -> MoucheHand:
    """A hand dealt by ``seed``, its players, options, pool carried and
    pending mouches varied with it (the game registry's start states:
    butterfly.games.registry)."""
    entry = list(MoucheEntry)[seed % 3]
    options = MoucheOptions(players=3 + seed % 4, pamphile=seed % 2 == 0, entry=entry, cap=10)
    deck = shuffled_deck(seed, options.deck_size)
    pending = (5,) * (seed % 2) if entry is MoucheEntry.LARGEST_FIRST else ()  # (mouches wait only there)
    return MoucheHand.deal(seed % options.players, deck, options, carry=10 * (seed % 2), pending=pending)
