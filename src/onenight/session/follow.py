"""A room follows its members: with several processes, the owner hands a room over to
the process where most of its members are connected.

A command from a member connected to the owner is carried out where it arrives; one from
a member on another process crosses the bus twice (the request, then its answer). A
proxy that routes each room's WebSockets to one process (``hash $arg_room`` in nginx,
docs/deploy.md) puts every member of a room on one process, but the room was made on
whichever process took its creation: so its owner hands it over to them. With any other
routing it only moves where most members are.

The rule: when a process holds more than half of the room's members (connected there:
the owner learns of every connection through the members' presence; a member offline
counts against every process, a bot not at all), and it is not the owner, the room moves
there. The owner looks on each presence change, when it takes a room over (it may have
won a free lease that a hand-over meant for the members' process: it passes the room on)
and when a process it thought dead comes back. Only one process can hold more than half
(unless members are connected to several at once: then the owner keeps the room if it is
one of them), so a room never moves back and forth without its members moving. Counting
the offline members keeps a room where
it is while most of its players reconnect: a host still connected to the process the
room was made on does not take it back there for the moment the others are away. At most
once in :data:`MOVE_GAP` seconds (a check that comes sooner waits); never in the night:
the night's frames keep the timing they would have had (a room that should move is
looked at again every MOVE_GAP seconds, and moves once the day comes).

The hand-over is the graceful one of a server stopping: under the room's lock (no
command half done), its frames delivered, the actor stopped and the lease given back;
then the new owner is asked to take it over, which replays the log and numbers on from
the frames kept in Redis, as after a failover. A request that arrives meanwhile is asked
again of the new owner (``OwnerGone``). If the new owner cannot take it (its room cap),
any process takes the room over within a beat, as for a dead owner's rooms.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Protocol

from onenight.cluster import Cluster, OwnerGone
from onenight.rules import Phase

from .actor import RoomActor
from .limits import Limits
from .requests import TakeOverRequest, encode_request
from .timing import Clock

log = logging.getLogger("onenight.session")

MOVE_GAP = 1.0  #: seconds a room stays with an owner before it may move again


def where_most_are(
    online_at: Mapping[str, Mapping[int, int]], members: int = 0, owner: str | None = None
) -> str | None:
    """The process holding more than half of the room's ``members`` (at least its online
    ones), if one does; the ``owner`` when it is one of several that do."""
    online = {m for counts in online_at.values() for m, n in counts.items() if n > 0}
    whole = max(members, len(online))
    found = [
        p for p, counts in online_at.items() if 2 * sum(n > 0 for n in counts.values()) > whole
    ]
    if owner in found:
        return owner
    return found[0] if found else None


def people(actor: RoomActor) -> int:
    """The room's members who may connect: not gone, not bots (a bot's seat has no
    connection; a player whose seat a stand-in plays may come back)."""
    return sum(1 for m in actor.room.members.values() if not m.gone and m.bot is None)


class Router(Protocol):
    """What the follow rule reads of the router that asks it (the hub)."""

    cluster: Cluster
    limits: Limits
    clock: Clock
    rooms: dict[str, RoomActor]

    def remember_owner(self, code: str, owner: str) -> None: ...


class Follower:
    """The hub's hand-overs of the rooms it owns to where their members are."""

    def __init__(self, hub: Router) -> None:
        self.hub = hub
        self.moving: dict[str, asyncio.Task[None]] = {}
        self.owned_since: dict[str, float] = {}  #: code → when it came to this process
        self.later: dict[str, asyncio.Task[None]] = {}  #: rooms to look at again
        self.stopped = False

    def owned(self, code: str) -> None:
        """The room is this process's from now on (made, taken over or handed here)."""
        self.owned_since[code] = self.hub.clock.monotonic()

    def let_go(self, code: str) -> None:
        """The room is no longer this process's (lost, closed or handed over)."""
        self.owned_since.pop(code, None)
        later = self.later.pop(code, None)
        if later is not None:
            later.cancel()

    def check(self, actor: RoomActor) -> None:
        """After a presence change: hand the room over if its members are elsewhere."""
        hub, code = self.hub, actor.room.code
        if not hub.cluster.shared or not hub.limits.follow_members or code in self.moving:
            return
        if actor.room.closed:
            return
        to = where_most_are(actor.online_at, people(actor), hub.cluster.me)
        if to is None or to == hub.cluster.me or hub.rooms.get(code) is not actor:
            return
        play = actor.room.play
        if play is not None and play.phase == Phase.NIGHT:  # looked at again until day
            wait = MOVE_GAP
        else:
            since = self.owned_since.get(code)
            wait = 0.0 if since is None else since + MOVE_GAP - hub.clock.monotonic()
        if wait > 0:
            if code not in self.later:
                self.later[code] = asyncio.create_task(self._check_again(code, wait))
            return
        task = asyncio.create_task(self._hand_over(actor, to), name=f"move-{code}")
        self.moving[code] = task
        task.add_done_callback(lambda _: self._moved(actor))

    def _moved(self, actor: RoomActor) -> None:
        """A hand-over ended. A presence change that came while it waited for the room
        was set aside (``moving``), and the hand-over may have found the members moved
        meanwhile and not happened: a room still here is looked at again, or it would
        wait for the next presence change (none may come: the room stayed for good)."""
        code = actor.room.code
        self.moving.pop(code, None)
        if not self.stopped and self.hub.rooms.get(code) is actor:
            self.check(actor)

    async def _check_again(self, code: str, wait: float) -> None:
        await self.hub.clock.sleep(wait)
        self.later.pop(code, None)
        actor = self.hub.rooms.get(code)
        if actor is not None:
            self.check(actor)

    async def _hand_over(self, actor: RoomActor, to: str) -> None:
        hub, code = self.hub, actor.room.code
        try:
            async with actor.locked():
                here = where_most_are(actor.online_at, people(actor), hub.cluster.me)
                if hub.rooms.get(code) is not actor or here != to:
                    return
                play = actor.room.play
                if play is not None and play.phase == Phase.NIGHT:
                    return
                actor.stop()
                del hub.rooms[code]
                self.let_go(code)
        except OwnerGone:  # the room was let go meanwhile (another process took it)
            return
        try:
            await hub.cluster.release(code, closed=False)
            hub.remember_owner(code, to)
            log.info("room %s: handed over to %s, where most of its members are", code, to)
            await hub.cluster.call(to, code, encode_request(TakeOverRequest(room=code)))
        except OwnerGone:  # the watch over waiting requests saw no lease yet: not an error
            pass
        except Exception as exc:  # the room is nobody's: a process takes it within a beat
            log.warning("room %s: the hand-over to %s did not finish (%r)", code, to, exc)

    def stop(self) -> None:
        self.stopped = True
        for handle in self.later.values():
            handle.cancel()
        for task in self.moving.values():
            task.cancel()
