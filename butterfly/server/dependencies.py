"""What the routes are given (FastAPI dependencies): the running server's
settings, worker pool and answer cache, made by the app's lifespan and
kept in one typed object, :class:`Services`. Tests reach them through
:func:`services_of`, or replace one with ``app.dependency_overrides``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, FastAPI, Request

from butterfly.server.asking import Asking, SharedSearches
from butterfly.server.cache import AnswerCache
from butterfly.server.pool import WorkerPool
from butterfly.server.settings import Settings


@dataclass(frozen=True)
class Services:
    """The running server's parts, from its start to its stop."""

    settings: Settings
    pool: WorkerPool
    cache: AnswerCache
    searches: SharedSearches


def services_of(app: FastAPI) -> Services:
    """The running app's services (its lifespan started them)."""
    services = app.state.services
    if not isinstance(services, Services):
        raise RuntimeError("the app's lifespan has not started")
    return services


def services(request: Request) -> Services:
    return services_of(request.app)


ServicesDep = Annotated[Services, Depends(services)]


def settings(running: ServicesDep) -> Settings:
    return running.settings


def pool(running: ServicesDep) -> WorkerPool:
    return running.pool


def cache(running: ServicesDep) -> AnswerCache:
    return running.cache


SettingsDep = Annotated[Settings, Depends(settings)]
PoolDep = Annotated[WorkerPool, Depends(pool)]
CacheDep = Annotated[AnswerCache, Depends(cache)]


def asking(request: Request, running: ServicesDep, pool: PoolDep, cache: CacheDep) -> Asking:
    return Asking(request, cache, pool, running.searches)


AskingDep = Annotated[Asking, Depends(asking)]
