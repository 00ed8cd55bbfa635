"""The engines every exact search runs on, named once.

Each game's searches have two engines: the compiled kernel (``"kernel"``,
the default: fast) and its readable pure-Python twin (``"python"``: the
tests' oracle, which the kernel is held equal to). A game family says what
its engines answer as a :class:`typing.Protocol` and registers one object
of each in an :class:`Engines` (``butterfly/solver/patience/engines.py``,
``butterfly/solver/papillon/engines.py``, ``butterfly/solver/mouche/engines.py``); code that
searches asks that registry for an engine by name, and never compares names.

>>> from butterfly.solver.mouche.engines import ENGINES
>>> ENGINES["python"].name
'python'
>>> ENGINES["fortran"]
Traceback (most recent call last):
ValueError: unknown engine 'fortran' (engines: kernel, python)
"""

from __future__ import annotations

from typing import Generic, Literal, Protocol, TypeVar, get_args

#: An engine's name, as the command line's ``--engine`` and survey rows write it.
EngineName = Literal["kernel", "python"]
ENGINE_NAMES: tuple[EngineName, ...] = get_args(EngineName)


def engine_name(text: str) -> EngineName:
    """``text`` as an engine's name; ValueError when no engine has it."""
    for name in ENGINE_NAMES:
        if text == name:
            return name
    raise ValueError(f"unknown engine {text!r} (engines: {', '.join(ENGINE_NAMES)})")


class Engine(Protocol):
    """What every engine has; each family's Protocol adds its searches."""

    @property
    def name(self) -> EngineName: ...


E = TypeVar("E", bound=Engine)


class Engines(Generic[E]):
    """The engines of one game family, found by name."""

    def __init__(self, kernel: E, python: E) -> None:
        self._by_name: dict[str, E] = {kernel.name: kernel, python.name: python}
        if tuple(self._by_name) != ENGINE_NAMES:
            raise ValueError(f"engines named {tuple(self._by_name)}, not {ENGINE_NAMES}")

    def __getitem__(self, name: str) -> E:
        return self._by_name[engine_name(name)]
