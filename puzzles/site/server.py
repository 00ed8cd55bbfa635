"""Serving a built site on the loopback interface: ``butterfly site serve``
(and the browser tests)."""

from __future__ import annotations

import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

from games.errors import InputError


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        """Nothing: the browser tests' server keeps the test output clean."""


def site_server(directory: str, port: int = 0, quiet: bool = False) -> ThreadingHTTPServer:
    """A server of ``directory`` on 127.0.0.1 only (``port`` 0: any free port), not started yet:
    call ``serve_forever`` (in a thread, to go on meanwhile)."""
    handler = functools.partial(_QuietHandler if quiet else SimpleHTTPRequestHandler, directory=directory)
    try:
        return ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as error:
        raise InputError(f"cannot serve on 127.0.0.1 port {port}: {error.strerror or error}") from None
