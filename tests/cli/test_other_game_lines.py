"""A position argument that is nothing at all, or another game's line (or
JSON position), is refused as what it is (naming the command that reads it), not as a file
that does not exist: by every command that takes a position, a deal or a
record, typed in its place or in a file."""

from __future__ import annotations

import json

import pytest

from butterfly.games.patience.format import deal_to_json
from butterfly.games.patience.rules import Position

import checkout

#: One line of each game (docs/formats.md, "One-line positions").
PAPILLON = "papillon_hAH6SJS.4DAS4S.THJH8S_tAC4C6C8CTCJC5D6DJD_w8.13.13_c108.116.116_p80_d2_m0_l2"
MOUCHE = "mouche_d3_tTH_as.s.s.d4_h6C6DQD.9C9H7S.7D9DAHKS.AC8CKCTS_w0KH18H26H37H_k0KD1AD_p15_c1000.1000.1000.995"
BUTTERFLY = (
    "butterfly_fACADAHAS_b-_l7D9C4D8H8D.5SJD6D9SJC.5DKD3C2D.JH5H7H4H2C.6SKCKHTHTS"
    "_rJSTD8SQC4S.6C7C5CKS6H.QSQHQD9D.3D3S4C2H8C.TC3H2S9H7S"
)
FORTRESS = "fortress_f-_b-_lAS.-_r-.-"

#: A command, the line it is given, and the one-line refusal.
MISPLACED = [
    (["papillon", "analyse"], MOUCHE, "this is a La Mouche line; use butterfly mouche analyse"),
    (["papillon", "analyse"], BUTTERFLY, "this is a patience (butterfly) line; use butterfly analyse"),
    (["papillon", "show", "--svg", "-"], MOUCHE, "this is a La Mouche line; use butterfly mouche show"),
    (["mouche", "analyse"], PAPILLON, "this is a Papillon line; use butterfly papillon analyse"),
    (["mouche", "show", "--png", "-"], FORTRESS, "this is a patience (fortress) line; use butterfly show"),
    (["analyse"], PAPILLON, "this is a Papillon line; use butterfly papillon analyse"),
    (["solve"], MOUCHE, "this is a La Mouche line; use butterfly mouche analyse"),
    (["show"], PAPILLON, "this is a Papillon line; use butterfly papillon show"),
    (["rate"], MOUCHE, "this is a La Mouche line; use butterfly mouche analyse"),
]


@pytest.mark.parametrize(
    "command, line, message", MISPLACED, ids=[" ".join(m[0][:2]) + " " + m[1][:6] for m in MISPLACED]
)
def test_another_games_line_names_its_game_and_command(cli, tmp_path, command, line, message):
    cli.one_line_error(cli.run(*command, line), message)
    path = tmp_path / "position.txt"  # in a file, or on standard input, the same
    path.write_text(line + "\n")
    cli.one_line_error(cli.run(*command, str(path)), message)
    cli.one_line_error(cli.run(*command, "-", input=line), message)


@pytest.mark.parametrize(
    "command, message",
    [
        (["papillon", "analyse"], "missing POSITION"),
        (["mouche", "analyse"], "missing POSITION"),
        (["papillon", "show", "--svg", "-"], "missing POSITION"),
        (["mouche", "show", "--svg", "-"], "missing POSITION"),
        (["papillon", "review"], "missing RECORD"),
        (["mouche", "review"], "missing RECORD"),
        (["review"], "missing RECORD"),
        (["analyse"], "missing DEAL"),
        (["solve"], "missing DEAL"),
        (["show"], "missing DEAL"),
    ],
)
def test_an_empty_argument_is_missing_not_a_file(cli, command, message):
    for empty in ("", "  "):
        result = cli.run(*command, empty)
        cli.one_line_error(result, message)
        assert "no such file" not in result.stderr


@pytest.mark.parametrize("review", [["papillon", "review"], ["mouche", "review"], ["review"]])
@pytest.mark.parametrize("line", [PAPILLON, MOUCHE, BUTTERFLY])
def test_a_review_given_a_line_asks_for_a_record(cli, review, line):
    cli.one_line_error(cli.run(*review, line), "this is a position's line, not a game record")


def test_the_games_own_lines_still_read(cli):
    assert cli.run("papillon", "analyse", PAPILLON, "--format", "line").output.strip() == PAPILLON
    assert cli.run("mouche", "analyse", MOUCHE, "--format", "line").output.strip() == MOUCHE
    assert cli.run("analyse", BUTTERFLY, "--format", "line").output.strip() == BUTTERFLY


#: Deal 1's JSON object (docs/formats.md), its game not named.
PATIENCE_JSON = json.dumps({k: v for k, v in deal_to_json(Position.deal(1)).items() if k != "game"})


def _without_game(path) -> str:
    """The JSON position in ``path`` without its "game" field: known by its fields alone."""
    data = json.loads(path.read_text())
    del data["game"]
    return json.dumps(data)


def test_another_games_json_position_names_its_game(cli):
    papillon = checkout.EXAMPLES / "papillon" / "last-deal.json"
    mouche = checkout.EXAMPLES / "mouche" / "play.json"
    cases = [
        (["analyse", papillon], "this is a Papillon position; use butterfly papillon analyse"),
        (["solve", mouche], "this is a La Mouche position; use butterfly mouche analyse"),
        (["show", mouche], "this is a La Mouche position; use butterfly mouche show"),
        (["papillon", "analyse", mouche], "this is a La Mouche position; use butterfly mouche analyse"),
        (["mouche", "analyse", papillon], "this is a Papillon position; use butterfly papillon analyse"),
    ]
    for command, message in cases:
        cli.one_line_error(cli.run(*command), message)
    # named by its fields when it names no game; a patience deal's too, and by its preset
    no_game = _without_game(papillon)
    cli.one_line_error(cli.run("analyse", "-", input=no_game), "this is a Papillon position; use butterfly papillon")
    cli.one_line_error(cli.run("mouche", "analyse", "-", input=no_game), "this is a Papillon position")
    cli.one_line_error(cli.run("analyse", "-", input=_without_game(mouche)), "this is a La Mouche position")
    for deal in (PATIENCE_JSON, PATIENCE_JSON.replace("{", '{"game": "fortress", ', 1)):
        cli.one_line_error(
            cli.run("papillon", "analyse", "-", input=deal), "this is a patience position; use butterfly analyse"
        )
    # the command's own game is read as before, and an object of no game's fields is the command's to refuse
    assert cli.run("analyse", "-", "--format", "line", input=PATIENCE_JSON).output.strip() == BUTTERFLY
    cli.one_line_error(cli.run("analyse", "-", input='{"players": 3, "dealer": 5}'), "unknown field(s) in JSON deal")
