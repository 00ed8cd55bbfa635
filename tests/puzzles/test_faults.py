"""kill -9 in the middle of the commands that write the puzzles' files
(issue 28): `calendar pool` keeps every seed it finished, each whole, and a
rerun tries only the others; `site build` leaves the site it replaces or
the new one, whole, never a mix a rerun or a reader would trust."""

from __future__ import annotations

import re
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

from butterfly.puzzles.document import Puzzle
from butterfly.puzzles.generate import prove
from butterfly.puzzles.site.build import MARKER

from checkout import butterfly_process


def _cli(*args: object, cwd: Path) -> subprocess.Popen:
    return butterfly_process(*args, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _rows(path: Path) -> list[tuple]:
    if not path.exists():
        return []
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            return db.execute("SELECT seed, id, document FROM pool ORDER BY seed").fetchall()
    except sqlite3.Error:  # not yet made
        return []


def test_a_pool_killed_mid_way_keeps_each_seed_whole_and_resumes(tmp_path):
    pool = tmp_path / "pool.sqlite"
    fill = ("calendar", "pool", "--db", pool, "--kind", "only-card", "--game", "mouche", "--workers", "1")
    process = _cli(*fill, "--seeds", "0-400", cwd=tmp_path)
    deadline = time.monotonic() + 120
    while len(_rows(pool)) < 3 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    kept = _rows(pool)
    assert 3 <= len(kept) < 401
    for seed, pid, document in kept:  # every row written is whole: its puzzle loads and proves
        if pid is not None:
            puzzle = Puzzle.loads(document)
            assert str(puzzle.id) == pid and puzzle.id.seed == seed and prove(puzzle) == []
    last = kept[-1][0] + 3
    rerun = _cli(*fill, "--seeds", f"0-{last}", cwd=tmp_path)
    assert rerun.wait(timeout=120) == 0, rerun.stderr.read() if rerun.stderr else ""
    after = _rows(pool)
    assert [row[0] for row in after] == list(range(last + 1))  # no seed lost, none twice
    assert after[: len(kept)] == kept  # what was kept is what a rerun trusts, unchanged


def _whole(site: Path) -> bool:
    """A site with its marker, its index and archive, and every day page the index names."""
    if not (site / MARKER).is_file() or not (site / "archive.html").is_file():
        return False
    days = re.findall(r"day/\d{4}-\d\d-\d\d\.html", (site / "index.html").read_text(encoding="utf-8"))
    return bool(days) and all((site / day).is_file() for day in days)


#: The days of a build that is killed: a week of pages to write (the calendar's every day, some 400, only
#: lengthens the making of the pages before the first is written, where a kill leaves nothing behind).
KILLED_DAYS = 7


def test_a_site_build_killed_mid_way_leaves_the_old_site_or_the_new_whole(tmp_path):
    """Three builds of a week, each killed once its own hidden folder is there (its pages being written)."""
    site = tmp_path / "site"
    first = _cli("site", "build", "--out", site, "--days", "3", cwd=tmp_path)
    assert first.wait(timeout=120) == 0
    assert _whole(site)
    for _ in range(3):  # killed once its pages are being written beside the site
        left = set(tmp_path.iterdir())  # a folder a build killed before left: not this build's
        build = _cli("site", "build", "--out", site, "--days", KILLED_DAYS, cwd=tmp_path)
        while build.poll() is None and not any(p.name.startswith(".site.") for p in set(tmp_path.iterdir()) - left):
            time.sleep(0.001)
        build.send_signal(signal.SIGKILL)
        build.wait()
        assert _whole(site)
    # what a killed build leaves is a hidden folder beside the site, which no build reads
    assert all(p.name.startswith(".site.") for p in tmp_path.iterdir() if p.name != "site")
    again = _cli("site", "build", "--out", site, "--days", "2", cwd=tmp_path)
    assert again.wait(timeout=120) == 0 and _whole(site)
    assert sorted(p.name for p in (site / "day").iterdir()) == ["2027-01-01.html", "2027-01-02.html", "offline.html"]
