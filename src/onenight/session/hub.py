"""The hub: every room of this process, and each room's actor.

The actor is a small pipeline, like boardgame.io's master: for a command or a timer it
takes the room's lock, *decides* (the pure :func:`.core.decide` and :func:`.clock.tick`
give the events), *stores* them in the append-only log, *applies* them to the room, and
*publishes* the frames they cause, one channel per member (``CODE:member``). It holds
no game logic of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from onenight.pubsub import PubSub
from onenight.rules import Phase
from onenight.storage import Event, Store

from . import events as ev
from . import protocol as P
from .botseats import STAND_IN_LEVEL, BotSeats
from .clock import due, tick
from .core import MAX_SEATS, decide, join
from .limits import Limits, PerAddress
from .padding import pad
from .protocol import CODE_LENGTH, CODE_LETTERS, BadMessage
from .room import Room
from .views import encode, log_frame, room_frame, state_frame, visible, with_field, you

log = logging.getLogger("onenight.session")

MAX_SPECTATORS = 24

REPLAY = 32  #: frames kept per member for a resume that missed a few

#: Night messages: at most one of these per member per turn is accepted.
TAPS = (P.Act, P.Nothing)


@dataclass(frozen=True)
class Session:
    """An authenticated member of a room, on one connection."""

    room: str
    member: int
    token: str


def _final(raw: str, size: int | None) -> str:
    return raw if size is None else pad(raw.encode(), size)


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
        self.tapped: dict[int, int] = {}  #: member → the night turn of its last tap
        self.bots = BotSeats()
        self.away: dict[int, asyncio.Task[None]] = {}  #: members waited for (grace)
        self.numbers: dict[int, int] = {}  #: member → the number of its last frame
        self.kept: dict[int, deque[tuple[int, str, int | None]]] = {}  #: for a resume

    # ----- the pipeline -----

    async def command(self, member: int, msg: P.Message) -> dict[str, Any]:
        """Decide, store, apply, publish one member's command; the fields of its ack."""
        room = self.room
        play = room.play
        tap = isinstance(msg, TAPS) and play is not None and play.phase == Phase.NIGHT
        if tap and play is not None and self.tapped.get(member) == play.turn:
            raise BadMessage("one_per_turn", "one act or nothing per turn")
        events, reply = decide(room, member, msg, time.time(), self.hub.rng)
        await self.commit(events)
        if tap and play is not None:
            self.tapped[member] = play.turn
        await self.settle()
        return reply

    async def settle(self) -> None:
        """Let the bots at the table do what they have to do now, one step at a time."""
        for _ in range(4 * len(self.room.seats) + 8):
            events = self.bots.next_events(self.room, time.time(), self.hub.rng)
            if not events:
                return
            await self.commit(events)

    async def commit(self, events: list[ev.RoomEvent]) -> None:
        """Store these events, then apply them and publish what they change."""
        if not events:
            return
        room = self.room
        now = time.time()
        stored = [
            Event(room.code, room.seq + i + 1, e.kind, e.data(), now) for i, e in enumerate(events)
        ]
        await self.hub.store.append(stored)
        ended = room.play is not None and room.play.result is None
        for e in events:
            room.apply(e, now)
        ended = ended and room.play is not None and room.play.result is not None
        await self.publish(events, ended)
        if any(isinstance(e, ev.Started) for e in events):
            for member in self.room.seats:
                if not self.online.get(member):
                    self.wait_for(member)
        self.wake.set()

    # ----- players away: a bot plays their seat after the grace period -----

    def wait_for(self, member: int) -> None:
        """Give an absent player the room's grace, then a bot plays the seat."""
        task = self.away.get(member)
        if task is None or task.done():
            self.away[member] = asyncio.create_task(self._stand_in(member))

    async def _stand_in(self, member: int) -> None:
        await asyncio.sleep(self.room.settings.grace)
        async with self.lock:
            room = self.room
            m = room.members.get(member)
            seated = room.playing and room.play is not None and member in room.play.seats
            if m is None or m.bot or m.stand_in or self.online.get(member) or not seated:
                return
            await self.commit([ev.StandIn(member=member, level=STAND_IN_LEVEL)])
            await self.settle()

    async def back(self, member: int) -> None:
        """A player is online again: the stand-in, if any, leaves the seat."""
        task = self.away.pop(member, None)
        if task is not None:
            task.cancel()
        m = self.room.members.get(member)
        if m is not None and m.stand_in is not None:
            await self.commit([ev.StandInEnded(member=member)])

    # ----- frames -----

    @property
    def frame_size(self) -> int | None:
        """The size every frame is padded to while a game is under way (else None)."""
        play = self.room.play
        return play.frame_size if play is not None and self.room.playing else None

    def pad_size(self, night_only: bool = True) -> int | None:
        """The size frames are padded to now: the game's during the night (and, for state
        frames, until the end), else None."""
        size = self.frame_size
        play = self.room.play
        if size is None or (night_only and play is not None and play.phase != Phase.NIGHT):
            return None
        return size

    async def send(self, member: int, frame: dict[str, Any] | str, night_only: bool = True) -> None:
        """Number a frame for its member (``n``: 1, 2, … on the member's channel), pad it
        if the game wants it, keep it for a ``resume``, and publish it."""
        n = self.numbers.get(member, 0) + 1
        self.numbers[member] = n
        raw = with_field(frame if isinstance(frame, str) else encode(frame), "n", n)
        size = self.pad_size(night_only)
        kept = self.kept.get(member)
        if kept is None:
            kept = self.kept[member] = deque(maxlen=REPLAY)
        kept.append((n, raw, size))
        await self.hub.pubsub.publish(channel(self.room.code, member), _final(raw, size))
        if self.hub.metrics is not None:
            self.hub.metrics.frames.inc()

    def missed(self, member: int, last: int) -> list[str] | None:
        """The frames after ``last`` exactly as they were sent, or None when they are not
        all kept any more (too many, or a restart): then the member gets the full view,
        numbered on from ``last``."""
        numbers = self.numbers.get(member, 0)
        kept = self.kept.get(member, ())
        if last > numbers or (numbers > last and (not kept or kept[0][0] > last + 1)):
            self.numbers[member] = max(numbers, last)
            return None
        return [_final(raw, size) for n, raw, size in kept if n > last]

    def recipients(self) -> list[int]:
        return [m.id for m in self.room.members.values() if not m.gone]

    async def send_room(self) -> None:
        """The room frame to every member: its public part is built and encoded once."""
        online = {m for m, n in self.online.items() if n > 0}
        public = encode(room_frame(self.room, None, online))
        for m in self.recipients():
            await self.send(m, with_field(public, "you", you(self.room, m)))

    async def send_state(self, members: Iterable[int]) -> None:
        for m in members:
            frame = state_frame(self.room, m)
            if frame is not None:
                await self.send(m, frame, night_only=False)

    async def send_full(self, member: int) -> None:
        """Everything a member sees, after joining or reconnecting."""
        online = {m for m, n in self.online.items() if n > 0}
        await self.send(member, room_frame(self.room, member, online))
        await self.send_state([member])
        await self.send(member, log_frame(self.room, member))

    async def publish(self, events: list[ev.RoomEvent], ended: bool) -> None:
        """The frames these events cause: what changed, to whom it changed for."""
        room = self.room
        kinds = {e.kind for e in events}
        for e in events:
            if isinstance(e, ev.Left | ev.Kicked):
                await self.send(e.member, {"type": "bye", "reason": e.kind})
        if kinds & ev.LOBBY_KINDS or ended:
            await self.send_room()
        # Night choices change nobody's frame now: their results come with the next turn.
        if kinds & ev.GAME_KINDS or ended:
            await self.send_state(self.recipients())
        for e in events:
            if isinstance(e, ev.Chat | ev.Whisper | ev.Claimed):
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

    def idle_at(self) -> float | None:
        """When this room closes for idleness: outside a game, nobody online, no event."""
        room = self.room
        if room.playing or any(n > 0 for n in self.online.values()):
            return None
        return room.last_at + self.hub.limits.idle

    async def close_if_idle(self) -> None:
        async with self.lock:
            idle = self.idle_at()
            if idle is not None and time.time() >= idle and not self.room.closed:
                await self.commit([ev.Closed()])
                self.hub.rooms.pop(self.room.code, None)

    async def run(self) -> None:
        """The room's clock: sleep until the game's deadline (or until the room has been
        idle too long), then tick (or close the room); any commit wakes it early."""
        while not self.room.closed:
            self.wake.clear()
            deadline, idle = due(self.room), self.idle_at()
            wake_at = min((t for t in (deadline, idle) if t is not None), default=None)
            delay = None if wake_at is None else wake_at - time.time()
            if delay is None or delay > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), delay)
                continue
            if deadline is None:
                await self.close_if_idle()
                continue
            async with self.lock:
                if due(self.room) == deadline:
                    try:
                        await self.commit(tick(self.room, time.time(), self.hub.rng))
                        await self.settle()
                    except Exception:
                        log.exception("room %s: clock failed", self.room.code)
                        await asyncio.sleep(1.0)


class Hub:
    """All rooms of this server process."""

    def __init__(
        self,
        store: Store,
        pubsub: PubSub,
        rng: random.Random | None = None,
        metrics: Any = None,
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        self.pubsub = pubsub
        self.limits = limits or Limits()
        self.creates = PerAddress(self.limits.creates_per_minute)
        self.joins = PerAddress(self.limits.joins_per_minute)
        self.metrics = metrics  #: onenight.server.ops.Metrics, or None
        self.rng = rng or random.SystemRandom()
        self.rooms: dict[str, RoomActor] = {}

    async def start(self) -> None:
        """Open the store and bring back every open room from its log."""
        await self.store.open()
        for code in await self.store.open_rooms():
            room = await self._restore(code)
            if room is None:
                continue
            actor = RoomActor(self, room)
            self.rooms[code] = actor
            actor.start()
            if room.playing:  # nobody is online after a restart
                for member in room.seats:
                    actor.wait_for(member)
        log.info("restored %d rooms", len(self.rooms))

    async def _restore(self, code: str) -> Room | None:
        room = Room(code)
        try:
            for e in await self.store.events(code):
                try:
                    room.apply(ev.parse(e.kind, e.data), e.at)
                except ev.LegacyGameEvent:  # a game of an older server: dropped
                    room.seq += 1
                    room.play = None
        except Exception:  # one bad log must not keep the others down
            log.exception("room %s: cannot replay its log; left closed", code)
            return None
        return room

    async def stop(self) -> None:
        for actor in self.rooms.values():
            if actor.task is not None:
                actor.task.cancel()
            for task in actor.away.values():
                task.cancel()
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

    async def create(self, name: str, address: str | None = None) -> Session:
        if not self.creates.take(address):
            raise BadMessage("rate_limited", "too many new rooms from your address: wait")
        if len(self.rooms) >= self.limits.max_rooms:
            raise BadMessage("full", "the server has too many rooms")
        P.clean_name(name)
        actor = RoomActor(self, Room(self.new_code()))
        self.rooms[actor.room.code] = actor
        async with actor.lock:
            session = await self._join(actor, name, False, [ev.Created()])
        actor.start()
        return session

    async def join(
        self, code: str, name: str, spectator: bool, address: str | None = None
    ) -> Session:
        if not self.joins.take(address):
            raise BadMessage("rate_limited", "too many joins from your address: wait")
        actor = self.actor(code)
        async with actor.lock:
            return await self._join(actor, name, spectator, [])

    async def _join(
        self, actor: RoomActor, name: str, spectator: bool, pre: list[ev.RoomEvent]
    ) -> Session:
        token = secrets.token_urlsafe(24)
        limit = MAX_SPECTATORS if spectator else MAX_SEATS
        room = actor.room
        room.seq += len(pre)  # the join event's seq follows the events before it
        try:
            joined = join(room, name, spectator, token_hash(token), limit)
        finally:
            room.seq -= len(pre)
        await actor.commit([*pre, *joined])
        member = joined[0].member  # type: ignore[union-attr]
        return Session(room.code, member, token)

    async def resume(self, code: str, token: str, address: str | None = None) -> Session:
        if not self.joins.take(address):
            raise BadMessage("rate_limited", "too many joins from your address: wait")
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
                actor.wake.set()  # the idle clock starts or stops
            if before == 0 and delta > 0:
                await actor.back(session.member)
            elif before > 0 and before + delta == 0 and actor.room.playing:
                actor.wait_for(session.member)

    async def handle(self, session: Session, msg: P.Message) -> dict[str, Any]:
        """Carry out one command of an authenticated member; the fields of its ack."""
        actor = self.check(session)
        async with actor.lock:
            self.check(session)
            return await actor.command(session.member, msg)

    def at_night(self, session: Session | None) -> bool:
        """Whether this session's room is in the night of a game."""
        actor = self.rooms.get(session.room) if session is not None else None
        play = actor.room.play if actor is not None else None
        return play is not None and play.phase == Phase.NIGHT

    def reply_size(self, session: Session | None) -> int | None:
        """The size of the answer to a message this session sends now: the game's frame
        size during the night (kept even if the night ends before the answer leaves)."""
        actor = self.rooms.get(session.room) if session is not None else None
        return None if actor is None else actor.pad_size()
