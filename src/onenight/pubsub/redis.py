"""Redis pub/sub (``redis://host:port/db``), for several server processes sharing rooms.

Like encode/broadcaster's Redis backend: one connection publishes; one listener task
per process holds one Redis subscription for every channel that has local subscribers,
and feeds each local subscriber's bounded queue (the same :class:`MemorySubscription`
as the in-process backend, so a subscriber that falls behind is cut off the same way).
Channels are prefixed with ``onenight:``.

A *group* of channels (a room's members) travels on one Redis channel,
``onenight:group:NAME``: a batch (:func:`pack`) holds several channels' messages, in
order, so a room event that makes a frame for each of ten members is one ``PUBLISH``,
and one message for each process to read, not ten. The listener hands each message to
the local subscribers of its channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable, Sequence
from typing import Any

import orjson
from hiredis import pack_command
from redis.exceptions import ResponseError

from . import MemorySubscription, forget

log = logging.getLogger("onenight.pubsub")

PREFIX = "onenight:"
CONNECTIONS = 64  #: Redis connections of a process's pool (more commands wait for one)
CONNECTION_WAIT = 10.0  #: seconds a command may wait for a free connection
GROUP = PREFIX + "group:"


class Pipeliner:
    """Auto-pipelining: the commands asked for while a batch is on its way go out
    together in the next one, in order, in one write on one pooled connection, and their
    replies are read in order. Under load a process issues hundreds of ``PUBLISH`` and
    script calls a second; one at a time, each took a connection from the pool, a write
    and a wake-up of its own, which cost the process more than Redis spent on them. An
    error reply goes to its own caller; a broken connection fails its whole batch."""

    def __init__(self, redis: Any) -> None:
        self.pool = redis.connection_pool
        self.queue: list[tuple[tuple[Any, ...], asyncio.Future[Any]]] = []
        self.sender: asyncio.Task[None] | None = None

    async def execute(self, *command: Any) -> Any:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.queue.append((command, future))
        if self.sender is None:
            self.sender = asyncio.create_task(self._send(), name="redis-pipeline")
        return await future

    async def _send(self) -> None:
        try:
            while self.queue:
                batch, self.queue = self.queue, []
                await self._round(batch)
        finally:
            self.sender = None

    async def _round(self, batch: list[tuple[tuple[Any, ...], asyncio.Future[Any]]]) -> None:
        try:
            conn = await self.pool.get_connection()
        except Exception as exc:  # Redis is away: the batch fails (its callers see why)
            for _, future in batch:
                if not future.done():
                    future.set_exception(exc)
            return
        try:
            # hiredis packs in C: redis-py's own packing, in Python, cost more than the
            # write itself under load (py-spy)
            await conn.send_packed_command(b"".join([pack_command(c) for c, _ in batch]))
            for _, future in batch:
                try:
                    reply: Any = await conn.read_response()
                except ResponseError as exc:
                    reply = exc
                if future.done():  # its caller gave up (cancelled)
                    continue
                if isinstance(reply, ResponseError):
                    future.set_exception(reply)
                else:
                    future.set_result(reply)
        except BaseException as exc:
            await conn.disconnect()
            failure = exc if isinstance(exc, Exception) else ConnectionError("cancelled")
            for _, future in batch:
                if not future.done():
                    future.set_exception(failure)
            if not isinstance(exc, Exception):
                raise
        finally:
            await self.pool.release(conn)


def group_channel(group: str) -> str:
    """The Redis channel that carries a group's batches."""
    return GROUP + group


def pack(messages: Sequence[tuple[str, str]]) -> bytes:
    """One batch: each (channel, message) of a group, in order."""
    return orjson.dumps(messages)


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
        self.pipeline = Pipeliner(self._redis)
        self._pubsub: Any = self._redis.pubsub(ignore_subscribe_messages=True)
        self._subs: dict[str, set[MemorySubscription]] = {}
        self._wire_of: dict[str, str] = {}  #: channel → the Redis channel carrying it
        self._wires: dict[str, int] = {}  #: Redis channel → local channels it carries
        self._limit = queue_limit
        self._listener: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()

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
                await self._pubsub.subscribe(*wires)
            if self._listener is None or self._listener.done():
                self._listener = asyncio.create_task(self._listen(), name="redis-pubsub")
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
                with contextlib.suppress(Exception):
                    await self._pubsub.unsubscribe(*still)

    async def _listen(self) -> None:
        """The one reader of this process: each message to the local subscribers."""
        while True:
            try:
                # no timeout: waits as long as it takes (a timeout, armed and cancelled
                # for every message, cost a third of reading it)
                message = await self._pubsub.get_message(timeout=None)
            except Exception:
                log.exception("redis pub/sub: reading failed; retrying")
                await asyncio.sleep(0.5)
                continue
            if message is None:
                if not self._subs:
                    await asyncio.sleep(0.05)
                continue
            wire, data = message["channel"].decode(), message["data"]
            if wire.startswith(GROUP):
                try:
                    self._hand_out(orjson.loads(data))
                except (orjson.JSONDecodeError, TypeError, ValueError):
                    log.warning("redis pub/sub: a bad batch on %s", wire)
                continue
            text = data.decode() if isinstance(data, bytes) else str(data)
            for sub in tuple(self._subs.get(wire[len(PREFIX) :], ())):
                sub.put(text)

    def _hand_out(self, batch: list[tuple[str, str]]) -> None:
        """A group's batch: each message to the local subscribers of its channel."""
        subs = self._subs
        for channel, text in batch:
            for sub in tuple(subs.get(channel, ())):
                sub.put(text)

    async def ping(self) -> bool:
        return bool(await self._redis.ping())

    async def close(self) -> None:
        for subs in list(self._subs.values()):
            for sub in list(subs):
                await sub.close()
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(BaseException):
                await self._listener
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()
        await self._redis.aclose()
