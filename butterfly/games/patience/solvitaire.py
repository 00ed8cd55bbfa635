"""Solvitaire's JSON deal format, for the games both programs have:
Beleaguered Castle and Streets and Alleys (Solvitaire's ``--type
beleaguered-castle`` and ``--type streets-and-alleys``).

A Solvitaire deal is an object whose ``"tableau piles"`` lists each pile from
its bottom card to its top (the card that moves), and whose optional
``"foundations"`` lists the cards home, each suit from its ace up. Cards are
written ``AS``, ``2S`` ... ``10S``, ``JS``, ``QS``, ``KS`` (Solvitaire also
reads ranks as numbers 1-13, and any case). Without ``"foundations"``,
Solvitaire starts Beleaguered Castle with the four aces home and Streets and
Alleys with none (docs/formats.md, "Solvitaire's JSON"). Our rows are its
piles in order (L1-L4, then R1-R4) and innermost card first, so nothing is
reordered.

>>> from butterfly.games.patience.rules import Position, make_rules
>>> from butterfly.games.position_json import load_json
>>> position = Position.deal(7, make_rules("beleaguered-castle"))
>>> read_solvitaire(load_json(format_solvitaire(position), "deal")) == position
True
"""

from __future__ import annotations

from butterfly.games.cards import Card, Rank, Suit
from butterfly.games.errors import InputError, ParseError, shown
from butterfly.games.patience.rules import PRESETS, Position, Rules

#: Our presets Solvitaire has under the same name and rules.
SOLVITAIRE_GAMES = ("beleaguered-castle", "streets-and-alleys")
#: The fields Solvitaire's deal schema allows; only these two are ours.
TABLEAU, FOUNDATIONS = "tableau piles", "foundations"
_OTHER_FIELDS = ("sequences", "hole", "stock", "waste", "reserve", "accordion", "cells")
_RANK_WORDS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def is_solvitaire(data) -> bool:
    """Is this parsed JSON a Solvitaire deal (rather than our own JSON form)?"""
    return isinstance(data, dict) and TABLEAU in data


def check_rules(rules: Rules) -> Rules:
    """``rules``, when Solvitaire has exactly that game; else one line saying why not."""
    game = rules.name.split("/")[0]
    if game not in SOLVITAIRE_GAMES or rules != PRESETS[game]:
        raise InputError(
            f"Solvitaire's format holds {' and '.join(SOLVITAIRE_GAMES)} under their own rules "
            f"(no --variant, no --basement), not {rules.name}"
        )
    return rules


def card_text(card: Card) -> str:
    """``card`` as Solvitaire writes it: ``10H``, ``AS``, ``QD``."""
    rank = "10" if card.rank == Rank.TEN else card.rank.letter
    return rank + card.suit.letter


def _card(value, where: str) -> Card:
    if not isinstance(value, str):
        raise ParseError(f'{where}: expected a card like "10H" or "AS", not {shown(repr(value))}')
    text = value.strip().upper()
    rank, suit = text[:-1], text[-1:]
    if rank.isascii() and rank.isdigit() and len(rank) <= 2 and 1 <= int(rank) <= 13 and suit in "CDHS" and suit:
        return Card(int(rank), Suit.parse(suit))
    if rank in _RANK_WORDS and suit and suit in "CDHS":
        return Card(_RANK_WORDS[rank], Suit.parse(suit))
    raise ParseError(f"{where}: unknown card {shown(value)} (Solvitaire writes 10H, AS, JD, QC, KS or 1S-13S)")


def _card_list(value, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise ParseError(f'{where}: expected a list of cards like ["10H", "AS"]')
    return [_card(item, f"{where}[{index}]") for index, item in enumerate(value)]


def read_solvitaire(data) -> Position:
    """The position of a parsed Solvitaire deal, validated (every card once).

    The file does not name its game; its start says which: Beleaguered
    Castle when it gives no foundations and its piles lack the four aces
    (Solvitaire puts them home), else Streets and Alleys. The two games have
    the same rules of play and differ only in their deal (``--game`` renames
    the rules of a file read by the CLI)."""
    if not is_solvitaire(data):
        raise ParseError(f"a Solvitaire deal must be an object with {TABLEAU!r}")
    unknown = sorted(set(data) - {TABLEAU, FOUNDATIONS})
    if unknown:
        known = [field for field in unknown if field in _OTHER_FIELDS]
        reason = (
            "Beleaguered Castle and Streets and Alleys have no" if known else "unknown field(s) in a Solvitaire deal:"
        )
        raise ParseError(f"{reason} {', '.join(map(repr, unknown))}")
    piles_data = data[TABLEAU]
    if not isinstance(piles_data, list):
        raise ParseError(f"{TABLEAU!r} must be a list of piles, each a list of cards")
    piles = [_card_list(pile, f"{TABLEAU}[{index}]") for index, pile in enumerate(piles_data)]
    home = _card_list(data[FOUNDATIONS], FOUNDATIONS) if FOUNDATIONS in data else None
    tops = _foundations(home) if home is not None else None
    _check_once(piles, home)
    aces = any(card.rank == Rank.ACE for pile in piles for card in pile)
    rules = PRESETS["beleaguered-castle" if home is None and not aces else "streets-and-alleys"]
    if len(piles) != len(rules.row_sizes):
        raise ParseError(f"{rules.name} has {len(rules.row_sizes)} tableau piles, the file has {len(piles)}")
    if tops is None:
        tops = (1, 1, 1, 1) if rules.aces_on_foundations else (0, 0, 0, 0)
    return Position(rules, tuple(map(tuple, piles)), tops).validate()


def _check_once(piles: list[list[Card]], home: list[Card] | None) -> None:
    """No card twice, named in the file's own terms (the rows' names come later)."""
    seen: dict[Card, str] = {}
    places = [(f"{TABLEAU}[{index}]", pile) for index, pile in enumerate(piles)] + [(FOUNDATIONS, home or [])]
    for where, cards in places:
        for card in cards:
            if card in seen:
                raise ParseError(f"card {card_text(card)} is twice: in {seen[card]} and {where}")
            seen[card] = where


def _foundations(home: list[Card]) -> tuple[int, ...]:
    """The top rank of each suit's foundation, its cards listed from the ace up."""
    tops = [0, 0, 0, 0]
    for card in home:
        if card.rank != tops[card.suit] + 1:
            expected = Card(tops[card.suit] + 1, card.suit) if tops[card.suit] < 13 else None
            raise ParseError(
                f"{FOUNDATIONS}: each suit goes home from its ace up; {card_text(card)} comes where "
                + (f"{card_text(expected)} should" if expected is not None else "the king is already home")
            )
        tops[card.suit] = card.rank
    return tuple(tops)


def format_solvitaire(position: Position) -> str:
    """``position`` as a Solvitaire deal: one pile a line, and the foundations
    only when they are not the game's start (as Solvitaire's own files)."""
    rules = check_rules(position.rules)
    if position.cells:
        raise InputError("Solvitaire's format has no free cells")
    lines = ["{", f'  "{TABLEAU}": [']
    piles = [", ".join(f'"{card_text(card)}"' for card in row) for row in position.rows]
    lines += [f"    [{pile}]" + ("," if index < len(piles) - 1 else "") for index, pile in enumerate(piles)]
    start = (1, 1, 1, 1) if rules.aces_on_foundations else (0, 0, 0, 0)
    if position.foundations != start:
        home = [Card(rank, suit) for suit, top in zip(Suit, position.foundations) for rank in range(1, top + 1)]
        lines += ["  ],", f'  "{FOUNDATIONS}": [' + ", ".join(f'"{card_text(card)}"' for card in home) + "]"]
    else:
        lines.append("  ]")
    return "\n".join(lines + ["}"]) + "\n"
