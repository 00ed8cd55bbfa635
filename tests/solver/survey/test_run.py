"""Surveys: statistics, resumable SQLite records, and Dask."""

import os
import signal
import sqlite3
import subprocess
import time

import pytest

from butterfly.games.patience.rules import make_rules
from butterfly.solver.patience.result import Limits
from butterfly.solver.patience.solve import NO_RESTARTS
from butterfly.solver.survey.run import parse_range, run_survey, summarise, wilson

from checkout import butterfly_process

RULES = make_rules("butterfly")
LIMITS = Limits(max_nodes=20_000)


def rows(path):
    with sqlite3.connect(path) as db:
        return db.execute("SELECT deal, result, nodes, moves FROM results ORDER BY deal").fetchall()


def as_rows(results):
    return [(r.deal, r.result, r.nodes, r.moves) for r in results]


def test_wilson_interval_matches_known_values():
    low, high = wilson(50, 100)
    assert abs(low - 0.4038) < 1e-4 and abs(high - 0.5962) < 1e-4
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_summary_counts_unresolved_as_lost_then_as_won():
    results = run_survey(range(12), RULES, Limits(max_nodes=3000))
    s = summarise(results)
    assert s["won"] + s["unwinnable"] + s["unresolved"] == 12
    assert s["winnability_low"] == pytest.approx(wilson(s["won"], 12)[0])
    assert s["winnability_high"] == pytest.approx(wilson(s["won"] + s["unresolved"], 12)[1])


def test_parse_range():
    assert parse_range("3-5") == range(3, 6)
    assert parse_range("7") == range(7, 8)
    assert parse_range("3-5", "seed") == range(3, 6)


@pytest.mark.parametrize(
    "text, noun, message",
    [
        ("", "seed", "bad seed range '': it is empty"),
        ("  ", "deal", "bad deal range '  ': it is empty"),
        ("5-2", "seed", "bad seed range '5-2': need A <= B"),
        ("1_0-3", "seed", "bad seed range '1_0-3': seed number '1_0' is not a whole number"),
        ("1-2-3", "seed", "bad seed range '1-2-3' (expected A-B"),
        ("0-2000000", "seed", "2,000,001 seeds, at most 1,000,000 per run"),
    ],
)
def test_a_bad_range_names_what_it_is_a_range_of(text, noun, message):
    from butterfly.games.errors import InputError

    with pytest.raises(InputError) as error:
        parse_range(text, noun)
    assert message in str(error.value)


def test_survey_names_an_empty_range_of_deals(cli):
    cli.one_line_error(cli.run("survey", "run", "--deals", ""), "bad deal range '': it is empty")


def test_database_records_and_skips_settled_deals(tmp_path):
    db = str(tmp_path / "r.sqlite")
    first = run_survey(range(10), RULES, LIMITS, db_path=db)
    seen = []
    again = run_survey(range(15), RULES, LIMITS, db_path=db, on_result=seen.append)
    assert as_rows(again)[:10] == as_rows(first)
    assert len(rows(db)) == 15
    assert len([r for r in seen if r is not None]) == 5  # only the new deals were solved
    # A larger budget searches the unresolved ones again, and only those.
    seen.clear()
    run_survey(range(15), RULES, Limits(max_nodes=40_000), db_path=db, on_result=seen.append)
    solved = [r.deal for r in seen if r is not None]
    unresolved = [d for d, result, _, _ in rows(db) if result == "unresolved"] + solved
    assert set(solved) <= set(unresolved)


def test_retry_unresolved_searches_them_again_with_the_same_budget(tmp_path):
    """After the solver has learnt a proof, unresolved deals can be searched
    again without raising the budget; decisive ones are never redone."""
    from butterfly.solver.survey.db import ResultsDB
    from butterfly.solver.survey.run import DealResult

    db_path = str(tmp_path / "r.sqlite")
    db = ResultsDB(db_path)
    db.record(RULES.name, DealResult(126, "unresolved", 20_000, 1.0, 0), 20_000)  # as an older solver left it
    db.close()
    seen = []
    run_survey(range(125, 127), RULES, LIMITS, db_path=db_path, on_result=seen.append)
    assert [r.deal for r in seen if r is not None] == [125]  # 126 was skipped: same budget
    seen.clear()
    again = run_survey(range(125, 127), RULES, LIMITS, db_path=db_path, on_result=seen.append, retry_unresolved=True)
    assert [r.deal for r in seen if r is not None] == [126]
    assert [(r.deal, r.result, r.nodes) for r in again][1] == (126, "unwinnable", 1)


def _cli(*args, cwd):
    """Run the installed CLI module in a subprocess (not the source tree's)."""
    return butterfly_process(*args, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def test_survey_killed_mid_way_loses_nothing_and_duplicates_nothing(tmp_path):
    db = tmp_path / "r.sqlite"
    # Without restarts a quarter of the deals use their whole budget: slow
    # enough for the kill to land part-way.
    args = ["survey", "run", "--deals", "0-199", "--max-nodes", "100000", "--no-restarts"]
    args += ["--workers", "2", "--db", str(db)]
    process = _cli(*args, cwd=tmp_path)
    deadline = time.time() + 120
    while time.time() < deadline:
        time.sleep(0.05)
        if db.exists():
            try:
                if len(rows(db)) >= 10:
                    break
            except sqlite3.OperationalError:
                continue  # the survey is still creating its tables: look again
    process.send_signal(signal.SIGKILL)
    process.wait()
    done_before = rows(db)
    assert 10 <= len(done_before) < 200, "the survey should be killed part-way"
    restarted = _cli(*args, cwd=tmp_path)
    assert restarted.wait(timeout=300) == 0
    after = rows(db)
    assert [r[0] for r in after] == list(range(200))  # every deal exactly once
    assert set(done_before) <= set(after)  # nothing recorded before the kill was lost
    fresh = run_survey(range(200), RULES, Limits(max_nodes=100_000), workers=2, schedule=NO_RESTARTS)
    assert after == as_rows(fresh)


def test_dask_cluster_matches_the_local_pool():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        on_dask = run_survey(range(40, 70), RULES, LIMITS, scheduler=cluster.scheduler_address)
    local = run_survey(range(40, 70), RULES, LIMITS, workers=2)
    assert as_rows(on_dask) == as_rows(local)


def test_a_cluster_without_workers_is_a_clear_error_not_a_wait():
    distributed = pytest.importorskip("distributed")
    from butterfly.games.errors import InputError

    cluster = distributed.LocalCluster(n_workers=0, processes=True, host="127.0.0.1", dashboard_address=None)
    with cluster, pytest.raises(InputError, match="has had no workers for 1 s"):
        run_survey(range(3), RULES, LIMITS, scheduler=cluster.scheduler_address, connect_timeout=1)


def test_unreachable_scheduler_is_a_clear_error():
    pytest.importorskip("distributed")
    from butterfly.games.errors import InputError

    with pytest.raises(InputError, match="cannot reach the Dask scheduler"):
        run_survey(range(2), RULES, LIMITS, scheduler="tcp://127.0.0.1:9", connect_timeout=2)


@pytest.mark.parametrize("address", ["tcp://[::1", "tls://[::1", "tcp://[zz]:1", "tcp://]:1", "udp://h:1", "tcp://h"])
def test_a_malformed_scheduler_address_is_a_clear_error(address):
    pytest.importorskip("distributed")
    from butterfly.games.errors import InputError

    with pytest.raises(InputError, match="bad --scheduler"):
        run_survey(range(2), RULES, LIMITS, scheduler=address, connect_timeout=2)


@pytest.mark.parametrize(
    "signum, code, to_group", [(signal.SIGTERM, 143, False), (signal.SIGTERM, 143, True), (signal.SIGINT, 130, True)]
)
def test_a_signalled_survey_stops_cleanly_and_resumes(tmp_path, signum, code, to_group):
    """SIGTERM or SIGINT (to the survey, or to its whole process group as
    Ctrl-C does): the workers are stopped, one line on stderr (no worker
    tracebacks, no leaked-semaphore warning), the exit code a shell expects,
    and every deal recorded is whole and kept for the rerun."""
    db = tmp_path / "r.sqlite"
    args = ["survey", "run", "--deals", "0-199", "--max-nodes", "100000", "--no-restarts"]
    args += ["--workers", "2", "--db", str(db)]
    process = butterfly_process(
        *args, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    deadline = time.time() + 120
    while time.time() < deadline:
        time.sleep(0.05)
        try:
            if db.exists() and len(rows(db)) >= 5:
                break
        except sqlite3.OperationalError:
            continue
    if to_group:
        os.killpg(process.pid, signum)
    else:
        process.send_signal(signum)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == code, stderr
    assert stdout == ""
    assert stderr.strip().splitlines() == [
        f"Error: survey stopped by {signal.Signals(signum).name}; what was finished is kept in "
        f"{str(db)!r}, rerun to resume"
    ]
    done = rows(db)
    assert 5 <= len(done) < 200
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    fresh = {
        r[0]: r
        for r in as_rows(run_survey([d for d, *_ in done], RULES, Limits(max_nodes=100_000), schedule=NO_RESTARTS))
    }
    assert all(fresh[row[0]] == row for row in done)  # each recorded deal is whole and right
