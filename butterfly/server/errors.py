"""Each refusal and failure as its response, one handler an error: a
status code and a JSON object whose ``detail`` is one line naming what is
wrong (docs/serve.md, "Errors"). The pool's errors (:mod:`butterfly.server.pool`)
are raised by the routes as they come and answered here."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException

from butterfly.games.errors import InputError
from butterfly.server.asking import ClientGone
from butterfly.server.guards import one_line
from butterfly.server.pool import Busy, TaskError, TaskFailed, TooLate, WorkerLost

#: Seconds a client is told to wait when the queue is full or no worker came free in time.
RETRY_AFTER = 1
#: Why a search stopped before it answered (:class:`WorkerLost`), said to the client.
LOST = {
    "died": "the search stopped before it answered (its worker was replaced): ask again",
    "stalled": "the worker stopped answering and was replaced: ask again",
}


def _refusal(detail: str, status: int, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"detail": detail}, status_code=status, headers=headers)


async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
    return _refusal(one_line(error), 422)


async def unreadable(request: Request, error: HTTPException) -> Response:
    if error.status_code == 400 and isinstance(error.__cause__, InputError):  # (a key named twice)
        return _refusal(str(error.__cause__), 422)
    if error.status_code == 400 and isinstance(error.__cause__, ValueError | RecursionError):
        # FastAPI's "error parsing the body": bytes not UTF-8, JSON nested too deep or a number too long
        return _refusal("the request body is not valid JSON", 422)
    return await http_exception_handler(request, error)


async def refused(request: Request, error: InputError) -> JSONResponse:
    return _refusal(str(error).splitlines()[0] if str(error) else "refused", 422)


async def gone(request: Request, error: ClientGone) -> JSONResponse:
    return _refusal("the client closed the connection", 499)


async def busy(request: Request, error: Busy) -> JSONResponse:
    detail = "the server is busy: every worker is taken and the queue is full"
    return _refusal(detail, 429, {"Retry-After": str(RETRY_AFTER)})


async def too_late(request: Request, error: TooLate) -> JSONResponse:
    detail = f"the server was too busy to start this search within {error.seconds:g} s: ask again"
    return _refusal(detail, 503, {"Retry-After": str(RETRY_AFTER)})


async def lost(request: Request, error: WorkerLost) -> JSONResponse:
    if error.why == "overran":
        detail = f"the search ran past its {error.seconds:g} s and was stopped: ask with a smaller position or budget"
    else:
        detail = LOST[error.why]
    return _refusal(detail, 503)


async def refused_by_task(request: Request, error: TaskError) -> JSONResponse:
    return _refusal(str(error), 422)


async def failed(request: Request, error: TaskFailed) -> JSONResponse:
    # (a bug in the engine, not the request: asking again fails the same way)
    return _refusal(f"the engine failed on this request ({error}): please report it", 500)


#: Every error the routes raise, with its handler.
HANDLERS: dict[int | type[Exception], Callable[[Request, Any], Coroutine[Any, Any, Response]]] = {
    RequestValidationError: invalid,
    HTTPException: unreadable,
    InputError: refused,
    ClientGone: gone,
    Busy: busy,
    TooLate: too_late,
    WorkerLost: lost,
    TaskError: refused_by_task,
    TaskFailed: failed,
}
