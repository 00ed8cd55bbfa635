"""Butterfly-family game records (docs/formats.md, "Game records"): a game
written as a record reads back to the same deal and moves, with its
comments; the deal as [Deal] (with [Game], [Variant], [Cells]) or as
[Position]; move numbers optional, seats refused; every bad record one
message naming the line or the tag."""

from __future__ import annotations

import random

import pytest

from butterfly.games import record_text
from butterfly.games.errors import InputError, ParseError
from butterfly.games.patience.notation import position_line
from butterfly.games.patience.record import read_record, write_record
from butterfly.games.patience.rules import MAX_CELLS, PRESETS, VARIANTS, Move, Position, make_rules

GAMES = tuple(PRESETS)


def _random_game(position: Position, seed: int, moves: int = 60) -> list[Move]:
    rng = random.Random(seed)
    line = []
    for _ in range(moves):
        legal = position.legal_moves()
        if not legal:
            break
        line.append(rng.choice(legal))
        position = position.play_unchecked(line[-1])
    return line


RULES = [
    make_rules(game, variant, cells)
    for game in GAMES
    for variant in (None, *VARIANTS)
    for cells in (None, 0, 2, MAX_CELLS)
]


@pytest.mark.parametrize("rules", RULES, ids=[rules.name for rules in RULES])
def test_a_game_from_a_numbered_deal_reads_back(rules):
    deal = Position.deal(17, rules)
    moves = _random_game(deal, 17)
    text = write_record(deal, moves, number=17)
    assert f'[Game "{rules.name.split("/")[0]}"]' in text and '[Deal "17"]' in text
    assert ("[Variant" in text) == ("alternate-colours" in rules.name or "same-suit" in rules.name)
    record = read_record(text)
    assert record.position == deal and record.position.rules == rules
    assert list(record.moves) == moves
    assert record.tags["Deal"] == "17"


@pytest.mark.parametrize("seed", range(8))
def test_a_game_from_a_position_reads_back_as_its_line(seed):
    rng = random.Random(seed)
    rules = make_rules(rng.choice(GAMES), rng.choice([None, *VARIANTS]), rng.choice([None, 0, 1, 3]))
    start = Position.deal(rng.randrange(10**9), rules)
    start = start.replay(_random_game(start, seed, 30))[-1]
    moves = _random_game(start, seed + 1)
    text = write_record(start, moves)
    assert f'[Position "{position_line(start)}"]' in text and "[Deal" not in text and "[Game" not in text
    record = read_record(text)
    assert record.position == start and list(record.moves) == moves


def test_comments_are_written_and_kept_by_the_records_grammar():
    deal = Position.deal(1)
    moves = [Move.parse("2D L3>F"), Move.parse("2C L4>F"), Move.parse("3C L3>F")]
    text = write_record(deal, moves, number=1, comments={1: "home at once", 3: 'a "quoted" word'})
    assert '1. 2D L3>F {home at once}\n2. 2C L4>F\n3. 3C L3>F {a "quoted" word}\n' in text
    parsed = record_text.parse_record(text)
    assert [move.comment for move in parsed.hands[0].moves] == ["home at once", "", 'a "quoted" word']
    assert record_text.write_record(parsed) == text
    record = read_record(text)
    assert record.position == deal and list(record.moves) == moves


def test_comments_survive_a_record_read_and_written_again():
    deal = Position.deal(1)
    moves = [Move.parse("2D L3>F"), Move.parse("2C L4>F")]
    text = write_record(deal, moves, number=1, comments={2: "both twos home"})
    record = read_record(text)
    comments = getattr(record, "comments", None)
    assert comments == {2: "both twos home"}
    assert write_record(record.position, list(record.moves), number=1, comments=comments) == text


def test_a_comment_holding_a_closing_brace_is_written_so_that_it_reads_back():
    deal = Position.deal(1)
    moves = [Move.parse("2D L3>F"), Move.parse("2C L4>F")]
    text = write_record(deal, moves, number=1, comments={1: "a } brace"})
    record = read_record(text)
    assert list(record.moves) == moves


def test_a_record_typed_by_hand():
    text = """# my game of deal 1, played on the train
[Event "train"]
[Deal "1"]
{opening}
1. 2D L3>F {the two first}, 2) 2C L4>F
3C L3>F  # three home
4.   8C r4>b
"""
    record = read_record(text)
    assert record.position == Position.deal(1)
    assert [str(m) for m in record.moves] == ["2D L3>F", "2C L4>F", "3C L3>F", "8C R4>B"]
    assert record.tags == {"Event": "train", "Deal": "1"}  # other tags are kept, not read


def test_the_rules_tags():
    record = read_record('[Game "fortress"]\n[Variant "alternate-colours"]\n[Cells "2"]\n[Deal "8"]\n')
    assert record.position == Position.deal(8, make_rules("fortress", "alternate-colours", 2))
    assert read_record('[Game "beleaguered-castle"]\n[Deal "3"]\n').position == Position.deal(
        3, PRESETS["beleaguered-castle"]
    )
    assert read_record('[Deal "3"]\n[Cells "0"]\n').position == Position.deal(3, make_rules("butterfly", cells=0))
    # the preset's own suit rule and cells, written out, are the preset's
    assert read_record('[Game "fortress"]\n[Variant "same-suit"]\n[Cells "0"]\n[Deal "8"]\n').position == (
        Position.deal(8, PRESETS["fortress"])
    )


def test_a_record_may_name_no_deal():
    record = read_record("1. 2D L3>F\n2. 2C L4>F\n")
    assert record.position is None and [str(m) for m in record.moves] == ["2D L3>F", "2C L4>F"]
    assert read_record("").position is None and read_record("").moves == ()


def test_the_position_tag():
    start = Position.deal(1).replay([Move.parse("2D L3>F"), Move.parse("8C R4>B")])[-1]
    line = position_line(start)
    record = read_record(f'[Position "{line}"]\n1. 3C L3>F\n')
    assert record.position == start and record.moves == (Move.parse("3C L3>F"),)
    assert read_record(f'[Position "{line.lower()}"]\n').position == start


def test_rules_tags_beside_the_position_tag_must_agree_with_its_line():
    start = Position.deal(1).replay([Move.parse("2D L3>F")])[-1]
    for tags in ('[Game "butterfly"]', '[Game "Butterfly"]\n[Cells "3"]'):  # (Butterfly's own basement, written out)
        record = read_record(f'{tags}\n[Position "{position_line(start)}"]\n1. 3C L3>F\n')
        assert record.position == start and record.moves == (Move.parse("3C L3>F"),)
    fortress = Position.deal(8, make_rules("fortress", "same-suit", 2))
    record = read_record(f'[Game "fortress"]\n[Cells "2"]\n[Position "{position_line(fortress)}"]\n')
    assert record.position == fortress
    for tags in ('[Game "fortress"]', '[Cells "0"]', '[Game "butterfly"]\n[Variant "same-suit"]', '[Cells "1"]'):
        with pytest.raises(ParseError, match=r"the Position's line is of butterfly: \[.*must agree or be left out"):
            read_record(f'{tags}\n[Position "{position_line(start)}"]\n')


def test_a_record_of_another_game_is_refused_by_its_game_not_its_moves():
    with pytest.raises(ParseError, match="tag Game: unknown game 'chess'"):
        read_record('[Game "chess"]\n\n1. e4\n')


#: Bad records, the error's kind and what its message must say.
BAD = [
    ('[Deal "1"]\n1. P0: 2D L3>F\n', ["line 2", "seat", "P0"]),
    ('[Deal "1"]\n2D L3>F\np1: 2C L4>F\n', ["line 3", "seat", "P1"]),
    ('[Deal "1"]\n1. 2D L3>Q\n', ["line 2", "bad place 'Q'"]),
    ('[Deal "1"]\n\n1. 2X L3>F\n', ["line 3", "2X"]),
    ('[Deal "1"]\n1. 2D L3>F 2C L4>F\n', ["line 2", "bad move"]),
    ('[Deal "1"]\n1.\n', ["line 2", "no move after it"]),
    ('[Deal "1"]\n1. 2D L3>F {never closed\n', ["line 2", "never closed"]),
    ('[Deal "1"]\n[Deal "2"]\n', ["line 2", "Deal", "twice"]),
    ("[Deal 1]\n", ["line 1", '[Name "value"]']),
    ('[Deal "1"\n', ["line 1", '[Name "value"]']),
    ('[Deal "1"]\n[Hand "1"]\n1. 2D L3>F\n[Hand "2"]\n', ["one game", "[Hand]"]),
    ('[Deal "1"]\n[Position "butterfly_l-_r-"]\n', ["[Position] or as [Deal], not both"]),
    ('[Game "fortress"]\n', ["names its rules but not its deal"]),
    ('[Variant "same-suit"]\n1. 2D L3>F\n', ["names its rules but not its deal"]),
    ('[Cells "x"]\n[Deal "1"]\n', ["tag Cells", "'x'"]),
    ('[Cells "-1"]\n[Deal "1"]\n', ["tag Cells", "'-1'"]),
    ('[Cells "9"]\n[Deal "1"]\n', ["cells", "9"]),
    ('[Position "butterfly_l-"]\n', ["tag Position", "right rows (r)"]),
    ('[Position "butterfly_fACADAHAS_l%_r-"]\n', ["tag Position", "'%'"]),
    ('[Position "klondike_l-_r-"]\n', ["tag Position", "unknown game 'klondike'"]),
    (f'[Position "{position_line(Position.deal(1)).replace("9C4D", "9C9C")}"]\n', ["tag Position", "9C", "twice"]),
    ('[Deal "x"]\n', ["'x'", "deal number"]),
    ('[Deal "99999999999999999999"]\n', ["deal number"]),
    ('[Game "klondike"]\n[Deal "1"]\n', ["unknown game 'klondike'"]),
    ('[Game "fortress"]\n[Variant "blue"]\n[Deal "1"]\n', ["unknown variant 'blue'"]),
]


@pytest.mark.parametrize("text, fragments", BAD)
def test_a_bad_record_is_one_input_error(text, fragments):
    with pytest.raises(InputError) as error:
        read_record(text)
    message = str(error.value)
    assert "\n" not in message, message
    for fragment in fragments:
        assert fragment in message, message


@pytest.mark.parametrize(
    "text, tag",
    [
        ('[Deal "x"]\n', "Deal"),
        ('[Game "klondike"]\n[Deal "1"]\n', "Game"),
        ('[Variant "blue"]\n[Deal "1"]\n', "Variant"),
        ('[Cells "9"]\n[Deal "1"]\n', "Cells"),
        ('[Cells "x"]\n[Deal "1"]\n', "Cells"),
        ('[Position "butterfly_l-"]\n', "Position"),
    ],
)
def test_a_bad_tag_value_is_named(text, tag):
    with pytest.raises(InputError, match=f"tag {tag}"):
        read_record(text)


def test_a_single_hand_tag_is_refused_too():
    with pytest.raises(ParseError, match=r"\[Hand\]"):
        read_record('[Deal "1"]\n[Hand "1"]\n[Deal "2"]\n1. 7S R5>F\n')


def test_a_move_number_that_is_not_the_moves_is_refused():
    with pytest.raises(ParseError, match="line 3"):
        read_record('[Deal "1"]\n1. 2D L3>F\n5. 2C L4>F\n')


def test_the_rules_tags_are_read_in_any_case_as_a_line_is():
    assert read_record('[Game "Fortress"]\n[Variant "Alternate-Colours"]\n[Deal "8"]\n').position == Position.deal(
        8, make_rules("fortress", "alternate-colours")
    )
