"""The worker processes behind the web API: the searches run there, never
on the server's event loop.

- A fixed number of workers, each a process of its own (``python -m
  butterfly.server.pool``) that answers one request at a time, the request
  and the answer one line of JSON each over its pipes (nothing a client
  sends is ever unpickled).
- A bounded queue: when every worker is busy and :attr:`WorkerPool.queue`
  requests already wait, the next one is refused at once (:class:`Busy`:
  the API answers 429 with Retry-After).
- A request whose client goes away is cancelled: its worker is stopped and
  a fresh one takes its place, so the search stops with it.
- A worker that dies (killed, out of memory) or runs far past its
  request's time is replaced; the request gets :class:`WorkerLost` (503)
  and the next one is served by the new worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
import traceback
from typing import Any

#: Seconds a worker may run past its request's own time before it is stopped.
GRACE = 10.0
#: The longest answer a worker may send, bytes.
MAX_ANSWER = 64 * 1024 * 1024
#: A worker's reply is one line: one of these words, a space, and JSON: the
#: answer as the API sends it (kept as text: the server neither reads nor
#: writes it again), or the refusal's or the failure's message.
ANSWER, REFUSED, FAILED = "answer", "refused", "failed"


class Busy(Exception):
    """Every worker is busy and the queue is full."""


class WorkerLost(Exception):
    """The worker died, or ran past its time (``overran``), before it answered."""

    def __init__(self, overran: bool) -> None:
        super().__init__("overran" if overran else "died")
        self.overran = overran


class TaskError(Exception):
    """The task refused its input (the message is the InputError's line)."""


class TaskFailed(Exception):
    """The task failed in a way no input should make it (a bug): the worker
    said so and goes on; the message names the error."""


def serve_requests() -> None:
    """A worker (``python -m butterfly.server.pool``): read one request a
    line on standard input, write one answer a line; anything else the
    work prints goes to standard error."""
    from butterfly.games.errors import InputError
    from butterfly.server.tasks import run

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops its workers
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "w")
    sys.stdout = sys.stderr
    for line in sys.stdin:
        request = json.loads(line)
        try:
            reply = ANSWER + " " + json.dumps(run(request["task"], request["args"]), separators=(",", ":"))
        except InputError as error:
            reply = REFUSED + " " + json.dumps(str(error))
        except Exception as error:  # a bug: said to the server (and its trace to standard error), the worker lives on
            traceback.print_exc()
            reply = FAILED + " " + json.dumps(f"{type(error).__name__}: {error}".splitlines()[0])
        answers.write(reply + "\n")
        answers.flush()


class _Worker:
    """One worker process and its pipes."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

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
        return cls(process)

    async def call(self, payload: bytes, wait: float) -> tuple[str, str]:
        """Send a request and wait for its reply: its kind and its JSON text (TimeoutError, or EOFError when
        the worker died)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(payload + b"\n")
        await self.process.stdin.drain()
        line = await asyncio.wait_for(self.process.stdout.readline(), wait)
        if not line:
            raise EOFError
        kind, _, text = line.decode().rstrip("\n").partition(" ")
        return kind, text

    async def stop(self) -> None:
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
        await self.process.wait()


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
        self.long_slots = asyncio.Semaphore(max(1, workers - 1))

    async def start(self) -> None:
        for _ in range(self.workers):
            await self._add()

    async def _add(self) -> None:
        worker = await _Worker.start()
        self.all.add(worker)
        self.idle.put_nowait(worker)

    async def _replace(self, worker: _Worker) -> None:
        self.all.discard(worker)
        await worker.stop()
        await self._add()
        self.replaced += 1  # (counted once its successor is in place: a request after it finds a worker)

    async def run(self, task: str, args: dict[str, Any], seconds: float, long: bool = False) -> str:
        """The answer of ``task`` as JSON text (``long``: one of the long requests);
        Busy, WorkerLost, TaskError or TaskFailed otherwise. The quick requests and the
        long ones queue apart, each at most :attr:`queue` deep, so that long
        ones waiting for their slots never fill the quick ones' queue."""
        waiting = self.long_waiting if long else self.waiting
        if waiting >= self.queue and (self.long_slots.locked() if long else self.idle.empty()):
            raise Busy
        self._count(long, 1)
        try:
            if long:
                await self.long_slots.acquire()
            try:
                worker = await self.idle.get()
            except BaseException:
                if long:
                    self.long_slots.release()
                raise
        finally:
            self._count(long, -1)
        try:
            return await self._call(worker, task, args, seconds)
        finally:
            if long:
                self.long_slots.release()

    def _count(self, long: bool, step: int) -> None:
        if long:
            self.long_waiting += step
        else:
            self.waiting += step

    async def _call(self, worker: _Worker, task: str, args: dict[str, Any], seconds: float) -> str:
        payload = json.dumps({"task": task, "args": args}).encode()
        try:
            kind, text = await worker.call(payload, seconds + GRACE)
        except asyncio.CancelledError:  # the client went away: stop its search
            await asyncio.shield(self._replace(worker))
            raise
        except TimeoutError:
            await self._replace(worker)
            raise WorkerLost(overran=True) from None
        except (EOFError, OSError, ValueError):  # (ValueError: a line past MAX_ANSWER)
            await self._replace(worker)
            raise WorkerLost(overran=False) from None
        self.idle.put_nowait(worker)
        if kind == REFUSED:
            raise TaskError(json.loads(text))
        if kind == FAILED:
            raise TaskFailed(json.loads(text))
        return text

    async def close(self) -> None:
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
