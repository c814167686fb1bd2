"""Publish/subscribe for room events, behind a small interface chosen by URL.

``memory://`` is an in-process backend (one server process); ``redis://host:port/db``
(:mod:`.redis`) lets several server processes share rooms' channels.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterable
from typing import Protocol


class Subscription(Protocol):
    """Messages published on the channels subscribed to, in order."""

    def __aiter__(self) -> AsyncIterator[str]: ...

    def put(self, message: str) -> None:
        """Queue a message for this subscriber alone, after those already delivered to it
        (a connection's answers keep their place among its channel's frames)."""

    def pending(self) -> int:
        """Messages queued and not yet read."""

    async def close(self) -> None: ...


class PubSub(Protocol):
    """Channels carry text (JSON frames), so any transport can carry them."""

    async def publish(self, channel: str, message: str) -> None: ...

    async def subscribe(self, channels: Iterable[str]) -> Subscription: ...

    async def ping(self) -> bool:
        """Whether the backend is reachable (``/api/ready``)."""

    async def close(self) -> None: ...


class _Registry(Protocol):
    def unsubscribe(self, sub: MemorySubscription) -> None: ...


class SlowSubscriber(Exception):
    """A subscriber fell too far behind; it must reconnect and reload its view."""


class MemorySubscription:
    """One subscriber's bounded queue; a subscriber that falls behind is cut off."""

    def __init__(self, hub: _Registry, channels: tuple[str, ...], limit: int) -> None:
        self._hub = hub
        self.channels = channels
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(limit)
        self.overflowed = False

    def put(self, message: str) -> None:
        if self.overflowed:
            return
        try:
            self._queue.put_nowait(message)
        except asyncio.QueueFull:
            self.overflowed = True
            self._queue = asyncio.Queue(1)
            self._queue.put_nowait(None)

    def pending(self) -> int:
        return self._queue.qsize()

    async def __aiter__(self) -> AsyncIterator[str]:
        while True:
            message = await self._queue.get()
            if message is None:
                if self.overflowed:
                    raise SlowSubscriber("subscriber fell behind")
                return
            yield message

    async def close(self) -> None:
        self._hub.unsubscribe(self)
        if not self.overflowed:
            with contextlib.suppress(asyncio.QueueFull):
                self._queue.put_nowait(None)


class MemoryPubSub:
    """In-process pub/sub: each subscription has a bounded queue."""

    def __init__(self, queue_limit: int = 2000) -> None:
        self._subs: dict[str, set[MemorySubscription]] = {}
        self._limit = queue_limit

    async def publish(self, channel: str, message: str) -> None:
        for sub in tuple(self._subs.get(channel, ())):
            sub.put(message)

    async def subscribe(self, channels: Iterable[str]) -> MemorySubscription:
        sub = MemorySubscription(self, tuple(channels), self._limit)
        for channel in sub.channels:
            self._subs.setdefault(channel, set()).add(sub)
        return sub

    def unsubscribe(self, sub: MemorySubscription) -> None:
        forget(self._subs, sub)

    async def ping(self) -> bool:
        return True

    async def close(self) -> None:
        for subs in list(self._subs.values()):
            for sub in list(subs):
                await sub.close()


def forget(subs: dict[str, set[MemorySubscription]], sub: MemorySubscription) -> list[str]:
    """Take ``sub`` off its channels; the channels left with no subscriber."""
    empty = []
    for channel in sub.channels:
        local = subs.get(channel)
        if local is not None:
            local.discard(sub)
            if not local:
                del subs[channel]
                empty.append(channel)
    return empty


def open_pubsub(url: str = "memory://") -> PubSub:
    """The pub/sub backend named by ``url``: ``memory://`` or ``redis://…`` (imported
    only when asked for)."""
    if url.startswith("memory:"):
        return MemoryPubSub()
    if url.startswith(("redis://", "rediss://", "unix://")):
        from .redis import RedisPubSub

        return RedisPubSub(url)
    raise ValueError(f"unsupported pub/sub URL {url!r} (memory:// or redis://)")
