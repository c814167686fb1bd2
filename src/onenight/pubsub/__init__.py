"""Publish/subscribe for room events, behind a small interface chosen by URL.

``memory://`` (:mod:`.memory`) is an in-process backend (one server process);
``redis://host:port/db`` (:mod:`.redis`) lets several server processes share rooms'
channels. The interface and what a channel carries (a :class:`Frame`: the text that goes
on the wire, with its number, kind and night as data) are in :mod:`.base`; the backends
import it, and this package re-exports it and opens the backend a URL names.
"""

from __future__ import annotations

from .base import PLAIN, Frame, PubSub, SlowSubscriber, Subscription, plain
from .memory import MemoryPubSub, MemorySubscription, forget, hand_out


def open_pubsub(url: str = "memory://") -> PubSub:
    """The pub/sub backend named by ``url``: ``memory://`` or ``redis://…`` (imported
    only when asked for)."""
    if url.startswith("memory:"):
        return MemoryPubSub()
    if url.startswith(("redis://", "rediss://", "unix://")):
        from .redis import RedisPubSub

        return RedisPubSub(url)
    raise ValueError(f"unsupported pub/sub URL {url!r} (memory:// or redis://)")


__all__ = [
    "PLAIN",
    "Frame",
    "MemoryPubSub",
    "MemorySubscription",
    "PubSub",
    "SlowSubscriber",
    "Subscription",
    "forget",
    "hand_out",
    "open_pubsub",
    "plain",
]
