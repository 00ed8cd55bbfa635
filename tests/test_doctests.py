"""The examples in the docstrings are true."""

import doctest
import importlib

import pytest

MODULES = [
    "games.cards",
    "games.deals",
    "games.patience.rules",
    "games.patience.format",
    "games.papillon.rules",
    "games.papillon.format",
    "games.papillon.game",
    "games.mouche.rules",
    "games.mouche.format",
    "games.mouche.game",
    "solver.patience.solve",
    "games.patience.render",
    "solver.patience.shorten",
    "solver.survey.run",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried > 0, f"{name} has no examples"
    assert failures == 0
