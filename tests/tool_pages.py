"""What the tool pages' browser tests share (tests/puzzles/test_board.py, test_editor.py, test_card_board.py;
their fixtures are tests/puzzles/conftest.py's): the site built and served by a real ``butterfly serve``, pages
in fresh browser contexts that keep the errors they log, and axe's serious findings."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from server.served import start_server, wait_ready

from butterfly.puzzles.site.build import build_site

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def built_site(tmp_path_factory, name: str) -> Path:
    """The site with two days (the tool pages are in every build)."""
    out = tmp_path_factory.mktemp(name) / "site"
    build_site(out, days=2)
    return out


def serving(site: Path, tmp_path_factory, *options: str) -> Iterator[tuple[str, httpx.Client]]:
    """``butterfly serve --workers 1 --site SITE OPTIONS`` for a module's tests: its address and a client."""
    server = start_server(tmp_path_factory.mktemp("serve"), "--workers", "1", "--site", str(site), *options)
    try:
        with wait_ready(server.url) as client:
            yield server.url + "/", client
    finally:
        server.stop()


def pages(browser) -> Iterator[Callable]:
    """make(viewport, scheme): a page in a fresh context (nothing kept from another test), its logged errors
    in ``page.errors``; the contexts closed after the test."""
    made = []

    def make(viewport=DESKTOP, scheme="light"):
        made.append(browser.new_context(viewport=viewport, locale="en-GB", color_scheme=scheme))
        page = made[-1].new_page()
        errors: list[str] = []
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.errors = errors
        return page

    yield make
    for c in made:
        c.close()


def serious_violations(page) -> list:
    """axe's serious and critical findings on the page: (rule, impact, its first nodes)."""
    axe_api = pytest.importorskip("axe_playwright_python.sync_playwright", reason="pip install '.[test]'")
    results = axe_api.Axe().run(page)
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
