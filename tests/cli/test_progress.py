"""The long commands' progress bar (issue 30): tqdm on standard error when
it is a terminal (a pseudo-terminal here), cleared by an error or a signal;
nothing at all when standard error is not a terminal (a pipe, click's
runner) or with --quiet, so standard output stays clean."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import random
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from datetime import date

import pytest

from butterfly.puzzles.daily import extend
from butterfly.puzzles.document import Keys, Puzzle, PuzzleId
from butterfly.puzzles.site.build import build_site

from checkout import DATA, butterfly_process, package_env

#: What tqdm draws and click's old bar did not: the bar's blocks.
BLOCK = "\u2588"
#: A tiny survey: three deals, each solved in milliseconds.
#: The Butterfly puzzles' kinds (the calendar wants no kind twice running).
KINDS = ("deal", "only-move", "win-in", "resource", "goal", "only-moves")
SURVEY = ["survey", "run", "--deals", "0-2", "--max-nodes", "3000", "--workers", "1"]


class Terminal:
    """A command run with standard error on a pseudo-terminal (``columns``
    wide, or of no size at all) and standard output on a pipe; what each
    got, as text."""

    def __init__(self, *args: object, cwd, columns: int | None = 100) -> None:
        master, slave = pty.openpty()
        if columns is not None:
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        self.process = butterfly_process(*args, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave)
        os.close(slave)
        self._master = master
        self._read = bytearray()
        self._reader = threading.Thread(target=self._drain, daemon=True)  # a full terminal would block the command
        self._reader.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self._master, 1 << 16)
            except OSError:  # EIO: the command has gone, and everything it wrote is read
                break
            if not chunk:
                break
            self._read += chunk

    @property
    def stderr(self) -> str:
        return bytes(self._read).decode("utf-8", "replace")

    def wait_for(self, text: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.stderr:
            assert time.monotonic() < deadline, self.stderr
            time.sleep(0.02)

    def finish(self) -> tuple[int, str, str]:
        stdout, _ = self.process.communicate(timeout=60)
        self._reader.join(timeout=10)
        os.close(self._master)
        return self.process.returncode, stdout.decode(), self.stderr


@pytest.mark.parametrize("columns", [100, None], ids=["sized", "no-size"])
def test_a_survey_on_a_terminal_draws_a_bar(tmp_path, columns):
    code, stdout, stderr = Terminal(*SURVEY, "--db", tmp_path / "r.sqlite", cwd=tmp_path, columns=columns).finish()
    assert code == 0, stderr
    assert stdout.startswith("butterfly, deals 0-2 (3 deals)")
    assert "butterfly 0-2" in stderr and "3/3" in stderr and BLOCK in stderr and "deals/s" in stderr


def test_quiet_draws_no_bar_even_on_a_terminal(tmp_path):
    code, stdout, stderr = Terminal(*SURVEY, "--db", tmp_path / "r.sqlite", "--quiet", cwd=tmp_path).finish()
    assert code == 0, stderr
    assert stdout.startswith("butterfly, deals 0-2 (3 deals)")
    assert stderr == ""


def test_site_build_on_a_terminal_draws_a_bar_of_its_pages(tmp_path):
    terminal = Terminal("site", "build", "--days", "3", "--out", tmp_path / "site", cwd=tmp_path)
    code, stdout, stderr = terminal.finish()
    assert code == 0, stderr
    assert " files written in " in stdout
    assert "site pages" in stderr and "3/3" in stderr and BLOCK in stderr


def test_a_signal_clears_the_bar_and_leaves_one_line(tmp_path):
    """SIGTERM mid-survey: the bar is erased, and the terminal's last line is the one message."""
    db = tmp_path / "r.sqlite"
    # Alternate colours, deal 4191: unresolved after 200 M nodes (tests/solver/test_interrupt.py).
    args = ["survey", "run", "--variant", "alternate-colours", "--deals", "4190-4191", "--no-restarts"]
    args += ["--workers", "1"]
    terminal = Terminal(*args, "--max-nodes", "60000000", "--db", db, cwd=tmp_path)
    terminal.wait_for("/2")
    time.sleep(0.3)
    terminal.process.send_signal(signal.SIGTERM)
    code, stdout, stderr = terminal.finish()
    assert code == 128 + signal.SIGTERM
    assert stdout == ""
    before, _, last = stderr.rpartition("\r\x1b[K")
    assert "/2" in before
    assert (
        last.strip() == f"Error: survey stopped by SIGTERM; what was finished is kept in {str(db)!r}, rerun to resume"
    )


def test_no_terminal_no_bar_through_pipes(tmp_path):
    process = butterfly_process(
        *SURVEY, "--json", "--db", tmp_path / "r.sqlite", cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 0, stderr
    assert json.loads(stdout)["deals"] == 3
    assert stderr == b""


@pytest.mark.parametrize(
    "args",
    [
        [*SURVEY, "--json"],
        [*SURVEY],
        ["survey", "check", str(DATA / "butterfly.csv.gz"), "--deals", "0-1", "--workers", "1"],
        ["survey", "shortest", "--deals", "0", "--proof-nodes", "200", "--workers", "1", "--db", "DB", "--json"],
        ["rate", "126-126", "--workers", "1", "--db", "DB", "--json"],
        [
            "calendar",
            "pool",
            "--kind",
            "only-card",
            "--game",
            "mouche",
            "--seeds",
            "1-1",
            "--db",
            "DB",
            "--workers",
            "1",
        ],
        ["site", "build", "--days", "2", "--out", "OUT"],
    ],
    ids=lambda args: " ".join(args[:2]),
)
def test_no_terminal_no_bar_in_the_runner(cli, tmp_path, args):
    """click's runner is no terminal: standard error gets nothing (the old bar
    printed its label there), and JSON on standard output is whole."""
    args = [str(tmp_path / "db.sqlite") if a == "DB" else str(tmp_path / "site") if a == "OUT" else a for a in args]
    result = cli.run(*args)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    if "--json" in args:
        json.loads(result.stdout)


def test_the_quiet_option_is_on_every_long_command(cli):
    for command in (
        ["survey", "run"],
        ["survey", "check"],
        ["survey", "shortest"],
        ["rate"],
        ["calendar", "pool"],
        ["calendar", "extend"],
        ["calendar", "par"],
        ["puzzle", "prove"],
    ):
        assert "--quiet" in cli.run(*command, "--help").stdout, command
    assert "--quiet" in cli.run("site", "build", "--help").stdout


def test_help_does_not_load_tqdm(tmp_path):
    """Start-up time: the bar's library is loaded only when a bar is drawn."""
    script = (
        "import sys\n"
        "from butterfly.cli import main\n"
        "for args in (['--help'], ['survey', '--help'], ['site', 'build', '--help']):\n"
        "    try:\n        main(args)\n    except SystemExit:\n        pass\n"
        "assert 'tqdm' not in sys.modules\n"
    )
    process = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, timeout=60, cwd=tmp_path, env=package_env()
    )
    assert process.returncode == 0, process.stderr


def test_build_site_tells_its_progress_page_by_page(tmp_path):
    told: list[tuple[int, int]] = []
    build_site(tmp_path / "site", date(2027, 1, 1), 3, progress=lambda done, total: told.append((done, total)))
    assert told == [(0, 3), (1, 3), (2, 3), (3, 3)]


def test_extend_tells_its_progress_block_by_block(tmp_path):
    rng = random.Random(5)
    pool = []
    for seed in range(200):  # made-up puzzles, a quarter of them card-game endings for the Sundays
        kind, game = (
            ("only-card", rng.choice(["papillon", "mouche", "pamphile"]))
            if seed % 4 == 0
            else (rng.choice(KINDS), "butterfly")
        )
        pid = PuzzleId.make(kind, game, seed)
        pool.append(Puzzle(pid, {}, "goal", [], rng.randint(1, 5), [], [], {"alternatives": []}, None, {"deal": seed}))
    told: list[tuple[int, int]] = []
    added = extend(
        pool,
        date(2027, 2, 10),  # two blocks: to 2027-01-28, then to 2027-02-25
        tmp_path,
        lambda days: [Keys(d.puzzle.facts["deal"], d.puzzle.id.seed, frozenset([d.puzzle.id.seed])) for d in days],
        progress=lambda done, total: told.append((done, total)),
    )
    assert told == [(0, 56), (28, 56), (56, 56)] and len(added) == 56


def test_puzzle_prove_on_a_terminal_shows_the_time_taken_then_clears_it(tmp_path):
    """A proof reports no steps (a calendar's deal may take minutes): its line says
    what is proved and for how long so far, and is erased for the verdict."""
    terminal = Terminal("puzzle", "prove", "only-move:butterfly:s=10", cwd=tmp_path)
    code, stdout, stderr = terminal.finish()
    assert code == 0, stderr
    assert stdout == "proved: only-move:butterfly:s=10\n"
    assert "proving only-move:butterfly:s=10: 00:00 so far" in stderr and stderr.endswith("\r\x1b[K")


@pytest.mark.parametrize("where", ["quiet", "runner"])
def test_puzzle_prove_shows_nothing_with_quiet_or_off_a_terminal(cli, tmp_path, where):
    if where == "quiet":
        code, stdout, stderr = Terminal("puzzle", "prove", "only-move:butterfly:s=10", "--quiet", cwd=tmp_path).finish()
    else:
        result = cli.run("puzzle", "prove", "only-move:butterfly:s=10")
        code, stdout, stderr = result.exit_code, result.stdout, result.stderr
    assert (code, stdout, stderr) == (0, "proved: only-move:butterfly:s=10\n", "")
