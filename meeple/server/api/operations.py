"""Operations: whether this process can serve, its metrics, and the browser client's page."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse

from meeple.server.api.bodies import JsonRoute
from meeple.server.api.deps import Site
from meeple.server.site.metrics import CONTENT_TYPE

WEB = Path(__file__).resolve().parents[2] / "web"
"""The static browser client (no build step)."""

router = APIRouter(route_class=JsonRoute)


@router.get("/healthz")
async def healthz(site: Site) -> JSONResponse:
    """Whether this process can serve: its database (and Redis, when there is one)
    answers (503 when not)."""
    try:
        await asyncio.to_thread(site.store.ping)
    except Exception as err:  # any failure of the database is "not healthy"
        return JSONResponse(
            {"ok": False, "database": False, "error": type(err).__name__}, status_code=503
        )
    hub = site.hub
    answer: dict[str, Any] = {"ok": True, "database": True, "tables_live": len(hub.tables)}
    if hub.cluster is not None:
        try:
            await asyncio.wait_for(hub.cluster.ping(), 5)
        except Exception as err:  # Redis away or too slow
            return JSONResponse(
                {"ok": False, "database": True, "redis": False, "error": type(err).__name__},
                status_code=503,
            )
        answer |= {"redis": True, "process": hub.cluster.me}
    return JSONResponse(answer)


@router.get("/metrics", include_in_schema=False)
def prometheus(site: Site) -> PlainTextResponse:
    """Prometheus metrics: tables live, actions, action latency, clients, bots thinking."""
    return PlainTextResponse(site.metrics.text(), media_type=CONTENT_TYPE)


@router.get("/", include_in_schema=False)
def index() -> FileResponse:
    return FileResponse(WEB / "index.html")
