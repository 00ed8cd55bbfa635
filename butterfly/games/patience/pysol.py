"""PySolFC's game numbers: the deal PySolFC shows for game #N of Beleaguered
Castle, Streets and Alleys or Fortress, and its pile numbers.

The shuffle and the layouts are pysol-cards' (written by PySolFC's maintainer;
PySolFC deals with it). Two points follow PySolFC's own source rather than
pysol-cards' ``Game`` (docs/formats.md, "PySolFC game numbers"):

- the generator: PySolFC takes Microsoft's for game numbers *below* 32000
  (``pysollib/pysolrandom.py``, ``construct_random``) and the Mersenne Twister
  from 32000 on, where pysol-cards' ``Game`` still takes Microsoft's for 32000;
- Fortress, which pysol-cards does not lay out: PySolFC deals it round the ten
  piles left to right, top card of the talon first, until the talon is empty
  (``pysollib/games/beleagueredcastle.py``, ``Fortress.startGame``).

PySolFC numbers its piles from 0 (``s.rows``, and fc-solve's stacks for the
same deal). Beleaguered Castle and Streets and Alleys have two columns of four
rows, as ours: piles 0-3 are L1-L4 and 4-7 are R1-R4. Fortress lays its ten
piles out in one line, piles 0 and 1 holding six cards; ours has the six-card
rows on top, L1 and R1, so the piles alternate: 0 is L1, 1 is R1, 2 is L2, ...

>>> position = pysol_deal(123456, make_rules("beleaguered-castle"))
>>> " ".join(map(str, position.rows[0]))
'3D TC QH 3C 5D 9S'
>>> pile_names(make_rules("fortress"))[:4]
('L1', 'R1', 'L2', 'R2')
"""

from __future__ import annotations

import functools
import re

from butterfly.games.cards import Card
from butterfly.games.errors import InputError, ParseError, shown
from butterfly.games.patience.rules import FOUNDATION, Move, Position, Rules, make_rules

#: Our games PySolFC deals, by pysol-cards' name (None: laid out here).
PYSOL_GAMES = {"beleaguered-castle": "beleaguered_castle", "streets-and-alleys": "streets_and_alleys", "fortress": None}
#: PySolFC's game numbers start at 1 (Microsoft's generator takes no 0) and
#: have at most 20 digits (``MTRandom.MAX_SEED`` is 10^20).
MIN_GAME_NUMBER, MAX_GAME_NUMBER = 1, 10**20 - 1
#: Game numbers below this are dealt by Microsoft's generator (as FreeCell's deals).
MICROSOFT_BELOW = 32000
_RANGE = f"{MIN_GAME_NUMBER} to {MAX_GAME_NUMBER:,}"
#: pysol-cards' suits are C, S, H, D; ours C, D, H, S.
_SUIT = (0, 3, 2, 1)
#: What PySolFC strips from a typed game number ("#123456", "123,456").
_SEPARATORS = re.compile(r"[\s#\-_.,]")


def parse_game_number(text: str) -> int:
    """A PySolFC game number as PySolFC reads one: digits, with ``#``, spaces,
    ``,``, ``.``, ``-`` and ``_`` ignored; 1 to :data:`MAX_GAME_NUMBER`.

    >>> parse_game_number("#123,456")
    123456
    """
    digits = _SEPARATORS.sub("", text)
    if not digits or not (digits.isascii() and digits.isdigit()):
        raise ParseError(f"bad PySolFC game number {shown(text)} (expected digits, e.g. 123456)")
    if len(digits) > 20 or not MIN_GAME_NUMBER <= int(digits) <= MAX_GAME_NUMBER:
        raise ParseError(f"PySolFC game number {shown(text)} is out of range ({_RANGE})")
    return int(digits)


def check_game(rules: Rules) -> str:
    """The preset's name, when PySolFC has the game; else one line saying why not."""
    game = rules.name.split("/")[0]
    if game not in PYSOL_GAMES:
        raise InputError(
            f"{game} has no PySolFC game numbers (Butterfly is not in PySolFC); "
            f"--pysol deals {', '.join(PYSOL_GAMES)} (give one with --game)"
        )
    return game


def _talon(number: int) -> list:
    """PySolFC's talon for game ``number`` (its top card last), in
    pysol-cards' cards, before any game's own shuffle hook."""
    from pysol_cards.cards import createCards, ms_rearrange
    from pysol_cards.random import LCRandom31, MTRandom

    cards = createCards(1)
    if number < MICROSOFT_BELOW:
        return LCRandom31(number).shuffle(ms_rearrange(cards))
    return MTRandom(number).shuffle(cards)


def _card(card) -> Card:
    return Card(card.rank, _SUIT[card.suit])


def pysol_piles(number: int, game: str) -> list[list[Card]]:
    """PySolFC's piles 0, 1, ... of ``game`` #``number``, each from its bottom
    card (dealt first) to its top card."""
    from pysol_cards.deal_game import Game

    talon = _talon(number)
    layout = PYSOL_GAMES[game]
    if layout is None:  # Fortress: one card a pile, left to right, top of the talon first, while it lasts
        piles: list[list[Card]] = [[] for _ in range(10)]
        for index, card in enumerate(reversed(talon)):
            piles[index % 10].append(_card(card))
        return piles

    class PySolFCGame(Game):  # pysol-cards' layout over PySolFC's own choice of generator
        def deal(self) -> None:
            self.new_cards(talon[::-1])

    dealer = PySolFCGame(layout, number, None)
    dealer.deal()
    getattr(dealer, dealer.game_class)()  # one layout function serves both games
    return [[_card(card) for card in pile] for pile in dealer.board.columns.cols]


@functools.cache  # asked once a move when a line is printed
def pile_names(rules: Rules) -> tuple[str, ...]:
    """Our row for each PySolFC pile, in pile order."""
    names = rules.row_names
    if check_game(rules) != "fortress":
        return names
    half = len(names) // 2
    return tuple(names[pile // 2 + (pile % 2) * half] for pile in range(len(names)))


def pile_rows(rules: Rules) -> dict[str, str]:
    """Our row for each PySolFC pile number, as a move list may name them
    (butterfly.games.patience.format.read_moves).

    >>> pile_rows(make_rules("fortress"))["1"]
    'R1'
    """
    return {str(pile): name for pile, name in enumerate(pile_names(rules))}


def pysol_deal(number: int, rules: Rules | None = None) -> Position:
    """The position PySolFC deals for game #``number`` of ``rules``' game (a
    variant or other cells change the rules, not the deal)."""
    rules = rules or make_rules("beleaguered-castle")
    game = check_game(rules)
    if not MIN_GAME_NUMBER <= number <= MAX_GAME_NUMBER:
        raise InputError(f"PySolFC game number {number} is out of range ({_RANGE})")
    rows = dict(zip(pile_names(rules), pysol_piles(number, game)))
    base = 1 if rules.aces_on_foundations else 0
    return Position(rules, tuple(tuple(rows[name]) for name in rules.row_names), (base,) * 4).validate()


def pysol_move(move: Move, rules: Rules) -> str:
    """``move`` with PySolFC's pile numbers: ``7H 3>6``, ``KD 1>F``.

    >>> pysol_move(Move.parse("7H L4>R3"), make_rules("beleaguered-castle"))
    '7H 3>6'
    """
    piles = {name: str(pile) for pile, name in enumerate(pile_names(rules))}
    piles[FOUNDATION] = FOUNDATION
    return f"{move.card} {piles.get(move.source, move.source)}>{piles.get(move.target, move.target)}"


def legend(rules: Rules) -> str:
    """One line pairing PySolFC's piles with our rows.

    >>> legend(make_rules("streets-and-alleys"))
    "PySolFC's piles: 0=L1 1=L2 2=L3 3=L4 4=R1 5=R2 6=R3 7=R4"
    """
    return "PySolFC's piles: " + " ".join(f"{pile}={name}" for pile, name in enumerate(pile_names(rules)))
