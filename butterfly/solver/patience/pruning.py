"""The pruning rules of the patience search, in plain Python.

Both engines prune with these rules: the reference search
(:mod:`butterfly.solver.patience.reference`) calls them, the compiled kernel
(``butterfly/ext/_patience.pyx``) restates them in C and the tests check the two
agree move for move. Each rule only removes moves or positions from which
no win is lost; docs/solver.md gives the proofs.

- a *safe foundation move* (:func:`is_safe_foundation_move`) is tried alone
  (rule 1, and rule 1b where :func:`next_home_builders_apply`);
- a *dead end* (:func:`is_dead_end`) has no move to try: no row can be the
  last one emptied (:func:`no_last_row`), or the basement is too small for
  the cards that must wait in it.

>>> from butterfly.games.patience.rules import Position
>>> deal = Position.deal(1)
>>> is_dead_end(deal), no_last_row(deal), ordered_moves(deal, True) == deal.legal_moves()
(False, False, True)
"""

from __future__ import annotations

import functools

from butterfly.games.cards import Card, make_deck
from butterfly.games.patience.rules import CELL, FOUNDATION, Build, EmptyRows, Move, Position, Rules


@functools.cache
def build_relation(rules: Rules) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]:
    """(builders, hosts) of every card, by index. :meth:`Rules.can_build` is
    asked only of cards one rank apart: no rule of the family builds any
    other way (one rank up or down, never round the corner; a test asks it of
    every pair). A solve's first call pays for this, so it asks 384 pairs,
    not 2,704 (issue 31)."""
    deck, can_build = make_deck(52), rules.can_build
    builders: list[list[Card]] = [[] for _ in deck]
    hosts: list[list[Card]] = [[] for _ in deck]
    for card in deck:
        for onto_rank in (card % 13 - 1, card % 13 + 1):  # ranks from 0
            for onto in deck[onto_rank::13] if 0 <= onto_rank < 13 else ():  # the four cards of that rank
                if can_build(card, onto):
                    builders[onto].append(card)
                    hosts[card].append(onto)
    return tuple(map(tuple, builders)), tuple(map(tuple, hosts))


def builds_on(rules: Rules, card: Card) -> tuple[Card, ...]:
    """The cards that the rules would ever let be placed on ``card`` in a row."""
    return build_relation(rules)[0][card]


def hosts_of(rules: Rules, card: Card) -> tuple[Card, ...]:
    """The cards that ``card`` could ever be placed on in a row."""
    return build_relation(rules)[1][card]


def next_home_builders_apply(rules: Rules) -> bool:
    """Rule 1b (:func:`is_safe_foundation_move`) is used where rows build
    downward only (Beleaguered Castle, Streets and Alleys): there it is the
    classic "the other suits are home to two below" autoplay and cuts whole
    subtrees. It is sound for every rule set (docs/solver.md), but with
    building up or down it almost never fires, and Butterfly's published
    searches are kept node for node."""
    return rules.build is Build.DOWN


def is_safe_foundation_move(position: Position, move: Move, next_home_builders: bool = False) -> bool:
    """Dominance: a foundation move that can always be made first without loss.

    Rule 1: safe when the card can never again be a base for another card: it
    sits in a one-way cell (the basement), or every card that could be built
    on it is on the foundations or in a one-way cell (from where no card
    returns to a row). Proof sketch (docs/solver.md): take any win W from the
    position; drop from W every move of this card. The rest stays legal,
    because no move of W placed a card on it (none of its builders can reach
    a row), its absence only frees a cell or empties its row earlier (a lost
    row loses nothing, as nothing could have been placed there while it held
    this card), and every foundation move of its suit comes after it anyway.

    Rule 1b, with ``next_home_builders``: a builder b of the card may also be
    *next home* (its foundation one below it) with every card that could be
    built on b, other than the card itself, home or in a one-way cell. Then
    b on the card could only wait there: where W puts b on the card, b can go
    home instead (nothing else can raise its foundation first), and nothing
    is ever built on b. Dropping the card's moves and b's later moves keeps W
    legal and no longer (docs/solver.md).
    """
    if move.target != FOUNDATION:
        return False
    rules = position.rules
    if move.source == CELL and rules.cells_one_way:
        return True
    foundations = position.foundations
    basement = set(position.cells) if rules.cells_one_way else set()

    def gone(card: Card) -> bool:  # home, or in a one-way cell: never a row card again
        return foundations[card // 13] > card % 13 or card in basement

    def next_home(builder: Card) -> bool:
        return foundations[builder // 13] == builder % 13 and all(
            other == move.card or gone(other) for other in builds_on(rules, builder)
        )

    return all(gone(b) or (next_home_builders and next_home(b)) for b in builds_on(rules, move.card))


def dead_end_applies(rules: Rules) -> bool:
    """The dead-end test needs rows that are lost once empty and cells that
    are one-way (or none): then a card's only ways out of its row are its
    hosts, the basement and the foundation."""
    return rules.empty_rows is EmptyRows.LOST and (rules.cells == 0 or rules.cells_one_way)


def no_last_row(position: Position) -> bool:
    """No row left could be the last one emptied: the position is lost.

    Rows lost once empty, and a row's innermost card leaves only for its
    foundation (Butterfly): the innermost card c of the last row to be
    emptied goes home while every other row is gone, so at that moment every
    card not yet home except c is in the basement, and among them all the
    cards of c's suit above c (13 - rank(c) of them in a full deck: none
    can be home before c). A row can therefore be the last one only if they
    fit in the basement: with a full deck and three cells, c is a ten or
    higher. If no row still in play has such an innermost card, no win
    exists (docs/solver.md).
    """
    if not last_row_rule_applies(position.rules):
        return False
    return any(position.rows) and not last_row_candidates(position)


def last_row_rule_applies(rules: Rules) -> bool:
    """Rows are lost once empty and a row's innermost card leaves only for
    its foundation: the conditions of the last-row argument."""
    return rules.empty_rows is EmptyRows.LOST and rules.last_card_to_foundation_only


def last_row_candidates(position: Position) -> list[tuple[Card, ...]]:
    """The rows still in play that could be the last one emptied: those
    whose innermost card c leaves few enough cards of its suit above it
    for the basement (see :func:`no_last_row`)."""
    rows = [row for row in position.rows if row]
    in_play = [card for row in rows for card in row] + list(position.cells)

    def could_be_last(c: Card) -> bool:
        above = sum(1 for x in in_play if x.suit == c.suit and x.rank > c.rank)
        return above <= position.rules.cells

    return [row for row in rows if could_be_last(row[0])]


def last_row_floor(position: Position) -> dict[int, int]:
    """``{suit: rank}``: a card of ``suit`` no higher than ``rank`` stays in
    play until every row but the last one is empty; ``{}`` when no such
    card is known.

    That is the case when every row that could be the last one emptied
    (:func:`last_row_candidates`) starts with a card of one suit: the last
    row's innermost card is one of them, and it goes home only when that
    row is emptied, after all the others. (The candidates cannot change
    while their innermost cards are in play: the cards of a suit above a
    card cannot go home before it.)
    """
    if not last_row_rule_applies(position.rules):
        return {}
    return _floor_of(last_row_candidates(position))


def _floor_of(candidates: list[tuple[Card, ...]]) -> dict[int, int]:
    innermost = [row[0] for row in candidates]
    if not innermost or len({card.suit for card in innermost}) > 1:
        return {}
    return {innermost[0] // 13: max(card.rank for card in innermost)}


def is_dead_end(position: Position) -> bool:
    """A necessary condition for a win fails: no row can be the last one
    (:func:`no_last_row`), or the basement is too small:

    A row card x is *homeless* when each of its hosts (the cards it could be
    placed on) is home, in the basement, beneath x in x's own row, or itself
    homeless in x's own row: none of them can ever be an outer card of
    another row while x is in its row (a homeless card leaves its row only
    for the basement or the foundation), so x too can only leave its row for
    the basement or the foundation. Homelessness is found by iterating this
    to a fixpoint, row by row.

    Take a row R and a card y in it. Before y can leave R, every card above
    it must leave. At the moment y is the outer card of R, the cards at or
    below y in R are still in play, and so is the card of
    :func:`last_row_floor` (R is not emptied yet, so the last row is not
    either). A card with a lower card of its suit among those cannot be
    home then. So:
    - every such homeless x above y has left R, cannot be on another row,
      and cannot be home: it is in the basement;
    - every such basement card is still in the basement.
    All of them are in the basement at once. If they are more than it holds,
    no win exists. Every win has such a moment, for every y, so the test
    never rejects a winnable position (docs/solver.md).
    """
    rules = position.rules
    if not dead_end_applies(rules):
        return False
    candidates = last_row_candidates(position) if last_row_rule_applies(rules) else None
    if candidates == [] and any(position.rows):
        return True  # no_last_row
    foundations = position.foundations
    basement = set(position.cells)
    place = {card: (i, depth) for i, row in enumerate(position.rows) for depth, card in enumerate(row)}

    homeless: set[Card] = set()

    def cannot_host(y: Card, x: Card) -> bool:
        if foundations[y // 13] > y % 13 or y in basement:
            return True
        where, here = place.get(y), place[x]
        return where is not None and where[0] == here[0] and (where[1] < here[1] or y in homeless)

    changed = True
    while changed:
        changed = False
        for x in place:
            if x not in homeless and all(cannot_host(y, x) for y in hosts_of(rules, x)):
                homeless.add(x)
                changed = True
    if not homeless:
        return False  # the basement term alone never exceeds the basement
    floor = _floor_of(candidates) if candidates else {}  # last_row_floor
    for row in position.rows:
        if not any(x in homeless for x in row):
            continue
        lowest = dict(floor)  # per suit, the lowest rank known in play while y is the outer card
        for j, y in enumerate(row):
            lowest[y // 13] = min(lowest.get(y // 13, 14), y % 13 + 1)
            must_wait = sum(1 for x in row[j + 1 :] if x in homeless and _cannot_be_home(x, lowest))
            must_wait += sum(1 for b in basement if _cannot_be_home(b, lowest))
            if must_wait > rules.cells:
                return True
    return False


def _cannot_be_home(card: Card, lowest: dict[int, int]) -> bool:
    """A lower card of ``card``'s suit is in play (``lowest``: per suit, the
    lowest rank known in play), so ``card`` cannot be on its foundation."""
    return lowest.get(card // 13, 14) < card % 13 + 1


def ordered_moves(position: Position, safe_autoplay: bool, dead_ends: bool = True) -> list[Move]:
    """The moves to try, in order. With ``dead_ends``, a position failing the
    dead-end test has none. With ``safe_autoplay`` a safe foundation move,
    when there is one, is the only move tried (the first in order)."""
    if dead_ends and is_dead_end(position):
        return []
    moves = position.legal_moves()
    if safe_autoplay:
        for move in moves:
            if move.target != FOUNDATION:
                break  # foundation moves come first in the engine's order
            if is_safe_foundation_move(position, move, next_home_builders_apply(position.rules)):
                return [move]
    return moves
