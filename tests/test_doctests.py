"""The examples in the docstrings are true."""

import doctest
import importlib

import pytest

MODULES = [
    "games.cards",
    "games.deals",
    "games.patience",
    "games.patience_format",
    "games.papillon",
    "games.papillon_format",
    "games.papillon_game",
    "games.mouche",
    "games.mouche_format",
    "games.mouche_game",
    "solver.patience",
    "solver.render",
    "solver.shorten",
    "solver.survey",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried > 0, f"{name} has no examples"
    assert failures == 0
