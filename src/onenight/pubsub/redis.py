"""Redis pub/sub (``redis://host:port/db``), for several server processes sharing rooms.

Like encode/broadcaster's Redis backend: one connection publishes; one listener per
process holds one Redis subscription for every channel that has local subscribers,
and feeds each local subscriber's bounded queue (the same :class:`MemorySubscription`
as the in-process backend, so a subscriber that falls behind is cut off the same way).
Channels are prefixed with ``onenight:``.

A *group* of channels (a room's members) travels on one Redis channel,
``onenight:group:NAME``: a batch (:func:`pack`) holds several channels' messages, in
order, so a room event that makes a frame for each of ten members is one ``PUBLISH``,
and one message for each process to read, not ten. The listener hands each message to
the local subscribers of its channel. A batch names the process that sent it: that
process handed it to its own subscribers already (:meth:`RedisPubSub.hand_out`), and
its listener skips it when Redis brings it back. Publishing and listening go through the lean
sockets of :mod:`onenight.pubsub.resp` (hiredis, not redis-py's layers: the hot path).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Iterable, Sequence
from typing import Any

import orjson

from . import MemorySubscription, forget, hand_out
from .resp import Listener, Pipeliner

log = logging.getLogger("onenight.pubsub")

PREFIX = "onenight:"
CONNECTIONS = 64  #: Redis connections of a process's pool (more commands wait for one)
CONNECTION_WAIT = 10.0  #: seconds a command may wait for a free connection
GROUP = PREFIX + "group:"


def group_channel(group: str) -> str:
    """The Redis channel that carries a group's batches."""
    return GROUP + group


def pack(messages: Sequence[tuple[str, str]], sender: str = "") -> bytes:
    """One batch: the tag of the process that sends it, a space, then each (channel,
    message) of a group, in order (JSON)."""
    return sender.encode() + b" " + orjson.dumps(messages)


def unpack(data: bytes) -> tuple[bytes, list[tuple[str, str]]]:
    """A batch's sender and messages (a batch of an older server is JSON alone)."""
    if data[:1] == b"[":
        return b"", orjson.loads(data)
    sender, _, body = data.partition(b" ")
    return sender, orjson.loads(body)


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

    def __init__(self, url: str, queue_limit: int = 2000) -> None:
        self.url = url
        self._redis: Any = connect(url)
        self.pipeline = Pipeliner(url)
        self._listener = Listener(url, self._on_message)
        self._subs: dict[str, set[MemorySubscription]] = {}
        self._wire_of: dict[str, str] = {}  #: channel → the Redis channel carrying it
        self._wires: dict[str, int] = {}  #: Redis channel → local channels it carries
        self._limit = queue_limit
        self._lock = asyncio.Lock()
        self.tag = secrets.token_hex(6)  #: names this process's batches
        self._mine = self.tag.encode()

    def pack(self, messages: Sequence[tuple[str, str]]) -> bytes:
        """A batch of this process's (its own listener skips it)."""
        return pack(messages, self.tag)

    def hand_out(self, messages: Sequence[tuple[str, str]]) -> None:
        hand_out(self._subs, messages)

    async def publish(self, channel: str, message: str) -> None:
        await self.pipeline.execute("PUBLISH", PREFIX + channel, message)

    async def subscribe(
        self, channels: Iterable[str], group: str | None = None
    ) -> MemorySubscription:
        sub = MemorySubscription(self, tuple(channels), self._limit)
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
        text = data.decode()
        for sub in tuple(self._subs.get(wire[len(PREFIX) :], ())):
            sub.put(text)

    async def ping(self) -> bool:
        return bool(await self._redis.ping())

    async def close(self) -> None:
        for subs in list(self._subs.values()):
            for sub in list(subs):
                await sub.close()
        await self._listener.close()
        await self.pipeline.close()
        await self._redis.aclose()
