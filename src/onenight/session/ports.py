"""The ports of the session: what a room's actor and the hub need from outside, as small
interfaces that the layers above implement and pass in.

The session sits below the store and the bots (the layers are in pyproject.toml's
``[tool.importlinter]``): it says here what it needs, and ``onenight.storage`` (the event
log, SQLite / PostgreSQL / memory) and ``onenight.bots.seats`` (bots that play seats)
import these types from here, never the other way round.

* :class:`Store`, with the record it keeps (:class:`Event`) and its one refusal
  (:class:`SeqConflict`): the append-only log every room is derived from.
* :class:`BotSeats`: whatever plays the seats of bots at one room's table. The hub makes
  one per room actor with the factory it is given; :class:`NoBots` (no bot ever plays)
  when nobody gives one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # types of the protocols only: the store's users need not load them
    from .events import RoomEvent
    from .room import Room

# ----- the event log ----------------------------------------------------------------------


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


# ----- the bots at the table --------------------------------------------------------------

#: The level of the bot that plays for a player away past the room's grace: what the
#: room records and its frame shows (``"stand_in"``, docs/protocol.md).
STAND_IN_LEVEL = "basic"
#: The levels every server seats (``add_bot``); a server's bot seats may know more (a
#: research agent registered by a plugin: docs/research.md).
BUILT_IN_LEVELS = frozenset({"random", "basic", "reasoner"})


class BotSeats(Protocol):
    """The bots of one room's table: the seats a member with ``bot`` or ``stand_in`` set
    holds. A bot's choices are the events :func:`.core.decide` gives for its message,
    checked as anybody's; the actor stores and applies them."""

    @property
    def levels(self) -> frozenset[str]:
        """The bot levels this server can seat (``add_bot``'s ``level``)."""
        ...

    def next_events(self, room: Room, now: float, rng: random.Random) -> list[RoomEvent]:
        """What the first bot with something to do now does (no events: nothing to do)."""
        ...

    def next_at(self, room: Room) -> float | None:
        """When a bot next has something to do that no event will prompt (a line it
        says seconds after the last, as a person would), read from the room alone: the
        actor's clock wakes then and asks ``next_events``. None: nothing planned."""
        ...


#: Makes the bot seats of one room (one per room actor).
BotSeatsFactory = Callable[[], BotSeats]


class NoBots:
    """Bot seats where no bot ever plays: a bot's seat does nothing and its turns time
    out, as a silent player's would (a hub built without bots: tests of the session)."""

    levels = BUILT_IN_LEVELS

    def next_events(self, room: Room, now: float, rng: random.Random) -> list[RoomEvent]:
        return []

    def next_at(self, room: Room) -> float | None:
        return None
