"""What a client written from docs/protocol.md alone expects of the opening of a session,
read off the wire (raw WebSocket frames, not the project's client): the ``ack`` of
``create``, ``join`` and ``resume`` comes first, then the full view (or the frames
replayed); a new member's first frame is number 1; at night the ``ack`` of a ``resume``
is padded to the game's frame size like every other night frame."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import websockets

from onenight.client import Client
from onenight.rules import Phase

from .conftest import Server
from .helpers import close_all, legal_default


async def opening(url: str, message: dict[str, Any], frames: int) -> list[str]:
    """Send one opening message on a new connection; the first ``frames`` texts back."""
    async with websockets.connect(url) as ws:
        await ws.send(json.dumps({**message, "ref": 1}))
        return [str(await asyncio.wait_for(ws.recv(), 10)) for _ in range(frames)]


def kinds(texts: list[str]) -> list[tuple[str, int | None]]:
    return [(json.loads(t)["type"], json.loads(t).get("n")) for t in texts]


async def test_the_ack_comes_first_and_a_new_members_frames_from_one(server: Server) -> None:
    created = await opening(server.url, {"type": "create", "name": "ann"}, 3)
    assert kinds(created) == [("ack", None), ("room", 1), ("log", 2)]
    code = json.loads(created[0])["room"]
    joined = await opening(server.url, {"type": "join", "room": code, "name": "bob"}, 3)
    assert kinds(joined) == [("ack", None), ("room", 1), ("log", 2)]
    token = json.loads(joined[0])["token"]
    resumed = await opening(server.url, {"type": "resume", "room": code, "token": token}, 3)
    assert kinds(resumed)[0] == ("ack", None) and {k for k, _ in kinds(resumed)[1:]} == {
        "room",
        "log",
    }


async def test_a_resume_at_night_is_answered_at_the_nights_frame_size(server: Server) -> None:
    players = [await Client.connect(server.url) for _ in range(3)]
    host, bob, _ = players
    try:
        await host.create("ann")
        code = host.room_code or ""
        await players[1].join(code, "bob")
        await players[2].join(code, "cy")
        deck = legal_default("ultimate", 3)
        counts = {r: deck.count(r) for r in set(deck)}
        await host.configure(deck=counts, turn=30.0, jitter=0.0)
        await host.start()
        await bob.until(lambda c: c.phase == Phase.NIGHT, 10)
        resume = {"type": "resume", "room": code, "token": bob.token or ""}
        frames = await opening(server.url, resume, 4)  # the ack, room, state, log
        assert [json.loads(t)["type"] for t in frames] == ["ack", "room", "state", "log"]
        assert len({len(t.encode()) for t in frames}) == 1  # every one of the night's size
    finally:
        await close_all(players)
