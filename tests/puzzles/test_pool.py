"""The pool of puzzles: filled seed by seed, resumed without trying a seed
twice, the same on local workers and on Dask, and a wrong file refused."""

import sqlite3

import pytest

from games.errors import InputError
from puzzles.pool import Pool, fill, summary


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


def test_a_wrong_file_is_refused(tmp_path):
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE pool (x INTEGER)")
    pool = Pool(str(path))
    try:
        with pytest.raises(InputError, match="not a puzzle pool"):
            pool.puzzles()
    finally:
        pool.close()
    text = tmp_path / "text.sqlite"
    text.write_text("not a database at all, " * 100)
    with pytest.raises(InputError):
        Pool(str(text)).puzzles()
    with pytest.raises(InputError, match="no deal puzzles|at most"):
        list(fill(str(tmp_path / "p.sqlite"), "deal", "mouche", range(2)))
