"""Where a room goes when its members are elsewhere (onenight.session.follow)."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace
from typing import Any

from onenight.cluster.local import LocalCluster
from onenight.pubsub import MemoryPubSub
from onenight.rules import Phase
from onenight.session import follow
from onenight.session.follow import Follower, where_most_are
from onenight.session.hub import Hub
from onenight.session.limits import Limits
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore


def test_the_room_goes_where_more_than_half_of_its_online_members_are() -> None:
    assert where_most_are({"a": {1: 1}, "b": {2: 1, 3: 1}}) == "b"
    assert where_most_are({"a": {1: 1, 2: 1}, "b": {3: 1, 4: 1}}) is None  # a tie: stays
    assert where_most_are({"a": {1: 1}, "b": {2: 1}, "c": {3: 1}}) is None
    # offline members (no connection left) do not count, wherever they were
    assert where_most_are({"a": {1: 1, 2: 0, 3: 0}, "b": {4: 1, 5: 1}}) == "b"
    # a member connected to two processes counts once in the whole, and on each
    assert where_most_are({"a": {1: 1, 2: 1}, "b": {2: 1, 3: 1, 4: 1}}) == "b"
    assert where_most_are({}) is None
    assert where_most_are({"a": {1: 0}}) is None


def test_members_offline_count_against_every_process() -> None:
    """Of 8 members, one connected to the room's first process and the others away (they
    are reconnecting): nowhere holds more than half, and the room stays."""
    assert where_most_are({"a": {1: 1}, "b": {2: 0, 3: 0}}, members=8) is None
    assert where_most_are({"a": {1: 1}, "b": {2: 1, 3: 1, 4: 1, 5: 1}}, members=8) is None
    assert where_most_are({"a": {1: 1}, "b": {m: 1 for m in range(2, 7)}}, members=8) == "b"
    # members connected to two processes at once: both hold more than half; the owner stays
    both = {"a": {1: 1, 2: 1}, "b": {1: 1, 2: 1}}
    assert where_most_are(both, members=2, owner="b") == "b"
    assert where_most_are(both, members=2, owner="a") == "a"


def _hub(shared: bool = True, follow: bool = True) -> Any:
    cluster = SimpleNamespace(shared=shared, me="a")
    limits = Limits(follow_members=follow)
    return SimpleNamespace(cluster=cluster, limits=limits, rooms={}, clock=FakeClock())


def _actor(
    hub: Any, phase: Phase | None, online_at: dict[str, dict[int, int]], bots: int = 0
) -> Any:
    """A room whose members are those of ``online_at``, and ``bots`` bots."""
    play = None if phase is None else SimpleNamespace(phase=phase)
    ids = {m for counts in online_at.values() for m in counts}
    members = {m: SimpleNamespace(gone=False, bot=None) for m in ids}
    members.update({100 + i: SimpleNamespace(gone=False, bot="basic") for i in range(bots)})
    room = SimpleNamespace(code="ROOMX", closed=False, play=play, members=members)
    actor = SimpleNamespace(room=room, online_at=online_at)
    hub.rooms["ROOMX"] = actor
    return actor


def _recording(hub: Any) -> tuple[Follower, list[str]]:
    """A follower whose hand-overs are recorded (where to), the room let go as a real one
    does, not sent anywhere."""
    follower = Follower(hub)
    moved: list[str] = []

    async def hand_over(actor: Any, to: str) -> None:
        moved.append(to)
        del hub.rooms[actor.room.code]

    follower._hand_over = hand_over  # type: ignore[method-assign]
    return follower, moved


async def _moves(hub: Any, actor: Any) -> list[str]:
    """Where ``check`` sends the room."""
    follower, moved = _recording(hub)
    follower.check(actor)
    await asyncio.sleep(0)
    await asyncio.gather(*follower.moving.values())
    return moved


async def test_the_owner_hands_the_room_over_only_out_of_the_night() -> None:
    elsewhere = {"a": {1: 1}, "b": {2: 1, 3: 1}}
    hub = _hub()
    assert await _moves(hub, _actor(hub, None, elsewhere)) == ["b"]  # the lobby
    assert await _moves(hub, _actor(hub, Phase.DAY, elsewhere)) == ["b"]
    assert await _moves(hub, _actor(hub, Phase.NIGHT, elsewhere)) == []
    assert await _moves(hub, _actor(hub, None, {"a": {1: 1, 2: 1}, "b": {3: 1}})) == []
    one = _hub(shared=False)
    assert await _moves(one, _actor(one, None, elsewhere)) == []
    off = _hub(follow=False)
    assert await _moves(off, _actor(off, None, elsewhere)) == []


async def test_offline_members_hold_the_room_and_bots_do_not() -> None:
    """The host is still connected to the room's first process while the others
    reconnect: the room does not go back to it. Bots never connect: they do not count."""
    hub = _hub()
    away = {"a": {2: 0, 3: 0, 4: 0}, "b": {1: 1}}  # a owns it; its players are away
    assert await _moves(hub, _actor(hub, None, away)) == []
    back = {"a": {2: 0, 3: 0, 4: 0}, "b": {1: 1, 5: 1, 6: 1, 7: 1}}  # 4 of 7 at b
    assert await _moves(hub, _actor(hub, None, back)) == ["b"]
    with_bots = {"a": {1: 1}, "b": {2: 1, 3: 1}}
    assert await _moves(hub, _actor(hub, None, with_bots, bots=5)) == ["b"]


async def test_a_room_new_to_its_owner_waits_before_it_moves_on() -> None:
    """At most one move in MOVE_GAP: a check that comes sooner is looked at again then."""
    hub = _hub()
    actor = _actor(hub, None, {"a": {1: 1}, "b": {2: 1, 3: 1}})
    follower, moved = _recording(hub)
    follower.owned("ROOMX")
    await hub.clock.advance(follow.MOVE_GAP / 4)
    follower.check(actor)
    await hub.clock.advance(follow.MOVE_GAP / 2)
    assert moved == []  # too soon
    await hub.clock.advance(follow.MOVE_GAP / 2)
    assert moved == ["b"]  # looked at again once the gap was over


async def test_a_room_that_should_move_at_night_moves_once_the_day_comes() -> None:
    """Its players all joined elsewhere just before the game began: the night keeps it
    where it is, and it moves in the day (not only at the next presence change)."""
    hub = _hub()
    actor = _actor(hub, Phase.NIGHT, {"a": {1: 1}, "b": {2: 1, 3: 1}})
    follower, moved = _recording(hub)
    follower.check(actor)
    await hub.clock.advance(3.5 * follow.MOVE_GAP)
    assert moved == []  # looked at three times: still the night
    actor.room.play.phase = Phase.DAY
    await hub.clock.advance(1.5 * follow.MOVE_GAP)
    assert moved == ["b"]
    follower.stop()


async def test_a_check_set_aside_during_a_hand_over_that_did_not_happen_is_made_after() -> None:
    """A presence change that comes while a hand-over waits for the room is set aside;
    the hand-over, once it has the room, finds the members changed meanwhile and does not
    happen. The room is looked at again when it ends, with what changed: it moves, and
    does not stay where it is until some later presence change (none may come)."""
    hub = _hub()
    actor = _actor(hub, None, {"a": {1: 1}, "b": {2: 1, 3: 1}})
    follower = Follower(hub)
    tried: list[str] = []
    lock = asyncio.Event()

    async def hand_over(actor: Any, to: str) -> None:
        tried.append(to)
        if len(tried) == 1:
            await lock.wait()  # then: "the members changed meanwhile", no move
        else:
            del hub.rooms[actor.room.code]  # handed over

    follower._hand_over = hand_over  # type: ignore[method-assign]
    follower.check(actor)
    await asyncio.sleep(0)
    assert tried == ["b"]
    actor.online_at["b"][4] = 1  # a fourth member joins at b meanwhile
    actor.room.members[4] = SimpleNamespace(gone=False, bot=None)
    follower.check(actor)  # set aside: a hand-over is under way
    await asyncio.sleep(0)
    assert tried == ["b"]
    lock.set()
    for _ in range(5):
        await asyncio.sleep(0)
    assert tried == ["b", "b"]  # looked at again once the first one ended
    await asyncio.gather(*follower.moving.values())
    assert follower.moving == {}


class _SharedHere(LocalCluster):
    """One process of a shared cluster, seen from inside: every free lease is its for the
    asking, and the members' connections are where ``online_at`` says."""

    shared = True  # type: ignore[assignment]

    def __init__(self, me: str, online_at: dict[str, dict[int, int]]) -> None:
        super().__init__(MemoryPubSub())
        self.me, self.online_at = me, online_at

    async def acquire(self, code: str) -> bool:
        return True

    async def online(self, code: str) -> dict[str, dict[int, int]]:
        return {p: dict(c) for p, c in self.online_at.items()}


async def test_a_room_taken_over_away_from_its_members_moves_on_to_them() -> None:
    """A hand-over from a to b raced: c took the free lease first (a loaded cluster test
    saw it). Most of the room's members are at b and none of them connects anew, so no
    presence change will come: the room is looked at when it is taken over, and goes on
    to b once it has been at c for MOVE_GAP, not when some later change comes."""
    store = MemoryStore()
    made = Hub(store, MemoryPubSub(), random.Random(1), clock=FakeClock())
    await made.start()
    ann = await made.create("ann")
    others = [await made.join(ann.room, name, False) for name in ("bob", "cy", "dee")]
    await made.stop()
    at_b = {s.member: 1 for s in others}
    clock = FakeClock()
    hub = Hub(
        store,
        MemoryPubSub(),
        random.Random(2),
        clock=clock,
        cluster=_SharedHere("c", {"a": {ann.member: 1}, "b": at_b}),
    )
    await hub.start()
    follower, moved = _recording(hub)
    hub.follower = follower
    try:
        assert await hub.take_over(ann.room)
        assert ann.room in hub.rooms and moved == []  # not at once: MOVE_GAP first
        await clock.advance(follow.MOVE_GAP)
        assert moved == ["b"]
    finally:
        await hub.stop()
