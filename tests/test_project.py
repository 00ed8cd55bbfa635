"""The README's Quick start and CI run the same commands."""

from importlib import metadata
from pathlib import Path

import pytest

import butterfly

ROOT = Path(__file__).resolve().parent.parent


def quick_start_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    block = text.split("## Quick start", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    return [line.strip() for line in block.strip().splitlines()]


@pytest.mark.skipif(not (ROOT / ".ci" / "run").exists(), reason="not run from a checkout")
def test_ci_runs_the_readme_test_command():
    commands = quick_start_commands()
    assert len(commands) == 2
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert commands[1] in [line.strip() for line in ci]


def test_no_module_edits_the_import_path():
    """Scripts and tests import the installed package; none puts a checkout on sys.path."""
    offenders = [
        str(path.relative_to(ROOT))
        for folder in ("games", "solver", "tests", "bench", "research")
        for path in (ROOT / folder).rglob("*.py")
        if "sys.path." in path.read_text() and path.name != "test_project.py"
    ]
    assert offenders == []


def test_the_distribution_installs_one_top_level_name():
    """``pip install .`` puts one package in site-packages, ``butterfly``: no
    ``games``, ``solver``, ``puzzles`` or ``ext`` of ours to clash with other
    projects' (as CI installs it: not from a checkout in place)."""
    site = Path(butterfly.__file__).parent.parent
    if (site / "pyproject.toml").exists():
        pytest.skip("butterfly is imported from a checkout (an editable install), not installed")
    (dist,) = [d for d in metadata.distributions(path=[str(site)]) if d.metadata["Name"] == "butterfly"]
    tops = {f.parts[0] for f in dist.files or [] if f.parts[0] != ".."}
    assert {top for top in tops if not top.endswith(".dist-info")} == {"butterfly"}
    assert not [name for name in ("games", "solver", "puzzles", "ext") if (site / name).exists()]
    assert {"solver", "cli", "ext"} <= {p.name for p in (site / "butterfly").iterdir()}
