"""Papillon positions as JSON (docs/formats.md, "Papillon positions").

A hand may be a list of cards or, for a hidden hand, its size; ``taken`` is
each player's count of won cards or the list of them. Every card is
accounted for exactly once: hands, table, stock and won cards make the 52.

>>> text = '''{"players": 3, "dealer": 0, "to_move": 1,
...  "hands": [["9S"], ["5S", "KH"], ["KS"]], "table": ["5D", "2C"],
...  "taken": [20, 15, 11], "chips": [250, 262, 248], "pool": 60}'''
>>> position = parse_position(text)
>>> position.hidden, position.state.to_move, len(position.unseen_by(1))
((), 1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import Card, make_deck
from games.errors import InputError
from games.papillon.rules import HAND_SIZE, HandState, Options
from games.position_json import card_list, read_object, whole_number

FIELDS = {
    "game",
    "players",
    "dealer",
    "to_move",
    "hands",
    "table",
    "stock",
    "taken",
    "chips",
    "pool",
    "stake",
    "last_trailer",
    "papillons",
    "scoring",
}


@dataclass(frozen=True)
class Position:
    """A parsed position: the state (hidden hands filled with unseen cards in
    order, a stand-in), which hands were hidden, and the cards known won."""

    state: HandState
    hidden: tuple[int, ...]
    won_cards: tuple[Card, ...] | None  # None when only counts were given

    def unseen_by(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` cannot see: the other players' hands (and the stock)."""
        if player in self.hidden:
            raise InputError(
                f"player {player}'s hand is hidden in the position: it must be listed to analyse from that seat"
            )
        return tuple(
            sorted(c for p, h in enumerate(self.state.hands) if p != player for c in h) + list(self.state.stock)
        )


def parse_position(text: str) -> Position:
    data = read_object(text, "papillon", FIELDS, ("players", "dealer", "to_move", "hands", "table"))
    players = whole_number(data["players"], "players", 3, 4)
    options = Options(players=players, scoring=data.get("scoring", "1725"))
    seat = lambda name: whole_number(data[name], name, 0, players - 1)  # noqa: E731
    dealer, to_move = seat("dealer"), seat("to_move")

    hands_in = data["hands"]
    if not isinstance(hands_in, list) or len(hands_in) != players:
        raise InputError(f"'hands' must list {players} hands (cards, or a count for a hidden hand)")
    known: list[Card] = []
    hands: list[list[Card] | int] = []
    hidden = []
    for p, hand in enumerate(hands_in):
        if isinstance(hand, int) and not isinstance(hand, bool):
            hands.append(whole_number(hand, f"hand {p}'s size", 0, HAND_SIZE))
            hidden.append(p)
        else:
            cards = card_list(hand, f"hand {p}")
            if len(cards) > HAND_SIZE:
                raise InputError(f"hand {p} holds {len(cards)} cards; a hand holds at most {HAND_SIZE}")
            hands.append(cards)
            known += cards
    table = card_list(data["table"], "'table'")
    known += table
    stock_in = data.get("stock", [])
    if isinstance(stock_in, list):
        stock = card_list(stock_in, "'stock'")
        known += stock
        stock_size = len(stock)
    else:
        stock_size = whole_number(stock_in, "'stock'", 0, 52)
        stock = None
    if stock_size % (HAND_SIZE * players):
        raise InputError(f"a stock of {stock_size} cards cannot be dealt 3 to each of {players} players")

    taken_in = data.get("taken")
    won_cards = None
    if taken_in is None:
        taken = None
    else:
        if not isinstance(taken_in, list) or len(taken_in) != players:
            raise InputError(f"'taken' must give {players} entries (a count or the list of cards won)")
        taken = []
        won: list[Card] = []
        for p, entry in enumerate(taken_in):
            if isinstance(entry, list):
                cards = card_list(entry, f"taken by player {p}")
                won += cards
                taken.append(len(cards))
            else:
                taken.append(whole_number(entry, f"cards taken by player {p}", 0, 52))
        if len(won) == sum(taken):
            won_cards = tuple(won)
            known += won

    seen = set()
    for card in known:
        if card in seen:
            raise InputError(f"card {card} appears twice in the position")
        seen.add(card)
    hidden_cards = sum(h for h in hands if isinstance(h, int))
    accounted = len(known) + hidden_cards + (stock_size if stock is None else 0)
    won_count = sum(taken) if taken is not None else None
    if won_count is None:
        won_count = 52 - accounted
        taken = [0] * players
        if won_count:
            raise InputError(f"the position shows {accounted} cards; give 'taken' for the other {won_count}")
    if won_cards is None:
        accounted += won_count
    if accounted != 52:
        raise InputError(f"the position accounts for {accounted} cards, not 52 (hands, table, stock and taken)")

    # Hidden hands and an unlisted stock get stand-ins from the unseen cards.
    rest = iter(c for c in make_deck(52) if c not in seen)
    if won_cards is None and (hidden_cards or stock is None):
        raise InputError(
            "with hidden hands or stock, list the cards each player has taken so the unseen cards are known"
        )
    filled = [tuple(sorted(h)) if isinstance(h, list) else tuple(sorted(next(rest) for _ in range(h))) for h in hands]
    if stock is None:
        stock = [next(rest) for _ in range(stock_size)]
    if not filled[to_move]:
        raise InputError(f"player {to_move} is to move but holds no cards")

    chips = data.get("chips", [0] * players)
    if not isinstance(chips, list) or len(chips) != players:
        raise InputError(f"'chips' must give {players} whole numbers")
    chips = tuple(whole_number(c, "chips", None, None) for c in chips)
    pool = whole_number(data.get("pool", 0), "'pool'", 0, None)
    stake = whole_number(data.get("stake", 1), "'stake'", 1, None)
    last = data.get("last_trailer")
    last_trailer = -1 if last is None else whole_number(last, "last_trailer", 0, players - 1)
    papillons = data.get("papillons", [])
    if not isinstance(papillons, list):
        raise InputError("'papillons' must list the seats that made a papillon")
    papillons = tuple(whole_number(p, "papillon seat", 0, players - 1) for p in papillons)
    if stock and papillons:
        raise InputError("a papillon is only made once the stock is empty")
    for p in papillons:
        if filled[p]:
            raise InputError(f"player {p} made a papillon but still holds cards")
    state = HandState(
        options=options,
        dealer=dealer,
        hands=tuple(filled),
        table=tuple(sorted(table)),
        stock=tuple(stock),
        taken=tuple(taken),
        chips=chips,
        pool=pool,
        to_move=to_move,
        stake=stake,
        last_trailer=last_trailer,
        papillons=papillons,
    )
    return Position(state, tuple(hidden), won_cards)


def position_to_json(state: HandState) -> dict:
    """A state as a position object (every hand shown, won cards as counts)."""
    return {
        "game": "papillon",
        "players": state.players,
        "scoring": state.options.scoring.value,
        "dealer": state.dealer,
        "to_move": state.to_move,
        "hands": [[str(c) for c in h] for h in state.hands],
        "table": [str(c) for c in state.table],
        "stock": [str(c) for c in state.stock],
        "taken": list(state.taken),
        "chips": list(state.chips),
        "pool": state.pool,
        "stake": state.stake,
        "last_trailer": None if state.last_trailer < 0 else state.last_trailer,
        "papillons": list(state.papillons),
    }
