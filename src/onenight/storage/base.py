"""The event log's own types: the record it keeps (:class:`Event`), its one refusal
(:class:`SeqConflict`) and what a store does (:class:`Store`). They stand at the bottom of
``onenight.storage``, which needs nothing of the game; the session's ports
(:mod:`onenight.session.ports`) name them as what a room's actor is given."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a room's log (a :class:`.events.RoomEvent` as stored: its ``kind``
    and its ``data``, numbered ``seq`` 1, 2, … within the room). ``data`` is JSON-able."""

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
