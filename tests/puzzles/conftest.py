"""The tool pages' browser tests' fixtures (test_board.py, test_editor.py, test_card_board.py), from
tests/tool_pages.py: the site built once a module, a real ``butterfly serve`` for it, Chromium (the module's
tests skipped, saying why, without Playwright or the browser) and fresh pages. A module with a fixture of
the same name (test_browser.py's site and browser, test_site.py's site, test_board.py's served) uses its
own."""

from __future__ import annotations

import pytest
from tool_pages import built_site, pages, serving


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return built_site(tmp_path_factory, "site")


@pytest.fixture(scope="module")
def served(site, tmp_path_factory):
    yield from serving(site, tmp_path_factory)


@pytest.fixture(scope="module")
def browser():
    chromium = pytest.importorskip("chromium")
    yield from chromium.launched()


@pytest.fixture
def context(browser):
    yield from pages(browser)
