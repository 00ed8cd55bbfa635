"""The code version recorded with results: which code produced a row of data.

``0.1.0+3f2a9c1d0e4b``: the package version and a short digest of the
sources that decide the answer, so two rows with the same version were
produced by the same code, whatever the checkout or install. A source is
a package (``"solver"``: every ``.py``/``.pyx``/``.pxd`` under it), a
subpackage (``"solver/patience"``) or one file (``"ext/_patience.pyx"``).

Patience verdicts record :data:`PATIENCE_SOLVER`: the rules, the searches
and their kernel, and nothing else, so that work on the command line, the
surveys' bookkeeping or other games leaves the version of published
results alone (the published rows name it: docs/results.md).
"""

from __future__ import annotations

import functools
import hashlib
from importlib import metadata
from pathlib import Path

#: What a patience verdict (solved, proved lost, unresolved at a limit) depends on.
PATIENCE_SOLVER = (
    "games/cards.py",
    "games/deals.py",
    "games/errors.py",
    "games/state.py",
    "games/patience/rules.py",
    "solver/patience",
    "ext/_bound.pxd",
    "ext/_bound.pyx",
    "ext/_moves.pxd",
    "ext/_patience.pxd",
    "ext/_patience.pyx",
    "ext/_position.pxd",
    "ext/_shortest.pyx",
)
#: What a rating or a puzzle depends on: the verdicts, and the ladder and the puzzle code.
PROJECT_PACKAGES = ("games", "solver", "ext", "puzzles")
SOURCE_SUFFIXES = (".py", ".pyx", ".pxd")


#: The ``butterfly`` package's folder, which the sources are named from.
PACKAGE_ROOT = Path(__file__).parent.parent


def _files(source: str) -> list[tuple[str, Path]]:
    """(name recorded in the digest, path) of every source file ``source`` names."""
    path = PACKAGE_ROOT / source
    if path.is_file():
        return [(source, path)]
    if not path.is_dir():
        raise ValueError(f"no source {source!r} at {path}")
    return [
        (p.relative_to(PACKAGE_ROOT).as_posix(), p)
        for p in sorted(path.rglob("*"))
        if p.suffix in SOURCE_SUFFIXES and "__pycache__" not in p.parts
    ]


@functools.cache
def code_version(sources: tuple[str, ...] = PATIENCE_SOLVER) -> str:
    """The package version and a 12-hex-digit SHA-256 of the sources' files
    (names and contents; sources in the order given, each one's files sorted)."""
    digest = hashlib.sha256()
    for name, path in (f for source in sources for f in _files(source)):
        digest.update(f"{name}\0".encode())
        digest.update(path.read_bytes())
    try:
        version = metadata.version("butterfly")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        version = "0+unknown"
    return f"{version}+{digest.hexdigest()[:12]}"
