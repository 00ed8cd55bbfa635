"""Where the checkout's files are, for tests that read examples or data; and
the command line run as a process, as a user runs it."""

import os
import subprocess
import sys
from pathlib import Path

import butterfly

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
DATA = ROOT / "butterfly" / "data"


def package_env() -> dict[str, str]:
    """The environment for a subprocess that imports the package the tests
    import (the installed one, with its compiled kernels; not the source tree's):
    run it from a directory other than the checkout."""
    return dict(os.environ, PYTHONPATH=str(Path(butterfly.__file__).parent.parent))


def butterfly_process(*args: object, cwd: Path, **popen) -> subprocess.Popen:
    """``butterfly ARGS`` in a subprocess, from the package the tests import
    (not the source tree's); ``popen``: Popen's options (stdout, stderr, ...)."""
    return subprocess.Popen(
        [sys.executable, "-m", "butterfly.cli", *map(str, args)], cwd=cwd, env=package_env(), **popen
    )
