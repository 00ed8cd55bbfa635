"""The examples in the docstrings are true: every module of the packages is
found by walking them (none is listed by hand), and its examples are run."""

import doctest
import importlib
import pkgutil

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
