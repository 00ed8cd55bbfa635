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
