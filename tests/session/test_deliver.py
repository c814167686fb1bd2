"""Where an owner's frames go: to its own connections always, on the bus only while
another process may hold a connection of a member (onenight.session.actor)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import SimpleNamespace
from typing import Any

from onenight.cluster import Post
from onenight.session import render
from onenight.session.actor import RoomActor, RoomDeps
from onenight.session.room import Room
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore


class Deliveries:
    """A cluster that records each delivery and whether it went on the bus."""

    shared = True
    me = "a"

    def __init__(self) -> None:
        self.sent: list[tuple[list[int], bool]] = []

    async def deliver(
        self, code: str, frames: Sequence[Post], numbers: Mapping[int, int], elsewhere: bool
    ) -> None:
        assert numbers == {m: f.n for m, f in frames}  # the last of each, to number on
        self.sent.append(([f.n or 0 for _, f in frames], elsewhere))


async def _deliver_one(actor: RoomActor, cluster: Deliveries) -> bool:
    async with actor.locked():
        actor.send(1, {"type": "x"})
    return cluster.sent[-1][1]


async def test_frames_go_on_the_bus_only_while_another_process_may_need_them() -> None:
    clock = FakeClock()
    cluster = Deliveries()
    router: Any = SimpleNamespace()
    deps = RoomDeps(MemoryStore(), cluster, clock, random.Random(1), router)
    actor = RoomActor(Room("ROOMX"), deps)
    assert not await _deliver_one(actor, cluster)  # nobody anywhere: kept, not published

    actor.online_at = {"a": {1: 1, 2: 2}}  # every connection here, at the owner
    assert not await _deliver_one(actor, cluster)
    actor.online_at["b"] = {3: 0}  # one was at b, and is closed now
    assert not await _deliver_one(actor, cluster)
    actor.online_at["b"][3] = 1  # a member is connected to b: b reads the bus
    assert await _deliver_one(actor, cluster)
    actor.online_at["b"][3] = 0
    assert not await _deliver_one(actor, cluster)

    # a connection opens at b: from then on, before b's count comes, and for a while
    actor.opened_elsewhere()
    assert await _deliver_one(actor, cluster)
    await clock.advance(render.OPENING - 0.1)
    assert await _deliver_one(actor, cluster)
    await clock.advance(0.2)  # its count never came (it failed to open): back to this process alone
    assert not await _deliver_one(actor, cluster)
    assert [n for n, _ in cluster.sent] == [[n] for n in range(1, 9)]  # every frame once
