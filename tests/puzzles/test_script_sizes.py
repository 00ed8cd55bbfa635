"""The site's scripts stay small enough to read (issue 66): no function of
butterfly/puzzles/site over 150 lines and no file over 600, a page's logic in
modules of one concern each. Measured by oxlint's ``max-lines-per-function``
and ``max-lines`` (a real parser: a function's lines count its inner
functions, as a reader reads them), every line counted."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
SITE = ROOT / "butterfly" / "puzzles" / "site"
MOST_FUNCTION_LINES = 150
MOST_FILE_LINES = 600


def over_the_limits(scratch: Path) -> set[tuple[str, str]]:
    """Every function over :data:`MOST_FUNCTION_LINES` as (file, its name), every file over
    :data:`MOST_FILE_LINES` as (file, ""): files relative to the site; oxlint's
    configuration written in ``scratch``."""
    oxlint = shutil.which("oxlint")
    if oxlint is None:
        pytest.skip("oxlint is not installed (pip install -e .[lint])")
    config = {
        "categories": {"correctness": "off"},
        "rules": {
            "max-lines-per-function": ["error", {"max": MOST_FUNCTION_LINES}],
            "max-lines": ["error", {"max": MOST_FILE_LINES}],
        },
    }
    (scratch / "sizes.json").write_text(json.dumps(config), encoding="utf-8")
    done = subprocess.run(
        [oxlint, "--config", str(scratch / "sizes.json"), "--format", "json", str(SITE)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    found = set()
    for diagnostic in json.loads(done.stdout)["diagnostics"]:
        name = Path(diagnostic["filename"]).resolve().relative_to(SITE).as_posix()
        if diagnostic["code"] == "eslint(max-lines)":
            found.add((name, ""))
        else:
            assert diagnostic["code"] == "eslint(max-lines-per-function)", diagnostic
            found.add((name, diagnostic["message"].split("`")[1]))
    return found


def named(places: set[tuple[str, str]]) -> str:
    return ", ".join(f"{file} {name}".strip() for file, name in sorted(places))


def test_no_function_over_150_lines_and_no_file_over_600(tmp_path):
    found = over_the_limits(tmp_path)
    assert found == set(), "over the limits, to split: " + named(found)
