"""The web API of ``butterfly serve`` (docs/serve.md): the commands'
answers as JSON, the built daily site beside them, the OpenAPI description
at ``/openapi.json`` and its interactive page at ``/docs``.

Every request is bounded before any work starts: the body's size and its
keys (:mod:`butterfly.server.guards`), every string and number
(:mod:`butterfly.server.requests`), and the budget, cut to the server's
own limits (:mod:`butterfly.server.settings`). The endpoints are in
:mod:`butterfly.server.routes`, given the pool and the cache as
dependencies (:mod:`butterfly.server.dependencies`); each refusal or
failure has its handler (:mod:`butterfly.server.errors`). The searches run
in the worker pool (:mod:`butterfly.server.pool`), answered from the cache
when asked before (:mod:`butterfly.server.cache`).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import swagger_ui_bundle
from fastapi import Depends, FastAPI
from starlette.staticfiles import StaticFiles

from butterfly.server.asking import SharedSearches
from butterfly.server.cache import AnswerCache
from butterfly.server.dependencies import Services
from butterfly.server.errors import HANDLERS
from butterfly.server.guards import MAX_BODY, BodyLimit, single_query_values
from butterfly.server.pool import WorkerPool
from butterfly.server.routes import docs, health, positions, searches
from butterfly.server.settings import Settings


def make_app(settings: Settings) -> FastAPI:
    """The API with its pool, cache and (when given) the built site."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        cache = AnswerCache(settings.cache)
        pool = WorkerPool(settings.workers, settings.queue_length)
        await pool.start()
        app.state.services = Services(settings, pool, cache, SharedSearches())
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
        docs_url=None,  # (routes.docs serves it from this machine, not from a CDN)
        dependencies=[Depends(single_query_values)],
        exception_handlers=HANDLERS,
    )
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.mount(docs.DOCS_ASSETS, StaticFiles(directory=swagger_ui_bundle.swagger_ui_path), name="docs-assets")
    for room in (docs, health, positions, searches):
        app.include_router(room.router)
    if settings.site is not None:
        app.mount("/", StaticFiles(directory=settings.site, html=True), name="site")
    return app
