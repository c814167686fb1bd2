"""Where a room's members are connected: each process counts its own connections to
each member, tells the room's owner at every change (the owner decides who is online,
who a bot stands in for and where the room goes: :mod:`.follow`), and keeps the cluster's
count (a process that takes the room over reads it there).

This process's own count is the truth (its sockets); the cluster's can be lost: Redis
keeps nothing on disk, and a Redis restarted empty forgot every count, as an owner
that thinks a process died forgets that process's. So when the cluster says its count
may be lost (:meth:`restate_presence`: Redis lost this process's heartbeat), every count
of this process is written again and told to each room's owner, as a change is. Else a
room's owner could take its members connected elsewhere for gone for good, and stop
publishing their frames (no other process would seem to need them).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from onenight.cluster import BusDown, Cluster

from .errors import ErrorCode
from .protocol import BadMessage
from .requests import PresenceRequest, Refused, Reply, Request

log = logging.getLogger("onenight.session")


@dataclass(frozen=True)
class Session:
    """An authenticated member of a room, on one connection."""

    room: str
    member: int
    token: str = field(repr=False)  # a secret: never in a repr (a log, a traceback)


def refusal(reply: Reply) -> BadMessage | None:
    """A refused reply as the error it is (None for any other reply)."""
    if isinstance(reply, Refused):
        return BadMessage(reply.code, reply.message)
    return None


class Presence:
    """The hub's count of this process's connections, room by room."""

    cluster: Cluster
    #: a room's counts leave in order: its lock, and how many use it
    counting: dict[str, tuple[asyncio.Lock, int]]
    #: room → member → (its token, its connections to this process), never 0
    here: dict[str, dict[int, tuple[str, int]]]

    async def route(self, request: Request) -> Reply:
        raise NotImplementedError

    @contextlib.asynccontextmanager
    async def _in_order(self, room: str) -> AsyncIterator[None]:
        lock, users = self.counting.get(room, (asyncio.Lock(), 0))
        self.counting[room] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self.counting[room]
            if users == 1:
                del self.counting[room]
            else:
                self.counting[room] = (lock, users - 1)

    async def presence(self, session: Session, delta: int) -> None:
        """A connection of a member opened (+1) or closed (-1): this process counts its
        own, and tells the owner its count (one at a time: the counts arrive in order)."""
        async with self._in_order(session.room):
            await self._count(session, delta)

    async def _count(self, session: Session, delta: int) -> None:
        room = self.here.get(session.room, {})
        was = room.get(session.member, ("", 0))[1]
        count = max(0, was + delta)
        try:
            await self.cluster.presence(session.room, {session.member: count})
        except BusDown:
            raise BadMessage(
                ErrorCode.busy, "the server lost touch with the room: try again"
            ) from None
        try:
            refused = refusal(await self._tell(session.room, session.member, session.token, count))
        except BaseException:  # the owner was not told: the count goes back
            with contextlib.suppress(Exception):
                await self.cluster.presence(session.room, {session.member: was})
            raise
        if refused is not None:
            with contextlib.suppress(Exception):
                await self.cluster.presence(session.room, {session.member: was})
            raise refused
        if count:
            self.here.setdefault(session.room, {})[session.member] = (session.token, count)
        elif session.member in room:
            del room[session.member]
            if not room:
                del self.here[session.room]

    async def _tell(self, code: str, member: int, token: str, count: int) -> Reply:
        request = PresenceRequest(
            room=code, token=token, member=member, process=self.cluster.me, count=count
        )
        return await self.route(request)

    async def restate_presence(self) -> None:
        """The cluster may have lost this process's counts: each written again, and told
        to the room's owner (BusDown, or the error of an owner out of reach: the cluster
        asks again later; a room that refuses, closed meanwhile, is skipped)."""
        for code in list(self.here):
            async with self._in_order(code):
                counts = dict(self.here.get(code, {}))
                if not counts:
                    continue
                await self.cluster.presence(code, {m: n for m, (_, n) in counts.items()})
                for member, (token, count) in counts.items():
                    reply = await self._tell(code, member, token, count)
                    if isinstance(reply, Refused) and reply.code == ErrorCode.busy:
                        raise BusDown(reply.message)
        if self.here:
            log.warning("presence: this process's counts stated again (%d rooms)", len(self.here))
