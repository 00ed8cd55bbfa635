"""Start-up benchmark of the ``butterfly`` command (not a test): prints
figures, asserts nothing about time.

    python bench/startup.py                  # the figures in docs/performance.md
    python bench/startup.py --runs 5         # quicker (default 31 runs)
    python bench/startup.py --tree DIR       # another checkout (its kernels built in place)

Each command line runs as a fresh process, as a user runs it: the installed
console script under this interpreter (not the pyenv shim in front of it,
whose cost belongs to the machine), with the bytecode of our modules cached
as an installed package has it (in a temporary folder, out of the tree;
``--no-cache`` compiles every module on every run instead, as under
PYTHONDONTWRITEBYTECODE=1). The commands: ``solve`` of a deal proved lost
in one node, of a deal searched, with ``--json``; ``daily``
(a day's puzzle, as a player asks for it); ``--help``. Printed: median and
minimum wall milliseconds, the same for ``python -c pass`` (the interpreter and its site
hooks, the floor no code of ours can go under), and the imports that cost most
in ``butterfly solve 1`` by ``python -X importtime``.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: ``daily`` is given a date of the calendar: its answer is the puzzle, as a player asks for it.
COMMANDS = [["solve", "126"], ["solve", "1"], ["solve", "1", "--json"], ["daily", "2027-01-01"], ["--help"]]


def console_script() -> str:
    """The installed ``butterfly`` script: next to this interpreter, else on PATH."""
    beside = Path(sys.executable).with_name("butterfly")
    if beside.exists():
        return str(beside)
    found = shutil.which("butterfly")
    if found is None:
        sys.exit("no butterfly console script: pip install -e . first")
    return found


def wall_ms(argv: list[str], runs: int, env: dict[str, str]) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(1000 * (time.perf_counter() - start))
    return times


def import_times(argv: list[str], env: dict[str, str], top: int) -> None:
    """Import time by top-level package (self times summed, so that the
    figures add up to the whole), largest first."""
    run = subprocess.run(
        [sys.executable, "-X", "importtime", *argv[1:]], env=env, capture_output=True, text=True, check=True
    )
    by_package: dict[str, int] = {}
    for line in run.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, _, name = line.removeprefix("import time:").split("|")
        parts = name.strip().split(".")
        package = ".".join(parts[:2]) if parts[0] == "butterfly" else parts[0]  # our rooms apart
        by_package[package] = by_package.get(package, 0) + int(self_us)
    total = sum(by_package.values())
    print(f"  imports in all: {total / 1000:.1f} ms; by package:")
    for package, us in sorted(by_package.items(), key=lambda item: -item[1])[:top]:
        print(f"    {us / 1000:7.1f} ms  {package}")


def report(env: dict[str, str], runs: int, top: int) -> None:
    script = console_script()
    lines = [("python -c pass", [sys.executable, "-c", "pass"])]
    lines += [("butterfly " + " ".join(c), [sys.executable, script, *c]) for c in COMMANDS]
    for label, argv in lines:
        wall_ms(argv, 1, env)  # fills the bytecode cache, warms the file cache
        times = wall_ms(argv, runs, env)
        print(f"{label:<28} median {statistics.median(times):6.1f} ms   min {min(times):6.1f} ms   ({runs} runs)")
    print("python -X importtime butterfly solve 1:")
    import_times([sys.executable, script, "solve", "1"], env, top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31, help="Runs of each command line (default 31).")
    parser.add_argument("--tree", type=Path, default=None, help="Import the package from this checkout.")
    parser.add_argument("--top", type=int, default=12, help="Packages listed (default 12).")
    parser.add_argument("--no-cache", action="store_true", help="No bytecode cache: compile on every run.")
    args = parser.parse_args()

    print(f"machine: {platform.machine()}, CPython {platform.python_version()}, {platform.system()}")
    print(f"script: {console_script()}" + (f" (package from {args.tree})" if args.tree else ""))
    print("bytecode: " + ("compiled on every run" if args.no_cache else "cached"))
    env = dict(os.environ)
    if args.tree is not None:
        env["PYTHONPATH"] = str(args.tree.resolve())
    with tempfile.TemporaryDirectory(prefix="butterfly-startup-") as cache:
        if args.no_cache:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        else:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = cache
        report(env, args.runs, args.top)


if __name__ == "__main__":
    main()
