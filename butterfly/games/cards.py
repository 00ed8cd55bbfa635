"""Cards, ranks, suits and the decks every game uses.

A :class:`Card` is an ``int`` from 0 to 51 (``suit * 13 + rank - 1``), so it is
small, immutable, hashable and fast in the searches, and it prints and parses
as two characters:

>>> Card.parse("7H"), Card.parse("10s"), Card.parse("TS")
(Card('7H'), Card('TS'), Card('TS'))
>>> str(Card.parse("qd")), Card.parse("QD").unicode()
('QD', 'Q♦')
>>> Card(Rank.ACE, Suit.SPADES).index
39
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from butterfly.games.errors import InputError, ParseError, shown


class Suit(enum.IntEnum):
    """The four suits, in bridge order (clubs lowest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter (``C D H S``, any case) or symbol (``♣♦♥♠``)."""
        t = text.strip().upper()
        for suit in cls:
            if t in (suit.letter, suit.symbol, suit.symbol_outline):
                return suit
        raise ParseError(f"unknown suit {shown(text)} (expected one of C D H S)")

    @property
    def symbol_outline(self) -> str:
        return "♧♢♡♤"[self]


class Rank(enum.IntEnum):
    """Ranks from ace (1) to king (13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        return "A23456789TJQK"[self - 1]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse ``A 2..9 T 10 J Q K`` (any case)."""
        t = text.strip().upper()
        if t == "10":
            return cls.TEN
        if len(t) == 1 and t in "A23456789TJQK":
            return cls("A23456789TJQK".index(t) + 1)
        raise ParseError(f"unknown rank {shown(text)} (expected A, 2-9, T or 10, J, Q, K)")


_CARDS: list[Card] = []
# Enum lookups by value are slow; cards ask for their rank and suit a lot.
_RANKS = tuple(Rank(r) for r in range(1, 14))
_SUITS = tuple(Suit)


class Card(int):
    """A playing card; the int value is ``suit * 13 + rank - 1``.

    ``Card(rank, suit)`` builds one, ``Card.from_index(i)`` looks one up.
    Instances are interned: there are exactly 52.
    """

    __slots__ = ()

    def __new__(cls, rank: int, suit: int) -> Card:
        if not 1 <= rank <= 13 or not 0 <= suit <= 3:
            raise ValueError(f"no card of rank {rank} and suit {suit}")
        if _CARDS:
            return _CARDS[suit * 13 + rank - 1]
        return super().__new__(cls, suit * 13 + rank - 1)

    @staticmethod
    def from_index(index: int) -> Card:
        return _CARDS[index]

    @property
    def index(self) -> int:
        return int(self)

    @property
    def rank(self) -> Rank:
        return _RANKS[self % 13]

    @property
    def suit(self) -> Suit:
        return _SUITS[self // 13]

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``7H``, ``TS``/``10S``, ``QD``, ``A♠`` (any case)."""
        t = text.strip()
        if len(t) < 2 or len(t) > 3 or any(ch.isspace() for ch in t):
            raise ParseError(f"unknown card {shown(text)} (expected rank then suit, e.g. 7H, TS, 10S, QD)")
        try:
            return cls(Rank.parse(t[:-1]), Suit.parse(t[-1]))
        except ParseError:
            raise ParseError(f"unknown card {shown(text)} (expected rank then suit, e.g. 7H, TS, 10S, QD)") from None

    def __str__(self) -> str:
        return _NAMES[self]

    def unicode(self) -> str:
        """Display form with a suit symbol and ``10`` spelled out: ``10♥``."""
        rank = "10" if self.rank == Rank.TEN else self.rank.letter
        return rank + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self):
        return (Card.from_index, (int(self),))


_CARDS.extend(int.__new__(Card, i) for i in range(52))
# Cards are written a great deal (every move of every line in JSON): each name made once.
_NAMES = tuple(_RANKS[i % 13].letter + _SUITS[i // 13].letter for i in range(52))

#: Ranks left out of the full pack for each reduced deck the games use.
_DECK_RANKS: dict[int, tuple[int, ...]] = {
    52: tuple(range(1, 14)),
    48: (1, *range(3, 14)),  # La Mouche, 5 players: 52 without the 2s
    36: (1, *range(6, 14)),  # La Mouche, 4 players: 32-card pack plus the 6s
    28: (1, *range(8, 14)),  # La Mouche, 3 players: 32-card pack without the 7s
}

DECK_SIZES = tuple(sorted(_DECK_RANKS))


def make_deck(size: int = 52) -> list[Card]:
    """The deck of ``size`` cards (52, 48, 36 or 28) in order: suit by suit, rank up.

    >>> [str(c) for c in make_deck(28)[:7]]
    ['AC', '8C', '9C', 'TC', 'JC', 'QC', 'KC']
    """
    if size not in _DECK_RANKS:
        raise InputError(f"no deck of {size} cards (sizes: {', '.join(map(str, DECK_SIZES))})")
    return [Card(rank, suit) for suit in Suit for rank in _DECK_RANKS[size]]


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards separated by spaces or commas: ``"7H TS 10S"``."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(item) for item in items]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)
