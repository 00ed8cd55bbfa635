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

from games.cards import Card, Suit, make_deck
from games.errors import InputError
from games.mouche.rules import HAND_SIZE, PAMPHILE, MoucheHand, MoucheOptions
from games.position_json import card_list, read_object, whole_number

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
}
DECLARATIONS = {"fold", "stand", "discard"}


def _plays(value, what, players) -> list[tuple[int, Card]]:
    if not isinstance(value, list):
        raise InputError(f"{what} must be a list of [seat, card] pairs")
    out = []
    for item in value:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[1], str)):
            raise InputError(f"{what} must be a list of [seat, card] pairs, not {item!r}")
        out.append((whole_number(item[0], f"a seat in {what}", 0, players - 1), Card.parse(item[1])))
    return out


def parse_position(text: str) -> tuple[MoucheHand, tuple[int, ...]]:
    """The state and the seats whose hands were hidden (filled with stand-ins)."""
    data = read_object(text, "mouche", FIELDS, ("players", "dealer", "turned", "declared", "hands"))
    n = whole_number(data["players"], "players", 3, 6)
    options = MoucheOptions(
        players=n,
        pamphile=bool(data.get("pamphile", False)),
        pamphile_any_suit=bool(data.get("pamphile_any_suit", False)),
        entry=data.get("entry", "all"),
        cap=data.get("cap", 20),
    )
    deck = set(make_deck(options.deck_size))
    dealer = whole_number(data["dealer"], "dealer", 0, n - 1)
    turned = Card.parse(data["turned"]) if isinstance(data["turned"], str) else card_list(data["turned"], "turned")[0]
    if options.pamphile and turned == PAMPHILE:
        if "trump" not in data:
            raise InputError("the Pamphile was turned: give the trump suit the dealer chose ('trump')")
        trump = Suit.parse(data["trump"])
    else:
        trump = turned.suit
        if "trump" in data and Suit.parse(data["trump"]) != trump:
            raise InputError(f"trumps are the turned card's suit ({trump.letter})")

    declared = data["declared"]
    if not isinstance(declared, list) or len(declared) != n:
        raise InputError(f"'declared' must give {n} entries (fold, stand, discard, or null)")
    order = [(dealer + k) % n for k in range(1, n + 1)]
    discards = 0
    for seat in range(n):
        entry = declared[seat]
        if entry is None:
            continue
        words = entry.split() if isinstance(entry, str) else []
        if not words or words[0] not in DECLARATIONS or (words[0] == "discard") != (len(words) == 2) or len(words) > 2:
            raise InputError(f"unknown declaration {entry!r} (fold, stand, 'discard N' or null)")
        if words[0] == "discard":
            discards += whole_number(
                int(words[1]) if words[1].isdigit() else words[1], f"player {seat}'s discard", 1, HAND_SIZE
            )
    declared = [None if d is None else d.split()[0] for d in declared]
    waiting = [s for s in order if declared[s] is None]
    if waiting and any(declared[s] is not None for s in order[order.index(waiting[0]) :]):
        raise InputError("declarations go in turn from the dealer's right: a later player cannot have declared")
    dealer_alone = all(declared[s] == "fold" for s in order[:-1])
    at_play = not waiting and not dealer_alone

    hands_in = data["hands"]
    if not isinstance(hands_in, list) or len(hands_in) != n:
        raise InputError(f"'hands' must list {n} hands (cards, or a count for a hidden hand)")
    finished = []
    for k, trick in enumerate(data.get("tricks_played", [])):
        finished.append(_plays(trick, f"trick {k + 1}", n))
    current = _plays(data.get("trick", []), "'trick'", n)
    played = [c for t in finished for _, c in t] + [c for _, c in current]
    if len(current) >= n:
        raise InputError("the trick in progress is complete: list it in 'tricks_played'")
    if (finished or current) and not at_play:
        raise InputError("cards can only have been played once everyone has declared")

    in_hand = [s for s in order if declared[s] != "fold"]
    known: list[Card] = [turned] + played
    hands: list = []
    hidden = []
    per_seat_played = {
        s: sum(p == s for t in finished for p, _ in t) + sum(p == s for p, _ in current) for s in range(n)
    }
    for seat, hand in enumerate(hands_in):
        if declared[seat] == "fold":
            if hand not in ([], 0):
                raise InputError(f"player {seat} folded and holds no cards in play")
            hands.append(())
            continue
        size = HAND_SIZE - per_seat_played[seat] if at_play else HAND_SIZE
        if isinstance(hand, int) and not isinstance(hand, bool):
            if hand != size:
                raise InputError(f"player {seat} should hold {size} cards, not {hand}")
            hands.append(size)
            hidden.append(seat)
        else:
            cards = card_list(hand, f"hand {seat}")
            if len(cards) != size:
                raise InputError(f"player {seat} holds {len(cards)} cards; after what they played they hold {size}")
            hands.append(tuple(sorted(cards)))
            known += cards
    seen: set = set()
    for card in known:
        if card not in deck:
            raise InputError(f"card {card} is not in the {options.deck_size}-card pack of {n} players")
        if card in seen:
            raise InputError(f"card {card} appears twice in the position (held, played or turned)")
        seen.add(card)

    discarded_in = data.get("discarded", [None] * n)
    if not isinstance(discarded_in, list) or len(discarded_in) != n:
        raise InputError(f"'discarded' must give {n} entries (the cards a player discarded, or null)")
    discarded_cards = []
    for seat, entry in enumerate(discarded_in):
        if entry is None:
            discarded_cards.append(())
            continue
        cards = card_list(entry, f"cards discarded by player {seat}")
        if declared[seat] != "discard" or len(cards) != int(data["declared"][seat].split()[1]):
            raise InputError(f"player {seat}'s discarded cards do not match their declaration")
        for card in cards:
            if card in seen:
                raise InputError(f"card {card} appears twice in the position (held, played, turned or discarded)")
            seen.add(card)
        discarded_cards.append(tuple(cards))
    discarded_cards = tuple(discarded_cards)
    # Stand-ins for hidden hands, and the stock, from the cards nobody has seen.
    rest = iter(sorted(deck - seen))
    hands = [tuple(sorted(next(rest) for _ in range(h))) if isinstance(h, int) else h for h in hands]
    stock_size = options.deck_size - n * HAND_SIZE - 1 - discards
    if stock_size < 0:
        raise InputError(f"{discards} cards discarded: more than the stock held")
    stock = tuple(rest)[:stock_size]
    pool = whole_number(data.get("pool", 5), "'pool'", 5, None)
    if pool % 5:
        raise InputError(f"the pool is a multiple of 5, not {pool}")
    chips = data.get("chips", [1000] * n)
    if not isinstance(chips, list) or len(chips) != n:
        raise InputError(f"'chips' must give {n} whole numbers")
    chips = tuple(whole_number(c, "chips") for c in chips)

    state = MoucheHand(
        options=options,
        dealer=dealer,
        hands=tuple(hands),
        turned=turned,
        trump=trump,
        stock=stock,
        chips=chips,
        pool=pool,
        phase="declare",
        to_move=waiting[0] if waiting else -1,
        declared=tuple(d if d is not None else None for d in declared),
        as_dealt=tuple(d != "discard" for d in declared),
        tricks=(0,) * n,
        discarded=discarded_cards,
    )
    if not at_play:
        if dealer_alone:
            raise InputError("everyone but the dealer folded: the hand is over")
        return state, tuple(hidden)
    if len(in_hand) < 1:
        raise InputError("nobody is left in the hand")
    if len(current) >= len(in_hand):
        raise InputError("the trick in progress is complete: list it in 'tricks_played'")
    # The card play: check each trick's order and, for known hands, every card's legality.
    state = dataclasses.replace(state, phase="play", to_move=in_hand[0])
    later = {s: [c for t in finished for p, c in t if p == s] + [c for p, c in current if p == s] for s in range(n)}
    for k, trick in enumerate(finished + [current]):
        if k == len(finished) and not trick:
            break
        if k < len(finished) and len(trick) != len(in_hand):
            raise InputError(f"trick {k + 1} has {len(trick)} cards; {len(in_hand)} players are in the hand")
        for seat, card in trick:
            if seat != state.to_move:
                raise InputError(
                    f"trick {k + 1}: player {seat} played out of turn (player {state.to_move} was to play)"
                )
            if seat not in hidden:
                holding = tuple(sorted(set(hands[seat]) | set(later[seat])))
                probe = state.with_hand(seat, holding)
                if card not in probe.playable():
                    raise InputError(f"trick {k + 1}: impossible play, {probe.why_not(card)}")
            later[seat] = [c for c in later[seat] if c != card]
            state = state.with_hand(seat, set(hands[seat]) | set(later[seat]) | {card})._play_card(card)
        if state.phase != "play":
            raise InputError("the hand is already over: every trick has been played")
    hands_final = list(state.hands)
    for seat in range(n):
        hands_final[seat] = hands[seat]
    for seat in in_hand:
        if seat in hidden or declared[seat] != "stand":
            continue
        dealt = tuple(sorted(set(hands[seat]) | {c for p, c in state.plays + state.trick if p == seat}))
        if state.with_hand(seat, dealt).mouche_suit(seat) is not None:
            raise InputError(
                f"player {seat} stood on five cards of one suit: they had the mouche, and no card is played"
            )
    return dataclasses.replace(state, hands=tuple(hands_final), events=()), tuple(hidden)
