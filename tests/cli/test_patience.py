"""The ``butterfly`` command line: outputs, exit codes, bad input."""

import json
import subprocess
import sys

import pytest

from butterfly.cli import COMMANDS
from butterfly.games.patience.format import format_deal_text, parse_deal_text
from butterfly.games.patience.rules import Position


def test_solve_text_report_lists_numbered_moves_that_verify(cli, tmp_path):
    result = cli.run("solve", 4)
    assert result.exit_code == 0
    assert "Result: won in" in result.stdout
    assert "  1. " in result.stdout or " 1. " in result.stdout
    assert "Nodes:" in result.stdout and "Seconds:" in result.stdout
    assert "L1" in result.stdout and "| AC |" in result.stdout


def test_solve_json_has_the_documented_fields_and_the_moves_win(cli, tmp_path):
    result = cli.run("solve", 4, "--json")
    data = json.loads(result.stdout)
    assert {"game", "deal", "result", "moves", "nodes", "seconds"} <= set(data)
    assert data["result"] == "won" and data["game"] == "butterfly"
    assert parse_deal_text(data["deal"]) == Position.deal(4)
    solution = tmp_path / "solution.json"
    solution.write_text(result.stdout)
    deal = tmp_path / "deal.txt"
    deal.write_text(data["deal"])
    assert cli.run("verify", deal, solution).exit_code == 0


def test_solve_reads_a_deal_file_and_stdin(cli, tmp_path):
    deal = tmp_path / "deal.txt"
    deal.write_text(format_deal_text(Position.deal(6)))
    from_file = json.loads(cli.run("solve", deal, "--json").stdout)
    from_stdin = json.loads(cli.run("solve", "-", "--json", input=deal.read_text()).stdout)
    from_number = json.loads(cli.run("solve", 6, "--json").stdout)
    assert from_file["moves"] == from_stdin["moves"] == from_number["moves"]


def test_python_engine_gives_the_kernels_answer(cli):
    # the search's own line: the polish of both engines is held equal in test_shortest.py (20 s of the twin here)
    kernel = json.loads(cli.run("solve", 9, "--json", "--max-nodes", 3000, "--raw-moves").stdout)
    python = json.loads(cli.run("solve", 9, "--json", "--max-nodes", 3000, "--raw-moves", "--engine", "python").stdout)
    assert (kernel["result"], kernel["nodes"], kernel["moves"]) == (python["result"], python["nodes"], python["moves"])


def test_unresolved_names_the_limit(cli):
    data = json.loads(cli.run("solve", 7, "--json", "--max-nodes", 10).stdout)
    assert data["result"] == "unresolved" and data["stopped_by"] == "nodes" and data["moves"] == []
    text = cli.run("solve", 7, "--max-nodes", 10).stdout
    assert "unresolved (stopped by the nodes limit; a larger --max-nodes may find a win, or --relax" in text


def test_unresolved_without_the_relaxation_says_a_longer_search_may_prove_it_lost(cli):
    # Streets and Alleys deal 4 is lost, proved by the search alone at 19 M nodes: the
    # relaxation does not apply to these rules, so the hint may not send the player there.
    text = cli.run("solve", 4, "--game", "streets-and-alleys", "--max-nodes", 1000).stdout
    assert "unresolved (stopped by the nodes limit; a larger --max-nodes may find a win or prove it lost)" in text
    assert "--relax" not in text


def test_options_change_the_rules(cli):
    data = json.loads(
        cli.run("solve", 3, "--json", "--variant", "alternate-colours", "--basement", 1, "--max-nodes", 100).stdout
    )
    assert data["game"] == "butterfly/alternate-colours/basement-1"
    assert "variant: alternate-colours" in data["deal"] and "cells: 1" in data["deal"]


def test_deal_prints_the_file_format_and_json(cli):
    text = cli.run("deal", 12).stdout
    assert text.startswith("# butterfly deal 12\n")
    assert parse_deal_text(text) == Position.deal(12)
    data = json.loads(cli.run("deal", 12, "--json").stdout)
    assert data["rows"]["L1"] == [str(c) for c in Position.deal(12).rows[0]]
    castle = cli.run("deal", 12, "--game", "beleaguered-castle").stdout
    assert "R4:" in castle and "R5:" not in castle


def test_show_draws_every_position_along_the_moves(cli, tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("2D L3>F\n2C L4>F\n")
    result = cli.run("show", 1, "--moves", moves)
    assert result.exit_code == 0
    assert "1. 2D L3>F" in result.stdout and "2. 2C L4>F" in result.stdout
    assert result.stdout.count("basement:") == 3
    assert "2♦" in cli.run("show", 1, "--unicode").stdout


def test_verify_exit_codes(cli, tmp_path):
    solution = tmp_path / "s.txt"
    moves = json.loads(cli.run("solve", 4, "--json").stdout)["moves"]
    solution.write_text("\n".join(moves))
    ok = cli.run("verify", 4, solution)
    assert ok.exit_code == 0 and ok.stdout.startswith("won:")
    solution.write_text("\n".join(moves[:3]))
    partial = cli.run("verify", 4, solution)
    assert partial.exit_code == 1 and "not won" in partial.stdout
    solution.write_text("\n".join(moves[:2] + ["KS L1>F"] + moves[2:]))
    illegal = cli.run("verify", 4, solution)
    assert illegal.exit_code == 1 and "move 3 (KS L1>F)" in illegal.stdout


@pytest.mark.parametrize(
    "args, fragment",
    [
        (("solve", "2x"), "'2x'"),
        (("solve", "-5"), ""),
        (("solve", str(2**63)), "out of range"),
        (("deal", "abc"), "'abc'"),
        (("solve", "1", "--basement", "9"), "cells"),
        (("survey", "run", "--deals", "5-2"), "bad deal range"),
        (("survey", "run", "--deals", "x"), "bad deal range"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(cli, args, fragment):
    cli.one_line_error(cli.run(*args), fragment)


def test_click_usage_errors_also_exit_2(cli):
    assert cli.run("solve", "1", "--game", "klondike").exit_code == 2
    assert cli.run("solve", "1", "--max-nodes", "0").exit_code == 2


def test_bad_deal_files_exit_2_naming_the_problem(cli, tmp_path):
    text = format_deal_text(Position.deal(1))
    deal = tmp_path / "deal.txt"
    deal.write_text(text.replace("7D 9C", "7D XX"))
    cli.one_line_error(cli.run("solve", deal), "line", "'XX'")
    deal.write_text(text.replace("8D", "7D"))
    cli.one_line_error(cli.run("solve", deal), "7D")
    deal.write_bytes(b"\xff\xfe garbage")
    cli.one_line_error(cli.run("solve", deal), "cannot read")
    cli.one_line_error(cli.run("solve", "-", input="{not json"), "JSON")


def test_bad_move_file_exits_2_and_nothing_is_replayed(cli, tmp_path):
    moves = tmp_path / "m.txt"
    moves.write_text("2D L3>F\nthis is not a move\n")
    cli.one_line_error(cli.run("verify", 1, moves), "line 2")
    cli.one_line_error(cli.run("show", 1, "--moves", moves), "line 2")


def test_survey_reports_counts_and_wilson_bounds(cli):
    args = ("survey", "run", "--deals", "0-11", "--max-nodes", 20000, "--workers", 1)
    data = json.loads(cli.run(*args, "--json").stdout)
    assert data["deals"] == 12 == data["won"] + data["unwinnable"] + data["unresolved"]
    assert 0 <= data["winnability_low"] <= data["won"] / 12 <= data["winnability_high"] <= 1
    assert [r["deal"] for r in data["results"]] == list(range(12))
    text = cli.run("survey", "run", "--deals", "0-3", "--max-nodes", 2000, "--workers", 1)
    assert "winnability:" in text.stdout and "Wilson 95 %" in text.stdout


def test_survey_in_a_process_pool_matches_one_process(cli):
    args = ("survey", "run", "--deals", "20-29", "--max-nodes", 5000, "--json")
    one = json.loads(cli.run(*args, "--workers", 1).stdout)["results"]
    two = json.loads(cli.run(*args, "--workers", 2).stdout)["results"]
    strip = lambda rows: [(r["deal"], r["result"], r["nodes"], r["moves"]) for r in rows]  # noqa: E731
    assert strip(one) == strip(two)


def test_solutions_are_shortened_unless_raw_moves_is_asked(cli, tmp_path):
    short = json.loads(cli.run("solve", 2, "--json").stdout)["moves"]
    raw = json.loads(cli.run("solve", 2, "--json", "--raw-moves").stdout)["moves"]
    assert len(short) < len(raw)
    for moves in (short, raw):
        solution = tmp_path / "s.txt"
        solution.write_text("\n".join(moves))
        assert cli.run("verify", 2, solution).exit_code == 0


def test_missing_files_are_named_for_what_they_are(cli, tmp_path):
    cli.one_line_error(cli.run("solve", tmp_path / "nope.txt"), "neither a deal number nor an existing file")
    cli.one_line_error(cli.run("verify", 1, tmp_path / "moves.txt"), "no such file")


def test_solve_says_why_a_deal_is_lost_at_once(cli):
    result = cli.run("solve", "126")
    assert result.exit_code == 0
    assert "no row can be the last one emptied" in result.output and "Nodes: 1 " in result.output


def test_every_kind_of_input_error_is_one_line_and_exit_2(cli):
    cli.one_line_error(cli.run("show", 1, "--moves", "-", input="2D L3>F\nKD L3>B\n"), "KD")  # IllegalMoveError
    cli.one_line_error(cli.run("show", 1, "--moves", "-", input="2D L3 to F\n"), "bad move")  # ParseError
    cli.one_line_error(cli.run("deal", 1, "--game", "nope"), "nope")  # click's own


def test_help_lists_every_command_and_version_asks_the_metadata(cli):
    listed = cli.run("--help").stdout.split("Commands:", 1)[1].strip().splitlines()
    assert [line.split()[0] for line in listed] == sorted(COMMANDS)
    assert cli.run("--version").stdout.startswith("butterfly, version ")
    assert "Did you mean 'solve'?" in cli.run("solv").stderr


def test_help_lists_each_commands_own_short_help_without_loading_it():
    """``butterfly --help`` reads COMMANDS' short helps, not the modules: each
    must be what its command's docstring says."""
    import click

    from butterfly.cli import main

    context = click.Context(main)
    for name, (_, _, short_help) in COMMANDS.items():
        command = main.get_command(context, name)
        assert command is not None and command.get_short_help_str(limit=1000) == short_help, name


def test_a_patience_command_imports_only_what_it_needs(tmp_path):
    """Start-up time (bench/startup.py) is mostly imports: solve loads
    neither the card games, nor the survey's machinery, nor PySAT, nor the
    package metadata."""
    script = (
        "import sys\nfrom butterfly.cli import main\n"
        "try:\n    main(['solve', '1', '--json'])\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sys.modules), file=sys.stderr)"
    )
    # Run outside the checkout, so that the installed package is imported (CI installs it, not in place).
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path)
    loaded = set(run.stderr.split())
    assert "butterfly.solver.patience.kernel" in loaded
    unwanted = {
        "pysat",
        "multiprocessing",
        "sqlite3",
        "importlib.metadata",
        "butterfly.games.papillon",
        "butterfly.games.mouche",
    }
    unwanted |= {
        "butterfly.cli.papillon",
        "butterfly.cli.mouche",
        "butterfly.cli.survey",
        "butterfly.solver.survey.run",
    }
    assert not loaded & unwanted


def test_help_imports_no_command(tmp_path):
    script = (
        "import sys\nfrom butterfly.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sys.modules), file=sys.stderr)"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path)
    assert "solve" in run.stdout and not {m for m in run.stderr.split() if m.startswith("butterfly.cli.")}


@pytest.mark.parametrize(
    "args, fragment",
    [
        # one parser of whole numbers: ASCII digits only, bounded
        (("survey", "run", "--deals", "٠-٣"), "not a whole number"),
        (("survey", "run", "--deals", "1_0-1_2"), "not a whole number"),
        (("survey", "run", "--deals", "+1-3"), "not a whole number"),
        (("survey", "run", "--deals", "0-99999999999"), "at most 1,000,000 per run"),
        (("survey", "run", "--deals", f"{2**63 - 2}-{2**63 + 5}"), "out of range"),
        (("survey", "run", "--deals", "9" * 400), "too large"),
        (("solve", "1", "--timeout", "nan"), "not a number of seconds"),
        (("solve", "1", "--timeout", "inf"), "not a number of seconds"),
        (("solve", "1", "--timeout", "-1"), "not a number of seconds"),
        (("solve", "1", "--timeout", "1e300"), "out of range"),
        (("solve", "1", "--timeout", "١"), "not a number of seconds"),
        (("solve", "1", "--memory", str(2**70)), "too large"),
        (("solve", "1", "--memory", "1_024"), "not a whole number"),
        (("solve", "1", "--max-nodes", "1" + "0" * 30), "too large"),
        (("solve", "1", "--max-nodes", "٣"), "not a whole number"),
        (("solve", "1", "--relax", str(2**40)), "too large"),
        (("solve", "1", "--basement", "١"), "not a whole number"),
        (("solve", "9" * 300), "not a deal number"),
        (("survey", "run", "--deals", "0-3", "--workers", "100000"), "--workers"),
        (("survey", "run", "--deals", "0-3", "--workers", "0"), "--workers"),
        (("survey", "run", "--deals", "0-3", "--scheduler", "not an address"), "--scheduler"),
    ],
)
def test_numbers_out_of_range_or_in_other_forms_are_one_line(cli, args, fragment):
    result = cli.run(*args)
    cli.one_line_error(result, fragment)
    assert result.stdout == ""


def test_unreachable_scheduler_fails_at_once_in_one_line(cli):
    pytest.importorskip("distributed")
    result = cli.run("survey", "run", "--deals", "0-3", "--scheduler", "tcp://127.0.0.1:1")
    cli.one_line_error(result, "cannot reach the Dask scheduler", "refused")
    assert result.stdout == ""


def test_show_with_bad_moves_prints_nothing(cli, tmp_path):
    """The whole input is read and checked before anything is printed."""
    result = cli.run("show", 1, "--moves", "-", input="2D L3>F\nKD L3>B\nAS L1>F\n")
    cli.one_line_error(result, "move 2 (KD L3>B)")
    assert result.stdout == ""
    good = cli.run("show", 1, "--moves", "-", input="2D L3>F\n")
    assert good.exit_code == 0 and "1. 2D L3>F" in good.stdout


def test_verify_will_not_read_both_inputs_from_stdin(cli):
    cli.one_line_error(cli.run("verify", "-", "-", input="7D L1>R1\n"), "cannot both be standard input")


def test_an_error_quoting_a_huge_input_is_one_short_line(cli):
    result = cli.run("solve", "-", input="L1: " + "Z" * 500_000 + "\n")
    cli.one_line_error(result)
    assert len(result.stderr) < 500


# ------------------------------------------------------------------ long move lists (streamed)
def long_line(trips: int) -> str:
    """A legal winning line of Beleaguered Castle deal 1, numbered: a card
    moved to another row and back ``trips`` times, then the solver's win (a
    real solution's length and size without a real solution's search)."""
    from butterfly.games.patience.rules import Move, make_rules
    from butterfly.solver.patience.result import Limits
    from butterfly.solver.patience.solve import solve_short

    position = start = Position.deal(1, make_rules("beleaguered-castle"))
    line = solve_short(start, Limits(max_nodes=1_000_000)).moves
    for index, move in enumerate(line):
        for there in position.legal_moves():
            back = Move(there.card, there.target, there.source)
            if there.target not in ("F", "B") and position.play(there).check_move(back) is None:
                moves = line[:index] + [there, back] * trips + line[index:]
                return "".join(f"{number}. {m}\n" for number, m in enumerate(moves, 1))
        position = position.play(move)
    raise AssertionError("no move to undo on the line")


CASTLE = ("--game", "beleaguered-castle")


@pytest.fixture(scope="module")
def long_list(tmp_path_factory):
    """200,000 moves and more, over 3 MiB of text: beyond the 1 MiB a deal may have."""
    path = tmp_path_factory.mktemp("long") / "line.txt"
    path.write_text(long_line(100_000))
    assert path.stat().st_size > 3 << 20
    return path


def test_verify_streams_a_move_list_longer_than_any_deal(cli, long_list):
    moves = long_list.read_text().count("\n")
    assert moves > 200_000
    for args, given in (((long_list,), None), (("-",), long_list.read_text())):
        result = cli.run("verify", 1, *args, *CASTLE, input=given)
        assert result.exit_code == 0, result.output
        assert result.stdout == f"won: {moves} moves, all legal\n"
    as_json = long_list.with_suffix(".json")
    as_json.write_text(
        json.dumps({"result": "won", "moves": [m.split(". ")[1] for m in long_list.read_text().split("\n")[:-1]]})
    )
    assert cli.run("verify", 1, as_json, *CASTLE).stdout == f"won: {moves} moves, all legal\n"


def test_verify_holds_no_more_of_a_long_list_than_of_a_short_one(long_list, tmp_path):
    """The peak memory of the whole command barely grows with the list
    (holding 200,000 moves and their positions would take over 50 MB)."""
    script = (
        "import resource, sys\nfrom butterfly.cli import main\n"
        "try:\n    main(['verify', '1', sys.argv[1], '--game', 'beleaguered-castle'])\nexcept SystemExit:\n    pass\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)"
    )
    short = tmp_path / "short.txt"
    short.write_text("".join(long_list.read_text().splitlines(keepends=True)[:5]))
    peaks = {}
    for path in (short, long_list):
        run = subprocess.run([sys.executable, "-c", script, path], capture_output=True, text=True, cwd=tmp_path)
        assert run.returncode == 0 and "moves" in run.stdout, run.stderr
        peaks[path] = int(run.stderr.split()[-1])  # KiB
    assert peaks[long_list] - peaks[short] < 8 << 10, peaks


def test_show_reads_its_move_list_with_the_same_reader(cli, tmp_path):
    moves = tmp_path / "m.txt"
    moves.write_text("# " + "x" * (2 << 20) + "\n2D L3>F\n")  # over 1 MiB, all but one move a comment
    result = cli.run("show", 1, "--moves", moves)
    assert result.exit_code == 0 and "1. 2D L3>F" in result.stdout


@pytest.mark.parametrize(
    "text, fragments",
    [
        ("2D L3>F\n\n# two\nnot a move\n", ("line 4 (move 2)", "bad move")),
        ("2D L3>F, 2C L4>F, 9Z L1>F", ("line 1 (move 3)", "9Z")),
        ("2D L3>F\n" + "7" * 100_000, ("line 2 (move 2)", "too long for a move")),
        ("2D L3>F\n" + "7" * 2000 + "\n", ("line 2 (move 2)", "too long for a move")),
        ("2D L3>F\n2C L4>F\nAS L1>F\nKD L3>B\n", ("line 4", "more than 3 moves")),
        ('["2D L3>F",\n 5]', ("list of strings",)),
        ('{"moves": ["2D L3>F", "' + "x" * 5000 + '"]}', ("more than 1,024 characters", "line 1")),
        ('{"deal": "x",\n "moves": ["2D L3>F",\n "2D L3 F"]}', ("line 3 (move 2)", "bad move")),
        ('["2D L3>F"] ["2C L4>F"]', ("not valid JSON", "Extra data")),
        ("AS L1>F\n2D L3>F\nnot a move\n", ("line 3 (move 3)",)),  # unreadable after an illegal move: still 2
    ],
)
def test_a_bad_move_list_is_one_line_naming_the_line_and_the_move(cli, monkeypatch, text, fragments):
    monkeypatch.setattr("butterfly.games.patience.format.MAX_MOVES", 3)
    for command in (("verify", 1, "-"), ("show", 1, "--moves", "-")):
        result = cli.run(*command, input=text)
        cli.one_line_error(result, *fragments)
        assert result.stdout == "" and len(result.stderr) < 300
