"""Deck suggestions over HTTP: the simulator's most balanced decks, measured once per
edition and table size and kept (``onenight suggest`` with ``basic`` bots). The
simulation runs in a worker process, one at a time, so the server keeps answering."""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

SUGGEST_LEVEL = "basic"  #: every seat of the simulated games
SUGGEST_GAMES = 150  #: games per candidate deck
SUGGEST_DECKS = 6  #: candidate decks around the default one

_pool: ProcessPoolExecutor | None = None
_lock = asyncio.Lock()
_kept: dict[tuple[str, int], list[dict[str, Any]]] = {}


def measure(edition: str, players: int) -> list[dict[str, Any]]:
    """The candidate decks, most balanced first (in the worker process)."""
    from onenight.bots.suggest import suggest

    return suggest(edition, players, SUGGEST_DECKS, SUGGEST_GAMES, SUGGEST_DECKS, SUGGEST_LEVEL)


async def suggested_decks(edition: str, players: int) -> list[dict[str, Any]]:
    """The measured decks for this table (measured on the first request, then kept)."""
    global _pool
    key = (edition, players)
    async with _lock:
        if key not in _kept:
            if _pool is None:
                # spawn, not fork: a fork of the server (threads, locks held) may hang
                _pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
            loop = asyncio.get_running_loop()
            _kept[key] = await loop.run_in_executor(_pool, measure, edition, players)
    return [dict(row) for row in _kept[key]]


def shutdown() -> None:
    """Stop the worker process (the server is stopping)."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
