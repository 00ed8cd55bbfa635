"""Shortest-line surveys (butterfly.solver.survey.lengths, publish_lengths): rows that
replay, resume without searching again, a larger budget searching bounded
deals again, damaged rows refused, published files that read back."""

import json
import sqlite3
import sys
from dataclasses import asdict, astuple

import pytest
from click.testing import CliRunner

from butterfly.cli import main
from butterfly.games.errors import InputError
from butterfly.games.patience.format import parse_moves
from butterfly.games.patience.rules import Position, make_rules
from butterfly.solver.patience import solve as solve_module
from butterfly.solver.patience.result import BOUNDED, OPTIMAL
from butterfly.solver.patience.solve import solve
from butterfly.solver.survey import publish, publish_lengths
from butterfly.solver.survey.db import ResultsDB
from butterfly.solver.survey.lengths import read_rows, run_lengths

RULES = make_rules("butterfly")


@pytest.fixture(scope="module")
def surveyed(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("lengths") / "l.sqlite")
    return db, run_lengths([3, 1], RULES, db, proof_nodes=20)


def test_rows_replay_to_wins_of_their_length_and_bound_every_line(surveyed):
    _, rows = surveyed
    assert [row.deal for row in rows] == [1, 3]
    for row in rows:
        assert row.result in (OPTIMAL, BOUNDED) and row.proof_nodes == 20 and row.code
        position = Position.deal(row.deal, RULES)
        moves = parse_moves(row.line)
        assert len(moves) == row.length and position.replay(moves)[-1].is_won()
        # A bound is a bound: no line found by other means is shorter.
        assert row.lower <= row.length and row.lower <= len(solve(position, shorten=True).moves)
        assert row.lower >= position.cards_in_play()


def test_a_rerun_searches_nothing_and_a_larger_budget_searches_bounded_deals_again(surveyed, tmp_path):
    db, rows = surveyed
    seen = []
    again = run_lengths([1, 3], RULES, db, proof_nodes=20, on_result=seen.append)
    assert seen == [None, None] and again == rows
    seen.clear()
    more = run_lengths([1], RULES, db, proof_nodes=40, on_result=seen.append)
    first = rows[0]
    if first.result == BOUNDED:
        assert seen[0] is not None and more[0].proof_nodes == 40 and more[0].lower >= first.lower
    else:
        assert seen == [None]


def test_a_bounded_row_polished_again_keeps_its_bound_and_gets_a_shorter_line(tmp_path, monkeypatch):
    # A bounded row of deal 1 (optimum 60) whose line is the long depth-first one, as an
    # early budget might have left it: --polish finds a shorter line from it, bound kept.
    from butterfly.solver.survey import lengths

    monkeypatch.setattr(solve_module, "BOUNDED_POLISH", ((150, 2_000, (0,)),))
    position = Position.deal(1, RULES)
    long_line = solve(position, shorten=True).moves
    db = str(tmp_path / "l.sqlite")
    row = lengths.LengthResult(
        1, BOUNDED, len(long_line), 59, ", ".join(map(str, long_line)), 10, 20, 2048, "nodes", 1.0, "old"
    )
    opened = ResultsDB(db)
    opened.record_length(RULES.name, astuple(row))
    opened.close()
    assert run_lengths([1], RULES, db, proof_nodes=20) == [row]  # settled: not searched, not polished
    seen = []
    (again,) = run_lengths([1], RULES, db, proof_nodes=20, on_result=seen.append, polish_lines=True)
    assert seen == [again] and read_rows_of(db) == [again]
    assert again.result == BOUNDED and again.lower == 59 and again.length < row.length
    assert (again.proof_nodes, again.memory_mib, again.stopped_by) == (20, 2048, "nodes")
    assert again.nodes > row.nodes and again.code != "old"
    moves = parse_moves(again.line)
    assert len(moves) == again.length and position.replay(moves)[-1].is_won()
    # Nothing shorter found: the row stays as it is, not written again.
    monkeypatch.setattr(solve_module, "BOUNDED_POLISH", ())
    monkeypatch.setattr(solve_module, "DEEP_POLISH", ())
    result = CliRunner().invoke(
        main, ["survey", "shortest", "--deals", "1", "--db", db, "--proof-nodes", "20", "--polish", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["rows"] == [asdict(again)] and read_rows_of(db) == [again]


def test_a_row_still_far_above_its_bound_gets_the_wide_polish_and_no_other_does(tmp_path, monkeypatch):
    # The other polishes find nothing here; the wide one, run only past WIDE_POLISH_GAP, does.
    from butterfly.solver.survey import lengths

    monkeypatch.setattr(solve_module, "BOUNDED_POLISH", ())
    monkeypatch.setattr(solve_module, "DEEP_POLISH", ())
    monkeypatch.setattr(solve_module, "WIDE_POLISH", ((150, 2_000, (0,)),))
    position = Position.deal(1, RULES)
    long_line = solve(position, shorten=True).moves
    row = lengths.LengthResult(
        1, BOUNDED, len(long_line), 59, ", ".join(map(str, long_line)), 10, 20, 2048, "nodes", 1.0, "old"
    )
    monkeypatch.setattr(lengths, "WIDE_POLISH_GAP", len(long_line) - 59)  # the gap itself: not past it
    assert lengths.polished(row, RULES) == row
    monkeypatch.setattr(lengths, "WIDE_POLISH_GAP", len(long_line) - 60)
    again = lengths.polished(row, RULES)
    assert again.result == BOUNDED and again.lower == 59 and again.length < row.length
    assert again.nodes > row.nodes and again.code != "old"
    moves = parse_moves(again.line)
    assert len(moves) == again.length and position.replay(moves)[-1].is_won()


def test_a_damaged_row_is_one_input_error(surveyed, tmp_path):
    db, _ = surveyed
    copy = tmp_path / "damaged.sqlite"
    with sqlite3.connect(db) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    for damage in ("line = substr(line, 1, 20)", "lower = length + 1", "result = 'won'", "nodes = -1"):
        with sqlite3.connect(copy) as connection:
            connection.execute(f"UPDATE lengths SET {damage} WHERE deal = 3")
        opened = ResultsDB(str(copy))
        try:
            with pytest.raises(InputError, match="deal 3 is malformed"):
                read_rows(opened, RULES)
        finally:
            opened.close()
        with sqlite3.connect(db) as source, sqlite3.connect(copy) as target:
            source.backup(target)


def test_published_file_reads_back_and_the_survey_files_are_left_alone(surveyed, tmp_path):
    db, _ = surveyed
    games = publish_lengths.load(db)
    rows = games["butterfly"]
    assert list(games) == ["butterfly"] and [row.deal for row in rows] == [1, 3]
    data = tmp_path / "data"
    data.mkdir()
    path = data / "lengths_butterfly.csv.gz"
    publish_lengths.write_file(rows, path)
    assert publish_lengths.read_file(path, "butterfly") == rows
    text = publish_lengths.section(games, "l.sqlite")
    assert text.startswith(publish_lengths.SECTION) and "| butterfly | 2 deals |" in text
    # The verdict survey's rebuild reads its own files only.
    assert publish.rebuild_db(str(tmp_path / "rebuilt.sqlite"), data) == 0


def test_publishing_without_matplotlib_says_so_and_writes_nothing(surveyed, tmp_path, monkeypatch, capsys):
    db, _ = surveyed
    (tmp_path / "butterfly" / "data").mkdir(parents=True)
    monkeypatch.setattr(publish.importlib.util, "find_spec", lambda name: None)
    monkeypatch.setattr(sys, "argv", ["publish_lengths", db, "--root", str(tmp_path)])
    with pytest.raises(SystemExit) as stopped:
        publish_lengths.main()
    assert stopped.value.code == 2
    assert "--no-plot" in capsys.readouterr().err and not any((tmp_path / "butterfly" / "data").iterdir())


@pytest.mark.parametrize(
    "arguments",
    [
        ["shortest", "--deals", "1"],
        ["shortest", "--deals", "1", "--db", "x.sqlite", "--timeout", "5"],
        ["shortest", "--deals", "1", "--db", "x.sqlite", "--max-nodes", "5"],
        ["shortest", "--deals", "1-x", "--db", "x.sqlite"],
        ["shortest", "--deals", "1", "--db", "x.sqlite", "--proof-nodes", "0"],
        ["run", "--deals", "1", "--proof-nodes", "5"],
        ["run", "--deals", "1", "--polish"],
    ],
)
def test_bad_shortest_surveys_are_one_line_and_exit_2(arguments, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["survey", *arguments])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert not (tmp_path / "x.sqlite").exists()


def test_the_cli_survey_reports_and_resumes(surveyed, tmp_path):
    db, rows = surveyed
    result = CliRunner().invoke(main, ["survey", "shortest", "--deals", "1,3", "--db", db, "--proof-nodes", "20"])
    assert result.exit_code == 0, result.output
    assert "won 2:" in result.output and "gap to the lower bound" in result.output
    result = CliRunner().invoke(
        main, ["survey", "shortest", "--deals", "3", "--db", db, "--proof-nodes", "20", "--json"]
    )
    assert json.loads(result.stdout)["rows"][0]["line"] == rows[1].line


def test_a_lengths_survey_on_dask_records_what_local_processes_do(tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        on_dask = run_lengths([4, 5], RULES, str(tmp_path / "d.sqlite"), 10, scheduler=cluster.scheduler_address)
    local = run_lengths([4, 5], RULES, str(tmp_path / "l.sqlite"), 10, workers=2)
    same = [(r.deal, r.result, r.length, r.lower, r.line, r.nodes) for r in on_dask]
    assert same == [(r.deal, r.result, r.length, r.lower, r.line, r.nodes) for r in local]


def test_smaller_limits_never_replace_a_row_and_a_larger_cap_retries_an_unresolved_one(surveyed, tmp_path):
    db, _ = surveyed
    before = read_rows_of(db)
    seen = []
    run_lengths([3], RULES, db, proof_nodes=1_000, memory_mib=0, on_result=seen.append)
    assert seen == [None] and read_rows_of(db) == before  # a larger budget but a smaller cap: kept
    fresh = str(tmp_path / "capped.sqlite")
    (capped,) = run_lengths([3], RULES, fresh, proof_nodes=20, memory_mib=0)
    assert capped.result == "unresolved" and capped.line == "" and capped.lower == 0
    (again,) = run_lengths([3], RULES, fresh, proof_nodes=20, memory_mib=64)
    assert again.result in (OPTIMAL, BOUNDED) and again.memory_mib == 64


def read_rows_of(db):
    opened = ResultsDB(db)
    try:
        return read_rows(opened, RULES)
    finally:
        opened.close()


def test_a_damaged_published_file_is_one_input_error(surveyed, tmp_path):
    import gzip

    db, _ = surveyed
    path = tmp_path / "lengths_butterfly.csv.gz"
    publish_lengths.write_file(publish_lengths.load(db)["butterfly"], path)
    text = gzip.decompress(path.read_bytes()).decode()
    flipped = (",bounded,", ",optimal,") if ",bounded," in text else (",optimal,", ",bounded,")
    for damaged in (text.replace(",20,2048,", ",2x,2048,", 1), text.replace(*flipped, 1)):
        path.write_bytes(gzip.compress(damaged.encode()))
        with pytest.raises(InputError):
            publish_lengths.read_file(path, "butterfly")
