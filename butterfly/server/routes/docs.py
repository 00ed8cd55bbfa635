"""The interactive API page (``/docs``), its script and style served by the
server itself (the swagger-ui-bundle package's copy), not from a CDN: it
works without the internet."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse

from butterfly.server.guards import SingleNamesRoute

#: Where the page's script and style are served from.
DOCS_ASSETS = "/docs/assets"

router = APIRouter(route_class=SingleNamesRoute)


@router.get("/docs", include_in_schema=False)
async def docs(request: Request) -> HTMLResponse:
    return get_swagger_ui_html(
        openapi_url=request.app.openapi_url or "/openapi.json",
        title="butterfly: the web API",
        swagger_js_url=f"{DOCS_ASSETS}/swagger-ui-bundle.js",
        swagger_css_url=f"{DOCS_ASSETS}/swagger-ui.css",
        swagger_favicon_url=f"{DOCS_ASSETS}/favicon-32x32.png",
    )
