"""A room's members as an in-process test drives them through the hub on a fake clock:
their sessions, and every frame each one's channel carried."""

from __future__ import annotations

import json
from typing import Any

from onenight.cluster import channel
from onenight.session import protocol as P
from onenight.session.hub import Hub, Session
from onenight.session.timing import FakeClock


class Table:
    """One room's members as the test drives them: their sessions, and every frame each
    one's channel carried, stamped with the fake clock's moment."""

    def __init__(self, hub: Hub, clock: FakeClock) -> None:
        self.hub, self.clock = hub, clock
        self.members: list[Session] = []
        self.subs: list[Any] = []
        self.readers: list[Any] = []
        self.frames: list[list[tuple[float, str]]] = []
        self.states: list[dict[str, Any]] = []

    async def seat(self, session: Session) -> None:
        sub = await self.hub.pubsub.subscribe([channel(session.room, session.member)])
        self.subs.append(sub)
        self.readers.append(aiter(sub))
        await self.hub.open(session, None)
        await self.hub.presence(session, +1)
        self.members.append(session)
        self.frames.append([])
        self.states.append({})

    async def drain(self) -> None:
        for i, sub in enumerate(self.subs):
            while sub.pending():
                frame = await anext(self.readers[i])
                self.frames[i].append((self.clock.now(), frame.text))
                data = json.loads(frame.text)
                if data["type"] == "state":
                    self.states[i] = data

    async def say(self, i: int, msg: P.Message) -> Any:
        reply = await self.hub.command(self.members[i], msg)
        await self.drain()
        return reply

    async def close(self) -> None:
        for sub in self.subs:
            await sub.close()
