"""``butterfly analyse`` and ``butterfly review`` (butterfly/cli/analysis.py),
and the one-line position on the command line: ``deal --format line``,
``show --format line``, a line (or a file holding one) as any DEAL."""

from __future__ import annotations

import functools
import json

import pytest

from butterfly.games.cards import Card
from butterfly.games.patience.format import format_deal_text, format_moves
from butterfly.games.patience.notation import parse_line, position_line
from butterfly.games.patience.record import write_record
from butterfly.games.patience.rules import PRESETS, Move, Position, make_rules
from butterfly.solver.patience.analysis import LENGTH_LIMITS, analyse
from butterfly.solver.patience.result import WON, Limits
from butterfly.solver.patience.solve import solve, solve_shortest


@functools.cache
def deal_1() -> tuple[list[Position], list[Move]]:
    """The positions and moves of a winning line of Butterfly deal 1."""
    result = solve(Position.deal(1), Limits(max_nodes=1_000_000), shorten=True)
    assert result.result == WON
    return Position.deal(1).replay(result.moves), result.moves


def late(back: int = 12) -> Position:
    """The position ``back`` moves before the end of deal 1's winning line."""
    return deal_1()[0][-1 - back]


def test_analyse_a_line(cli):
    position = late()
    line = position_line(position)
    result = cli.run("analyse", line)
    assert result.exit_code == 0, result.output
    analysis = analyse(position)
    assert f"Position: {line}" in result.stdout
    for entry in analysis.moves:
        assert str(entry.move) in result.stdout
    assert f"wins in {analysis.moves[0].length} moves" in result.stdout
    assert f"Best line ({len(analysis.line)} moves): " + ", ".join(map(str, analysis.line)) in result.stdout


def test_analyse_json_has_the_documented_fields_and_the_librarys_values(cli):
    position = late(16)
    data = json.loads(cli.run("analyse", position_line(position), "--json").stdout)
    assert set(data) == {
        "game",
        "position",
        "value",
        "line",
        "moves",
        "nodes",
        "seconds",
        "engine",
        "length_nodes",
        "lines",
    }
    assert parse_line(data["position"]) == position and data["game"] == "butterfly"
    assert data["engine"] == "kernel" and data["length_nodes"] == LENGTH_LIMITS.max_nodes
    analysis = analyse(position)
    assert data["value"] == analysis.value and data["line"] == [str(m) for m in analysis.line]
    assert [(m["move"], m["value"], m["length"], m["lower_bound"]) for m in data["moves"]] == [
        (str(e.move), e.value, e.length, e.lower_bound) for e in analysis.moves
    ]
    for move in data["moves"]:
        assert set(move) == {
            "move",
            "same_as",
            "value",
            "length",
            "lower_bound",
            "line",
            "proved_by",
            "stopped_by",
            "nodes",
            "seconds",
        }
        if move["line"] is not None:
            lines = [Move.parse(m) for m in move["line"]]
            assert position.replay(lines)[-1].is_won() and len(lines) == move["length"]


def test_analyse_a_number_a_file_a_line_in_a_file_and_stdin_agree(cli, tmp_path):
    deal = tmp_path / "deal.txt"
    deal.write_text(format_deal_text(Position.deal(1)))
    holder = tmp_path / "line.txt"
    holder.write_text(position_line(Position.deal(1)) + "\n")
    options = ["--json", "--length-nodes", 0, "--max-nodes", 200_000]

    def answer(*args, input=None):
        result = cli.run("analyse", *args, *options, input=input)
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        data.pop("seconds")
        for move in data["moves"]:
            move.pop("seconds")
        return data

    by_number = answer(1)
    assert by_number["length_nodes"] is None
    assert {m["value"] for m in by_number["moves"]} <= {"won", "lost", "unknown"}
    assert all(m["lower_bound"] is None for m in by_number["moves"])
    assert answer(deal) == answer(holder) == answer(position_line(Position.deal(1))) == by_number
    assert answer("-", input=position_line(Position.deal(1))) == by_number


def test_analyse_with_the_rules_options(cli):
    rules = make_rules("beleaguered-castle", "alternate-colours", 2)
    data = json.loads(
        cli.run(
            "analyse",
            5,
            "--game",
            rules.name.split("/")[0],
            "--variant",
            "alternate-colours",
            "--basement",
            2,
            "--json",
            "--length-nodes",
            0,
            "--max-nodes",
            100_000,
        ).stdout
    )
    assert parse_line(data["position"]) == Position.deal(5, rules)


def test_analyse_a_won_position_and_a_stuck_one(cli):
    won = deal_1()[0][-1]
    result = cli.run("analyse", position_line(won))
    assert result.exit_code == 0 and "Every card is home" in result.stdout
    rows = [()] * 10
    rows[0] = tuple(Card.parse(card) for card in ("JS", "QS", "KS"))  # the outer KS cannot go home
    stuck = Position(make_rules("butterfly", cells=0), tuple(rows), (13, 13, 13, 10)).validate()
    result = cli.run("analyse", position_line(stuck))
    assert result.exit_code == 0 and "No move is left: the deal is lost." in result.stdout
    assert json.loads(cli.run("analyse", position_line(stuck), "--json").stdout)["value"] == "lost"


def test_analyse_with_the_python_engine(cli):
    line = position_line(late(6))
    kernel = json.loads(cli.run("analyse", line, "--json").stdout)
    python = json.loads(cli.run("analyse", line, "--json", "--engine", "python").stdout)
    assert [(m["move"], m["value"], m["length"]) for m in kernel["moves"]] == [
        (m["move"], m["value"], m["length"]) for m in python["moves"]
    ]
    assert python["engine"] == "python"


def test_analyse_small_limits_say_what_stopped_a_move(cli):
    result = cli.run("analyse", position_line(late(30)), "--max-nodes", 2, "--length-nodes", 0)
    assert result.exit_code == 0 and "not decided (stopped by the --max-nodes limit)" in result.stdout


def _record(tmp_path, text: str, name: str = "game.txt"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_review_a_deal_and_a_record(cli, tmp_path):
    positions, moves = deal_1()
    start = positions[-25]
    game = moves[-24:]
    record = _record(tmp_path, format_moves(game))  # a move list names no deal
    result = cli.run("review", position_line(start), record)
    assert result.exit_code == 0, result.output
    par = len(solve_shortest(start).moves)
    assert f"Won in 24 moves; par {par} (proved)" in result.stdout
    data = json.loads(cli.run("review", position_line(start), record, "--json").stdout)
    assert data["result"] == "won" and data["par"] == par and data["over_par"] == 24 - par
    assert [m["move"] for m in data["moves"]] == [str(m) for m in game]
    assert set(data) == {
        "game",
        "position",
        "result",
        "losing_move",
        "lost_between",
        "winning_moves",
        "winning_line",
        "par",
        "over_par",
        "moves",
        "nodes",
        "seconds",
    }


def test_review_a_record_that_names_its_deal(cli, tmp_path):
    positions, moves = deal_1()
    record = _record(tmp_path, write_record(Position.deal(1), moves, number=1, comments={1: "first"}))
    data = json.loads(cli.run("review", record, "--json", "--length-nodes", 0).stdout)
    assert data["result"] == "won" and len(data["moves"]) == len(moves)
    assert parse_line(data["position"]) == Position.deal(1)
    # the same deal given beside it, as a number or as a line
    assert json.loads(cli.run("review", 1, record, "--json", "--length-nodes", 0).stdout)["result"] == "won"
    start = positions[-20]
    record = _record(tmp_path, write_record(start, moves[-19:]), "from-position.txt")
    data = json.loads(cli.run("review", record, "--json").stdout)
    assert data["result"] == "won" and parse_line(data["position"]) == start
    # its game named beside its line, as a person may type it
    record = _record(tmp_path, '[Game "butterfly"]\n' + write_record(start, moves[-19:]), "with-game.txt")
    assert json.loads(cli.run("review", record, "--json").stdout)["result"] == "won"


def test_review_finds_the_losing_move(cli, tmp_path):
    positions, moves = deal_1()
    start = positions[-30]
    # play on from the start until a move loses it
    here, game = start, []
    while True:
        analysis = analyse(here, lengths=None)
        losing = [e.move for e in analysis.moves if e.value == "lost"]
        if losing:
            game.append(losing[0])
            break
        game.append(analysis.line[0])
        here = here.play(game[-1])
    record = _record(tmp_path, write_record(start, game))
    result = cli.run("review", record)
    assert result.exit_code == 0, result.output
    assert f"Lost at move {len(game)}, {game[-1]}" in result.stdout
    assert "Moves that still won there: " in result.stdout
    data = json.loads(cli.run("review", record, "--json").stdout)
    assert data["result"] == "lost" and data["losing_move"] == len(game)
    line = [Move.parse(m) for m in data["winning_line"]]
    assert start.replay(game[:-1] + line)[-1].is_won()
    assert data["moves"][-1]["mark"] == "losing"


def test_review_a_deal_lost_from_the_start(cli, tmp_path):
    deal = Position.deal(0, make_rules("fortress"))
    move = deal.legal_moves()[0]
    record = _record(tmp_path, f'[Game "fortress"]\n[Deal "0"]\n1. {move}\n')
    result = cli.run("review", record)
    assert result.exit_code == 0 and "lost before the first move" in result.stdout
    assert json.loads(cli.run("review", record, "--json").stdout)["result"] == "lost-from-start"


def test_review_takes_a_solve_report_as_its_moves(cli, tmp_path):
    report = _record(tmp_path, cli.run("solve", 1, "--json").stdout, "solve.json")
    data = json.loads(cli.run("review", 1, report, "--json", "--length-nodes", 0).stdout)
    assert data["result"] == "won"


@pytest.mark.parametrize("game", list(PRESETS))
def test_a_deals_line_solves_as_its_number_does(cli, game):
    options = ["--game", game, "--variant", "alternate-colours", "--basement", 2]
    line = cli.run("deal", 4, *options, "--format", "line").stdout.strip()
    assert parse_line(line) == Position.deal(4, make_rules(game, "alternate-colours", 2))
    by_line = json.loads(cli.run("solve", line, "--json", "--max-nodes", 100_000).stdout)
    by_number = json.loads(cli.run("solve", 4, *options, "--json", "--max-nodes", 100_000).stdout)
    for report in (by_line, by_number):
        report.pop("seconds")
    assert by_line == by_number


def test_show_format_line(cli, tmp_path):
    line = cli.run("show", 3, "--format", "line").stdout
    assert line == position_line(Position.deal(3)) + "\n"
    assert cli.run("show", line.strip(), "--format", "line").stdout == line
    positions, moves = deal_1()
    moves_file = _record(tmp_path, format_moves(moves[:5]), "moves.txt")
    shown = cli.run("show", 1, "--moves", moves_file, "--format", "line").stdout.splitlines()
    assert shown == [position_line(p) for p in positions[:6]]


def test_a_line_with_the_rules_options_changes_the_rules(cli):
    line = position_line(Position.deal(2))
    shown = cli.run("show", line, "--basement", 1, "--format", "line").stdout.strip()
    assert parse_line(shown) == Position.deal(2, make_rules("butterfly", cells=1))


def test_a_line_is_taken_where_a_deal_is(cli, tmp_path):
    line = position_line(Position.deal(5))
    assert "butterfly deal from the line given" in cli.run("show", line).stdout
    solution = _record(tmp_path, cli.run("solve", 5, "--json").stdout, "solution.json")
    assert cli.run("verify", line, solution).exit_code == 0


@pytest.mark.parametrize(
    "args, fragments",
    [
        (["analyse", "butterfly_l-_r-"], ["missing"]),
        (["analyse", "butterfly_fACADAHAS_l7X_r-"], ["row L1", "'7X'"]),
        (["analyse", "nothing-here"], ["neither a deal number nor an existing file, nor a position's line"]),
        (["analyse", 1, "--length-nodes", -1], ["--length-nodes"]),
        (["review"], ["give a RECORD"]),
        (["review", 1, 2, 3], ["give a RECORD"]),
        (["review", "no-such-record.txt"], ["no-such-record.txt"]),
        (["deal", 1, "--format", "lines"], ["--format"]),
        (["show", 1, "--format", "json"], ["--format"]),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli, args, fragments):
    cli.one_line_error(cli.run(*args), *fragments)


@pytest.mark.parametrize(
    "text, fragments",
    [
        ('[Deal "1"]\n1. 2D L3>F\n2. 2D L3>F\n', ["move 2", "2D L3>F", "not legal"]),
        ('[Deal "1"]\n1. 2D L3>F\n2. 7S R5>L1\n3. KD L3>F\n', ["move 3", "KD L3>F"]),
        ('[Deal "1"]\n1. P0: 2D L3>F\n', ["line 2", "seat"]),
        ('[Deal "1"]\n1. 2D L3>Z\n', ["line 2", "'Z'"]),
        ("1. 2D L3>F\n", ["names no deal"]),
        ('[Deal "x"]\n', ["deal number"]),
        ('[Deal "1"]\n[Deal "2"]\n', ["line 2", "twice"]),
        ('[Position "butterfly_l-_r-"]\n', ["tag Position"]),
        ('[Game "fortress"]\n1. 2D L3>F\n', ["names its rules but not its deal"]),
        ('[Game "chess"]\n\n1. e4\n', ["tag Game", "unknown game 'chess'"]),
        ('[Game "fortress"]\n[Position "' + position_line(Position.deal(1)) + '"]\n', ["line is of butterfly"]),
    ],
)
def test_a_bad_record_is_one_line_and_exit_2(cli, tmp_path, text, fragments):
    cli.one_line_error(cli.run("review", _record(tmp_path, text)), *fragments)


def test_a_record_of_another_deal_than_the_one_given(cli, tmp_path):
    record = _record(tmp_path, '[Deal "1"]\n1. 2D L3>F\n')
    cli.one_line_error(cli.run("review", 2, record), "another deal")
    cli.one_line_error(cli.run("review", 1, record, "--game", "fortress"), "another deal")


def test_an_illegal_move_after_a_deal_given_beside_the_record(cli, tmp_path):
    record = _record(tmp_path, "2D L3>F\n8C R4>B\n9D R4>F\n")
    cli.one_line_error(cli.run("review", 1, record), "move 3 (9D R4>F)")


def test_rules_options_that_contradict_the_records_deal_are_not_ignored(cli, tmp_path):
    record = _record(tmp_path, '[Deal "1"]\n1. 2D L3>F\n')
    cli.one_line_error(cli.run("review", record, "--game", "fortress", "--length-nodes", 0))


def test_review_takes_a_json_move_list(cli, tmp_path):
    _, moves = deal_1()
    record = _record(tmp_path, json.dumps([str(m) for m in moves]), "moves.json")
    assert json.loads(cli.run("review", 1, record, "--json", "--length-nodes", 0).stdout)["result"] == "won"


@pytest.mark.parametrize("indent", [2, None])
def test_review_takes_a_json_move_list_however_it_is_spaced(cli, tmp_path, indent):
    _, moves = deal_1()
    text = json.dumps([str(m) for m in moves], indent=indent).replace('["', '[ "')
    record = _record(tmp_path, text, "moves.json")
    assert cli.run("show", 1, "--moves", record, "--format", "line").exit_code == 0  # show reads it
    result = cli.run("review", 1, record, "--json", "--length-nodes", 0)
    assert result.exit_code == 0, result.output


def test_analyse_writes_moves_to_the_same_position_as_one(cli):
    line = "fortress_fQCJDJHJS_b-_lQDKDQHQS.KH.KS.KC.-_r-.-.-.-.-"
    result = cli.run("analyse", line)
    assert result.exit_code == 0, result.output
    assert "QS L1>L5 = QS L1>R1 = QS L1>R2 = QS L1>R3 = QS L1>R4 = QS L1>R5  " in result.stdout
    data = json.loads(cli.run("analyse", line, "--json").stdout)
    merged = next(m for m in data["moves"] if m["move"] == "QS L1>L5")
    assert merged["same_as"] == ["QS L1>R1", "QS L1>R2", "QS L1>R3", "QS L1>R4", "QS L1>R5"]


def test_analyse_format_line_prints_the_position(cli):
    line = position_line(late(8))
    result = cli.run("analyse", line.lower(), "--format", "line")
    assert result.exit_code == 0 and result.stdout == line + "\n"


def test_review_of_a_published_deal_takes_its_proved_par(cli, tmp_path):
    """Par of a published deal comes from butterfly/data/lengths_*.csv.gz, proved when
    published: no search for it, even with no time given to the lengths."""
    _, moves = deal_1()
    record = _record(tmp_path, write_record(Position.deal(1), moves, number=1))
    data = json.loads(cli.run("review", record, "--json", "--par-seconds", 0).stdout)
    assert data["par"] == len(solve_shortest(Position.deal(1)).moves) == 60
    assert data["over_par"] == len(moves) - 60
    result = cli.run("review", 1, record, "--par-seconds", 0)
    assert f"Won in {len(moves)} moves; par 60 (proved)" in result.stdout


def test_review_relax_lets_the_chain_relaxation_decide(cli, tmp_path):
    """--relax reaches the reviewer's searches (the patience reviewer's
    relaxation option): deal 3993 without a basement, which the search
    leaves undecided within 1,000 positions, is proved lost from the start."""
    moves = _record(tmp_path, "[]", "no-moves.json")
    options = ["--basement", 0, "--max-nodes", 1000, "--length-nodes", 0, "--json"]
    assert json.loads(cli.run("review", 3993, moves, *options).stdout)["result"] == "unknown"
    relaxed = json.loads(cli.run("review", 3993, moves, *options, "--relax", 100_000).stdout)
    assert relaxed["result"] == "lost-from-start"
