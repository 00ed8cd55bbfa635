"""Faults: a worker killed in the middle of a search, a worker that runs
past its time, a full queue, a client that goes away. Each request
concerned gets its one-line refusal, the pool replaces the worker, and the
next request is answered."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from server.served import DEAL_1, DEAL_7, Served, one_line_detail, wait_ready

from butterfly.server import pool as pool_module
from butterfly.server.app import Settings, make_app
from butterfly.server.asking import FULL_TIME_SHARE
from butterfly.server.dependencies import services_of
from butterfly.server.pool import Busy, TaskFailed, WorkerPool
from butterfly.server.routes.searches import QUICK_SECONDS

#: A search that runs its whole time (a shortest line of deal 7 takes minutes).
LONG = {"position": DEAL_7, "shortest": True, "max_nodes": 1 << 40, "seconds": 30}
#: A search that answers at once.
QUICK = {"position": DEAL_1, "max_nodes": 1_000}
#: How long the tests wait for something that should happen at once, seconds (never asserted).
PATIENCE = 60


@pytest.fixture(scope="module")
def app():
    return make_app(Settings(workers=1, queue=0, max_nodes=1 << 40, max_seconds=30))


@pytest.fixture(scope="module")
def client(app) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


def pool_of(app) -> WorkerPool:
    return services_of(app).pool


def in_background(client: TestClient, body: dict) -> tuple[threading.Thread, list]:
    """``POST /api/solve body`` in a thread of its own, and the list its response goes in."""
    responses: list = []
    thread = threading.Thread(target=lambda: responses.append(client.post("/api/solve", json=body)), daemon=True)
    thread.start()
    return thread, responses


def until(condition, what: str) -> None:
    for _ in range(PATIENCE * 20):
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"waited {PATIENCE} s for {what}")


def busy(app) -> bool:
    """The one worker has taken a request."""
    return pool_of(app).idle.empty()


def test_a_worker_killed_mid_search(app, client):
    pool = pool_of(app)
    replaced = pool.replaced
    thread, responses = in_background(client, LONG)
    until(lambda: busy(app), "the search to start")
    time.sleep(0.3)  # (well into it)
    (pid,) = pool.pids()
    os.kill(pid, signal.SIGKILL)
    thread.join(PATIENCE)
    one_line_detail(responses[0], 503, "its worker was replaced")
    assert pool.replaced == replaced + 1 and pool.pids() != [pid]
    answer = client.post("/api/solve", json=QUICK)
    assert answer.status_code == 200 and answer.json()["nodes"] <= 1_000


def test_the_queue_full(app, client):
    """One worker, no queue: a second request while the first searches is refused with Retry-After
    (one answered before is still answered, from the cache)."""
    assert client.post("/api/solve", json=QUICK).status_code == 200  # (so that it is answered before)
    thread, responses = in_background(client, LONG)
    until(lambda: busy(app), "the search to start")
    refused = client.post("/api/solve", json={**QUICK, "max_nodes": 1_001})
    one_line_detail(refused, 429, "busy")
    assert refused.headers["retry-after"] == "1"
    cached = client.post("/api/solve", json=QUICK)  # (asked before: answered without a worker)
    assert cached.status_code == 200 and cached.headers["x-cache"] == "hit"
    assert client.get("/api/health").json()["waiting"] == 0
    os.kill(pool_of(app).pids()[0], signal.SIGKILL)  # (the long search ended at once)
    thread.join(PATIENCE)
    one_line_detail(responses[0], 503)
    assert client.post("/api/solve", json={**QUICK, "max_nodes": 1_001}).status_code == 200


def test_a_request_asked_again_while_it_is_searched_shares_the_search(app, client):
    """One worker, no queue: the same request asked twice at once is one search, both answered
    alike (without sharing, the second would find no worker and be refused), and a different
    request at that moment is refused."""
    body = {"position": DEAL_7, "max_nodes": 1 << 40, "seconds": 2.0}  # (a search of its whole 2 s)
    first, first_responses = in_background(client, body)
    until(lambda: busy(app), "the search to start")
    second, second_responses = in_background(client, body)
    one_line_detail(client.post("/api/solve", json={**body, "seconds": 1.9}), 429, "busy")
    first.join(PATIENCE)
    second.join(PATIENCE)
    (one,), (two,) = first_responses, second_responses
    assert one.status_code == two.status_code == 200 and one.json() == two.json()
    assert {one.headers["x-cache"], two.headers["x-cache"]} == {"miss"}


def test_a_search_of_seconds_waits_with_the_long_ones():
    """Two workers, no queue: while a long search holds the long requests' one slot, a solve given
    more than QUICK_SECONDS is refused at once (it is a long one too), as is a card game's analysis
    whatever its seconds (its game's analyses are long: the registry's long_analysis), and one given
    less is answered by the other worker: a search of seconds never holds up the board's quick asking."""
    with TestClient(make_app(Settings(workers=2, queue=0, max_nodes=1 << 40, max_seconds=30))) as client:
        thread, responses = in_background(client, LONG)
        until(lambda: pool_of(client.app).long_slots.locked(), "the long search to start")
        slow = {**QUICK, "seconds": QUICK_SECONDS + 0.5}
        one_line_detail(client.post("/api/solve", json=slow), 429, "busy")
        one_line_detail(client.post("/api/analyse", json=slow), 429, "busy")
        card_game = {"position": "papillon_h9S.KH5S.KS_t2C5D_w20.15.11_c250.262.248_p60_d0_m1", "seconds": 0.5}
        one_line_detail(client.post("/api/analyse", json=card_game), 429, "busy")
        quick = {**QUICK, "seconds": QUICK_SECONDS}
        assert client.post("/api/solve", json=quick).status_code == 200
        assert client.post("/api/analyse", json=quick).status_code == 200
        for pid in pool_of(client.app).pids():
            os.kill(pid, signal.SIGKILL)  # (the long search ended at once)
        thread.join(PATIENCE)
        one_line_detail(responses[0], 503)


def test_an_error_in_the_work_is_said_and_the_worker_lives_on():
    """A task that fails (a bug, here a task the worker does not know) is said to the server with its
    error's name (the API's 500), and the same worker answers the next request: no replacement."""

    async def failing_then_answering() -> None:
        pool = WorkerPool(1, 0)
        await pool.start()
        try:
            (pid,) = pool.pids()
            with pytest.raises(TaskFailed, match="KeyError"):
                await pool.submit("no-such-task", {}, 5)
            solve = {"position": DEAL_1, "max_nodes": 1_000, "seconds": 5, "shortest": False}
            assert json.loads((await pool.submit("solve", solve, 5)).text)["nodes"] <= 1_000
            assert pool.pids() == [pid] and pool.replaced == 0
        finally:
            await pool.close()

    asyncio.run(failing_then_answering())


def test_a_worker_that_overruns_its_time(monkeypatch):
    """A search past its time and GRACE: the worker is replaced, the request answered 503 (rate has no
    budget of its own: the pool's wait is its bound)."""
    with TestClient(make_app(Settings(workers=1, max_seconds=0.05))) as client:
        pool = services_of(client.app).pool
        assert client.post("/api/solve", json=QUICK).status_code == 200  # (the worker started and ready)
        with monkeypatch.context() as patch:
            patch.setattr(pool_module, "GRACE", 0.05)
            one_line_detail(client.post("/api/rate", json={"position": DEAL_7}), 503, "stopped")
        assert pool.replaced == 1
        again = client.post("/api/solve", json={**QUICK, "max_nodes": 999})
        assert again.status_code == 200 and again.headers["x-cache"] == "miss"


def send_raw(port: int, body: dict) -> socket.socket:
    """``POST /api/solve body`` on a connection of its own, the answer left unread."""
    raw = socket.create_connection(("127.0.0.1", port))
    data = json.dumps(body).encode()
    head = "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    raw.sendall(f"{head}Content-Length: {len(data)}\r\n\r\n".encode() + data)
    return raw


def read_reply(raw: socket.socket) -> str:
    """The whole reply to what :func:`send_raw` sent (a JSON body), the connection then closed."""
    raw.settimeout(PATIENCE)
    reply = ""
    while not reply.endswith("}"):
        reply += raw.recv(10_000).decode()
    raw.close()
    return reply


def stopped(pid: int) -> bool:
    """The process is stopped (SIGSTOP), by its state letter in /proc."""
    return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] == "T"


def bytes_read(pid: int) -> int:
    """What the process has read so far, bytes (/proc/PID/io)."""
    with open(f"/proc/{pid}/io") as io:
        return next(int(line.split()[1]) for line in io if line.startswith("rchar:"))


def sent_and_taken(served: Served, request: dict) -> tuple[int, socket.socket]:
    """``request`` sent over a raw connection to a server of one worker, once that worker has read it
    (a worker lost before it read one never had it: the request goes to its successor, pool.TAKEN).
    Watched by the worker's bytes read, not probed: a probe request could take the worker first, and the
    one sent be refused. The worker's process id and the connection."""
    (worker,) = served.worker_pids()
    before = bytes_read(worker)
    raw = send_raw(served.port, request)
    until(lambda: bytes_read(worker) > before, "the worker to read the request")
    return worker, raw


def test_a_client_that_goes_away(serve):
    """Over real HTTP: the client closes its connection mid-search, the search is stopped and its worker
    replaced; with no queue, the next request is answered (not 429), so the worker is free again."""
    served = serve("--workers", "1", "--queue", "0", "--max-seconds", "30")
    with wait_ready(served.url) as client:
        worker, raw = sent_and_taken(served, LONG)
        raw.close()
        until(lambda: client.get("/api/health").json()["replaced"] == 1, "the worker to be replaced")
        answer = client.post("/api/solve", json=QUICK)
        assert answer.status_code == 200, answer.text
        assert served.worker_pids() != [worker]


def test_a_client_that_times_out(serve):
    """httpx giving up (its timeout) is a client gone too."""
    served = serve("--workers", "1", "--max-seconds", "30")
    with wait_ready(served.url) as client:
        with pytest.raises(httpx.ReadTimeout):
            client.post("/api/solve", json=LONG, timeout=2.0)
        until(lambda: client.get("/api/health").json()["replaced"] == 1, "the worker to be replaced")
        assert client.post("/api/solve", json=QUICK).status_code == 200


def test_a_worker_killed_behind_the_real_server(serve):
    served = serve("--workers", "1", "--queue", "0", "--max-seconds", "30")
    with wait_ready(served.url) as client:
        worker, raw = sent_and_taken(served, LONG)
        os.kill(worker, signal.SIGKILL)
        reply = read_reply(raw)
        assert reply.startswith("HTTP/1.1 503"), reply
        assert reply.endswith('{"detail":"the search stopped before it answered (its worker was replaced): ask again"}')
        assert client.post("/api/solve", json=QUICK).status_code == 200
        assert client.get("/api/health").json()["replaced"] == 1


def test_a_worker_killed_while_idle_is_replaced_when_it_dies(serve):
    """No request is needed to notice it: the server replaces it at once, and the next request is answered."""
    served = serve("--workers", "1", "--queue", "0", "--max-seconds", "30")
    with wait_ready(served.url) as client:
        (worker,) = served.worker_pids()
        os.kill(worker, signal.SIGKILL)
        until(lambda: client.get("/api/health").json()["replaced"] == 1, "the worker to be replaced")
        assert served.worker_pids() != [worker]
        assert client.post("/api/solve", json=QUICK).status_code == 200


def test_a_request_sent_as_an_idle_worker_dies_is_answered(serve):
    """The request that comes right after the kill, before or after the server noticed it, is answered by
    the worker's successor (it was a 503 for the request that found the dead worker)."""
    served = serve("--workers", "1", "--queue", "0", "--max-seconds", "30")
    with wait_ready(served.url) as client:
        (worker,) = served.worker_pids()
        os.kill(worker, signal.SIGKILL)
        answer = client.post("/api/solve", json=QUICK)
        assert answer.status_code == 200, answer.text
        assert client.get("/api/health").json()["replaced"] == 1


def test_a_worker_stopped_while_idle_is_replaced_before_a_request_is_sent_to_it(serve):
    """A frozen worker (SIGSTOP) is found out when a request takes it: the request goes to its successor
    (waiting for it to start, within its seconds)."""
    served = serve("--workers", "1", "--queue", "0", "--max-seconds", "30")
    with wait_ready(served.url) as client:
        (worker,) = served.worker_pids()
        os.kill(worker, signal.SIGSTOP)
        until(lambda: stopped(worker), "the worker to stop")  # (a signal takes effect when its process next runs)
        try:
            answer = client.post("/api/solve", json=QUICK)
            assert answer.status_code == 200, answer.text
            assert client.get("/api/health").json()["replaced"] == 1 and worker not in served.worker_pids()
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker, signal.SIGKILL)


def test_a_worker_frozen_mid_search_is_told_apart_from_a_search_out_of_time(serve):
    """A worker that stops working (SIGSTOP) while it searches: the request is told the worker stopped
    answering, not that its search ran past its time (which would blame the position)."""
    served = serve("--workers", "1", "--queue", "0", "--max-seconds", "30")
    with wait_ready(served.url) as client:
        worker, raw = sent_and_taken(served, LONG)
        os.kill(worker, signal.SIGSTOP)
        try:
            reply = read_reply(raw)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker, signal.SIGKILL)
        assert reply.startswith("HTTP/1.1 503"), reply
        assert reply.endswith('{"detail":"the worker stopped answering and was replaced: ask again"}'), reply
        assert client.post("/api/solve", json=QUICK).status_code == 200


def test_a_full_queue_is_refused_before_anything_waits():
    """The 429 is decided when the request is submitted, before the server's loop runs anything else: of
    two requests submitted at once with one idle worker and no queue, the second is refused there and then
    (counted, not timed: it never waits)."""

    async def two_at_once() -> None:
        pool = WorkerPool(1, 0)
        await pool.start()
        try:
            first = pool.submit("solve", {**QUICK, "seconds": 5, "shortest": False}, 5)
            with pytest.raises(Busy):
                pool.submit("solve", {**QUICK, "seconds": 5, "shortest": False, "max_nodes": 999}, 5)
            assert pool.waiting == 1
            assert json.loads((await first).text)["nodes"] <= 1_000
            assert pool.waiting == 0
        finally:
            await pool.close()

    asyncio.run(two_at_once())


def test_a_request_queued_behind_a_search_has_its_time_cut():
    """One worker: a search of 4 s asked while one of 1.5 s runs waits for it, and its search is given what
    the wait left of its 4 s (the headers say both), so it answers within its time; an answer cut short
    so is not kept in the cache (the one given its whole time is)."""
    with TestClient(make_app(Settings(workers=1, queue=1, max_nodes=1 << 40, max_seconds=30))) as client:
        assert client.post("/api/solve", json=QUICK).status_code == 200  # (the worker started and ready)
        entries = client.get("/api/health").json()["cache"]["entries"]
        # (shortest lines: deal 7's takes minutes, so each search runs its whole time)
        longest = {"position": DEAL_7, "shortest": True}
        first, responses = in_background(client, {**longest, "max_nodes": 1 << 40, "seconds": 1.5})
        until(lambda: busy(client.app), "the first search to start")
        answer = client.post("/api/solve", json={**longest, "max_nodes": (1 << 40) - 1, "seconds": 4.0})
        assert answer.status_code == 200, answer.text
        waited, given = float(answer.headers["x-queue-seconds"]), float(answer.headers["x-search-seconds"])
        assert given < FULL_TIME_SHARE * 4.0 and abs(waited + given - 4.0) <= 0.002, answer.headers
        first.join(PATIENCE)
        assert float(responses[0].headers["x-search-seconds"]) >= FULL_TIME_SHARE * 1.5
        assert client.get("/api/health").json()["cache"]["entries"] == entries + 1  # (the first search's alone)


def test_a_search_of_a_fraction_of_a_second_may_wait_a_moment():
    """A request of 0.1 s (the board's first asking) queued behind a short search keeps its whole 0.1 s:
    its time is at least LEAST_TIME, wait and search together, so a short queue costs it nothing."""
    with TestClient(make_app(Settings(workers=1, queue=1, max_nodes=1 << 40, max_seconds=30))) as client:
        first, responses = in_background(client, {"position": DEAL_7, "max_nodes": 1 << 40, "seconds": 0.3})
        until(lambda: busy(client.app), "the first search to start")
        answer = client.post("/api/solve", json={"position": DEAL_7, "max_nodes": 1 << 39, "seconds": 0.1})
        assert answer.status_code == 200, answer.text
        assert float(answer.headers["x-queue-seconds"]) > 0 and answer.headers["x-search-seconds"] == "0.100"
        first.join(PATIENCE)
        assert responses[0].status_code == 200


@pytest.mark.parametrize("seconds, time", [(2.0, "2 s"), (0.1, "1 s")])
def test_a_request_that_waits_through_its_seconds(seconds, time):
    """One worker busy with a long search: a request waiting behind it is given up when its seconds are
    spent (at least LEAST_TIME: a search of 0.1 s may wait a moment), and told the server was too busy (not
    that its position was too big)."""
    with TestClient(make_app(Settings(workers=1, queue=1, max_nodes=1 << 40, max_seconds=30))) as client:
        thread, responses = in_background(client, LONG)
        until(lambda: busy(client.app), "the long search to start")
        late = client.post("/api/solve", json={**QUICK, "seconds": seconds})
        one_line_detail(late, 503, f"the server was too busy to start this search within {time}: ask again")
        assert late.headers["retry-after"] == "1"
        assert client.get("/api/health").json()["waiting"] == 0
        os.kill(pool_of(client.app).pids()[0], signal.SIGKILL)  # (the long search ended at once)
        thread.join(PATIENCE)
        one_line_detail(responses[0], 503)


def test_settings_without_time_are_refused():
    with pytest.raises(ValueError, match="max_seconds must be above 0"):
        Settings(max_seconds=0)


def test_a_request_a_worker_never_took_goes_to_its_successor(monkeypatch):
    """A worker that stops between being chosen and reading the request (here: stopped, and the check
    before sending blinded) never had it: it is replaced and the request answered by its successor, not
    refused (the worker says it took a request before working on it, pool.TAKEN)."""
    monkeypatch.setattr(pool_module._Worker, "usable", lambda worker: True)

    async def sent_to_a_stopped_worker() -> None:
        pool = WorkerPool(1, 0)
        await pool.start()
        (worker,) = pool.pids()
        os.kill(worker, signal.SIGSTOP)
        try:
            answer = await pool.submit("solve", {**QUICK, "seconds": 5, "shortest": False}, 5)
            assert json.loads(answer.text)["result"] in ("won", "unresolved")  # (answered, 1,000 positions)
            assert pool.replaced == 1 and worker not in pool.pids()
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker, signal.SIGKILL)
            await pool.close()

    asyncio.run(sent_to_a_stopped_worker())
