"""One room's actor: the only way into a room, in the process that owns it.

:meth:`RoomActor.handle` takes a typed request (:mod:`.requests`) and gives its reply.
For a member's command it reads top to bottom:

1. authenticate the member (the token of its seat);
2. *decide*: the pure :func:`.core.decide` gives the events (every rule is there, the
   night's one tap per turn included) and the fields of the ack;
3. *store* the events, with the answer (``answered``: a command asked again gets it);
4. *apply* them to the room;
5. *render* the frames they cause, for each member, numbered (``n``: 1, 2, … per
   member) and padded while a game is under way;
6. *deliver* them, in order, when the room's lock is let go.

The clock (:func:`.clock.tick`) and the bots at the table go through the same steps.
The actor is given what it uses (:class:`RoomDeps`): the store, the delivery of frames,
the clock, the randomness, the bot seats and the router that owns it; it holds no game
logic of its own.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from onenight.cluster import Frame, OwnerGone, Post
from onenight.rules import Phase

from . import events as ev
from .clock import due, tick
from .core import MAX_SEATS, decide, join, vote_if_ready
from .errors import ErrorCode
from .hindsight import hindsight
from .ports import STAND_IN_LEVEL, BotSeatsFactory, Event, NoBots, Store
from .protocol import AddBot, BadMessage, Signal
from .render import Rendering
from .requests import (
    Acked,
    CommandRequest,
    Done,
    Found,
    JoinRequest,
    Opened,
    OpenRequest,
    PresenceRequest,
    Public,
    Refused,
    Reply,
    Request,
    ResultRequest,
    ResumeRequest,
    Seated,
    TakeOverRequest,
    ViewRequest,
)
from .room import Room
from .timing import Clock
from .tokens import token_hash
from .views import day_story, dealt, encode, room_frame
from .voice import signal_target, voice_json

log = logging.getLogger("onenight.session")

REDELIVER = 0.25  #: seconds between tries of frames the bus failed to take
#: A bot's (or a stand-in's) night move comes this fraction of the turn's length after
#: the frame that opens the turn, never with it: the bot's thinking and its store write
#: would otherwise hold that frame back (or the loop that sends it), and its moment
#: would tell every member that a bot holds the turn's card (docs/security.md).
BOT_NIGHT_PAUSE = 0.25
MAX_SPECTATORS = 24
MemberRequest = ResumeRequest | OpenRequest | PresenceRequest | CommandRequest


class Delivery(Protocol):
    """Where a room's frames go (the cluster): this process's connections, and the bus
    while another process may hold a member's connection."""

    me: str

    async def deliver(
        self, code: str, frames: Sequence[Post], numbers: Mapping[int, int], elsewhere: bool
    ) -> None: ...


class Router(Protocol):
    """What the actor tells the process it lives in."""

    async def room_closed(self, code: str) -> None:
        """The room closed (idle): forget it, give its lease back for good."""

    async def room_conflict(self, code: str, exc: BaseException) -> bool:
        """Whether ``exc`` says another process has written the room (it let it go)."""

    def members_moved(self, actor: RoomActor) -> None:
        """The room's presence counts changed (the follow rule may move the room)."""


@dataclass(frozen=True)
class RoomDeps:
    """What a room's actor is given."""

    store: Store
    delivery: Delivery
    clock: Clock
    rng: random.Random
    router: Router
    bots: BotSeatsFactory = NoBots
    idle: float = 7200.0  #: seconds without an event before a room outside a game closes
    frames_sent: Callable[[int], None] | None = None  #: counts the frames delivered


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


class RoomActor(Rendering):
    """One room owned by this process."""

    def __init__(self, room: Room, deps: RoomDeps) -> None:
        self.room = room
        self.deps = deps
        self.clock = deps.clock
        self.me = deps.delivery.me
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.gone = False  #: let go (another process owns the room, or this one stops)
        self.online: dict[int, int] = {}  #: member → connections, in every process
        self.online_at: dict[str, dict[int, int]] = {}  #: process → member → connections
        #: until when (monotonic time) the frames are published whatever the counts say:
        #: a connection opened in another process and not counted yet, or a take-over
        self.elsewhere_until = 0.0
        self.bots = deps.bots()
        self.away: dict[int, asyncio.Task[None]] = {}  #: members waited for (grace)
        self.host_wait: asyncio.Task[None] | None = None  #: the host away: its grace
        self.host_due = False  #: the host stayed away past the grace: it passes on
        self.host_left: int | None = None  #: the host who left (the room named the next)
        self.numbers: dict[int, int] = {}  #: member → the number of its last frame
        self.numbered_all = False  #: see Rendering.numbered_all (a new room's: hub.create)
        self.kept: dict[int, deque[Frame]] = {}  #: for a resume
        self.outbox: list[Post] = []  #: frames to deliver when the lock is let go
        self.short_log: set[int] = set()  #: log frames sent at night (Rendering.send_full)
        self.redeliver: asyncio.Task[None] | None = None  #: frames the bus failed to take
        #: when the bots make their moves of the night's turn just opened (None: now)
        self.night_bots_at: float | None = None
        self.voice_sent = encode(voice_json(room))

    def locked(self) -> Held:
        """Hold the room's lock; the frames made meanwhile leave, in order, after."""
        return Held(self)

    # ----- the way in -----

    async def handle(self, request: Request) -> Reply:
        """Carry out one request; a refusal is a reply too (nothing changed). Raises
        OwnerGone when the room was let go meanwhile (ask its new owner) and SeqConflict
        when another process wrote its log (this one no longer owns it)."""
        size = self.pad_size()  # an answer to a request that came at night is padded
        try:
            if self.room.closed:
                raise BadMessage(ErrorCode.no_room, f"there is no room {self.room.code!r}")
            return await self._carry_out(request, size)
        except BadMessage as exc:
            size = size or self.pad_size()
            return Refused(code=exc.code, message=exc.message, size=size, night=self.at_night)

    async def _carry_out(self, request: Request, size: int | None) -> Reply:
        if isinstance(request, CommandRequest):
            return await self.command(request, size)
        if isinstance(request, ViewRequest):
            return Public(frame=room_frame(self.room, None, self.online_members()))
        if isinstance(request, ResultRequest):
            return Public(frame=self.result())
        if isinstance(request, JoinRequest):
            async with self.locked():
                return await self.join(request)
        if isinstance(request, TakeOverRequest):  # the router's, never an actor's
            raise BadMessage(ErrorCode.invalid, "a room owned here is not taken over")
        member = self.member(request)
        if isinstance(request, ResumeRequest):
            return Found(member=member)
        async with self.locked():
            member = self.member(request)  # still in the room once its turn came
            if isinstance(request, OpenRequest):
                return self.open(request, member)
            assert isinstance(request, PresenceRequest)
            await self.presence(request.process, member, request.count)
            return Done()

    def member(
        self, request: ResumeRequest | OpenRequest | PresenceRequest | CommandRequest
    ) -> int:
        """The member whose token this is (``bad_token``: none, or not the one named)."""
        member = self.room.tokens.get(token_hash(request.token))
        if member is None:
            raise BadMessage(ErrorCode.bad_token, "unknown token for this room")
        if request.member is not None and request.member != member:
            raise BadMessage(ErrorCode.bad_token, "you are no longer in this room")
        return member

    # ----- the pipeline -----

    async def command(self, request: CommandRequest, size: int | None) -> Reply:
        """Authenticate, decide, store, apply, render; the frames leave with the lock."""
        async with self.locked():
            member = self.member(request)
            if isinstance(request.msg, Signal):
                self.relay(member, request.msg)
                return Acked(fields={}, size=size or self.pad_size(), night=self.at_night)
            self.check_level(request.msg)
            known = self.room.answers.get(request.id)
            if known is None:
                events, fields = decide(
                    self.room, member, request.msg, self.clock.now(), self.deps.rng
                )
                if events:
                    events.append(ev.Answered(request=request.id, reply=fields))
                await self.commit(events)
                await self.settle()
                await self.mind_host()
            else:  # asked again: the first answer, and nothing changes
                fields = known
        return Acked(fields=fields, size=size or self.pad_size(), night=self.at_night)

    def check_level(self, msg: Any) -> None:
        """A bot of a level this server runs (which bots it runs is the server's to say,
        by its bot seats and plugins: not a rule of the room, so not :mod:`.core`'s)."""
        if isinstance(msg, AddBot) and msg.level not in self.bots.levels:
            levels = ", ".join(sorted(self.bots.levels))
            raise BadMessage(ErrorCode.invalid, f"level: one of {levels}")

    def relay(self, member: int, msg: Signal) -> None:
        """Pass signalling on to the page of ``msg.to`` when the voice rule lets the two
        talk (:func:`.voice.signal_target`). Not stored: it changes nothing in the room,
        and a page that reconnects negotiates again."""
        to = signal_target(self.room, member, msg.to, msg.kind)
        frame: dict[str, Any] = {"type": "signal", "from": member, "kind": msg.kind}
        if msg.sdp is not None:
            frame["sdp"] = msg.sdp
        self.send(to, frame)

    async def join(self, request: JoinRequest, pre: Iterable[ev.RoomEvent] = ()) -> Seated:
        """Seat a member with the token its asker made (``pre``: events before its join,
        a new room's). A join is carried out once in any process: one whose token is
        seated already gets that seat back."""
        room, token = self.room, request.token
        if (seated := room.tokens.get(token_hash(token))) is not None:
            return Seated(member=seated, token=token)
        before = list(pre)
        limit = MAX_SPECTATORS if request.spectator else MAX_SEATS
        room.seq += len(before)  # the join event's seq follows the events before it
        try:
            joined = join(
                room, request.name, request.spectator, token_hash(token), limit, request.screen
            )
        finally:
            room.seq -= len(before)
        await self.commit([*before, *joined])
        member = joined[0].member  # type: ignore[union-attr]
        return Seated(member=member, token=token)

    def open(self, request: OpenRequest, member: int) -> Opened:
        """A connection opens: the frames after ``last`` when they are all kept, else
        the full view on the member's channel (numbered on)."""
        if request.process != self.me:
            self.opened_elsewhere()  # its frames go on the bus from now on
        last = request.last
        missed = None if last is None else self.missed(member, last)
        if missed is None:
            self.send_full(member)
        return Opened(missed=missed, size=self.pad_size())

    def result(self) -> dict[str, Any]:
        play = self.room.play
        if play is None or play.phase != Phase.END:
            raise BadMessage(ErrorCode.no_result, "no ended game")
        return {
            "game": play.no,
            "players": play.names,
            "result": play.result,
            "dealt": dealt(play),
            "edition": play.edition,
            "deck": play.deck,
            "day": day_story(play),
            "hindsight": hindsight(play),
            "reading": play.reading,
        }

    async def settle(self) -> None:
        """Let the bots at the table do what they have to do now, one step at a time.

        The frames already made leave first: a bot's move is decided and stored after
        the frame that opens its turn is out, as a player's tap comes after it, so that
        this frame leaves at the same moment whoever holds the turn's card — a player,
        a bot, a stand-in or the center (docs/security.md). At night they wait until
        :attr:`night_bots_at` besides (:data:`BOT_NIGHT_PAUSE`)."""
        await self.flush()
        gate = self.night_bots_at
        if gate is not None:
            if self.clock.now() < gate:
                return  # the turn's frame has just left: the bots move later (run)
            self.night_bots_at = None
        for _ in range(4 * len(self.room.seats) + 8):
            events = self.bots.next_events(self.room, self.clock.now(), self.deps.rng)
            if not events:
                return
            await self.commit(events)

    async def commit(self, events: list[ev.RoomEvent]) -> None:
        """Store these events, then apply them and render what they change. The store
        refuses them (SeqConflict) when another process has written the room since."""
        if not events:
            return
        room = self.room
        now = self.clock.now()
        stored = [
            Event(room.code, room.seq + i + 1, e.kind, e.data(), now) for i, e in enumerate(events)
        ]
        await self.deps.store.append(stored)
        ended = room.play is not None and room.play.result is None
        host = room.host
        for e in events:
            room.apply(e, now)
        if any(isinstance(e, ev.Left | ev.Kicked) and e.member == host for e in events):
            self.host_due = True  # the next in line may be away: mind_host passes it on
            self.host_left = host
        ended = ended and room.play is not None and room.play.result is not None
        if ended and room.play is not None:  # once, as the game ends (point 8 of issue 36)
            # Off the event loop (up to a second of sampling at a big table), the room
            # locked meanwhile: nothing changes it while the reading reads it.
            room.play.reading = await asyncio.to_thread(self.bots.reading, room)
        self.publish(events, ended)
        if any(isinstance(e, ev.Started) for e in events):
            for member in self.room.seats:
                if not self.online.get(member):
                    self.wait_for(member)
        self.wake.set()

    async def flush(self) -> None:
        """Deliver the frames made under the lock. If the bus fails (Redis restarting),
        they stay first in the outbox, in order, and go out once it answers again (the
        events that made them are stored and applied already: the command stands)."""
        frames, self.outbox = self.outbox, []
        if not frames:
            return
        try:
            delivery = self.deps.delivery
            await delivery.deliver(self.room.code, frames, self.numbers, self.heard_elsewhere())
        except Exception:
            self.outbox[:0] = frames
            if self.redeliver is None or self.redeliver.done():
                log.warning("room %s: the bus failed to deliver frames: retrying", self.room.code)
                self.redeliver = asyncio.create_task(self._redeliver())
            return
        if self.deps.frames_sent is not None:
            self.deps.frames_sent(len(frames))

    async def _redeliver(self) -> None:
        """Every REDELIVER seconds, the frames still waiting, until they are out."""
        while self.outbox and not self.room.closed:
            await self.clock.sleep(REDELIVER)
            async with self.locked():
                pass  # the lock's release delivers the outbox

    # ----- players away: a bot plays their seat after the grace period -----

    def wait_for(self, member: int) -> None:
        """Give an absent player the room's grace, then a bot plays the seat."""
        task = self.away.get(member)
        if task is None or task.done():
            self.away[member] = asyncio.create_task(self._stand_in(member))

    async def _stand_in(self, member: int) -> None:
        await self.clock.sleep(self.room.settings.grace)
        async with self.locked():
            room = self.room
            m = room.members.get(member)
            seated = room.playing and room.play is not None and member in room.play.seats
            if m is None or m.bot or m.stand_in or self.online.get(member) or not seated:
                return
            # The player the day waited for is away: the others may all be ready.
            opened = vote_if_ready(room, self.clock.now(), absent=member)
            await self.commit([ev.StandIn(member=member, level=STAND_IN_LEVEL), *opened])
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
        self.deps.router.members_moved(self)  # most of its members elsewhere: it follows

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
        await self.mind_host()

    # ----- the host: passed on when gone, or away past the grace -----

    async def mind_host(self) -> None:
        """A room keeps a host who is here: one who left or was kicked passes it on at
        once, one away past the grace (tab closed, phone asleep) too, to the present
        player seated longest (:meth:`heir`). A host who comes back does not take it
        back: the room frame's ``host_passed`` tells everyone who is host now."""
        room = self.room
        host = room.host
        m = room.members.get(host) if host is not None else None
        if room.closed or (m is not None and not m.gone and self.online.get(m.id, 0) > 0):
            self.host_due, self.host_left = False, None
            if self.host_wait is not None:
                self.host_wait.cancel()
                self.host_wait = None
            return
        if m is not None and not m.gone and not self.host_due:
            if self.host_wait is None or self.host_wait.done():
                self.host_wait = asyncio.create_task(self._host_away())
            return
        heir = self.heir()
        if heir is None:  # nobody here to take it: the first player who comes does
            return
        passed, self.host_left = self.host_left or host, None
        self.host_due = False
        await self.commit([ev.HostChanged(member=heir, passed=passed)])

    async def _host_away(self) -> None:
        await self.clock.sleep(self.room.settings.grace)
        async with self.locked():
            self.host_wait = None
            self.host_due = True
            await self.mind_host()

    def heir(self) -> int | None:
        """The player present now who has been seated longest (the lobby order is the
        order of arrival): never a bot, a spectator, a TV or someone gone."""
        for i in self.room.seats:
            m = self.room.members.get(i)
            if m is None or m.gone or m.bot or m.spectator or i == self.room.host:
                continue
            if self.online.get(i, 0) > 0:
                return i
        return None

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
        if self.host_wait is not None:
            self.host_wait.cancel()

    def bots_pause(self) -> float | None:
        """When the bots move in the night's turn that has just begun (None: not a turn)."""
        play = self.room.play
        if play is None or play.phase != Phase.NIGHT or play.turn < 0:
            return None
        return self.clock.now() + BOT_NIGHT_PAUSE * play.turn_length

    def idle_at(self) -> float | None:
        """When this room closes for idleness: outside a game, nobody online, no event."""
        room = self.room
        if room.playing or any(n > 0 for n in self.online.values()):
            return None
        return room.last_at + self.deps.idle

    async def close_if_idle(self) -> None:
        async with self.locked():
            idle = self.idle_at()
            if idle is not None and self.clock.now() >= idle and not self.room.closed:
                await self.commit([ev.Closed()])
                await self.deps.router.room_closed(self.room.code)

    async def run(self) -> None:
        """The room's clock: sleep until the game's deadline, the bots' next line (or
        until the room has been idle too long), then tick (let the bots act, or close
        the room); any commit wakes it early."""
        while not self.room.closed:
            self.wake.clear()
            deadline, idle = due(self.room), self.idle_at()
            talk = self.bots.next_at(self.room)
            moves = self.night_bots_at
            wake_at = min((t for t in (deadline, idle, talk, moves) if t is not None), default=None)
            now = self.clock.now()
            delay = None if wake_at is None else wake_at - now
            if delay is None or delay > 0:
                await self.clock.wait(self.wake, delay)
                continue
            try:
                if deadline is None or deadline > now:
                    if (talk is not None and talk <= now) or (moves is not None and moves <= now):
                        async with self.locked():
                            await self.settle()
                    else:
                        await self.close_if_idle()
                    continue
                async with self.locked():
                    if due(self.room) == deadline:
                        await self.commit(tick(self.room, self.clock.now(), self.deps.rng))
                        self.night_bots_at = self.bots_pause()
                        await self.settle()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if await self.deps.router.room_conflict(self.room.code, exc):
                    return
                log.exception("room %s: clock failed", self.room.code)
                await self.clock.sleep(1.0)
