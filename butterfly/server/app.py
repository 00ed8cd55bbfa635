"""The web API of ``butterfly serve`` (docs/serve.md): the commands'
answers as JSON, the built daily site beside them, the OpenAPI description
at ``/openapi.json`` and its interactive page at ``/docs``.

Every request is bounded before any work starts: the body's size
(:data:`MAX_BODY`), every string and number (the request models), and the
budget, cut to the server's own limits. A request that is wrong gets a 4xx
whose ``detail`` is one line naming what is wrong (422 for a well-formed
request the rules refuse); the searches run in the worker pool
(:mod:`butterfly.server.pool`), answered from the cache when asked before
(:mod:`butterfly.server.cache`).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import functools
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import swagger_ui_bundle
from fastapi import Depends, FastAPI, Path, Query, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.routing import APIRoute
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field
from pydantic_core import PydanticCustomError
from starlette.exceptions import HTTPException
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from butterfly.games.deals import MAX_DEAL
from butterfly.games.errors import InputError, shown
from butterfly.games.notation import MAX_LINE
from butterfly.games.patience.notation import position_line
from butterfly.games.patience.rules import PRESETS, VARIANTS, Position, make_rules
from butterfly.server.cache import AnswerCache, key_of
from butterfly.server.pool import Answer, Busy, TaskError, TaskFailed, TooLate, WorkerLost, WorkerPool
from butterfly.server.tasks import canonical_line, moves_task

#: The largest request body, bytes: a long game's record fits many times over.
MAX_BODY = 256 * 1024
#: The longest record, characters.
MAX_RECORD = 100_000
#: Requests that may wait for a worker, a worker: a longer queue only makes
#: everyone wait longer, where a quick 429 lets a client ask again later.
QUEUE_PER_WORKER = 4
#: Seconds a client is told to wait when the queue is full.
RETRY_AFTER = 1
#: The most seconds a solve or a patience analysis may ask and still queue
#: with the quick requests: the board asks first with a fraction of a second
#: and then with more for the moves left undecided, and the second asking,
#: like every search given more than this, waits with the long requests, so
#: that a search of seconds never holds up the quick ones.
QUICK_SECONDS = 1.0
#: Where the interactive docs' script and style are served from (the swagger-ui-bundle package's copy).
DOCS_ASSETS = "/docs/assets"
#: How often a running request checks that its client is still there, seconds.
WATCH_EVERY = 0.2
#: An answer is kept in the cache when its search had at least this share of
#: its request's seconds: one cut short by a wait for a worker might have
#: gone further with its whole time, and is searched again when asked again.
FULL_TIME_SHARE = 0.95


@dataclass(frozen=True)
class Settings:
    """The server's own limits: every request's budget is cut to them."""

    workers: int = 2
    queue: int | None = None  # (None: QUEUE_PER_WORKER a worker)
    max_nodes: int = 2_000_000
    max_seconds: float = 10.0
    cache: str | None = None
    site: str | None = None

    def __post_init__(self) -> None:
        # (no time at all would refuse every search as too late: said here, whoever builds the settings)
        if not self.max_seconds > 0:
            raise ValueError(f"max_seconds must be above 0, not {self.max_seconds}")
        if self.workers < 1:
            raise ValueError(f"workers must be 1 or more, not {self.workers}")


def _any_case(name: str) -> str:
    return "".join(f"[{letter.lower()}{letter.upper()}]" if letter.isalpha() else letter for letter in name)


#: What a position's line may be (docs/formats.md, "One-line positions"), for
#: the OpenAPI description: a game's name in any case, then fields, each a
#: tag letter and its value in the characters a URL carries as they are. The
#: games' notation checks the rest, with its own messages.
LINE_PATTERN = (
    r"^\s*(?:"
    + "|".join(_any_case(game) for game in (*PRESETS, "papillon", "mouche"))
    + r")(?:_[A-Za-z][A-Za-z0-9.~-]*)*\s*$"
)
#: Deal 1 of Butterfly (``butterfly deal 1 --format line``), the last four
#: moves of its shortest line, and a Papillon hand near its end: the examples
#: of the API's description.
DEAL_1 = (
    "butterfly_fACADAHAS_b-_l7D9C4D8H8D.5SJD6D9SJC.5DKD3C2D.JH5H7H4H2C.6SKCKHTHTS"
    "_rJSTD8SQC4S.6C7C5CKS6H.QSQHQD9D.3D3S4C2H8C.TC3H2S9H7S"
)
DEAL_1_ENDING = "butterfly_fKCKDJHJS_bKHKS_l-.-.-.-.-_r-.-.QSQH.-.-"
PAPILLON_ENDING = "papillon_h9S.KH.KS_t2C_w20.17.11_c250.262.248_p60_d0_m2"

Line = Annotated[
    str,
    Field(
        min_length=1,
        max_length=MAX_LINE,
        description="A position's line (docs/formats.md).",
        json_schema_extra={"pattern": LINE_PATTERN},
    ),
]
Nodes = Annotated[
    int | None, Field(ge=1, le=1 << 62, description="Positions the search may expand (cut to the server's limit).")
]
Seconds = Annotated[
    float | None, Field(gt=0, le=86_400, description="Seconds the request may take (cut to the server's limit).")
]


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # strict: "100" or true is no number of nodes


def _examples(*examples: dict[str, Any]) -> ConfigDict:
    return ConfigDict(json_schema_extra={"examples": list(examples)})


class SolveRequest(_Request):
    model_config = _examples({"position": DEAL_1}, {"position": DEAL_1_ENDING, "shortest": True, "seconds": 1})

    position: Line
    shortest: bool = Field(False, description="Find a shortest line (optimal, or bounded with a proved bound).")
    max_nodes: Nodes = None
    seconds: Seconds = None


class AnalyseRequest(_Request):
    model_config = _examples(
        {"position": DEAL_1_ENDING, "lines": "best", "seconds": 0.1}, {"position": PAPILLON_ENDING, "as_player": 2}
    )

    position: Line
    lengths: bool = Field(False, description="Give each winning move its shortest line (patience).")
    lines: Literal["all", "best"] = Field(
        "all", description="Without lengths: shorten every winning line, or the best one's alone (quicker; patience)."
    )
    as_player: int | None = Field(None, ge=0, le=5, description="Judge from this seat (card games).")
    worlds: int | None = Field(None, ge=1, le=5_000, description="Deals of the unseen cards to solve (card games).")
    seed: int = Field(0, ge=0, le=(1 << 31) - 1)
    max_nodes: Nodes = None
    seconds: Seconds = None


class ReviewRequest(_Request):
    model_config = _examples({"record": "QH R3>B\nQS R3>F\nQH B>F\nKH B>F\nKS B>F", "position": DEAL_1_ENDING})

    record: str = Field(
        min_length=1, max_length=MAX_RECORD, description="A game record (docs/formats.md) or a move list."
    )
    position: Line | None = Field(None, description="The deal, when the record names none (patience).")
    game: Literal["patience", "papillon", "mouche"] = "patience"
    lengths: bool = Field(True, description="Par and the moves over par (patience).")
    worlds: int | None = Field(None, ge=1, le=5_000, description="Deals of the unseen cards (card games).")
    max_nodes: Nodes = None
    seconds: Seconds = None


class RateRequest(_Request):
    model_config = _examples({"position": DEAL_1})

    position: Line


class MovesRequest(_Request):
    model_config = _examples({"position": PAPILLON_ENDING})

    position: Line = Field(description="A Papillon or La Mouche position's line, every hand shown.")


class Detail(BaseModel):
    """Why a request was not answered, in one line."""

    detail: str


#: The refusals every endpoint may give, each a one-line ``detail``.
REFUSALS: dict[int | str, dict[str, Any]] = {
    413: {"model": Detail, "description": "The request body is too large."},
    422: {"model": Detail, "description": "The request is wrong: the detail names the field and the problem."},
}
#: ... and those of the endpoints that run a search.
SEARCH_REFUSALS: dict[int | str, dict[str, Any]] = {
    **REFUSALS,
    429: {"model": Detail, "description": "Every worker is busy and the queue is full: ask again after Retry-After."},
    503: {
        "model": Detail,
        "description": "No worker was free within the request's seconds, or the search stopped before it answered "
        "(its worker was replaced): the detail says which.",
    },
}
#: Why a search stopped before it answered (:class:`WorkerLost`), said to the client.
LOST = {
    "died": "the search stopped before it answered (its worker was replaced): ask again",
    "stalled": "the worker stopped answering and was replaced: ask again",
}


def _one_line(error: RequestValidationError) -> str:
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


async def _too_large(send: Send, limit: int) -> None:
    body = JSONResponse({"detail": f"the request body is over {limit:,} bytes"}, status_code=413).body
    await send({"type": "http.response.start", "status": 413, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})


def make_app(settings: Settings) -> FastAPI:
    """The API with its pool, cache and (when given) the built site."""
    state: dict[str, Any] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        cache = AnswerCache(settings.cache)
        queue = settings.queue if settings.queue is not None else QUEUE_PER_WORKER * settings.workers
        pool = WorkerPool(settings.workers, queue)
        await pool.start()
        state.update(pool=pool, cache=cache)
        try:
            yield
        finally:
            await pool.close()
            cache.close()

    app = FastAPI(
        title="butterfly",
        summary="Solve, analyse and review Butterfly, its sibling patiences, Papillon and La Mouche.",
        version="1",
        lifespan=lifespan,
        docs_url=None,  # (served below from this machine, not from a CDN: it works without the internet)
        dependencies=[Depends(single_query_values)],
    )
    app.router.route_class = SingleNamesRoute
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.mount(DOCS_ASSETS, StaticFiles(directory=swagger_ui_bundle.swagger_ui_path), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title="butterfly: the web API",
            swagger_js_url=f"{DOCS_ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{DOCS_ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{DOCS_ASSETS}/favicon-32x32.png",
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _one_line(error)}, status_code=422)

    @app.exception_handler(HTTPException)
    async def unreadable(request: Request, error: HTTPException) -> Response:
        if error.status_code == 400 and isinstance(error.__cause__, InputError):  # (a key named twice)
            return JSONResponse({"detail": str(error.__cause__)}, status_code=422)
        if error.status_code == 400 and isinstance(error.__cause__, ValueError | RecursionError):
            # FastAPI's "error parsing the body": bytes not UTF-8, JSON nested too deep or a number too long
            return JSONResponse({"detail": "the request body is not valid JSON"}, status_code=422)
        return await http_exception_handler(request, error)

    @app.exception_handler(ClientGone)
    async def gone(request: Request, error: ClientGone) -> JSONResponse:
        return JSONResponse({"detail": "the client closed the connection"}, status_code=499)

    @app.exception_handler(InputError)
    async def refused(request: Request, error: InputError) -> JSONResponse:
        return JSONResponse({"detail": str(error).splitlines()[0] if str(error) else "refused"}, status_code=422)

    searches = SharedSearches()

    def budget(max_nodes: int | None, seconds: float | None) -> tuple[int, float]:
        return min(max_nodes or settings.max_nodes, settings.max_nodes), min(
            seconds or settings.max_seconds, settings.max_seconds
        )

    async def answer(request: Request, task: str, args: dict[str, Any], seconds: float, long: bool = False) -> Response:
        """The task's answer: from the cache, or from a worker while the client waits, within ``seconds``
        counted from now (the wait for a worker too)."""
        cache: AnswerCache = state["cache"]
        pool: WorkerPool = state["pool"]
        key = key_of(task, args)
        cached = cache.get_text(key)
        if cached is not None:
            return Response(cached, media_type="application/json", headers={"X-Cache": "hit"})
        retry = {"Retry-After": str(RETRY_AFTER)}
        try:
            # (a full queue raises Busy before anything here waits: the 429 is immediate)
            found: Answer = await searches.run(key, lambda: pool.submit(task, args, seconds, long), request)
        except Busy:
            busy = "the server is busy: every worker is taken and the queue is full"
            return JSONResponse({"detail": busy}, status_code=429, headers=retry)
        except TooLate as late:
            too_late = f"the server was too busy to start this search within {late.seconds:g} s: ask again"
            return JSONResponse({"detail": too_late}, status_code=503, headers=retry)
        except WorkerLost as lost:
            if lost.why == "overran":
                why = f"the search ran past its {seconds:g} s and was stopped: ask with a smaller position or budget"
            else:
                why = LOST[lost.why]
            return JSONResponse({"detail": why}, status_code=503)
        except TaskError as error:
            return JSONResponse({"detail": str(error)}, status_code=422)
        except TaskFailed as error:  # (a bug in the engine, not the request: asking again fails the same way)
            return JSONResponse({"detail": f"the engine failed on this request ({error}): please report it"}, 500)
        headers = {"X-Cache": "miss", "X-Queue-Seconds": f"{found.waited:.3f}"}
        if found.given is not None:
            headers["X-Search-Seconds"] = f"{found.given:.3f}"
        if found.given is None or found.given >= FULL_TIME_SHARE * seconds:
            cache.put(key, found.text)
        return Response(found.text, media_type="application/json", headers=headers)

    @app.get("/api/health", summary="The server's workers, queue and cache")
    async def health() -> dict:
        pool: WorkerPool = state["pool"]
        cache: AnswerCache = state["cache"]
        return {
            "status": "ok",
            "workers": pool.workers,
            "waiting": pool.waiting,
            "long_waiting": pool.long_waiting,
            "replaced": pool.replaced,
            "cache": {"entries": len(cache.memory), "hits": cache.hits, "misses": cache.misses},
            "limits": {"max_nodes": settings.max_nodes, "max_seconds": settings.max_seconds},
        }

    @app.get(
        "/api/deal",
        responses=REFUSALS,
        summary="A deal by number, or PySolFC's game by its number, as a position's line",
    )
    async def deal(
        game: Literal[tuple(PRESETS)] = "butterfly",  # type: ignore[valid-type]
        number: Annotated[int | None, Query(ge=0, le=MAX_DEAL, examples=[1]), WholeNumber] = None,
        pysol: Annotated[str | None, Query(min_length=1, max_length=40, examples=["12345"])] = None,
        variant: Literal[tuple(VARIANTS)] | None = None,  # type: ignore[valid-type]
        cells: Annotated[int | None, Query(ge=0, le=52), WholeNumber] = None,
    ) -> dict:
        from butterfly.games.patience import pysol as pysol_numbers

        if (number is None) == (pysol is None):
            raise InputError("give a deal number or a PySolFC game number (pysol), one of the two")
        rules = make_rules(game, variant, cells)
        pysol_number = None
        if pysol is not None:
            if game not in pysol_numbers.PYSOL_GAMES:
                raise InputError(f"PySolFC numbers {', '.join(pysol_numbers.PYSOL_GAMES)}, not {game}")
            pysol_number = pysol_numbers.parse_game_number(pysol)  # (the number as PySolFC reads it: "#1,234" is 1234)
            position = pysol_numbers.pysol_deal(pysol_number, rules)
        else:
            position = Position.deal(number, rules)  # type: ignore[arg-type]
        return {"game": rules.name, "number": number, "pysol": pysol_number, "position": position_line(position)}

    @app.get(
        "/api/daily/{day}",
        responses=REFUSALS,
        summary="The daily puzzle of a date (YYYY-MM-DD, or today by the server's clock)",
    )
    async def daily(day: Annotated[str, Path(max_length=10)]) -> dict:
        from butterfly.puzzles.daily import day_in, load_calendar, parse_date

        date = datetime.date.today() if day == "today" else parse_date(day)
        days = await asyncio.to_thread(load_calendar)
        entry = day_in(days, date)
        calendar = {"first": days[0].date.isoformat(), "last": days[-1].date.isoformat()}
        return {**entry.to_json(), "calendar": calendar}

    @app.post(
        "/api/solve",
        responses=SEARCH_REFUSALS,
        summary="Solve a patience position: won with a line, lost (proved), or not decided",
    )
    async def solve(body: SolveRequest, request: Request) -> Response:
        nodes, seconds = budget(body.max_nodes, body.seconds)
        args = {
            "position": canonical_line(body.position),
            "max_nodes": nodes,
            "seconds": seconds,
            "shortest": body.shortest,
        }
        return await answer(request, "solve", args, seconds, long=body.shortest or seconds > QUICK_SECONDS)

    @app.post("/api/analyse", responses=SEARCH_REFUSALS, summary="Every legal move of a position with its value")
    async def analyse(body: AnalyseRequest, request: Request) -> Response:
        nodes, seconds = budget(body.max_nodes, body.seconds)
        line = canonical_line(body.position)
        args = {
            "position": line,
            "max_nodes": nodes,
            "seconds": seconds,
            "lengths": body.lengths,
            "lines": body.lines,
            "as_player": body.as_player,
            "worlds": body.worlds,
            "seed": body.seed,
        }
        card_game = line.startswith(("papillon", "mouche"))
        long = body.lengths or card_game or seconds > QUICK_SECONDS
        return await answer(request, "analyse", args, seconds, long=long)

    @app.post(
        "/api/review",
        responses=SEARCH_REFUSALS,
        summary="A game as played, reviewed: the losing move, par, each move judged",
    )
    async def review(body: ReviewRequest, request: Request) -> Response:
        nodes, seconds = budget(body.max_nodes, body.seconds)
        args = {
            "record": body.record,
            "position": None if body.position is None else canonical_line(body.position),
            "game": body.game,
            "max_nodes": nodes,
            "seconds": seconds,
            "lengths": body.lengths,
            "worlds": body.worlds,
        }
        return await answer(request, "review", args, seconds, long=True)

    @app.post(
        "/api/moves",
        responses=REFUSALS,
        summary="A card game's position played through: each legal move and the position it leads to",
    )
    async def moves(body: MovesRequest) -> dict:
        # The rules alone, no search: in a thread of the server, not a worker, and not cached.
        return await asyncio.to_thread(moves_task, body.position)

    @app.post(
        "/api/rate",
        responses=SEARCH_REFUSALS,
        summary="A patience deal's difficulty: rating and grade, with the reason",
    )
    async def rate(body: RateRequest, request: Request) -> Response:
        args = {"position": canonical_line(body.position)}
        return await answer(request, "rate", args, settings.max_seconds, long=True)

    if settings.site is not None:
        app.mount("/", StaticFiles(directory=settings.site, html=True), name="site")
    app.state.pool_state = state
    return app


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


class ClientGone(Exception):
    """The client closed its connection before the answer."""
