"""The examples in the docstrings are true: every module of the packages is
found by walking them (none is listed by hand), and its examples are run."""

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import butterfly

PACKAGES = [butterfly]


def all_modules() -> list[str]:
    names = []
    for package in PACKAGES:
        names.append(package.__name__)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not info.name.endswith("__main__"):
                names.append(info.name)
    return sorted(names)


MODULES = all_modules()


def test_the_walk_finds_every_package():
    assert {
        "butterfly.games.patience.rules",
        "butterfly.games.papillon.format",
        "butterfly.solver.patience.solve",
        "butterfly.cli",
        "butterfly.puzzles.rating.rate",
    } <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _tried = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert failures == 0


def test_the_library_page_is_true(monkeypatch):
    """docs/api.md: every example of the everyday names, run from the repository's folder."""
    root = Path(__file__).resolve().parent.parent
    monkeypatch.chdir(root)
    failures, tried = doctest.testfile(
        str(root / "docs" / "api.md"), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE
    )
    assert tried > 20 and failures == 0


def test_the_everyday_names_are_all_there_and_listed():
    """Each name of butterfly.__all__ is found, and docs/api.md lists every one."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "api.md").read_text()
    for name in butterfly.__all__:
        assert getattr(butterfly, name) is not None
        assert f"`{name}`" in page, name
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        _ = butterfly.Nothing
