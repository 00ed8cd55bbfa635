"""The Butterfly family of patiences: rules, positions and moves.

One parameterised engine plays Butterfly and its siblings (Fortress,
Beleaguered Castle, Streets and Alleys). A :class:`Position` is immutable;
:meth:`Position.legal_moves` lists the moves in a fixed, documented order
(the solvers and the compiled kernel search in exactly this order, which is
what lets the tests compare them node for node).

Rows are named by wing: ``L1..Lk`` on the left, ``R1..Rm`` on the right. A row
is a tuple of cards from the innermost (next to the body) to the outer card,
which is the only one that moves.

>>> pos = Position.deal(1)
>>> pos.rules.name, len(pos.rows), [len(r) for r in pos.rows]
('butterfly', 10, [5, 5, 4, 5, 5, 5, 5, 4, 5, 5])
>>> move = pos.legal_moves()[0]
>>> Move.parse(str(move)) == move
True
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from butterfly.games.cards import Card, Rank, Suit, make_deck
from butterfly.games.deals import shuffled_deck
from butterfly.games.errors import IllegalMoveError, InputError, ParseError
from butterfly.games.state import TERMINAL, play_checked


class Build(str, enum.Enum):
    """Which ranks a card may be placed on in the rows."""

    DOWN = "down"  # one rank lower than the outer card
    UP_OR_DOWN = "up-or-down"  # one rank higher or lower


class SuitRule(str, enum.Enum):
    """Which suits a card may be placed on in the rows."""

    ANY = "any"
    ALTERNATE_COLOURS = "alternate-colours"
    SAME_SUIT = "same-suit"


class EmptyRows(str, enum.Enum):
    """What becomes of a row once its last card has left."""

    LOST = "lost"  # gone: nothing may be placed there again
    ANY_CARD = "any-card"  # any card may start it again


@dataclass(frozen=True)
class Rules:
    """Everything that tells one patience of the family from another."""

    name: str
    row_sizes: tuple[int, ...]
    aces_on_foundations: bool
    build: Build
    suits: SuitRule
    empty_rows: EmptyRows
    cells: int
    #: One-way cells (Butterfly's basement) take cards from the rows and give
    #: them only to the foundations; free cells also give them back to rows.
    cells_one_way: bool
    #: The innermost card of a row may only leave it for a foundation.
    last_card_to_foundation_only: bool

    @functools.cached_property  # the searches ask for it at every move
    def row_names(self) -> tuple[str, ...]:
        left = (len(self.row_sizes) + 1) // 2
        return tuple(f"L{i + 1}" if i < left else f"R{i - left + 1}" for i in range(len(self.row_sizes)))

    def row_index(self, name: str) -> int:
        try:
            return self.row_names.index(name.upper())
        except ValueError:
            raise InputError(
                f"no row {name!r} in {self.name} (rows {self.row_names[0]}..{self.row_names[-1]})"
            ) from None

    def can_build(self, card: Card, onto: Card) -> bool:
        """May ``card`` be placed on the outer card ``onto`` of a row?"""
        step = card % 13 - onto % 13
        if step != -1 and (self.build is Build.DOWN or step != 1):
            return False
        if self.suits is SuitRule.ANY:
            return True
        if self.suits is SuitRule.SAME_SUIT:
            return card // 13 == onto // 13
        return card.is_red != onto.is_red

    def describe(self) -> str:
        """A one-line summary, e.g. for the top of a solve report."""
        parts = [self.name, f"build {self.build.value}", f"suits {self.suits.value}"]
        parts.append(f"empty rows {self.empty_rows.value}")
        if self.cells:
            kind = "basement" if self.cells_one_way else "free cells"
            parts.append(f"{kind} {self.cells}")
        return ", ".join(parts)


#: The presets, their suit variants and the most cells, as data (presets.json
#: beside this file): the daily page's rules.js reads the same file
#: (butterfly/puzzles/site/build.py puts it in each Butterfly page), so neither repeats it.
# Read beside this file with os.path: importlib.resources, or pathlib, would cost
# every command 3 to 10 ms of imports (bench/startup.py).
with open(os.path.join(os.path.dirname(__file__), "presets.json"), encoding="utf-8") as _presets:
    PRESETS_DATA: dict = json.load(_presets)


def _preset(fields: dict) -> Rules:
    """A preset of presets.json: its fields are :class:`Rules`'s."""
    return Rules(
        **{
            **fields,
            "row_sizes": tuple(fields["row_sizes"]),
            "build": Build(fields["build"]),
            "suits": SuitRule(fields["suits"]),
            "empty_rows": EmptyRows(fields["empty_rows"]),
        }
    )


PRESETS: dict[str, Rules] = {fields["name"]: _preset(fields) for fields in PRESETS_DATA["presets"]}

VARIANTS: tuple[str, ...] = tuple(PRESETS_DATA["variants"])

#: Most cells any rules may have: the kernel's fixed arrays are sized by it
#: (butterfly/ext/_patience.pxd; a test checks the two agree).
MAX_CELLS: int = PRESETS_DATA["max_cells"]


def make_rules(game: str = "butterfly", variant: str | None = None, cells: int | None = None) -> Rules:
    """The rules of a preset, changed by a suit variant and a number of cells.

    >>> make_rules("butterfly", "alternate-colours", 1).describe()
    'butterfly/alternate-colours/basement-1, build up-or-down, suits alternate-colours, empty rows lost, basement 1'
    """
    try:
        rules = PRESETS[game]
    except KeyError:
        raise InputError(f"unknown game {game!r} (games: {', '.join(PRESETS)})") from None
    name = rules.name
    if variant is not None:
        if variant not in VARIANTS:
            raise InputError(f"unknown variant {variant!r} (variants: {', '.join(VARIANTS)})")
        if SuitRule(variant) != rules.suits:  # the preset's own rule is no variant
            rules = dataclasses.replace(rules, suits=SuitRule(variant))
            name += "/" + variant
    if cells is not None:
        if not 0 <= cells <= MAX_CELLS:
            raise InputError(f"number of cells must be 0 to {MAX_CELLS}, not {cells}")
        if cells != rules.cells:
            rules = dataclasses.replace(rules, cells=cells)
            name += f"/{'basement' if rules.cells_one_way else 'cells'}-{cells}"
    return dataclasses.replace(rules, name=name)


def rules_header(rules: Rules) -> dict:
    """``game``, ``variant`` and ``cells`` that rebuild ``rules`` with make_rules."""
    game = rules.name.split("/")[0]
    preset = PRESETS[game]
    return {
        "game": game,
        "variant": rules.suits.value if rules.suits != preset.suits else None,
        "cells": rules.cells if rules.cells != preset.cells else None,
    }


def rules_with_cells(rules: Rules, cells: int) -> Rules:
    """``rules`` with ``cells`` cells, named as :func:`make_rules` names them
    (``butterfly/alternate-colours/basement-1``), so that files, reports and
    caches keyed by the rules see the same rules as ``--variant``/``--basement``
    would give. Every other field is kept from ``rules``.

    >>> rules_with_cells(make_rules("butterfly", "alternate-colours"), 1) == make_rules(
    ...     "butterfly", "alternate-colours", 1
    ... )
    True
    >>> rules_with_cells(make_rules("butterfly", cells=1), 3) == make_rules("butterfly")
    True
    """
    header = rules_header(rules)
    name = make_rules(header["game"], header["variant"], cells).name
    return dataclasses.replace(rules, cells=cells, name=name)


def rules_named(name: str) -> Rules:
    """The rules :func:`make_rules` names ``name``; anything else is an InputError.

    >>> rules_named("butterfly/alternate-colours/basement-1") == make_rules("butterfly", "alternate-colours", 1)
    True
    """
    game, *rest = name.split("/")
    variant = cells = None
    if rest and rest[0] in VARIANTS:
        variant = rest.pop(0)
    if rest and rest[0].rpartition("-")[2].isdigit() and rest[0].rpartition("-")[0] in ("basement", "cells"):
        cells = int(rest.pop(0).rpartition("-")[2])
    rules = make_rules(game, variant, cells) if game in PRESETS and not rest else None
    if rules is None or rules.name != name:
        raise InputError(f"unknown rules {name!r} (a name such as butterfly or butterfly/alternate-colours/basement-1)")
    return rules


#: Where a move starts or ends, besides a row name.
FOUNDATION = "F"
CELL = "B"


class Move(NamedTuple):
    """One card moved: ``7H L3>R2``, ``KD L1>F``, ``5C R4>B``, ``5C B>F``.

    ``source`` and ``target`` are row names, ``"F"`` (its suit's foundation) or
    ``"B"`` (the basement, or the free cells).
    """

    card: Card
    source: str
    target: str

    def __str__(self) -> str:
        return f"{self.card} {self.source}>{self.target}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse ``"7H L3>R2"`` (spaces around ``>`` allowed, any case)."""
        parts = text.replace(">", " > ").split()
        if len(parts) != 4 or parts[2] != ">":
            raise ParseError(f"bad move {text.strip()!r} (expected e.g. '7H L3>R2', 'KD L1>F', '5C B>F')")
        card = Card.parse(parts[0])
        source, target = parts[1].upper(), parts[3].upper()
        for place in (source, target):
            if place not in (FOUNDATION, CELL) and not (len(place) >= 2 and place[0] in "LR" and place[1:].isdigit()):
                raise ParseError(f"bad place {place!r} in move {text.strip()!r} (expected L1.., R1.., F or B)")
        if source == FOUNDATION:
            raise ParseError(f"bad move {text.strip()!r}: cards never leave the foundations")
        return cls(card, source, target)


@dataclass(frozen=True)
class Position:
    """A patience position: rows, foundations (top rank per suit) and cells."""

    rules: Rules
    rows: tuple[tuple[Card, ...], ...]
    #: Top rank on each of the four foundations, indexed by Suit; 0 when empty.
    foundations: tuple[int, ...]
    #: The cards in the cells, sorted (cells are interchangeable).
    cells: tuple[Card, ...] = ()

    # ----------------------------------------------------------- construction
    @classmethod
    def deal(cls, number: int, rules: Rules | None = None) -> Position:
        """Deal ``number`` under ``rules``: the deck is shuffled by the deal number;
        with aces on the foundations they are taken out, and the other cards are
        dealt in shuffled order row by row (L1 first), each row innermost card first.
        """
        rules = rules or PRESETS["butterfly"]
        cards = shuffled_deck(number)
        if rules.aces_on_foundations:
            cards = [c for c in cards if c.rank != Rank.ACE]
        if sum(rules.row_sizes) != len(cards):
            raise InputError(f"{rules.name}: rows of {sum(rules.row_sizes)} cards, {len(cards)} to deal")
        rows, start = [], 0
        for size in rules.row_sizes:
            rows.append(tuple(cards[start : start + size]))
            start += size
        base = 1 if rules.aces_on_foundations else 0
        return cls(rules, tuple(rows), (base,) * 4)

    def validate(self) -> Position:
        """Check that every card is here exactly once; raise InputError if not."""
        rules = self.rules
        if len(self.rows) != len(rules.row_sizes):
            raise InputError(f"{rules.name} has {len(rules.row_sizes)} rows, the position has {len(self.rows)}")
        if len(self.cells) > rules.cells:
            raise InputError(f"{len(self.cells)} cards in the cells, {rules.name} has {rules.cells}")
        if any(not 0 <= f <= 13 for f in self.foundations):
            raise InputError("foundation ranks must be 0 (empty) to 13 (king)")
        seen: dict[Card, str] = {}
        for suit, top in zip(Suit, self.foundations):
            for rank in range(1, top + 1):
                seen[Card(rank, suit)] = "foundation"
        places = [(name, row) for name, row in zip(rules.row_names, self.rows)]
        places.append((CELL, self.cells))
        for name, cards in places:
            for card in cards:
                if card in seen:
                    raise InputError(f"card {card} is twice: in {seen[card]} and {name}")
                seen[card] = name
        missing = [c for c in make_deck(52) if c not in seen]
        if missing:
            shown = " ".join(map(str, missing[:8])) + (" ..." if len(missing) > 8 else "")
            raise InputError(f"{len(missing)} card(s) missing: {shown}")
        return self

    # ------------------------------------- the game-state API (butterfly.games.state)
    @property
    def players(self) -> int:
        return 1

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else 0

    def is_terminal(self) -> bool:
        """Won, or no move left."""
        return self.is_won() or not self.legal_moves()

    def returns(self) -> tuple[int, ...]:
        """``(1,)`` when won, else ``(0,)``."""
        return (int(self.is_won()),)

    def chance_outcomes(self) -> list[tuple[Position, int]]:
        """Nothing is dealt after the start: the position alone."""
        return [(self, 1)]

    def resample(self, player: int, rng: random.Random) -> Position:
        """Every card is face up: the position itself."""
        return self

    def cards(self) -> list[Card]:
        """The rows' cards, the cells' and those home on the foundations."""
        home = [Card(rank, suit) for suit, top in zip(Suit, self.foundations) for rank in range(1, top + 1)]
        return [card for row in self.rows for card in row] + list(self.cells) + home

    def card_count(self) -> int:
        return len(self.cards())

    def total_chips(self) -> int:
        return 0

    # ----------------------------------------------------------------- queries
    def is_won(self) -> bool:
        return self.foundations == (13, 13, 13, 13)

    def can_go_to_foundation(self, card: Card) -> bool:
        return self.foundations[card // 13] == card % 13

    def cards_in_play(self) -> int:
        return sum(len(r) for r in self.rows) + len(self.cells)

    def key(self) -> tuple:
        """The canonical key: positions with equal keys have the same future.

        Rows are interchangeable (no rule refers to a row's place), so the rows
        are sorted; the foundations are implied by the cards still in play.
        """
        return (tuple(sorted(self.rows)), self.cells)

    # ------------------------------------------------------------------- moves
    def legal_moves(self) -> list[Move]:
        """Every legal move, in the search order shared with the kernel:

        1. to the foundations: rows L1.. in order, then cells in card order;
        2. row to row: source rows in order, each to target rows in order;
        3. cell to row (free cells only): cells in card order, rows in order;
        4. row to cell: rows in order.
        """
        rules, rows, names = self.rules, self.rows, self.rules.row_names
        moves: list[Move] = []
        for name, row in zip(names, rows):
            if row and self.can_go_to_foundation(row[-1]):
                moves.append(Move(row[-1], name, FOUNDATION))
        for card in self.cells:
            if self.can_go_to_foundation(card):
                moves.append(Move(card, CELL, FOUNDATION))
        any_empty = rules.empty_rows is EmptyRows.ANY_CARD
        for i, row in enumerate(rows):
            if not row or (rules.last_card_to_foundation_only and len(row) == 1):
                continue
            card = row[-1]
            for j, target in enumerate(rows):
                if j != i and (rules.can_build(card, target[-1]) if target else any_empty):
                    moves.append(Move(card, names[i], names[j]))
        if not rules.cells_one_way:
            for card in self.cells:
                for j, target in enumerate(rows):
                    if rules.can_build(card, target[-1]) if target else any_empty:
                        moves.append(Move(card, CELL, names[j]))
        if len(self.cells) < rules.cells:
            for i, row in enumerate(rows):
                if row and not (rules.last_card_to_foundation_only and len(row) == 1):
                    moves.append(Move(row[-1], names[i], CELL))
        return moves

    def check_move(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, or None when it is legal."""
        rules = self.rules
        card, source, target = move
        if source == CELL:
            if card not in self.cells:
                return f"{card} is not in the {'basement' if rules.cells_one_way else 'cells'}"
        elif source == FOUNDATION:
            return "cards never leave the foundations"
        else:
            if source not in rules.row_names:
                return f"no row {source}"
            row = self.rows[rules.row_index(source)]
            if not row or row[-1] != card:
                outer = str(row[-1]) if row else "nothing (the row is empty)"
                return f"{card} is not the outer card of {source} (its outer card is {outer})"
        if target == FOUNDATION:
            if not self.can_go_to_foundation(card):
                top = self.foundations[card // 13]
                below = "nothing" if top == 0 else str(Card(top, card // 13))
                return f"{card} cannot go to its foundation (it holds {below})"
            return None
        if source != CELL and rules.last_card_to_foundation_only and len(self.rows[rules.row_index(source)]) == 1:
            return f"{card} is the last card of {source}: it may only go home"
        if target == CELL:
            if source == CELL:
                return f"{card} is already in the cells"
            if len(self.cells) >= rules.cells:
                if not rules.cells:
                    return f"{rules.name} has no cells"
                return f"the basement is full (it holds {rules.cells})" if rules.cells_one_way else "no free cell"
            return None
        if target not in rules.row_names:
            return f"no row {target}"
        if source == target:
            return f"{card} is already in {target}"
        if source == CELL and rules.cells_one_way:
            return f"{card} is in the basement: it may only go home"
        row = self.rows[rules.row_index(target)]
        if not row:
            if rules.empty_rows is EmptyRows.LOST:
                return f"{target} is empty and lost: nothing may be placed there"
            return None
        if not rules.can_build(card, row[-1]):
            return f"{card} may not be placed on {row[-1]} ({self._build_hint()})"
        return None

    def _build_hint(self) -> str:
        rules = self.rules
        ranks = "one rank lower" if rules.build is Build.DOWN else "one rank higher or lower"
        suits = {SuitRule.ANY: "", SuitRule.SAME_SUIT: ", same suit", SuitRule.ALTERNATE_COLOURS: ", other colour"}[
            rules.suits
        ]
        return ranks + suits

    def play(self, move: Move) -> Position:
        """The position after ``move``; raise IllegalMoveError if it is illegal."""
        return play_checked(self, move)

    def play_unchecked(self, move: Move) -> Position:
        """The position after ``move``, which must be legal (from
        :meth:`legal_moves`, or passed by :meth:`check_move`): nothing is
        checked, and an illegal move gives a position that may lose or
        duplicate cards. The searches use it for speed."""
        card, source, target = move
        names = self.rules.row_names
        rows, cells, foundations = list(self.rows), list(self.cells), self.foundations
        if source == CELL:
            cells.remove(card)
        else:
            i = names.index(source)
            rows[i] = rows[i][:-1]
        if target == FOUNDATION:
            suit = card // 13
            foundations = foundations[:suit] + (card % 13 + 1,) + foundations[suit + 1 :]
        elif target == CELL:
            cells.append(card)
            cells.sort()
        else:
            j = names.index(target)
            rows[j] = rows[j] + (card,)
        return Position(self.rules, tuple(rows), foundations, tuple(cells))

    def children(self) -> Iterator[tuple[Move, Position]]:
        for move in self.legal_moves():
            yield move, self.play_unchecked(move)

    def distinct_children(self) -> dict[tuple, tuple[list[Move], Position]]:
        """Each position the legal moves lead to, once, by its :meth:`key`,
        with the moves that lead there, in the rules' order (rows are
        interchangeable: a card moved to either of two empty rows gives one
        position)."""
        found: dict[tuple, tuple[list[Move], Position]] = {}
        for move, child in self.children():
            found.setdefault(child.key(), ([], child))[0].append(move)
        return found

    def replay_until_illegal(self, moves: list[Move]) -> tuple[list[Position], tuple[int, Move, str] | None]:
        """The positions along ``moves`` (first the starting one) up to the
        first illegal move, and that move's number, the move and why it is
        illegal (None when every move is legal)."""
        positions = [self]
        for number, move in enumerate(moves, 1):
            reason = positions[-1].check_move(move)
            if reason is not None:
                return positions, (number, move, reason)
            positions.append(positions[-1].play_unchecked(move))
        return positions, None

    def replay(self, moves: list[Move]) -> list[Position]:
        """Every position along ``moves`` (first the starting one); raise
        InputError naming the first illegal move with its number."""
        positions, illegal = self.replay_until_illegal(moves)
        if illegal is not None:
            number, move, reason = illegal
            raise IllegalMoveError(f"move {number} ({move}) is illegal: {reason}")
        return positions


def illegal_move(illegal: tuple[int, Move, str]) -> str:
    """A line's first illegal move (:meth:`Position.replay_until_illegal`'s), in words.

    >>> illegal_move((3, Move.parse("9D R4>F"), "no such card there"))
    'move 3 (9D R4>F) is not legal: no such card there'
    """
    number, move, reason = illegal
    return f"move {number} ({move}) is not legal: {reason}"


#: The rules a sample start cycles through: every preset, and variants and cells beside them.
SAMPLE_RULES = (
    ("butterfly", None, None),
    ("butterfly", "alternate-colours", 1),
    ("fortress", None, None),
    ("beleaguered-castle", None, None),
    ("streets-and-alleys", None, 2),
)


def sample_start(seed: int) -> Position:
    """A deal chosen by ``seed``, its rules varied with it (the game
    registry's start states: butterfly.games.registry)."""
    game, variant, cells = SAMPLE_RULES[seed % len(SAMPLE_RULES)]
    return Position.deal(seed, make_rules(game, variant, cells))
