"""Deal numbers, ranges and every whole-number option are ASCII digits alone
(docs/formats.md): what Python's int() also takes (spaces around the number
or the dash, ``_``, other scripts' digits) is one line and exit 2, nothing run."""

from __future__ import annotations

import pytest

#: Numbers int() reads that the command line refuses.
LOOSE = [" 5", "5 ", "5\n", "\t5", "1_0", "\u0665", "\uff15"]
#: Ranges the same.
LOOSE_RANGES = ["1 - 2", " 1-2", "1-2 ", "1 -2", "1- 2", "1_0-12", "\u0661-2"]


@pytest.mark.parametrize("number", LOOSE)
@pytest.mark.parametrize("command", [["solve"], ["deal"], ["show"], ["rate", "--quick"], ["verify"]])
def test_a_deal_number_is_ascii_digits_alone(cli, tmp_path, monkeypatch, command, number):
    monkeypatch.chdir(tmp_path)  # (no file of that name)
    args = [*command, number] + (["-"] if command == ["verify"] else [])
    cli.one_line_error(cli.run(*args, input=""), repr(number))


@pytest.mark.parametrize("deals", LOOSE_RANGES)
def test_a_range_of_deals_is_ascii_digits_and_a_dash_alone(cli, tmp_path, deals):
    db = tmp_path / "s.sqlite"
    cli.one_line_error(
        cli.run("survey", "run", "--deals", deals, "--max-nodes", "100", "--workers", "1", "--db", db), "bad deal range"
    )
    cli.one_line_error(cli.run("survey", "shortest", "--deals", f"7,{deals}", "--db", db), "bad deal range")
    cli.one_line_error(cli.run("rate", deals, "--db", db, "--workers", "1"), "bad deal range")
    cli.one_line_error(
        cli.run("calendar", "pool", "--db", db, "--kind", "only-card", "--game", "mouche", "--seeds", deals),
        "bad seed range",
    )
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("number", LOOSE)
@pytest.mark.parametrize(
    "args",
    [
        ["solve", "1", "--max-nodes"],
        ["solve", "1", "--timeout"],
        ["survey", "run", "--deals", "0-1", "--workers"],
        ["puzzle", "new", "--kind", "only-card", "--game", "mouche", "--seed"],
        ["puzzle", "new", "--kind", "only-card", "--game", "mouche", "--grade"],
        ["papillon", "play", "--seed"],
    ],
)
def test_a_whole_number_option_is_ascii_digits_alone(cli, args, number):
    cli.one_line_error(cli.run(*args, number), repr(number))


@pytest.mark.parametrize("number", LOOSE)
def test_site_build_days_is_ascii_digits_alone(cli, tmp_path, number):
    cli.one_line_error(cli.run("site", "build", "--out", tmp_path / "s", "--days", number), repr(number))
    assert not list(tmp_path.iterdir())
