"""The real ``butterfly serve``: started on a free port, asked over HTTP,
stopped with Ctrl-C (SIGINT); every option it refuses refused before it
serves, with one line and exit code 2, and any file it was given left as it
was; its cache file reused by the next run."""

from __future__ import annotations

import json
import signal
import socket
import sqlite3
import subprocess
from pathlib import Path

from server.served import DEAL_1, START_SECONDS, butterfly, one_line_detail, wait_ready

from butterfly.puzzles.site.build import MARKER
from butterfly.server.cache import AnswerCache


def test_serves_over_http_and_stops_on_ctrl_c(serve):
    served = serve("--workers", "1")
    assert served.printed[0].startswith(f"serving at http://127.0.0.1:{served.port}/")
    assert not any("warning" in line for line in served.printed)
    with wait_ready(served.url) as client:
        health = client.get("/api/health").json()
        assert health["status"] == "ok" and health["workers"] == 1
        deal = client.get("/api/deal", params={"number": 1}).json()
        assert deal["position"] == DEAL_1
        solved = client.post("/api/solve", json={"position": DEAL_1, "max_nodes": 100_000, "seconds": 5})
        assert solved.status_code == 200 and solved.json()["result"] == "won"
        assert solved.headers["x-cache"] == "miss"
        again = client.post("/api/solve", json={"position": DEAL_1, "max_nodes": 100_000, "seconds": 5})
        assert again.headers["x-cache"] == "hit" and again.json() == solved.json()
        one_line_detail(client.post("/api/solve", json={"position": "x"}), 422, "a line starts with its game")
        one_line_detail(client.post("/api/solve", content=b"x" * (1 << 20)), 413)
        one_line_detail(client.get("/nowhere"), 404)
        workers = served.worker_pids()
        assert len(workers) == 1
    assert served.stop(signal.SIGINT) in (0, 130)
    assert "Traceback" not in served.stderr.read_text()
    for pid in workers:  # its worker stopped with it
        assert not Path(f"/proc/{pid}").exists() or "zombie" in Path(f"/proc/{pid}/status").read_text()


def test_a_site_is_served_beside_the_api(serve, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / MARKER).write_text("")
    (site / "index.html").write_text("<p>the daily puzzle</p>")
    served = serve("--workers", "1", "--site", str(site))
    assert not any("no --site" in line for line in served.printed)
    with wait_ready(served.url) as client:
        assert client.get("/").text == "<p>the daily puzzle</p>"
        assert client.get("/api/health").json()["status"] == "ok"
        one_line_detail(client.get("/api/nowhere"), 404)


def test_every_address_warns(serve):
    served = serve("--workers", "1", "--host", "0.0.0.0")
    assert served.printed[0].startswith("serving at http://0.0.0.0:")
    warning = served.process.stdout.readline()
    assert warning.startswith("warning: listening on 0.0.0.0, not the loopback"), warning
    wait_ready(served.url).close()  # (a Ctrl-C before the server is up stops Python, not the server)
    assert served.stop(signal.SIGINT) in (0, 130)


def _other_programs_database(path: Path) -> None:
    db = sqlite3.connect(path)
    with db:
        db.execute("CREATE TABLE answers (key TEXT PRIMARY KEY, answer TEXT NOT NULL)")
        db.execute("INSERT INTO answers VALUES ('a', 'b')")
    db.close()


def _wal_database(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode = WAL")
    with db:
        db.execute("CREATE TABLE notes (text TEXT)")
        db.execute("INSERT INTO notes VALUES ('mine')")
    db.close()


def _not_a_site(path: Path) -> None:
    path.mkdir()
    (path / "index.html").write_text("hello")


#: Each refusal: the options (``{path}``: a file or folder of the case's own, made by the function given,
#: ``{port}``: a port another socket holds) and what the one line says.
REFUSALS = {
    "host-name": (["--host", "localhost"], None, "is not an IP address"),
    "host-not-an-address": (["--host", "999.1.1.1"], None, "is not an IP address"),
    "host-not-this-machines": (["--host", "192.0.2.1"], None, "cannot listen on 192.0.2.1"),
    "port-in-use": (["--port", "{port}"], None, "cannot listen on 127.0.0.1 port {port}"),
    "site-not-built": (["--site", "{path}"], _not_a_site, "is not a site made by butterfly site build"),
    "site-missing": (["--site", "{path}"], None, "does not exist"),
    "cache-corrupt": (
        ["--cache", "{path}"],
        lambda path: path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200),
        "cannot be used",
    ),
    "cache-text": (["--cache", "{path}"], lambda path: path.write_bytes(b"not a database\n" * 100), "cannot be used"),
    "cache-empty": (["--cache", "{path}"], lambda path: path.write_bytes(b""), "is not a butterfly serve cache"),
    "cache-same-table-no-mark": (["--cache", "{path}"], _other_programs_database, "is not a butterfly serve cache"),
    "cache-wal": (["--cache", "{path}"], _wal_database, "is not a butterfly serve cache"),
    "cache-folder": (["--cache", "{path}"], Path.mkdir, "is not a regular file"),
}


def _contents(folder: Path) -> dict[str, bytes | None]:
    return {str(path): path.read_bytes() if path.is_file() else None for path in sorted(folder.rglob("*"))}


def test_refused_before_serving_in_one_line(tmp_path, subtests):
    """Each refusal: exit 2, one line on stderr naming the problem, nothing served; a file or folder given left
    as it was (no -wal or -journal file beside it either). All started at once: each takes seconds to start."""
    started = {}
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        try:
            for case, (options, make, _) in REFUSALS.items():
                folder = tmp_path / case
                folder.mkdir()
                if make is not None:
                    make(folder / "given")
                args = [option.format(path=folder / "given", port=port) for option in options]
                process = butterfly(
                    "serve", "--port", "0", "--workers", "1", *args, stdout=subprocess.PIPE, stderr=subprocess.PIPE
                )
                started[case] = (process, folder, _contents(folder))
            for case, (process, folder, before) in started.items():
                with subtests.test(case=case):
                    stdout, stderr = process.communicate(timeout=START_SECONDS)
                    assert process.returncode == 2, (process.returncode, stdout, stderr)
                    assert "serving at" not in stdout
                    lines = stderr.strip().splitlines()
                    assert len(lines) == 1 and lines[0].startswith("Error: ") and "Traceback" not in stderr, stderr
                    assert REFUSALS[case][2].format(port=port) in lines[0]
                    assert _contents(folder) == before
        finally:
            for process, *_ in started.values():
                if process.poll() is None:
                    process.kill()
                    process.wait()


def test_the_cache_file_is_reused_by_the_next_run(serve, tmp_path):
    cache = tmp_path / "answers.db"
    body = {"position": DEAL_1, "max_nodes": 50_000, "seconds": 5}
    first = serve("--workers", "1", "--cache", str(cache))
    with wait_ready(first.url) as client:
        answer = client.post("/api/solve", json=body)
        assert answer.status_code == 200 and answer.headers["x-cache"] == "miss"
    assert first.stop(signal.SIGINT) in (0, 130)
    assert cache.is_file()
    second = serve("--workers", "1", "--cache", str(cache))
    with wait_ready(second.url) as client:
        again = client.post("/api/solve", json=body)
        assert again.status_code == 200 and again.headers["x-cache"] == "hit"
        assert again.json() == answer.json()
        assert client.get("/api/health").json()["cache"]["hits"] == 1
        other = client.post("/api/solve", json={**body, "max_nodes": 50_001})
        assert other.headers["x-cache"] == "miss"


def test_the_served_api_refuses_a_bad_request_in_one_line(serve):
    served = serve("--workers", "1", "--max-nodes", "1000", "--max-seconds", "1")
    with wait_ready(served.url) as client:
        assert client.get("/api/health").json()["limits"] == {"max_nodes": 1000, "max_seconds": 1.0}
        answer = client.post("/api/solve", json={"position": DEAL_1, "max_nodes": 1 << 62})
        assert answer.status_code == 200 and answer.json()["nodes"] <= 1000
        one_line_detail(client.post("/api/solve", content=b"{", headers={"content-type": "application/json"}), 422)
        one_line_detail(client.request("PATCH", "/api/solve"), 405)
    with socket.create_connection(("127.0.0.1", served.port)) as raw:  # not HTTP at all: uvicorn's own 400
        raw.sendall(b"NOT HTTP\r\n\r\n")
        assert raw.recv(1000).startswith(b"HTTP/1.1 400")


def test_a_cache_file_whose_name_reads_as_a_uri(tmp_path):
    """``?`` and ``#`` in the name are the file's (the check opens it by URI)."""
    path = str(tmp_path / "answers?mode=rw#1.db")
    cache = AnswerCache(path)
    cache.put("key", json.dumps({"answer": 1}))
    cache.close()
    again = AnswerCache(path)
    assert again.get("key") == {"answer": 1}
    again.close()
