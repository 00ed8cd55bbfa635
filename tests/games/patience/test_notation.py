"""Butterfly-family positions in one line (docs/formats.md, "One-line
positions"): round trips with the position and with its JSON form on
thousands of random positions of every preset, suit rule and number of
cells; a line read in any case, with ``10`` for ten and its fields in any
order; and every kind of bad line refused with one message naming the field
or the card (one line on stderr and exit 2 from the CLI)."""

from __future__ import annotations

import json
import random
import urllib.parse

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from butterfly.games import notation
from butterfly.games.cards import Card
from butterfly.games.errors import InputError
from butterfly.games.patience.format import deal_from_json, deal_to_json, format_deal_text
from butterfly.games.patience.notation import is_line, parse_line, position_line
from butterfly.games.patience.rules import MAX_CELLS, PRESETS, VARIANTS, Position, make_rules

GAMES = tuple(PRESETS)
DEAL_1 = position_line(Position.deal(1))

#: Random games for each round trip (every position along each is checked:
#: some ten thousand positions in the quick run, ten times more with -m slow).
EXAMPLES = [150, pytest.param(1500, marks=pytest.mark.slow)]


def _rules(game: str, variant: str | None, cells: int | None):
    return make_rules(game, variant, cells)


rules_strategy = st.builds(
    _rules, st.sampled_from(GAMES), st.sampled_from([None, *VARIANTS]), st.sampled_from([None, *range(MAX_CELLS + 1)])
)


def _game(rules, deal: int, moves: int, seed: int, home: float) -> list[Position]:
    """Every position of a game of random legal moves from deal ``deal``
    (a move home taken with chance ``home`` when there is one), until stuck
    or ``moves`` moves: basement cards, emptied rows, foundations partly built."""
    rng = random.Random(seed)
    positions = [Position.deal(deal, rules)]
    for _ in range(moves):
        legal = positions[-1].legal_moves()
        if not legal:
            break
        homeward = [m for m in legal if m.target == "F"]
        move = rng.choice(homeward) if homeward and rng.random() < home else rng.choice(legal)
        positions.append(positions[-1].play_unchecked(move))
    return positions


games = st.builds(
    _game,
    rules_strategy,
    st.integers(0, 2**63 - 1),
    st.integers(0, 160),
    st.integers(0, 2**32),
    st.sampled_from([0.0, 0.5, 0.9]),
)


def _made_up(rules, seed: int) -> Position:
    """A position no game need reach, but a valid one: each foundation at a
    random height, the other cards scattered over random rows (some left
    empty) and the cells, in random order."""
    rng = random.Random(seed)
    floor = 1 if rules.aces_on_foundations and rng.random() < 0.8 else 0
    heights = tuple(rng.randint(floor, 13) for _ in range(4))
    loose = [Card(rank, suit) for suit in range(4) for rank in range(heights[suit] + 1, 14)]
    rng.shuffle(loose)
    cells = tuple(sorted(loose[: rng.randint(0, min(rules.cells, len(loose)))]))
    rows: list[list[Card]] = [[] for _ in rules.row_names]
    used = rng.randint(1, len(rows))
    for card in loose[len(cells) :]:
        rows[rng.randrange(used)].append(card)
    rng.shuffle(rows)
    return Position(rules, tuple(map(tuple, rows)), heights, cells).validate()


made_up = st.builds(_made_up, rules_strategy, st.integers(0, 2**32))


def _check_line(position: Position) -> str:
    line = position_line(position)
    assert set(line) <= notation.ALLOWED, line
    assert urllib.parse.quote(line, safe="") == line  # a link carries it as it is
    assert len(line) <= notation.MAX_LINE
    assert is_line(line)
    assert parse_line(line) == position
    return line


@pytest.mark.parametrize("examples", EXAMPLES)
def test_every_position_of_random_games_goes_to_its_line_and_back(examples):
    @settings(max_examples=examples, deadline=None)
    @given(games)
    def check(positions):
        for position in positions:
            _check_line(position)

    check()


@pytest.mark.parametrize("examples", [e * 4 if isinstance(e, int) else e for e in EXAMPLES])
def test_made_up_positions_go_to_their_line_and_back(examples):
    @settings(max_examples=examples, deadline=None)
    @given(made_up)
    def check(position):
        line = _check_line(position)
        assert parse_line(line.upper()) == position  # the game's name, the tags, the variant: any case
        assert parse_line(line.replace("T", "10").lower()) == position  # ten as 10

    check()


@pytest.mark.parametrize("examples", EXAMPLES)
def test_json_to_line_to_json(examples):
    @settings(max_examples=examples, deadline=None)
    @given(games, st.data())
    def check(positions, data):
        for position in data.draw(st.lists(st.sampled_from(positions), min_size=1, max_size=8)):
            written = json.loads(json.dumps(deal_to_json(position)))
            line = position_line(deal_from_json(written))
            assert deal_to_json(parse_line(line)) == written
            assert position_line(parse_line(line)) == line

    check()


@given(made_up, st.randoms(use_true_random=False))
@settings(max_examples=200, deadline=None)
def test_fields_in_any_order_and_case_give_the_same_position(position, rng):
    name, *fields = position_line(position).split("_")
    rng.shuffle(fields)
    fields = [field[0].upper() + field[1:] if rng.random() < 0.5 else field for field in fields]
    assert parse_line("_".join([name, *fields])) == position


def test_a_json_deal_spelling_cards_its_own_way_gives_the_usual_line():
    data = deal_to_json(Position.deal(7, make_rules("streets-and-alleys", "alternate-colours", 2)))
    line = position_line(deal_from_json(data))
    rows = data["rows"]
    data["rows"] = {name.lower(): [" " + c.lower().replace("t", "10") for c in row] for name, row in rows.items()}
    assert position_line(deal_from_json(data)) == line


def test_the_deal_of_the_docs():
    assert DEAL_1 == (
        "butterfly_fACADAHAS_b-_l7D9C4D8H8D.5SJD6D9SJC.5DKD3C2D.JH5H7H4H2C.6SKCKHTHTS"
        "_rJSTD8SQC4S.6C7C5CKS6H.QSQHQD9D.3D3S4C2H8C.TC3H2S9H7S"
    )
    assert parse_line(DEAL_1) == Position.deal(1)


def test_lower_case_and_10_for_ten_are_read():
    assert parse_line(DEAL_1.lower()) == Position.deal(1)
    assert parse_line(DEAL_1.replace("T", "10")) == Position.deal(1)
    assert parse_line(DEAL_1.replace("T", "10").lower()) == Position.deal(1)
    assert parse_line("  " + DEAL_1 + "\n") == Position.deal(1)


def test_the_fields_at_their_defaults_may_be_left_out_or_written():
    for game in GAMES:
        rules = PRESETS[game]
        deal = Position.deal(3, rules)
        line = position_line(deal)
        assert "_v" not in line and "_c" not in line  # the preset's own suit rule and cells
        name, *fields = line.split("_")
        bare = "_".join([name, *(field for field in fields if field[0] not in "fb")])
        assert parse_line(bare) == deal  # foundations left out: the preset's start; basement: empty
        cells = f"_c{rules.cells}_v{rules.suits.value}" if rules.suits.value in VARIANTS else f"_c{rules.cells}"
        assert parse_line(line + cells) == deal


def test_a_variant_and_cells_are_written_and_read():
    rules = make_rules("butterfly", "alternate-colours", 0)
    line = position_line(Position.deal(5, rules))
    assert line.startswith("butterfly_valternate-colours_c0_f")
    assert parse_line(line).rules == rules
    assert parse_line(line.replace("_c0", "_c00")).rules == rules


def test_what_is_a_line():
    assert is_line(DEAL_1) and is_line(" BUTTERFLY_x") and is_line("beleaguered-castle_l-")
    assert not is_line("deal.txt") and not is_line("1") and not is_line("butterfly") and not is_line("papillon_h-")


def _row(line: str, name: str) -> str:
    """The cards of row ``name`` of ``line`` as written there."""
    tag, number = name[0].lower(), int(name[1:])
    field = next(f for f in line.split("_")[1:] if f[0] == tag)
    return field[1:].split(".")[number - 1]


#: Bad lines, each with what its message must say (every fragment).
BAD = [
    ("unknown game", DEAL_1.replace("butterfly_", "klondike_"), ["unknown game 'klondike'"]),
    ("unknown field", DEAL_1 + "_x7", ["unknown field 'x7'"]),
    ("empty field", DEAL_1 + "_", ["unknown field ''"]),
    ("field twice", DEAL_1 + "_b-", ["basement (b) twice"]),
    ("field twice in another case", DEAL_1 + "_L-", ["left rows (l) twice"]),
    ("bad card", DEAL_1.replace("7D9C4D", "7D9X4D"), ["row L1", "'9X'"]),
    ("bad card in the basement", DEAL_1.replace("_b-", "_bZZ"), ["basement", "'ZZ'"]),
    ("bad card in the foundations", DEAL_1.replace("fACADAHAS", "fACADAHA1"), ["foundations", "'A1'"]),
    ("half a card", DEAL_1.replace("9H7S", "9H7"), ["row R5", "'7'"]),
    ("card twice", DEAL_1.replace("7D9C4D", "7D9C7D"), ["7D", "twice"]),
    ("card twice in two rows", DEAL_1.replace("6SKCKHTHTS", "6SKCKHTH4S"), ["4S", "twice", "L5", "R1"]),
    ("card twice on a foundation", DEAL_1.replace("_b-", "_bAS"), ["AS", "twice", "foundation"]),
    ("two foundation cards of a suit", DEAL_1.replace("fACADAHAS", "fACADAHASKS"), ["foundations", "spades"]),
    ("card missing", DEAL_1.replace("7D9C4D", "9C4D"), ["missing", "7D"]),
    ("a row too many", DEAL_1 + ".-", ["R6"]),
    ("a row too few", DEAL_1.replace(".TC3H2S9H7S", ""), ["missing R5"]),
    ("no right rows", DEAL_1.split("_r")[0], ["right rows (r)"]),
    ("no left rows", "butterfly_r-", ["left rows (l)"]),
    ("a character a URL escapes", DEAL_1.replace("_b-", "_b%20"), ["'%'"]),
    ("a space", DEAL_1.replace("_b-", "_b 7D"), ["' '"]),
    ("a plus", DEAL_1.replace("_b-", "_b+"), ["'+'"]),
    ("not ASCII", DEAL_1.replace("_b-", "_b7\u2665"), ["'\u2665'"]),
    ("too long", DEAL_1 + "_x" + "A" * 2000, ["at most 2000 characters"]),
    ("negative cells", DEAL_1 + "_c-1", ["cells", "-1"]),
    ("absurd cells", DEAL_1 + "_c" + "9" * 40, ["cells", "whole number"]),
    ("too many cells", DEAL_1 + f"_c{MAX_CELLS + 1}", ["cells", str(MAX_CELLS + 1)]),
    ("cells not a number", DEAL_1 + "_cx", ["cells", "'x'"]),
    ("more basement cards than cells", DEAL_1.replace("_b-", "_b8D").replace("4D8H8D.", "4D8H.") + "_c0", ["cells"]),
    ("unknown variant", DEAL_1 + "_vblue", ["unknown variant 'blue'"]),
    ("empty variant", DEAL_1 + "_v", ["unknown variant ''"]),
    ("another game's line", "papillon_h9S.5SKH.KS_t5D2C_d0_m1", ["unknown game 'papillon'"]),
]


@pytest.mark.parametrize(
    "what, line, fragments",
    BAD,
    ids=[bad[0] for bad in BAD],
)
def test_a_bad_line_is_one_input_error_naming_the_field_or_card(what, line, fragments):
    with pytest.raises(InputError) as error:
        parse_line(line)
    message = str(error.value)
    assert "\n" not in message and len(message) < 300, message
    for fragment in fragments:
        assert fragment in message, message


@pytest.mark.parametrize("what, line, fragments", BAD, ids=[b[0] for b in BAD])
def test_the_cli_refuses_a_bad_line_in_one_line_with_exit_2(cli, what, line, fragments):
    result = cli.run("show", line)
    if is_line(line):  # (a line of an unknown game is not taken for a line: no file, no number, no line)
        cli.one_line_error(result, *fragments)
    elif what == "another game's line":  # the command for it is named
        cli.one_line_error(result, "this is a Papillon line; use butterfly papillon show")
    else:
        cli.one_line_error(result, "neither a deal number nor an existing file, nor a position's line")


@given(st.text(alphabet=sorted(notation.ALLOWED) + ["_"] * 6, max_size=80), st.sampled_from(GAMES))
@settings(max_examples=300, deadline=None)
def test_any_garbage_after_a_games_name_is_a_position_or_one_input_error(tail, game):
    try:
        parse_line(f"{game}_{tail}")
    except InputError as error:
        assert "\n" not in str(error)


@given(st.data())
@settings(max_examples=200, deadline=None)
def test_a_few_characters_changed_in_a_good_line_give_a_position_or_one_input_error(data):
    game = data.draw(st.sampled_from(GAMES))
    line = list(position_line(Position.deal(data.draw(st.integers(0, 99)), PRESETS[game])))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(line) - 1))
        line[at] = data.draw(st.sampled_from(sorted(notation.ALLOWED) + ["_", "10"]))
    try:
        parse_line("".join(line))
    except InputError as error:
        assert "\n" not in str(error)


def test_the_basement_is_read_in_any_order_and_written_in_deck_order():
    """docs/formats.md: suit (clubs, diamonds, hearts, spades), then rank from the ace, in every form."""
    line = "butterfly_f5C9DKH7S_bKDKC8C_l-.-.-.-.-_rJSTD8SQCKSQDJC.6C7C.QSJDTS9C.-.TC9S"
    position = parse_line(line)
    assert position_line(position) == line.replace("KDKC8C", "8CKCKD")
    assert deal_to_json(position)["basement"] == ["8C", "KC", "KD"]
    assert "\nB: 8C KC KD\n" in format_deal_text(position)
