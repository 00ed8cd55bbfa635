"""The code version recorded with results: which code produced a row of data.

``0.1.0+3f2a9c1d0e4b``: the package version and a short digest of the
sources that decide the answer, so two rows with the same version were
produced by the same code, whatever the checkout or install. A source is
a module by its dotted name (``"butterfly.solver.patience.solve"``: it and,
closed over, every module of ours it imports, wherever the import stands),
a folder of the package (``"solver"``: every ``.py``/``.pyx``/``.pxd``
under it) or one file (``"ext/_patience.pyx"``); files are named from the
package's folder.

Patience verdicts record :data:`PATIENCE_SOLVER`: the solve front-end and
what it imports (the rules, the searches and their kernels), and nothing
else, so that work on the command line, the surveys' bookkeeping or other
games leaves the version of published results alone (the published rows
name it: docs/results.md, "Code versions"). No list of files is kept by
hand: a new module the solver imports counts from its first import.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import re
from importlib import metadata
from pathlib import Path

#: What a patience verdict (won, proved lost, unresolved at a limit, a
#: shortest line) is computed by: the front-end, and everything it imports
#: (:func:`sources_of`): the rules and their presets, the searches, the kernels.
PATIENCE_SOLVER = ("butterfly.solver.patience.solve",)
#: What a rating or a puzzle depends on: the verdicts, and the ladder and the puzzle code.
PROJECT_PACKAGES = ("games", "solver", "ext", "puzzles")
SOURCE_SUFFIXES = (".py", ".pyx", ".pxd")
#: A kernel's cimport of another kernel's declarations.
_CIMPORT = re.compile(r"^\s*from (butterfly\.ext\.\w+) cimport", re.M)


#: The ``butterfly`` package's folder, which the sources are named from.
PACKAGE_ROOT = Path(__file__).parent.parent


def _module_file(module: str) -> Path | None:
    """The source file of one of our modules (a kernel: its .pyx), None for another package's."""
    if not module.startswith("butterfly."):
        return None
    base = PACKAGE_ROOT.joinpath(*module.split(".")[1:])
    for path in (base.with_suffix(".py"), base / "__init__.py", base.with_suffix(".pyx")):
        if path.is_file():
            return path
    return None


def _imported(path: Path) -> set[str]:
    """The modules ``path`` imports or cimports, wherever the statement is (inside functions too)."""
    text = path.read_text()
    if path.suffix == ".py":
        names: set[str] = set()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
        return names
    return set(_CIMPORT.findall(text))


def sources_of(module: str) -> list[str]:
    """Every source file ``module`` depends on (names from the package root):
    itself and, closed over, every module of ours it imports; a kernel's
    ``.pyx`` with the ``.pxd`` files it cimports; and the data files beside
    a module (``*.json``), which rules read."""
    found: dict[str, Path] = {}
    todo = [module]
    while todo:
        name = todo.pop()
        path = _module_file(name)
        pxd = PACKAGE_ROOT.joinpath(*name.split(".")[1:]).with_suffix(".pxd")
        for source in (path, pxd if name.startswith("butterfly.") and pxd.is_file() else None):
            if source is None or source.relative_to(PACKAGE_ROOT).as_posix() in found:
                continue
            found[source.relative_to(PACKAGE_ROOT).as_posix()] = source
            todo.extend(_imported(source))
            for data in source.parent.glob("*.json"):
                found.setdefault(data.relative_to(PACKAGE_ROOT).as_posix(), data)
    return sorted(found)


def _files(source: str) -> list[tuple[str, Path]]:
    """(name recorded in the digest, path) of every source file ``source``
    names: a module's dotted name (it and all it imports, :func:`sources_of`),
    a folder of the package (every source file in it) or one file."""
    if "." in source and "/" not in source:
        return [(name, PACKAGE_ROOT / name) for name in sources_of(source)]
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
