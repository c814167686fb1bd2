"""Token buckets: how fast a sender may go, with a burst allowed.

One bucket holds up to ``burst`` tokens and gains ``rate`` tokens a second; each request
takes one, and a request that finds less than one token is refused. The same rule limits
a connection's messages (``server/ws.py``), room creations and joins per IP address in
one process (:class:`PerAddress`), and, written in Lua so that every process shares one
bucket per address, the same limits in Redis (``cluster/redis.py``; a test holds the two
to the same answers).

The time is always an argument: the caller reads its clock once and passes it, so a test
(or a process with an injected clock) decides what time it is. This module imports
nothing of onenight, so any layer may use it.
"""

from __future__ import annotations

from collections import OrderedDict


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` kept; a fresh bucket is full.

    ``debt``: a refused request still costs its token, so a sender that keeps going past
    its refusals sinks below zero (a connection closes a flooder at a cut-off); without
    it a refusal costs nothing and the bucket never goes below zero."""

    __slots__ = ("burst", "debt", "last", "rate", "tokens")

    def __init__(self, rate: float, burst: float, *, debt: bool = False) -> None:
        self.rate = rate
        self.burst = burst
        self.debt = debt
        self.tokens = burst
        self.last: float | None = None  #: the time of the last request, none yet

    def take(self, now: float, take: bool = True) -> bool:
        """Whether a request at ``now`` (seconds) may go on; a rate of 0 is no limit. A
        clock that steps back adds nothing (as in Redis, where the time is wall time).
        ``take=False`` only asks: whether one would go on, nothing taken."""
        if self.rate <= 0:
            return True
        elapsed = 0.0 if self.last is None else max(0.0, now - self.last)
        tokens = min(self.burst, self.tokens + elapsed * self.rate) - 1
        allowed = tokens >= 0
        self.tokens = tokens if (allowed and take) or (self.debt and take) else tokens + 1
        self.last = now
        return allowed


class PerAddress:
    """A token bucket per IP address: ``per_minute`` requests a minute, in bursts of
    ``burst`` (half a minute's worth by default). At most ``size`` addresses are
    remembered, the least recently seen forgotten first (a forgotten address starts
    again with a full bucket, which only ever errs towards letting a player in)."""

    def __init__(self, per_minute: float, burst: float | None = None, size: int = 10_000) -> None:
        self.rate = per_minute / 60.0
        self.burst = burst if burst is not None else max(1.0, per_minute / 2)
        self.size = size
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, address: str | None, now: float, take: bool = True) -> bool:
        """Whether ``address`` may go on at ``now`` (no address, or a rate of 0: not
        limited); ``take=False``: only whether it would, nothing taken."""
        if address is None or self.rate <= 0:
            return True
        bucket = self.buckets.pop(address, None) or TokenBucket(self.rate, self.burst)
        self.buckets[address] = bucket
        while len(self.buckets) > self.size:
            self.buckets.popitem(last=False)
        return bucket.take(now, take)
