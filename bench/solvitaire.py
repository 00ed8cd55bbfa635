"""Side by side with Solvitaire (not a test): the same deals, the same time
limit, each solver in its own process, one at a time; prints figures and
asserts nothing about time. A disagreement in verdicts is printed loudly
and makes the exit code 1.

    python bench/solvitaire.py --game beleaguered-castle --deals 0-49   # docs/performance.md
    python bench/solvitaire.py --game streets-and-alleys --deals 0-29
    python bench/solvitaire.py --deals 0-4 --timeout 2 --solvitaire PATH

Solvitaire (https://github.com/thecharlesblake/Solvitaire) is built apart
from this repository (docs/performance.md, "Side by side with Solvitaire",
says how); ``--solvitaire`` gives its binary. Each deal is written in
Solvitaire's JSON by our own code (``format_solvitaire``), into a temporary
folder, and solved by ``solvitaire --type GAME --timeout MS --classify FILE``
(no streamliners: its default, a complete search); ours is
``butterfly solve N --game GAME --json --timeout S --raw-moves``, with no
node limit unless ``--max-nodes`` gives one, so that the time limit is what
stops both, and our default cap on the table (1024 MiB; ``--memory`` sets
it: Solvitaire has none but a count of states, 100 M by default). Both then
do the same job: decide the deal and give the search's own winning line.
``--short-lines`` times ours as ``butterfly solve`` runs by default, which
also makes the line short (docs/performance.md, "Default lines"): a job
Solvitaire does not do.

Printed for each deal: the verdict of each (won, unwinnable, or
unresolved: timed out or another limit), the time each reports for its
search (Solvitaire in whole milliseconds), its count of positions
(ours: positions expanded; Solvitaire: states searched, and the unique
ones, which leave out those found in its cache), and the wall time of each
process (which adds the start of Python and our imports, and Solvitaire's
copying and freeing of its cache after the search). Then a summary: the
deals both decide, any disagreement, the deals only one decides, the median
ratio of reported times ours/theirs for the won and the lost deals both
decide (a 0 ms of Solvitaire's counted as 0.5 ms), and the total times.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from startup import console_script  # bench/startup.py, beside this script

from butterfly.games.patience.rules import Position, make_rules
from butterfly.games.patience.solvitaire import SOLVITAIRE_GAMES, format_solvitaire

DEFAULT_SOLVITAIRE = "/work/solvitaire-build/build-release/bin/solvitaire"
#: Solvitaire's outcome words (solver.cpp, ``operator<<`` of ``result::type``) as our verdicts.
THEIR_VERDICTS = {
    "solved": "won",
    "unsolvable": "unwinnable",
    "timed-out": "unresolved",
    "memory-limit-reached": "unresolved",
    "terminated": "unresolved",
}
DECIDED = ("won", "unwinnable")
#: Seconds a process may overrun the limit before it is killed (Solvitaire
#: copies and frees its cache after a timed-out search: seconds).
GRACE = 120.0


@dataclass
class Run:
    verdict: str  # won, unwinnable, unresolved, or error
    seconds: float | None  # the solver's own figure for its search
    nodes: int | None  # ours: positions expanded; theirs: states searched
    unique: int | None  # theirs: unique states searched
    wall: float  # the process, start to end
    note: str = ""


def parse_solvitaire(stdout: str) -> tuple[str, float | None, int | None, int | None] | None:
    """(outcome word, seconds, states searched, unique states) from
    Solvitaire's output, or None when it printed no result.

    Reads the labelled form (``Solution Type: solved`` ... ``Time Taken
    (milliseconds): 12``) and the ``--classify`` one (``, solved, 12, 345,
    300, ...``: outcome, milliseconds, states searched, unique states, as
    ``solver::print_result_csv`` writes them)."""
    labelled: dict[str, str] = {}
    for line in stdout.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            labelled[key.strip().lower()] = value.strip()
    if "solution type" in labelled:
        word = labelled["solution type"].lower()
        ms = labelled.get("time taken (milliseconds)")
        states = labelled.get("states searched")
        unique = labelled.get("unique states searched")
        return (
            word,
            int(ms) / 1000 if ms and ms.isdigit() else None,
            int(states) if states and states.isdigit() else None,
            int(unique) if unique and unique.isdigit() else None,
        )
    for line in stdout.splitlines():
        fields = [field.strip().lower() for field in line.split(",")]
        for index, field in enumerate(fields):
            if field in THEIR_VERDICTS and all(f.isdigit() for f in fields[index + 1 : index + 4]):
                numbers = [int(f) for f in fields[index + 1 : index + 4]]
                if len(numbers) == 3:
                    return field, numbers[0] / 1000, numbers[1], numbers[2]
    return None


def timed(argv: list[str], limit: float) -> tuple[subprocess.CompletedProcess | None, float]:
    """The finished process (None when killed past the limit and GRACE) and its wall seconds."""
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=limit + GRACE)
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - start
    return done, time.perf_counter() - start


def failed(done: subprocess.CompletedProcess | None, wall: float) -> Run:
    """A run that gave no answer: killed, or its last line on stderr."""
    if done is None:
        return Run("error", None, None, None, wall, "killed")
    message = (done.stderr.strip().splitlines() or [f"exit code {done.returncode}"])[-1]
    return Run("error", None, None, None, wall, message)


def run_solvitaire(binary: str, game: str, path: Path, limit: float) -> Run:
    argv = [binary, "--type", game, "--timeout", str(round(limit * 1000)), "--classify", str(path)]
    done, wall = timed(argv, limit)
    parsed = None if done is None else parse_solvitaire(done.stdout)
    if done is None or parsed is None:
        # Solvitaire reports a bad deal on stderr with exit code 0; a bad card aborts it.
        return failed(done, wall)
    word, seconds, states, unique = parsed
    verdict = THEIR_VERDICTS.get(word, "error")
    return Run(verdict, seconds, states, unique, wall, "" if verdict != "unresolved" else word)


def run_ours(
    script: str, game: str, deal: int, limit: float, max_nodes: int | None, memory: int | None, short_lines: bool
) -> Run:
    argv = [sys.executable, script, "solve", str(deal), "--game", game, "--json", "--timeout", str(limit)]
    argv += [] if short_lines else ["--raw-moves"]
    argv += ["--max-nodes", str(max_nodes if max_nodes is not None else 2**62)]
    if memory is not None:
        argv += ["--memory", str(memory)]
    done, wall = timed(argv, limit)
    if done is None:
        return failed(done, wall)
    try:
        data = json.loads(done.stdout)
    except json.JSONDecodeError:
        return failed(done, wall)
    verdict = data.get("result", "error")
    note = f"stopped by {data['stopped_by']}" if data.get("stopped_by") else ""
    if data.get("proved_by") not in (None, "search"):
        note = f"proved by {data['proved_by']}"
    return Run(verdict, data.get("seconds"), data.get("nodes"), None, wall, note)


def deal_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{1000 * seconds:,.1f}"


def count(n: int | None) -> str:
    return "-" if n is None else f"{n:,}"


def ratio(ours: Run, theirs: Run) -> float:
    """Ours/theirs of the reported times; Solvitaire's 0 ms counted as 0.5 ms."""
    assert ours.seconds is not None and theirs.seconds is not None
    return ours.seconds / max(theirs.seconds, 0.0005)


def listed(deals: list[int]) -> str:
    return f"{len(deals)} (deals {', '.join(map(str, deals))})" if deals else "0"


def summary(game: str, results: list[tuple[int, Run, Run]]) -> bool:
    """Print the summary; False when the two disagree on any deal."""
    both = [(n, o, t) for n, o, t in results if o.verdict in DECIDED and t.verdict in DECIDED]
    disagree = [(n, o, t) for n, o, t in both if o.verdict != t.verdict]
    only_ours = [n for n, o, t in results if o.verdict in DECIDED and t.verdict not in DECIDED]
    only_theirs = [n for n, o, t in results if t.verdict in DECIDED and o.verdict not in DECIDED]
    neither = [n for n, o, t in results if o.verdict not in DECIDED and t.verdict not in DECIDED]
    errors = [
        (n, who, r.note) for n, o, t in results for who, r in (("ours", o), ("Solvitaire", t)) if r.verdict == "error"
    ]
    print(f"\nsummary, {game}, {len(results)} deals:")
    agreed = [(n, o, t) for n, o, t in both if o.verdict == t.verdict]
    won = sum(1 for _, o, _ in agreed if o.verdict == "won")
    print(f"  both decide        : {len(both)} ({won} won, {len(agreed) - won} unwinnable)")
    if disagree:
        print(f"  !!! DISAGREEMENTS  : {len(disagree)} !!!")
        for n, o, t in disagree:
            print(f"  !!! deal {n}: ours {o.verdict}, Solvitaire {t.verdict} !!!")
    else:
        print("  disagreements      : 0")
    print(f"  only ours decides  : {listed(only_ours)}")
    print(f"  only theirs decides: {listed(only_theirs)}")
    print(f"  neither decides    : {listed(neither)}")
    for n, who, note in errors:
        print(f"  !!! deal {n}: {who} gave no verdict: {note} !!!")
    for verdict in DECIDED:
        ratios = [ratio(o, t) for _, o, t in agreed if o.verdict == verdict]
        if ratios:
            print(
                f"  time ours/theirs, {verdict:<10}: median {statistics.median(ratios):.3g} "
                f"(from {min(ratios):.3g} to {max(ratios):.3g}, {len(ratios)} deals; reported search times)"
            )
    for who, runs in (("ours", [o for _, o, _ in results]), ("Solvitaire", [t for _, _, t in results])):
        reported = sum(r.seconds or 0.0 for r in runs)
        wall = sum(r.wall for r in runs)
        print(f"  total {who:<10}: reported {reported:8.2f} s, wall {wall:8.2f} s")
    return not disagree


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=SOLVITAIRE_GAMES, default="beleaguered-castle")
    parser.add_argument("--deals", type=deal_range, default=deal_range("0-49"), help="FIRST-LAST (default 0-49)")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per deal, each solver (default 10)")
    parser.add_argument("--solvitaire", default=DEFAULT_SOLVITAIRE, help=f"its binary (default {DEFAULT_SOLVITAIRE})")
    parser.add_argument("--max-nodes", type=int, default=None, help="our node limit (default none: time only)")
    parser.add_argument("--memory", type=int, default=None, help="our table's cap, MiB (default: our 1024)")
    parser.add_argument("--short-lines", action="store_true", help="time ours with its short line (solve's default)")
    args = parser.parse_args()
    if not os.access(args.solvitaire, os.X_OK):
        sys.exit(f"no Solvitaire binary at {args.solvitaire}: build it (docs/performance.md) or give --solvitaire")
    script = console_script()
    rules = make_rules(args.game)
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, CPython {platform.python_version()}, "
        f"{platform.system()}; solvitaire: {args.solvitaire}"
    )
    print(
        f"{args.game} deals {args.deals.start}-{args.deals.stop - 1}, {args.timeout:g} s each, "
        f"one process at a time; ours {'with short lines' if args.short_lines else 'with --raw-moves'}; times in ms"
    )
    header = (
        f"{'deal':>5}  {'ours':<10} {'theirs':<10} {'ours ms':>9} {'theirs ms':>9} "
        f"{'our nodes':>11} {'their states':>13} {'(unique)':>11} {'ours wall':>9} {'theirs wall':>11}  note"
    )
    print(header)
    results: list[tuple[int, Run, Run]] = []
    with tempfile.TemporaryDirectory(prefix="butterfly-solvitaire-") as folder:
        for n in args.deals:
            path = Path(folder, f"{args.game}-{n}.json")
            path.write_text(format_solvitaire(Position.deal(n, rules)))
            theirs = run_solvitaire(args.solvitaire, args.game, path, args.timeout)
            ours = run_ours(script, args.game, n, args.timeout, args.max_nodes, args.memory, args.short_lines)
            results.append((n, ours, theirs))
            notes = "; ".join(f"{who} {r.note}" for who, r in (("ours", ours), ("theirs", theirs)) if r.note)
            flag = "  !!! DISAGREE" if {ours.verdict, theirs.verdict} == set(DECIDED) else ""
            print(
                f"{n:>5}  {ours.verdict:<10} {theirs.verdict:<10} {ms(ours.seconds):>9} {ms(theirs.seconds):>9} "
                f"{count(ours.nodes):>11} {count(theirs.nodes):>13} {count(theirs.unique):>11} "
                f"{ms(ours.wall):>9} {ms(theirs.wall):>11}  {notes}{flag}",
                flush=True,
            )
    if not summary(args.game, results):
        sys.exit(1)


if __name__ == "__main__":
    main()
