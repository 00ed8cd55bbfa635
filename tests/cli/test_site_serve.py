"""``butterfly site serve`` (butterfly/puzzles/site/server.py): only a folder ``site
build`` wrote is served, and nothing outside it: no ``..``, no link
(symlink) followed out of it, no folder listed."""

from __future__ import annotations

import http.client
import threading
from http.server import ThreadingHTTPServer

import pytest

from butterfly.games.errors import InputError
from butterfly.puzzles.site.build import MARKER
from butterfly.puzzles.site.server import site_server


@pytest.fixture
def never_served(monkeypatch):
    """A server that would start serving fails the test instead of running until stopped."""

    def serve_forever(self, *args, **kwargs):
        raise AssertionError("a folder that is not a built site was served")

    monkeypatch.setattr(ThreadingHTTPServer, "serve_forever", serve_forever)


@pytest.mark.parametrize("kind", ["the root", "an empty folder", "a folder of files", "a linked marker"])
def test_a_folder_that_is_not_a_built_site_is_refused_in_one_line(cli, tmp_path, never_served, kind):
    folder = tmp_path / "site"
    folder.mkdir()
    if kind == "a folder of files":
        (folder / "index.html").write_text("<p>mine</p>")
    elif kind == "a linked marker":
        (tmp_path / MARKER).write_text("elsewhere")
        (folder / MARKER).symlink_to(tmp_path / MARKER)
    where = "/" if kind == "the root" else str(folder)
    cli.one_line_error(cli.run("site", "serve", "--dir", where, "--port", "0"), repr(where), "site build")
    with pytest.raises(InputError, match="not a site made by butterfly site build"):
        site_server(where, 0, quiet=True)


@pytest.fixture
def served(tmp_path):
    """A built site's folder (its marker, pages, a day folder) beside files of someone else's,
    with links leading in and out of it; served on a free port."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("secret")
    (outside / "index.html").write_text("secret index")
    (tmp_path / "secret.txt").write_text("secret")
    site = tmp_path / "site"
    (site / "day").mkdir(parents=True)
    (site / MARKER).write_text("a butterfly site build\n")
    (site / "index.html").write_text("<p>today</p>")
    (site / "day" / "2027-01-01.html").write_text("<p>a day</p>")
    (site / "leak.txt").symlink_to(outside / "secret.txt")
    (site / "out").symlink_to(outside)
    (site / "up").symlink_to("..")
    (site / "today.html").symlink_to("index.html")  # a link inside the site: served
    (site / "sub").mkdir()
    (site / "sub" / "index.html").symlink_to(outside / "index.html")
    server = site_server(str(site), 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def get(port: int, path: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


@pytest.mark.parametrize(
    ("path", "body"),
    [("/", b"<p>today</p>"), ("/index.html", b"<p>today</p>"), ("/day/2027-01-01.html", b"<p>a day</p>")]
    + [("/today.html", b"<p>today</p>")],
)
def test_the_sites_files_are_served(served, path, body):
    assert get(served, path) == (200, body)


@pytest.mark.parametrize(
    "path",
    [
        "/leak.txt",
        "/out/secret.txt",
        "/out/",
        "/up/secret.txt",
        "/up/outside/secret.txt",
        "/sub/",
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/..%2fsecret.txt",
        "/day/",
        "/day",
        "/%00",
        "/nothing.html",
    ],
)
def test_nothing_outside_the_site_is_served_nor_any_folder_listed(served, path):
    status, body = get(served, path)
    assert status in (301, 404) and b"secret" not in body and b"2027-01-01" not in body


@pytest.mark.parametrize("port", [" 0", "0 ", "8_000", "\u0668000"])
def test_the_port_is_ascii_digits_alone(cli, tmp_path, never_served, port):
    (tmp_path / MARKER).write_text("a butterfly site build\n")
    cli.one_line_error(cli.run("site", "serve", "--dir", tmp_path, "--port", port), repr(port))
