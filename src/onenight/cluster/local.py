"""One process (``memory://``): it owns every room."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence

from onenight.pubsub import PubSub

from .base import Kept, Owner, OwnerGone, Post, channel
from .buckets import PerAddress


class LocalCluster:
    """One process: it owns every room; frames are published on the local pub/sub."""

    shared = False

    def __init__(self, pubsub: PubSub, clock: Callable[[], float] = time.monotonic) -> None:
        self.me = "local"
        self.pubsub = pubsub
        self.clock = clock  #: seconds, for the rate limits
        self.buckets: dict[str, PerAddress] = {}
        self.connections: dict[tuple[str, int], int] = {}

    async def start(self, owner: Owner, rooms: Sequence[str]) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def new_room(self, code: str) -> bool:
        return True  # the hub checks its own rooms

    async def acquire(self, code: str) -> bool:
        return False  # every open room was restored at start

    async def owner(self, code: str) -> str | None:
        return None

    async def release(self, code: str, closed: bool) -> None:
        return None

    async def call(self, owner: str, code: str, request: str) -> str:
        raise OwnerGone(owner)

    async def deliver(
        self,
        code: str,
        frames: Sequence[Post],
        numbers: Mapping[int, int],
        elsewhere: bool = True,
    ) -> None:
        self.pubsub.hand_out([(channel(code, member), frame) for member, frame in frames])

    async def kept(self, code: str) -> Kept:
        return Kept({}, {})

    async def presence(self, code: str, counts: Mapping[int, int]) -> None:
        for member, count in counts.items():
            if count:
                self.connections[(code, member)] = count
            else:
                self.connections.pop((code, member), None)

    async def online(self, code: str) -> dict[str, dict[int, int]]:
        return {}

    async def within_rate(
        self, kind: str, address: str | None, per_minute: float, take: bool = True
    ) -> bool:
        bucket = self.buckets.get(kind)
        if bucket is None:
            bucket = self.buckets[kind] = PerAddress(per_minute)
        return bucket.take(address, self.clock(), take)
