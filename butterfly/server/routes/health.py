"""``GET /api/health``: the workers, the queue, the cache and the limits."""

from __future__ import annotations

from fastapi import APIRouter

from butterfly.server.dependencies import CacheDep, PoolDep, SettingsDep
from butterfly.server.guards import SingleNamesRoute
from butterfly.server.schema import HealthAnswer

router = APIRouter(route_class=SingleNamesRoute)


@router.get("/api/health", response_model=HealthAnswer, summary="The server's workers, queue and cache")
async def health(pool: PoolDep, cache: CacheDep, settings: SettingsDep) -> dict:
    return {
        "status": "ok",
        "workers": pool.workers,
        "waiting": pool.waiting,
        "long_waiting": pool.long_waiting,
        "replaced": pool.replaced,
        "cache": {"entries": len(cache.memory), "hits": cache.hits, "misses": cache.misses},
        "limits": {"max_nodes": settings.max_nodes, "max_seconds": settings.max_seconds},
    }
