"""Deal numbers: deal N is a fixed permutation of a deck, the same everywhere.

The generator is the project's own and is frozen: changing it would renumber
every published deal. It is SplitMix64 (Steele, Lea & Flood 2014) seeded with
N, drawing unbiased bounded integers by rejection, feeding a Fisher–Yates
shuffle from the last position down. docs/formats.md states it step by step
with test vectors.

>>> [str(c) for c in shuffled_deck(0)[:5]]
['8S', 'JH', '9C', '2S', '2D']
"""

from __future__ import annotations

from butterfly.games.cards import Card, make_deck
from butterfly.games.errors import InputError, ParseError, shown

MASK64 = (1 << 64) - 1
MAX_DEAL = (1 << 63) - 1


class SplitMix64:
    """SplitMix64: 64-bit state, one addition and a mixing function per output."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)``: outputs under ``2**64 % bound`` are
        rejected so that every residue is equally likely."""
        threshold = (1 << 64) % bound
        while True:
            r = self.next_u64()
            if r >= threshold:
                return r % bound


def check_deal_number(number: int) -> int:
    if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= MAX_DEAL:
        raise InputError(f"deal number {number!r} is out of range (0 to 2^63-1)")
    return number


def shuffled_deck(number: int, size: int = 52) -> list[Card]:
    """Deal ``number``: the ``size``-card deck (in :func:`make_deck` order) shuffled."""
    check_deal_number(number)
    cards = make_deck(size)
    rng = SplitMix64(number)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def _digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits alone: no space, sign, ``_`` or other
    scripts' digits, all of which Python's ``int`` would take."""
    return bool(text) and text.isascii() and text.isdigit()


def parse_whole_number(text: str, what: str, maximum: int, minimum: int = 0) -> int:
    """The one parser of whole numbers typed by a user (deal numbers, ranges,
    counts and limits): ASCII digits only (no space, no sign, no ``_``, no
    other scripts' digits), from ``minimum`` to ``maximum``; a ParseError
    naming ``what`` otherwise.

    >>> parse_whole_number("42", "count", 100)
    42
    >>> parse_whole_number("1_0", "count", 100)
    Traceback (most recent call last):
    butterfly.games.errors.ParseError: count '1_0' is not a whole number (ASCII digits 0-9 only)
    >>> parse_whole_number(" 42", "count", 100)
    Traceback (most recent call last):
    butterfly.games.errors.ParseError: count ' 42' is not a whole number (ASCII digits 0-9 only)
    """
    if not _digits(text):
        raise ParseError(f"{what} {shown(text)} is not a whole number (ASCII digits 0-9 only)")
    if len(text.lstrip("0")) > len(str(maximum)):
        raise ParseError(f"{what} {shown(text)} is too large (at most {maximum})")
    number = int(text)
    if not minimum <= number <= maximum:
        raise ParseError(f"{what} {number} is out of range ({minimum} to {maximum})")
    return number


def parse_deal_number(text: str) -> int:
    """Parse a deal number from user text (ASCII digits only, as
    :func:`parse_whole_number`); raise ParseError naming it when bad.

    >>> parse_deal_number("7")
    7
    >>> parse_deal_number(" 7")
    Traceback (most recent call last):
    butterfly.games.errors.ParseError: ' 7' is not a deal number (ASCII digits 0-9 only, 0 to 2^63-1)
    """
    if not _digits(text) or len(text.lstrip("0")) > len(str(MAX_DEAL)):
        raise ParseError(f"{shown(text)} is not a deal number (ASCII digits 0-9 only, 0 to 2^63-1)")
    return check_deal_number(int(text))
