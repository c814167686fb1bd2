"""Redis pub/sub (``redis://host:port/db``), for several server processes sharing rooms.

Like encode/broadcaster's Redis backend: one connection publishes; one listener per
process holds one Redis subscription for every channel that has local subscribers,
and feeds each local subscriber's bounded queue (the same :class:`MemorySubscription`
as the in-process backend, so a subscriber that falls behind is cut off the same way).
Channels are prefixed with ``onenight:``.

A *group* of channels (a room's members) travels on one Redis channel,
``onenight:group:NAME``: a batch (:func:`pack`) holds several channels' frames, in
order, each with its data (number, kind, night) beside its text, so a room event that
makes a frame for each of ten members is one ``PUBLISH``, and one message for each
process to read, not ten. The listener hands each frame to the local subscribers of
its channel, as it was handed out where it was made. A plain channel (``publish``, the
requests between processes) carries its text alone. A batch names the process that
sent it: that process handed it to its own subscribers already
(:meth:`RedisPubSub.hand_out`), and its listener skips it when Redis brings it back.
Publishing and listening go through the lean sockets of :mod:`onenight.pubsub.resp`
(hiredis, not redis-py's layers: the hot path).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Iterable, Sequence
from typing import Any

import orjson

from .base import Frame, plain
from .memory import QUEUE_BYTES, QUEUE_FRAMES, MemorySubscription, forget, hand_out
from .resp import Listener, Pipeliner

log = logging.getLogger("onenight.pubsub")

PREFIX = "onenight:"
CONNECTIONS = 64  #: Redis connections of a process's pool (more commands wait for one)
CONNECTION_WAIT = 10.0  #: seconds a command may wait for a free connection
GROUP = PREFIX + "group:"


def group_channel(group: str) -> str:
    """The Redis channel that carries a group's batches."""
    return GROUP + group


def pack(messages: Sequence[tuple[str, Frame]], sender: str = "") -> bytes:
    """One batch: the tag of the process that sends it, a space, then a JSON list of
    each (channel, frame) of a group, in order, as ``[channel, n, kind, night, text]``."""
    rows = [(channel, *frame) for channel, frame in messages]
    return sender.encode() + b" " + orjson.dumps(rows)


def unpack(data: bytes) -> tuple[bytes, list[tuple[str, Frame]]]:
    """A batch's sender and its (channel, frame)s, each frame as it was packed. A batch
    that is not one (an older server's, whose frames were their text alone) raises
    ValueError, TypeError or JSONDecodeError."""
    sender, space, body = data.partition(b" ")
    if not space:
        raise ValueError("a batch without its sender")
    rows = orjson.loads(body)
    return sender, [
        (channel, Frame(n, kind, night, text)) for channel, n, kind, night, text in rows
    ]


def connect(url: str) -> Any:
    """A Redis client whose pool makes a command wait for a free connection when
    :data:`CONNECTIONS` are busy (redis-py's default pool refuses it at once: under load a
    lease renewal refused so loses every room of the process)."""
    import redis.asyncio as aioredis

    pool = aioredis.BlockingConnectionPool.from_url(
        url, max_connections=CONNECTIONS, timeout=CONNECTION_WAIT
    )
    return aioredis.Redis.from_pool(pool)


class RedisPubSub:
    """Channels over Redis; local subscribers get what any process publishes."""

    def __init__(
        self, url: str, queue_limit: int = QUEUE_FRAMES, queue_bytes: int = QUEUE_BYTES
    ) -> None:
        self.url = url
        self._redis: Any = connect(url)
        self.pipeline = Pipeliner(url)
        self._listener = Listener(url, self._on_message)
        self._subs: dict[str, set[MemorySubscription]] = {}
        self._wire_of: dict[str, str] = {}  #: channel → the Redis channel carrying it
        self._wires: dict[str, int] = {}  #: Redis channel → local channels it carries
        self._limit = queue_limit
        self._bytes = queue_bytes
        self._lock = asyncio.Lock()
        self.tag = secrets.token_hex(6)  #: names this process's batches
        self._mine = self.tag.encode()

    def pack(self, messages: Sequence[tuple[str, Frame]]) -> bytes:
        """A batch of this process's (its own listener skips it)."""
        return pack(messages, self.tag)

    def hand_out(self, messages: Sequence[tuple[str, Frame]]) -> None:
        hand_out(self._subs, messages)

    async def publish(self, channel: str, message: str) -> None:
        await self.pipeline.execute("PUBLISH", PREFIX + channel, message)

    async def subscribe(
        self, channels: Iterable[str], group: str | None = None
    ) -> MemorySubscription:
        sub = MemorySubscription(self, tuple(channels), self._limit, self._bytes)
        async with self._lock:
            wires = []
            for channel in sub.channels:
                if channel not in self._subs:
                    wire = PREFIX + channel if group is None else group_channel(group)
                    self._wire_of[channel] = wire
                    self._wires[wire] = self._wires.get(wire, 0) + 1
                    if self._wires[wire] == 1:
                        wires.append(wire)
                self._subs.setdefault(channel, set()).add(sub)
            if wires:
                await self._listener.subscribe(*wires)
        return sub

    def unsubscribe(self, sub: MemorySubscription) -> None:
        gone = []
        for channel in forget(self._subs, sub):
            wire = self._wire_of.pop(channel)
            self._wires[wire] -= 1
            if not self._wires[wire]:
                del self._wires[wire]
                gone.append(wire)
        if gone:
            asyncio.get_running_loop().create_task(self._drop(gone))

    async def _drop(self, wires: list[str]) -> None:
        async with self._lock:
            still = [w for w in wires if w not in self._wires]  # not subscribed again
            if still:
                self._listener.unsubscribe(*still)

    def _on_message(self, channel: bytes, data: bytes) -> None:
        """Each message the subscriber socket brings, to the local subscribers."""
        wire = channel.decode()
        if wire.startswith(GROUP):
            try:
                sender, batch = unpack(data)
                if sender != self._mine:  # else handed out here already
                    hand_out(self._subs, batch)
            except (orjson.JSONDecodeError, TypeError, ValueError):
                log.warning("redis pub/sub: a bad batch on %s", wire)
            return
        frame = plain(data.decode())
        for sub in tuple(self._subs.get(wire[len(PREFIX) :], ())):
            sub.put(frame)

    async def ping(self) -> bool:
        return bool(await self._redis.ping())

    async def close(self) -> None:
        for subs in list(self._subs.values()):
            for sub in list(subs):
                await sub.close()
        await self._listener.close()
        await self.pipeline.close()
        await self._redis.aclose()
