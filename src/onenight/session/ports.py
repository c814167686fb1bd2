"""The ports of the session: what a room's actor and the hub need from outside, as small
interfaces that the layers above implement and pass in.

The layers are in pyproject.toml's ``[tool.importlinter]``: the event log's types are
the storage's own (``onenight.storage.base``, below the session, knowing nothing of the
game), named here; ``onenight.bots.seats`` (bots that play seats, above the session)
imports the bots' port from here, never the other way round.

* :class:`Store`, with the record it keeps (:class:`Event`) and its one refusal
  (:class:`SeqConflict`): the append-only log every room is derived from.
* :class:`BotSeats`: whatever plays the seats of bots at one room's table. The hub makes
  one per room actor with the factory it is given; :class:`NoBots` (no bot ever plays)
  when nobody gives one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from onenight.storage.base import Event, SeqConflict, Store

__all__ = [
    "BUILT_IN_LEVELS",
    "STAND_IN_LEVEL",
    "BotSeats",
    "BotSeatsFactory",
    "Event",
    "NoBots",
    "SeqConflict",
    "Store",
]

if TYPE_CHECKING:  # types of the protocols only: the store's users need not load them
    from .events import RoomEvent
    from .room import Room

# ----- the event log: its types are the storage's own (onenight.storage.base) -----------

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

    def reading(self, room: Room) -> dict[str, Any] | None:
        """Once the game is over: what its public talk alone pointed to (the reasoner's
        model with no seat's knowledge): ``{"wolf": [P(Werewolf) per seat], "vote":
        seat}``; None where there is no such reader."""
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

    def reading(self, room: Room) -> dict[str, Any] | None:
        return None
