"""Deal files and move lists (butterfly.games.patience.format)."""

import json
import random

import pytest

from butterfly.games.cards import Card
from butterfly.games.errors import InputError
from butterfly.games.patience.format import (
    deal_from_json,
    deal_to_json,
    format_deal_text,
    format_moves,
    parse_deal,
    parse_deal_text,
    parse_moves,
    rules_header,
)
from butterfly.games.patience.rules import CELL, FOUNDATION, PRESETS, VARIANTS, Move, Position, make_rules

DEAL_1_TEXT = """\
# butterfly deal 1
game: butterfly
F: AC AD AH AS
B:
L1: 7D 9C 4D 8H 8D
L2: 5S JD 6D 9S JC
L3: 5D KD 3C 2D
L4: JH 5H 7H 4H 2C
L5: 6S KC KH TH TS
R1: JS TD 8S QC 4S
R2: 6C 7C 5C KS 6H
R3: QS QH QD 9D
R4: 3D 3S 4C 2H 8C
R5: TC 3H 2S 9H 7S
"""


def all_rules():
    """Every preset under every variant and a few cell counts."""
    out = []
    for game in PRESETS:
        for variant in (None, *VARIANTS):
            for cells in (None, 0, 2):
                out.append((game, variant, cells))
    return out


def variant_changes_nothing(game, variant):
    return variant is not None and PRESETS[game].suits.value == variant


def rules_params():
    params = []
    for game, variant, cells in all_rules():
        params.append(pytest.param(game, variant, cells, id=f"{game}-{variant}-{cells}"))
    return params


def midgame(rules, number, steps, seed):
    """A position after up to ``steps`` legal moves, preferring foundation
    moves and sometimes a move to the basement."""
    rng = random.Random(seed)
    pos = Position.deal(number, rules)
    for _ in range(steps):
        moves = pos.legal_moves()
        if not moves:
            break
        home = [m for m in moves if m.target == FOUNDATION]
        cell = [m for m in moves if m.target == CELL]
        rows = dict(zip(rules.row_names, pos.rows))
        shortest = min((m for m in moves if m.source in rows), default=None, key=lambda m: len(rows[m.source]))
        if home:
            move = home[0]
        elif cell and rng.random() < 0.35:
            move = rng.choice(cell)
        elif shortest is not None and rng.random() < 0.5:
            move = shortest  # empty a row now and then
        else:
            move = rng.choice(moves)
        pos = pos.play(move)
    return pos


def json_round_trip(pos):
    return deal_from_json(json.loads(json.dumps(deal_to_json(pos))))


def assert_one_line_error(call, *needles):
    with pytest.raises(InputError) as info:
        call()
    message = str(info.value)
    assert message and "\n" not in message, message
    for needle in needles:
        assert needle in message, message
    return message


# ------------------------------------------------------------------ round trips
def test_deal_1_text_is_the_documented_form():
    assert format_deal_text(Position.deal(1), "butterfly deal 1") == DEAL_1_TEXT
    assert parse_deal_text(DEAL_1_TEXT) == Position.deal(1)


@pytest.mark.parametrize("game, variant, cells", rules_params())
def test_text_and_json_round_trip_of_deals(game, variant, cells):
    rules = make_rules(game, variant, cells)
    for number in (0, 1, 2**63 - 1):
        pos = Position.deal(number, rules)
        text = format_deal_text(pos)
        assert parse_deal_text(text) == pos
        assert parse_deal(text) == pos
        assert json_round_trip(pos) == pos
        assert parse_deal(json.dumps(deal_to_json(pos))) == pos


def test_fortress_same_suit_is_fortress():
    """A variant equal to the preset's own suit rule changes nothing, name included."""
    assert make_rules("fortress", "same-suit") == PRESETS["fortress"]


def test_fortress_same_suit_deal_round_trips():
    pos = Position.deal(1, make_rules("fortress", "same-suit"))
    assert parse_deal_text(format_deal_text(pos)).rules == pos.rules
    assert json_round_trip(pos).rules == pos.rules


MIDGAME_RULES = [
    (game, variant, cells) for game, variant, cells in all_rules() if not variant_changes_nothing(game, variant)
]


@pytest.mark.parametrize("game, variant, cells", MIDGAME_RULES)
def test_text_and_json_round_trip_of_mid_game_positions(game, variant, cells):
    rules = make_rules(game, variant, cells)
    positions = [midgame(rules, number, steps, seed=number) for number in range(6) for steps in (3, 12, 40)]
    for pos in positions:
        pos.validate()
        assert parse_deal(format_deal_text(pos, "mid game")) == pos
        assert json_round_trip(pos) == pos
        assert parse_deal(json.dumps(deal_to_json(pos), indent=2)) == pos


def test_mid_game_samples_have_basement_and_foundation_cards():
    """The round-trip positions above really exercise the B and F lines."""
    rules = PRESETS["butterfly"]
    positions = [midgame(rules, number, steps, seed=number) for number in range(6) for steps in (3, 12, 40)]
    assert any(pos.cells for pos in positions)
    assert any(max(pos.foundations) > 1 for pos in positions)
    others = [midgame(make_rules(game), number, 40, seed=number) for game in PRESETS for number in range(6)]
    assert any(not row for pos in others for row in pos.rows)


def test_text_form_of_a_mid_game_position():
    rules = PRESETS["butterfly"]
    pos = Position(
        rules, ((Card.parse("KS"),),) + ((),) * 8 + ((Card.parse("QS"), Card.parse("JS")),), (13, 13, 13, 10), ()
    )
    text = format_deal_text(pos)
    assert "F: KC KD KH TS\n" in text
    assert "B:\n" in text
    assert "L2: -\n" in text
    assert "R5: QS JS\n" in text
    assert parse_deal_text(text) == pos
    spread = Position(rules, ((),) * 10, (13, 13, 12, 12), (Card.parse("KH"), Card.parse("KS")))
    assert "B: KH KS\n" in format_deal_text(spread)
    assert parse_deal_text(format_deal_text(spread)) == spread


def test_json_form_fields():
    data = deal_to_json(Position.deal(1))
    assert data["game"] == "butterfly"
    assert "variant" not in data and "cells" not in data
    assert data["foundations"] == ["AC", "AD", "AH", "AS"]
    assert data["basement"] == []
    assert data["rows"]["L1"] == ["7D", "9C", "4D", "8H", "8D"]
    assert list(data["rows"]) == list(PRESETS["butterfly"].row_names)
    variant = deal_to_json(Position.deal(1, make_rules("butterfly", "alternate-colours", 2)))
    assert (variant["variant"], variant["cells"]) == ("alternate-colours", 2)


def test_rules_header_rebuilds_the_rules():
    for game, variant, cells in MIDGAME_RULES:
        rules = make_rules(game, variant, cells)
        assert make_rules(**rules_header(rules)) == rules


# ----------------------------------------------------------- lenient reading
def test_text_form_is_lenient_about_case_order_comments_and_blank_lines():
    lines = DEAL_1_TEXT.splitlines()
    shuffled = ["", "  # a comment", *reversed(lines[1:]), ""]
    text = "\n".join(line.lower() + "   # trailing comment" if ":" in line else line for line in shuffled)
    assert parse_deal_text(text) == Position.deal(1)


def test_text_form_defaults_to_butterfly_with_aces_home():
    text = "\n".join(line for line in DEAL_1_TEXT.splitlines() if not line.startswith(("game", "F:", "B:")))
    assert parse_deal_text(text) == Position.deal(1)


def test_text_form_accepts_10_and_commas_and_dash_for_empty():
    text = DEAL_1_TEXT.replace("L5: 6S KC KH TH TS", "L5: 6S, KC, KH, 10H, 10S").replace("B:", "B: -")
    assert parse_deal_text(text) == Position.deal(1)


def test_empty_row_may_be_written_blank_or_dash_and_basement_in_any_order():
    rules = PRESETS["butterfly"]
    pos = midgame(rules, 3, 40, seed=3)
    text = format_deal_text(pos)
    assert ": -\n" in text and len(pos.cells) == 3  # this sample has both
    assert parse_deal_text(text.replace(": -\n", ":\n")) == pos
    cells = " ".join(map(str, pos.cells))
    backwards = " ".join(map(str, reversed(pos.cells)))
    assert parse_deal_text(text.replace("B: " + cells, "B: " + backwards)) == pos


def test_missing_foundation_line_means_the_preset_start():
    pos = Position.deal(2, PRESETS["fortress"])
    text = format_deal_text(pos)
    assert "F: -\n" in text
    assert parse_deal_text(text.replace("F: -\n", "")) == pos
    assert pos.foundations == (0, 0, 0, 0)
    assert [len(r) for r in pos.rows] == [6, 5, 5, 5, 5, 6, 5, 5, 5, 5]  # L1 and R1 of 6


def test_parse_deal_accepts_both_forms():
    pos = Position.deal(9, make_rules("streets-and-alleys", "alternate-colours", 3))
    assert parse_deal(format_deal_text(pos)) == pos
    assert parse_deal("\n  " + json.dumps(deal_to_json(pos))) == pos


def test_json_rows_may_be_strings_and_lower_case():
    data = deal_to_json(Position.deal(1))
    data["rows"] = {name.lower(): " ".join(cards) for name, cards in data["rows"].items()}
    data["foundations"] = "AC AD AH AS"
    assert deal_from_json(data) == Position.deal(1)


# ------------------------------------------------------------------ rejections
def test_unknown_card_names_the_line():
    text = DEAL_1_TEXT.replace("L3: 5D KD 3C 2D", "L3: 5D KD 3C ZZ")
    assert_one_line_error(lambda: parse_deal(text), "line 7", "ZZ")


def test_unknown_card_in_json_names_the_field():
    data = deal_to_json(Position.deal(1))
    data["rows"]["R2"][0] = "1C"
    assert_one_line_error(lambda: deal_from_json(data), "rows.R2", "1C")


def test_duplicate_card_is_named():
    text = DEAL_1_TEXT.replace("L3: 5D KD 3C 2D", "L3: 5D KD 3C 9S")
    assert_one_line_error(lambda: parse_deal(text), "9S", "twice")


def test_duplicate_card_with_the_foundation_is_named():
    text = DEAL_1_TEXT.replace("F: AC AD AH AS", "F: 3C AD AH AS").replace("L3: 5D KD 3C 2D", "L3: 5D KD 2D")
    # 2C (L4) and 3C (L3, now removed) are implied by the foundation: 2C is there twice.
    assert_one_line_error(lambda: parse_deal(text), "2C", "twice")


def test_missing_cards_are_named():
    text = DEAL_1_TEXT.replace("L3: 5D KD 3C 2D", "L3: 5D KD")
    assert_one_line_error(lambda: parse_deal(text), "2 card(s) missing", "2D", "3C")


def test_missing_row_is_named():
    text = DEAL_1_TEXT.replace("R4: 3D 3S 4C 2H 8C\n", "")
    assert_one_line_error(lambda: parse_deal(text), "missing R4")
    data = deal_to_json(Position.deal(1))
    del data["rows"]["L2"]
    assert_one_line_error(lambda: deal_from_json(data), "missing L2")


def test_wrong_number_of_rows_for_the_game():
    text = DEAL_1_TEXT.replace("game: butterfly", "game: beleaguered-castle")
    assert_one_line_error(lambda: parse_deal(text), "no row L5", "line 9")


def test_unknown_row_name_in_butterfly():
    text = DEAL_1_TEXT + "R6: -\n"
    assert_one_line_error(lambda: parse_deal(text), "line 15", "no row R6")
    data = deal_to_json(Position.deal(1))
    data["rows"]["R6"] = []
    assert_one_line_error(lambda: deal_from_json(data), "rows.R6", "no row R6")


def test_unknown_line_is_named():
    text = DEAL_1_TEXT.replace("B:", "X1: 7H")
    assert_one_line_error(lambda: parse_deal(text), "line 4", "unknown line")
    assert_one_line_error(lambda: parse_deal("L1 7D 9C"), "line 1", "expected 'NAME: cards'")


def test_row_given_twice_in_text():
    text = DEAL_1_TEXT + "l1: 7D 9C 4D 8H 8D\n"
    assert_one_line_error(lambda: parse_deal(text), "line 15", "L1 is given twice")


def test_header_given_twice_in_text():
    text = "game: butterfly\n" + DEAL_1_TEXT
    assert_one_line_error(lambda: parse_deal(text), "line 3", "game is given twice")


def test_row_given_twice_in_json():
    data = deal_to_json(Position.deal(1))
    data["rows"]["l1"] = list(data["rows"]["L1"])
    assert_one_line_error(lambda: deal_from_json(data), "L1")


def test_two_foundation_cards_of_one_suit():
    text = DEAL_1_TEXT.replace("F: AC AD AH AS", "F: AC AD AH AS 2S")
    assert_one_line_error(lambda: parse_deal(text), "line 3", "two spades foundation cards")
    data = deal_to_json(Position.deal(1))
    data["foundations"] = ["AC", "AD", "AH", "AS", "2H"]
    assert_one_line_error(lambda: deal_from_json(data), "foundations", "two hearts")


def four_in_the_basement() -> str:
    """Deal 1 with four outer cards moved into the basement."""
    return (
        DEAL_1_TEXT.replace("B:", "B: 8D JC 2D TS")
        .replace("L1: 7D 9C 4D 8H 8D", "L1: 7D 9C 4D 8H")
        .replace("L2: 5S JD 6D 9S JC", "L2: 5S JD 6D 9S")
        .replace("L3: 5D KD 3C 2D", "L3: 5D KD 3C")
        .replace("L5: 6S KC KH TH TS", "L5: 6S KC KH TH")
    )


def test_too_many_basement_cards():
    text = four_in_the_basement()
    assert_one_line_error(lambda: parse_deal(text), "4 cards in the cells", "butterfly has 3")
    assert_one_line_error(lambda: parse_deal("cells: 3\n" + text), "4 cards", "has 3")
    # Beleaguered Castle has no cells at all.
    pos = Position.deal(1, PRESETS["beleaguered-castle"])
    data = deal_to_json(pos)
    data["basement"] = [data["rows"]["L1"].pop()]
    assert_one_line_error(lambda: deal_from_json(data), "1 cards in the cells")


def test_more_cells_make_a_big_basement_legal():
    text = four_in_the_basement()
    pos = parse_deal("cells: 4\n" + text)
    assert pos.rules.cells == 4
    assert len(pos.cells) == 4


def test_unknown_game():
    text = DEAL_1_TEXT.replace("game: butterfly", "game: klondike")
    assert_one_line_error(lambda: parse_deal(text), "unknown game 'klondike'")
    data = {**deal_to_json(Position.deal(1)), "game": "klondike"}
    assert_one_line_error(lambda: deal_from_json(data), "unknown game 'klondike'")


def test_unknown_variant():
    text = "variant: rainbow\n" + DEAL_1_TEXT
    assert_one_line_error(lambda: parse_deal(text), "unknown variant 'rainbow'")
    data = {**deal_to_json(Position.deal(1)), "variant": "rainbow"}
    assert_one_line_error(lambda: deal_from_json(data), "unknown variant 'rainbow'")


@pytest.mark.parametrize(
    "value, needle",
    [
        ("x", "line 1"),
        ("-1", "line 1"),
        ("2.5", "line 1"),
        ("", "line 1"),
        ("9", "not 9"),
        ("100", "not 100"),
    ],
)
def test_bad_cells_value_in_text(value, needle):
    assert_one_line_error(lambda: parse_deal(f"cells: {value}\n" + DEAL_1_TEXT), needle)


def test_unicode_digit_cells_value_raises_input_error():
    assert_one_line_error(lambda: parse_deal("cells: ²\n" + DEAL_1_TEXT), "line 1")


@pytest.mark.parametrize("value", ["2", "two", 2.0, True, [2], {"n": 2}, -1, 9])
def test_bad_cells_value_in_json(value):
    data = {**deal_to_json(Position.deal(1)), "cells": value}
    assert_one_line_error(lambda: deal_from_json(data), "cells")


@pytest.mark.parametrize("text", ["{", '{"rows": ', '{"rows": {"L1": ["7H",]}}', "{'rows': {}}", '{"rows": {}} x'])
def test_malformed_json(text):
    assert_one_line_error(lambda: parse_deal(text), "the deal is not valid JSON")


def test_json_with_unknown_fields():
    data = {**deal_to_json(Position.deal(1)), "colour": "red", "notes": ""}
    assert_one_line_error(lambda: deal_from_json(data), "unknown field(s)", "colour", "notes")


@pytest.mark.parametrize(
    "field, value, needle",
    [
        ("game", 5, "game"),
        ("variant", ["alternate-colours"], "variant"),
        ("rows", [["7H"]], "rows"),
        ("rows", {}, "rows"),
        ("rows", "L1: 7H", "rows"),
        ("foundations", 4, "foundations"),
        ("foundations", [1, 1, 1, 1], "foundations"),
        ("basement", {"B": "7H"}, "basement"),
        ("basement", [7], "basement"),
    ],
)
def test_json_with_wrong_types(field, value, needle):
    data = {**deal_to_json(Position.deal(1)), field: value}
    assert_one_line_error(lambda: deal_from_json(data), needle)
    assert_one_line_error(lambda: parse_deal(json.dumps(data)), needle)


@pytest.mark.parametrize("cards", [7, None, [7, 8], {"a": "7H"}])
def test_json_row_of_wrong_type(cards):
    data = deal_to_json(Position.deal(1))
    data["rows"]["L3"] = cards
    assert_one_line_error(lambda: deal_from_json(data), "rows.L3")


@pytest.mark.parametrize("data", [[], "rows", 5, None])
def test_json_deal_must_be_an_object(data):
    assert_one_line_error(lambda: deal_from_json(data), "object")


def test_empty_text_has_no_rows():
    assert_one_line_error(lambda: parse_deal(""), "no rows")
    assert_one_line_error(lambda: parse_deal("# only a comment\ngame: butterfly\n"), "no rows")


# ------------------------------------------------------------------ move lists
MOVES = [Move.parse(m) for m in ("7H L3>R2", "KD L1>F", "5C R4>B", "5C B>F")]


@pytest.mark.parametrize(
    "text",
    [
        "7H L3>R2\nKD L1>F\n5C R4>B\n5C B>F\n",
        "7H L3>R2, KD L1>F,5C R4>B ,5C B>F",
        "1. 7H L3>R2\n2. KD L1>F\n3) 5C R4>B\n4) 5C B>F",
        "# a solution\n\n7h l3 > r2   # first\nKD L1>F\n\n  5C R4>B\n5C B>F\n# done\n",
        "1. 7H L3>R2, 2. KD L1>F\n12) 5C R4>B, 5C B>F",
        '["7H L3>R2", "KD L1>F", "5C R4>B", "5C B>F"]',
        '{"result": "won", "moves": ["7H L3>R2", "kd l1>f", "5C R4 > B", "5C B>F"], "nodes": 12}',
        "  \n" + '[\n "7H L3>R2",\n "KD L1>F",\n "5C R4>B",\n "5C B>F"\n]',
    ],
)
def test_parse_moves_forms(text):
    assert parse_moves(text) == MOVES


def test_parse_moves_round_trips_format_moves():
    assert format_moves(MOVES) == "7H L3>R2\nKD L1>F\n5C R4>B\n5C B>F\n"
    assert parse_moves(format_moves(MOVES)) == MOVES
    assert parse_moves("") == [] and parse_moves("# nothing\n\n") == []


@pytest.mark.parametrize(
    "text, needles",
    [
        ("7H L3>R2\nZZ L1>F", ("line 2", "ZZ")),
        ("7H L3>R2\n\n7H L3-R2", ("line 3", "bad move")),
        ("7H L3>Q2", ("line 1", "Q2")),
        ("AC F>L1", ("line 1", "never leave the foundations")),
        ("1. 7H L3>R2, 2. KD", ("line 1", "KD")),
        ('["7H L3>R2", 5]', ("list of strings",)),
        ('{"moves": "7H L3>R2"}', ("list of strings",)),
        ('{"solution": ["7H L3>R2"]}', ("list of strings",)),
        ('["7H L3>R2"', ("the move list is not valid JSON",)),
        ('["7H L3>R9x"]', ("R9X",)),
    ],
)
def test_parse_moves_rejections(text, needles):
    assert_one_line_error(lambda: parse_moves(text), *needles)


# ---- the one JSON loader and the typed fields (butterfly/games/position_json.py) ----------


@pytest.mark.parametrize(
    "text, message",
    [
        ("[" * 100_000, "nested more than 32 deep"),
        ('{"a": ' * 50 + "1" + "}" * 50, "nested more than 32 deep"),
        ("[NaN]", "NaN is not a number"),
        ("[1e999999]", "not valid JSON"),
        ("[" + "9" * 5000 + "]", "digits"),
        ("[1,", "not valid JSON"),
    ],
)
def test_load_json_turns_every_problem_into_one_parse_error(text, message):
    from butterfly.games.position_json import load_json

    assert_one_line_error(lambda: load_json(text, "the input"), message)


def test_load_json_ignores_brackets_inside_strings():
    from butterfly.games.position_json import load_json

    assert load_json('["' + "[" * 100 + '"]', "the input") == ["[" * 100]


def test_deep_json_in_deals_and_move_lists_is_one_line():
    assert_one_line_error(lambda: parse_deal("{" + '"a":[' * 100_000), "nested")
    assert_one_line_error(lambda: parse_moves("[" * 100_000), "nested")
