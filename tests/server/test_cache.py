"""The answer cache's file never costs an answer and never serves one it
should not: a row changed on disk is dropped and searched again, a file
that cannot be read or written (a full disk) is said once and the answer
served from memory, a file of another shape is refused at start-up (one
line, exit 2, its bytes unchanged) and a file that cannot be made leaves
nothing behind."""

from __future__ import annotations

import json
import resource
import signal
import sqlite3
import subprocess
from pathlib import Path

import pytest
from server.served import DEAL_1, START_SECONDS, butterfly, wait_ready

from butterfly.games.errors import InputError
from butterfly.server import cache as cache_module
from butterfly.server.cache import APPLICATION_ID, FORMAT, TABLES, AnswerCache, digest_of, key_of

#: A file size a cache cannot grow past: a new file needs three pages of 4 KiB, an answer's write one more.
FULL_DISK = 4096
#: A solve that answers in a moment (its time generous: a busy machine's worker is not stopped for overrunning it).
SOLVE = {"position": DEAL_1, "max_nodes": 50_000, "seconds": 60}
#: The server's options: one worker, and the time :data:`SOLVE` asks.
SERVE = ("--workers", "1", "--max-seconds", "60")


def _rows(path: Path) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT key, answer, digest FROM answers").fetchall()
    finally:
        db.close()


def _change(path: Path, statement: str, *parameters: object) -> None:
    db = sqlite3.connect(path)
    with db:
        db.execute(statement, parameters)
    db.close()


def _made(path: Path, user_version: int, *statements: str, application_id: int = APPLICATION_ID) -> None:
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA application_id = {application_id}")
    db.execute(f"PRAGMA user_version = {user_version}")
    for statement in statements:
        db.execute(statement)
    db.commit()
    db.close()


def _files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def test_a_row_changed_on_disk_is_dropped(tmp_path):
    path = tmp_path / "answers.db"
    cache = AnswerCache(str(path))
    kept = {name: key_of("solve", {"name": name}) for name in ("edited", "not-json", "a-list", "bytes", "sound")}
    for key in kept.values():
        cache.put(key, json.dumps({"result": "won"}))
    cache.close()
    _change(path, "UPDATE answers SET answer = ? WHERE key = ?", '{"result": "unwinnable"}', kept["edited"])
    for name, answer in (("not-json", "{won"), ("a-list", "[1]")):  # (their digests recomputed: the shape is checked)
        _change(
            path,
            "UPDATE answers SET answer = ?, digest = ? WHERE key = ?",
            answer,
            digest_of(kept[name], answer),
            kept[name],
        )
    _change(path, "UPDATE answers SET answer = CAST(answer AS BLOB) WHERE key = ?", kept["bytes"])
    again = AnswerCache(str(path))
    assert {name: again.get(key) for name, key in kept.items()} == {
        "edited": None,
        "not-json": None,
        "a-list": None,
        "bytes": None,
        "sound": {"result": "won"},
    }
    assert again.misses == 4 and again.hits == 1
    again.close()
    assert [key for key, _, _ in _rows(path)] == [kept["sound"]]  # the others dropped, to be searched again


def test_another_code_versions_answers_are_never_found(tmp_path, monkeypatch):
    path = tmp_path / "answers.db"
    cache = AnswerCache(str(path))
    cache.put(key_of("solve", SOLVE), '{"result": "won"}')
    cache.close()
    monkeypatch.setattr(cache_module, "answers_version", lambda: "0.1.0+another")
    again = AnswerCache(str(path))
    assert again.get(key_of("solve", SOLVE)) is None
    again.close()


def test_a_file_that_fails_costs_no_answer_and_is_said_once(tmp_path, capsys):
    """A file whose pages are damaged after it was opened (the header checked still sound): reading and
    writing it fail, every answer is kept in memory, and one line says so."""
    path = tmp_path / "answers.db"
    AnswerCache(str(path)).close()
    cache = AnswerCache(str(path))
    with path.open("r+b") as file:  # the table's and the index's pages: garbage
        file.seek(4096)
        file.write(b"\xff" * 8192)
    assert cache.get_text("a") is None
    cache.put("a", '{"result": "won"}')
    cache.put("b", '{"result": "lost"}')
    assert cache.get("a") == {"result": "won"} and cache.get("b") == {"result": "lost"}
    cache.close()
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and said[0].startswith(f"butterfly serve: the cache file {str(path)!r} cannot be"), said


#: Files that are not a cache of this server, each refused (InputError naming the fragment) and left as it was.
REFUSED = {
    "another-shape": (
        lambda path: _made(path, FORMAT, "CREATE TABLE answers (key TEXT, answer BLOB, extra INTEGER)"),
        "is not a butterfly serve cache",
    ),
    "the-first-format-of-another-shape": (
        lambda path: _made(path, 0, "CREATE TABLE answers (key TEXT PRIMARY KEY, answer TEXT)"),
        "is not a butterfly serve cache",
    ),
    "a-trigger-beside": (
        lambda path: _made(
            path, FORMAT, TABLES[FORMAT], "CREATE TRIGGER t AFTER INSERT ON answers BEGIN SELECT 1; END"
        ),
        "is not a butterfly serve cache",
    ),
    "an-unknown-format": (lambda path: _made(path, FORMAT + 1, TABLES[FORMAT]), "is not a butterfly serve cache"),
    "no-mark": (lambda path: _made(path, FORMAT, TABLES[FORMAT], application_id=0), "is not a butterfly serve cache"),
    "the-first-format": (lambda path: _made(path, 0, TABLES[0]), "was made by an older butterfly serve: delete it"),
}


@pytest.mark.parametrize("case", REFUSED)
def test_a_file_not_of_this_cache_is_refused_and_left_alone(tmp_path, case):
    make, fragment = REFUSED[case]
    path = tmp_path / "given.db"
    make(path)
    before = _files(tmp_path)
    with pytest.raises(InputError, match=fragment):
        AnswerCache(str(path))
    assert _files(tmp_path) == before


def test_a_file_another_server_holds_is_refused(tmp_path):
    path = tmp_path / "answers.db"
    held = AnswerCache(str(path))
    with pytest.raises(InputError, match="cannot be used: database is locked"):
        AnswerCache(str(path))
    held.close()


def test_a_file_that_cannot_be_made_leaves_nothing(tmp_path):
    with pytest.raises(InputError, match="cannot be made: No such file or directory"):
        AnswerCache(str(tmp_path / "missing" / "answers.db"))
    assert list(tmp_path.iterdir()) == []


def _full_disk() -> None:
    """(In the child, before it runs: files of at most :data:`FULL_DISK` bytes, and a write past it an error.)"""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (FULL_DISK, FULL_DISK))


def test_the_server_refuses_in_one_line_and_leaves_files_as_they_were(tmp_path):
    """At start-up: a file with the mark and a table ``answers`` of another shape, and a new file on a full
    disk. Exit 2, one line, the folder as it was (no 0-byte file, no temporary file). Both started at once."""
    crafted = tmp_path / "crafted"
    crafted.mkdir()
    _made(crafted / "given.db", 0, "CREATE TABLE answers (key TEXT, value TEXT)")
    full = tmp_path / "full"
    full.mkdir()
    cases = {
        "crafted": (crafted, {}, "is not a butterfly serve cache"),
        "full": (full, {"preexec_fn": _full_disk}, "cannot be made"),
    }
    started = {}
    for case, (folder, popen, _) in cases.items():
        before = _files(folder)
        process = butterfly(
            "serve", "--port", "0", "--workers", "1", "--cache", str(folder / "given.db"),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **popen,
        )  # fmt: skip
        started[case] = (process, before)
    for case, (process, before) in started.items():
        stdout, stderr = process.communicate(timeout=START_SECONDS)
        assert process.returncode == 2, (case, process.returncode, stdout, stderr)
        lines = stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: --cache ") and cases[case][2] in lines[0], stderr
        assert _files(cases[case][0]) == before, case


def test_an_answer_edited_in_the_file_is_searched_again(serve, tmp_path):
    path = tmp_path / "answers.db"
    first = serve(*SERVE, "--cache", str(path))
    with wait_ready(first.url) as client:
        won = client.post("/api/solve", json=SOLVE)
        assert won.status_code == 200 and won.json()["result"] == "won"
    assert first.stop() in (0, 130)
    [(key, answer, _)] = _rows(path)
    edited = answer.replace('"result":"won"', '"result":"unwinnable"')
    assert edited != answer
    _change(path, "UPDATE answers SET answer = ?", edited)
    second = serve(*SERVE, "--cache", str(path))
    with wait_ready(second.url) as client:
        again = client.post("/api/solve", json=SOLVE)
        assert again.status_code == 200 and again.headers["x-cache"] == "miss"
        assert again.json()["result"] == "won"
    assert second.stop() in (0, 130)
    rows = _rows(path)
    assert len(rows) == 1, "two keys: the sources changed between the two starts (the code version is in the key)"
    [(_, answer, digest)] = rows
    assert json.loads(answer)["result"] == "won" and digest == digest_of(key, answer)


def test_a_full_disk_costs_no_answer(serve, tmp_path):
    """The disk fills while the server runs (its files limited to 4 KiB once it serves): each answer is
    served all the same, asked again from memory, and stderr says it once."""
    path = tmp_path / "answers.db"
    served = serve(*SERVE, "--cache", str(path))
    with wait_ready(served.url) as client:
        resource.prlimit(served.process.pid, resource.RLIMIT_FSIZE, (FULL_DISK, FULL_DISK))
        answers = [client.post("/api/solve", json={**SOLVE, "max_nodes": nodes}) for nodes in (50_000, 50_001)]
        statuses = [(answer.status_code, answer.headers.get("x-cache")) for answer in answers]
        assert statuses == [(200, "miss")] * 2, [answer.text for answer in answers]
        assert all(answer.json()["result"] == "won" for answer in answers)
        again = client.post("/api/solve", json=SOLVE)
        assert again.headers["x-cache"] == "hit" and again.json() == answers[0].json()
    assert served.stop() in (0, 130)
    printed = served.stderr.read_text()
    said = [line for line in printed.splitlines() if "cache" in line]
    assert len(said) == 1 and "Traceback" not in printed, printed
    assert said[0].startswith(f"butterfly serve: the cache file {str(path)!r} cannot be written"), said
    assert said[0].endswith("answers are kept in memory only"), said
    assert _rows(path) == []
