"""Where a room's members are connected (onenight.session.presence): this process's own
count is the truth, and it is stated again when the cluster may have lost its copy."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from onenight.cluster import BusDown, LocalCluster
from onenight.pubsub import MemoryPubSub
from onenight.session.hub import Hub
from onenight.session.requests import PresenceRequest, Refused, Reply, Request
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore


class Forgetful(LocalCluster):
    """One process whose cluster records the counts written to it (``written``)."""

    def __init__(self) -> None:
        super().__init__(MemoryPubSub())
        self.written: list[tuple[str, dict[int, int]]] = []

    async def presence(self, code: str, counts: Mapping[int, int]) -> None:
        await super().presence(code, counts)
        self.written.append((code, dict(counts)))


async def test_a_process_states_its_connections_again_when_the_count_was_lost() -> None:
    """Ann has one connection here, Bob had two and closed one, Cy closed his only one.
    The owner then forgets this process's counts (as one that took it for dead, or whose
    Redis restarted empty): nobody is online for it. Stated again, the counts are this
    process's own (1, 1; Cy not at all), in the cluster and at the owner."""
    cluster = Forgetful()
    hub = Hub(MemoryStore(), cluster.pubsub, random.Random(1), clock=FakeClock(), cluster=cluster)
    await hub.start()
    try:
        ann = await hub.create("ann")
        bob = await hub.join(ann.room, "bob", False)
        cy = await hub.join(ann.room, "cy", False)
        for session, delta in [(ann, 1), (bob, 1), (bob, 1), (bob, -1), (cy, 1), (cy, -1)]:
            await hub.presence(session, delta)
        actor = hub.rooms[ann.room]
        assert actor.online_members() == {ann.member, bob.member}
        actor.online_at.clear()  # the owner forgot them
        await actor.recount()
        assert actor.online_members() == set()
        assert cluster.written[-1] == (ann.room, {cy.member: 0})  # each change, whole
        cluster.written.clear()
        await hub.restate_presence()
        assert cluster.written == [(ann.room, {ann.member: 1, bob.member: 1})]
        assert actor.online_members() == {ann.member, bob.member}
        assert actor.online_at[cluster.me] == {ann.member: 1, bob.member: 1}
        await hub.presence(bob, -1)  # counted on from the truth, not from the lost copy
        assert actor.online_members() == {ann.member}
    finally:
        await hub.stop()


async def test_stating_again_when_the_owner_is_out_of_reach_fails_to_be_asked_again() -> None:
    """An owner out of reach answers ``busy``: the cluster must ask again later, so the
    restating fails rather than passing as done."""
    cluster = Forgetful()
    hub = Hub(MemoryStore(), cluster.pubsub, random.Random(1), clock=FakeClock(), cluster=cluster)
    await hub.start()
    try:
        ann = await hub.create("ann")
        await hub.presence(ann, 1)
        real = hub.route

        async def busy(request: Request) -> Reply:
            if isinstance(request, PresenceRequest):
                return Refused(code="busy", message="the server lost touch with the room")
            return await real(request)

        hub.route = busy  # type: ignore[method-assign]
        with pytest.raises(BusDown):
            await hub.restate_presence()
    finally:
        await hub.stop()
