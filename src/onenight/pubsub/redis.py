"""Redis pub/sub (``redis://host:port/db``), for several server processes sharing rooms.

Like encode/broadcaster's Redis backend: one connection publishes; one listener task
per process holds one Redis subscription for every channel that has local subscribers,
and feeds each local subscriber's bounded queue (the same :class:`MemorySubscription`
as the in-process backend, so a subscriber that falls behind is cut off the same way).
Channels are prefixed with ``onenight:``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable
from typing import Any

from . import MemorySubscription, forget

log = logging.getLogger("onenight.pubsub")

PREFIX = "onenight:"
CONNECTIONS = 64  #: Redis connections of a process's pool (more commands wait for one)
CONNECTION_WAIT = 10.0  #: seconds a command may wait for a free connection


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
        self._pubsub: Any = self._redis.pubsub(ignore_subscribe_messages=True)
        self._subs: dict[str, set[MemorySubscription]] = {}
        self._limit = queue_limit
        self._listener: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()

    async def publish(self, channel: str, message: str) -> None:
        await self._redis.publish(PREFIX + channel, message)

    async def subscribe(self, channels: Iterable[str]) -> MemorySubscription:
        sub = MemorySubscription(self, tuple(channels), self._limit)
        async with self._lock:
            new = [c for c in sub.channels if c not in self._subs]
            for channel in sub.channels:
                self._subs.setdefault(channel, set()).add(sub)
            if new:
                await self._pubsub.subscribe(*(PREFIX + c for c in new))
            if self._listener is None or self._listener.done():
                self._listener = asyncio.create_task(self._listen(), name="redis-pubsub")
        return sub

    def unsubscribe(self, sub: MemorySubscription) -> None:
        gone = [PREFIX + c for c in forget(self._subs, sub)]
        if gone:
            asyncio.get_running_loop().create_task(self._drop(gone))

    async def _drop(self, channels: list[str]) -> None:
        async with self._lock:
            still = [c for c in channels if c[len(PREFIX) :] not in self._subs]
            if still:
                with contextlib.suppress(Exception):
                    await self._pubsub.unsubscribe(*still)

    async def _listen(self) -> None:
        """The one reader of this process: each message to the local subscribers."""
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except Exception:
                log.exception("redis pub/sub: reading failed; retrying")
                await asyncio.sleep(0.5)
                continue
            if message is None:
                if not self._subs:
                    await asyncio.sleep(0.05)
                continue
            channel = message["channel"].decode()[len(PREFIX) :]
            data = message["data"]
            text = data.decode() if isinstance(data, bytes) else str(data)
            for sub in tuple(self._subs.get(channel, ())):
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
