"""The progress bar of every long command (``survey``, ``rate`` on a range,
``calendar pool``, ``extend`` and ``par``, ``site build``): tqdm, the one
progress library, on standard error, only when standard error is a
terminal and ``--quiet`` is not given. Elsewhere (a pipe, a file, a test's
runner) the commands print nothing about their progress at all, so their
output stays clean.

tqdm is imported only when a bar is drawn: ``butterfly --help`` and every
command that draws none never load it."""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def quiet_option(what: str = "") -> Callable[[F], F]:
    """--quiet: no progress bar even on a terminal (``what``: when the bar is drawn, if not always)."""
    return click.option(
        "--quiet",
        is_flag=True,
        help=f"No progress bar{what} (it is drawn on stderr only when stderr is a terminal).",
    )


class Progress:
    """What a command tells its bar: steps done, and how many there are in
    all once that is known. Without a bar (not a terminal, ``--quiet``) it
    does nothing. The bar is drawn from the first report, or at once when
    its length is known from the start."""

    def __init__(self, make: Callable[[int | None], Any] | None = None, length: int | None = None) -> None:
        self._make = make
        self._bar = make(length) if make is not None and length is not None else None

    def update(self, steps: int = 1) -> None:
        """``steps`` more steps done."""
        if self._make is None:
            return
        if self._bar is None:
            self._bar = self._make(None)
        self._bar.update(steps)

    def at(self, done: int, total: int) -> None:
        """``done`` steps of ``total`` done (a callback's report, such as
        :func:`butterfly.puzzles.site.build.build_site`'s)."""
        if self._make is None:
            return
        if self._bar is None:
            self._bar = self._make(total)
        elif self._bar.total != total:
            self._bar.total = total
            self._bar.refresh()
        self._bar.update(done - self._bar.n)

    def refresh(self) -> None:
        """Draw the bar again (its time moves on while no step is done)."""
        if self._bar is not None:
            self._bar.refresh()

    def close(self, erase: bool = False) -> None:
        """The bar left on its line, finished; or, with ``erase``, cleared
        (no newline: what is printed next takes its line)."""
        if self._bar is None:
            return
        if erase:
            self._bar.leave = False
        self._bar.close()
        if erase:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
        self._bar = None


def _width() -> int:
    """Standard error's width in columns: 0 when the terminal does not say."""
    try:
        return os.get_terminal_size(sys.stderr.fileno()).columns
    except (OSError, ValueError):
        return 0


@contextlib.contextmanager
def progress(
    length: int | None, label: str, quiet: bool = False, unit: str = "it", shape: str | None = None
) -> Iterator[Progress]:
    """A progress bar of ``length`` steps (None: not known yet, see
    :meth:`Progress.at`) named ``label``, on a terminal, which an error or a
    signal erases (its message is then the only line); nothing anywhere
    else, nor with ``quiet``. ``shape``: tqdm's ``bar_format``, for a bar
    drawn otherwise (:func:`elapsed`)."""
    if quiet or not sys.stderr.isatty():
        yield Progress()
        return
    from tqdm import tqdm

    tqdm.monitor_interval = 0  # no monitor thread beside the command's own
    tqdm.set_lock(threading.RLock())  # the bar is the main process's alone: no multiprocessing lock

    # A terminal that tells no width (a bare pseudo-terminal) gets an 80-column line, not tqdm's empty one.
    sized = _width() > 0

    def make(total: int | None) -> Any:
        size = {"dynamic_ncols": True} if sized else {"ncols": 79, "nrows": 24}
        return tqdm(total=total, desc=label, unit=f" {unit}", file=sys.stderr, bar_format=shape, **size)

    shown = Progress(make, length)
    try:
        yield shown
    except BaseException:
        shown.close(erase=True)
        raise
    shown.close()


#: How often :func:`elapsed` redraws its line, in seconds.
TICK = 1.0


@contextlib.contextmanager
def elapsed(label: str, quiet: bool = False) -> Iterator[None]:
    """For a long step that cannot count its way (``puzzle prove``'s searches):
    ``label`` and the time it has taken so far, redrawn every :data:`TICK`
    seconds, on a terminal as the bars are (erased at the end, and by an error
    or a signal); nothing anywhere else, nor with ``quiet``."""
    if quiet or not sys.stderr.isatty():
        yield
        return
    with progress(None, label, shape="{desc}: {elapsed} so far") as shown:
        shown.update(0)  # drawn at once
        stop = threading.Event()

        def tick() -> None:
            while not stop.wait(TICK):
                shown.refresh()

        ticker = threading.Thread(target=tick, daemon=True)
        ticker.start()
        try:
            yield
        finally:
            stop.set()
            ticker.join()
            shown.close(erase=True)
