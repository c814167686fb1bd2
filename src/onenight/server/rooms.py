"""The rooms over HTTP: create a room or join one (a seat and its token, then ``resume``
on the WebSocket, docs/protocol.md), read a room's lobby, its status and its last result.

Refusals carry the WebSocket's error codes (the hub decides them) with an HTTP status."""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, Field, StrictBool

from onenight.session.errors import ErrorCode
from onenight.session.protocol import CODE_LENGTH, CODE_LETTERS, MAX_NAME, BadMessage

from .problems import problem, problems
from .state import TheHub
from .strict import StrictJSONRoute


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


class NewMember(BaseModel):
    name: Name
    spectator: StrictBool = False


class NewRoom(BaseModel):
    name: Name


class Joined(BaseModel):
    room: str = Field(examples=["KXQMT"])
    member: int
    token: str = Field(description="secret: authenticates every later message (resume)")


class RoomStatus(BaseModel):
    """What a room's link leads to, before anyone gives a name."""

    open: bool = Field(description="the room exists and has not closed")
    playing: bool = Field(
        default=False, description="a game is under way: a newcomer waits for the next"
    )
    games: int = Field(default=0, description="games dealt in the room so far")
    result: bool = Field(default=False, description="its last game has ended: /result answers")


#: A room code as the hub makes them (protocol.CODE_LETTERS): anything else names no room.
_CODE = re.compile(f"^[{CODE_LETTERS}]{{{CODE_LENGTH}}}$")


def fail(exc: BadMessage) -> HTTPException:
    """A refusal as an HTTP error: its code's status (ErrorCode), code and message."""
    return problem(exc.code, exc.message)


def _address(request: Request) -> str | None:
    return request.client.host if request.client else None


router = APIRouter(route_class=StrictJSONRoute)


@router.post("/api/rooms", status_code=201, responses=problems(400, 429, 503))
async def create_room(body: NewRoom, request: Request, hub: TheHub) -> Joined:
    """Create a room; its creator joins as host. Then connect to /ws and ``resume``."""
    try:
        s = await hub.create(body.name, _address(request))
    except BadMessage as exc:
        raise fail(exc) from None
    return Joined(room=s.room, member=s.member, token=s.token)


@router.post("/api/rooms/{code}/members", status_code=201, responses=problems(400, 404, 409, 429))
async def join_room(code: str, body: NewMember, request: Request, hub: TheHub) -> Joined:
    """Join a room as a player (a seat in order) or a spectator."""
    try:
        s = await hub.join(code, body.name, body.spectator, _address(request))
    except BadMessage as exc:
        raise fail(exc) from None
    return Joined(room=s.room, member=s.member, token=s.token)


@router.get("/api/rooms/{code}", responses=problems(404, 429))
async def get_room(code: str, request: Request, hub: TheHub) -> dict[str, Any]:
    """The public lobby of a room: members, seats, settings, scoreboard."""
    try:
        return await hub.view(code, _address(request))
    except BadMessage as exc:
        raise fail(exc) from None


@router.get("/api/rooms/{code}/status", responses=problems(429, 503))
async def room_status(code: str, request: Request, hub: TheHub, response: Response) -> RoomStatus:
    """Whether a room's link leads anywhere, for a page to say so before it asks for a
    name: 200 (``open: false`` for no room, a closed one or a code that cannot be one,
    which costs no look-up), so that a page's check logs no error. Only what the public
    room frame shows (``GET /api/rooms/{code}``); 503 ``busy`` while the room moves
    between processes; 429 ``rate_limited`` for every code once the address has guessed
    wrong too often (``--guesses-per-minute``: a code that finds no room is a guess)."""
    response.headers["Cache-Control"] = "no-store"
    code = code.strip().upper()
    if not _CODE.match(code):
        return RoomStatus(open=False)
    try:
        frame = await hub.view(code, _address(request))
    except BadMessage as exc:
        if exc.code == ErrorCode.no_room:
            return RoomStatus(open=False)
        raise fail(exc) from None
    playing, games = frame["playing"], frame["games"]
    assert isinstance(playing, bool) and isinstance(games, int)
    return RoomStatus(open=True, playing=playing, games=games, result=games > 0 and not playing)


@router.get("/api/rooms/{code}/result", responses=problems(404, 409, 429))
async def get_result(code: str, request: Request, hub: TheHub) -> dict[str, Any]:
    """The last ended game: every card, deaths, winners, votes and the night timeline."""
    try:
        return await hub.result(code, _address(request))
    except BadMessage as exc:
        raise fail(exc) from None
