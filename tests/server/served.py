"""What the web API's tests share (imported as ``server.served``): positions and records of every game, and
the real ``butterfly serve`` run as a subprocess on a free port."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

#: Deal 1 of Butterfly (``butterfly deal 1 --format line``).
DEAL_1 = (
    "butterfly_fACADAHAS_b-_l7D9C4D8H8D.5SJD6D9SJC.5DKD3C2D.JH5H7H4H2C.6SKCKHTHTS"
    "_rJSTD8SQC4S.6C7C5CKS6H.QSQHQD9D.3D3S4C2H8C.TC3H2S9H7S"
)
#: Deal 7 of Butterfly: its shortest line takes minutes, so a search of it runs its whole time.
DEAL_7 = (
    "butterfly_fACADAHAS_b-_l4D5CJH3S4H.THKS6D4S7H.9D2CKDJS.TC2H7C4C7S.2STS9S3CQH"
    "_r2D8D6S9CJD.6H3D3H8HKH.6C7D5H9H.5SQSKCTD8C.JC5D8SQDQC"
)
#: A Papillon position late in a hand, and a record of its last moves (tests/games/papillon/test_record.py).
PAPILLON = "papillon_h9S.KH5S.KS_t2C5D_w20.15.11_c250.262.248_p60_d0_m1"
PAPILLON_RECORD = f'[Start "{PAPILLON}"]\n1. 5S x 5D, 2. trail KS\n'
#: A La Mouche position in play (docs/formats.md), and a record typed by hand (tests/games/mouche/test_record.py).
MOUCHE = "mouche_d3_tTH_as.s.s.d4_h6C6DQD.9C9H7S.7D9DAHKS.AC8CKCTS_w0KH18H26H37H_k0KD1AD_p15_c1000.1000.1000.995"
MOUCHE_START = "mouche_d2_tTH_a-.-.-_hKHQH9S8SJC.AH8D9DJDKS.ACKCQC8CQD_p5_c1000.1000.995"
MOUCHE_RECORD = f'[Start "{MOUCHE_START}"]\nP0: discard JC 8S draw 9C TD\nP1: stand, P2: fold\n4. P0: KH\n'

#: Seconds a real server may take to start (imports, on a busy machine).
START_SECONDS = 60


def one_line_detail(response: httpx.Response, status: int, *fragments: str) -> str:
    """``response`` is a refusal: ``status``, a JSON body of one one-line ``detail`` naming ``fragments``."""
    assert response.status_code == status, (response.status_code, response.text)
    assert response.headers["content-type"].startswith("application/json"), response.headers
    body = response.json()
    assert set(body) == {"detail"} and isinstance(body["detail"], str), body
    detail = body["detail"]
    assert detail and "\n" not in detail and "Traceback" not in detail, detail
    for fragment in fragments:
        assert fragment in detail, detail
    return detail


@dataclass
class Served:
    """A running ``butterfly serve``: its process, address and what it printed."""

    process: subprocess.Popen
    url: str
    port: int
    printed: list[str]
    stderr: Path

    def stop(self, sig: int = signal.SIGINT, timeout: float = 30) -> int:
        """Stop it with ``sig`` and wait: its exit code."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            return self.process.wait(timeout)
        finally:
            if self.process.poll() is None:  # (a failed test's server is not left behind)
                self.process.kill()
                self.process.wait()

    def worker_pids(self) -> list[int]:
        """The server's worker processes (its children)."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in children.read_text().split()]


def butterfly(*args: str, **kwargs) -> subprocess.Popen:
    """``butterfly ARGS`` as a subprocess of this Python, its output as text."""
    return subprocess.Popen(
        [sys.executable, "-P", "-m", "butterfly.cli", *args],  # -P: the installed package, not the checkout's sources
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        **kwargs,
    )


def start_server(folder: Path, *args: str) -> Served:
    """Start ``butterfly serve --port 0 ARGS`` (its stderr in ``folder``) and wait until it says where it serves."""
    stderr = folder / f"serve-{time.monotonic_ns()}.err"
    with stderr.open("w") as err:
        process = butterfly("serve", "--port", "0", *args, stdout=subprocess.PIPE, stderr=err)
    assert process.stdout is not None
    printed: list[str] = []
    while True:
        line = process.stdout.readline()
        if not line:
            process.wait(START_SECONDS)
            raise AssertionError(f"serve exited {process.returncode}: {stderr.read_text()}")
        printed.append(line.rstrip("\n"))
        match = re.match(r"serving at (http://[^/]+:(\d+))/", line)
        if match:
            return Served(process, match[1], int(match[2]), printed, stderr)


def wait_ready(url: str, timeout: float = START_SECONDS) -> httpx.Client:
    """A client of the server at ``url`` (to be used as a context manager), once its health answers."""
    with httpx.Client(base_url=url, timeout=timeout) as probe:
        for _ in range(int(timeout * 10)):
            try:
                if probe.get("/api/health").status_code == 200:
                    return httpx.Client(base_url=url, timeout=timeout)
            except httpx.TransportError:
                pass
            time.sleep(0.1)
    raise AssertionError(f"{url} did not answer")
