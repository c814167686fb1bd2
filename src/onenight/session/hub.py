"""The hub: the rooms this process owns, and the way to every other room.

Every request about a room (join, a command, a resume, presence, the lobby over HTTP)
is *routed*: carried out here when this process owns the room (its
:class:`.actor.RoomActor`), else forwarded by the cluster to the owner. When nobody
owns an open room (its owner died or stopped), the first process that needs it, or
the cluster's watch, takes it over: it replays the room's log from the store, loads the
frame numbers from the cluster, and sends every member its full view, numbered on.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import itertools
import logging
import random
import secrets
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from onenight.cluster import BusDown, Cluster, LocalCluster, OwnerGone
from onenight.pubsub import PubSub
from onenight.rules import Phase
from onenight.storage import SeqConflict, Store

from . import events as ev
from . import protocol as P
from .actor import RoomActor
from .core import MAX_SEATS, join
from .follow import Follower
from .limits import Limits
from .protocol import CODE_LENGTH, CODE_LETTERS, BadMessage
from .room import Room
from .views import dealt, room_frame

log = logging.getLogger("onenight.session")

_Args = ParamSpec("_Args")
_Result = TypeVar("_Result")


def busy_while_the_bus_is_down(
    method: Callable[_Args, Coroutine[Any, Any, _Result]],
) -> Callable[_Args, Coroutine[Any, Any, _Result]]:
    """A request that needed the bus while it did not answer (Redis restarting) is
    refused with ``busy`` (send it again), not ``internal``."""

    @functools.wraps(method)
    async def refused_busy(*args: _Args.args, **kwargs: _Args.kwargs) -> _Result:
        try:
            return await method(*args, **kwargs)
        except BusDown:
            raise BadMessage("busy", "the server lost touch with the room: try again") from None

    return refused_busy


MAX_SPECTATORS = 24
ROUTE_TRIES = 40  #: attempts to reach a room that is moving between processes
OWNERS_KEPT = 10_000  #: rooms whose owner elsewhere is remembered (then forgotten at once)


@dataclass(frozen=True)
class Session:
    """An authenticated member of a room, on one connection."""

    room: str
    member: int
    token: str


@dataclass(frozen=True)
class Answer:
    """What a command gave: the ack's fields, the size its answer is padded to (the
    night's frame size when it came or left at night) and whether it is night now."""

    fields: dict[str, Any]
    size: int | None
    night: bool


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _refused(exc: BadMessage, actor: RoomActor, size: int | None) -> BadMessage:
    exc.size = size or actor.pad_size()
    exc.night = actor.at_night
    return exc


class Hub:
    """The rooms of this server process, and the routes to the others'."""

    def __init__(
        self,
        store: Store,
        pubsub: PubSub,
        rng: random.Random | None = None,
        metrics: Any = None,
        limits: Limits | None = None,
        cluster: Cluster | None = None,
    ) -> None:
        self.store = store
        self.pubsub = pubsub
        self.cluster: Cluster = cluster or LocalCluster(pubsub)
        self.limits = limits or Limits()
        self.metrics = metrics  #: onenight.server.ops.Metrics, or None
        self.rng = rng or random.SystemRandom()
        self.rooms: dict[str, RoomActor] = {}
        self.taking: dict[str, asyncio.Task[bool]] = {}
        #: the last known owner of rooms owned elsewhere (forgotten when it says no)
        self.owners: dict[str, str] = {}
        #: a room's presence counts leave in order: its lock, and how many use it
        self.counting: dict[str, tuple[asyncio.Lock, int]] = {}
        self.requests = itertools.count(1)  #: names the requests forwarded from here
        self.follower = Follower(self)  #: rooms handed over to where their members are

    # ----- start, stop, ownership -----

    async def start(self) -> None:
        """Open the store; bring back every open room (one process) or let the cluster
        hand out the rooms nobody owns (several)."""
        await self.store.open()
        codes = await self.store.open_rooms()
        if self.cluster.shared:
            await self.cluster.start(self, codes)
            return
        await self.cluster.start(self, [])
        for code in codes:
            room = await self._restore(code)
            if room is not None:
                self._adopt(room)
        log.info("restored %d rooms", len(self.rooms))

    def _adopt(self, room: Room) -> RoomActor:
        actor = RoomActor(self, room)
        self.rooms[room.code] = actor
        actor.start()
        if room.playing:  # nobody is online after a restart
            for member in room.seats:
                actor.wait_for(member)
        return actor

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
        return room if room.seq > 0 else None

    async def take_over(self, code: str) -> bool:
        """Own a room whose lease is free: replay its log, carry on its game."""
        if code in self.rooms:
            return True
        task = self.taking.get(code)
        if task is None:
            task = self.taking[code] = asyncio.create_task(self._take_over(code))
            task.add_done_callback(lambda _: self.taking.pop(code, None))
        return await asyncio.shield(task)

    async def _take_over(self, code: str) -> bool:
        if len(self.rooms) >= self.limits.max_rooms or not await self.cluster.acquire(code):
            return False
        room = await self._restore(code)
        if room is None or room.closed:
            await self.cluster.release(code, closed=True)
            return False
        actor = RoomActor(self, room)
        actor.opened_elsewhere()  # the counts read below may miss a connection opening
        try:
            actor.restore_frames(await self.cluster.kept(code))
            actor.online_at = await self.cluster.online(code)
            actor.tapped = await self.cluster.taps(code)
        except BaseException:  # the bus failed: the lease goes (else held, never served)
            with contextlib.suppress(Exception):
                await self.cluster.release(code, closed=False)
            raise
        self.rooms[code] = actor
        self.follower.came(code)
        try:
            async with actor.locked():
                await actor.recount()
                for member in actor.recipients():  # what the last owner may not have sent
                    actor.send_full(member)
        except SeqConflict:  # another process has written the room since: it owns it
            await self.lost(code)
            return False
        actor.start()
        if room.playing:
            for member in room.seats:
                if not actor.online.get(member):
                    actor.wait_for(member)
        log.info("room %s: taken over (event %d)", code, room.seq)
        return True

    async def lost(self, code: str, why: str = "its lease is another's") -> None:
        """Another process owns the room now, or has written it: let it go here (and
        give the lease back if it is still ours: the next owner replays the log)."""
        actor = self.rooms.pop(code, None)
        self.follower.left(code)
        if actor is not None:
            actor.stop()
            log.warning("room %s: owned by another process now (%s)", code, why)
        await self.cluster.release(code, closed=False)

    async def conflict(self, code: str, exc: BaseException) -> bool:
        """Whether ``exc`` says another process has written this room (then let it go)."""
        if isinstance(exc, SeqConflict) and self.cluster.shared:
            await self.lost(code, f"its log was written: {exc}")
            return True
        return False

    async def closed(self, code: str) -> None:
        self.rooms.pop(code, None)
        self.follower.left(code)
        await self.cluster.release(code, closed=True)

    async def process_gone(self, process: str) -> None:
        """A process died: its members are offline in the rooms owned here."""
        for actor in list(self.rooms.values()):
            if actor.online_at.pop(process, None):
                async with actor.locked():
                    await actor.recount()

    async def open_rooms(self) -> list[str]:
        """The open rooms of the store (for a cluster whose bus lost its list)."""
        return await self.store.open_rooms()

    async def process_back(self, process: str) -> None:
        """A process is alive: its connections to the rooms owned here, as it counted
        them (they were dropped if it only seemed dead)."""
        for code, actor in list(self.rooms.items()):
            counts = (await self.cluster.online(code)).get(process, {})
            if counts != actor.online_at.get(process, {}):
                async with actor.locked():
                    actor.online_at[process] = counts
                    await actor.recount()

    async def stop(self) -> None:
        self.follower.stop()
        for actor in self.rooms.values():
            actor.stop()
        await self.cluster.stop()
        await self.store.close()
        await self.pubsub.close()

    # ----- routing -----

    @busy_while_the_bus_is_down
    async def route(self, code: str, op: str, args: dict[str, Any]) -> dict[str, Any]:
        """Carry out ``op`` on a room, here if this process owns it, else at its owner
        (``busy`` while the bus does not answer: the sender tries again)."""
        return await self._route(code.strip().upper(), op, args)

    async def _route(self, code: str, op: str, args: dict[str, Any]) -> dict[str, Any]:
        wired: dict[str, Any] | None = None  #: as forwarded, the same at every try
        for _ in range(ROUTE_TRIES):
            actor = self.rooms.get(code)
            if actor is not None:
                try:
                    return await self.serve_local(actor, op, args)
                except SeqConflict as exc:
                    if not await self.conflict(code, exc):
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
                await asyncio.sleep(0.02)
                continue
            if wired is None:  # named once: a retry is the same request (carried out once)
                wired = {**_wire(args), "once": f"{self.cluster.me}.{next(self.requests)}"}
            try:
                answer = await self.cluster.call(owner, code, op, wired)
            except OwnerGone:  # it died, or the room moved: ask Redis again
                self.owners.pop(code, None)
                await asyncio.sleep(0.1)
                continue
            self.remember_owner(code, owner)
            return answer
        if self.cluster.shared and (code in self.taking or await self._open_in_store(code)):
            raise BadMessage("busy", "the room is moving between servers: try again")
        raise BadMessage("no_room", f"there is no room {code!r}")

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

    async def serve(self, code: str, op: str, args: dict[str, Any]) -> dict[str, Any]:
        """A request from another process for a room owned here (OwnerGone: not here).
        A request asked again (its answer was lost, or it waited too long) is carried
        out once: the second time gets the first answer (:meth:`.RoomActor.once`)."""
        if op == "take":  # the last owner handed the room over (follow.py)
            return {"taken": await self.take_over(code)}
        actor = self.rooms.get(code)
        if actor is None:
            raise OwnerGone(code)
        try:
            once = args.get("once")
            if once is None:
                return await self.serve_local(actor, op, args)
            return await actor.once(str(once), lambda: self.serve_local(actor, op, args))
        except SeqConflict as exc:
            await self.conflict(code, exc)
            raise OwnerGone(code) from None

    async def serve_local(self, actor: RoomActor, op: str, args: dict[str, Any]) -> dict[str, Any]:
        room = actor.room
        if room.closed:
            raise BadMessage("no_room", f"there is no room {room.code!r}")
        if op == "view":
            return room_frame(room, None, actor.online_members())
        if op == "result":
            return _result(actor)
        if op == "join":
            async with actor.locked():
                name, spectator, token = args["name"], args["spectator"], args["token"]
                return await self._join(actor, name, spectator, token)
        member = self._member(actor, args)
        if op == "resume":
            return {"member": member}
        if op == "handle":
            return await self._handle(actor, member, args)
        if op == "open":
            async with actor.locked():
                self._member(actor, args)
                if args.get("process") != self.cluster.me:
                    actor.opened_elsewhere()  # its frames go on the bus from now on
                last = args.get("last")
                missed = None if last is None else actor.missed(member, last)
                if missed is None:
                    actor.send_full(member)
                return {"missed": missed}
        if op == "presence":
            async with actor.locked():
                await actor.presence(args["process"], member, args["count"])
            return {}
        raise BadMessage("invalid", f"unknown request {op!r}")

    def _member(self, actor: RoomActor, args: dict[str, Any]) -> int:
        member = actor.room.tokens.get(token_hash(args["token"]))
        if member is None:
            raise BadMessage("bad_token", "unknown token for this room")
        if "member" in args and args["member"] != member:
            raise BadMessage("bad_token", "you are no longer in this room")
        return member

    async def _handle(self, actor: RoomActor, member: int, args: dict[str, Any]) -> dict[str, Any]:
        size = actor.pad_size()  # an answer to a message that came at night is padded
        try:
            msg = args["msg"]
            if isinstance(msg, dict):  # forwarded by another process: check it again
                msg = P.message_adapter.validate_python(msg)
            async with actor.locked():
                self._member(actor, args)  # still in the room once its turn came
                fields = await actor.command(member, msg)
        except BadMessage as exc:
            raise _refused(exc, actor, size) from None
        return {"fields": fields, "size": size or actor.pad_size(), "night": actor.at_night}

    # ----- rooms: create, join, resume -----

    def new_code(self) -> str:
        return "".join(self.rng.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))

    @busy_while_the_bus_is_down
    async def create(self, name: str, address: str | None = None) -> Session:
        if not await self.cluster.within_rate("creates", address, self.limits.creates_per_minute):
            raise BadMessage("rate_limited", "too many new rooms from your address: wait")
        if len(self.rooms) >= self.limits.max_rooms:
            raise BadMessage("full", "the server has too many rooms")
        P.clean_name(name)
        for _ in range(100):
            code = self.new_code()
            if code in self.rooms or not await self.cluster.new_room(code):
                continue
            actor = self.rooms[code] = RoomActor(self, Room(code))
            try:
                async with actor.locked():
                    token = secrets.token_urlsafe(24)
                    joined = await self._join(actor, name, False, token, [ev.Created()])
            except SeqConflict:  # a code used before, that the cluster forgot
                self.rooms.pop(code, None)
                await self.cluster.release(code, closed=False)
                continue
            except BaseException:
                self.rooms.pop(code, None)
                await self.cluster.release(code, closed=True)
                raise
            actor.start()
            self.follower.came(code)
            return Session(code, joined["member"], joined["token"])
        raise BadMessage("full", "no free room code")

    @busy_while_the_bus_is_down
    async def join(
        self, code: str, name: str, spectator: bool, address: str | None = None
    ) -> Session:
        if not await self.cluster.within_rate("joins", address, self.limits.joins_per_minute):
            raise BadMessage("rate_limited", "too many joins from your address: wait")
        # The token is made here, not by the owner: a join asked again of a new owner
        # (the old one seated it and died before answering) finds its seat by it.
        token = secrets.token_urlsafe(24)
        args = {"name": name, "spectator": spectator, "token": token}
        joined = await self.route(code, "join", args)
        return Session(code.strip().upper(), joined["member"], joined["token"])

    async def _join(
        self,
        actor: RoomActor,
        name: str,
        spectator: bool,
        token: str,
        pre: Sequence[ev.RoomEvent] = (),
    ) -> dict[str, Any]:
        """Seat a member with the token its asker made (``pre``: events before its join,
        a new room's). A join is carried out once in any process: one whose token is
        seated already gets that seat back."""
        room = actor.room
        if (seated := room.tokens.get(token_hash(token))) is not None:
            return {"member": seated, "token": token}
        limit = MAX_SPECTATORS if spectator else MAX_SEATS
        room.seq += len(pre)  # the join event's seq follows the events before it
        try:
            joined = join(room, name, spectator, token_hash(token), limit)
        finally:
            room.seq -= len(pre)
        await actor.commit([*pre, *joined])
        return {"member": joined[0].member, "token": token}  # type: ignore[union-attr]

    @busy_while_the_bus_is_down
    async def resume(self, code: str, token: str, address: str | None = None) -> Session:
        if not await self.cluster.within_rate("joins", address, self.limits.joins_per_minute):
            raise BadMessage("rate_limited", "too many joins from your address: wait")
        found = await self.route(code, "resume", {"token": token})
        return Session(code.strip().upper(), found["member"], token)

    # ----- a member's connection -----

    def _args(self, session: Session, **more: Any) -> dict[str, Any]:
        return {"member": session.member, "token": session.token, **more}

    async def open(self, session: Session, last: int | None) -> list[str] | None:
        """A connection opens: the frames after ``last`` when they are all kept, else
        None and the member's full view is published on its channel."""
        args = self._args(session, last=last, process=self.cluster.me)
        found = await self.route(session.room, "open", args)
        missed: list[str] | None = found["missed"]
        return missed

    @busy_while_the_bus_is_down
    async def presence(self, session: Session, delta: int) -> None:
        """A connection of a member opened (+1) or closed (-1): this process counts its
        own, and tells the owner its count (one at a time: the counts arrive in order)."""
        lock, users = self.counting.get(session.room, (asyncio.Lock(), 0))
        self.counting[session.room] = (lock, users + 1)
        try:
            async with lock:
                count = await self.cluster.presence(session.room, session.member, delta)
                args = self._args(session, count=count, process=self.cluster.me)
                try:
                    await self.route(session.room, "presence", args)
                except BaseException:  # the owner was not told: the count goes back
                    with contextlib.suppress(Exception):
                        await self.cluster.presence(session.room, session.member, -delta)
                    raise
        finally:
            lock, users = self.counting[session.room]
            if users == 1:
                del self.counting[session.room]
            else:
                self.counting[session.room] = (lock, users - 1)

    async def handle(self, session: Session, msg: P.Message) -> Answer:
        """Carry out one command of an authenticated member."""
        found = await self.route(session.room, "handle", self._args(session, msg=msg))
        return Answer(found["fields"], found["size"], found["night"])

    async def view(self, code: str) -> dict[str, Any]:
        """The public lobby of a room."""
        return await self.route(code, "view", {})

    async def result(self, code: str) -> dict[str, Any]:
        """The last ended game of a room."""
        return await self.route(code, "result", {})


def _wire(args: dict[str, Any]) -> dict[str, Any]:
    """A request's arguments as JSON for another process (a message as its fields)."""
    msg = args.get("msg")
    if msg is None or isinstance(msg, dict):
        return args
    return {**args, "msg": msg.model_dump(mode="json")}


def _result(actor: RoomActor) -> dict[str, Any]:
    play = actor.room.play
    if play is None or play.phase != Phase.END:
        raise BadMessage("no_result", "no ended game")
    return {
        "game": play.no,
        "players": play.names,
        "result": play.result,
        "dealt": dealt(play),
        "edition": play.edition,
        "deck": play.deck,
    }
