"""The HTTP layer of ``butterfly serve`` (butterfly/server/http.py), asked over raw sockets: a request
not received whole within the deadline is answered 408 and closed, idle connections beyond the cap make
room for new ones, and what HTTP itself refuses is one line of JSON; ``--max-seconds 0`` is refused; without
``--site`` the tool pages are served at ``/``."""

from __future__ import annotations

import asyncio
import json
import re
import resource
import select
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import uvicorn
from server.served import START_SECONDS, butterfly, start_server, wait_ready

from butterfly.server.http import guarded_protocol

#: Seconds a test waits for what should come at once (a busy machine's slack).
SLACK = 20


def connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=SLACK)


def exchange(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``request`` (stopping as soon as the server answers: it may refuse half-way) and read the
    answer to the end: its status, headers and body."""
    with connect(port) as client:
        client.setblocking(False)
        sent = 0
        while sent < len(request):
            readable, writable, _ = select.select([client], [client], [], SLACK)
            if readable:
                break
            if writable:
                sent += client.send(request[sent : sent + 65536])
        client.setblocking(True)
        return parse(read_to_end(client))


def read_to_end(client: socket.socket) -> bytes:
    answer = b""
    try:
        while chunk := client.recv(65536):
            answer += chunk
    except ConnectionResetError:  # (closed with bytes of ours unread: the answer came before)
        pass
    return answer


def parse(answer: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    match = re.match(r"HTTP/1\.1 (\d{3}) ", lines[0])
    assert match, answer[:200]
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return int(match[1]), headers, body


def json_detail(answer: tuple[int, dict[str, str], bytes], status: int, fragment: str) -> str:
    """``answer`` is a refusal: ``status``, a JSON body of one one-line ``detail`` naming ``fragment``."""
    got, headers, body = answer
    assert got == status, answer
    assert headers["content-type"] == "application/json", headers
    detail = json.loads(body)["detail"]
    assert fragment in detail and "\n" not in detail, detail
    return detail


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[int]:
    """A server whose requests must arrive within 1 s: its port."""
    server = start_server(tmp_path_factory.mktemp("serve"), "--workers", "1", "--receive-seconds", "1")
    try:
        wait_ready(server.url).close()
        yield server.port
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("request_bytes", "status", "fragment"),
    [
        (b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", 400, "Content-Length is not a number"),
        (
            b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
            400,
            "two different Content-Length",
        ),
        (
            b"POST /api/solve HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
            400,
            "size in hexadecimal",
        ),
        (b"POST /api/solve HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501, "not chunked"),
        (b"GET /" + b"a" * (1 << 20) + b" HTTP/1.1\r\nHost: x\r\n\r\n", 431, "over 16,384 bytes"),
        (b"GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + b"a" * 100_000 + b"\r\n\r\n", 431, "over 16,384 bytes"),
        (b"GET /api/health HTTP/1.1\r\n\r\n", 400, "no Host header"),
        (b"HELLO\r\n\r\n", 400, "first line is not METHOD TARGET HTTP/1.1"),
    ],
    ids=[
        "content-length",
        "two-lengths",
        "chunk-size",
        "transfer-encoding",
        "url-1MB",
        "header-100kB",
        "no-host",
        "garbage",
    ],
)
def test_what_http_refuses_is_one_line_of_json(served, request_bytes, status, fragment):
    json_detail(exchange(served, request_bytes), status, fragment)


def test_a_request_not_received_within_the_deadline_is_closed(served):
    # a byte a second: the head would take 40 s, the deadline is 1 s
    with connect(served) as trickling:
        started = time.monotonic()
        for byte in b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n":
            try:
                trickling.send(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                break
            if select.select([trickling], [], [], 1)[0]:
                break
        answer = read_to_end(trickling)
        assert time.monotonic() - started < SLACK
    json_detail(parse(answer), 408, "did not arrive whole within 1 s")
    with connect(served) as silent:  # nothing sent at all
        json_detail(parse(read_to_end(silent)), 408, "within 1 s")


async def sleepy(scope, receive, send) -> None:
    """An app that answers ``/SECONDS`` after sleeping that long (its body read first)."""
    while (await receive()).get("more_body"):
        pass
    await asyncio.sleep(float(scope["path"].strip("/")))
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


@contextmanager
def guarded(receive_seconds: float, cap: int) -> Iterator[tuple[int, uvicorn.Server]]:
    """The sleepy app served in this process by the guarded protocol: its port and server."""
    listener = socket.create_server(("127.0.0.1", 0))
    config = uvicorn.Config(sleepy, http=guarded_protocol(receive_seconds, cap), lifespan="off", log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]})
    thread.start()
    try:
        while not server.started:
            time.sleep(0.01)
        yield listener.getsockname()[1], server
    finally:
        server.should_exit = True
        thread.join()
        listener.close()


def answer_of(client: socket.socket) -> bytes:
    """One answer of a kept-alive connection (2 bytes of body), its head and body."""
    answer = b""
    while not answer.endswith(b"\r\n\r\nok"):
        chunk = client.recv(1024)
        assert chunk, answer
        answer += chunk
    return answer


def test_the_deadline_ends_when_the_request_is_received_and_starts_again_with_the_next():
    with guarded(receive_seconds=0.5, cap=8) as (port, _), connect(port) as client:
        client.sendall(b"GET /1.5 HTTP/1.1\r\nHost: x\r\n\r\n")  # an answer longer than the deadline
        assert answer_of(client).startswith(b"HTTP/1.1 200 ")
        client.sendall(b"POST /0 HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nabc")  # a body never finished
        json_detail(parse(read_to_end(client)), 408, "did not arrive whole within 0.5 s")


def test_when_every_connection_is_answering_a_newcomer_beyond_the_cap_is_refused():
    with guarded(receive_seconds=10, cap=2) as (port, server), connect(port) as first, connect(port) as second:
        for busy in (first, second):
            busy.sendall(b"GET /2 HTTP/1.1\r\nHost: x\r\n\r\n")
        while len(server.server_state.tasks) < 2:  # (both requests received and being answered)
            time.sleep(0.01)
        with connect(port) as newcomer:
            json_detail(parse(read_to_end(newcomer)), 503, "too many connections open")
        for busy in (first, second):
            assert answer_of(busy).startswith(b"HTTP/1.1 200 ")


@contextmanager
def open_files_limited(limit: int) -> Iterator[None]:
    """This process's open-file limit (and so its children's) at ``limit`` meanwhile."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_idle_connections_beyond_the_cap_make_room(tmp_path):
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 600:
        pytest.skip(f"this test opens 400 connections: the open-file limit here is {soft}")
    with open_files_limited(256):  # the server's cap: 64 connections
        server = start_server(tmp_path, "--workers", "1", "--receive-seconds", "600")
    idle: list[socket.socket] = []
    try:
        wait_ready(server.url).close()
        for _ in range(400):
            idle.append(connect(server.port))
        with wait_ready(server.url, timeout=SLACK) as client:
            assert client.get("/api/health").json()["status"] == "ok"
        idle[0].settimeout(SLACK)
        assert idle[0].recv(1) == b"", "the connection idle the longest was closed to make room"
        stderr = server.stderr.read_text()
        assert "Too many open files" not in stderr and "Traceback" not in stderr, stderr
    finally:
        for connection in idle:
            connection.close()
        server.stop()


def test_max_seconds_0_is_refused():
    process = butterfly("serve", "--max-seconds", "0", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = process.communicate(timeout=START_SECONDS)
    assert process.returncode == 2 and out == ""
    assert len(err.splitlines()) == 1 and "'--max-seconds': must be more than 0" in err, err


def test_without_a_site_the_tool_pages_are_served(serve, tmp_path, monkeypatch):
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # where the server writes its pages
    served = serve("--workers", "1")
    assert served.process.stdout is not None
    assert served.process.stdout.readline().startswith(f"the analysis board at {served.url}/board.html")
    with wait_ready(served.url) as client:
        front = client.get("/")
        assert front.status_code == 200 and front.headers["content-type"].startswith("text/html")
        for tool in ("board.html", "editor.html", "cards.html"):
            assert f'href="{tool}"' in front.text
            page = client.get(f"/{tool}")
            assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
            # every file the page names (its style, icon, manifest, scripts and modules) is there
            named = set(re.findall(r'(?:href|src)="([\w./-]+\.\w+)"', page.text))
            named |= set(re.findall(r"'([\w./-]+\.js)'", page.text))
            named -= {"index.html", "archive.html", "board.html", "editor.html", "cards.html"}
            for path in {path for path in named if not path.endswith(".bundle.js")}:  # (bundles: for file:// only)
                assert client.get(f"/{path}").status_code == 200, path
        assert client.get("/archive.html").status_code == 200  # (every page's header links to it)
        assert client.get("/api/health").json()["status"] == "ok"
        assert client.get("/nowhere.html").json() == {"detail": "Not Found"}
    assert len(list(tmp_path.glob("butterfly-serve-*"))) == 1
    served.stop()
    assert not list(tmp_path.glob("butterfly-serve-*")), "the pages' folder is removed when the server stops"


def test_the_board_served_without_a_site_loads_in_a_browser(serve):
    chromium = pytest.importorskip("chromium")
    from tool_pages import pages

    served = serve("--workers", "1")
    wait_ready(served.url).close()
    for browser in chromium.launched():
        for make in pages(browser):
            page = make()
            page.goto(f"{served.url}/board.html")
            page.get_by_role("button", name="Is this still winnable?").click()  # asks the API
            page.wait_for_function(
                "!document.querySelector('#engine .answer').textContent.endsWith('\\u2026')", timeout=SLACK * 1000
            )
            assert page.locator("#engine .answer").inner_text()
            assert page.errors == []
