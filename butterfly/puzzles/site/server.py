"""Serving a built site on the loopback interface: ``butterfly site serve``
(and the browser tests).

Only a folder ``butterfly site build`` wrote is served (it holds
:data:`butterfly.puzzles.site.build.MARKER`), and only what is inside it: a path
with ``..`` is cut to the folder, a link (symlink) leading out of it is
not followed (404), and no folder's listing is shown (404), so nothing
else on the disk is ever sent.
"""

from __future__ import annotations

import functools
import os
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

from butterfly.games.errors import InputError
from butterfly.puzzles.site.build import MARKER


class _SiteHandler(SimpleHTTPRequestHandler):
    """The standard library's file server, kept to the files inside its folder."""

    # Connections kept open (HTTP/1.1): a page asks for its script's modules
    # all at once, and the standard HTTP/1.0 opens a connection for each.
    protocol_version = "HTTP/1.1"

    def send_head(self):
        path = self.translate_path(self.path)  # under the folder: '..' is dropped
        if os.path.isdir(path):  # what the base class then serves: the folder's index page
            path = os.path.join(path, "index.html")
        if not inside(path, self.directory):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        return super().send_head()

    def list_directory(self, path):
        """No listing: a folder without an index page is not found."""
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")


class _QuietHandler(_SiteHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        """Nothing: the browser tests' server keeps the test output clean."""


def inside(path: str, folder: str) -> bool:
    """Whether ``path``, every link in it followed, is ``folder`` (a real path) or in it."""
    try:
        real = os.path.realpath(path)
    except (OSError, ValueError):  # a loop of links, a NUL byte: nothing to serve
        return False
    return real == folder or real.startswith(folder.rstrip(os.sep) + os.sep)


def site_folder(directory: str) -> str:
    """The real path of ``directory`` when it is a site ``butterfly site build``
    wrote (its marker file in it); anything else is an InputError."""

    marker = os.path.join(directory, MARKER)
    if not os.path.isdir(directory) or os.path.islink(marker) or not os.path.isfile(marker):
        raise InputError(
            f"{directory!r} is not a site made by butterfly site build (it has no {MARKER} file): refusing to serve it"
        )
    return os.path.realpath(directory)


def site_server(directory: str, port: int = 0, quiet: bool = False) -> ThreadingHTTPServer:
    """A server of the built site ``directory`` (:func:`site_folder`) on 127.0.0.1
    only (``port`` 0: any free port), not started yet: call ``serve_forever``
    (in a thread, to go on meanwhile)."""
    handler = functools.partial(_QuietHandler if quiet else _SiteHandler, directory=site_folder(directory))
    try:
        return ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as error:
        raise InputError(f"cannot serve on 127.0.0.1 port {port}: {error.strerror or error}") from None
