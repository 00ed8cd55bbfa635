"""The web API's fixtures: the real ``butterfly serve``, stopped after the test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from server.served import Served, start_server


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., Served]]:
    """``serve(*ARGS)``: ``butterfly serve --port 0 ARGS`` started, and stopped (SIGINT) after the test."""
    started: list[Served] = []

    def start(*args: str) -> Served:
        started.append(start_server(tmp_path, *args))
        return started[-1]

    yield start
    for served in started:
        served.stop()
        if served.process.stdout is not None:
            served.process.stdout.close()
