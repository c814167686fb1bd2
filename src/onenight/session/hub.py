"""The hub: every room of this process, its event log, its clock and its frames.

Each room has one lock: a command or a timer takes it, checks what it wants against the
room's state, writes the resulting events to the store, and only then applies them and
publishes the frames they cause, one channel per member (``CODE:member``).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from onenight.pubsub import PubSub
from onenight.storage import Event, Store

from .protocol import CODE_LENGTH, CODE_LETTERS, BadMessage
from .room import Room
from .views import (
    encode,
    encode_padded,
    log_frame,
    room_frame,
    state_frame,
    visible,
    with_field,
    you,
)

log = logging.getLogger("onenight.session")

MAX_PLAYERS = 12
MAX_SPECTATORS = 24
MAX_ROOMS = 20_000

Pending = list[tuple[str, dict[str, Any]]]


@dataclass(frozen=True)
class Session:
    """An authenticated member of a room, on one connection."""

    room: str
    member: int
    token: str


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def channel(code: str, member: int) -> str:
    return f"{code}:{member}"


class RoomActor:
    """One room: its state, lock, clock task and publishing."""

    def __init__(self, hub: Hub, room: Room) -> None:
        self.hub = hub
        self.room = room
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.online: dict[int, int] = {}

    # ----- writing -----

    async def commit(self, pending: Pending) -> None:
        """Store these events, then apply them and publish what they change."""
        room = self.room
        now = time.time()
        events = [
            Event(room.code, room.seq + i + 1, kind, data, now)
            for i, (kind, data) in enumerate(pending)
        ]
        await self.hub.store.append(events)
        before = set(room.members)
        for e in events:
            room.apply(e.kind, e.data, e.at)
        await self.publish(pending, before)
        self.wake.set()

    # ----- frames -----

    async def send(self, member: int, frame: dict[str, Any] | str) -> None:
        text = frame if isinstance(frame, str) else encode(frame)
        await self.hub.pubsub.publish(channel(self.room.code, member), text)

    def recipients(self) -> list[int]:
        return [m.id for m in self.room.members.values() if not m.gone]

    async def send_room(self) -> None:
        """The room frame to every member: its public part is built and encoded once."""
        online = {m for m, n in self.online.items() if n > 0}
        public = encode(room_frame(self.room, None, online))
        for m in self.recipients():
            await self.send(m, with_field(public, "you", you(self.room, m)))

    async def send_state(self, members: Iterable[int]) -> None:
        play = self.room.play
        for m in members:
            frame = state_frame(self.room, m)
            if frame is None:
                continue
            padded = play is not None and play.phase == "night"
            await self.send(m, encode_padded(frame) if padded else frame)

    async def send_full(self, member: int) -> None:
        """Everything a member sees, after joining or reconnecting."""
        online = {m for m, n in self.online.items() if n > 0}
        await self.send(member, room_frame(self.room, member, online))
        await self.send_state([member])
        await self.send(member, log_frame(self.room, member))

    async def publish(self, pending: Pending, before: set[int]) -> None:
        room = self.room
        kinds = {kind for kind, _ in pending}
        game = [d for kind, d in pending if kind == "game"]
        for kind, data in pending:
            if kind in ("left", "kicked"):
                await self.send(data["member"], {"type": "bye", "reason": kind})
        lobby = {"created", "joined", "left", "kicked", "host", "configured", "started"}
        if kinds & lobby or any(d["e"] == "vote_closed" for d in game):
            await self.send_room()
        everyone = "started" in kinds or any(d["e"] != "act" for d in game)
        if everyone:
            await self.send_state(self.recipients())
        elif game:  # choices made at night: only the chooser's view changed
            assert room.play is not None
            seats = {d["seat"] for d in game}
            await self.send_state(room.play.seats[s] for s in seats)
        for kind, _ in pending:
            if kind in ("chat", "whisper"):
                entry = (room.play.log if room.play is not None else room.log)[-1]
                texts: dict[bool, str] = {}  # the entry itself, or the "whispered" of it
                for m in self.recipients():
                    frame = visible(entry, room.seat_of(m))
                    whole = frame is entry
                    if whole not in texts:
                        texts[whole] = encode(frame)
                    await self.send(m, texts[whole])

    # ----- the clock -----

    def start(self) -> None:
        if self.task is None:
            self.task = asyncio.create_task(self.run(), name=f"room-{self.room.code}")

    def deadline(self) -> float | None:
        play = self.room.play
        if play is None or play.phase == "end" or self.room.closed:
            return None
        return play.deadline

    async def run(self) -> None:
        from .clock import on_deadline

        while not self.room.closed:
            self.wake.clear()
            deadline = self.deadline()
            delay = None if deadline is None else deadline - time.time()
            if delay is None or delay > 0:
                try:
                    await asyncio.wait_for(self.wake.wait(), delay)
                    continue
                except TimeoutError:
                    pass
            async with self.lock:
                if self.deadline() == deadline and deadline is not None:
                    try:
                        await on_deadline(self, self.hub.rng)
                    except Exception:
                        log.exception("room %s: clock failed", self.room.code)
                        await asyncio.sleep(1.0)


class Hub:
    """All rooms of this server process."""

    def __init__(self, store: Store, pubsub: PubSub, rng: random.Random | None = None) -> None:
        self.store = store
        self.pubsub = pubsub
        self.rng = rng or random.SystemRandom()
        self.rooms: dict[str, RoomActor] = {}

    async def start(self) -> None:
        """Open the store and bring back every open room from its log."""
        await self.store.open()
        for code in await self.store.open_rooms():
            room = Room(code)
            try:
                for e in await self.store.events(code):
                    room.apply(e.kind, e.data, e.at)
            except Exception:  # one bad log must not keep the others down
                log.exception("room %s: cannot replay its log; left closed", code)
                continue
            actor = RoomActor(self, room)
            self.rooms[code] = actor
            actor.start()
        log.info("restored %d rooms", len(self.rooms))

    async def stop(self) -> None:
        for actor in self.rooms.values():
            if actor.task is not None:
                actor.task.cancel()
        await self.store.close()
        await self.pubsub.close()

    def actor(self, code: str) -> RoomActor:
        actor = self.rooms.get(code.strip().upper())
        if actor is None or actor.room.closed:
            raise BadMessage("no_room", f"there is no room {code!r}")
        return actor

    def new_code(self) -> str:
        for _ in range(100):
            code = "".join(self.rng.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if code not in self.rooms:
                return code
        raise BadMessage("full", "no free room code")

    async def create(self, name: str) -> Session:
        if len(self.rooms) >= MAX_ROOMS:
            raise BadMessage("full", "the server has too many rooms")
        actor = RoomActor(self, Room(self.new_code()))
        self.rooms[actor.room.code] = actor
        async with actor.lock:
            session = await self._join(actor, name, False, [("created", {})])
        actor.start()
        return session

    async def join(self, code: str, name: str, spectator: bool) -> Session:
        actor = self.actor(code)
        async with actor.lock:
            return await self._join(actor, name, spectator, [])

    async def _join(self, actor: RoomActor, name: str, spectator: bool, pre: Pending) -> Session:
        from .protocol import clean_name

        room = actor.room
        name = clean_name(name)
        if room.member_by_name(name) is not None:
            raise BadMessage("name_taken", f"someone in the room is already called {name!r}")
        members = [m for m in room.members.values() if m.spectator == spectator]
        if len(members) >= (MAX_SPECTATORS if spectator else MAX_PLAYERS):
            raise BadMessage("room_full", "the room is full")
        token = secrets.token_urlsafe(24)
        member = room.seq + len(pre) + 1  # the seq of the join event: never reused
        data = {"member": member, "name": name, "token_hash": token_hash(token)}
        await actor.commit([*pre, ("joined", {**data, "spectator": spectator})])
        return Session(room.code, member, token)

    async def resume(self, code: str, token: str) -> Session:
        actor = self.actor(code)
        member = actor.room.tokens.get(token_hash(token))
        if member is None:
            raise BadMessage("bad_token", "unknown token for this room")
        return Session(actor.room.code, member, token)

    def check(self, session: Session) -> RoomActor:
        """The room of a session whose token is still valid."""
        actor = self.actor(session.room)
        if actor.room.tokens.get(token_hash(session.token)) != session.member:
            raise BadMessage("bad_token", "you are no longer in this room")
        return actor

    async def presence(self, session: Session, delta: int) -> None:
        actor = self.rooms.get(session.room)
        if actor is None:
            return
        async with actor.lock:
            before = actor.online.get(session.member, 0)
            actor.online[session.member] = before + delta
            if (before > 0) != (before + delta > 0):
                await actor.send_room()

    async def handle(self, session: Session, msg: Any) -> dict[str, Any]:
        """Carry out one command of an authenticated member; the fields of its ack."""
        from .commands import dispatch

        actor = self.check(session)
        async with actor.lock:
            self.check(session)
            return await dispatch(actor, session.member, msg) or {}
