"""The operations routes: ``/api/health`` (the process answers), ``/api/ready`` (its
database and its bus answer: a proxy or an orchestrator stops sending it members
otherwise). ``/metrics`` is not served here, on the players' port, but on a listener of
its own (:mod:`.exposition`)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from .state import TheHub
from .strict import StrictJSONRoute

READY_TIMEOUT = 2.0  #: seconds each part has to answer ``/api/ready``

router = APIRouter(route_class=StrictJSONRoute)


@router.get("/api/health")
async def health(hub: TheHub) -> dict[str, Any]:
    """Liveness: the process answers; the rooms it owns; its id among the processes
    that share the bus (``local`` alone)."""
    return {"ok": True, "rooms": len(hub.rooms), "process": hub.cluster.me}


@router.get("/api/ready", responses={503: {"description": "the database or the bus is down"}})
async def ready(hub: TheHub) -> JSONResponse:
    """Readiness: the database and the bus answer (503 with the failing part if not)."""
    checks: dict[str, bool] = {}
    for name, probe in (("database", hub.store.ping), ("bus", hub.pubsub.ping)):
        try:
            checks[name] = bool(await asyncio.wait_for(probe(), READY_TIMEOUT))
        except Exception:
            checks[name] = False
    ok = all(checks.values())
    return JSONResponse({"ok": ok, **checks}, status_code=200 if ok else 503)
