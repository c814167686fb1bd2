"""The FastAPI app: an HTTP API (OpenAPI page at /docs) and the WebSocket at /ws."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

import orjson
from fastapi import FastAPI, HTTPException, Query, Request, Response, WebSocket
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from pydantic import BaseModel, BeforeValidator, Field, StrictBool

from onenight.bots import balance
from onenight.bots.seats import BotSeats
from onenight.cluster import open_cluster
from onenight.pubsub import open_pubsub
from onenight.rules import EDITIONS
from onenight.session.decks import check_deck
from onenight.session.errors import ErrorCode
from onenight.session.hub import Hub
from onenight.session.limits import Limits
from onenight.session.protocol import MAX_NAME, BadMessage
from onenight.storage import open_store

from .client import router as client_router
from .ops import Metrics
from .problems import problem, problems
from .suggestions import SUGGEST_GAMES, SUGGEST_LEVEL, Measuring, Suggestions
from .table import router as table_router
from .ws import Connection


def _name_pattern() -> str:
    """A display name over HTTP, as a regex without look-arounds (JSON Schema tools do not
    all have them): something besides spaces, no control or bidi-override character, and
    not beginning with "center:" in any case (the WebSocket's rule, docs/protocol.md)."""
    banned = r"\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069"  # (lone surrogates: not JSON)
    prefix = "center:"

    def ci(text: str) -> str:
        return "".join(f"[{c}{c.upper()}]" if c.isalpha() else c for c in text)

    starts = []
    for i, c in enumerate(prefix):
        other = f"{c}{c.upper()}" if c.isalpha() else c
        space = r"\s" if i == 0 else ""
        starts.append(f"{ci(prefix[:i])}[^{other}{space}{banned}]")
    whole = "|".join(ci(prefix[:i]) for i in range(1, len(prefix)))
    return rf"^\s*(?:(?:{'|'.join(starts)})[^{banned}]*|(?:{whole})\s*)$"


NAME_PATTERN = _name_pattern()
Name = Annotated[
    str, Field(min_length=1, max_length=MAX_NAME, pattern=NAME_PATTERN, examples=["ann"])
]


def _json_number(value: Any) -> Any:
    if isinstance(value, (bool, str)):
        raise ValueError("a number, not true, false or a string")
    return value


#: A JSON integer as JSON Schema has it: ``3`` or ``3.0``, never ``true`` or ``"3"`` (which
#: pydantic's lax mode would take, and the published schema refuses).
JSONInt = Annotated[int, BeforeValidator(_json_number)]


class NewMember(BaseModel):
    name: Name
    spectator: StrictBool = False


class NewRoom(BaseModel):
    name: Name


class Joined(BaseModel):
    room: str = Field(examples=["KXQMT"])
    member: int
    token: str = Field(description="secret: authenticates every later message (resume)")


EditionId = Literal["ultimate", "japanese", "workshop", "sans-carte"]

#: A card count as the schema allows it (the deck check says what a deck may hold).
Count = Annotated[int, Field(ge=-(2**31), le=2**31), BeforeValidator(_json_number)]


class DeckCheck(BaseModel):
    edition: str = Field(max_length=32, examples=["ultimate"])
    players: JSONInt = Field(ge=1, le=99)
    deck: dict[str, Count] = Field(max_length=40, examples=[{"werewolf": 2, "seer": 1}])


class StrictJSONRequest(Request):
    """Request bodies read as strict JSON (orjson): ``NaN``, ``Infinity``, ``1e400`` and
    lone surrogates are not JSON. FastAPI answers the decode error with a 422."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = orjson.loads(await self.body())
        return self._json


class OnenightApp(FastAPI):
    """The FastAPI app, with the game's WebSocket (``/ws``) served straight from ASGI.

    FastAPI's stack (its exception, telemetry and body-limit middleware, the router,
    dependency solving) adds about 17 coroutines and a dozen objects to every open
    connection, and a wrapper call to every frame sent; with thousands of members those
    objects make the garbage collector's full passes (and the pauses every member feels)
    much longer. The WebSocket needs none of it: :class:`.ws.Connection` validates every
    message itself and answers every error."""

    hub: Hub

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket" and scope["path"] == "/ws":
            await Connection(self.hub, WebSocket(scope, receive, send)).run()
            return
        await super().__call__(scope, receive, send)


class StrictJSONRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(StrictJSONRequest(request.scope, request.receive))

        return strict


def create_app(
    db: str | None = None, pubsub: str = "memory://", limits: Limits | None = None
) -> OnenightApp:
    """The server app with its store (``db`` URL, default SQLite ``onenight.db``) and its
    pub/sub (``memory://`` or ``redis://…``)."""
    metrics = Metrics()
    bus = open_pubsub(pubsub)
    cluster = open_cluster(bus, pubsub, metrics)
    store = open_store(db)
    hub = Hub(store, bus, metrics=metrics, limits=limits, cluster=cluster, bot_seats=BotSeats)
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
    )
    app.router.route_class = StrictJSONRoute
    app.state.hub = app.hub = hub
    app.include_router(table_router)  # /table, the narrator for real cards
    app.include_router(client_router)  # /, /r/{code}: the browser client

    def fail(exc: BadMessage) -> HTTPException:
        return problem(exc.code, exc.message)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        """Liveness: the process answers; the rooms it owns; its id among the processes
        that share the bus (``local`` alone)."""
        return {"ok": True, "rooms": len(hub.rooms), "process": hub.cluster.me}

    @app.get("/api/ready", responses={503: {"description": "the database or the bus is down"}})
    async def ready() -> JSONResponse:
        """Readiness: the database and the bus answer (503 with the failing part if not)."""
        checks: dict[str, bool] = {}
        for name, probe in (("database", hub.store.ping), ("bus", hub.pubsub.ping)):
            try:
                checks[name] = bool(await asyncio.wait_for(probe(), 2.0))
            except Exception:
                checks[name] = False
        ok = all(checks.values())
        return JSONResponse({"ok": ok, **checks}, status_code=200 if ok else 503)

    @app.get("/metrics", include_in_schema=False)
    async def prometheus() -> Response:
        """Prometheus metrics (text exposition format)."""
        metrics.rooms.set(len(hub.rooms))
        metrics.online.set(sum(n > 0 for a in hub.rooms.values() for n in a.online.values()))
        return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)

    @app.get("/api/editions")
    async def editions() -> list[dict[str, Any]]:
        from onenight.rules.editions import EDITIONS

        return [
            {
                "id": ed.id,
                "title": ed.title,
                "players": [ed.min_players, ed.max_players],
                "center": ed.center,
                "roles": sorted(ed.roles),
                "turn": ed.turn_seconds,
            }
            for ed in EDITIONS.values()
        ]

    @app.post("/api/decks/check")
    async def deck_check(body: DeckCheck) -> dict[str, Any]:
        """Whether a deck is legal for an edition and a number of players, and why not:
        the same check as the lobby's ``configure`` and ``start``."""
        reason = check_deck(body.edition, body.players, body.deck)
        return {"ok": reason is None, "reason": reason}

    @app.get("/api/decks/suggestions", responses=problems(503, retry=(503,)))
    async def deck_suggestions(
        edition: Annotated[EditionId, Query(examples=["ultimate"])],
        players: Annotated[int, Query(ge=3, le=12)],
        top: Annotated[int, Query(ge=1, le=5)] = 3,
    ) -> dict[str, Any]:
        """The most balanced decks the simulator finds for an edition and a table (decks
        near the default one, every seat a ``basic`` bot; village win rate nearest 50%).
        A table the edition does not allow gets no decks and the ``reason``.

        The first request for a table starts its measurement (a few seconds, more for
        large tables) and waits for it at most a few seconds: then a 503 ``measuring``
        with ``Retry-After``, and the measurement goes on; ask again."""
        ed = EDITIONS[edition]
        reply: dict[str, Any] = {
            "edition": ed.id,
            "players": players,
            "level": SUGGEST_LEVEL,
            "games": SUGGEST_GAMES,
            "decks": [],
            "reason": None,
        }
        if not ed.min_players <= players <= ed.max_players:
            reply["reason"] = f"{ed.id} is for {ed.min_players}–{ed.max_players} players"
            return reply
        try:
            reply["decks"] = (await suggestions.decks(ed.id, players))[:top]
        except Measuring as exc:
            retry = {"Retry-After": str(exc.retry_after)}
            raise problem(ErrorCode.measuring, str(exc), retry) from None
        return reply

    @app.get("/api/decks/suggest")
    def deck_suggest(
        edition: Annotated[EditionId, Query(examples=["ultimate"])],
        players: Annotated[int, Query(ge=3, le=12)],
        top: Annotated[int, Query(ge=1, le=5)] = 3,
    ) -> dict[str, Any]:
        """The most balanced decks of the project's table (docs/bots.md): decks near the
        default one, every seat a ``reasoner`` bot, village win rate nearest 50%, each
        with its measured rate, 95% interval and games. Read from the shipped table,
        never measured here; a table size it lacks gets no decks and the ``reason``."""
        ed = EDITIONS[edition]
        reply: dict[str, Any] = {
            "edition": ed.id,
            "players": players,
            "level": balance.LEVEL,
            "decks": [],
            "reason": None,
        }
        if not ed.min_players <= players <= ed.max_players:
            reply["reason"] = f"{ed.id} is for {ed.min_players}–{ed.max_players} players"
            return reply
        rows = balance.lookup(ed.id, players, top)
        if rows is None:
            reply["reason"] = "not measured yet (onenight suggest --refresh)"
        else:
            reply["decks"] = rows
        return reply

    @app.post("/api/rooms", status_code=201, responses=problems(400, 429, 503))
    async def create_room(body: NewRoom, request: Request) -> Joined:
        """Create a room; its creator joins as host. Then connect to /ws and ``resume``."""
        try:
            s = await hub.create(body.name, request.client.host if request.client else None)
        except BadMessage as exc:
            raise fail(exc) from None
        return Joined(room=s.room, member=s.member, token=s.token)

    @app.post("/api/rooms/{code}/members", status_code=201, responses=problems(400, 404, 409, 429))
    async def join_room(code: str, body: NewMember, request: Request) -> Joined:
        """Join a room as a player (a seat in order) or a spectator."""
        address = request.client.host if request.client else None
        try:
            s = await hub.join(code, body.name, body.spectator, address)
        except BadMessage as exc:
            raise fail(exc) from None
        return Joined(room=s.room, member=s.member, token=s.token)

    @app.get("/api/rooms/{code}", responses=problems(404))
    async def get_room(code: str) -> dict[str, Any]:
        """The public lobby of a room: members, seats, settings, scoreboard."""
        try:
            return await hub.view(code)
        except BadMessage as exc:
            raise fail(exc) from None

    @app.get("/api/rooms/{code}/result", responses=problems(404, 409))
    async def get_result(code: str) -> dict[str, Any]:
        """The last ended game: every card, deaths, winners, votes and the night timeline."""
        try:
            return await hub.result(code)
        except BadMessage as exc:
            raise fail(exc) from None

    return app
