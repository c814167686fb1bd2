"""A protocol fuzzer against a live game: at least 100,000 random (Hypothesis) and mutated
messages from a player and a spectator during the day. Every message gets exactly one
answer, the server never fails (no `internal` error, no 5xx), and the only events the
stored log gains are those of the messages it accepted. (Schemathesis over the HTTP API:
test_fuzz_http.py, a module of its own so that the two long runs share no worker.)
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect

from .conftest import Server
from .helpers import close_all, make_room, stored
from .test_fuzz import json_values

TOTAL = 100_000
RANDOM_BATCHES = 100  #: Hypothesis examples, each a batch of random messages
BATCH = 50
BUDGET = 240.0  #: seconds: the fuzzer stops there, whatever it reached (and then fails)

TYPES = [
    "create", "join", "resume", "configure", "start", "rematch", "kick", "host", "act",
    "nothing", "chat", "whisper", "end_day", "vote", "claim", "add_bot", "ping", "fly", "",
]  # fmt: skip
KEYS = ["type", "room", "name", "token", "action", "target", "to", "text", "member", "claim"]
KEYS += ["edition", "deck", "turn", "day", "vote", "chips", "spectator", "targets", "pad"]
VALID = [
    {"type": "chat", "text": "I am the Seer"},
    {"type": "whisper", "to": 0, "text": "psst"},
    {"type": "claim", "claim": {"type": "i_am", "role": "seer"}},
    {"type": "claim", "claim": {"type": "saw", "looks": [{"target": 0, "card": "werewolf"}]}},
    {"type": "vote", "target": 0},
    {"type": "act", "action": {"type": "view", "targets": [0]}},
    {"type": "configure", "turn": 5, "deck": {"seer": 1}},
    {"type": "ping"},
    {"type": "nothing", "pad": "   "},
    {"type": "end_day"},
]
CHANGES = {"chat", "whisper", "claim"}  #: what the fuzzing player may get accepted by day

messages = st.builds(
    lambda kind, extra: {"type": kind, **extra},
    st.sampled_from(TYPES),
    st.dictionaries(st.sampled_from(KEYS), json_values, max_size=3),
)


def mutations(rng: random.Random) -> Iterator[dict[str, Any]]:
    """Valid messages, each changed in one random way."""
    junk: list[Any] = [None, True, -1, 2**64, 1.5, "", "x" * 400, [], {}, "center:9", [0, 0]]
    while True:
        message = json.loads(json.dumps(rng.choice(VALID)))
        how = rng.randrange(5)
        key = rng.choice(list(message))
        if how == 0:
            message[key] = rng.choice(junk)
        elif how == 1:
            message[rng.choice(KEYS)] = rng.choice(junk)
        elif how == 2 and key != "type":
            del message[key]
        elif how == 3:
            message["type"] = rng.choice(TYPES)
        else:
            inner = message.get("action") or message.get("claim")
            if isinstance(inner, dict):
                inner[rng.choice(["type", "target", "targets", "role", "zzz"])] = rng.choice(junk)
        yield message


class Fuzz:
    """Two fuzzing connections into one live game (a player, a spectator)."""

    def __init__(self) -> None:
        self.sent = 0
        self.accepted: dict[str, int] = {}
        self.started = time.monotonic()

    async def open(self, server: Server) -> None:
        self.players, self.watchers = await make_room(
            server.url, 3, spectators=1, timers={"turn": 0.05, "jitter": 0, "day": 900, "vote": 30}
        )
        host = self.players[0]
        await host.start()
        await host.until(lambda c: c.phase == "day", 30)
        self.code = host.room_code or ""
        self.before = await stored(server.db, self.code)
        self.conns = []
        for who in (self.players[1], self.watchers[0]):
            ws = await connect(server.url, max_size=2**24)
            await ws.send(json.dumps({"type": "resume", "room": self.code, "token": who.token}))
            await self.drain(ws, 1)
            self.conns.append(ws)

    async def drain(self, ws: Any, answers: int, kinds: list[str] | None = None) -> None:
        seen = 0
        while seen < answers:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 60))
            if frame.get("type") not in ("ack", "error"):
                continue
            seen += 1
            assert frame.get("code") != "internal", frame
            if kinds is not None and frame["type"] == "ack" and frame["ref"] is not None:
                kind = kinds[frame["ref"]]
                self.accepted[kind] = self.accepted.get(kind, 0) + 1

    async def send(self, batch: list[dict[str, Any]]) -> None:
        for n, ws in enumerate(self.conns):
            kinds: list[str] = []
            for i, message in enumerate(batch):
                message = {**message, "ref": i}
                if message.get("type") == "leave":
                    message["type"] = "fly"  # a leave is accepted and ends the fuzz
                who = "" if n == 0 else "spectator:"
                kinds.append(f"{who}{message.get('type')}")
                try:
                    text = json.dumps(message, allow_nan=False)
                except (ValueError, TypeError):
                    text = '{"type": "ping"'
                await ws.send(text)
            await self.drain(ws, len(batch), kinds)
            self.sent += len(batch)

    async def close(self) -> None:
        for ws in self.conns:
            await ws.close()
        await close_all(self.players, self.watchers)


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("fuzz")
    srv = Server(f"sqlite+aiosqlite:///{tmp / 'fuzz.db'}", tmp / "server.log")
    srv.start_args += ["--message-rate", "0"]  # the fuzzer sends as fast as it can
    srv.start()
    yield srv
    srv.stop()


def test_a_hundred_thousand_random_and_mutated_messages(fuzz_server: Server) -> None:
    loop = asyncio.new_event_loop()
    fuzz = Fuzz()
    loop.run_until_complete(fuzz.open(fuzz_server))
    try:

        @settings(
            max_examples=RANDOM_BATCHES,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(st.lists(messages, min_size=BATCH, max_size=BATCH))
        def random_batches(batch: list[dict[str, Any]]) -> None:
            loop.run_until_complete(fuzz.send(batch))

        random_batches()
        rng = random.Random(2026)
        mutated = mutations(rng)
        while fuzz.sent < TOTAL and time.monotonic() - fuzz.started < BUDGET:
            loop.run_until_complete(fuzz.send([next(mutated) for _ in range(1000)]))
        assert fuzz.sent >= TOTAL, f"only {fuzz.sent} messages in {BUDGET} s"
        http = httpx.get(f"{fuzz_server.http}/api/rooms/{fuzz.code}", timeout=10)
        assert http.status_code == 200 and fuzz_server.alive()
        after = loop.run_until_complete(stored(fuzz_server.db, fuzz.code))
        # Each accepted command stored its event, then its answer (for a command asked
        # again): nothing else changed.
        kinds = [e.kind for e in after[len(fuzz.before) :]]
        gained, answered = kinds[0::2], kinds[1::2]
        assert after[: len(fuzz.before)] == fuzz.before
        assert answered == ["answered"] * len(gained), kinds
        expected = sum(fuzz.accepted.get(kind, 0) for kind in CHANGES)
        assert sorted(set(gained)) <= sorted(CHANGES) and len(gained) == expected, (
            gained,
            fuzz.accepted,
        )
        spectator = {k for k in fuzz.accepted if k.startswith("spectator:")}
        assert spectator <= {"spectator:ping"}, fuzz.accepted  # a spectator can only ping
    finally:
        loop.run_until_complete(fuzz.close())
        loop.close()
