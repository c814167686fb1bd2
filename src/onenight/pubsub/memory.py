"""The in-process pub/sub (``memory://``, one server process), and the bounded
subscriber queues that the Redis backend feeds too."""

from __future__ import annotations

import asyncio
import sys
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from typing import Protocol

from .base import Frame, SlowSubscriber, plain

QUEUE_FRAMES = 2000  #: frames a subscriber may have waiting
#: and bytes of them (the texts' size in memory): a member that reads nothing holds at
#: most this much of the process, whatever the frames' sizes (a relayed signal is 10 KB)
QUEUE_BYTES = 256 * 1024


class _Registry(Protocol):
    def unsubscribe(self, sub: MemorySubscription) -> None: ...


class MemorySubscription:
    """One subscriber's bounded queue, in frames and in bytes; a subscriber that falls
    behind is cut off (its connection closes, 1013: it resumes its seat).

    A deque and one waiting future (not an ``asyncio.Queue``: every frame of the server
    passes here, and the queue's getters, putters and wake-ups cost more than the rest)."""

    def __init__(
        self,
        hub: _Registry,
        channels: tuple[str, ...],
        limit: int,
        byte_limit: int = QUEUE_BYTES,
    ) -> None:
        self._hub = hub
        self.channels = channels
        self._items: deque[Frame | None] = deque()
        self._limit = limit if limit > 0 else sys.maxsize
        self._byte_limit = byte_limit if byte_limit > 0 else sys.maxsize
        self._bytes = 0  #: what the queued texts take in memory (sys.getsizeof: O(1))
        self._waiter: asyncio.Future[None] | None = None
        self.overflowed = False
        #: called once when the queue overflows: its reader may be stuck in a send that
        #: never ends (a client that reads nothing), and never come back to the queue
        self.on_overflow: Callable[[], None] | None = None

    def _wake(self) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def put(self, message: Frame) -> None:
        if self.overflowed:
            return
        size = sys.getsizeof(message.text)
        if len(self._items) >= self._limit or self._bytes + size > self._byte_limit:
            self.overflowed = True
            self._items = deque([None])  # what was queued is dropped: reload the view
            self._bytes = 0
            if self.on_overflow is not None:
                self.on_overflow()
        else:
            self._items.append(message)
            self._bytes += size
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
            if message is not None:
                self._bytes -= sys.getsizeof(message.text)
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

    def __init__(self, queue_limit: int = QUEUE_FRAMES, queue_bytes: int = QUEUE_BYTES) -> None:
        self._subs: dict[str, set[MemorySubscription]] = {}
        self._limit = queue_limit
        self._bytes = queue_bytes

    async def publish(self, channel: str, message: str) -> None:
        frame = plain(message)
        for sub in tuple(self._subs.get(channel, ())):
            sub.put(frame)

    def hand_out(self, messages: Sequence[tuple[str, Frame]]) -> None:
        hand_out(self._subs, messages)

    async def subscribe(
        self, channels: Iterable[str], group: str | None = None
    ) -> MemorySubscription:
        sub = MemorySubscription(self, tuple(channels), self._limit, self._bytes)
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
