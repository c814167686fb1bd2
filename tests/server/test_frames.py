"""Frames from a room to a member's socket, in process: each frame carries its number, its
kind and whether it is a night frame as data beside its text, and the connection acts on
that data (the member's ``bye`` closes it; an answer refused at night is padded to the
size of the night's frames), sending the text as it is."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from onenight.cluster import channel
from onenight.pubsub import Frame, MemoryPubSub, Subscription
from onenight.server.ws import Connection
from onenight.session.hub import Hub
from onenight.storage import MemoryStore

from .helpers import legal_default


class Socket:
    """A WebSocket that records what the server sends and whether it closed it."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: int | None = None
        self.client = SimpleNamespace(host="10.0.0.1")

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = code


async def until(done: Callable[[], bool]) -> None:
    for _ in range(500):
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("not in time")


async def say(conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
    """Send a message; its answer (an ack or an error), once it is out."""
    sock: Socket = conn.ws  # type: ignore[assignment]
    ref = len(sock.sent) + 1000
    await conn.on_message(json.dumps({**message, "ref": ref}))
    await until(lambda: any(json.loads(t).get("ref") == ref for t in sock.sent))
    answer: dict[str, Any] = next(
        json.loads(t) for t in sock.sent if json.loads(t).get("ref") == ref
    )
    return answer


async def spy(hub: Hub, code: str, member: int) -> tuple[Subscription, list[Frame]]:
    """Every frame the room hands out for a member, as the connection gets it."""
    sub = await hub.pubsub.subscribe([channel(code, member)], group=code)
    got: list[Frame] = []

    async def read() -> None:
        async for frame in sub:
            got.append(frame)

    asyncio.get_running_loop().create_task(read())
    return sub, got


def check_data(frame: Frame) -> None:
    """What a frame says as data is what its text says (the text is what goes out)."""
    sent = json.loads(frame.text)
    assert (frame.n, frame.kind) == (sent["n"], sent["type"])
    at_night = sent["type"] == "state" and sent["phase"] == "night"
    if frame.kind == "state":
        assert frame.night == at_night
    if frame.night:
        assert "pad" in sent


async def test_a_bye_closes_the_connection_and_night_answers_take_the_night_frames_size() -> None:
    hub = Hub(MemoryStore(), MemoryPubSub())
    await hub.start()
    ann_sock, bob_sock = Socket(), Socket()
    ann, bob = Connection(hub, ann_sock), Connection(hub, bob_sock)  # type: ignore[arg-type]
    try:
        created = await say(ann, {"type": "create", "name": "ann"})
        code = created["room"]
        joined = await say(bob, {"type": "join", "room": code, "name": "bob"})
        _, bobs = await spy(hub, code, joined["member"])
        assert (await say(ann, {"type": "kick", "member": joined["member"]}))["type"] == "ack"
        await until(lambda: bob_sock.closed is not None)
        assert bob_sock.closed == 1000 and json.loads(bob_sock.sent[-1])["type"] == "bye"
        assert [f.kind for f in bobs][-1] == "bye" and not any(f.night for f in bobs)
        for frame in bobs:
            check_data(frame)

        # A night: ann's state frame is padded to the game's frame size; an answer she
        # is refused at night (not JSON: refused by the connection) has that size too.
        _, anns = await spy(hub, code, created["member"])
        for _ in range(2):
            assert (await say(ann, {"type": "add_bot", "level": "random"}))["type"] == "ack"
        deck: dict[str, int] = {}
        for role in legal_default("ultimate", 3):
            deck[role] = deck.get(role, 0) + 1
        timers = {"turn": 30.0, "jitter": 0.0}
        await say(ann, {"type": "configure", "edition": "ultimate", "deck": deck, **timers})
        assert (await say(ann, {"type": "start"}))["type"] == "ack"
        await until(lambda: any(f.kind == "state" for f in anns))
        night = [f for f in anns if f.night]
        play = hub.rooms[code].room.play
        assert night and play is not None
        assert {len(f.text.encode()) for f in night} == {play.frame_size}
        assert all(f.text in ann_sock.sent for f in anns)  # sent as they are
        await ann.on_message("{not json")
        await until(lambda: json.loads(ann_sock.sent[-1])["type"] == "error")
        assert len(ann_sock.sent[-1].encode()) == play.frame_size
        for frame in anns:
            check_data(frame)
        assert ann_sock.closed is None
    finally:
        await ann.cleanup()
        await bob.cleanup()
        await hub.stop()
