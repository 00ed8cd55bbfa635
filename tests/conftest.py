"""Fixtures shared by the whole suite."""

from __future__ import annotations

import pytest
from click.testing import CliRunner, Result

from butterfly.cli import main


class Cli:
    """The ``butterfly`` command run in-process, and what a bad input must look like."""

    def run(self, *args: object, input: str | None = None) -> Result:
        """Run ``butterfly ARGS`` (a traceback is a test failure, not an exit code)."""
        return CliRunner().invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)

    @staticmethod
    def one_line_error(result: Result, *fragments: str) -> None:
        """Exit code 2 and one line on stderr naming the problem."""
        assert result.exit_code == 2, result.output
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, result.stderr
        assert "Traceback" not in result.output
        for fragment in fragments:
            assert fragment in lines[0], lines[0]


@pytest.fixture
def cli() -> Cli:
    return Cli()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The suite runs on every core (pytest-xdist, ``--dist loadgroup`` in pyproject.toml): a module's
    tests that use one of its module-scoped fixtures (a site built, a browser started, a corpus solved)
    are put in one group, run by one worker, so the fixture is made once, not once per worker."""
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        if info is None or any(True for _ in item.iter_markers("xdist_group")):
            continue
        module = item.nodeid.split("::", 1)[0]
        scopes = {d.scope for defs in info.name2fixturedefs.values() for d in defs if d.baseid}
        if "module" in scopes:
            item.add_marker(pytest.mark.xdist_group(module))
