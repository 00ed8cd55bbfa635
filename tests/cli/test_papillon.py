"""``butterfly papillon``: play and analyse, and their errors."""

from __future__ import annotations

import json
import random

import pytest
from mutations import mutate

from butterfly.games.papillon.format import parse_position
from butterfly.games.papillon.notation import position_line
from butterfly.solver.papillon.analysis import analyse
from butterfly.solver.papillon.position import analyse_position

import checkout

EXAMPLES = checkout.EXAMPLES / "papillon"


def test_play_prints_a_log_and_the_final_chips(cli):
    result = cli.run("papillon", "play", "--seed", "3", "--bots", "random,greedy,analyst")
    assert result.exit_code == 0
    assert "Hand 3:" in result.output and "Final chips:" in result.output
    assert "lays down" in result.output and "takes" in result.output


@pytest.mark.parametrize("players", ["3", "4"])
def test_play_json_conserves_chips(cli, players):
    result = cli.run(
        "papillon",
        "play",
        "--players",
        players,
        "--rounds",
        "2",
        "--seed",
        "8",
        "--json",
        "--bots",
        "greedy",
        "--scoring",
        "modern",
    )
    game = json.loads(result.output)
    n = int(players)
    assert len(game["hands"]) >= 2 * n
    assert sum(game["chips"]) + game["pool"] == n * game["options"]["purse"]
    for hand in game["hands"]:
        assert sum(hand["taken"]) == 52


def test_analyse_full_information_matches_the_library(cli):
    path = EXAMPLES / "last-deal.json"
    result = cli.run("papillon", "analyse", str(path), "--json")
    output = json.loads(result.output)
    rows = output["moves"]
    state = parse_position(path.read_text()).state
    expected = analyse(state)
    # the mover's guarantee is that of their best move against everyone
    assert (output["game"], output["view"], output["to_move"]) == ("papillon", "open", state.to_move)
    assert output["guaranteed_chips"][state.to_move] == max(r.paranoid for r in expected)
    assert [r["move"] for r in rows] == [str(v.move) for v in expected]
    assert [r["guaranteed_chips"] for r in rows] == [v.paranoid for v in expected]
    assert output["from_seat"]["to_move"] == state.to_move and output["from_seat"]["deals"] == 20
    text = cli.run("papillon", "analyse", str(path)).output
    assert "open: every hand known" in text and str(expected[0].move) in text
    for word in ("max-n", "paranoid", "kernel", "node"):
        assert word not in text


def test_analyse_from_a_seat(cli):
    path = EXAMPLES / "from-seat.json"
    seat = json.loads(path.read_text())["to_move"]
    result = json.loads(cli.run("papillon", "analyse", str(path), "--as-player", str(seat), "--json").output)
    assert (result["game"], result["view"], result["to_move"]) == ("papillon", "seat", seat)
    assert result["exhaustive"] and result["deals"] == 20 and len(result["unseen"]) == 6
    assert (result["model"], result["exact"], result["unit"]) == ("expected", True, "chips")
    text = cli.run("papillon", "analyse", str(path), "--as-player", str(seat)).output
    assert "Exact: over every one of the 20 deals of the unseen cards" in text
    assert "6S x 6C does worse than AH x AC when P1 holds " in text
    for word in ("max-n", "paranoid", "kernel", "node", "class"):
        assert word not in text


def _write(tmp_path, data) -> str:
    path = tmp_path / "position.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def _example():
    return json.loads((EXAMPLES / "last-deal.json").read_text())


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d["hands"][0].__setitem__(0, d["table"][0]), "appears twice"),
        (lambda d: d["table"].pop(), "accounts for 51 cards"),
        (lambda d: d["hands"][1].extend(["9H"]), "at most 3"),
        (lambda d: d.update(players=5), "out of range"),
        (lambda d: d.update(to_move=7), "to_move 7 is out of range"),
        (lambda d: d["hands"].__setitem__(0, 3), "hidden"),
        (lambda d: d.update(stock=9), "stock"),
        (lambda d: d.update(colour="red"), "unknown field 'colour'"),
        (lambda d: d["table"].__setitem__(0, "1X"), "unknown card '1X'"),
        (lambda d: d.update(scoring="1900"), "unknown scoring"),
    ],
)
def test_bad_positions_get_one_line_and_exit_2(cli, tmp_path, change, message):
    data = _example()
    change(data)
    cli.one_line_error(cli.run("papillon", "analyse", _write(tmp_path, data)), message)


def test_unreadable_positions(cli, tmp_path):
    cli.one_line_error(cli.run("papillon", "analyse", _write(tmp_path, "{not json")), "not valid JSON")
    cli.one_line_error(cli.run("papillon", "analyse", str(tmp_path / "missing.json")), "no such file")
    seat = _example()["to_move"]
    other = (seat + 1) % 3
    path = str(EXAMPLES / "from-seat.json")
    cli.one_line_error(cli.run("papillon", "analyse", path, "--as-player", str(other)), "hidden")
    full = str(EXAMPLES / "last-deal.json")
    cli.one_line_error(cli.run("papillon", "analyse", full, "--as-player", str(other)), "not to move")


def test_bad_play_options(cli):
    cli.one_line_error(cli.run("papillon", "play", "--bots", "clever"), "unknown bot 'clever'")
    cli.one_line_error(cli.run("papillon", "play", "--bots", "random,greedy"), "one per player")
    cli.one_line_error(cli.run("papillon", "play", "--players", "5"), "5")


def test_analyse_with_one_redeal_left(cli):
    path = str(EXAMPLES / "one-redeal-left.json")
    result = json.loads(cli.run("papillon", "analyse", path, "--json").output)
    assert (result["game"], result["view"]) == ("papillon", "redeal")
    assert result["exhaustive"] and result["deals"] == 1680
    chips = [m["expected_chips"][result["to_move"]] for m in result["moves"]]
    assert chips == sorted(chips, reverse=True)
    assert "averaged over every deal of the stock" in cli.run("papillon", "analyse", path).output


@pytest.mark.parametrize(
    ("name", "as_player", "limit", "seed"),
    [("last-deal.json", None, 5, 1), ("from-seat.json", 0, None, 0), ("one-redeal-left.json", None, 30, 2)],
)
def test_analyse_json_is_the_typed_results(cli, name, as_player, limit, seed):
    """``analyse --json`` prints the library's typed analysis, byte for byte."""
    path = EXAMPLES / name
    result = analyse_position(parse_position(path.read_text()), as_player, limit, seed)
    args = [] if as_player is None else ["--as-player", as_player]
    args += [] if limit is None else ["--limit", limit]
    output = cli.run("papillon", "analyse", path, "--json", "--seed", seed, *args).output
    assert output == json.dumps(result.to_json(), indent=1) + "\n"


# ---- bounds: the kernel's 64-bit sums stay exact ---------------------------------

CHIP_BOUND = 10**12
STAKE_BOUND = 10**8


def _at_bounds(name: str) -> dict:
    data = json.loads((EXAMPLES / name).read_text())
    data.update(chips=[CHIP_BOUND, -CHIP_BOUND, CHIP_BOUND], pool=CHIP_BOUND, stake=STAKE_BOUND)
    return data


@pytest.mark.parametrize("scoring", ["1725", "modern"])
def test_kernel_and_python_agree_at_the_bounds(cli, tmp_path, scoring):
    data = _at_bounds("last-deal.json")
    data["scoring"] = scoring
    path = _write(tmp_path, data)
    kernel, python = (cli.run("papillon", "analyse", path, "--json", "--engine", e) for e in ("kernel", "python"))
    assert kernel.exit_code == python.exit_code == 0, kernel.output + python.output
    assert json.loads(kernel.output) == json.loads(python.output)
    values = [c for m in json.loads(kernel.output)["moves"] for c in m["maxn_chips"]]
    assert max(values) > CHIP_BOUND and min(values) < -CHIP_BOUND + 10**9  # the extremes were reached, exactly


def test_kernel_and_python_agree_at_the_bounds_with_a_redeal(cli, tmp_path):
    path = _write(tmp_path, _at_bounds("one-redeal-left.json"))
    args = ("papillon", "analyse", path, "--json", "--limit", "12", "--seed", "3")
    kernel, python = (json.loads(cli.run(*args, "--engine", e).output) for e in ("kernel", "python"))
    assert [m["move"] for m in kernel["moves"]] == [m["move"] for m in python["moves"]]
    for k, p in zip(kernel["moves"], python["moves"]):
        assert k["expected_chips"] == pytest.approx(p["expected_chips"], rel=1e-12)
        assert k["win_chance"] == pytest.approx(p["win_chance"])


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("chips", [CHIP_BOUND + 1, 0, 0], f"player 0's chips {CHIP_BOUND + 1} is out of range"),
        ("chips", [0, -CHIP_BOUND - 1, 0], "player 1's chips"),
        ("chips", [2**63, 0, 0], "out of range"),
        ("pool", CHIP_BOUND + 1, f"'pool' {CHIP_BOUND + 1} is out of range (0 to {CHIP_BOUND})"),
        ("stake", STAKE_BOUND + 1, f"(1 to {STAKE_BOUND})"),
        ("stake", 10**400, "digits"),
        ("pool", 1e300, "whole number"),
    ],
)
def test_numbers_beyond_the_bounds_are_refused(cli, tmp_path, field, value, message):
    data = _example()
    data[field] = value
    cli.one_line_error(cli.run("papillon", "analyse", _write(tmp_path, data)), message)


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("players", True, "players must be a whole number, not true"),
        ("dealer", "0", 'dealer must be a whole number, not "0"'),
        ("scoring", 1725, "unknown scoring 1725"),
        ("hands", {"0": []}, "'hands' must give 3 entries"),
        ("table", "5C 2C", "'table' must be a list of cards"),
        ("taken", [1, None, 2], "cards taken by player 1 must be a whole number, not null"),
        ("taken", [1, False, 2], "not false"),
        ("last_trailer", "1", "last_trailer must be a whole number"),
        ("papillons", 0, "'papillons' must be a list"),
        ("papillons", [0, 0], "twice"),
        ("chips", {"a": 1}, "'chips' must give 3 entries"),
        ("stock", True, "'stock' must be a whole number"),
    ],
)
def test_every_field_is_type_checked(cli, tmp_path, field, value, message):
    data = _example()
    data[field] = value
    cli.one_line_error(cli.run("papillon", "analyse", _write(tmp_path, data)), message)


def test_taken_mixing_cards_and_counts_still_checks_duplicates(cli, tmp_path):
    data = _example()
    held = data["hands"][0][0]
    data["taken"] = [[held] + ["2C"] * 0, data["taken"][1], data["taken"][2] + data["taken"][0] - 1]
    cli.one_line_error(cli.run("papillon", "analyse", _write(tmp_path, data)), f"card {held} appears twice")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--limit", "100001"], "--limit"),
        (["--seed", str(2**63)], "--seed"),
        (["--as-player", "99999999999999999999"], "--as-player"),
    ],
)
def test_counts_are_bounded(cli, args, message):
    cli.one_line_error(cli.run("papillon", "analyse", str(EXAMPLES / "last-deal.json"), *args), message)


def test_play_rounds_are_bounded(cli):
    cli.one_line_error(cli.run("papillon", "play", "--rounds", "101"), "--rounds")


# ---- lines, records and reviews --------------------------------------------------


def _line(name: str = "last-deal.json") -> str:
    """The line of an example position, as ``analyse --format line`` prints it."""
    return position_line(json.loads((EXAMPLES / name).read_text()))


def test_analyse_takes_a_line_in_place_of_a_file(cli, tmp_path):
    line = _line()
    assert line.startswith("papillon_") and "_k1" not in line  # the defaults left out
    assert cli.run("papillon", "analyse", str(EXAMPLES / "last-deal.json"), "--format", "line").output == line + "\n"
    from_file = cli.run("papillon", "analyse", str(EXAMPLES / "last-deal.json"), "--json").output
    assert cli.run("papillon", "analyse", line, "--json").output == from_file
    saved = tmp_path / "position.txt"
    saved.write_text(line + "\n")
    assert cli.run("papillon", "analyse", str(saved), "--json").output == from_file
    assert cli.run("papillon", "analyse", "-", "--json", input=line).output == from_file
    assert cli.run("papillon", "analyse", line, "--format", "line").output.strip() == line


def test_a_hidden_hand_stays_hidden_in_the_line(cli):
    line = _line("from-seat.json")
    assert "_hAH6SJS.3.3_" in line
    seat = json.loads((EXAMPLES / "from-seat.json").read_text())["to_move"]
    by_line = cli.run("papillon", "analyse", line, "--as-player", str(seat), "--json").output
    by_file = cli.run("papillon", "analyse", str(EXAMPLES / "from-seat.json"), "--as-player", str(seat), "--json")
    assert by_line == by_file.output


def test_show_takes_a_line(cli):
    result = cli.run("papillon", "show", _line(), "--svg", "-")
    assert result.exit_code == 0 and "<svg" in result.output


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda line: line.replace("_h", "_hXS"), "hand 0: unknown card 'XS'"),
        (lambda line: line.replace("_d2", ""), "the line has no dealer (d)"),
        (lambda line: line + "_q5", "unknown field 'q5'"),
        (
            lambda line: line.replace("_tAC", "_tAHAC"),
            "card AH appears twice in the position: in hand 0 and on the table",
        ),
        (lambda line: line.replace("_tAC", "_t"), "accounts for 51 cards, not 52 (hands, table, stock and taken)"),
        (lambda line: line.replace("_c108", "_c10x8"), "chips (c) of player 0 must be a whole number"),
    ],
)
def test_a_bad_line_is_one_line_and_exit_2(cli, change, message):
    cli.one_line_error(cli.run("papillon", "analyse", change(_line())), message)


def test_play_record_then_review(cli, tmp_path):
    path = tmp_path / "game.txt"
    played = cli.run("papillon", "play", "--seed", "3", "--bots", "random,greedy,analyst", "--record", path)
    assert played.exit_code == 0 and f"wrote {path}" in played.output
    record = path.read_text()
    assert record.startswith('[Game "papillon"]') and '[Bots "random,greedy,analyst"]' in record
    assert '[Hand "1"]\n[Dealer "P2"]\n[Start "papillon_' in record and "1. P0: " in record
    again = cli.run("papillon", "play", "--seed", "4", "--record", path)
    cli.one_line_error(again, "exists: choose a new file name")
    assert path.read_text() == record

    text = cli.run("papillon", "review", path)
    assert text.exit_code == 0
    assert "Hand 1: P2 deals; papillon_" in text.output and "Not judged (moves 1-" in text.output
    assert "blunder -13.37 chips, best 6C x 6S" in text.output
    assert "P0: all cards open" in text.output and "from the seat" in text.output

    review = json.loads(cli.run("papillon", "review", path, "--json").output)
    assert (review["game"], review["view"]) == ("papillon", "open+seat")
    assert review["deals"] == 2000 and len(review["hands"]) == record.count("[Hand ")
    move = review["hands"][0]["moves"][20]
    assert move["move"] == "6C x AC 5S" and move["open"]["judgement"]["mark"] == "blunder"
    assert move["from_seat"] is None and "last deal" in move["not_judged"]
    assert [(p["seat"], p["open"]["seat"]) for p in review["players"]] == [(0, 0), (1, 1), (2, 2)]
    assert {"name", "open", "from_seat"} <= set(review["players"][0])


def test_play_json_and_record_together(cli, tmp_path):
    path = tmp_path / "game.txt"
    result = cli.run("papillon", "play", "--seed", "1", "--json", "--record", path)
    assert json.loads(result.stdout)["seed"] == 1 and f"wrote {path}" in result.stderr


def test_a_typed_record_is_reviewed(cli, tmp_path):
    path = tmp_path / "hand.txt"
    path.write_text(f'[Start "{_line()}"]\n{{my last deal}}\n1. P0: JS x JC\n')
    result = cli.run("papillon", "review", path)
    assert result.exit_code == 0 and "blunder -8 chips, best AH x AC" in result.output


@pytest.mark.parametrize(
    "moves, message",
    [
        ("1. P0: JS x JC\n2. P1: 4D x 8C\n", "line 3: P1: 4D x 8C: not a capture"),
        ("1. P1: JS x JC\n", "line 2: P1: JS x JC: P0 is to move, not P1"),
        ("1. P0: JS x 7S\n", "line 2: P0: JS x 7S: the table does not show 7S"),
        ("1. P0: JS z JC\n", "line 2: P0: JS z JC: move 'JS z JC'"),
    ],
)
def test_a_record_with_an_illegal_move_is_exit_2_naming_the_line(cli, tmp_path, moves, message):
    path = tmp_path / "hand.txt"
    path.write_text(f'[Start "{_line()}"]\n{moves}')
    cli.one_line_error(cli.run("papillon", "review", path), message)


def test_review_options_are_bounded(cli, tmp_path):
    path = tmp_path / "hand.txt"
    path.write_text(f'[Start "{_line()}"]\n1. P0: JS x JC\n')
    cli.one_line_error(cli.run("papillon", "review", path, "--limit", "0"), "--limit")
    cli.one_line_error(cli.run("papillon", "review", tmp_path / "missing.txt"), "no such file")


def _fuzzed(texts: list[str], count: int, seed: int) -> list[str | bytes]:
    rng = random.Random(seed)
    return [mutate(rng.choice(texts), rng) for _ in range(count)]


def test_fuzzed_records_and_lines_are_one_line_never_a_traceback(cli, tmp_path):
    from butterfly.games.papillon.game import play_game
    from butterfly.games.papillon.record import game_record
    from butterfly.games.papillon.rules import Options
    from butterfly.solver.papillon.bots import BOTS

    game = play_game(Options(), 3, [BOTS["greedy"]] * 3)
    records = [game_record(game, ["greedy"] * 3), f'[Start "{_line()}"]\n1. P0: JS x JC\n2. P1: 4D x 4C\n']
    cases = [("review", "-", "--limit", "3", text) for text in _fuzzed(records, 40, 1)]
    cases += [("analyse", text, "--limit", "3", None) for text in _fuzzed([_line(), _line("from-seat.json")], 60, 2)]
    for command, argument, *options, data in cases:
        if isinstance(argument, bytes) or "\x00" in argument:
            continue  # not an argument a shell can pass
        result = cli.run("papillon", command, argument, *options, input=data)
        assert result.exit_code in (0, 2), (argument, data, result.output[-2000:])
        if result.exit_code == 2:
            assert len(result.stderr.strip().splitlines()) == 1, (argument, data, result.stderr)
            assert result.stdout == ""
