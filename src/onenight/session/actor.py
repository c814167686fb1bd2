"""One room's actor: its state, lock, clock task and frames, in the process that owns it.

The actor is a small pipeline, like boardgame.io's master: for a command or a timer it
takes the room's lock, *decides* (the pure :func:`.core.decide` and :func:`.clock.tick`
give the events), *stores* them in the append-only log, *applies* them to the room, and
*publishes* the frames they cause, one channel per member (``CODE:member``). It holds
no game logic of its own.

Frames are numbered per member (``n``: 1, 2, …) and collected while the lock is held;
they leave together, in order, when the lock is let go (:meth:`RoomActor.locked`), and
the cluster keeps the last :data:`REPLAY` of each member for a ``resume``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING, Any

from onenight.cluster import Frame, Kept, OwnerGone, Post
from onenight.rules import Phase
from onenight.storage import Event

from . import events as ev
from . import protocol as P
from .botseats import STAND_IN_LEVEL, BotSeats
from .clock import due, tick
from .core import decide
from .padding import pad
from .protocol import BadMessage
from .room import Room
from .views import encode, log_frame, room_frame, state_frame, visible, with_field, you

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("onenight.session")

REPLAY = 32  #: frames kept per member for a resume that missed a few
REDELIVER = 0.25  #: seconds between tries of frames the bus failed to take
ANSWERS_KEPT = 256  #: answers to forwarded requests kept per room, for a request asked again
#: seconds a connection opened in another process may wait before its count reaches the
#: owner (it opens, then is counted): meanwhile the room's frames are published for it
OPENING = 10.0

#: Night messages: at most one of these per member per turn is accepted.
TAPS = (P.Act, P.Nothing)


class Held:
    """``async with actor.locked()``: the room's lock held; the frames made meanwhile
    leave, in order, before it is let go. (A class, not an async generator: it is taken
    for every message.)"""

    __slots__ = ("actor",)

    def __init__(self, actor: RoomActor) -> None:
        self.actor = actor

    async def __aenter__(self) -> None:
        await self.actor.lock.acquire()
        if self.actor.gone:  # let go while this waited (handed over): ask the new owner
            self.actor.lock.release()
            raise OwnerGone(self.actor.room.code)

    async def __aexit__(self, *exc: object) -> None:
        try:
            await self.actor.flush()
        finally:
            self.actor.lock.release()


class RoomActor:
    """One room owned by this process."""

    def __init__(self, hub: Hub, room: Room) -> None:
        self.hub = hub
        self.room = room
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.gone = False  #: let go (another process owns the room, or this one stops)
        self.online: dict[int, int] = {}  #: member → connections, in every process
        self.online_at: dict[str, dict[int, int]] = {}  #: process → member → connections
        self.tapped: dict[int, int] = {}  #: member → the night turn of its last tap
        #: until when (monotonic time) the frames are published whatever the counts say:
        #: a connection opened in another process and not counted yet, or a take-over
        self.elsewhere_until = 0.0
        self.bots = BotSeats()
        self.away: dict[int, asyncio.Task[None]] = {}  #: members waited for (grace)
        self.numbers: dict[int, int] = {}  #: member → the number of its last frame
        self.kept: dict[int, deque[Frame]] = {}  #: for a resume
        self.outbox: list[Post] = []  #: frames to publish when the lock is let go
        self.redeliver: asyncio.Task[None] | None = None  #: frames the bus failed to take
        #: request name → its answer: forwarded requests carried out here (:meth:`once`)
        self.answers: OrderedDict[str, asyncio.Future[dict[str, Any]]] = OrderedDict()

    def locked(self) -> Held:
        """Hold the room's lock; the frames made meanwhile leave, in order, after."""
        return Held(self)

    async def flush(self) -> None:
        """Deliver the frames made under the lock. If the bus fails (Redis restarting),
        they stay first in the outbox, in order, and go out once it answers again (the
        events that made them are stored and applied already: the command stands)."""
        frames, self.outbox = self.outbox, []
        if not frames:
            return
        try:
            cluster = self.hub.cluster
            await cluster.deliver(self.room.code, frames, self.numbers, self.heard_elsewhere())
        except Exception:
            self.outbox[:0] = frames
            if self.redeliver is None or self.redeliver.done():
                log.warning("room %s: the bus failed to deliver frames: retrying", self.room.code)
                self.redeliver = asyncio.create_task(self._redeliver())
            return
        if self.hub.metrics is not None:
            self.hub.metrics.frames.inc(len(frames))

    async def _redeliver(self) -> None:
        """Every REDELIVER seconds, the frames still waiting, until they are out."""
        while self.outbox and not self.room.closed:
            await asyncio.sleep(REDELIVER)
            async with self.locked():
                pass  # the lock's release delivers the outbox

    async def once(
        self, name: str, carry_out: Callable[[], Awaitable[dict[str, Any]]]
    ) -> dict[str, Any]:
        """Carry out a request forwarded by another process at most once. The asking
        process names each request, and asks again under the same name when no answer
        came (Redis lost it, or the wait ran out): that request gets the first answer
        (waiting for it if it is still under way), so a chat line, a join or a vote
        is not carried out twice. A refused request (nothing changed) is not kept: asked
        again, it is tried again. Only this owner knows the names: a request asked again
        of a new owner, after the old one carried it out and died before answering, is
        carried out again, but for a join (its token, made by the asker, finds its seat)
        and a night tap (the taps noted in Redis refuse a second): docs/deploy.md."""
        known = self.answers.get(name)
        if known is not None:
            return await asyncio.shield(known)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.answers[name] = future
        if len(self.answers) > ANSWERS_KEPT:
            self.answers.popitem(last=False)
        try:
            answer = await carry_out()
        except BaseException as exc:
            if self.answers.get(name) is future:
                del self.answers[name]
            if isinstance(exc, Exception):
                future.set_exception(exc)
                future.exception()  # retrieved: those waiting on it get it too
            else:
                future.cancel()
            raise
        future.set_result(answer)
        return answer

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
            await self.note_tap(member, play.turn)
        await self.settle()
        return reply

    async def note_tap(self, member: int, turn: int) -> None:
        """Tell the cluster of a tap, for a process that takes the room over in this
        turn. The tap has been taken already (an act is in the log): if the bus fails it
        still stands, and only such a take-over would not know of it."""
        try:
            await self.hub.cluster.tapped(self.room.code, member, turn)
        except Exception:
            log.warning("room %s: the tap of %d not noted on the bus", self.room.code, member)

    async def settle(self) -> None:
        """Let the bots at the table do what they have to do now, one step at a time."""
        for _ in range(4 * len(self.room.seats) + 8):
            events = self.bots.next_events(self.room, time.time(), self.hub.rng)
            if not events:
                return
            await self.commit(events)

    async def commit(self, events: list[ev.RoomEvent]) -> None:
        """Store these events, then apply them and publish what they change. The store
        refuses them (SeqConflict) when another process has written the room since."""
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
        self.publish(events, ended)
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
        async with self.locked():
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

    async def presence(self, process: str, member: int, count: int) -> None:
        """A member has ``count`` connections to ``process`` now."""
        self.online_at.setdefault(process, {})[member] = count
        await self.recount()
        self.hub.follower.check(self)  # most of its members elsewhere: the room follows

    async def recount(self) -> None:
        """Sum the processes' counts; tell the room who came and went."""
        online: dict[int, int] = {}
        for counts in self.online_at.values():
            for member, n in counts.items():
                online[member] = online.get(member, 0) + n
        before, self.online = self.online, online
        changed = {
            m for m in set(before) | set(online) if (before.get(m, 0) > 0) != (online.get(m, 0) > 0)
        }
        if not changed:
            return
        self.send_room()
        self.wake.set()  # the idle clock starts or stops
        for member in changed:
            if online.get(member, 0) > 0:
                await self.back(member)
            elif self.room.playing:
                self.wait_for(member)

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

    @property
    def at_night(self) -> bool:
        play = self.room.play
        return play is not None and play.phase == Phase.NIGHT

    def send(
        self,
        member: int,
        frame: dict[str, Any] | str,
        night_only: bool = True,
        kind: str | None = None,
    ) -> None:
        """Number a frame for its member (``n``: 1, 2, … on the member's channel), pad it
        if the game wants it, keep it for a ``resume``, and queue it to go out. Its number,
        its kind (its ``type``: ``kind`` says it for a frame encoded already) and whether
        it is a night frame travel with it as data (:class:`Frame`)."""
        if not isinstance(frame, str):
            kind, frame = frame["type"], encode(frame)
        elif kind is None:
            raise TypeError("a frame encoded already needs its kind")
        n = self.numbers.get(member, 0) + 1
        self.numbers[member] = n
        raw = with_field(frame, "n", n)
        size = self.pad_size(night_only)
        if size is None:
            f = Frame(n, kind, False, raw)
        else:
            f = Frame(n, kind, self.at_night, pad(raw.encode(), size))
        kept = self.kept.get(member)
        if kept is None:
            kept = self.kept[member] = deque(maxlen=REPLAY)
        kept.append(f)
        self.outbox.append((member, f))

    def missed(self, member: int, last: int) -> list[Frame] | None:
        """The frames after ``last`` exactly as they were sent, or None when they are not
        all kept any more (too many, or a restart): then the member gets the full view,
        numbered on from ``last``."""
        numbers = self.numbers.get(member, 0)
        kept = self.kept.get(member, ())
        first = (kept[0].n or 0) if kept else 0  # a member's frames are all numbered
        if last > numbers or (numbers > last and (not kept or first > last + 1)):
            self.numbers[member] = max(numbers, last)
            return None
        return [f for f in kept if (f.n or 0) > last]

    def restore_frames(self, kept: Kept) -> None:
        """Frame numbers and kept frames from the cluster (a room taken over)."""
        self.numbers.update(kept.numbers)
        for member, frames in kept.frames.items():
            if frames:
                self.kept[member] = deque(frames, maxlen=REPLAY)
                self.numbers[member] = max(self.numbers.get(member, 0), frames[-1].n or 0)

    def heard_elsewhere(self) -> bool:
        """Whether another process may hold a connection of a member: then the frames go
        on the bus for it; else this process hands them to its own connections alone (a
        room whose members all came to its process costs Redis no ``PUBLISH``)."""
        if time.monotonic() < self.elsewhere_until:
            return True
        me = self.hub.cluster.me
        return any(p != me and any(c.values()) for p, c in self.online_at.items())

    def opened_elsewhere(self) -> None:
        """A connection of a member opened in another process (or this process took the
        room over, and the counts it read may be a moment old): publish for a while."""
        self.elsewhere_until = time.monotonic() + OPENING

    def recipients(self) -> list[int]:
        return [m.id for m in self.room.members.values() if not m.gone]

    def online_members(self) -> set[int]:
        return {m for m, n in self.online.items() if n > 0}

    def send_room(self) -> None:
        """The room frame to every member: its public part is built and encoded once."""
        public = encode(room_frame(self.room, None, self.online_members()))
        for m in self.recipients():
            self.send(m, with_field(public, "you", you(self.room, m)), kind="room")

    def send_state(self, members: Iterable[int]) -> None:
        for m in members:
            frame = state_frame(self.room, m)
            if frame is not None:
                self.send(m, frame, night_only=False)

    def send_full(self, member: int) -> None:
        """Everything a member sees, after joining or reconnecting."""
        self.send(member, room_frame(self.room, member, self.online_members()))
        self.send_state([member])
        self.send(member, log_frame(self.room, member))

    def publish(self, events: list[ev.RoomEvent], ended: bool) -> None:
        """The frames these events cause: what changed, to whom it changed for."""
        room = self.room
        kinds = {e.kind for e in events}
        for e in events:
            if isinstance(e, ev.Left | ev.Kicked):
                self.send(e.member, {"type": "bye", "reason": e.kind})
        if kinds & ev.LOBBY_KINDS or ended:
            self.send_room()
        # Night choices change nobody's frame now: their results come with the next turn.
        if kinds & ev.GAME_KINDS or ended:
            self.send_state(self.recipients())
        for e in events:
            if isinstance(e, ev.Chat | ev.Whisper | ev.Claimed):
                entry = (room.play.log if room.play is not None else room.log)[-1]
                texts: dict[bool, str] = {}  # the entry itself, or the "whispered" of it
                for m in self.recipients():
                    frame = visible(entry, room.seat_of(m))
                    whole = frame is entry
                    if whole not in texts:
                        texts[whole] = encode(frame)
                    self.send(m, texts[whole], kind=frame["type"])

    # ----- the clock -----

    def start(self) -> None:
        if self.task is None:
            self.task = asyncio.create_task(self.run(), name=f"room-{self.room.code}")

    def stop(self) -> None:
        """This process lets the room go (another owns it, or the server stops)."""
        self.gone = True
        if self.task is not None:
            self.task.cancel()
        if self.redeliver is not None:
            self.redeliver.cancel()
        for task in self.away.values():
            task.cancel()

    def idle_at(self) -> float | None:
        """When this room closes for idleness: outside a game, nobody online, no event."""
        room = self.room
        if room.playing or any(n > 0 for n in self.online.values()):
            return None
        return room.last_at + self.hub.limits.idle

    async def close_if_idle(self) -> None:
        async with self.locked():
            idle = self.idle_at()
            if idle is not None and time.time() >= idle and not self.room.closed:
                await self.commit([ev.Closed()])
                await self.hub.closed(self.room.code)

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
            try:
                if deadline is None:
                    await self.close_if_idle()
                    continue
                async with self.locked():
                    if due(self.room) == deadline:
                        await self.commit(tick(self.room, time.time(), self.hub.rng))
                        await self.settle()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if await self.hub.conflict(self.room.code, exc):
                    return
                log.exception("room %s: clock failed", self.room.code)
                await asyncio.sleep(1.0)
