"""Time, as the session reads it: one injected clock.

Every reading of time in the session (an event's ``at``, a turn's deadline, the grace
before a bot stands in, the idle close, a room's hand-over gap) and every wait on it
goes through a :class:`Clock` passed in by whoever builds the hub. The server passes
:class:`SystemClock`; tests pass a :class:`FakeClock` and drive a whole game, night
turns, jitter, the vote's deadline, stand-ins and idle closing included, in process
and in milliseconds, by moving the clock on.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import time
from typing import Any, Protocol


class Clock(Protocol):
    """Wall time (stored in events, sent as deadlines), a monotonic reading (for gaps
    that must not jump with the wall clock) and waiting on them."""

    def now(self) -> float:
        """Seconds since the epoch."""

    def monotonic(self) -> float:
        """Seconds from an arbitrary start that never go back."""

    async def sleep(self, seconds: float) -> None:
        """Wait this long (no wait for 0 or less, but a turn of the event loop)."""

    async def wait(self, event: asyncio.Event, timeout: float | None) -> bool:
        """Wait until ``event`` is set (True) or ``timeout`` seconds passed (False)."""


class SystemClock:
    """The machine's clocks and the event loop's timers."""

    def now(self) -> float:
        return time.time()

    def monotonic(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))

    async def wait(self, event: asyncio.Event, timeout: float | None) -> bool:
        if timeout is not None and timeout <= 0:
            return event.is_set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)
            return True
        return False


#: Loop turns :meth:`FakeClock.settle` gives the tasks a moved clock woke (each may wake
#: others: a tick commits, which wakes bots, whose commits wake the clock task …).
SETTLE_TURNS = 64


class FakeClock:
    """A clock that moves only when a test moves it (:meth:`advance`).

    Sleepers wake in the order of their deadlines, each with the clock set to its own
    deadline, and the tasks they wake run before the clock moves on: a test sees every
    timer fire as it would in real time, without waiting for it."""

    def __init__(self, start: float = 1_750_000_000.0) -> None:
        self.t = start
        self.start = start
        self._timers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self.t

    def monotonic(self) -> float:
        return self.t - self.start

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._timers, (self.t + seconds, next(self._order), future))
        await future  # cancelled: its entry is skipped when its time comes

    async def wait(self, event: asyncio.Event, timeout: float | None) -> bool:
        if event.is_set():
            return True
        waiter = asyncio.ensure_future(event.wait())
        tasks: set[asyncio.Future[Any]] = {waiter}
        if timeout is not None:
            tasks.add(asyncio.ensure_future(self.sleep(timeout)))
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
        return waiter in done

    def next_timer(self) -> float | None:
        """When the next live sleeper wakes (None: nobody sleeps)."""
        while self._timers and self._timers[0][2].done():
            heapq.heappop(self._timers)
        return self._timers[0][0] if self._timers else None

    async def settle(self) -> None:
        """Let the tasks that are ready run (without moving the clock)."""
        for _ in range(SETTLE_TURNS):
            await asyncio.sleep(0)

    async def advance(self, seconds: float) -> None:
        """Move the clock on by ``seconds``, waking every sleeper due meanwhile in order."""
        end = self.t + seconds
        await self.settle()
        while (due := self.next_timer()) is not None and due <= end:
            _, _, future = heapq.heappop(self._timers)
            self.t = max(self.t, due)
            future.set_result(None)
            await self.settle()
        self.t = end
        await self.settle()
