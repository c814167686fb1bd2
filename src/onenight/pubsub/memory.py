"""The in-process pub/sub (``memory://``, one server process), and the bounded
subscriber queues that the Redis backend feeds too."""

from __future__ import annotations

import asyncio
import sys
from collections import deque
from collections.abc import AsyncIterator, Iterable, Sequence
from typing import Protocol

from .base import Frame, SlowSubscriber, plain


class _Registry(Protocol):
    def unsubscribe(self, sub: MemorySubscription) -> None: ...


class MemorySubscription:
    """One subscriber's bounded queue; a subscriber that falls behind is cut off.

    A deque and one waiting future (not an ``asyncio.Queue``: every frame of the server
    passes here, and the queue's getters, putters and wake-ups cost more than the rest)."""

    def __init__(self, hub: _Registry, channels: tuple[str, ...], limit: int) -> None:
        self._hub = hub
        self.channels = channels
        self._items: deque[Frame | None] = deque()
        self._limit = limit if limit > 0 else sys.maxsize
        self._waiter: asyncio.Future[None] | None = None
        self.overflowed = False

    def _wake(self) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def put(self, message: Frame) -> None:
        if self.overflowed:
            return
        if len(self._items) >= self._limit:
            self.overflowed = True
            self._items = deque([None])  # what was queued is dropped: reload the view
        else:
            self._items.append(message)
        self._wake()

    def pending(self) -> int:
        return len(self._items)

    async def __aiter__(self) -> AsyncIterator[Frame]:
        while True:
            while not self._items:
                self._waiter = asyncio.get_running_loop().create_future()
                try:
                    await self._waiter
                finally:
                    self._waiter = None
            message = self._items.popleft()
            if message is None:
                if self.overflowed:
                    raise SlowSubscriber("subscriber fell behind")
                return
            yield message

    async def close(self) -> None:
        self._hub.unsubscribe(self)
        if not self.overflowed and len(self._items) < self._limit:
            self._items.append(None)
            self._wake()


class MemoryPubSub:
    """In-process pub/sub: each subscription has a bounded queue."""

    def __init__(self, queue_limit: int = 2000) -> None:
        self._subs: dict[str, set[MemorySubscription]] = {}
        self._limit = queue_limit

    async def publish(self, channel: str, message: str) -> None:
        frame = plain(message)
        for sub in tuple(self._subs.get(channel, ())):
            sub.put(frame)

    def hand_out(self, messages: Sequence[tuple[str, Frame]]) -> None:
        hand_out(self._subs, messages)

    async def subscribe(
        self, channels: Iterable[str], group: str | None = None
    ) -> MemorySubscription:
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


def hand_out(
    subs: dict[str, set[MemorySubscription]], messages: Sequence[tuple[str, Frame]]
) -> None:
    """Each (channel, frame), in order, to the local subscribers of its channel."""
    for channel, frame in messages:
        local = subs.get(channel)
        if local:
            for sub in tuple(local) if len(local) > 1 else local:
                sub.put(frame)


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
