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

from butterfly.games.cards import Card, make_deck
from butterfly.games.errors import InputError, ParseError
from butterfly.games.papillon.game import GameRecord
from butterfly.games.papillon.rules import HAND_SIZE, Event, HandState, Move, Options, Scoring, value
from butterfly.games.position_json import (
    CHIP_BOUND,
    STAKE_BOUND,
    a_list,
    card_list,
    choice,
    entries,
    read_object,
    seat,
    whole_number,
)
from butterfly.games.records import cards_text, event_json, seat_name

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


REQUIRED = ("players", "dealer", "to_move", "hands", "table")


def parse_position(text: str) -> Position:
    """Read a position (docs/formats.md); every problem is an InputError naming the field."""
    return position_from_data(position_data(text))


def position_data(text: str) -> dict:
    """A position's JSON object, its fields known and the required ones present (not yet checked further)."""
    return read_object(text, "papillon", FIELDS, REQUIRED)


def position_from_data(data: dict) -> Position:
    """The position a JSON object gives (its fields known and the required
    ones present, as :func:`parse_position` and the line's reader make sure);
    every problem is an InputError naming the field, and the card at fault."""
    players = whole_number(data["players"], "players", 3, 4)
    scoring = choice(data.get("scoring", Scoring.CLASSIC.value), "scoring", [s.value for s in Scoring])
    options = Options(players=players, scoring=Scoring(scoring))
    dealer = seat(data["dealer"], "dealer", players)
    to_move = seat(data["to_move"], "to_move", players)
    hands, hidden = _read_hands(data["hands"], players)
    table = card_list(data["table"], "'table'")
    stock, stock_size = _read_stock(data.get("stock", []), players)
    taken, listed, won_cards = _read_taken(data.get("taken"), players)
    # Every card written anywhere, won cards included even when other players' are counts.
    known = [(c, f"in hand {p}") for p, h in enumerate(hands) if isinstance(h, list) for c in h]
    known += [(c, "on the table") for c in table] + [(c, "in the stock") for c in stock or []] + listed
    seen = _each_once(known)
    counted = sum(h for h in hands if isinstance(h, int)) + (0 if stock is not None else stock_size)
    taken = _check_count(len(known) + counted, taken, len(listed), players, seen)
    filled, stock = _stand_ins(hands, stock, stock_size, seen, won_cards)
    if not filled[to_move]:
        raise ParseError(f"player {to_move} is to move but holds no cards")
    state = HandState(
        options=options,
        dealer=dealer,
        hands=tuple(filled),
        table=tuple(sorted(table)),
        stock=tuple(stock),
        taken=tuple(taken),
        to_move=to_move,
        **_read_money_and_papillons(data, players, stock, filled),
    )
    return Position(state, tuple(hidden), won_cards)


def _read_hands(hands_in: object, players: int) -> tuple[list[list[Card] | int], list[int]]:
    """Each hand as its cards, or its size when hidden; and the hidden seats."""
    hands: list[list[Card] | int] = []
    hidden = []
    for p, hand in enumerate(entries(hands_in, "'hands'", players, "cards, or a count for a hidden hand")):
        if isinstance(hand, list):
            cards = card_list(hand, f"hand {p}")
            if len(cards) > HAND_SIZE:
                raise ParseError(f"hand {p} holds {len(cards)} cards; a hand holds at most {HAND_SIZE}")
            hands.append(cards)
        else:
            hands.append(whole_number(hand, f"hand {p}'s size", 0, HAND_SIZE))
            hidden.append(p)
    return hands, hidden


def _read_stock(stock_in: object, players: int) -> tuple[list[Card] | None, int]:
    """The stock's cards (None when only its size is given) and its size."""
    if isinstance(stock_in, list):
        stock: list[Card] | None = card_list(stock_in, "'stock'")
        stock_size = len(stock_in)
    else:
        stock_size = whole_number(stock_in, "'stock'", 0, 52)
        stock = None
    if stock_size % (HAND_SIZE * players):
        raise ParseError(f"a stock of {stock_size} cards cannot be dealt 3 to each of {players} players")
    return stock, stock_size


def _read_taken(
    taken_in: object, players: int
) -> tuple[list[int] | None, list[tuple[Card, str]], tuple[Card, ...] | None]:
    """How many cards each player has won, the cards listed among them (each
    with where it is written), and every won card when each player's are
    listed (else None)."""
    if taken_in is None:
        return None, [], None
    taken = []
    listed: list[tuple[Card, str]] = []
    complete = True
    for p, entry in enumerate(entries(taken_in, "'taken'", players, "a count or the list of cards won")):
        if isinstance(entry, list):
            cards = card_list(entry, f"taken by player {p}")
            listed += [(c, f"among the cards taken by player {p}") for c in cards]
            taken.append(len(cards))
        else:
            taken.append(whole_number(entry, f"cards taken by player {p}", 0, 52))
            complete = False
    return taken, listed, tuple(c for c, _ in listed) if complete else None


def _each_once(known: list[tuple[Card, str]]) -> set[Card]:
    """The cards written, each once; a card written twice is an error saying where."""
    where: dict[Card, str] = {}
    for card, place in known:
        if card in where:
            if where[card] == place:
                raise ParseError(f"card {card} appears twice {place}")
            raise ParseError(f"card {card} appears twice in the position: {where[card]} and {place}")
        where[card] = place
    return set(where)


def _check_count(accounted: int, taken: list[int] | None, listed: int, players: int, seen: set[Card]) -> list[int]:
    """Check that the position accounts for the 52 cards (``accounted``: the
    cards written and the hidden ones counted, ``listed`` won cards listed
    among them; ``seen``, the cards written); the cards taken by each player."""
    if taken is None:
        won_count = 52 - accounted
        if won_count:
            raise ParseError(f"the position shows {accounted} cards; give 'taken' for the other {won_count}")
        return [0] * players
    counted = sum(taken) - listed  # the won cards given only as counts
    if accounted + counted != 52:
        missing = [str(c) for c in make_deck(52) if c not in seen]
        # Which cards are missing is known only when every card is written, none counted.
        named = f": {_missing(missing)}" if accounted == len(seen) and not counted else ""
        raise ParseError(
            f"the position accounts for {accounted + counted} cards, not 52 (hands, table, stock and taken){named}"
        )
    return taken


def _missing(cards: list[str]) -> str:
    """``7H is missing``, ``7H and 9C are missing``, ``2C, 3C, ... and 40 more are missing``."""
    if len(cards) > 9:
        cards = cards[:8] + [f"{len(cards) - 8} more"]
    *first, last = cards
    return f"{', '.join(first)} and {last} are missing" if first else f"{last} is missing"


def _stand_ins(
    hands: list[list[Card] | int],
    stock: list[Card] | None,
    stock_size: int,
    seen: set[Card],
    won_cards: tuple[Card, ...] | None,
) -> tuple[list[tuple[Card, ...]], list[Card]]:
    """Hidden hands and an unlisted stock get stand-ins from the unseen cards."""
    rest = iter(c for c in make_deck(52) if c not in seen)
    if won_cards is None and (any(isinstance(h, int) for h in hands) or stock is None):
        raise ParseError(
            "with hidden hands or stock, list the cards each player has taken so the unseen cards are known"
        )
    filled = [tuple(sorted(h)) if isinstance(h, list) else tuple(sorted(next(rest) for _ in range(h))) for h in hands]
    return filled, stock if stock is not None else [next(rest) for _ in range(stock_size)]


def _read_money_and_papillons(data: dict, players: int, stock: list[Card], filled: list[tuple[Card, ...]]) -> dict:
    """Chips, pool, stake, the last trailer and the papillons made, as HandState fields
    (each number within the bounds that keep the kernel's sums exact)."""
    chips = entries(data.get("chips", [0] * players), "'chips'", players, "each player's chips")
    fields = {
        "chips": tuple(whole_number(c, f"player {p}'s chips", -CHIP_BOUND, CHIP_BOUND) for p, c in enumerate(chips)),
        "pool": whole_number(data.get("pool", 0), "'pool'", 0, CHIP_BOUND),
        "stake": whole_number(data.get("stake", 1), "'stake'", 1, STAKE_BOUND),
    }
    last = data.get("last_trailer")
    fields["last_trailer"] = -1 if last is None else seat(last, "last_trailer", players)
    papillons = a_list(data.get("papillons", []), "'papillons'", "the seats that made a papillon")
    made = tuple(seat(p, "a seat in 'papillons'", players) for p in papillons)
    if len(set(made)) != len(made):
        raise ParseError("a seat is listed twice in 'papillons'")
    fields["papillons"] = made
    if stock and made:
        raise ParseError("a papillon is only made once the stock is empty")
    for p in made:
        if filled[p]:
            raise ParseError(f"player {p} made a papillon but still holds cards")
    return fields


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


# ---- game logs ------------------------------------------------------------------

_PAID_EACH = {
    "aces": "aces",
    "aces-trailed": "aces laid down",
    "hanneton": "hanneton",
    "sauterelle": "sauterelle",
    "petit-papillon": "petit papillon",
    "papillon": "papillon",
    "consolation": "consolation",
    "most-cards": "most cards",
}


def describe_move(player: int, move: Move, events: tuple[Event, ...]) -> list[str]:
    """Readable lines for one move and what it caused."""
    if move.is_trail:
        head = f"{seat_name(player)} lays down {cards_text(move.played)}"
    else:
        head = f"{seat_name(player)} plays {cards_text(move.played)} and takes {cards_text(move.captured)}"
        if any(c.rank != move.played[0].rank for c in move.captured):  # a sum
            head += f" ({'+'.join(str(value(c.rank)) for c in move.captured)} = {value(move.played[0].rank)})"
    lines = [head]
    for event in events:
        text = event_text(event)
        if text is not None:
            lines.append(f"  -- {text} --" if event.kind == "redeal" else f"    {text}")
    return lines


def event_text(event: Event) -> str | None:
    """What an event of a move says in a log or a record's comment (None: nothing worth saying)."""
    if event.kind == "trail" and event.chips:
        return f"pays {event.chips} to the pool"
    if event.kind in _PAID_EACH and event.chips:
        return f"{_PAID_EACH[event.kind]}: {seat_name(event.player)} gets {event.chips} from each"
    if event.kind == "papillon":
        return f"papillon by {seat_name(event.player)}"
    if event.kind == "redeal":
        return "every hand is empty: the dealer deals 3 more cards each"
    if event.kind == "table":
        return f"{seat_name(event.player)} takes the {len(event.cards)} cards left on the table"
    if event.kind == "pool":
        return f"{seat_name(event.player)} wins the pool: {event.chips} chips"
    if event.kind == "most-cards-tie":
        return f"tie for most cards: the next hand pays {event.chips}"
    return None


def game_log(game: GameRecord, bot_names: list[str]) -> str:
    """The game hand by hand, for people."""
    o = game.options
    lines = [
        f"Papillon: {o.players} players, {o.rounds} round{'s' * (o.rounds > 1)}, seed {game.seed}, "
        f"{o.scoring.value} scoring; bots {', '.join(bot_names)}",
        f"Each player starts with {o.purse} chips; ante {o.ante} each per hand.",
    ]
    for k, draw in enumerate(game.draws):
        lines.append(
            ("Draw for the first dealer: " if k == 0 else "Tie, drawing again: ")
            + ", ".join(f"{seat_name(p)} {c}" for p, c in draw)
        )
    for hand in game.hands:
        start = hand.start
        lines += [
            "",
            f"Hand {hand.number}: {seat_name(hand.dealer)} deals; pool {start.pool}",
            f"  table: {cards_text(start.table)}",
        ]
        lines += [f"  {seat_name(p)} holds {cards_text(h)}" for p, h in enumerate(start.hands)]
        for player, move, events in hand.moves:
            described = describe_move(player, move, events)
            lines += ["  " + line for line in described]
        end = hand.end
        lines.append("  cards won: " + ", ".join(f"{seat_name(p)} {n}" for p, n in enumerate(end.taken)))
        lines.append(
            "  chips: " + ", ".join(f"{seat_name(p)} {c}" for p, c in enumerate(end.chips)) + f"; pool {end.pool}"
        )
    lines.append("")
    if game.broke >= 0:
        lines.append(f"{seat_name(game.broke)} cannot pay the next ante: the game stops (when broke: stop).")
    if game.shared:
        lines.append(f"The pool was shared at the end ({game.pool} chip{'s' * (game.pool != 1)} could not be divided).")
    best = max(game.chips)
    lines.append(
        "Final chips: "
        + ", ".join(f"{seat_name(p)} {c}" for p, c in enumerate(game.chips))
        + f"; winner {' and '.join(seat_name(p) for p, c in enumerate(game.chips) if c == best)}"
    )
    return "\n".join(lines)


def game_json(game: GameRecord, bot_names: list[str]) -> dict:
    """The game as a JSON object (docs/formats.md)."""
    o = game.options
    return {
        "options": {
            "players": o.players,
            "rounds": o.rounds,
            "scoring": o.scoring.value,
            "first_dealer": o.first_dealer.value,
            "unclaimed_pool": o.unclaimed_pool.value,
            "tie_stake": o.tie_stake.value,
            "ante": o.ante,
            "purse": o.purse,
            "when_broke": o.when_broke.value,
        },
        "seed": game.seed,
        "bots": bot_names,
        "draws": [[{"player": p, "card": str(c)} for p, c in draw] for draw in game.draws],
        "hands": [
            {
                "number": h.number,
                "dealer": h.dealer,
                "deck": [str(c) for c in h.deck],
                "moves": [{"player": p, "move": str(m), "events": [event_json(e) for e in ev]} for p, m, ev in h.moves],
                "taken": list(h.end.taken),
                "chips": list(h.end.chips),
                "pool": h.end.pool,
                "winner": h.end.winner,
            }
            for h in game.hands
        ],
        "chips": list(game.chips),
        "pool": game.pool,
        "shared": game.shared,
        "broke": None if game.broke < 0 else game.broke,
    }
