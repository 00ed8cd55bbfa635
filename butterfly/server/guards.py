"""How the API reads a request strictly, before any route sees it: the
body's size (:data:`MAX_BODY`, counted as it arrives), a JSON object that
names each key once, each query parameter given once, whole numbers in
ASCII digits, and a refusal's one line."""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from butterfly.games.errors import InputError, shown

#: The largest request body, bytes: a long game's record fits many times over.
MAX_BODY = 256 * 1024


def one_line(error: RequestValidationError) -> str:
    """The first problem of a request, as one line naming the field."""
    first = error.errors()[0]
    if first.get("type") == "json_invalid":
        return "the request body is not valid JSON"
    where = ".".join(str(part) for part in first.get("loc", ()) if part not in ("body", "query", "path"))
    message = str(first.get("msg", "invalid")).replace("\n", " ")
    return f"{where}: {message}" if where else message


class BodyLimit:
    """Refuse a request body over ``limit`` bytes (413), counted as it arrives."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length", b"0")
        if not length.isdigit() or int(length) > self.limit:
            await _too_large(send, self.limit)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise HTTPException(413, f"the request body is over {self.limit:,} bytes")
            return message

        await self.app(scope, counted, send)


async def _too_large(send: Send, limit: int) -> None:
    body = JSONResponse({"detail": f"the request body is over {limit:,} bytes"}, status_code=413).body
    await send({"type": "http.response.start", "status": 413, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})


def _single_names(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object that names each key once (the JSON parser alone would keep the last)."""
    named: dict[str, Any] = {}
    for name, value in pairs:
        if name in named:
            raise InputError(f"the request body gives {shown(name)} twice")
        named[name] = value
    return named


class SingleNamesRequest(Request):
    """A request whose JSON body names each key once (:func:`_single_names`)."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = json.loads(await self.body(), object_pairs_hook=_single_names)
        return self._json


class SingleNamesRoute(APIRoute):
    """An endpoint whose body is read by :class:`SingleNamesRequest`."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def read_strictly(request: Request) -> Response:
            return await handler(SingleNamesRequest(request.scope, request.receive))

        return read_strictly


def single_query_values(request: Request) -> None:
    """Each query parameter given once (otherwise the last would silently win)."""
    seen: set[str] = set()
    for name, _ in request.query_params.multi_items():
        if name in seen:
            raise InputError(f"the query gives {shown(name)} more than once")
        seen.add(name)


def _ascii_digits(value: object) -> object:
    if isinstance(value, str) and not (value.isascii() and value.isdigit()):
        raise PydanticCustomError("whole_number", "Input should be a whole number (ASCII digits 0-9 only)")
    return value


#: A query's whole number as the command line reads one: ASCII digits alone
#: (the validator by itself takes "0.0", " 5", "+5" and "5_000").
WholeNumber = BeforeValidator(_ascii_digits)
