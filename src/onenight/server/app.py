"""The FastAPI app: an HTTP API (OpenAPI page at /docs) and the WebSocket at /ws.

``create_app`` only wires: it opens the store, the bus and the cluster, makes the hub,
and includes the routers, each a module of its own: the rooms (:mod:`.rooms`), the
editions and decks (:mod:`.decks`), the operations routes (:mod:`.health`), the browser
client (:mod:`.client`) and the table narrator (:mod:`.table`)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

from fastapi import FastAPI, WebSocket

from onenight.bots.seats import BotSeats
from onenight.cluster import open_cluster
from onenight.pubsub import open_pubsub
from onenight.session.hub import Hub
from onenight.session.limits import Limits
from onenight.storage import open_store

from .client import router as client_router
from .decks import router as decks_router
from .guard import Guard, Origins
from .headers import SecurityHeaders
from .health import router as health_router
from .ops import Metrics
from .problems import problems
from .rooms import router as rooms_router
from .strict import StrictJSONRoute
from .suggestions import Suggestions
from .table import router as table_router
from .voice import IceConfig
from .ws import Connection


class OnenightApp(FastAPI):
    """The FastAPI app, with the game's WebSocket (``/ws``) served straight from ASGI.

    FastAPI's stack (its exception, telemetry and body-limit middleware, the router,
    dependency solving) would add about 17 coroutines and a dozen objects to every open
    connection, and a wrapper call to every frame sent; with thousands of members those
    objects make the garbage collector's full passes (and the pauses every member feels)
    much longer. The WebSocket needs none of it: :class:`.ws.Connection` validates every
    message itself and answers every error.

    Every request meets the :class:`.guard.Guard` first (the origin, the body's bounds,
    the connections an address holds), before the hub or any room is touched."""

    hub: Hub
    ice: IceConfig = IceConfig()
    guard: Guard = Guard()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind == "websocket" and scope["path"] == "/ws":
            await self.guard.websocket(scope, receive, send, self._game)
            return
        if kind == "http":
            await self.guard.http(scope, receive, send, super().__call__)
            return
        await super().__call__(scope, receive, send)

    async def _game(self, scope: Any, receive: Any, send: Any) -> None:
        await Connection(self.hub, WebSocket(scope, receive, send), self.ice).run()


def create_app(
    db: str | None = None,
    pubsub: str = "memory://",
    limits: Limits | None = None,
    ice: IceConfig | None = None,
    origins: Origins | None = None,
) -> OnenightApp:
    """The server app with its store (``db`` URL, default SQLite ``onenight.db``), its
    pub/sub (``memory://`` or ``redis://…``), the ICE servers its voice uses and the
    origins besides its own that a browser's page may use it from."""
    metrics = Metrics()
    bus = open_pubsub(pubsub)
    cluster = open_cluster(bus, pubsub, metrics)
    hub = Hub(
        open_store(db),
        bus,
        metrics=metrics,
        limits=limits,
        cluster=cluster,
        bot_seats=partial(BotSeats, offload=True),
    )
    suggestions = Suggestions()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        suggestions.shutdown()
        await hub.stop()

    app = OnenightApp(
        title="onenight",
        summary="One Night Werewolf server: rooms over HTTP, the game over a WebSocket (/ws)",
        lifespan=lifespan,
        # every route: a request head over 16 KiB (a path that long) is refused 431
        # before any route sees it (connections.py)
        responses=problems(431),
    )
    app.router.route_class = StrictJSONRoute
    app.state.hub = app.hub = hub
    app.ice = ice or IceConfig()
    app.guard = Guard(
        origins,
        connections_per_address=hub.limits.connections_per_address,
        body_seconds=hub.limits.body_seconds,
        max_websockets=hub.limits.max_websockets,
    )
    app.add_middleware(SecurityHeaders)  # every answer's security headers (headers.py)
    app.state.suggestions = suggestions
    app.state.metrics = metrics
    app.include_router(table_router)  # /table, the narrator for real cards
    app.include_router(client_router)  # /, /r/{code}: the browser client
    app.include_router(health_router)  # /api/health, /api/ready (/metrics: exposition.py)
    app.include_router(decks_router)  # /api/editions, /api/decks/…
    app.include_router(rooms_router)  # /api/rooms…
    return app
