"""The HTTP layer under the web API (docs/serve.md, "Connections"):
uvicorn's h11 protocol with what it lacks.

- **A deadline for receiving a request.** uvicorn closes a kept-alive
  connection left idle for 5 s after an answer, but it has no timer at all
  for a request being received: a client sending a byte a second, or
  nothing, holds its connection for ever. Here a request must be received
  whole (its head and its body) within :data:`RECEIVE_SECONDS` of its first
  byte (the first request: of the connection's opening), or it is answered
  408 and closed.
- **A cap on the connections open at once** (:func:`connection_limits`,
  below the process's open-file limit, so that accepting one never fails
  for want of a file): beyond it, the connection idle the longest (waiting for a
  request, or still receiving one) is closed to make room; when every one is
  being answered, the newcomer is answered 503 and closed. So idle
  connections, however many, never keep a request from being answered.
- **Refusals as JSON.** A request HTTP itself refuses (a bad Content-Length,
  a bad chunk size, a head over :data:`MAX_HEAD` bytes) is answered, like
  every other refusal, with a one-line ``{"detail": ...}``, not uvicorn's
  plain text.

The protocol is pinned (``uvicorn.Config(http=...)``): uvicorn would pick
httptools instead, where installed, which has none of this.
"""

from __future__ import annotations

import asyncio
import json
import resource
from http import HTTPStatus
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

#: Seconds a request may take to arrive whole, from its first byte.
RECEIVE_SECONDS = 10.0
#: The longest head (request line and headers), bytes.
MAX_HEAD = 16 * 1024
#: Seconds a refused connection is still read (and what comes discarded) after its answer, before it
#: is closed: closed with the client's bytes unread, the system would reset the connection, and a reset
#: can destroy the answer before the client reads it (the "lingering close" of HTTP servers).
LINGER_SECONDS = 2.0
#: The most connections open at once, and accepted at a time (fewer when the open-file limit is low:
#: :func:`connection_limits`).
MAX_CONNECTIONS = 512
BACKLOG = 128

#: h11's reasons for refusing a request (the start of its message), in plain words.
_REFUSALS = {
    "bad Content-Length": "the request's Content-Length is not a number of bytes",
    "conflicting Content-Length": "the request has two different Content-Length headers",
    "illegal chunk header": "a chunk of the request's body does not start with its size in hexadecimal",
    "malformed chunk footer": "a chunk of the request's body is longer than its size",
    "Only Transfer-Encoding: chunked": "the request's Transfer-Encoding is not chunked (the only one understood)",
    "multiple Transfer-Encoding": "the request has more than one Transfer-Encoding header",
    "Receive buffer too long": f"the request's head (its URL and headers) is over {MAX_HEAD:,} bytes",
    "Missing mandatory Host": "the request has no Host header",
    "Found multiple Host": "the request has more than one Host header",
    "illegal request line": "the request's first line is not METHOD TARGET HTTP/1.1",
    "illegal header line": "a header of the request is not NAME: VALUE",
}


def connection_limits() -> tuple[int, int]:
    """The most connections open at once, and the most accepted at a time (asyncio accepts up to its
    listening backlog in one go, before any is counted): :data:`MAX_CONNECTIONS` and :data:`BACKLOG`,
    or a quarter and an eighth of the process's open-file limit (``ulimit -n``) when that is lower. The
    files in use can reach the cap plus twice the backlog: a batch just accepted, and as many
    connections closed to make room for it whose files close only on the event loop's next turn; the
    last quarter is left for the workers' pipes, the cache and the files served."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS, BACKLOG
    return max(1, min(MAX_CONNECTIONS, soft // 4)), max(1, min(BACKLOG, soft // 8))


def guarded_protocol(receive_seconds: float, cap: int) -> type[GuardedProtocol]:
    """The protocol class for ``uvicorn.Config(http=...)``, with this deadline and cap."""
    return type("GuardedProtocol", (GuardedProtocol,), {"receive_seconds": receive_seconds, "cap": cap})


class _Receiver(h11.Connection):
    """h11's server side, which keeps why it refused a request (uvicorn's handler drops it) and
    refuses a head over :data:`MAX_HEAD` however it arrived (h11 alone only when it came in pieces)."""

    def __init__(self) -> None:
        super().__init__(h11.SERVER, max_incomplete_event_size=MAX_HEAD)
        self.refusal: h11.RemoteProtocolError | None = None

    def next_event(self) -> Any:
        try:
            event = super().next_event()
        except h11.RemoteProtocolError as error:
            self.refusal = error
            raise
        if isinstance(event, h11.Request) and _head_size(event) > MAX_HEAD:
            self.refusal = h11.RemoteProtocolError("Receive buffer too long", error_status_hint=431)
            raise self.refusal
        return event


def _head_size(request: h11.Request) -> int:
    return len(request.method) + len(request.target) + sum(len(n) + len(v) + 4 for n, v in request.headers)


class GuardedProtocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for receiving each request, a cap on the connections
    and JSON refusals (module docstring); :func:`guarded_protocol` sets its deadline and cap."""

    receive_seconds = RECEIVE_SECONDS
    cap = MAX_CONNECTIONS

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.conn = self.receiver = _Receiver()
        self.deadline: asyncio.TimerHandle | None = None
        self.idle_since = self.loop.time()
        self.lingering = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self._open()) > self.cap and not self._make_room():
            self.refuse(503, "the server has too many connections open: ask again in a moment")
            return
        self._start_deadline()

    def data_received(self, data: bytes) -> None:
        if self.lingering:  # refused: what still comes is read and dropped
            return
        if self.deadline is None and self.conn.their_state is h11.IDLE:  # the first byte of the next request
            self._start_deadline()
        super().data_received(data)
        if not self._waiting_for_request():  # received whole (or refused)
            self._stop_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_deadline()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        self.idle_since = self.loop.time()
        super().on_response_complete()

    def send_400_response(self, msg: str) -> None:
        """A request HTTP refuses: its reason in one line of JSON (uvicorn's ``msg`` says only that it was invalid)."""
        refusal = self.receiver.refusal
        reason = str(refusal) if refusal is not None else ""
        detail = next(
            (words for start, words in _REFUSALS.items() if reason.startswith(start)),
            f"the request is not valid HTTP/1.1 ({reason.partition(':')[0] or 'unreadable'})",
        )
        self.refuse(refusal.error_status_hint if refusal is not None else 400, detail)

    def refuse(self, status: int, detail: str) -> None:
        """Answer ``status`` with a one-line ``detail`` and close the connection (any answer the app
        was making for it is dropped: it is told the client went)."""
        if self.cycle is not None and not self.cycle.response_complete:
            if self.cycle.response_started:  # (half an answer sent: nothing else can be said)
                self.transport.close()
                return
            self.cycle.disconnected = True
            self.cycle.message_event.set()
        body = json.dumps({"detail": detail}).encode()
        head = (
            f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
        )
        self.transport.write(head.encode() + body)
        self._close_lingering()

    def _close_lingering(self) -> None:
        """Send the end after the answer, read (and drop) what the client still sends for a moment,
        then close (:data:`LINGER_SECONDS`)."""
        self._stop_deadline()
        if not self.transport.can_write_eof():
            self.transport.close()
            return
        self.lingering = True
        self.transport.write_eof()
        self.transport.resume_reading()
        self.loop.call_later(LINGER_SECONDS, self.transport.close)

    def _waiting_for_request(self) -> bool:
        """Whether the connection has no request being answered: idle, or still receiving one."""
        return self.conn.their_state in (h11.IDLE, h11.SEND_BODY)

    def _open(self) -> list[GuardedProtocol]:
        return [c for c in self.connections if isinstance(c, GuardedProtocol) and not c.transport.is_closing()]

    def _make_room(self) -> bool:
        """Close the connection idle the longest, but this one: whether there was one."""
        idle = [c for c in self._open() if c is not self and c._waiting_for_request()]
        if not idle:
            return False
        oldest = min(idle, key=lambda c: c.idle_since)
        oldest.transport.close()  # (as a kept-alive connection is closed when idle: no answer)
        return True

    def _start_deadline(self) -> None:
        self._stop_deadline()
        self.deadline = self.loop.call_later(self.receive_seconds, self._too_slow)

    def _stop_deadline(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _too_slow(self) -> None:
        self.deadline = None
        if not self.transport.is_closing():
            self.refuse(408, f"the request did not arrive whole within {self.receive_seconds:g} s")
