"""The pool of puzzles: filled seed by seed, resumed without trying a seed
twice, the same on local workers and on Dask, and a wrong file refused."""

import sqlite3

import pytest

from butterfly.games.errors import InputError
from butterfly.puzzles.pool import Pool, fill, summary


def test_a_run_resumes_where_it_stopped(tmp_path):
    path = str(tmp_path / "pool.sqlite")
    first = list(fill(path, "only-card", "mouche", range(4)))
    assert sorted(t.seed for t in first) == [0, 1, 2, 3]
    later = list(fill(path, "only-card", "mouche", range(7), workers=2))
    assert sorted(t.seed for t in later) == [4, 5, 6]  # seeds 0-3 are not tried again
    pool = Pool(path)
    try:
        found = pool.puzzles()
        assert pool.done("only-card", "mouche") == set(range(7))
    finally:
        pool.close()
    assert [str(p.id) for p in found] == sorted(str(t.puzzle.id) for t in first + later if t.puzzle)
    assert "only-card" in summary(path)


def test_dask_gives_the_same_puzzles(tmp_path):
    distributed = pytest.importorskip("distributed")
    local = {t.seed: t.puzzle for t in fill(str(tmp_path / "a.sqlite"), "only-card", "papillon", range(3))}
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        tried = fill(str(tmp_path / "b.sqlite"), "only-card", "papillon", range(3), scheduler=cluster.scheduler_address)
        on_dask = {t.seed: t.puzzle for t in tried}
    assert {s: p and p.dumps() for s, p in on_dask.items()} == {s: p and p.dumps() for s, p in local.items()}


def _digest(path) -> bytes:
    import hashlib

    return hashlib.sha256(path.read_bytes()).digest()


def test_a_wrong_file_is_refused_untouched(tmp_path):
    from butterfly.solver.survey.db import ResultsDB

    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE pool (x INTEGER)")
    survey = tmp_path / "survey.sqlite"
    ResultsDB(str(survey)).close()
    text = tmp_path / "text.sqlite"
    text.write_text("not a database at all, " * 100)
    names = sorted(p.name for p in tmp_path.iterdir())
    for path in (other, survey, text):
        before = _digest(path)
        for write in (False, True):
            with pytest.raises(InputError, match="not a butterfly puzzle pool|cannot read"):
                Pool(str(path), write)
        with pytest.raises(InputError):
            list(fill(str(path), "only-card", "mouche", range(2)))
        assert _digest(path) == before
    # (reading a database in WAL mode, as a survey's is, makes SQLite's own -wal and -shm beside it)
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("survey.sqlite-")) == names
    with pytest.raises(InputError, match="no such file"):
        Pool(str(tmp_path / "missing.sqlite"))
    with pytest.raises(InputError, match="no deal puzzles|at most"):
        list(fill(str(tmp_path / "p.sqlite"), "deal", "mouche", range(2)))


def test_a_pool_is_stamped_and_a_run_adding_nothing_writes_nothing(tmp_path):
    path = tmp_path / "pool.sqlite"
    list(fill(str(path), "only-card", "mouche", range(2)))
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == 0x4266506C
    before, stat = _digest(path), path.stat().st_mtime_ns
    assert list(fill(str(path), "only-card", "mouche", range(2))) == []
    pool = Pool(str(path))
    try:
        assert len(pool.puzzles()) >= 1
    finally:
        pool.close()
    assert _digest(path) == before and path.stat().st_mtime_ns == stat
