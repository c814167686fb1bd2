"""Deck suggestions over HTTP: the simulator's most balanced decks, measured once per
edition and table size and kept (``onenight suggest`` with ``basic`` bots). The
simulation runs in a worker process, one table at a time, so the server keeps answering.

A measurement takes from about one second (3 players) to ten or more (12 players, and
the worker's start on the first one); a request waits for it at most ``SUGGEST_WAIT``
seconds, then gets :class:`Measuring` (HTTP 503 with ``Retry-After``) while the
measurement goes on, and a later request gets the kept decks."""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

SUGGEST_LEVEL = "basic"  #: every seat of the simulated games
SUGGEST_GAMES = 150  #: games per candidate deck
SUGGEST_DECKS = 6  #: candidate decks around the default one
SUGGEST_WAIT = 4.0  #: seconds a request waits for a measurement, then the 503
RETRY_AFTER = 5  #: seconds, the 503's ``Retry-After``

Table = tuple[str, int]
Decks = list[dict[str, Any]]


def measure(edition: str, players: int) -> Decks:
    """The candidate decks, most balanced first (in the worker process)."""
    from onenight.bots.suggest import suggest

    return suggest(edition, players, SUGGEST_DECKS, SUGGEST_GAMES, SUGGEST_DECKS, SUGGEST_LEVEL)


class Measuring(Exception):
    """This table's decks are being measured: ask again in ``retry_after`` seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"the decks are being measured: ask again in {retry_after} s")
        self.retry_after = retry_after


class Suggestions:
    """The measured decks of one server: kept once measured; measurements run one at a
    time in one spawned worker process, started on the first one."""

    def __init__(self, wait: float = SUGGEST_WAIT) -> None:
        self.wait = wait
        self.kept: dict[Table, Decks] = {}
        self.measuring: dict[Table, asyncio.Task[Decks]] = {}
        self._pool: ProcessPoolExecutor | None = None
        self._turn = asyncio.Lock()

    async def decks(self, edition: str, players: int) -> Decks:
        """The measured decks for this table. The first request starts the measurement;
        a request that waited ``wait`` seconds for it raises :class:`Measuring`."""
        key = (edition, players)
        if key not in self.kept:
            task = self.measuring.get(key)
            if task is None:
                task = asyncio.create_task(self._measure(key))
                self.measuring[key] = task
            try:
                # shield: a request that stops waiting (or goes away) leaves it running
                await asyncio.wait_for(asyncio.shield(task), self.wait)
            except TimeoutError:
                raise Measuring(RETRY_AFTER) from None
        return [dict(row) for row in self.kept[key]]

    async def _measure(self, key: Table) -> Decks:
        try:
            async with self._turn:
                if self._pool is None:
                    # spawn, not fork: a fork of the server (threads, locks held) may hang
                    context = multiprocessing.get_context("spawn")
                    self._pool = ProcessPoolExecutor(1, mp_context=context)
                loop = asyncio.get_running_loop()
                try:
                    decks = await loop.run_in_executor(self._pool, measure, *key)
                except BrokenProcessPool:
                    self._pool = None  # the worker died: the next measurement starts one
                    raise
            self.kept[key] = decks
            return decks
        finally:
            del self.measuring[key]  # measured, or failed: the next request tries again

    def shutdown(self) -> None:
        """Stop the measurements and the worker process (the server is stopping)."""
        for task in list(self.measuring.values()):
            task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
