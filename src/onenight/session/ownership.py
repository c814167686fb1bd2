"""The rooms this process owns: brought back at start, taken over, let go.

The event log in the store is the truth, so any process can own any room by replaying
its log. With one process it owns every open room of the store from its start. With
several (a shared cluster), a process *takes over* a room whose lease is free (its owner
died or stopped, or handed the room over: :mod:`.follow`): it replays the log, loads the
frame numbers and the frames kept for a ``resume`` from the cluster, counts the members'
connections and sends every member its full view, numbered on. It *loses* a room when
another process has written its log or holds its lease.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from onenight.cluster import Cluster
from onenight.pubsub import PubSub

from . import events as ev
from .actor import RoomActor
from .follow import Follower
from .limits import Limits
from .ports import SeqConflict, Store
from .room import Room

log = logging.getLogger("onenight.session")


class Ownership:
    """The hub's rooms: those this process owns, and how they come and go."""

    store: Store
    pubsub: PubSub
    cluster: Cluster
    limits: Limits
    follower: Follower
    rooms: dict[str, RoomActor]
    taking: dict[str, asyncio.Task[bool]]  #: take-overs under way

    def actor(self, room: Room) -> RoomActor:
        raise NotImplementedError

    async def serve(self, code: str, text: str) -> str:
        """A request forwarded by another process (the router answers it)."""
        raise NotImplementedError

    async def restate_presence(self) -> None:
        """This process's presence counts stated again (:mod:`.presence`)."""
        raise NotImplementedError

    async def start(self) -> None:
        """Open the store; bring back every open room (one process) or let the cluster
        hand out the rooms nobody owns (several)."""
        await self.store.open()
        codes = await self.store.open_rooms()
        if self.cluster.shared:
            await self.cluster.start(self, codes)
            return
        await self.cluster.start(self, [])
        for code in codes:
            room = await self._restore(code)
            if room is not None:
                self._adopt(room)
        log.info("restored %d rooms", len(self.rooms))

    def _adopt(self, room: Room) -> RoomActor:
        actor = self.actor(room)
        self.rooms[room.code] = actor
        actor.start()
        if room.playing:  # nobody is online after a restart
            for member in room.seats:
                actor.wait_for(member)
        return actor

    async def _restore(self, code: str) -> Room | None:
        room = Room(code)
        try:
            for e in await self.store.events(code):
                try:
                    room.apply(ev.parse(e.kind, e.data), e.at)
                except ev.LegacyGameEvent:  # a game of an older server: dropped
                    room.seq += 1
                    room.play = None
        except Exception:  # one bad log must not keep the others down
            log.exception("room %s: cannot replay its log; left closed", code)
            return None
        return room if room.seq > 0 else None

    async def take_over(self, code: str) -> bool:
        """Own a room whose lease is free: replay its log, carry on its game."""
        if code in self.rooms:
            return True
        task = self.taking.get(code)
        if task is None:
            task = self.taking[code] = asyncio.create_task(self._take_over(code))
            task.add_done_callback(lambda _: self.taking.pop(code, None))
        return await asyncio.shield(task)

    async def _take_over(self, code: str) -> bool:
        if len(self.rooms) >= self.limits.max_rooms or not await self.cluster.acquire(code):
            return False
        room = await self._restore(code)
        if room is None or room.closed:
            await self.cluster.release(code, closed=True)
            return False
        actor = self.actor(room)
        actor.opened_elsewhere()  # the counts read below may miss a connection opening
        try:
            actor.restore_frames(await self.cluster.kept(code))
            actor.online_at = await self.cluster.online(code)
        except BaseException:  # the bus failed: the lease goes (else held, never served)
            with contextlib.suppress(Exception):
                await self.cluster.release(code, closed=False)
            raise
        self.rooms[code] = actor
        self.follower.owned(code)
        try:
            async with actor.locked():
                await actor.recount()
                for member in actor.recipients():  # what the last owner may not have sent
                    actor.send_full(member)
        except SeqConflict:  # another process has written the room since: it owns it
            await self.lost(code)
            return False
        actor.start()
        if room.playing:
            for member in room.seats:
                if not actor.online.get(member):
                    actor.wait_for(member)
        log.info("room %s: taken over (event %d)", code, room.seq)
        # Most of its members may be connected elsewhere (this process took a free lease
        # that a hand-over meant for another, or a dead owner's room): no presence change
        # need ever come, so the follow rule looks at it now.
        self.follower.check(actor)
        return True

    async def lost(self, code: str, why: str = "its lease is another's") -> None:
        """Another process owns the room now, or has written it: let it go here (and
        give the lease back if it is still ours: the next owner replays the log)."""
        actor = self.rooms.pop(code, None)
        self.follower.let_go(code)
        if actor is not None:
            actor.stop()
            log.warning("room %s: owned by another process now (%s)", code, why)
        await self.cluster.release(code, closed=False)

    async def process_gone(self, process: str) -> None:
        """A process died: its members are offline in the rooms owned here."""
        for actor in list(self.rooms.values()):
            if actor.online_at.pop(process, None):
                async with actor.locked():
                    await actor.recount()

    async def open_rooms(self) -> list[str]:
        """The open rooms of the store (for a cluster whose bus lost its list)."""
        return await self.store.open_rooms()

    async def process_back(self, process: str) -> None:
        """A process is alive: its connections to the rooms owned here, as it counted
        them (they were dropped if it only seemed dead)."""
        for code, actor in list(self.rooms.items()):
            counts = (await self.cluster.online(code)).get(process, {})
            if counts != actor.online_at.get(process, {}):
                async with actor.locked():
                    actor.online_at[process] = counts
                    await actor.recount()
                self.follower.check(actor)  # its members may be there: as a presence change

    async def stop(self) -> None:
        self.follower.stop()
        for actor in self.rooms.values():
            actor.stop()
        await self.cluster.stop()
        await self.store.close()
        await self.pubsub.close()
