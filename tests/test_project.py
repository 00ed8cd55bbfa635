"""The README's Quick start and CI run the same commands."""

import subprocess
import sys
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
        for folder in ("butterfly", "tests", "bench", "research")
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


def test_the_rooms_are_folders_of_the_package_and_not_importable_by_their_short_names():
    """The code is where it is imported from (butterfly/games is butterfly.games, no link to a folder
    elsewhere), and ``import games`` says in one line to import ``butterfly.games``."""
    package = Path(butterfly.__file__).parent
    for room in ("games", "solver", "puzzles", "ext", "data"):
        assert (package / room).is_dir() and not (package / room).is_symlink(), room
        assert not (ROOT / room).exists(), f"{room}/ at the checkout's top: its code would have two names"
    for short in ("games", "solver.patience", "puzzles.daily"):
        room = short.partition(".")[0]
        # (from the checkout's top, as old code was run; not here, where tests/games is a folder on the path)
        run = subprocess.run(
            [sys.executable, "-c", f"import butterfly, {short}"], cwd=ROOT, capture_output=True, text=True, check=False
        )
        said = run.stderr.strip().splitlines()[-1]
        assert run.returncode == 1 and said == (
            f"ModuleNotFoundError: no module named {room!r}: the rooms live in the package, import butterfly.{room}"
        ), run.stderr
