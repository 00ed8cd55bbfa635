"""How a request gets its task's answer: from the cache, or from a worker
while its client waits (a request asked again while its search runs waits
for that search), kept in the cache when its search had its time. The
pool's refusals and failures are raised as they are: each has its own
response (:mod:`butterfly.server.errors`)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from fastapi.responses import Response

from butterfly.server.cache import AnswerCache, key_of
from butterfly.server.pool import Answer, WorkerPool

#: How often a running request checks that its client is still there, seconds.
WATCH_EVERY = 0.2
#: An answer is kept in the cache when its search had at least this share of
#: its request's seconds: one cut short by a wait for a worker might have
#: gone further with its whole time, and is searched again when asked again.
FULL_TIME_SHARE = 0.95


class ClientGone(Exception):
    """The client closed its connection before the answer."""


@dataclass
class Asking:
    """One request's way to its task's answer."""

    request: Request
    cache: AnswerCache
    pool: WorkerPool
    searches: SharedSearches

    async def answer(self, task: str, args: dict[str, Any], seconds: float, long: bool = False) -> Response:
        """The task's answer: from the cache, or from a worker while the client waits, within ``seconds``
        counted from now (the wait for a worker too); ``long``: one of the long requests."""
        key = key_of(task, args)
        cached = self.cache.get_text(key)
        if cached is not None:
            return Response(cached, media_type="application/json", headers={"X-Cache": "hit"})
        # (a full queue raises Busy before anything here waits: the 429 is immediate)
        found = await self.searches.run(key, lambda: self.pool.submit(task, args, seconds, long), self.request)
        headers = {"X-Cache": "miss", "X-Queue-Seconds": f"{found.waited:.3f}"}
        if found.given is not None:
            headers["X-Search-Seconds"] = f"{found.given:.3f}"
        if found.given is None or found.given >= FULL_TIME_SHARE * seconds:
            self.cache.put(key, found.text)
        return Response(found.text, media_type="application/json", headers=headers)


async def _watched(request: Request, work: Awaitable[Answer]) -> Answer:
    """``work``'s result, cancelled (its worker freed) when the client goes away."""
    task = asyncio.ensure_future(work)
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=WATCH_EVERY)
            if done:
                return task.result()
            if await request.is_disconnected():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
                raise ClientGone
    finally:
        if not task.done():
            task.cancel()


class SharedSearches:
    """The searches running, by request key: a request asked again while its
    search runs waits for that search instead of starting another (a crowd
    asking the day's position is one search, and one place in the queue).
    A search is stopped only when every client waiting for it has gone."""

    def __init__(self) -> None:
        self.running: dict[str, _Shared] = {}

    async def run(self, key: str, start: Callable[[], asyncio.Future[Answer]], request: Request) -> Answer:
        """``start``'s answer, or that of the same search already running; what
        ``start`` raises at once (Busy) is raised before anything waits."""
        shared = self.running.get(key)
        if shared is None:
            shared = self.running[key] = _Shared(start())
            shared.search.add_done_callback(functools.partial(self._done, key, shared))
        shared.clients += 1
        try:
            return await _watched(request, asyncio.shield(shared.search))
        finally:
            shared.clients -= 1
            if not shared.clients and not shared.search.done():
                shared.search.cancel()  # (its worker is replaced: the search stops)
                self._forget(key, shared)

    def _done(self, key: str, shared: _Shared, search: asyncio.Future[Answer]) -> None:
        self._forget(key, shared)

    def _forget(self, key: str, shared: _Shared) -> None:
        if self.running.get(key) is shared:
            del self.running[key]


@dataclass
class _Shared:
    search: asyncio.Future[Answer]
    clients: int = 0
