"""``butterfly calendar pool`` on a damaged pool or a full disk: one line and
exit 2, the seeds recorded before kept whole, and no file left behind by a
run that could record nothing (a new pool is made under a temporary name
and renamed into place with its first seed)."""

from __future__ import annotations

import resource
import signal
import sqlite3
import subprocess
import sys

import pytest

from butterfly.puzzles.pool import Pool

from checkout import butterfly_process

FILL = ["calendar", "pool", "--kind", "only-card", "--game", "mouche", "--workers", "1"]


@pytest.fixture(scope="module")
def pool_file(tmp_path_factory):
    """A pool of a few seeds, several pages long."""
    path = tmp_path_factory.mktemp("pool") / "pool.sqlite"
    from click.testing import CliRunner

    from butterfly.cli import main

    result = CliRunner().invoke(main, [*FILL, "--db", str(path), "--seeds", "0-7"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return path.read_bytes()


def seeds(path) -> list[int]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return [seed for (seed,) in db.execute("SELECT seed FROM pool ORDER BY seed")]


@pytest.mark.parametrize("damage", ["a page of zeros", "cut short", "cut to its first page", "its header zeroed"])
@pytest.mark.parametrize("seed_range", ["0-3", "6-9"], ids=["seeds done", "seeds to try"])
def test_a_damaged_pool_is_one_line_and_left_as_it_was(cli, tmp_path, pool_file, damage, seed_range):
    page = 4096
    data = bytearray(pool_file)
    if damage == "a page of zeros":
        data[page : 2 * page] = bytes(page)
    elif damage == "cut short":
        data = data[: len(data) // 2 + 100]
    elif damage == "cut to its first page":
        data = data[:page]
    else:
        data[:100] = bytes(100)
    path = tmp_path / "pool.sqlite"
    path.write_bytes(bytes(data))
    cli.one_line_error(cli.run(*FILL, "--db", path, "--seeds", seed_range), repr(str(path)))
    assert path.read_bytes() == bytes(data)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pool.sqlite"]


def _full_disk(size: int):
    """In the child: files may grow to ``size`` bytes, no more (a disk that is full there)."""

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write fails instead of killing the process
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return limit


@pytest.mark.skipif(sys.platform != "linux", reason="the file-size limit stands for a full disk")
def test_a_disk_full_from_the_start_leaves_no_pool_behind(tmp_path):
    process = butterfly_process(
        *FILL, "--db", tmp_path / "pool.sqlite", "--seeds", "0-3", cwd=tmp_path,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=_full_disk(0),
    )  # fmt: skip
    stdout, stderr = process.communicate(timeout=120)
    lines = stderr.decode().strip().splitlines()
    assert process.returncode == 2 and len(lines) == 1 and "pool.sqlite" in lines[0], stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(sys.platform != "linux", reason="the file-size limit stands for a full disk")
def test_a_disk_filling_up_keeps_the_seeds_recorded_and_a_rerun_goes_on(cli, tmp_path):
    path = tmp_path / "pool.sqlite"
    process = butterfly_process(
        *FILL, "--db", path, "--seeds", "0-400", cwd=tmp_path,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=_full_disk(24 * 1024),
    )  # fmt: skip
    stdout, stderr = process.communicate(timeout=300)
    lines = stderr.decode().strip().splitlines()
    assert process.returncode == 2 and len(lines) == 1 and "pool.sqlite" in lines[0], stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pool.sqlite"]
    kept = seeds(path)
    assert kept and kept == list(range(len(kept)))  # every seed recorded is whole, none half-written
    pool = Pool(str(path))
    try:
        pool.puzzles()
    finally:
        pool.close()
    result = cli.run(*FILL, "--db", path, "--seeds", f"0-{len(kept) + 1}")
    assert result.exit_code == 0, result.output
    assert seeds(path) == list(range(len(kept) + 2))


def test_a_run_stopped_before_its_first_seed_leaves_no_pool(tmp_path, monkeypatch):
    """An error (here, the work itself failing) before a new pool holds a seed: no file."""
    from butterfly.puzzles import pool as pool_module

    def broken(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(pool_module, "run_tasks", broken)
    with pytest.raises(KeyboardInterrupt):
        list(pool_module.fill(str(tmp_path / "pool.sqlite"), "only-card", "mouche", range(2)))
    assert list(tmp_path.iterdir()) == []
