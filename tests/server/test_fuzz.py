"""Fuzzing the protocol: random messages from a member who may do nothing useful with
them (a spectator, and a player out of turn) get an answer each — ``ack`` or ``error`` —
never crash the server, never change the room, and the game still plays to its end."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect

from .conftest import Server
from .helpers import close_all, make_room, play_on
from .test_bad_input import room_snapshot

TYPES = [
    "create", "join", "resume", "configure", "start", "rematch", "kick", "host", "act",
    "chat", "whisper", "end_day", "vote", "fly", "", None, 3,
]  # fmt: skip
KEYS = ["type", "ref", "room", "name", "token", "action", "target", "to", "text", "member"]
KEYS += ["edition", "deck", "turn", "day", "vote", "chips", "spectator", "targets"]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
messages = st.builds(
    lambda kind, extra: {"type": kind, **extra},
    st.sampled_from(TYPES),
    st.dictionaries(st.sampled_from(KEYS), json_values, max_size=4),
)


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, allow_nan=False)


def unmoved(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The room less what the clock alone moves: the voice reach follows the phase, and
    with 0.25 s turns the night may end while a slow machine answers the batch (seen on
    CI). The voice whispers and the spectators' setting stay in the comparison."""
    voice = {k: v for k, v in snapshot["voice"].items() if k != "reach"}
    return {**snapshot, "voice": voice}


async def fuzz(server: Server, batch: list[dict[str, Any]]) -> None:
    players, watchers = await make_room(server.url, 3, spectators=1)
    code = players[0].room_code
    assert code is not None and watchers[0].token is not None
    try:
        await players[0].start()
        before = unmoved(await room_snapshot(server, code))
        async with connect(server.url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "resume", "room": code, "token": watchers[0].token}))
            for i, message in enumerate(batch):
                message = {**message, "ref": i + 1}
                if message.get("type") in ("chat", "leave", "whisper"):
                    message["type"] = "fly"  # the lobby is over, but keep the room still
                await ws.send(encode(message))
            answers = 0  # every message gets exactly one ack or error (the resume: an ack)
            while answers < len(batch) + 1:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if frame.get("type") not in ("ack", "error"):
                    continue
                answers += 1
                if frame.get("ref") is not None:
                    assert frame["type"] == "error" or frame.get("of") == "ping", frame
        after = unmoved(await room_snapshot(server, code))
        assert after == before
        await play_on(players)  # the game goes on to its end
        assert all(c.phase == "end" for c in players)
    finally:
        await close_all(players, watchers)


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(messages, min_size=1, max_size=25))
def test_random_messages_from_a_spectator_change_nothing(
    server: Server, batch: list[dict[str, Any]]
) -> None:
    asyncio.run(fuzz(server, batch))
    assert server.alive()
