"""Load test of ``butterfly serve`` (docs/serve.md): simulated board users
against a local server, on asyncio and httpx (not a test: it prints figures
and asserts nothing about them).

    python bench/serve.py                          # 50 users, 60 s, cold then warm
    python bench/serve.py --users 10 --seconds 15  # a short run
    python bench/serve.py --server http://127.0.0.1:8000/   # a server already running

Unless given ``--server``, it starts ``butterfly serve --port 0 --workers
W`` itself (in a process group of its own, stopped at the end, on Ctrl-C or
on an error) and reads the port from its "serving at" line.

Each of ``--users`` users loops for ``--seconds``: picks a request from the
board's mix, sends it, waits for the answer, then thinks for a uniform
``--think`` time (1-3 s) and picks again; it first waits one think time, so
that the users do not all start at once. Each user draws from its own
random generator (``--seed`` and its number), so a second run with the same
seed sends the same requests in the same order. The mix (``--mix``, weights
by kind, default :data:`MIX`):

- ``analyse`` (70): POST /api/analyse of a Butterfly position without
  lengths and with ``lines`` ``best`` (:data:`BOARD`), the board's "show
  the values" (every legal move decided, the best line shortened), asked
  as the board asks: first with ``seconds`` ``--quick`` (0.1), then at
  once again with ``lengths`` and the server's budget, unless every move
  was lost or had its proved length already ("the undecided, again" in
  the tables: each winning move's length, as the board shows them), of a
  position along the published shortest line of one of deals 0-99
  (butterfly/data/lengths_butterfly.csv.gz), or, one time in two (``--played``),
  along a game of the ladder's random or greedy-e20 player on one of those
  deals (seed 1): positions a human who plays about at random reaches, many
  of them lost;
- ``deal`` (10): GET /api/deal?number=N, N below a million;
- ``solve`` (10): POST /api/solve of a position drawn as for ``analyse``,
  the board's "is this still winnable?", asked likewise in two steps;
- ``review`` (5): POST /api/review of the record of a game of deal D
  (0-99) by the ladder's player ``D % 6``, seed 1 (as bench/review.py
  plays them), with its par and each move's cost (``lengths``, the
  default);
- ``lengths`` (5): POST /api/analyse with ``lengths`` true, of a position
  along a published shortest line.

Every other request leaves its budget to the server (its --max-nodes and
--max-seconds), as the board does. The first run is against a fresh server
(its cache empty: cold); the second against the same server (warm), each
user sending again, in turn, the requests it sent in the first run, with
the same think times, so that they are answered from the cache. With
``--server`` the first run is cold only if that server's cache is. Printed for each run and kind: the requests answered,
their throughput, their latency (median, 95th percentile, largest), the
status codes (the target: none but 200 and 429) and the cache hits (the
X-Cache header); for the analyses answered by a search, the search's own
seconds beside the latency (the rest is waiting for a worker), and the
slowest of them. The server's memory: the sum of the resident set sizes of
its process and its descendants (the workers), read from /proc every 0.5 s
during the runs; its peak is printed (not with --server). For the two-step
requests, how many first answers left something undecided and the time
until every value was there. At the end: the 95th percentile of
``analyse``'s first answers (the click to the values) with the cache
cold, against the 300 ms target, and until every value. ``--log FILE`` writes every request as a line of JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from butterfly.games.patience.format import parse_moves
from butterfly.games.patience.notation import position_line
from butterfly.games.patience.record import write_record
from butterfly.games.patience.rules import Position
from butterfly.puzzles.rating.ladder import ENGINES, LADDER, player_named
from butterfly.solver.survey.publish_lengths import read_file

DATA = Path(__file__).resolve().parent.parent / "butterfly" / "data"
#: The board's mix: weights by kind of request.
MIX = {"analyse": 70, "deal": 10, "solve": 10, "review": 5, "lengths": 5}
#: What the board's "show the values" asks besides the position: the values, and the best line alone
#: shortened (first within --quick seconds: docs/serve.md, "Quick requests first").
BOARD = {"lines": "best"}
#: The deals whose lines and games the requests are taken from.
DEALS = range(100)
#: The players whose games give the "played" positions (one game a deal, seed 1).
PLAYED_BY = ("random", "greedy-e20")
#: The target of the issue: the 95th percentile of ``analyse`` with the cache cold, seconds.
TARGET_P95 = 0.300
#: Seconds between two samples of the server's memory.
SAMPLE_EVERY = 0.5
#: Seconds a request may take before the client gives up (the server's own limit is 10 s and some grace).
CLIENT_TIMEOUT = 60.0
#: The kind of a second asking, after the board's first (within --quick seconds) left something undecided.
DEEPER = " deeper"


@dataclass
class Item:
    """One request the users may send: its kind, method, path, body and where it comes from."""

    kind: str
    method: str
    path: str
    body: dict[str, Any] | None
    source: str


@dataclass
class Pools:
    """The requests of each kind, drawn from uniformly."""

    line_positions: list[Item] = field(default_factory=list)
    played_positions: list[Item] = field(default_factory=list)
    line_lengths: list[Item] = field(default_factory=list)
    line_solves: list[Item] = field(default_factory=list)
    played_solves: list[Item] = field(default_factory=list)
    reviews: list[Item] = field(default_factory=list)

    def pick(self, kind: str, rng: random.Random, played: float) -> Item:
        if kind == "deal":
            return Item("deal", "GET", f"/api/deal?number={rng.randrange(1_000_000)}", None, "deal")
        if kind == "lengths":
            return rng.choice(self.line_lengths)
        if kind == "review":
            return rng.choice(self.reviews)
        from_played = rng.random() < played
        if kind == "analyse":
            return rng.choice(self.played_positions if from_played else self.line_positions)
        if kind == "solve":
            return rng.choice(self.played_solves if from_played else self.line_solves)
        raise ValueError(kind)


def make_pools(quick: float = 0.1) -> Pools:
    """Every request of the mix: positions along the published lines and the played games of DEALS
    (the board's first asking of a position within ``quick`` seconds)."""
    pools = Pools()
    published = {row.deal: row for row in read_file(DATA / "lengths_butterfly.csv.gz", "butterfly") if row.line}
    for deal in DEALS:
        start = Position.deal(deal)
        if deal in published:
            for k, position in enumerate(start.replay(parse_moves(published[deal].line))[:-1]):
                line = position_line(position)
                where = f"deal {deal} line move {k}"
                pools.line_positions.append(
                    Item("analyse", "POST", "/api/analyse", {**BOARD, "position": line, "seconds": quick}, where)
                )
                pools.line_lengths.append(
                    Item("lengths", "POST", "/api/analyse", {"position": line, "lengths": True}, where)
                )
                pools.line_solves.append(
                    Item("solve", "POST", "/api/solve", {"position": line, "seconds": quick}, where)
                )
        for name in PLAYED_BY:
            player = player_named(name)
            _, moves = ENGINES["kernel"].play(start, player.policy, 1, player.epsilon_ppm, player.horizon)
            for k, position in enumerate(start.replay(moves)):
                if not position.legal_moves():
                    break  # the game's end: nothing to analyse
                line = position_line(position)
                where = f"deal {deal} {name} move {k}"
                pools.played_positions.append(
                    Item("analyse", "POST", "/api/analyse", {**BOARD, "position": line, "seconds": quick}, where)
                )
                pools.played_solves.append(
                    Item("solve", "POST", "/api/solve", {"position": line, "seconds": quick}, where)
                )
        player = LADDER[deal % len(LADDER)]
        _, moves = ENGINES["kernel"].play(start, player.policy, 1, player.epsilon_ppm, player.horizon)
        record = write_record(start, moves, deal)
        pools.reviews.append(Item("review", "POST", "/api/review", {"record": record}, f"deal {deal} {player.name}"))
    return pools


@dataclass
class Outcome:
    """One request answered (or not): what, when, how long, and what the server said."""

    run: str
    user: int
    kind: str
    source: str
    began: float
    latency: float
    status: str
    cache: str | None
    search_seconds: float | None
    nodes: int | None
    value: str | None
    item: Item
    #: Whether the answer left a move (or the verdict) undecided.
    undecided: bool = False
    #: For a first asking: until every value was there (its second asking's answer too, if it had one).
    total: float | None = None

    def to_json(self) -> dict[str, Any]:
        fields = {name: value for name, value in self.__dict__.items() if name != "item"}
        return {**fields, "position": (self.item.body or {}).get("position")}


async def user(
    number: int,
    run: str,
    client: httpx.AsyncClient,
    pools: Pools,
    args: argparse.Namespace,
    mix: dict[str, int],
    deadline: float,
    outcomes: list[Outcome],
    replay: list[Item] | None,
) -> None:
    """One board user: pick, send, wait for the answer, think; until the deadline.
    With ``replay`` (the requests it sent in the cold run), those again, in
    turn, with the same think times."""
    rng = random.Random(args.seed * 1_000_003 + number)
    kinds, weights = list(mix), list(mix.values())
    low, high = args.think
    await asyncio.sleep(min(rng.uniform(low, high), max(0.0, deadline - time.monotonic())))
    sent = 0
    while time.monotonic() < deadline:
        item = pools.pick(rng.choices(kinds, weights)[0], rng, args.played)
        if replay:
            item = replay[sent % len(replay)]
        sent += 1
        think = rng.uniform(low, high)
        first = await send(client, run, number, item)
        outcomes.append(first)
        first.total = first.latency
        if first.undecided:  # as the board does: the rest at once, with the server's budget
            body = {name: value for name, value in (item.body or {}).items() if name != "seconds"}
            if item.kind == "analyse":  # (the board's second asking of the values: each winning move's length)
                body = {"position": body["position"], "lengths": True}
            deeper = await send(
                client, run, number, Item(item.kind + DEEPER, item.method, item.path, body, item.source)
            )
            outcomes.append(deeper)
            first.total = first.latency + deeper.latency if deeper.status == "200" else None
        await asyncio.sleep(min(think, max(0.0, deadline - time.monotonic())))


async def send(client: httpx.AsyncClient, run: str, number: int, item: Item) -> Outcome:
    """One request sent and its answer read: how long, and what the server said."""
    began = time.monotonic()
    cache = search_seconds = nodes = value = None
    undecided = False
    try:
        response = await client.request(item.method, item.path, json=item.body)
        status = str(response.status_code)
        cache = response.headers.get("x-cache")
        if response.status_code == 200 and item.kind.startswith(("analyse", "lengths", "solve")):
            answer = response.json()
            search_seconds, nodes = answer.get("seconds"), answer.get("nodes")
            value = answer.get("value", answer.get("result"))
            values = [move["value"] for move in answer.get("moves", []) if isinstance(move, dict)]
            if item.kind == "analyse":  # (the board asks its values again unless each is lost or proved shortest)
                undecided = any(value not in ("lost", "optimal") for value in values)
            else:
                undecided = answer.get("result") == "unresolved" or "unknown" in values
    except httpx.HTTPError as error:
        status = type(error).__name__
    latency = time.monotonic() - began
    return Outcome(
        run,
        number,
        item.kind,
        item.source,
        began,
        latency,
        status,
        cache,
        search_seconds,
        nodes,
        value,
        item,
        undecided,
    )


def descendants(root: int) -> list[int]:
    """``root`` and every process under it (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                text = stat.read()
        except OSError:
            continue
        parent = int(text[text.rindex(")") + 2 :].split()[1])
        children.setdefault(parent, []).append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def rss_bytes(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


class MemoryWatch:
    """The peak of the summed RSS of a process and its descendants, sampled every SAMPLE_EVERY seconds."""

    def __init__(self, pid: int | None) -> None:
        self.pid = pid
        self.peak = 0
        self.peak_processes = 0
        self.samples = 0

    def sample(self) -> None:
        if self.pid is None:
            return
        pids = descendants(self.pid)
        total = sum(rss_bytes(pid) for pid in pids)
        self.samples += 1
        if total > self.peak:
            self.peak, self.peak_processes = total, len(pids)

    async def watch(self) -> None:
        while True:
            self.sample()
            await asyncio.sleep(SAMPLE_EVERY)


def load_average() -> str:
    with open("/proc/loadavg") as loadavg:
        return " ".join(loadavg.read().split()[:3])


async def one_run(
    run: str,
    url: str,
    pools: Pools,
    args: argparse.Namespace,
    mix: dict[str, int],
    memory: MemoryWatch,
    replay: dict[int, list[Item]] | None = None,
) -> tuple[list[Outcome], dict[str, Any]]:
    """``args.users`` users for ``args.seconds`` seconds; the outcomes and the run's figures."""
    outcomes: list[Outcome] = []
    limits = httpx.Limits(max_connections=args.users + 8, max_keepalive_connections=args.users + 8)
    async with httpx.AsyncClient(base_url=url, timeout=CLIENT_TIMEOUT, limits=limits) as client:
        health_before = (await client.get("/api/health")).json()
        loads = [load_average()]
        began = time.monotonic()
        cpu_began = time.process_time()
        deadline = began + args.seconds
        watcher = asyncio.ensure_future(memory.watch())

        async def note_load() -> None:
            while True:
                await asyncio.sleep(15)
                loads.append(load_average())

        noter = asyncio.ensure_future(note_load())
        try:
            await asyncio.gather(
                *(
                    user(k, run, client, pools, args, mix, deadline, outcomes, None if replay is None else replay[k])
                    for k in range(args.users)
                )
            )
        finally:
            watcher.cancel()
            noter.cancel()
        ended = time.monotonic()
        client_cpu = (time.process_time() - cpu_began) / (ended - began)
        loads.append(load_average())
        health_after = (await client.get("/api/health")).json()
    figures = {
        "seconds": args.seconds,
        "quick": args.quick,
        "client_cpu": client_cpu,
        "drained": ended - deadline,
        "loads": loads,
        "health_before": health_before,
        "health_after": health_after,
    }
    return outcomes, figures


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{1000 * seconds:,.0f}"


KIND_NAMES = {
    "analyse": "POST /api/analyse",
    "analyse" + DEEPER: "  the undecided, again",
    "lengths": "POST /api/analyse lengths",
    "deal": "GET /api/deal",
    "solve": "POST /api/solve",
    "solve" + DEEPER: "  the undecided, again",
    "review": "POST /api/review",
}


def table(run: str, outcomes: list[Outcome], figures: dict[str, Any]) -> None:
    seconds = figures["seconds"]
    print(f"\n{run}: {len(outcomes)} requests in {seconds:.0f} s (+{figures['drained']:.1f} s for the last answers)")
    print(
        f"  load average (1, 5, 15 min) during the run: {'; '.join(figures['loads'])}; this client's own CPU:"
        f" {figures['client_cpu']:.0%} of a core (on the same machine as the server)"
    )
    head = f"  {'request':<26}{'n':>6}{'req/s':>7}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}  {'hits':>5}  statuses"
    print(head)
    print("  " + "-" * (len(head) - 2))
    rows = [*KIND_NAMES, "all"]
    for kind in rows:
        chosen = outcomes if kind == "all" else [o for o in outcomes if o.kind == kind]
        if not chosen:
            continue
        latencies = [o.latency for o in chosen]
        statuses = ", ".join(f"{code}: {n}" for code, n in sorted(Counter(o.status for o in chosen).items()))
        hits = sum(o.cache == "hit" for o in chosen)
        name = KIND_NAMES.get(kind, "all")
        print(
            f"  {name:<26}{len(chosen):>6}{len(chosen) / seconds:>7.2f}{ms(statistics.median(latencies)):>9}"
            f"{ms(percentile(latencies, 0.95)):>9}{ms(max(latencies)):>9}  {hits:>5}  {statuses}"
        )
    for kind in ("analyse", "solve"):
        answered = [o for o in outcomes if o.kind == kind and o.status == "200"]
        totals = [o.total for o in answered if o.total is not None]
        if answered and totals:
            print(
                f"  {KIND_NAMES[kind]} answered: {sum(o.undecided for o in answered)} of {len(answered)} left"
                f" something undecided in {figures['quick']:g} s; until every value (the second asking's answer too):"
                f" p50 {ms(statistics.median(totals))} ms, p95 {ms(percentile(totals, 0.95))} ms,"
                f" {len(answered) - len(totals)} second askings not answered"
            )
    searched = [o for o in outcomes if o.kind == "analyse" and o.cache == "miss" and o.search_seconds is not None]
    if searched:
        waits = [max(0.0, o.latency - (o.search_seconds or 0.0)) for o in searched]
        search = [o.search_seconds or 0.0 for o in searched]
        latencies = [o.latency for o in searched]
        print(
            f"  analyse answered by a search ({len(searched)}): latency p50 {ms(statistics.median(latencies))} ms,"
            f" p95 {ms(percentile(latencies, 0.95))} ms; of it the search p50 {ms(statistics.median(search))} ms,"
            f" p95 {ms(percentile(search, 0.95))} ms; the rest (waiting for a worker, the pipes, JSON)"
            f" p50 {ms(statistics.median(waits))} ms, p95 {ms(percentile(waits, 0.95))} ms"
        )
        for label, played in (("along the published lines", False), ("along the played games", True)):
            part = [o for o in searched if (" line " not in o.source) == played]
            if part:
                times = [o.search_seconds or 0.0 for o in part]
                print(
                    f"    {label}: {len(part)}, search p50 {ms(statistics.median(times))} ms,"
                    f" p95 {ms(percentile(times, 0.95))} ms; values {dict(Counter(o.value for o in part))}"
                )
        slowest = sorted(searched, key=lambda o: -(o.search_seconds or 0.0))[:5]
        print(
            "    slowest searches: "
            + "; ".join(f"{o.source} ({o.value}, {ms(o.search_seconds)} ms, {o.nodes or 0:,} nodes)" for o in slowest)
        )
    before, after = figures["health_before"], figures["health_after"]
    print(
        f"  server: cache entries {before['cache']['entries']} -> {after['cache']['entries']},"
        f" workers replaced {before['replaced']} -> {after['replaced']}"
    )


class ServerError(Exception):
    """The server did not start."""


class Server:
    """``butterfly serve --port 0`` in a process group of its own, its output in a temporary folder."""

    def __init__(self, workers: int, extra: list[str]) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="bench-serve-")
        self.out = Path(self.folder.name) / "stdout"
        self.err = Path(self.folder.name) / "stderr"
        script = Path(sys.executable).with_name("butterfly")
        command = [str(script)] if script.exists() else [sys.executable, "-c", "from butterfly.cli import main; main()"]
        with open(self.out, "wb") as out, open(self.err, "wb") as err:
            self.process = subprocess.Popen(
                [*command, "serve", "--port", "0", "--workers", str(workers), *extra],
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                start_new_session=True,
            )

    def url(self, wait: float = 60.0) -> str:
        """The address from the "serving at" line, once the API answers."""
        until = time.monotonic() + wait
        while time.monotonic() < until:
            found = re.search(r"serving at (http://\S+/)", self.out.read_text(errors="replace"))
            if found:
                url = found.group(1)
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(url + "api/health", timeout=2).status_code == 200:
                        return url
            if self.process.poll() is not None:
                raise ServerError(f"the server stopped (status {self.process.returncode}): {self.tail()}")
            time.sleep(0.1)
        raise ServerError(f"the server did not say where it serves within {wait:.0f} s: {self.tail()}")

    def tail(self) -> str:
        return " | ".join(self.err.read_text(errors="replace").strip().splitlines()[-5:])

    def stop(self) -> None:
        """SIGTERM to the server (uvicorn stops, and stops its workers), then SIGKILL to its whole group after 10 s."""
        if self.process.poll() is None:
            self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(10)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)  # the workers too, if any is left
        self.process.wait()
        errors = self.err.read_text(errors="replace").strip()
        if errors:
            print(f"\nthe server's standard error (last lines): {self.tail()}")
        self.folder.cleanup()


def parse_mix(text: str) -> dict[str, int]:
    mix = dict(MIX)
    for part in filter(None, text.split(",")):
        name, _, weight = part.partition("=")
        if name.strip() not in MIX or not weight.strip().isdigit():
            raise argparse.ArgumentTypeError(f"--mix: {part!r} is not KIND=WEIGHT, KIND one of {', '.join(MIX)}")
        mix[name.strip()] = int(weight)
    if not any(mix.values()):
        raise argparse.ArgumentTypeError("--mix: every weight is 0")
    return {kind: weight for kind, weight in mix.items() if weight}


def parse_think(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    try:
        pair = (float(low), float(high or low))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--think {text!r}: seconds LOW-HIGH, such as 1-3") from None
    if not 0 <= pair[0] <= pair[1]:
        raise argparse.ArgumentTypeError(f"--think {text!r}: 0 <= LOW <= HIGH")
    return pair


async def runs(url: str, pools: Pools, args: argparse.Namespace, memory: MemoryWatch) -> list[list[Outcome]]:
    mix = args.mix
    results: list[list[Outcome]] = []
    for run in ("cold", "warm") if not args.once else ("cold",):
        replay = None
        if results:  # warm: each user sends again what it sent cold
            replay = {
                k: [o.item for o in sorted(results[0], key=lambda o: o.began) if o.user == k and DEEPER not in o.kind]
                for k in range(args.users)
            }
        outcomes, figures = await one_run(run, url, pools, args, mix, memory, replay)
        title = f"{run} cache" if args.server is None else f"{run} cache (if the server's was)"
        table(title + (", each user's cold requests again" if replay else ""), outcomes, figures)
        results.append(outcomes)
    return results


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=50, help="simulated board users (default 50)")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of each run (default 60)")
    parser.add_argument("--workers", type=int, default=2, help="the server's --workers (default 2)")
    parser.add_argument("--think", type=parse_think, default=(1.0, 3.0), help="think time, LOW-HIGH s (1-3)")
    parser.add_argument("--seed", type=int, default=1, help="the users' random seed (default 1)")
    parser.add_argument("--mix", type=parse_mix, default=dict(MIX), help="weights, e.g. analyse=70,deal=10")
    parser.add_argument("--played", type=float, default=0.5, help="share of analyse/solve from played games (0.5)")
    parser.add_argument("--server", default=None, metavar="URL", help="use this running server, start none")
    parser.add_argument("--serve-option", action="append", default=[], help="another option for butterfly serve")
    parser.add_argument(
        "--quick", type=float, default=0.1, help="the board's first budget for values and verdicts, s (0.1)"
    )
    parser.add_argument("--once", action="store_true", help="the cold run only")
    parser.add_argument("--log", type=Path, default=None, help="every request as a line of JSON to this file")
    args = parser.parse_args()

    # A SIGTERM stops the bench as Ctrl-C does: the server is stopped on the way out.
    signal.signal(signal.SIGTERM, _interrupt)
    began = time.perf_counter()
    pools = make_pools(args.quick)
    print(
        f"requests: {len(pools.line_positions)} positions along the published lines of deals"
        f" {DEALS.start}-{DEALS.stop - 1}, {len(pools.played_positions)} along games of"
        f" {' and '.join(PLAYED_BY)}, {len(pools.reviews)} records to review"
        f" (made in {time.perf_counter() - began:.1f} s)"
    )
    print(
        f"load: {args.users} users, {args.seconds:.0f} s a run, think {args.think[0]:g}-{args.think[1]:g} s,"
        f" seed {args.seed}, mix {args.mix}, played share {args.played:g}; load average before: {load_average()}"
    )
    server = None
    try:
        if args.server is None:
            server = Server(args.workers, args.serve_option)
            url = server.url()
            print(f"server: butterfly serve --port 0 --workers {args.workers} {' '.join(args.serve_option)} at {url}")
        else:
            url = args.server if args.server.endswith("/") else args.server + "/"
            print(f"server: {url} (already running; its memory is not sampled)")
        memory = MemoryWatch(None if server is None else server.process.pid)
        results = asyncio.run(runs(url, pools, args, memory))
        cold = [o for o in results[0] if o.kind == "analyse"]
        answered = [o for o in cold if o.status == "200"]
        if server is not None:
            print(
                f"\nserver memory: peak {memory.peak / 2**20:,.0f} MiB, the RSS summed over the server and its"
                f" workers ({memory.peak_processes} processes), sampled from /proc every {SAMPLE_EVERY} s"
                f" ({memory.samples} samples)"
            )
        if answered:
            p95 = percentile([o.latency for o in answered], 0.95)
            totals = [o.total for o in answered if o.total is not None]
            verdict = "met" if p95 < TARGET_P95 else "NOT met"
            print(
                f"the board's common request (POST /api/analyse of a Butterfly position), cache cold, {args.users}"
                f" users: from the click to the values, p95 {ms(p95)} ms of the {len(answered)} answered"
                f" ({len(cold) - len(answered)} refused) against the target {ms(TARGET_P95)} ms: {verdict};"
                f" {sum(o.undecided for o in answered)} of them left a move undecided, asked again: every value"
                f" there p95 {ms(percentile(totals, 0.95)) if totals else '-'} ms"
            )
        if args.log is not None:
            with open(args.log, "w") as log:
                for outcomes in results:
                    for o in outcomes:
                        log.write(json.dumps(o.to_json()) + "\n")
    except KeyboardInterrupt:
        print("\ninterrupted: stopping the server", file=sys.stderr)
        sys.exit(130)
    except ServerError as error:
        sys.exit(f"bench/serve.py: {error}")
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
