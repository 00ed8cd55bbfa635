"""PySolFC's game numbers (butterfly.games.patience.pysol): the deal PySolFC shows,
checked against pysol-cards' printed layouts and against a transcription of
PySolFC's own dealing code; the pile numbers; the command line."""

from __future__ import annotations

import json

import pytest

from butterfly.games.cards import Card, Rank
from butterfly.games.errors import InputError
from butterfly.games.patience import pysol
from butterfly.games.patience.rules import PRESETS, Move, make_rules

CASTLE = PRESETS["beleaguered-castle"]
STREETS = PRESETS["streets-and-alleys"]
FORTRESS = PRESETS["fortress"]

#: The first card of each pile (its bottom card, dealt first), as pysol-cards
#: printed them (``Game(game, N, RandomBase.DEALS_PYSOLFC).calc_layout_string``,
#: pysol-cards 0.24.0), piles 0 to 7.
FIRST_CARDS = {
    ("beleaguered-castle", 1): "JD 2D 9H JC 5D 7H 7C 5H",
    ("beleaguered-castle", 2): "QD QC KC 3C 4C 2C KD 5C",
    ("beleaguered-castle", 617): "7D 5C 3S 5S 8C 2D TD 7S",
    ("beleaguered-castle", 31999): "JD JH QH KH 6S 6D JC TH",
    ("beleaguered-castle", 32001): "4C JD 8H 5S 6S 6D KH JC",
    ("beleaguered-castle", 123456): "3D 2D 2C 9C 6H 4C KC 6C",
    ("beleaguered-castle", 10**19 + 7): "4C 5D 2D 3H 9C JD TS 4S",
    ("streets-and-alleys", 1): "JD 2D 9H JC 5D 7H 7C 5H",
    ("streets-and-alleys", 2): "QD QC KC 3C 4C 2C KD 5C",
    ("streets-and-alleys", 617): "7D AD 5C 3S 5S 8C 2D AH",
    ("streets-and-alleys", 31999): "JD JH AD QH KH 6S 6D JC",
    ("streets-and-alleys", 32001): "4C AC JD 8H 5S 6S 6D KH",
    ("streets-and-alleys", 123456): "3D 2D 2C 9C AC 6H 4C KC",
    ("streets-and-alleys", 10**19 + 7): "AD 4C 5D 2D 3H 9C JD TS",
}


def _piles(position) -> list[list[str]]:
    """The position's rows in PySolFC's pile order, as text."""
    rows = dict(zip(position.rules.row_names, position.rows))
    return [[str(card) for card in rows[name]] for name in pysol.pile_names(position.rules)]


@pytest.mark.parametrize(("game", "number"), sorted(FIRST_CARDS))
def test_first_cards_are_pysol_cards_own(game, number):
    position = pysol.pysol_deal(number, make_rules(game))
    assert " ".join(pile[0] for pile in _piles(position)) == FIRST_CARDS[game, number]


def _printed_layout(game: str, number: int) -> list[list[str]]:
    from pysol_cards.cards import CardRenderer
    from pysol_cards.deal_game import Game
    from pysol_cards.random_base import RandomBase

    text = Game(game.replace("-", "_"), number, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
    return [line.split() for line in text.splitlines() if not line.startswith("Foundations:")]


NUMBERS = [*range(1, 121), 31998, 31999, 32001, 32002, 99999, 123456, 10**12 + 1, 10**20 - 1]


@pytest.mark.parametrize("game", ["beleaguered-castle", "streets-and-alleys"])
def test_every_pile_is_pysol_cards_printed_layout(game):
    for number in NUMBERS:
        assert _piles(pysol.pysol_deal(number, make_rules(game))) == _printed_layout(game, number), number


def test_game_32000_follows_pysolfc_not_pysol_cards_game():
    """PySolFC deals #32000 with the Mersenne Twister (``0 <= seed < 32000`` is
    Microsoft's, pysollib/pysolrandom.py); pysol-cards' Game still uses
    Microsoft's for 32000. Ours is PySolFC's."""
    from pysol_cards.cards import createCards
    from pysol_cards.random import MTRandom

    talon = [Card(c.rank, (0, 3, 2, 1)[c.suit]) for c in MTRandom(32000).shuffle(createCards(1))]
    position = pysol.pysol_deal(32000, STREETS)
    assert _piles(position)[0][0] == str(talon[-1])  # the top of the talon is dealt first
    assert _piles(position) != _printed_layout("streets-and-alleys", 32000)


def _pysolfc_deal(number: int, game: str) -> list[list[str]]:
    """PySolFC's own dealing, transcribed from pysollib/games/beleagueredcastle.py
    (``startGame`` of StreetsAndAlleys, BeleagueredCastle and Fortress) and
    pysollib/stack.py (``dealRow``: one card a pile in pile order from the top of
    the talon; ``dealRowAvail``: the same, to the first piles only when the
    talon runs short)."""
    talon = [str(Card(c.rank, (0, 3, 2, 1)[c.suit])) for c in pysol._talon(number)]
    if game == "beleaguered-castle":  # _shuffleHook: the aces to the bottom, dealt last, to the foundations
        talon = [c for c in talon if c[0] == "A"] + [c for c in talon if c[0] != "A"]
    piles: list[list[str]] = [[] for _ in range(10 if game == "fortress" else 8)]

    def deal_row(avail: bool) -> None:
        for pile in piles[: len(talon)] if avail else piles:
            pile.append(talon.pop())

    rows_first = {"streets-and-alleys": 4, "beleaguered-castle": 4, "fortress": 3}[game]
    for _ in range(rows_first):  # _startDealNumRows(n)
        deal_row(False)
    if game == "beleaguered-castle":
        deal_row(False)
        deal_row(False)
        assert sorted(talon) == ["AC", "AD", "AH", "AS"]  # dealRow(rows=foundations)
    else:
        for _ in range(3):
            deal_row(True)
        assert talon == []
    return piles


@pytest.mark.parametrize("game", list(pysol.PYSOL_GAMES))
def test_every_game_is_dealt_as_pysolfc_deals_it(game):
    for number in NUMBERS:
        assert _piles(pysol.pysol_deal(number, make_rules(game))) == _pysolfc_deal(number, game), number


@pytest.mark.parametrize("game", list(pysol.PYSOL_GAMES))
def test_card_counts_are_the_rules(game):
    rules = make_rules(game)
    for number in (1, 31999, 32000, 777777):
        position = pysol.pysol_deal(number, rules)
        assert [len(row) for row in position.rows] == list(rules.row_sizes)
        assert position.card_count() == 52 and sorted(position.cards()) == sorted(set(position.cards()))
        aces_in_rows = sum(card.rank == Rank.ACE for row in position.rows for card in row)
        assert position.foundations == ((1,) * 4 if rules.aces_on_foundations else (0,) * 4)
        assert aces_in_rows == (0 if rules.aces_on_foundations else 4)


def test_fortress_six_card_piles_are_our_top_rows():
    """PySolFC's piles 0 and 1 hold six cards; they are our L1 and R1."""
    names = pysol.pile_names(FORTRESS)
    assert names[:2] == ("L1", "R1") and sorted(names) == sorted(FORTRESS.row_names)
    position = pysol.pysol_deal(5, FORTRESS)
    assert [len(pile) for pile in _piles(position)] == [6, 6] + [5] * 8


def test_pysol_move_numbers_piles_from_zero():
    assert pysol.pysol_move(Move.parse("7H R1>L3"), CASTLE) == "7H 4>2"
    assert pysol.pysol_move(Move.parse("KD R2>F"), FORTRESS) == "KD 3>F"
    assert pysol.legend(FORTRESS).startswith("PySolFC's piles: 0=L1 1=R1 2=L2")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "bad PySolFC game number"),
        ("12x", "bad"),
        ("\u0663", "bad"),
        ("0", "out of range"),
        ("9" * 21, "out of range"),
    ],
)
def test_bad_game_numbers(text, fragment):
    with pytest.raises(InputError, match=fragment):
        pysol.parse_game_number(text)


def test_game_numbers_read_as_pysolfc_reads_them():
    assert pysol.parse_game_number("#123,456") == pysol.parse_game_number(" 123 456 ") == 123456


def test_butterfly_has_no_pysolfc_numbers():
    with pytest.raises(InputError, match="Butterfly is not in PySolFC"):
        pysol.pysol_deal(1, PRESETS["butterfly"])


# ---------------------------------------------------------------- command line
def test_deal_prints_pysolfc_layout(cli):
    result = cli.run("deal", "--pysol", "123456", "--game", "beleaguered-castle")
    assert result.exit_code == 0
    assert "# PySolFC beleaguered-castle game #123456" in result.output
    assert "L1: 3D TC QH 3C 5D 9S\n" in result.output and "R1: 6H TH 9H 4S 7S 4D\n" in result.output


def test_solve_gives_pysolfc_moves_that_replay(cli, tmp_path):
    result = cli.run("solve", "--pysol", "2", "--game", "beleaguered-castle", "--json")
    report = json.loads(result.output)
    assert report["result"] == "won" and len(report["pysol_moves"]) == len(report["moves"])
    names = pysol.pile_names(CASTLE)
    ours = []
    for text in report["pysol_moves"]:  # PySolFC's numbers back to our rows: the same line
        card, places = text.split()
        source, target = (place if place == "F" else names[int(place)] for place in places.split(">"))
        ours.append(f"{card} {source}>{target}")
    assert ours == report["moves"]
    (tmp_path / "line.json").write_text(result.output)
    assert cli.run("verify", "--pysol", "2", "--game", "beleaguered-castle", tmp_path / "line.json").exit_code == 0
    text = cli.run("solve", "--pysol", "2", "--game", "beleaguered-castle").output
    assert "PySolFC's piles: 0=L1" in text and "PySolFC TH 6>7" in text


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["deal", "--pysol", "1"], "--pysol needs --game"),
        (["solve", "--pysol", "1", "--game", "butterfly"], "Butterfly is not in PySolFC"),
        (["show", "--pysol", "abc", "--game", "fortress"], "bad PySolFC game number"),
        (["rate", "--pysol", "9" * 25, "--game", "fortress"], "out of range"),
        (["solve", "7", "--pysol", "1", "--game", "fortress"], "not both"),
        (["deal"], "missing NUMBER"),
        (["solve"], "missing DEAL"),
    ],
)
def test_bad_pysol_options_are_one_line(cli, args, fragment):
    cli.one_line_error(cli.run(*args), fragment)


def test_verify_and_show_read_pysolfc_pile_numbers(cli, tmp_path):
    """The moves solve --pysol prints in PySolFC's pile numbers read back, as
    a text list or a JSON one, mixed with ours; they are the same line."""
    report = json.loads(cli.run("solve", "--pysol", "2", "--game", "fortress", "--json").output)
    text = tmp_path / "pysol.txt"
    text.write_text("\n".join(f"{number}. {move}" for number, move in enumerate(report["pysol_moves"], 1)))
    listed = tmp_path / "pysol.json"
    listed.write_text(json.dumps(report["pysol_moves"][:3] + report["moves"][3:]))
    for path in (text, listed):
        result = cli.run("verify", "--pysol", "2", "--game", "fortress", path)
        assert result.exit_code == 0 and result.output == f"won: {len(report['moves'])} moves, all legal\n"
    shown = cli.run("show", "--pysol", "2", "--game", "fortress", "--moves", text)
    assert shown.exit_code == 0 and shown.output.rstrip().endswith("Won.")
    # Without --pysol a pile number is no place of ours.
    cli.one_line_error(cli.run("verify", "2", "--game", "fortress", text), "bad place")


@pytest.mark.parametrize(
    ("move", "fragment"), [("KD 10>F", "no pile 10 in move 'KD 10>F' (piles 0-9)"), ("KD 1>", "bad move")]
)
def test_bad_pile_numbers_are_one_line(cli, tmp_path, move, fragment):
    path = tmp_path / "bad.txt"
    path.write_text(move + "\n")
    cli.one_line_error(cli.run("verify", "--pysol", "2", "--game", "fortress", path), fragment)


def test_pile_rows_name_every_row_once():
    for rules in (CASTLE, FORTRESS):
        rows = pysol.pile_rows(rules)
        assert sorted(rows.values()) == sorted(rules.row_names) and list(rows) == [str(n) for n in range(len(rows))]
        assert all(pysol.pysol_move(Move.parse(f"AS {row}>F"), rules) == f"AS {pile}>F" for pile, row in rows.items())


def test_verify_wants_one_argument_with_pysol(cli):
    result = cli.run("verify", "--pysol", "2", "--game", "fortress", "1", "-")
    assert result.exit_code == 2 and "give a SOLUTION, not 2" in result.output
