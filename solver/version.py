"""The code version recorded with results: which code produced a row of data.

``0.1.0+3f2a9c1d0e4b``: the package version and a short digest of the
sources of the packages that decide the answer (the rules, the searches,
the kernels' ``.pyx``/``.pxd``), so two rows with the same version were
produced by the same code, whatever the checkout or install.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
from importlib import metadata
from pathlib import Path

#: What a solver verdict depends on.
SOLVER_PACKAGES = ("games", "solver", "ext")
#: What a rating or a puzzle depends on: the verdicts, and the ladder and the puzzle code.
PROJECT_PACKAGES = ("games", "solver", "ext", "puzzles")
SOURCE_SUFFIXES = (".py", ".pyx", ".pxd")


@functools.cache
def code_version(packages: tuple[str, ...] = SOLVER_PACKAGES) -> str:
    """The package version and a 12-hex-digit SHA-256 of the packages' sources
    (paths and contents, in sorted order)."""
    digest = hashlib.sha256()
    for name in packages:
        root = Path(importlib.import_module(name).__file__ or "").parent
        for path in sorted(p for p in root.rglob("*") if p.suffix in SOURCE_SUFFIXES and "__pycache__" not in p.parts):
            digest.update(f"{name}/{path.relative_to(root).as_posix()}\0".encode())
            digest.update(path.read_bytes())
    try:
        version = metadata.version("butterfly")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        version = "0+unknown"
    return f"{version}+{digest.hexdigest()[:12]}"
