"""Solvitaire's JSON deal format (butterfly.games.patience.solvitaire): written and
read back unchanged, Solvitaire's own files read, bad files refused in one
line."""

from __future__ import annotations

import json
import random

import pytest

from butterfly.games.errors import InputError
from butterfly.games.patience.format import parse_deal
from butterfly.games.patience.rules import PRESETS, Position, make_rules
from butterfly.games.patience.solvitaire import format_solvitaire

CASTLE = PRESETS["beleaguered-castle"]
STREETS = PRESETS["streets-and-alleys"]

#: Solvitaire's own resources/deal-presets/bg0.json (a Streets and Alleys
#: deal: eight piles, all 52 cards, no foundations), as it is written there.
SOLVITAIRE_BG0 = """{
  "tableau piles": [
["10H","6H","10D","9D","7H","AD","2S"],
["5H","QD","QH","9H","8H","AS","4C"],
["KS","4S","2D","6D","KH","4D","2H"],
["10C","JD","8C","JC","8D","8S","5S"],
["6S","JS","5C","7S","KC","9S"],
["AC","3C","QS","9C","QC","KD"],
["10S","5D","7D","2C","3H","4H"],
["6C","3S","3D","AH","JH","7C"]
  ]
}
"""


@pytest.mark.parametrize("rules", [CASTLE, STREETS], ids=lambda r: r.name)
def test_deals_round_trip(rules):
    for number in range(300):
        position = Position.deal(number, rules)
        text = format_solvitaire(position)
        data = json.loads(text)
        assert set(data) == {"tableau piles"}  # a deal: the foundations are the game's start, left to Solvitaire
        assert parse_deal(text) == position


@pytest.mark.parametrize("rules", [CASTLE, STREETS], ids=lambda r: r.name)
def test_positions_with_cards_home_round_trip(rules):
    rng = random.Random(7)
    for number in range(60):
        position = Position.deal(number, rules)
        for _ in range(rng.randrange(1, 40)):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.play_unchecked(rng.choice(moves))
        text = format_solvitaire(position)
        back = parse_deal(text)
        assert back.rows == position.rows and back.foundations == position.foundations
        home = json.loads(text).get("foundations", [])
        assert len(home) == sum(position.foundations) or position.foundations == (1, 1, 1, 1)


def test_solvitaires_own_file_is_read():
    position = parse_deal(SOLVITAIRE_BG0)
    assert position.rules == STREETS
    assert [str(card) for card in position.rows[0]] == ["TH", "6H", "TD", "9D", "7H", "AD", "2S"]
    assert json.loads(format_solvitaire(position)) == json.loads(SOLVITAIRE_BG0)


def test_beleaguered_castle_without_foundations_has_its_aces_home():
    text = format_solvitaire(Position.deal(3, CASTLE))
    position = parse_deal(text)
    assert position.rules == CASTLE and position.foundations == (1, 1, 1, 1)


def test_solvitaires_card_spellings():
    data = json.loads(format_solvitaire(Position.deal(9, STREETS)))
    spelled = {"A": "1", "J": "11", "Q": "12", "K": "13"}
    data["tableau piles"] = [
        [spelled.get(c[:-1], c[:-1]) + c[-1].lower() for c in pile] for pile in data["tableau piles"]
    ]
    assert parse_deal(json.dumps(data)) == Position.deal(9, STREETS)


def _edited(edit) -> str:
    data = json.loads(format_solvitaire(Position.deal(4, CASTLE)))
    edit(data)
    return json.dumps(data)


BAD_FILES = {
    "one pile too few": (_edited(lambda d: d["tableau piles"].pop()), "has 8 tableau piles, the file has 7"),
    "duplicate": (_edited(lambda d: d["tableau piles"][0].append(d["tableau piles"][1][0])), "is twice"),
    "a card lost": (_edited(lambda d: d["tableau piles"][0].pop()), "1 card(s) missing"),
    "a card written T": (_edited(lambda d: d["tableau piles"][0].__setitem__(0, "TC")), "unknown card 'TC'"),
    "rank 14": (_edited(lambda d: d["tableau piles"][0].__setitem__(0, "14C")), "unknown card '14C'"),
    "a number for a card": (_edited(lambda d: d["tableau piles"][0].__setitem__(0, 7)), "expected a card"),
    "a pile not a list": (_edited(lambda d: d["tableau piles"].__setitem__(0, "AS")), "expected a list of cards"),
    "piles not a list": (_edited(lambda d: d.__setitem__("tableau piles", {})), "must be a list of piles"),
    "foundations out of order": (_edited(lambda d: d.__setitem__("foundations", ["2S"])), "2S comes where AS should"),
    "clubs out of order": (_edited(lambda d: d.__setitem__("foundations", ["2C", "AC"])), "2C comes where AC should"),
    "a stock": (_edited(lambda d: d.__setitem__("stock", [])), "have no 'stock'"),
    "an unknown field": (_edited(lambda d: d.__setitem__("game", "x")), "unknown field(s)"),
    "not JSON": ('{"tableau piles": [', "not valid JSON"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_files_are_one_line(cli, name):
    text, fragment = BAD_FILES[name]
    with pytest.raises(InputError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        parse_deal(text)
    cli.one_line_error(cli.run("solve", "-", input=text), fragment)


def test_writing_refuses_other_games_and_rules(cli):
    cli.one_line_error(cli.run("deal", "3", "--game", "fortress", "--format", "solvitaire"), "not fortress")
    cli.one_line_error(
        cli.run("deal", "3", "--game", "streets-and-alleys", "--variant", "same-suit", "--format", "solvitaire"),
        "no --variant",
    )
    cli.one_line_error(cli.run("deal", "3", "--json", "--format", "solvitaire"), "two formats")
    with pytest.raises(InputError):
        format_solvitaire(Position.deal(3, make_rules("beleaguered-castle", cells=2)))


def test_cli_writes_what_it_reads(cli, tmp_path):
    for game in ("beleaguered-castle", "streets-and-alleys"):
        written = cli.run("deal", "11", "--game", game, "--format", "solvitaire").output
        assert written == format_solvitaire(Position.deal(11, PRESETS[game]))
        (tmp_path / "deal.json").write_text(written)
        ours = cli.run("deal", "11", "--game", game).output.split("\n", 1)[1]  # without its title
        assert json.loads(cli.run("solve", tmp_path / "deal.json", "--json").output)["deal"] == ours
