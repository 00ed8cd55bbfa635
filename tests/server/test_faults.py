"""Faults: a worker killed in the middle of a search, a worker that runs
past its time, a full queue, a client that goes away. Each request
concerned gets its one-line refusal, the pool replaces the worker, and the
next request is answered."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
from fastapi.testclient import TestClient
from server.served import DEAL_1, DEAL_7, one_line_detail, wait_ready

from butterfly.server import pool as pool_module
from butterfly.server.app import QUICK_SECONDS, Settings, make_app
from butterfly.server.pool import TaskFailed, WorkerPool

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
    return app.state.pool_state["pool"]


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
    more than QUICK_SECONDS is refused at once (it is a long one too), and one given less is answered
    by the other worker: a search of seconds never holds up the board's quick asking."""
    with TestClient(make_app(Settings(workers=2, queue=0, max_nodes=1 << 40, max_seconds=30))) as client:
        thread, responses = in_background(client, LONG)
        until(lambda: pool_of(client.app).long_slots.locked(), "the long search to start")
        slow = {**QUICK, "seconds": QUICK_SECONDS + 0.5}
        one_line_detail(client.post("/api/solve", json=slow), 429, "busy")
        one_line_detail(client.post("/api/analyse", json=slow), 429, "busy")
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
                await pool.run("no-such-task", {}, 5)
            solve = {"position": DEAL_1, "max_nodes": 1_000, "seconds": 5, "shortest": False}
            assert json.loads(await pool.run("solve", solve, 5))["nodes"] <= 1_000
            assert pool.pids() == [pid] and pool.replaced == 0
        finally:
            await pool.close()

    asyncio.run(failing_then_answering())


def test_a_worker_that_overruns_its_time(monkeypatch):
    """A search past its time and GRACE: the worker is replaced, the request answered 503 (rate has no
    budget of its own: the pool's wait is its bound)."""
    with TestClient(make_app(Settings(workers=1, max_seconds=0.05))) as client:
        pool = client.app.state.pool_state["pool"]
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


def until_busy(client: httpx.Client) -> None:
    """With one worker and no queue: until a new request is refused (429), the worker taken."""
    probes = iter(range(500, 10_000))
    until(lambda: client.post("/api/solve", json={**QUICK, "max_nodes": next(probes)}).status_code == 429, "busy")


def test_a_client_that_goes_away(serve):
    """Over real HTTP: the client closes its connection mid-search, the search is stopped and its worker
    replaced; with no queue, the next request is answered (not 429), so the worker is free again."""
    served = serve("--workers", "1", "--queue", "0", "--max-seconds", "30")
    with wait_ready(served.url) as client:
        (worker,) = served.worker_pids()
        raw = send_raw(served.port, LONG)
        until_busy(client)
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
        (worker,) = served.worker_pids()
        raw = send_raw(served.port, LONG)
        until_busy(client)
        os.kill(worker, signal.SIGKILL)
        raw.settimeout(PATIENCE)
        reply = ""
        while not reply.endswith("}"):
            reply += raw.recv(10_000).decode()
        raw.close()
        assert reply.startswith("HTTP/1.1 503"), reply
        assert reply.endswith('{"detail":"the search stopped before it answered (its worker was replaced): ask again"}')
        assert client.post("/api/solve", json=QUICK).status_code == 200
        assert client.get("/api/health").json()["replaced"] == 1
