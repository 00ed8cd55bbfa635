"""Every long kernel call stops within a second of a signal (issue 28).

The kernels run without the GIL, where Python cannot run its signal
handlers, so they look for signals every few milliseconds
(butterfly/ext/_signals.pxd). A handler that raises stops the search: its exception
comes out of the kernel call, with no answer, and the next call is
unaffected.
"""

from __future__ import annotations

import gc
import signal
import sqlite3
import subprocess
import time
import traceback
from array import array
from pathlib import Path

import pytest

from butterfly.ext import _ladder, _mouche, _papillon
from butterfly.games.deals import shuffled_deck
from butterfly.games.mouche.rules import Action, MoucheHand, MoucheOptions
from butterfly.games.patience.rules import Position, make_rules
from butterfly.solver.mouche.kernel import kernel_position
from butterfly.solver.patience import kernel
from butterfly.solver.patience.result import Limits

from checkout import butterfly_process

#: Seconds into a call when the alarm goes off, and the most it may take the call to stop after it.
ALARM = 0.1
PROMPT = 1.0

#: Alternate colours, deal 4191: unresolved after 200 M nodes (butterfly/data/); deal
#: 4190 before it is won in under 2,000.
ALTERNATE = make_rules("butterfly", "alternate-colours")
HARD_DEAL = 4191


class Alarm(Exception):
    """What the tests' SIGALRM handler raises."""


@pytest.fixture
def alarm():
    """Run a call with SIGALRM raising Alarm ALARM seconds in; check that
    it came out of the kernel (its .pyx file is in the traceback) within
    PROMPT seconds of the signal.

    The garbage collector is off meanwhile: a collection late in a long test
    run can take longer than ALARM, and a handler that runs inside a weakref
    callback it calls has its exception swallowed (seen on CI). Every call
    is bounded, so a missed signal fails the test in seconds, not hours."""

    def raise_alarm(signum, frame):
        raise Alarm

    def interrupt(call, kernel_file):
        gc.collect()
        gc.disable()
        try:
            signal.setitimer(signal.ITIMER_REAL, ALARM)
            start = time.monotonic()
            with pytest.raises(Alarm) as raised:
                call()
            late = time.monotonic() - start - ALARM
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            gc.enable()
        assert any(
            name.endswith(kernel_file)
            for name in (f.filename for f in traceback.extract_tb(raised.value.__traceback__))
        )
        assert late < PROMPT

    previous = signal.signal(signal.SIGALRM, raise_alarm)
    try:
        yield interrupt
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_patience_search_stops(alarm):
    small = Position.deal(1)
    before = kernel.solve(small)
    hard = Position.deal(HARD_DEAL, ALTERNATE)
    alarm(lambda: kernel.solve(hard, Limits(max_nodes=60_000_000, timeout=60)), "butterfly/ext/_patience.pyx")
    after = kernel.solve(small)
    assert (after.result, after.moves, after.nodes, after.table_bytes) == (
        before.result,
        before.moves,
        before.nodes,
        before.table_bytes,
    )


def test_shortest_search_stops(alarm):
    small = Position.deal(1)
    budget = Limits(max_nodes=500)
    before = kernel.shortest(small, limits=budget)
    hard = Position.deal(7)  # a shortest line of deal 7: over ten minutes
    alarm(lambda: kernel.shortest(hard, limits=Limits(timeout=60)), "butterfly/ext/_shortest.pyx")
    assert kernel.shortest(small, limits=budget) == before


def mouche_start_of_play(players: int, number: int) -> dict:
    options = MoucheOptions(players=players)
    state = MoucheHand.deal(number % players, shuffled_deck(number, options.deck_size), options)
    while state.phase == "declare":
        state = state.play(Action("stand"))
    return kernel_position(state)[0]


# Six-player deals from the start of play, each search a second or more (tens of millions of nodes).
@pytest.mark.parametrize(
    "call, hard_deal",
    [
        (_mouche.solve_maxn, 8562),
        (lambda position: _mouche.solve_paranoid(position, 0), 16016),
        (_mouche.analyse, 8562),
    ],
    ids=["maxn", "paranoid", "analyse"],
)
def test_mouche_search_stops(alarm, call, hard_deal):
    small = mouche_start_of_play(4, 1)
    before = call(small)
    hard = mouche_start_of_play(6, hard_deal)
    alarm(lambda: call(hard), "butterfly/ext/_mouche.pyx")
    assert call(small) == before


def test_papillon_chance_node_stops(alarm):
    position = {
        "players": 4,
        "dealer": 0,
        "classic": True,
        "hands": [[], [], [], []],
        "table": [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4],
        "chips": [100] * 4,
        "taken": [0] * 4,
        "pool": 80,
        "to_move": 1,
        "last_trailer": -1,
        "papillons": 0,
        "stake": 1,
    }
    split = [2, 3, 4, 5, 6, 7, 4, 5, 6, 3, 7, 8]  # 121,159 nodes of max-n, some milliseconds

    def chance(deals: int) -> tuple:
        return _papillon.chance_maxn(position, array("b", split * deals), array("q", [1] * deals))

    before = chance(3)
    alarm(lambda: chance(10_000), "butterfly/ext/_papillon.pyx")
    assert chance(3) == before


def test_ladder_game_stops(alarm):
    """The rollouts of a game no player can win and every move prolongs: the
    aces lie under a king nothing can move, and every other card goes on any
    other (a game of minutes)."""
    aces, king = [0, 13, 26, 39], 12
    others = [c for c in range(52) if c not in aces and c != king]
    fields = {
        "rows": [[*aces, king]] + [others[i::15] for i in range(15)],
        "cells": [],
        "foundations": [0, 0, 0, 0],
        "can_build": bytes(c in others and t in others for c in range(52) for t in range(52)),
        "cells_one_way": False,
        "max_cells": 0,
        "empty_rows_take_any": False,
        "last_card_to_foundation_only": False,
    }
    small = {**fields, "policy": _ladder.GREEDY, "seed": 1}
    before = _ladder.play(**small)
    alarm(lambda: _ladder.play(**fields, policy=_ladder.ROLLOUT, seed=1), "butterfly/ext/_ladder.pyx")
    assert _ladder.play(**small) == before


# ------------------------------------------------------------------ the command line
def butterfly(*args: str, cwd: Path) -> subprocess.Popen:
    """The installed command in a subprocess, in its own session (as a shell's job)."""
    return butterfly_process(
        *args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )


def stop(process: subprocess.Popen, signum: int) -> tuple[str, str]:
    """Send ``signum``; the process's output once it has exited, within PROMPT seconds."""
    process.send_signal(signum)
    start = time.monotonic()
    stdout, stderr = process.communicate(timeout=60)
    assert time.monotonic() - start < PROMPT, stderr
    return stdout, stderr


def rows(db: Path) -> list[tuple]:
    try:
        with sqlite3.connect(db) as connection:
            return connection.execute("SELECT * FROM results ORDER BY deal").fetchall()
    except sqlite3.OperationalError:  # not made yet
        return []


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_survey_stops_within_a_second_of_sigterm_and_resumes(tmp_path, workers):
    """One worker: the search runs in the survey's own process. Several: the
    pool terminates its workers mid-search, and none may print anything."""
    db = tmp_path / "r.sqlite"
    # No restarts: one search of the whole deal, one kernel call (restarts are many short ones).
    args = ["survey", "run", "--variant", "alternate-colours", "--deals", f"{HARD_DEAL - 1}-{HARD_DEAL}"]
    args += ["--no-restarts"]
    args += ["--db", str(db)]
    process = butterfly(*args, "--workers", workers, "--max-nodes", "60000000", cwd=tmp_path)
    deadline = time.monotonic() + 60
    while not rows(db) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # well into the hard deal
    stdout, stderr = stop(process, signal.SIGTERM)
    assert process.returncode == 128 + signal.SIGTERM
    assert stdout == ""
    lines = stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: survey stopped by SIGTERM") and str(db) in lines[0]
    finished = rows(db)
    assert [row[1:3] for row in finished] == [(HARD_DEAL - 1, "won")]  # nothing of the deal in flight
    rerun = butterfly(*args, "--workers", workers, "--max-nodes", "20000", cwd=tmp_path)
    rerun.communicate(timeout=60)
    assert rerun.returncode == 0
    again = rows(db)
    assert again[0] == finished[0]  # kept, not searched again
    assert [row[1:3] for row in again[1:]] == [(HARD_DEAL, "unresolved")]


def test_solve_stops_within_a_second_of_ctrl_c(tmp_path):
    args = ["solve", str(HARD_DEAL), "--variant", "alternate-colours", "--no-restarts", "--max-nodes", "60000000"]
    process = butterfly(*args, cwd=tmp_path)
    time.sleep(1.5)  # started, and in its one long search
    stdout, stderr = stop(process, signal.SIGINT)
    assert process.returncode == 128 + signal.SIGINT
    assert stdout == ""
    lines = stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:") and "SIGINT" in lines[0], stderr


def test_ctrl_c_in_the_sat_relaxation_is_a_keyboard_interrupt():
    """PySAT reports Ctrl-C during solve_limited as its own error: it is given back as
    KeyboardInterrupt, so the command line stops in one line, not a traceback."""
    import pysolvers

    from butterfly.solver.patience.relaxation import _solve_limited

    class Interrupted:
        def solve_limited(self):
            raise pysolvers.error("Caught keyboard interrupt")

    class Broken:
        def solve_limited(self):
            raise pysolvers.error("something else")

    with pytest.raises(KeyboardInterrupt):
        _solve_limited(Interrupted())
    with pytest.raises(pysolvers.error):
        _solve_limited(Broken())
