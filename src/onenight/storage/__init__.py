"""The append-only event log: the backends of the session's store, chosen by URL.

The interface and its types (``Store``, ``Event``, ``SeqConflict``) are the session's
(:mod:`onenight.session.ports`: the session says what it needs, this layer above it
implements it); they are re-exported here for the server, tests and tools.

Every room is a sequence of events (``seq`` 1, 2, …); rooms, games, reconnection, replay
and the end-of-game timeline all derive from it. Backends:

* ``sqlite+aiosqlite:///path.db`` (the default, ``onenight.db``) and
  ``postgresql+asyncpg://user@host/db``: SQLAlchemy 2 async; the schema is created on open.
* ``memory://``: a process-local log (tests, benchmarks that do not measure storage).
"""

from __future__ import annotations

from collections.abc import Sequence

from .base import Event, SeqConflict, Store

DEFAULT_URL = "sqlite+aiosqlite:///onenight.db"


class MemoryStore:
    """A log kept in this process (lost with it)."""

    def __init__(self) -> None:
        self._log: dict[str, list[Event]] = {}

    async def open(self) -> None:
        return None

    async def append(self, events: Sequence[Event]) -> None:
        last: dict[str, int] = {}
        for event in events:  # all or none: check the whole batch first
            log = self._log.setdefault(event.room, [])
            before = last.get(event.room, log[-1].seq if log else event.seq - 1)
            if event.seq != before + 1:
                raise SeqConflict(f"room {event.room}: seq {event.seq} after {before}")
            last[event.room] = event.seq
        for event in events:
            self._log[event.room].append(event)

    async def open_rooms(self) -> list[str]:
        return [room for room, log in self._log.items() if log[-1].kind != "closed"]

    async def is_open(self, room: str) -> bool:
        log = self._log.get(room, ())
        return bool(log) and all(e.kind != "closed" for e in log)

    async def events(self, room: str) -> list[Event]:
        return list(self._log.get(room, ()))

    async def ping(self) -> bool:
        return True

    async def close(self) -> None:
        return None


def open_store(url: str | None = None) -> Store:
    """The store named by ``url`` (default: SQLite file ``onenight.db``)."""
    from .faults import with_faults  # a test's fault, when its variable is set

    url = url or DEFAULT_URL
    if url.startswith("memory:"):
        return with_faults(MemoryStore())
    if url.startswith(("sqlite", "postgresql")):
        from .sql import SqlStore

        return with_faults(SqlStore(url))
    raise ValueError(f"unsupported database URL {url!r}")


__all__ = ["DEFAULT_URL", "Event", "MemoryStore", "SeqConflict", "Store", "open_store"]
