"""La Mouche positions as JSON (docs/formats.md, "La Mouche positions").

A position is either at the declarations (``declared`` has a ``null`` for the
player to declare and those after) or at the card play (everyone has
declared). Hands are lists of cards or, hidden, their sizes. Finished tricks
are listed in order, each as ``[seat, card]`` pairs in the order played.

>>> text = '''{"players": 3, "dealer": 2, "turned": "TH", "declared": ["stand", "stand", "fold"],
...  "hands": [["KH", "QH", "9S", "8S"], ["AH", "8D", "9D", "JD", "KS"], []],
...  "tricks_played": [], "trick": [[0, "AS"]]}'''
>>> state, hidden = parse_position(text)
>>> state.phase, state.to_move, hidden, [str(c) for c in state.playable()]
('play', 1, (), ['KS'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any, NamedTuple

from butterfly.games import position_json as field
from butterfly.games.cards import Card, Suit, make_deck
from butterfly.games.errors import InputError, ParseError
from butterfly.games.mouche.game import GameRecord
from butterfly.games.mouche.rules import DECKS, HAND_SIZE, PAMPHILE, MoucheEntry, MoucheHand, MoucheOptions
from butterfly.games.position_json import (
    CHIP_BOUND,
    a_list,
    boolean,
    card_list,
    choice,
    digits,
    entries,
    read_object,
    string,
    whole_number,
)
from butterfly.games.records import Event, cards_text, event_json, seat_name


class MouchePosition(NamedTuple):
    """A parsed position: the state (hidden hands filled with unseen cards
    in order, a stand-in; the stock, nobody has seen, the rest of them) and
    the seats whose hands were hidden."""

    state: MoucheHand
    hidden: tuple[int, ...]


FIELDS = {
    "game",
    "players",
    "pamphile",
    "pamphile_any_suit",
    "entry",
    "cap",
    "dealer",
    "turned",
    "trump",
    "declared",
    "hands",
    "tricks_played",
    "trick",
    "pool",
    "chips",
    "discarded",
    "pending",
    "pamphile_paid",
}
REQUIRED = ("players", "dealer", "turned", "declared", "hands")
DECLARATIONS = {"fold", "stand", "discard"}


def _plays(value: object, what: str, players: int) -> list[tuple[int, Card]]:
    out = []
    for item in a_list(value, what, "[seat, card] pairs"):
        if not (isinstance(item, list) and len(item) == 2):
            raise ParseError(f"{what} must be a list of [seat, card] pairs, not {item!r}"[:200])
        out.append((field.seat(item[0], f"a seat in {what}", players), field.card(item[1], f"a card in {what}")))
    return out


def parse_position(text: str) -> MouchePosition:
    """The state and the seats whose hands were hidden (filled with stand-ins)."""
    return position_from_data(read_object(text, "mouche", FIELDS, REQUIRED))


def position_from_data(data: dict) -> MouchePosition:
    """The state a position's JSON object gives (its fields known and the
    required ones there, as :func:`read_object` checks), and the hidden seats.
    The one-line notation (:mod:`butterfly.games.mouche.notation`) is read through here too."""
    n = whole_number(data["players"], "players", 3, 6)
    options = MoucheOptions(
        players=n,
        pamphile=boolean(data.get("pamphile", False), "'pamphile'"),
        pamphile_any_suit=boolean(data.get("pamphile_any_suit", False), "'pamphile_any_suit'"),
        entry=MoucheEntry(choice(data.get("entry", MoucheEntry.ALL.value), "entry", [e.value for e in MoucheEntry])),
        cap=whole_number(data.get("cap", 20), "'cap'", 5, CHIP_BOUND),
    )
    dealer = field.seat(data["dealer"], "dealer", n)
    turned, trump = _read_turned_and_trump(data, options)
    declared, discards = _read_declarations(data["declared"], n)
    if trump is None and any(d is not None for d in declared):
        raise ParseError("the Pamphile was turned: give the trump suit the dealer chose ('trump')")
    order = [(dealer + k) % n for k in range(1, n + 1)]
    waiting = [s for s in order if declared[s] is None]
    if waiting and any(declared[s] is not None for s in order[order.index(waiting[0]) :]):
        raise ParseError("declarations go in turn from the dealer's right: a later player cannot have declared")
    dealer_alone = all(declared[s] == "fold" for s in order[:-1])
    at_play = not waiting and not dealer_alone
    hands_in = entries(data["hands"], "'hands'", n, "cards, or a count for a hidden hand")
    tricks_in = a_list(data.get("tricks_played", []), "'tricks_played'", "the finished tricks")
    finished = [_plays(trick, f"trick {k + 1}", n) for k, trick in enumerate(tricks_in)]
    current = _plays(data.get("trick", []), "'trick'", n)
    if len(current) >= n:
        raise ParseError("the trick in progress is complete: list it in 'tricks_played'")
    if (finished or current) and not at_play:
        raise ParseError("cards can only have been played once everyone has declared")
    hands, hidden, held = _read_hands(hands_in, declared, finished + [current], at_play)
    deck = set(make_deck(options.deck_size))
    seen: dict[Card, str] = {}
    played_by = [play for trick in finished + [current] for play in trick]
    played = [(c, f"trick {k + 1}") for k, t in enumerate(finished) for _, c in t]
    played += [(c, "the trick in progress") for _, c in current]
    _each_once([(turned, "the turned card"), *played, *held], deck, seen)
    discarded = _read_discards(data, declared, discards, deck, seen)
    paid = _read_pamphile_paid(data, options, dealer, declared, hands, played_by, seen, at_play)
    # Stand-ins for hidden hands, and the stock, from the cards nobody has seen.
    rest = iter(_unseen_in_order(deck - set(seen), hands, paid))
    filled = [tuple(sorted(next(rest) for _ in range(h))) if isinstance(h, int) else h for h in hands]
    stock_size = options.deck_size - n * HAND_SIZE - 1 - sum(discards)
    if stock_size < 0:
        raise ParseError(f"{sum(discards)} cards discarded: more than the stock held")
    stock = tuple(rest)[:stock_size]
    pool = whole_number(data.get("pool", 5), "'pool'", 5, CHIP_BOUND)
    if pool % 5:
        raise ParseError(f"the pool is a multiple of 5, not {pool}")
    chips = entries(data.get("chips", [1000] * n), "'chips'", n, "each player's chips")
    state = MoucheHand(
        options=options,
        dealer=dealer,
        hands=tuple(filled),
        turned=turned,
        trump=trump,
        stock=stock,
        chips=tuple(whole_number(c, f"player {p}'s chips", -CHIP_BOUND, CHIP_BOUND) for p, c in enumerate(chips)),
        pool=pool,
        pending=_read_pending(data, options),
        phase="declare" if trump is not None else "trump",
        to_move=(waiting[0] if waiting else -1) if trump is not None else dealer,
        declared=tuple(declared),
        as_dealt=tuple(d != "discard" for d in declared),
        tricks=(0,) * n,
        discarded=discarded,
        discard_sizes=tuple(discards),
    )
    if not at_play:
        if dealer_alone:
            raise ParseError("everyone but the dealer folded: the hand is over")
        return MouchePosition(state, tuple(hidden))
    state = dataclasses.replace(state, pamphile_paid=paid)
    return MouchePosition(_replay_tricks(state, filled, hidden, finished, current), tuple(hidden))


def _read_pamphile_paid(
    data: dict,
    options: MoucheOptions,
    dealer: int,
    declared: list[str | None],
    hands: list[tuple[Card, ...] | int],
    plays: list[tuple[int, Card]],
    seen: dict[Card, str],
    at_play: bool,
) -> int | None:
    """Le Pamphile at the card play: who was paid for holding the Pamphile
    when the declarations ended (-1 nobody; every player saw it). Given as
    ``pamphile_paid`` (a seat, or null for nobody) or found from where the
    Pamphile lies; None when neither tells (a hidden hand might hold it)."""
    given = "pamphile_paid" in data
    if not (options.pamphile and at_play):
        if given:
            raise ParseError("'pamphile_paid' is for Le Pamphile once the declarations are over")
        return None
    known = _pamphile_payee(options, dealer, declared, hands, plays, seen)
    if not given:
        return known
    value = data["pamphile_paid"]
    claimed = -1 if value is None else field.seat(value, "'pamphile_paid'", len(hands))
    if known is not None and claimed != known:
        who = "nobody was" if known < 0 else f"player {known} was"
        raise ParseError(f"'pamphile_paid': {who} paid for the Pamphile, as the cards show")
    if known is None and claimed >= 0 and not isinstance(hands[claimed], int):
        why = "folded" if declared[claimed] == "fold" else "does not hold it"
        raise ParseError(f"'pamphile_paid': player {claimed} {why}, and was not paid for the Pamphile")
    return claimed


def _pamphile_payee(
    options: MoucheOptions,
    dealer: int,
    declared: list[str | None],
    hands: list[tuple[Card, ...] | int],
    plays: list[tuple[int, Card]],
    seen: dict[Card, str],
) -> int | None:
    """Who was paid for the Pamphile, from where it lies (as the rules pay it
    when the declarations end), or None when a hidden hand in play might hold it."""
    if seen.get(PAMPHILE) == "the turned card":
        standing = options.turned_pamphile_needs_standing
        return -1 if standing and declared[dealer] == "fold" else dealer
    for seat, card in plays:
        if card == PAMPHILE:
            return seat
    for seat, hand in enumerate(hands):
        if not isinstance(hand, int) and PAMPHILE in hand:
            return seat
    if PAMPHILE not in seen and any(isinstance(hand, int) and hand > 0 for hand in hands):
        return None
    return -1  # discarded, in the stock or in a folded hand


def _unseen_in_order(unseen: set[Card], hands: list[tuple[Card, ...] | int], paid: int | None) -> list[Card]:
    """The unseen cards in the order the hidden hands' stand-ins and the stock
    take them: sorted, but the Pamphile placed where ``paid`` says it is (in
    the paid seat's hidden hand, or in none of the hidden hands)."""
    order = sorted(unseen)
    if PAMPHILE not in unseen or paid is None:
        return order
    sizes = [h if isinstance(h, int) else 0 for h in hands]
    start, end = (sum(sizes[:paid]), sum(sizes[: paid + 1])) if paid >= 0 else (sum(sizes), len(order))
    if start == end:
        raise ParseError("'pamphile_paid': nobody was paid, yet only the hidden hands can hold the Pamphile")
    if not start <= order.index(PAMPHILE) < end:
        order.remove(PAMPHILE)
        order.insert(start, PAMPHILE)
    return order


def _read_pending(data: dict, options: MoucheOptions) -> tuple[int, ...]:
    """The mouches waiting their turn (entry largest-first), largest first."""
    pending_in = a_list(data.get("pending", []), "'pending'", "the mouches waiting, in chips")
    if pending_in and options.entry is not MoucheEntry.LARGEST_FIRST:
        raise ParseError("mouches wait their turn ('pending') only with entry largest-first")
    pending = [whole_number(v, "a mouche in 'pending'", 5, CHIP_BOUND) for v in pending_in]
    if any(v % 5 for v in pending):
        raise ParseError(f"a mouche is a multiple of 5, not {next(v for v in pending if v % 5)}")
    return tuple(sorted(pending, reverse=True))


def _read_turned_and_trump(data: dict, options: MoucheOptions) -> tuple[Card, Suit | None]:
    """The turned card and the trump suit: the dealer's choice after a turned
    Pamphile (None while the dealer has still to choose, before anyone declares)."""
    turned = field.card(data["turned"], "'turned'")
    trump = Suit.parse(string(data["trump"], "'trump'")) if "trump" in data else None
    if options.pamphile and turned == PAMPHILE:
        return turned, trump
    if trump is not None and trump != turned.suit:
        raise ParseError(f"trumps are the turned card's suit ({turned.suit.letter})")
    return turned, turned.suit


def _read_declarations(declared_in: object, n: int) -> tuple[list[str | None], list[int]]:
    """Each seat's declaration (None: still to declare) and the cards each discarded."""
    declared: list[str | None] = []
    discards = []
    for player, entry in enumerate(entries(declared_in, "'declared'", n, "fold, stand, discard, or null")):
        words = entry.split() if isinstance(entry, str) else []
        if entry is not None and (
            not words or words[0] not in DECLARATIONS or (words[0] == "discard") != (len(words) == 2) or len(words) > 2
        ):
            raise ParseError(f"unknown declaration {entry!r} (fold, stand, 'discard N' or null)"[:200])
        declared.append(words[0] if words else None)
        discards.append(digits(words[1], f"player {player}'s discard", 1, HAND_SIZE) if len(words) == 2 else 0)
    return declared, discards


def _read_hands(
    hands_in: list, declared: list[str | None], tricks: list[list[tuple[int, Card]]], at_play: bool
) -> tuple[list[tuple[Card, ...] | int], list[int], list[tuple[Card, str]]]:
    """Each hand (its cards, or its size when hidden), the hidden seats and every card held (with its hand)."""
    hands: list[tuple[Card, ...] | int] = []
    hidden = []
    held: list[tuple[Card, str]] = []
    for seat, hand in enumerate(hands_in):
        if declared[seat] == "fold":
            if not (hand == [] or (isinstance(hand, int) and not isinstance(hand, bool) and hand == 0)):
                raise ParseError(f"player {seat} folded and holds no cards in play")
            hands.append(())
            continue
        size = HAND_SIZE - sum(p == seat for trick in tricks for p, _ in trick) if at_play else HAND_SIZE
        if isinstance(hand, int) and not isinstance(hand, bool):
            if hand != size:
                raise ParseError(f"player {seat} should hold {size} cards, not {hand}")
            hands.append(size)
            hidden.append(seat)
        else:
            cards = card_list(hand, f"hand {seat}")
            if len(cards) != size:
                raise ParseError(f"player {seat} holds {len(cards)} cards; after what they played they hold {size}")
            hands.append(tuple(sorted(cards)))
            held += [(card, f"hand {seat}") for card in cards]
    return hands, hidden, held


def _each_once(cards: list[tuple[Card, str]], deck: set[Card], seen: dict[Card, str]) -> None:
    """Each card (with where it lies) is of the pack (``deck``) and not in
    ``seen`` (the cards met so far, and where); add them to it."""
    for card, place in cards:
        if card not in deck:
            players = next(n for n, size in DECKS.items() if size == len(deck))
            raise ParseError(f"{place}: card {card} is not in the {len(deck)}-card pack of {players} players")
        if card in seen:
            where = f"twice in {place}" if seen[card] == place else f"in {seen[card]} and in {place}"
            raise ParseError(f"card {card} appears twice in the position: {where}")
        seen[card] = place


def _read_discards(
    data: dict, declared: list[str | None], discards: list[int], deck: set[Card], seen: dict[Card, str]
) -> tuple[tuple[Card, ...], ...]:
    """The cards each player discarded, when known (added to ``seen``)."""
    n = len(declared)
    discarded_in = entries(data.get("discarded", [None] * n), "'discarded'", n, "the cards a player discarded, or null")
    discarded: list[tuple[Card, ...]] = []
    for player, entry in enumerate(discarded_in):
        if entry is None:
            discarded.append(())
            continue
        cards = card_list(entry, f"cards discarded by player {player}")
        if declared[player] != "discard" or len(cards) != discards[player]:
            raise ParseError(f"player {player}'s discarded cards do not match their declaration")
        _each_once([(card, f"player {player}'s discards") for card in cards], deck, seen)
        discarded.append(tuple(cards))
    return tuple(discarded)


def _replay_tricks(
    state: MoucheHand,
    hands: list[tuple[Card, ...]],
    hidden: list[int],
    finished: list[list[tuple[int, Card]]],
    current: list[tuple[int, Card]],
) -> MoucheHand:
    """The card play: check each trick's order and, for known hands, every
    card's legality, playing the tricks from the start of play."""
    in_hand = state.in_hand()
    if len(in_hand) < 1:
        raise ParseError("nobody is left in the hand")
    if len(current) >= len(in_hand):
        raise ParseError("the trick in progress is complete: list it in 'tricks_played'")
    state = dataclasses.replace(state, phase="play", to_move=in_hand[0])
    n = state.players
    later = {s: [c for t in finished for p, c in t if p == s] + [c for p, c in current if p == s] for s in range(n)}
    for k, trick in enumerate(finished + [current]):
        if k == len(finished) and not trick:
            break
        if k < len(finished) and len(trick) != len(in_hand):
            raise ParseError(f"trick {k + 1} has {len(trick)} cards; {len(in_hand)} players are in the hand")
        for seat, card in trick:
            if seat != state.to_move:
                raise ParseError(
                    f"trick {k + 1}: player {seat} played out of turn (player {state.to_move} was to play)"
                )
            if seat not in hidden:
                holding = tuple(sorted(set(hands[seat]) | set(later[seat])))
                probe = state.with_hand(seat, holding)
                if card not in probe.playable():
                    raise ParseError(f"trick {k + 1}: impossible play, {probe.why_not(card)}")
            later[seat] = [c for c in later[seat] if c != card]
            state = state.with_hand(seat, set(hands[seat]) | set(later[seat]) | {card})._play_card(card)
        if state.phase != "play":
            raise ParseError("the hand is already over: every trick has been played")
    _check_no_stood_mouche(state, hands, hidden)
    return dataclasses.replace(state, hands=tuple(hands), events=())


def _check_no_stood_mouche(state: MoucheHand, hands: list[tuple[Card, ...]], hidden: list[int]) -> None:
    """Nobody who stood on the cards dealt held a mouche: then no card would be played."""
    for seat in state.in_hand():
        if seat in hidden or state.declared[seat] != "stand":
            continue
        dealt = tuple(sorted(set(hands[seat]) | {c for p, c in state.plays + state.trick if p == seat}))
        if state.with_hand(seat, dealt).mouche_suit(seat) is not None:
            raise ParseError(
                f"player {seat} stood on five cards of one suit: they had the mouche, and no card is played"
            )


def position_to_json(state: MoucheHand, hidden: Iterable[int] = ()) -> dict:
    """``state`` as its position object, :func:`parse_position`'s inverse: every
    hand listed but those of ``hidden`` seats (their sizes), the options and
    fields at their defaults left out. (The stock is not written: nobody has
    seen it; read back, it holds the unseen cards in order.)"""
    if state.phase not in ("trump", "declare", "play"):
        raise InputError("the hand is over: no position to write")
    o = state.options
    data: dict[str, Any] = {"game": "mouche", "players": state.players}
    defaults = MoucheOptions(players=state.players)
    for name in ("pamphile", "pamphile_any_suit", "cap"):
        if getattr(o, name) != getattr(defaults, name):
            data[name] = getattr(o, name)
    if o.entry is not defaults.entry:
        data["entry"] = o.entry.value
    data |= {"dealer": state.dealer, "turned": str(state.turned)}
    if state.trump is not None and state.is_pamphile(state.turned):  # the dealer's choice
        data["trump"] = state.trump.letter
    data["declared"] = [
        f"discard {state.discard_sizes[seat]}" if declared == "discard" else declared
        for seat, declared in enumerate(state.declared)
    ]
    hide = set(hidden)
    data["hands"] = [
        [] if declared == "fold" else len(hand) if seat in hide else [str(c) for c in hand]
        for seat, (hand, declared) in enumerate(zip(state.hands, state.declared))
    ]
    size = len(state.in_hand())
    plays = [[seat, str(card)] for seat, card in state.plays]
    if plays:
        data["tricks_played"] = [plays[k : k + size] for k in range(0, len(plays), size)]
    if state.trick:
        data["trick"] = [[seat, str(card)] for seat, card in state.trick]
    data |= {"pool": state.pool, "chips": list(state.chips)}
    if any(state.discarded):
        data["discarded"] = [[str(c) for c in cards] if cards else None for cards in state.discarded]
    if state.pending:
        data["pending"] = list(state.pending)
    if state.pamphile_paid is not None and any(seat in hide for seat in state.in_hand()):
        # Public, though a hidden hand may hold it: who was paid for the Pamphile.
        data["pamphile_paid"] = state.pamphile_paid if state.pamphile_paid >= 0 else None
    return data


# ---- game logs ------------------------------------------------------------------


def _cards(cards: Iterable[Card]) -> str:
    return cards_text(cards, empty="-")


#: What each event of a hand says, for logs and records' comments.
EVENT_TEXT = {
    "trick": lambda e: f"{seat_name(e.player)} wins the trick ({_cards(e.cards)})",
    "tricks": lambda e: f"{seat_name(e.player)} takes {e.chips} for their tricks",
    "makes-mouche": lambda e: f"{seat_name(e.player)} makes the mouche: owes {e.chips}",
    "has-mouche": lambda e: f"{seat_name(e.player)} has the mouche ({_cards(e.cards)}) and takes {e.chips}",
    "dealer-alone": lambda e: f"everyone else folded: {seat_name(e.player)} (the dealer) takes {e.chips}",
    "pamphile": lambda e: f"{seat_name(e.player)} holds the Pamphile: 1 from each",
}


def event_text(event: Event) -> str | None:
    """What an event of a hand says in a log or a record's comment (None: nothing worth saying)."""
    said = EVENT_TEXT.get(event.kind)
    return None if said is None else said(event)


def game_log(game: GameRecord, names: list[str]) -> str:
    """The game hand by hand, for people."""
    o = game.options
    name = "Le Pamphile" if o.pamphile else "La Mouche"
    lines = [
        f"{name}: {o.players} players, {len(game.hands)} hands, seed {game.seed}, "
        f"mouches put in: {o.entry.value}" + (f" (cap {o.cap})" if o.entry.value == "cap" else ""),
        "Seats by the draw: "
        + ", ".join(
            f"{seat_name(s)} player {p} ({names[p]}, drew {dict(game.draw)[p]})" for s, p in enumerate(game.seats)
        ),
    ]
    for hand in game.hands:
        start = hand.start
        lines += ["", f"Hand {hand.number}: {seat_name(hand.dealer)} deals; pool {start.pool}; turned {start.turned}"]
        lines += [f"  {seat_name(p)} holds {_cards(h)}" for p, h in enumerate(start.hands)]
        trick_cards = []
        for seat, action, events in hand.moves:
            if action.kind == "play":
                trick_cards.append(f"{seat_name(seat)} {action}")
            elif action.suit is not None:  # the dealer's choice of trumps
                lines.append(f"  {seat_name(seat)} chooses trumps: {action.suit.letter}")
            else:
                what = f"discards {len(action.cards)}" if action.kind == "discard" else action.kind + "s"
                lines.append(f"  {seat_name(seat)} {what}")
            for event in events:
                if event.kind == "trick":
                    lines.append("  " + ", ".join(trick_cards))
                    trick_cards = []
                if event.kind in EVENT_TEXT:
                    lines.append("    " + EVENT_TEXT[event.kind](event))
        end = hand.end
        lines.append(
            "  chips: "
            + ", ".join(f"{seat_name(p)} {c}" for p, c in enumerate(end.chips))
            + f"; for the next hand: {end.carry + sum(end.pending)}"
        )
    if game.broke >= 0:
        lines += ["", f"{seat_name(game.broke)} cannot pay what the next hand asks: the game stops (when broke: stop)."]
    lines += [
        "",
        "Final chips: "
        + ", ".join(f"{seat_name(p)} {c}" for p, c in enumerate(game.chips))
        + f"; left in play: {game.pool_left}",
    ]
    return "\n".join(lines)


def game_json(game: GameRecord, names: list[str]) -> dict:
    """The game as a JSON object (docs/formats.md)."""
    o = game.options
    return {
        "options": {
            "players": o.players,
            "pamphile": o.pamphile,
            "entry": o.entry.value,
            "cap": o.cap,
            "pamphile_any_suit": o.pamphile_any_suit,
            "turned_pamphile_needs_standing": o.turned_pamphile_needs_standing,
            "when_broke": o.when_broke.value,
            "purse": o.purse,
        },
        "seed": game.seed,
        "bots": names,
        "seats": game.seats,
        "hands": [
            {
                "number": h.number,
                "dealer": h.dealer,
                "turned": str(h.start.turned),
                "pool": h.start.pool,
                "hands": [[str(c) for c in hand] for hand in h.start.hands],
                "actions": [
                    {
                        "player": s,
                        "action": str(a),
                        "events": [event_json(e) for e in ev],
                    }
                    for s, a, ev in h.moves
                ],
                "tricks": list(h.end.tricks),
                "chips": list(h.end.chips),
                "carried": h.end.carry + sum(h.end.pending),
            }
            for h in game.hands
        ],
        "chips": list(game.chips),
        "left_in_play": game.pool_left,
        "broke": None if game.broke < 0 else game.broke,
    }
