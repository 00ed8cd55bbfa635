"""Debian's Chromium driven by Playwright, for the browser tests
(tests/puzzles/test_browser.py, tests/puzzles/test_board.py): importing
this skips the importing module when Playwright or the browser is missing,
saying which."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed: pip install '.[test]'")

#: Where the browser is looked for: $BUTTERFLY_CHROMIUM, then Debian's names for it.
BROWSER = os.environ.get("BUTTERFLY_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
if BROWSER is None:
    pytest.skip(
        "no browser: the browser tests need Debian's chromium (apt-get install chromium)", allow_module_level=True
    )


def launched() -> Iterator:
    """The browser, launched for a module's tests (a fixture's body) and closed after them."""
    with playwright_api.sync_playwright() as p:
        # --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
        browser = p.chromium.launch(executable_path=BROWSER, args=["--no-sandbox"])
        yield browser
        browser.close()
