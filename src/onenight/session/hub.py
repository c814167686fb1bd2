"""The hub: the router of this process's requests to the rooms.

Every request about a room (:mod:`.requests`: a join, a member's command, a resume, a
connection opening, presence, the lobby over HTTP) is *routed*: handed to the room's
:class:`.actor.RoomActor` when this process owns the room, else sent by the cluster to
the process that does (the same request, in one encoding). When nobody owns an open
room (its owner died or stopped), the first process that needs it, or the cluster's
watch, takes it over: it replays the room's log from the store, loads the frame numbers
from the cluster, and sends every member its full view, numbered on. The follow rule
(:mod:`.follow`) is the policy that moves a room to where its members are.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
import secrets
from collections.abc import Awaitable
from typing import Any, TypeVar

from onenight.cluster import BusDown, CallFailed, Cluster, LocalCluster, OwnerGone
from onenight.pubsub import PubSub

from . import events as ev
from . import protocol as P
from .actor import RoomActor, RoomDeps
from .errors import ErrorCode
from .follow import Follower
from .limits import Limits
from .ownership import Ownership
from .ports import BotSeatsFactory, NoBots, SeqConflict, Store
from .presence import Presence, Session, refusal
from .protocol import CODE_LENGTH, CODE_LETTERS, BadMessage
from .rates import Rates
from .requests import (
    Acked,
    CommandRequest,
    Found,
    JoinRequest,
    Opened,
    OpenRequest,
    Public,
    Refused,
    Reply,
    Request,
    ResultRequest,
    ResumeRequest,
    Seated,
    Taken,
    TakeOverRequest,
    ViewRequest,
    decode_reply,
    decode_request,
    encode_reply,
    encode_request,
)
from .room import Room
from .timing import Clock, SystemClock

log = logging.getLogger("onenight.session")

ROUTE_TRIES = 40  #: attempts to reach a room that is moving between processes
OWNERS_KEPT = 10_000  #: rooms whose owner elsewhere is remembered (then forgotten at once)

__all__ = ["Hub", "Session"]

_R = TypeVar("_R")


class Hub(Presence, Ownership):
    """The rooms of this server process, and the routes to the others'."""

    def __init__(
        self,
        store: Store,
        pubsub: PubSub,
        rng: random.Random | None = None,
        metrics: Any = None,
        limits: Limits | None = None,
        cluster: Cluster | None = None,
        clock: Clock | None = None,
        bot_seats: BotSeatsFactory = NoBots,
    ) -> None:
        self.store = store
        self.bot_seats = bot_seats  #: makes each room's bots (onenight.bots.seats)
        self.pubsub = pubsub
        self.clock: Clock = clock or SystemClock()
        self.cluster: Cluster = cluster or LocalCluster(pubsub, self.clock.monotonic)
        self.limits = limits or Limits()
        self.rates = Rates(self.limits, self.cluster)  #: per member and address (.rates)
        self.metrics = metrics  #: onenight.server.ops.Metrics, or None
        self.rng = rng or random.SystemRandom()
        self.rooms: dict[str, RoomActor] = {}
        self.taking: dict[str, asyncio.Task[bool]] = {}
        #: the last known owner of rooms owned elsewhere (forgotten when it says no)
        self.owners: dict[str, str] = {}
        self.counting: dict[str, tuple[asyncio.Lock, int]] = {}  #: see .presence
        self.here: dict[str, dict[int, tuple[str, int]]] = {}
        #: names the commands that arrive here: unique across processes and restarts
        self.prefix = secrets.token_hex(6)
        self.requests = itertools.count(1)
        self.follower = Follower(self)  #: rooms handed over to where their members are

    def actor(self, room: Room) -> RoomActor:
        """A room's actor, given what it uses."""
        frames = getattr(self.metrics, "frames", None)
        deps = RoomDeps(
            store=self.store,
            delivery=self.cluster,
            clock=self.clock,
            rng=self.rng,
            router=self,
            bots=self.bot_seats,
            idle=self.limits.idle,
            frames_sent=None if frames is None else frames.inc,
        )
        return RoomActor(room, deps)

    def request_id(self) -> str:
        """A new command's id (requests.CommandRequest)."""
        return f"{self.prefix}.{next(self.requests)}"

    # ----- what the room actors tell the router -----

    async def room_closed(self, code: str) -> None:
        self.rooms.pop(code, None)
        self.rates.room_closed(code)
        self.follower.let_go(code)
        await self.cluster.release(code, closed=True)

    async def room_conflict(self, code: str, exc: BaseException) -> bool:
        """Whether ``exc`` says another process has written this room (then let it go)."""
        if isinstance(exc, SeqConflict) and self.cluster.shared:
            await self.lost(code, f"its log was written: {exc}")
            return True
        return False

    def members_moved(self, actor: RoomActor) -> None:
        self.follower.check(actor)

    # ----- routing -----

    async def route(self, request: Request) -> Reply:
        """Carry out a request, here if this process owns its room, else at its owner
        (``busy`` while the bus does not answer: the sender tries again)."""
        try:
            return await self._route(request)
        except BusDown:
            return Refused(
                code=ErrorCode.busy, message="the server lost touch with the room: try again"
            )

    async def _route(self, request: Request) -> Reply:
        code = request.room
        wired: str | None = None  #: as it crosses the bus, the same at every try
        for _ in range(ROUTE_TRIES):
            actor = self.rooms.get(code)
            if actor is not None:
                try:
                    return await actor.handle(request)
                except SeqConflict as exc:
                    if not await self.room_conflict(code, exc):
                        raise
                    continue
                except OwnerGone:  # handed over meanwhile: the new owner carries it out
                    continue
            if not self.cluster.shared:
                break
            owner = self.owners.get(code) or await self.cluster.owner(code)
            if owner is None:
                if await self.take_over(code) or await self.cluster.owner(code) is not None:
                    continue
                break
            if owner == self.cluster.me:  # a take-over under way here
                await self.clock.sleep(0.02)
                continue
            wired = wired or encode_request(request)
            try:
                answer = await self.cluster.call(owner, code, wired)
            except OwnerGone:  # it died, or the room moved: ask Redis again
                self.owners.pop(code, None)
                await self.clock.sleep(0.1)
                continue
            except CallFailed:
                return Refused(code=ErrorCode.internal, message="server error")
            self.remember_owner(code, owner)
            return decode_reply(answer)
        if self.cluster.shared and (code in self.taking or await self._open_in_store(code)):
            return Refused(
                code=ErrorCode.busy, message="the room is moving between servers: try again"
            )
        return Refused(code=ErrorCode.no_room, message=f"there is no room {code!r}")

    async def _open_in_store(self, code: str) -> bool:
        """Whether the log holds this room, open, though no process owns it: the moment
        after Redis restarted empty, before its owner takes its lease back (a member is
        told ``busy``, not that the room is gone). The store answers first, without
        replaying the log: a room closed or never made (the common case, and the one a
        stranger can ask for again and again) costs one small query."""
        if not await self.store.is_open(code):
            return False
        room = await self._restore(code)
        return room is not None and not room.closed

    def remember_owner(self, code: str, owner: str) -> None:
        """Skip the lease lookup next time (a request to a process that no longer owns
        the room gets OwnerGone, and the lookup is made again)."""
        if len(self.owners) >= OWNERS_KEPT and code not in self.owners:
            self.owners.clear()
        self.owners[code] = owner

    async def serve(self, code: str, text: str) -> str:
        """A request from another process for a room owned here, and its answer
        (OwnerGone: not here). A command asked again is answered once (its id)."""
        try:
            request = decode_request(text)
        except ValueError as exc:
            return encode_reply(Refused(code=ErrorCode.invalid, message=str(exc)[:200]))
        if isinstance(request, TakeOverRequest):  # the last owner handed it over
            return encode_reply(Taken(taken=await self.take_over(code)))
        actor = self.rooms.get(code)
        if actor is None:
            raise OwnerGone(code)
        try:
            return encode_reply(await actor.handle(request))
        except SeqConflict as exc:
            await self.room_conflict(code, exc)
            raise OwnerGone(code) from None

    # ----- rooms: create, join, resume -----

    def new_code(self) -> str:
        return "".join(self.rng.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))

    async def create(self, name: str, address: str | None = None) -> Session:
        """A new room, with its creator seated (BadMessage if refused)."""
        try:
            return await self._create(name, address)
        except BusDown:
            raise BadMessage(
                ErrorCode.busy, "the server lost touch with the room: try again"
            ) from None

    async def _create(self, name: str, address: str | None) -> Session:
        if not await self.cluster.within_rate("creates", address, self.limits.creates_per_minute):
            raise BadMessage(ErrorCode.rate_limited, "too many new rooms from your address: wait")
        if len(self.rooms) >= self.limits.max_rooms:
            raise BadMessage(ErrorCode.full, "the server has too many rooms")
        P.clean_name(name)
        for _ in range(100):
            code = self.new_code()
            if code in self.rooms or not await self.cluster.new_room(code):
                continue
            actor = self.rooms[code] = self.actor(Room(code))
            actor.numbered_all = True  # made here: every frame of it numbered here
            request = JoinRequest(room=code, name=name, token=secrets.token_urlsafe(24))
            try:
                async with actor.locked():
                    seated = await actor.join(request, [ev.Created()])
            except SeqConflict:  # a code used before, that the cluster forgot
                self.rooms.pop(code, None)
                await self.cluster.release(code, closed=False)
                continue
            except BaseException:
                self.rooms.pop(code, None)
                await self.cluster.release(code, closed=True)
                raise
            actor.start()
            self.follower.owned(code)
            return Session(code, seated.member, seated.token)
        raise BadMessage(ErrorCode.full, "no free room code")

    async def join(
        self,
        code: str,
        name: str,
        spectator: bool,
        address: str | None = None,
        screen: bool = False,
    ) -> Session:
        """A new member of a room (BadMessage if refused); ``screen``: a TV view."""
        if not await self._within_rate("joins", address, self.limits.joins_per_minute):
            raise BadMessage(ErrorCode.rate_limited, "too many joins from your address: wait")
        await self.guessing(address)
        # The token is made here, not by the owner: a join asked again of a new owner
        # (the old one seated it and died before answering) finds its seat by it.
        code = code.strip().upper()
        request = JoinRequest(
            room=code,
            name=name,
            spectator=spectator,
            screen=screen,
            token=secrets.token_urlsafe(24),
        )
        seated = _expect(await self.guessed(address, self.route(request)), Seated)
        return Session(code, seated.member, seated.token)

    async def resume(self, code: str, token: str, address: str | None = None) -> Session:
        """The member a token seats (BadMessage if refused)."""
        if not await self._within_rate("joins", address, self.limits.joins_per_minute):
            raise BadMessage(ErrorCode.rate_limited, "too many joins from your address: wait")
        await self.guessing(address)
        code = code.strip().upper()
        asked = self.route(ResumeRequest(room=code, token=token))
        found = _expect(await self.guessed(address, asked), Found)
        return Session(code, found.member, token)

    # ----- room codes that cannot be walked -----

    async def guessing(self, address: str | None) -> None:
        """Refuse any look-up of a room from an address whose wrong guesses are spent
        (``rate_limited``): a known code and an unknown one are answered alike then."""
        per_minute = self.limits.guesses_per_minute
        if address is None or per_minute <= 0:
            return  # (no address to count: a call inside the server)
        if not await self._within_rate("guesses", address, per_minute, take=False):
            raise BadMessage(
                ErrorCode.rate_limited, "too many look-ups of rooms that do not exist: wait"
            )

    async def guessed(self, address: str | None, asked: Awaitable[Reply]) -> Reply:
        """The reply to a look-up; one that found no room costs the address a guess."""
        reply = await asked
        if address is None or self.limits.guesses_per_minute <= 0:
            return reply
        if isinstance(reply, Refused) and reply.code == ErrorCode.no_room:
            await self._within_rate("guesses", address, self.limits.guesses_per_minute)
        return reply

    async def _within_rate(
        self, kind: str, address: str | None, per_minute: float, take: bool = True
    ) -> bool:
        try:
            return await self.cluster.within_rate(kind, address, per_minute, take)
        except BusDown:
            raise BadMessage(
                ErrorCode.busy, "the server lost touch with the room: try again"
            ) from None

    # ----- a member's connection -----

    async def open(self, session: Session, last: int | None) -> Opened:
        """A connection opens: the frames after ``last`` when they are all kept, else
        none and the member's full view is published on its channel."""
        request = OpenRequest(
            room=session.room,
            token=session.token,
            member=session.member,
            last=last,
            process=self.cluster.me,
        )
        return _expect(await self.route(request), Opened)

    async def command(
        self, session: Session, msg: P.Message, id: str | None = None
    ) -> Acked | Refused:
        """One command of an authenticated member: its ack (Acked) or refusal
        (Refused), each with the size it is padded to. ``id``: the request's, the same
        at every try (a new one if none)."""
        request = CommandRequest(
            room=session.room,
            token=session.token,
            member=session.member,
            id=id or self.request_id(),
            msg=msg,
        )
        reply = await self.route(request)
        if not isinstance(reply, Acked | Refused):
            return Refused(code=ErrorCode.internal, message="server error")
        return reply

    async def view(self, code: str, address: str | None = None) -> dict[str, object]:
        """The public lobby of a room (BadMessage if there is none); ``address``: who
        asks (its wrong guesses are counted)."""
        await self.guessing(address)
        reply = await self.guessed(address, self.route(ViewRequest(room=code.strip().upper())))
        return _expect(reply, Public).frame

    async def result(self, code: str, address: str | None = None) -> dict[str, object]:
        """The last ended game of a room (BadMessage if none)."""
        await self.guessing(address)
        asked = self.route(ResultRequest(room=code.strip().upper()))
        return _expect(await self.guessed(address, asked), Public).frame


def _expect(reply: Reply, kind: type[_R]) -> _R:
    """The reply, when it is of the kind asked for; its refusal as BadMessage else."""
    if isinstance(reply, kind):
        return reply
    refused = refusal(reply)
    raise refused if refused is not None else BadMessage(ErrorCode.internal, "server error")
