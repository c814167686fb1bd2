"""Abuse limits: room creations and joins per IP address, rooms per process, idle rooms.

The per-IP limits are token buckets: :class:`PerAddress` in this process (one process),
or the same bucket in Redis shared by every process (``onenight.cluster.redis``).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What one server process allows."""

    max_rooms: int = 20_000  #: open rooms in this process
    idle: float = 7200.0  #: seconds without an event before a room outside a game closes
    creates_per_minute: float = 10.0  #: room creations per IP address
    joins_per_minute: float = 60.0  #: joins (and resumes) per IP address
    message_rate: float = 20.0  #: messages a second a connection may keep up (0: no limit)
    message_burst: float = 40.0  #: and in a burst
    #: a room moves to the process holding most of its members (several processes)
    follow_members: bool = True


class PerAddress:
    """A token bucket per IP address: ``rate`` a minute, bursts of ``burst``. At most
    ``size`` addresses are remembered (the least recent are forgotten)."""

    def __init__(self, per_minute: float, burst: float | None = None, size: int = 10_000) -> None:
        self.rate = per_minute / 60.0
        self.burst = burst if burst is not None else max(1.0, per_minute / 2)
        self.size = size
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, address: str | None, now: float | None = None) -> bool:
        """Whether ``address`` may go on now (None, or a rate of 0: not limited)."""
        if address is None or self.rate <= 0:
            return True
        now = time.monotonic() if now is None else now
        tokens, last = self.buckets.pop(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate) - 1
        self.buckets[address] = (tokens if tokens >= 0 else tokens + 1, now)
        while len(self.buckets) > self.size:
            self.buckets.popitem(last=False)
        return tokens >= 0
