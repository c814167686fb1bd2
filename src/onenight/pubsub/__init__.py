"""Publish/subscribe for room events, behind a small interface chosen by URL.

``memory://`` is an in-process backend (one server process); ``redis://host:port/db``
(:mod:`.redis`) lets several server processes share rooms' channels.

What a channel carries is a :class:`Frame`: the text that goes on the wire, with what the
transport needs to know of it as data (its number, its kind, whether it is a night
frame), so that nothing downstream parses the text again.
"""

from __future__ import annotations

import asyncio
import sys
from collections import deque
from collections.abc import AsyncIterator, Iterable, Sequence
from typing import NamedTuple, Protocol


class Frame(NamedTuple):
    """One frame on its way to a member's connection.

    ``text`` is exactly what goes on the wire (padded when the game wants it); the other
    fields say what the connection needs to know of it, so that it never reads the JSON:
    ``n``, the member's frame number (None for what is not one of a room's frames: a
    connection's own answers, ``ack`` and ``error``, and a plain :meth:`PubSub.publish`);
    ``kind``, its ``type`` (``room``, ``state``, ``log``, ``chat``, ``whisper``,
    ``whispered``, ``claim``, ``bye``, ``ack``, ``error``); ``night``, whether it went out
    at night padded to the night's frame size (a night ``state`` frame's size is the size
    that an answer refused at night is padded to)."""

    n: int | None
    kind: str
    night: bool
    text: str


PLAIN = "plain"  #: the kind of a plain text published on a channel


def plain(text: str) -> Frame:
    """A plain text published on a channel (the requests between processes), as its
    subscribers get it: not a room's frame (no number), not a night frame."""
    return Frame(None, PLAIN, False, text)


class Subscription(Protocol):
    """Frames handed out or published on the channels subscribed to, in order."""

    def __aiter__(self) -> AsyncIterator[Frame]: ...

    def put(self, message: Frame) -> None:
        """Queue a frame for this subscriber alone, after those already delivered to it
        (a connection's answers keep their place among its channel's frames)."""

    def pending(self) -> int:
        """Messages queued and not yet read."""

    async def close(self) -> None: ...


class PubSub(Protocol):
    """Channels carry frames (their text is JSON, so any transport can carry them)."""

    async def publish(self, channel: str, message: str) -> None:
        """A plain text to every subscriber of ``channel``, in any process (each gets it
        as :func:`plain`): what the processes say to one another, not a room's frame."""

    def hand_out(self, messages: Sequence[tuple[str, Frame]]) -> None:
        """Each (channel, frame), in order, to the subscribers of this process alone
        (the frames of a room owned here, for its members connected here)."""

    async def subscribe(self, channels: Iterable[str], group: str | None = None) -> Subscription:
        """Subscribe to ``channels``; ``group`` names the batch they belong to (a room's
        members: a backend may carry one batch of several channels' messages at once)."""

    async def ping(self) -> bool:
        """Whether the backend is reachable (``/api/ready``)."""

    async def close(self) -> None: ...


class _Registry(Protocol):
    def unsubscribe(self, sub: MemorySubscription) -> None: ...


class SlowSubscriber(Exception):
    """A subscriber fell too far behind; it must reconnect and reload its view."""


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


def open_pubsub(url: str = "memory://") -> PubSub:
    """The pub/sub backend named by ``url``: ``memory://`` or ``redis://…`` (imported
    only when asked for)."""
    if url.startswith("memory:"):
        return MemoryPubSub()
    if url.startswith(("redis://", "rediss://", "unix://")):
        from .redis import RedisPubSub

        return RedisPubSub(url)
    raise ValueError(f"unsupported pub/sub URL {url!r} (memory:// or redis://)")
