"""The FastAPI app: an HTTP API (OpenAPI page at /docs) and the WebSocket at /ws."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any

import orjson
from fastapi import FastAPI, HTTPException, Request, Response, WebSocket
from fastapi.routing import APIRoute
from pydantic import BaseModel, Field

from onenight.pubsub import open_pubsub
from onenight.rules import Phase
from onenight.session.decks import check_deck
from onenight.session.hub import Hub, RoomActor
from onenight.session.protocol import MAX_NAME, BadMessage
from onenight.session.views import dealt, room_frame
from onenight.storage import open_store

from .client import router as client_router
from .table import router as table_router
from .ws import Connection


class NewMember(BaseModel):
    name: str = Field(min_length=1, max_length=MAX_NAME * 2, examples=["ann"])
    spectator: bool = False


class NewRoom(BaseModel):
    name: str = Field(min_length=1, max_length=MAX_NAME * 2, examples=["ann"])


class Joined(BaseModel):
    room: str = Field(examples=["KXQMT"])
    member: int
    token: str = Field(description="secret: authenticates every later message (resume)")


class DeckCheck(BaseModel):
    edition: str = Field(max_length=32, examples=["ultimate"])
    players: int = Field(ge=1, le=99)
    deck: dict[str, int] = Field(max_length=40, examples=[{"werewolf": 2, "seer": 1}])


class StrictJSONRequest(Request):
    """Request bodies read as strict JSON (orjson): ``NaN``, ``Infinity``, ``1e400`` and
    lone surrogates are not JSON. FastAPI answers the decode error with a 422."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = orjson.loads(await self.body())
        return self._json


class StrictJSONRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(StrictJSONRequest(request.scope, request.receive))

        return strict


def create_app(db: str | None = None, pubsub: str = "memory://") -> FastAPI:
    """The server app with its store (``db`` URL, default SQLite ``onenight.db``)."""
    hub = Hub(open_store(db), open_pubsub(pubsub))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.stop()

    app = FastAPI(
        title="onenight",
        summary="One Night Werewolf server: rooms over HTTP, the game over a WebSocket (/ws)",
        lifespan=lifespan,
    )
    app.router.route_class = StrictJSONRoute
    app.state.hub = hub
    app.include_router(table_router)  # /table, the narrator for real cards
    app.include_router(client_router)  # /, /r/{code}: the browser client

    def fail(exc: BadMessage) -> HTTPException:
        status = 404 if exc.code == "no_room" else 400
        return HTTPException(status, detail={"code": exc.code, "message": exc.message})

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "rooms": len(hub.rooms)}

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

    @app.post("/api/rooms", status_code=201)
    async def create_room(body: NewRoom) -> Joined:
        """Create a room; its creator joins as host. Then connect to /ws and ``resume``."""
        try:
            s = await hub.create(body.name)
        except BadMessage as exc:
            raise fail(exc) from None
        return Joined(room=s.room, member=s.member, token=s.token)

    @app.post("/api/rooms/{code}/members", status_code=201)
    async def join_room(code: str, body: NewMember) -> Joined:
        """Join a room as a player (a seat in order) or a spectator."""
        try:
            s = await hub.join(code, body.name, body.spectator)
        except BadMessage as exc:
            raise fail(exc) from None
        return Joined(room=s.room, member=s.member, token=s.token)

    def room_actor(code: str) -> RoomActor:
        try:
            return hub.actor(code)
        except BadMessage as exc:
            raise fail(exc) from None

    @app.get("/api/rooms/{code}")
    async def get_room(code: str) -> dict[str, Any]:
        """The public lobby of a room: members, seats, settings, scoreboard."""
        actor = room_actor(code)
        online = {m for m, n in actor.online.items() if n > 0}
        return room_frame(actor.room, None, online)

    @app.get("/api/rooms/{code}/result")
    async def get_result(code: str) -> dict[str, Any]:
        """The last ended game: every card, deaths, winners, votes and the night timeline."""
        actor = room_actor(code)
        play = actor.room.play
        if play is None or play.phase != Phase.END:
            raise HTTPException(409, detail={"code": "no_result", "message": "no ended game"})
        return {
            "game": play.no,
            "players": play.names,
            "result": play.result,
            "dealt": dealt(play),
            "edition": play.edition,
            "deck": play.deck,
        }

    @app.websocket("/ws")
    async def websocket(ws: WebSocket) -> None:
        await Connection(hub, ws).run()

    return app
