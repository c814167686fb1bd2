"""The append-only event log, behind a small interface chosen by URL.

Every room is a sequence of events (``seq`` 1, 2, …); rooms, games, reconnection, replay
and the end-of-game timeline all derive from it. Backends:

* ``sqlite+aiosqlite:///path.db`` (the default, ``onenight.db``) and
  ``postgresql+asyncpg://user@host/db``: SQLAlchemy 2 async; the schema is created on open.
* ``memory://``: a process-local log (tests, benchmarks that do not measure storage).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

DEFAULT_URL = "sqlite+aiosqlite:///onenight.db"


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a room's log. ``data`` is JSON-able."""

    room: str
    seq: int
    kind: str
    data: dict[str, Any]
    at: float


class SeqConflict(ValueError):
    """An append whose ``seq`` is already taken: another writer (another process that
    owns the room now) has written the room since this one read it."""


class Store(Protocol):
    """An append-only log of room events."""

    async def open(self) -> None:
        """Connect, creating or upgrading the schema."""

    async def append(self, events: Sequence[Event]) -> None:
        """Store events durably, all or none; return only once they are stored.
        SeqConflict if a ``(room, seq)`` is already stored."""

    async def open_rooms(self) -> list[str]:
        """Codes of the rooms that have events and were not closed."""

    async def is_open(self, room: str) -> bool:
        """Whether this room has events and was not closed (one room of open_rooms)."""

    async def events(self, room: str) -> list[Event]:
        """A room's events in order."""

    async def ping(self) -> bool:
        """Whether the database answers (``/api/ready``)."""

    async def close(self) -> None: ...


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
    url = url or DEFAULT_URL
    if url.startswith("memory:"):
        return MemoryStore()
    if url.startswith(("sqlite", "postgresql")):
        from .sql import SqlStore

        return SqlStore(url)
    raise ValueError(f"unsupported database URL {url!r}")


__all__ = ["DEFAULT_URL", "Event", "MemoryStore", "SeqConflict", "Store", "open_store"]
