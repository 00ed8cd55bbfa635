"""The rules engine (butterfly.games.patience.rules): every move type and every forbidden move.

Hand-made positions are built with :func:`position`; they need not hold all
52 cards (only :meth:`Position.validate` asks for that).
"""

import dataclasses
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from butterfly.games.cards import Card, make_deck, parse_cards
from butterfly.games.deals import MAX_DEAL
from butterfly.games.errors import InputError
from butterfly.games.patience.rules import (
    CELL,
    FOUNDATION,
    PRESETS,
    Build,
    EmptyRows,
    Move,
    Position,
    SuitRule,
    make_rules,
)

BUTTERFLY = PRESETS["butterfly"]
FORTRESS = PRESETS["fortress"]
CASTLE = PRESETS["beleaguered-castle"]
STREETS = PRESETS["streets-and-alleys"]
ALTERNATE = make_rules("butterfly", "alternate-colours")
#: Beleaguered Castle with two free cells that give cards back to the rows.
FREE_CELLS = dataclasses.replace(CASTLE, cells=2, cells_one_way=False)


def C(text):
    return Card.parse(text)


def M(text):
    return Move.parse(text)


def position(rules, rows=None, foundations=None, cells=""):
    """A hand-made position: ``rows`` maps row names to cards innermost first
    (rows not named are empty); ``foundations`` lists the top cards (default:
    aces when the rules put them there, else nothing)."""
    rows = {name.upper(): cards for name, cards in (rows or {}).items()}
    assert set(rows) <= set(rules.row_names)
    tops = [0, 0, 0, 0]
    if foundations is None:
        tops = [1 if rules.aces_on_foundations else 0] * 4
    else:
        for card in parse_cards(foundations):
            tops[card.suit] = int(card.rank)
    return Position(
        rules,
        tuple(tuple(parse_cards(rows.get(name, ""))) for name in rules.row_names),
        tuple(tops),
        tuple(sorted(parse_cards(cells))),
    )


def assert_legal(pos, text):
    """The move is in legal_moves(), passes check_move() and apply() plays it."""
    move = M(text)
    assert move in pos.legal_moves(), f"{text} should be legal"
    assert pos.check_move(move) is None
    after = pos.play(move)
    assert after != pos
    return after


def assert_illegal(pos, text, why=None):
    """The move is not in legal_moves(), check_move() says why, apply() raises."""
    move = M(text)
    assert move not in pos.legal_moves(), f"{text} should be illegal"
    reason = pos.check_move(move)
    assert reason is not None
    if why is not None:
        assert why in reason, reason
    with pytest.raises(InputError) as info:
        pos.play(move)
    assert str(move) in str(info.value)
    assert "\n" not in str(info.value)
    return reason


# ---------------------------------------------------------------- foundations
def test_outer_card_goes_to_its_foundation_when_next_in_suit():
    pos = position(BUTTERFLY, {"L1": "9D 2C", "L2": "9S 3C", "L3": "8H 2H"}, "AC AD 2H AS")
    after = assert_legal(pos, "2C L1>F")
    assert after.foundations == (2, 1, 2, 1)
    assert after.rows[0] == (C("9D"),)


def test_foundation_takes_only_the_next_rank_of_the_suit():
    pos = position(BUTTERFLY, {"L1": "9D 3C", "L2": "9S 2H", "L3": "8H 2D"}, "AC AD 2H AS")
    assert_illegal(pos, "3C L1>F", "cannot go to its foundation (it holds AC)")
    assert_illegal(pos, "2H L2>F", "it holds 2H")
    assert_legal(pos, "2D L3>F")


def test_foundation_with_nothing_yet_takes_only_the_ace():
    pos = position(FORTRESS, {"L1": "2C AC", "L2": "9S 2D"})
    assert pos.foundations == (0, 0, 0, 0)
    assert_illegal(pos, "2D L2>F", "holds nothing")
    after = assert_legal(pos, "AC L1>F")
    assert after.foundations == (1, 0, 0, 0)
    assert_legal(after, "2C L1>F")


def test_foundation_moves_build_a_suit_up_to_the_king():
    rows = {"L1": "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"}
    pos = position(BUTTERFLY, rows)
    for rank in "23456789TJQK":
        pos = pos.play(M(f"{rank}H L1>F"))
    assert pos.foundations == (1, 1, 13, 1)
    assert pos.rows[0] == ()


# ------------------------------------------------------------------ row to row
def butterfly_fan(rules=BUTTERFLY):
    """Outer cards: L1 7H, L2 8C, L3 6S, L4 9D, L5 7C, R1 8D, R2 6D, R3 KS, R4 2S, R5 QC."""
    return position(
        rules,
        {
            "L1": "2C 7H",
            "L2": "2D 8C",
            "L3": "2H 6S",
            "L4": "3C 9D",
            "L5": "3D 7C",
            "R1": "3H 8D",
            "R2": "3S 6D",
            "R3": "4C KS",
            "R4": "4D 2S",
            "R5": "4H QC",
        },
    )


def test_butterfly_builds_one_rank_up_or_down_regardless_of_suit():
    pos = butterfly_fan()
    assert_legal(pos, "7H L1>L2")  # on 8C: one lower, other colour
    assert_legal(pos, "7H L1>L3")  # on 6S: one higher
    assert_legal(pos, "7H L1>R1")  # on 8D: same colour
    assert_legal(pos, "7H L1>R2")  # on 6D
    assert_legal(pos, "QC R5>R3")  # on KS
    assert_legal(pos, "KS R3>R5")  # on QC


def test_butterfly_forbids_two_ranks_apart_and_same_rank():
    pos = butterfly_fan()
    assert_illegal(pos, "7H L1>L4", "may not be placed on 9D")  # two apart
    assert_illegal(pos, "7H L1>L5", "may not be placed on 7C")  # same rank
    assert_illegal(pos, "9D L4>L1", "one rank higher or lower")


def test_no_wrap_around_between_king_and_ace():
    pos = position(BUTTERFLY, {"L1": "5C KD", "L2": "5D 2S", "L3": "5H AS"}, "AC AD AH")
    assert_illegal(pos, "KD L1>L3")
    assert_illegal(pos, "AS L3>L1")
    assert_legal(pos, "AS L3>L2")  # an ace may rest on a two in the rows


def test_alternate_colours_forbids_red_on_red_and_black_on_black():
    pos = butterfly_fan(ALTERNATE)
    assert_legal(pos, "7H L1>L2")  # red on black 8C
    assert_legal(pos, "7H L1>L3")  # red on black 6S
    assert_illegal(pos, "7H L1>R1", "other colour")  # red on red 8D
    assert_illegal(pos, "7H L1>R2", "other colour")  # red on red 6D
    assert_illegal(pos, "QC R5>R3", "other colour")  # black on black KS
    assert_illegal(pos, "8C L2>L5")  # same rank is still wrong
    assert_legal(pos, "6D R2>L5")  # red on black 7C
    assert_legal(pos, "6S L3>L1")  # black on red 7H


@pytest.mark.parametrize("rules", [CASTLE, STREETS], ids=lambda r: r.name)
def test_build_down_presets_forbid_building_up(rules):
    pos = position(rules, {"L1": "2C 7H", "L2": "2D 8C", "L3": "2H 6S", "L4": "3C 8H"})
    assert_legal(pos, "7H L1>L2")  # 7 on 8: down, any suit
    assert_legal(pos, "7H L1>L4")  # 7 on 8, same colour
    assert_illegal(pos, "7H L1>L3", "one rank lower")  # 7 on 6: up
    assert_illegal(pos, "8C L2>L1")  # 8 on 7: up
    assert_legal(pos, "6S L3>L1")


def test_same_suit_fortress_forbids_other_suits():
    pos = position(FORTRESS, {"L1": "2C 7H", "L2": "2D 8H", "L3": "2S 6H", "L4": "3C 8D", "L5": "3D 6S"})
    assert_legal(pos, "7H L1>L2")  # down, same suit
    assert_legal(pos, "7H L1>L3")  # up, same suit
    assert_illegal(pos, "7H L1>L4", "same suit")
    assert_illegal(pos, "7H L1>L5", "same suit")


def test_build_rules_are_the_documented_tables():
    """Rules.can_build agrees with its definition on every pair of cards."""
    deck = make_deck(52)
    for rules in [BUTTERFLY, ALTERNATE, FORTRESS, CASTLE, STREETS, make_rules("streets-and-alleys", "same-suit")]:
        for card in deck:
            for onto in deck:
                step = card.rank - onto.rank
                ranks_ok = step == -1 or (step == 1 and rules.build is Build.UP_OR_DOWN)
                suits_ok = {
                    SuitRule.ANY: True,
                    SuitRule.SAME_SUIT: card.suit == onto.suit,
                    SuitRule.ALTERNATE_COLOURS: card.is_red != onto.is_red,
                }[rules.suits]
                assert rules.can_build(card, onto) == (ranks_ok and suits_ok), (rules.name, card, onto)


# ------------------------------------------------------------ only outer cards
def test_only_the_outer_card_moves():
    pos = position(BUTTERFLY, {"L1": "2C 7H 9D", "L2": "2D 8C"})
    reason = assert_illegal(pos, "7H L1>L2", "not the outer card of L1")
    assert "its outer card is 9D" in reason
    assert_illegal(pos, "2C L1>F", "its outer card is 9D")
    assert_illegal(pos, "2C L1>B", "its outer card is 9D")


def test_a_card_must_come_from_the_row_named():
    pos = position(BUTTERFLY, {"L1": "2C 7H", "L2": "2D 8C", "L3": "3C 6S"})
    assert_illegal(pos, "7H L3>L2", "not the outer card of L3")
    assert_illegal(pos, "7H B>L2", "not in the basement")
    assert_illegal(pos, "7H R5>L2", "nothing (the row is empty)")


def test_a_card_cannot_move_to_its_own_row():
    pos = position(FORTRESS, {"L1": "2C 7H"})
    assert_illegal(pos, "7H L1>L1", "already in L1")


# ------------------------------------------------------------------- basement
def test_row_to_basement_while_cells_are_free():
    pos = position(BUTTERFLY, {"L1": "2C 7H 9D 5S 4S", "L2": "3C KD"})
    for card in ["4S", "5S", "9D"]:
        pos = assert_legal(pos, f"{card} L1>B")
        assert C(card) in pos.cells
    assert len(pos.cells) == 3
    assert pos.cells == tuple(sorted(pos.cells))
    assert_illegal(pos, "7H L1>B", "the basement is full (it holds 3)")
    assert_illegal(pos, "KD L2>B", "the basement is full (it holds 3)")
    assert not [m for m in pos.legal_moves() if m.target == CELL]


def test_basement_card_goes_only_to_the_foundation():
    pos = position(BUTTERFLY, {"L1": "2C 8H", "L2": "3C 6H", "L3": "5C TD"}, "AC AD 6H AS", cells="7H 9D")
    assert_illegal(pos, "7H B>L1", "may only go home")  # 7 on 8 would fit
    assert_illegal(pos, "9D B>L3", "may only go home")
    assert_illegal(pos, "9D B>F", "cannot go to its foundation")
    assert_illegal(pos, "7H B>B", "already in the cells")
    after = assert_legal(pos, "7H B>F")
    assert after.cells == (C("9D"),)
    assert after.foundations == (1, 1, 7, 1)
    assert all(m.source != CELL for m in pos.legal_moves() if m.target != FOUNDATION)


def test_a_basement_card_never_returns_to_a_row_even_an_empty_one():
    rules = make_rules("butterfly", None, 2)
    pos = position(rules, {"L1": "2C 8H"}, cells="7H")
    assert_illegal(pos, "7H B>L1")
    assert_illegal(pos, "7H B>L2")


def test_no_cells_means_no_cell_moves():
    pos = position(CASTLE, {"L1": "2C 8H", "L2": "3C 9H"})
    assert_illegal(pos, "8H L1>B", "has no cells")
    assert not [m for m in pos.legal_moves() if CELL in (m.source, m.target)]


def test_basement_size_follows_make_rules():
    rules = make_rules("butterfly", None, 1)
    pos = position(rules, {"L1": "2C 8H 9S"})
    pos = assert_legal(pos, "9S L1>B")
    assert_illegal(pos, "8H L1>B", "the basement is full (it holds 1)")
    none = position(make_rules("butterfly", None, 0), {"L1": "2C 8H 9S"})
    assert_illegal(none, "9S L1>B")


def test_a_basement_cell_freed_by_a_card_going_home_is_used_again():
    """At most three cards at a time, not three in all."""
    pos = position(BUTTERFLY, {"L1": "5C 9D 8S 7H", "L2": "6C 2C"})
    for move in ("7H L1>B", "8S L1>B", "2C L2>B"):
        pos = pos.play(M(move))
    assert_illegal(pos, "9D L1>B", "the basement is full (it holds 3)")
    pos = assert_legal(pos, "2C B>F")
    after = assert_legal(pos, "9D L1>B")
    assert after.cells == tuple(sorted(parse_cards("7H 8S 9D")))


def test_a_row_holding_only_its_innermost_card_still_takes_cards():
    pos = position(BUTTERFLY, {"L1": "7H", "L2": "2C 8C", "L3": "2D 6S"})
    assert_legal(pos, "8C L2>L1")
    assert_legal(pos, "6S L3>L1")


# ----------------------------------------------------------------- free cells
def test_free_cells_give_cards_back_to_rows():
    pos = position(FREE_CELLS, {"L1": "2C 8H", "L2": "3C 6S", "L3": "4C KD"}, cells="7H")
    after = assert_legal(pos, "7H B>L1")  # 7 on 8: down
    assert after.rows[0] == (C("2C"), C("8H"), C("7H"))
    assert after.cells == ()
    assert_illegal(pos, "7H B>L2", "one rank lower")  # 7 on 6: up
    assert_illegal(pos, "7H B>L3")
    assert_legal(pos, "7H B>L4")  # an empty row takes any card
    assert_legal(pos, "KD L3>B")
    full = pos.play(M("KD L3>B"))
    assert_illegal(full, "8H L1>B", "no free cell")


# ------------------------------------------------------------- the last card
def test_butterfly_last_card_of_a_row_goes_only_to_a_foundation():
    pos = position(BUTTERFLY, {"L1": "7H", "L2": "2C 8C", "L3": "2D 6S"}, "AC AD 6H AS")
    assert_illegal(pos, "7H L1>L2", "last card of L1")
    assert_illegal(pos, "7H L1>L3", "last card of L1")
    assert_illegal(pos, "7H L1>B", "last card of L1")
    after = assert_legal(pos, "7H L1>F")
    assert after.rows[0] == ()
    assert [m for m in pos.legal_moves() if m.source == "L1"] == [M("7H L1>F")]


def test_butterfly_last_card_stays_when_it_cannot_go_home():
    pos = position(BUTTERFLY, {"L1": "7H", "L2": "2C 8C"})
    assert not [m for m in pos.legal_moves() if m.source == "L1"]


@pytest.mark.parametrize("rules", [FORTRESS, CASTLE, STREETS, FREE_CELLS], ids=lambda r: r.name + str(r.cells))
def test_without_the_last_card_rule_the_last_card_moves_anywhere(rules):
    assert not rules.last_card_to_foundation_only
    pos = position(rules, {"L1": "7H", "L2": "2C 8H", "L3": "2D 6H"})
    assert_legal(pos, "7H L1>L2")  # down, same suit: fits every preset
    assert_legal(pos, "7H L1>L4")  # an empty row
    if rules.cells:
        assert_legal(pos, "7H L1>B")


# ----------------------------------------------------------------- empty rows
def test_butterfly_empty_row_is_lost():
    pos = position(BUTTERFLY, {"L1": "7H", "L2": "2C 8C"}, "AC AD 6H AS")
    pos = pos.play(M("7H L1>F"))
    assert_illegal(pos, "8C L2>L1", "empty and lost")
    assert not [m for m in pos.legal_moves() if m.target == "L1"]
    assert BUTTERFLY.empty_rows is EmptyRows.LOST


@pytest.mark.parametrize("rules", [FORTRESS, CASTLE, STREETS], ids=lambda r: r.name)
def test_empty_row_takes_any_card_in_other_presets(rules):
    pos = position(rules, {"L1": "2C 7H", "L2": "3C KD", "L3": "4D 5S"})
    for move in ["7H L1>L4", "KD L2>R1", "5S L3>R4"]:
        assert_legal(pos, move)
    targets = {m.target for m in pos.legal_moves() if m.source == "L1"}
    assert set(rules.row_names[3:]) <= targets


def test_a_row_emptied_in_fortress_can_be_refilled():
    pos = position(FORTRESS, {"L1": "7H", "L2": "2C 8H", "L3": "3C KD"})
    pos = pos.play(M("7H L1>L2"))
    assert pos.rows[0] == ()
    pos = assert_legal(pos, "KD L3>L1")
    assert pos.rows[0] == (C("KD"),)


# ----------------------------------------------------------- foundation, rows
def test_cards_never_leave_the_foundations():
    with pytest.raises(InputError, match="never leave the foundations"):
        Move.parse("AC F>L1")
    pos = position(BUTTERFLY, {"L1": "2C 2D"}, "AC AD AH AS")
    assert pos.check_move(Move(C("AC"), FOUNDATION, "L1")) == "cards never leave the foundations"
    with pytest.raises(InputError):
        pos.play(Move(C("AC"), FOUNDATION, "L1"))


@pytest.mark.parametrize(
    "text, why",
    [
        ("7H L6>L1", "no row L6"),
        ("7H R6>L1", "no row R6"),
        ("7H L1>R9", "no row R9"),
        ("7H L1>L0", "no row L0"),
    ],
)
def test_unknown_row_names_rejected(text, why):
    pos = position(BUTTERFLY, {"L1": "2C 7H", "L2": "2D 8C"})
    assert_illegal(pos, text, why)


def test_eight_row_games_have_no_fifth_row():
    pos = position(CASTLE, {"L1": "2C 7H", "L2": "2D 8C"})
    assert CASTLE.row_names == ("L1", "L2", "L3", "L4", "R1", "R2", "R3", "R4")
    assert_illegal(pos, "7H L1>L5", "no row L5")
    assert_illegal(pos, "7H L1>R5", "no row R5")


def test_row_index_rejects_unknown_names():
    assert BUTTERFLY.row_index("r5") == 9
    with pytest.raises(InputError, match="no row 'R6'"):
        BUTTERFLY.row_index("R6")


def test_is_won_only_when_all_four_foundations_reach_the_king():
    assert Position(BUTTERFLY, ((),) * 10, (13, 13, 13, 13)).is_won()
    assert Position(BUTTERFLY, ((),) * 10, (13, 13, 13, 13)).validate().legal_moves() == []
    for suit in range(4):
        tops = [13] * 4
        tops[suit] = 12
        pos = Position(BUTTERFLY, ((C("KCKDKHKS"[2 * suit : 2 * suit + 2]),),) + ((),) * 9, tuple(tops))
        assert not pos.is_won()
        pos.validate()
        won = pos.play(pos.legal_moves()[0])
        assert won.is_won()
    assert not Position.deal(1).is_won()


# ------------------------------------------------------------- move notation
@pytest.mark.parametrize("text", ["7H L3>R2", "KD L1>F", "5C R4>B", "5C B>F", "TS R5>L1", "AS B>R1"])
def test_move_parse_print_round_trip(text):
    move = Move.parse(text)
    assert str(move) == text
    assert Move.parse(str(move)) == move


def test_move_parse_fields():
    assert Move.parse("7H L3>R2") == Move(C("7H"), "L3", "R2")
    assert Move.parse("KD L1>F") == Move(C("KD"), "L1", FOUNDATION)
    assert Move.parse("5C R4>B") == Move(C("5C"), "R4", CELL)
    assert Move.parse("5C B>F") == Move(C("5C"), CELL, FOUNDATION)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("7H L3 > R2", "7H L3>R2"),
        ("  7h l3>r2  ", "7H L3>R2"),
        ("kd L1 >f", "KD L1>F"),
        ("10s r4> b", "TS R4>B"),
        ("5c\tb>f", "5C B>F"),
    ],
)
def test_move_parse_accepts_spaces_and_lower_case(text, expected):
    assert str(Move.parse(text)) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "7H",
        "7H L3",
        "7H L3 R2",
        "7H L3-R2",
        "7H L3>>R2",
        "7H L3>R2>F",
        "XX L3>R2",
        "7H Q3>R2",
        "7H L>R2",
        "7H LX>R2",
        "7H L3>",
        ">R2",
        "7H F>B",
        "7H L3>R2 extra",
    ],
)
def test_bad_move_notation_rejected(text):
    with pytest.raises(InputError) as info:
        Move.parse(text)
    assert "\n" not in str(info.value)


# -------------------------------------------------------------------- replay
def test_replay_returns_every_position():
    pos = position(BUTTERFLY, {"L1": "9D 2C", "L2": "3C 2H", "L3": "4C 5S"})
    moves = [M("2C L1>F"), M("2H L2>F")]
    positions = pos.replay(moves)
    assert len(positions) == 3
    assert positions[0] is pos
    assert positions[2].foundations == (2, 1, 2, 1)
    assert positions[2] == pos.play(moves[0]).play(moves[1])


def test_replay_names_the_first_illegal_move_with_its_number():
    pos = position(BUTTERFLY, {"L1": "9D 2C", "L2": "3C 3H", "L3": "4C 5S"})
    moves = [M("2C L1>F"), M("3C L2>F"), M("5S L3>F"), M("3H L2>F")]
    with pytest.raises(InputError) as info:
        pos.replay(moves)
    message = str(info.value)
    assert message.startswith("move 2 (3C L2>F) is illegal")
    assert "outer card is 3H" in message
    assert "\n" not in message


def test_replay_of_nothing_is_the_start():
    pos = Position.deal(3)
    assert pos.replay([]) == [pos]


def test_positions_are_immutable_values():
    pos = position(BUTTERFLY, {"L1": "9D 2C"})
    before = (pos.rows, pos.foundations, pos.cells)
    pos.play(M("2C L1>F"))
    assert (pos.rows, pos.foundations, pos.cells) == before
    with pytest.raises(dataclasses.FrozenInstanceError):
        pos.rows = ()


# ------------------------------------------------------------ move ordering
def test_legal_moves_order_butterfly():
    """Foundations (rows in order, then the basement in card order), then row
    to row (source rows in order, each to target rows in order), then row to
    basement (rows in order)."""
    pos = position(
        BUTTERFLY,
        {
            "L1": "5D 2C",
            "L2": "9S 3H",
            "L3": "7C 4D",
            "L4": "8D",
            "R1": "KH 3S",
            "R2": "6S 5H",
            "R3": "QD JC",
            "R4": "TD 9H",
            "R5": "4S 2D",
        },
        "AC AD 2H AS",
        cells="2S KC",
    )
    assert pos.cells == (C("KC"), C("2S"))
    expected = [
        "2C L1>F",
        "3H L2>F",
        "2D R5>F",
        "2S B>F",
        "2C L1>L2",
        "2C L1>R1",
        "3H L2>L1",
        "3H L2>L3",
        "3H L2>R5",
        "4D L3>L2",
        "4D L3>R1",
        "4D L3>R2",
        "3S R1>L1",
        "3S R1>L3",
        "3S R1>R5",
        "5H R2>L3",
        "9H R4>L4",
        "2D R5>L2",
        "2D R5>R1",
        "2C L1>B",
        "3H L2>B",
        "4D L3>B",
        "3S R1>B",
        "5H R2>B",
        "JC R3>B",
        "9H R4>B",
        "2D R5>B",
    ]
    assert [str(m) for m in pos.legal_moves()] == expected


def test_legal_moves_order_with_free_cells():
    """As above, with cell to row (cells in card order, rows in order) before
    row to cell."""
    rules = dataclasses.replace(CASTLE, cells=3, cells_one_way=False)
    pos = position(
        rules,
        {
            "L1": "9S 2C",
            "L2": "5H",
            "L3": "KD 6D",
            "R1": "4S",
            "R2": "3D",
            "R3": "8C",
            "R4": "7S",
        },
        "AC AD AH AS",
        cells="2H 5C",
    )
    expected = [
        "2C L1>F",
        "2H B>F",
        "2C L1>L4",
        "2C L1>R2",
        "5H L2>L3",
        "5H L2>L4",
        "6D L3>L4",
        "6D L3>R4",
        "4S R1>L2",
        "4S R1>L4",
        "3D R2>L4",
        "3D R2>R1",
        "8C R3>L4",
        "7S R4>L4",
        "7S R4>R3",
        "5C B>L3",
        "5C B>L4",
        "2H B>L4",
        "2H B>R2",
        "2C L1>B",
        "5H L2>B",
        "6D L3>B",
        "4S R1>B",
        "3D R2>B",
        "8C R3>B",
        "7S R4>B",
    ]
    assert [str(m) for m in pos.legal_moves()] == expected


def test_legal_moves_of_deal_1_start_with_nothing_to_the_foundations():
    pos = Position.deal(1)
    moves = pos.legal_moves()
    assert len(moves) == len(set(moves))
    assert moves[0] == M("2D L3>F")
    kinds = [0 if m.target == FOUNDATION else 3 if m.target == CELL else 1 for m in moves]
    assert kinds == sorted(kinds)
    assert [m for m in moves if m.target == CELL] == [
        Move(row[-1], name, CELL) for name, row in zip(BUTTERFLY.row_names, pos.rows)
    ]


def test_children_pairs_moves_with_their_positions():
    pos = Position.deal(2)
    children = list(pos.children())
    assert [m for m, _ in children] == pos.legal_moves()
    for move, child in children:
        assert child == pos.play(move)


def test_key_ignores_the_order_of_rows():
    pos = position(FORTRESS, {"L1": "2C 7H", "L2": "3C KD"})
    swapped = position(FORTRESS, {"L1": "3C KD", "L5": "2C 7H"})
    assert pos.key() == swapped.key()
    assert pos.key() != position(FORTRESS, {"L1": "3C KD", "L5": "7H 2C"}).key()


# ------------------------------------------------------------- validation
def test_validate_accepts_deals_and_rejects_broken_positions():
    pos = Position.deal(4)
    assert pos.validate() is pos
    rows = list(pos.rows)
    dup = dataclasses.replace(pos, rows=(rows[0] + (rows[1][0],),) + tuple(rows[1:]))
    with pytest.raises(InputError, match=f"card {rows[1][0]} is twice"):
        dup.validate()
    short = dataclasses.replace(pos, rows=(rows[0][:-1],) + tuple(rows[1:]))
    with pytest.raises(InputError, match=f"1 card\\(s\\) missing: {rows[0][-1]}"):
        short.validate()
    with pytest.raises(InputError, match="has 10 rows"):
        dataclasses.replace(pos, rows=tuple(rows[:9])).validate()
    with pytest.raises(InputError, match="cells"):
        dataclasses.replace(pos, rows=tuple(r[:-1] for r in rows), cells=tuple(sorted(r[-1] for r in rows))).validate()
    with pytest.raises(InputError, match="foundation"):
        dataclasses.replace(pos, foundations=(14, 1, 1, 1)).validate()


# ======================================================== property tests
CONFIGS = (
    [(game, None, None) for game in PRESETS]
    + [(game, "alternate-colours", None) for game in PRESETS]
    + [
        ("butterfly", None, 0),
        ("butterfly", "same-suit", 1),
        ("beleaguered-castle", None, 2),
        ("streets-and-alleys", "alternate-colours", 3),
        ("fortress", None, 1),
    ]
)


def count_cards(pos):
    """Every card, counted independently of Position.validate()."""
    counts = Counter()
    for suit, top in enumerate(pos.foundations):
        assert 0 <= top <= 13
        for rank in range(1, top + 1):
            counts[Card(rank, suit)] += 1
    for row in pos.rows:
        counts.update(row)
    counts.update(pos.cells)
    return counts


FULL_DECK = Counter(make_deck(52))


def assert_invariants(pos):
    pos.validate()
    assert count_cards(pos) == FULL_DECK
    assert len(pos.rows) == len(pos.rules.row_sizes)
    assert len(pos.cells) <= pos.rules.cells
    assert list(pos.cells) == sorted(pos.cells)


def candidate_moves(pos, extra_cards=()):
    """Every outer card and cell card to every place, plus the given covered
    cards and some claims of the wrong source."""
    rules = pos.rules
    places = list(rules.row_names) + [FOUNDATION, CELL]
    for name, row in zip(rules.row_names, pos.rows):
        if row:
            for target in places:
                yield Move(row[-1], name, target)
            yield Move(row[-1], CELL, FOUNDATION)
            for other in rules.row_names:
                if other != name:
                    yield Move(row[-1], other, CELL)
    for card in pos.cells:
        for target in places:
            yield Move(card, CELL, target)
    for card, name in extra_cards:
        for target in places:
            yield Move(card, name, target)


def assert_engine_consistent(pos, extra_cards=()):
    """legal_moves() is exactly the set of candidates check_move() accepts."""
    legal = pos.legal_moves()
    assert len(legal) == len(set(legal))
    for move in legal:
        assert pos.check_move(move) is None, move
    legal_set = set(legal)
    accepted = set()
    for move in candidate_moves(pos, extra_cards):
        reason = pos.check_move(move)
        if reason is None:
            accepted.add(move)
        else:
            assert move not in legal_set, (move, reason)
            assert reason and "\n" not in reason
    assert accepted == legal_set


def covered_cards(pos, data):
    covered = [(card, name) for name, row in zip(pos.rules.row_names, pos.rows) for card in row[:-1]]
    if not covered:
        return []
    return data.draw(st.lists(st.sampled_from(covered), max_size=2))


def pick_move(pos, data):
    moves = pos.legal_moves()
    if not moves:
        return None
    # Favour foundation and cell moves a little so that games progress.
    home = [m for m in moves if m.target in (FOUNDATION, CELL)]
    if home and data.draw(st.booleans()):
        return home[data.draw(st.integers(0, len(home) - 1))]
    return moves[data.draw(st.integers(0, len(moves) - 1))]


PROPERTY_SETTINGS = settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


@PROPERTY_SETTINGS
@given(config=st.sampled_from(CONFIGS), number=st.integers(0, MAX_DEAL), data=st.data())
def test_random_play_keeps_every_card_exactly_once(config, number, data):
    """After every legal move: all 52 cards once across foundations (ranks
    1..top), rows and cells; cells within the limit; lost rows stay empty;
    basement cards leave only for the foundations; legal_moves() and
    check_move() agree on every candidate move."""
    rules = make_rules(*config)
    pos = Position.deal(number, rules)
    assert_invariants(pos)
    lost = set()
    for _ in range(data.draw(st.integers(0, 40))):
        assert_engine_consistent(pos, covered_cards(pos, data))
        move = pick_move(pos, data)
        if move is None:
            break
        if move.source == CELL and rules.cells_one_way:
            assert move.target == FOUNDATION
        before = pos.cards_in_play()
        pos = pos.play(move)
        assert_invariants(pos)
        assert pos.cards_in_play() == before - (move.target == FOUNDATION)
        if rules.empty_rows is EmptyRows.LOST:
            for name, row in zip(rules.row_names, pos.rows):
                if name in lost:
                    assert row == ()
                if not row:
                    lost.add(name)


@settings(max_examples=60, deadline=None)
@given(config=st.sampled_from(CONFIGS), number=st.integers(0, MAX_DEAL), data=st.data())
def test_illegal_moves_are_refused_by_apply(config, number, data):
    """Any move outside legal_moves() makes apply() raise InputError and
    leaves nothing changed; replay() reports it with its number."""
    rules = make_rules(*config)
    pos = Position.deal(number, rules)
    played = []
    for _ in range(data.draw(st.integers(0, 15))):
        move = pick_move(pos, data)
        if move is None:
            break
        played.append(move)
        pos = pos.play(move)
    legal = set(pos.legal_moves())
    card = data.draw(st.sampled_from(make_deck(52)))
    places = list(rules.row_names) + [FOUNDATION, CELL]
    source = data.draw(st.sampled_from(list(rules.row_names) + [CELL]))
    target = data.draw(st.sampled_from(places))
    move = Move(card, source, target)
    if move in legal:
        assert pos.check_move(move) is None
        return
    with pytest.raises(InputError):
        pos.play(move)
    start = Position.deal(number, rules)
    with pytest.raises(InputError, match=f"^move {len(played) + 1} "):
        start.replay(played + [move])
