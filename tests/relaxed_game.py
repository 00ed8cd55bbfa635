"""The relaxed game of butterfly/solver/patience/relaxation.py, played out state by state.

A readable twin of the SAT encoding, for small positions only: a state is
how many placed cards each row still holds, the foundations, the basement
and the set of built cards; a move changes the status of one card. A state
stands only if its built cards can be arranged in chains (each on one of
its hosts, a built card or the outer placed card of a row, no card carrying
two, no loop), and the card that moves must carry nothing in some such
arrangement. Statuses only move forward, so the states form an acyclic
graph and a depth-first search with a visited set decides whether the
foundations can be filled.
"""

from __future__ import annotations

from functools import cache

from butterfly.games.cards import make_deck
from butterfly.games.patience.rules import Position, make_rules
from butterfly.solver.patience.pruning import hosts_of


def relaxed_win_exists(position: Position) -> bool:
    """Whether the relaxed game has a schedule from ``position``."""
    rules = position.rules
    rows = tuple(tuple(int(c) for c in row) for row in position.rows if row)
    hosts = {int(c): frozenset(int(h) for h in hosts_of(rules, c)) for row in position.rows for c in row}
    innermost = {row[0] for row in rows} if rules.last_card_to_foundation_only else set()

    def next_home(card: int, foundations: tuple[int, ...]) -> bool:
        return card % 13 == foundations[card // 13]

    def home(card: int, foundations: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(f + 1 if suit == card // 13 else f for suit, f in enumerate(foundations))

    @cache
    def chains(built: frozenset, outers: frozenset, free: int | None) -> bool:
        """The built cards can lie in loop-free chains on each other and on
        ``outers``, with ``free`` carrying nothing."""
        order = sorted(built)

        def place(i: int, host_of: dict[int, int]) -> bool:
            if i == len(order):
                return True
            card = order[i]
            for h in sorted(hosts[card] & (built | outers)):
                if h == free or h in host_of.values():
                    continue
                walk = h  # a loop would lead back from the host to the card
                while walk in host_of and walk != card:
                    walk = host_of[walk]
                if walk == card:
                    continue
                host_of[card] = h
                if place(i + 1, host_of):
                    return True
                del host_of[card]
            return False

        return place(0, {})

    seen = set()

    def win(placed: tuple[int, ...], foundations: tuple[int, ...], basement: frozenset, built: frozenset) -> bool:
        if not any(placed) and not basement and not built:
            return True
        state = (placed, foundations, basement, built)
        if state in seen:
            return False
        seen.add(state)
        outers = frozenset(row[n - 1] for row, n in zip(rows, placed) if n)
        if not chains(built, outers, None):
            return False
        for card in basement:
            if next_home(card, foundations) and win(placed, home(card, foundations), basement - {card}, built):
                return True
        movable = [(card, "built") for card in built]
        movable += [(row[n - 1], i) for i, (row, n) in enumerate(zip(rows, placed)) if n]
        for card, where in movable:
            if not chains(built, outers, card):
                continue
            if where == "built":
                rest_placed, rest_built = placed, built - {card}
            else:
                rest_placed = tuple(n - 1 if j == where else n for j, n in enumerate(placed))
                rest_built = built
            if next_home(card, foundations) and win(rest_placed, home(card, foundations), basement, rest_built):
                return True
            if card in innermost:
                continue
            if len(basement) < rules.cells and win(rest_placed, foundations, basement | {card}, rest_built):
                return True
            if where != "built" and win(rest_placed, foundations, basement, rest_built | {card}):
                return True
        return False

    return win(
        tuple(len(row) for row in rows),
        tuple(position.foundations),
        frozenset(int(c) for c in position.cells),
        frozenset(),
    )


def random_small_position(rng, cards_in_play: int) -> Position:
    """A random position of Butterfly (either suit rule, basement 0 to 3)
    with ``cards_in_play`` cards left, in one to four rows and the basement."""
    rules = make_rules("butterfly", rng.choice([None, "alternate-colours"]), rng.choice([0, 1, 2, 3]))
    deck = make_deck(52)
    while True:
        left = [rng.randint(0, 12) for _ in range(3)]
        left.append(cards_in_play - sum(left))
        if 0 <= left[3] <= 12:
            break
    foundations = tuple(13 - n for n in left)
    cards = [deck[suit * 13 + rank] for suit in range(4) for rank in range(foundations[suit], 13)]
    rng.shuffle(cards)
    in_basement = rng.randint(0, min(rules.cells, len(cards)))
    rows: list[list] = [[] for _ in rules.row_sizes]
    used = rng.sample(range(len(rows)), rng.randint(1, 4))
    for card in cards[in_basement:]:
        rows[rng.choice(used)].append(card)
    return Position(rules, tuple(map(tuple, rows)), foundations, tuple(sorted(cards[:in_basement], key=int))).validate()
