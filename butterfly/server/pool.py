"""The worker processes behind the web API: the searches run there, never
on the server's event loop.

- A fixed number of workers, each a process of its own (``python -m
  butterfly.server.pool``) that answers one request at a time, the request
  and the answer one line of JSON each over its pipes (nothing a client
  sends is ever unpickled).
- A bounded queue: when every worker is busy and :attr:`WorkerPool.queue`
  requests already wait, the next one is refused at once (:class:`Busy`,
  raised by :meth:`WorkerPool.submit` itself, before the server's loop runs
  anything else: the API answers 429 with Retry-After).
- One clock a request: its wait for a worker counts in its seconds (at
  least :data:`LEAST_TIME`). A request that waits through all of them is
  given up (:class:`TooLate`); one that gets a worker in time has its
  search given what is left, its seconds at most (:attr:`Answer.given`).
- A request whose client goes away is cancelled: its worker is stopped and
  a fresh one takes its place, so the search stops with it.
- A worker that dies while idle is replaced when it dies, and one found
  dead or stopped (SIGSTOP) when a request takes it is replaced before the
  request is sent: no request pays for them.
- A worker that dies, is stopped (SIGSTOP) or runs far past its request's
  time while it holds a request is replaced; the request gets
  :class:`WorkerLost`, saying which (one past its time that had used no CPU
  for :data:`STALL_SECONDS` had stopped answering: its search had not run
  out of time), and the next one is served by the new worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

#: Seconds a worker may run past its request's own time before it is stopped.
GRACE = 10.0
#: The least time a request has, its wait for a worker and its search
#: together, seconds: a search of a fraction of a second may wait a moment.
LEAST_TIME = 1.0
#: How often a worker holding a request is looked at (stopped?), seconds.
WATCH_EVERY = 1.0
#: A worker past its deadline that has used no CPU for this long had stopped
#: answering (frozen), seconds: a search that ran out of time works to the end.
STALL_SECONDS = 3.0
#: The longest answer a worker may send, bytes.
MAX_ANSWER = 64 * 1024 * 1024
#: A worker's reply is one line: one of these words, a space, and JSON: the
#: answer as the API sends it, tagged (:func:`butterfly.server.schema.tagged`;
#: kept as text: the server neither reads nor writes it again), or the
#: refusal's or the failure's message.
ANSWER, REFUSED, FAILED = "answer", "refused", "failed"
#: A worker's first line, once its imports are done: it is given requests only
#: then, so that no request pays for a worker's start.
READY = b"ready\n"
#: A worker's line on reading a request, before it works on it: a worker lost
#: before saying it never had the request, which goes to another worker.
TAKEN = "taken"
#: A process's states (/proc/PID/stat) in which it does not work: stopped, traced, dead.
NOT_WORKING = frozenset("TtZX")


class Busy(Exception):
    """Every worker is busy and the queue is full."""


class TooLate(Exception):
    """The request waited for a worker through all of its time (``seconds``)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"{seconds:g} s")
        self.seconds = seconds


class WorkerLost(Exception):
    """The worker holding the request died, stopped answering (``stalled``)
    or ran past its time (``overran``) before it answered, and was replaced
    (``seconds``: the request's)."""

    def __init__(self, why: Literal["died", "stalled", "overran"], seconds: float) -> None:
        super().__init__(why)
        self.why, self.seconds = why, seconds


class TaskError(Exception):
    """The task refused its input (the message is the InputError's line)."""


class TaskFailed(Exception):
    """The task failed in a way no input should make it (a bug): the worker
    said so and goes on; the message names the error."""


@dataclass(frozen=True)
class Answer:
    """A task's answer, as the JSON text its worker sent, and its clock."""

    text: str
    #: Seconds the request waited for a worker.
    waited: float
    #: Seconds its search was given (what the wait left of its time, its
    #: seconds at most); None for a task that takes no seconds (rate).
    given: float | None


def serve_requests() -> None:
    """A worker (``python -m butterfly.server.pool``): read one request a
    line on standard input, write one answer a line; anything else the
    work prints goes to standard error."""
    from butterfly.games.errors import InputError
    from butterfly.server.schema import tagged
    from butterfly.server.tasks import run

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops its workers
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "w")
    sys.stdout = sys.stderr
    answers.write(READY.decode())
    answers.flush()
    for line in sys.stdin:
        answers.write(TAKEN + "\n")
        answers.flush()
        request = json.loads(line)
        try:
            answer = tagged(request["task"], run(request["task"], request["args"]))
            reply = ANSWER + " " + json.dumps(answer, separators=(",", ":"))
        except InputError as error:
            reply = REFUSED + " " + json.dumps(str(error))
        except Exception as error:  # a bug: said to the server (and its trace to standard error), the worker lives on
            traceback.print_exc()
            reply = FAILED + " " + json.dumps(f"{type(error).__name__}: {error}".splitlines()[0])
        answers.write(reply + "\n")
        answers.flush()


class _Stalled(Exception):
    """The worker stopped working while it held a request."""


class _Worker:
    """One worker process and its pipes."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.busy = False  # (holding a request: its death is the request's to report)
        self.watcher: asyncio.Future[int] | None = None

    @classmethod
    async def start(cls) -> _Worker:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-P",  # (not the current folder first: a checkout's sources without their kernels)
            "-m",
            "butterfly.server.pool",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=MAX_ANSWER,
        )
        assert process.stdout is not None
        if await process.stdout.readline() != READY:
            await process.wait()
            raise RuntimeError("a worker could not start (its error is on the server's standard error)")
        return cls(process)

    def state(self) -> tuple[str, int] | None:
        """The process's state letter and the CPU it has used (clock ticks), from
        /proc; None where there is no /proc (the deadline alone then bounds it)."""
        try:
            stat = Path(f"/proc/{self.process.pid}/stat").read_text()
        except OSError:
            return None
        fields = stat.rpartition(")")[2].split()  # (after the command's name, which may hold spaces)
        return fields[0], int(fields[11]) + int(fields[12])  # state, user and system time

    def usable(self) -> bool:
        """Alive and not stopped: a request sent to it will be worked on."""
        state = self.state()
        return self.process.returncode is None and (state is None or state[0] not in NOT_WORKING)

    async def send(self, payload: bytes) -> None:
        """Send a request (ConnectionError or OSError: the worker was dead before it got it)."""
        assert self.process.stdin is not None
        self.process.stdin.write(payload + b"\n")
        await self.process.stdin.drain()

    async def receive(self, deadline: float) -> tuple[str, str]:
        """The reply to the request sent: its kind and its JSON text. _Stalled
        when the worker is stopped, or at ``deadline`` (the loop's clock) when
        it had stopped working; TimeoutError at ``deadline`` otherwise;
        EOFError when it died."""
        assert self.process.stdout is not None
        loop = asyncio.get_running_loop()
        reading = asyncio.ensure_future(self.process.stdout.readline())
        used, working_at = None, loop.time()
        try:
            while True:
                done, _ = await asyncio.wait({reading}, timeout=max(0.0, min(WATCH_EVERY, deadline - loop.time())))
                if done:
                    break
                now, state = loop.time(), self.state()
                if state is not None:
                    if state[1] != used:
                        used, working_at = state[1], now
                    if state[0] in NOT_WORKING:
                        raise _Stalled
                if now >= deadline:
                    # (judged only now: a busy machine may leave a working worker without CPU for a while)
                    raise _Stalled if now - working_at >= STALL_SECONDS else TimeoutError
        finally:
            reading.cancel()
        line = reading.result()
        if not line:
            raise EOFError
        kind, _, text = line.decode().rstrip("\n").partition(" ")
        return kind, text

    async def stop(self) -> None:
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
        await self.process.wait()


@dataclass
class _Place:
    """A request's place in its queue, from its admission until it has a worker."""

    long: bool
    left: bool = False


class WorkerPool:
    """``workers`` processes and a queue of at most ``queue`` waiting requests."""

    def __init__(self, workers: int, queue: int) -> None:
        self.workers, self.queue = workers, queue
        self.idle: asyncio.Queue[_Worker] = asyncio.Queue()
        self.all: set[_Worker] = set()
        self.waiting = 0  # quick requests waiting for a worker
        self.long_waiting = 0  # long ones waiting for their slot or a worker
        self.replaced = 0
        #: The long requests (reviews, ratings, shortest lines) hold at most
        #: all the workers but one, so that a quick one finds a worker soon.
        self.long_limit = max(1, workers - 1)
        self.long_slots = asyncio.Semaphore(self.long_limit)
        self.long_held = 0
        self.closing = False
        self.starting: set[asyncio.Future[None]] = set()  # (successors of workers that died idle)

    async def start(self) -> None:
        await asyncio.gather(*(self._add() for _ in range(self.workers)))

    async def _add(self) -> None:
        worker = await _Worker.start()
        self.all.add(worker)
        self.idle.put_nowait(worker)
        worker.watcher = asyncio.ensure_future(worker.process.wait())
        worker.watcher.add_done_callback(lambda _: self._died(worker))

    def _died(self, worker: _Worker) -> None:
        """``worker`` has exited: when it held no request (one that did reports
        its death), its successor is started now, not when a request finds it."""
        if not self.closing and not worker.busy and worker in self.all:
            self._succeed(worker)

    def _succeed(self, worker: _Worker) -> None:
        """``worker``, holding no request, is stopped and a successor started in
        the background (its place in the idle queue is skipped)."""
        self.all.discard(worker)
        if worker.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                worker.process.kill()  # (its watcher reaps it)
        successor = asyncio.ensure_future(self._add_successor())
        self.starting.add(successor)
        successor.add_done_callback(self.starting.discard)

    async def _add_successor(self) -> None:
        await self._add()
        self.replaced += 1  # (counted once the successor is in place: a request after it finds a worker)

    async def _replace(self, worker: _Worker) -> None:
        self.all.discard(worker)
        await worker.stop()
        await self._add_successor()

    def submit(self, task: str, args: dict[str, Any], seconds: float, long: bool = False) -> asyncio.Future[Answer]:
        """``task`` run within ``seconds`` (at least :data:`LEAST_TIME`),
        counted from now (``long``: one of the long requests): its
        :class:`Answer`, or Busy, TooLate, WorkerLost, TaskError or
        TaskFailed. Busy is raised here, at once, before anything waits; a
        task's ``seconds`` argument is replaced by what the wait left of that
        time, ``seconds`` at most. The quick requests and the long ones queue apart, each at
        most :attr:`queue` deep, so that long ones waiting for their slots
        never fill the quick ones' queue."""
        if long:
            free = self.long_limit - self.long_held
            if self.long_waiting >= self.queue + max(0, free):
                raise Busy
        elif self.waiting >= self.queue + self.idle.qsize():
            raise Busy
        place = _Place(long)
        self._count(long, 1)
        search = asyncio.ensure_future(self._run(place, task, args, seconds))
        search.add_done_callback(lambda _: self._leave(place))  # (also when cancelled before it started)
        return search

    def _leave(self, place: _Place) -> None:
        if not place.left:
            place.left = True
            self._count(place.long, -1)

    def _count(self, long: bool, step: int) -> None:
        if long:
            self.long_waiting += step
        else:
            self.waiting += step

    async def _run(self, place: _Place, task: str, args: dict[str, Any], seconds: float) -> Answer:
        loop = asyncio.get_running_loop()
        arrived, time = loop.time(), max(seconds, LEAST_TIME)
        slot = False
        try:
            while True:
                try:
                    async with asyncio.timeout_at(arrived + time):
                        if place.long and not slot:
                            await self.long_slots.acquire()
                            slot = True
                            self.long_held += 1
                        worker = await self._take()
                except TimeoutError:
                    raise TooLate(time) from None
                self._leave(place)
                waited = loop.time() - arrived
                given = max(0.0, min(seconds, time - waited))  # (0: a budget of microseconds spent taking a worker)
                timed = "seconds" in args
                payload = json.dumps({"task": task, "args": {**args, "seconds": given} if timed else args}).encode()
                text = await self._call(worker, payload, given, seconds)
                if text is not None:
                    return Answer(text, waited, given if timed else None)
        finally:
            if slot:
                self.long_held -= 1
                self.long_slots.release()

    async def _take(self) -> _Worker:
        """An idle worker, alive and working: one that died idle is skipped (its
        successor is on its way), and so is one found stopped or dead (its
        successor started now)."""
        while True:
            worker = await self.idle.get()
            if worker not in self.all:
                continue
            if worker.usable():
                worker.busy = True
                return worker
            self._succeed(worker)

    async def _call(self, worker: _Worker, payload: bytes, seconds: float, asked: float) -> str | None:
        """The worker's answer to ``payload`` within ``seconds`` (``asked``: the
        request's own); None when the worker turned out dead before it got it
        (replaced: the request is to be sent again)."""
        loop = asyncio.get_running_loop()
        try:
            await worker.send(payload)
        except OSError:  # (ConnectionError among them)
            self._succeed(worker)
            return None
        try:
            # (a worker that dies or stops before it took the request never had it: sent again, to its successor)
            taken, _ = await worker.receive(loop.time() + seconds + GRACE)
            if taken != TAKEN:
                raise EOFError
        except asyncio.CancelledError:
            await asyncio.shield(self._replace(worker))
            raise
        except (TimeoutError, _Stalled, EOFError, OSError, ValueError):
            await self._replace(worker)
            return None
        try:
            kind, text = await worker.receive(loop.time() + seconds + GRACE)
        except asyncio.CancelledError:  # the client went away: stop its search
            await asyncio.shield(self._replace(worker))
            raise
        except TimeoutError:
            await self._replace(worker)
            raise WorkerLost("overran", asked) from None
        except _Stalled:
            await self._replace(worker)
            raise WorkerLost("stalled", asked) from None
        except (EOFError, OSError, ValueError):  # (ValueError: a line past MAX_ANSWER)
            await self._replace(worker)
            raise WorkerLost("died", asked) from None
        worker.busy = False
        self.idle.put_nowait(worker)
        if kind == REFUSED:
            raise TaskError(json.loads(text))
        if kind == FAILED:
            raise TaskFailed(json.loads(text))
        return text

    async def close(self) -> None:
        self.closing = True
        for successor in list(self.starting):
            successor.cancel()
        for worker in list(self.all):
            await worker.stop()
        self.all.clear()

    def pids(self) -> list[int]:
        """The workers' process ids (the fault tests kill one)."""
        return [worker.process.pid for worker in self.all]


def default_workers() -> int:
    """One worker a core."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


if __name__ == "__main__":
    serve_requests()
