"""The host passes on (issue 36, point 1): a room never waits for a host who is not
there. A host who leaves or is kicked passes it at once, one away past the grace (the
tab closed, the phone asleep) after the grace, to the present player seated longest:
never a bot, a spectator or a TV. Everyone's room frame says who is host now and whom
it passed from; the host who comes back does not take it back."""

from __future__ import annotations

import random

from onenight.bots.seats import BotSeats
from onenight.pubsub import MemoryPubSub
from onenight.rules import Phase
from onenight.session import protocol as P
from onenight.session.hub import Hub, Session
from onenight.session.requests import Acked, Refused
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore

GRACE = 5.0
DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 1}


async def room_of(names: list[str], online: list[str]) -> tuple[Hub, FakeClock, dict[str, Session]]:
    """A room whose first name is its host; those in ``online`` are connected."""
    clock = FakeClock()
    hub = Hub(MemoryStore(), MemoryPubSub(), random.Random(3), clock=clock, bot_seats=BotSeats)
    await hub.start()
    people = {names[0]: await hub.create(names[0])}
    code = people[names[0]].room
    for name in names[1:]:
        people[name] = await hub.join(code, name, name.startswith("tv"))
    for name in online:
        await hub.open(people[name], None)
        await hub.presence(people[name], +1)
    settings = P.Configure(type="configure", grace=GRACE, turn=5, jitter=0, day=60, vote=10)
    assert isinstance(await hub.command(people[names[0]], settings), Acked)
    return hub, clock, people


def host_of(hub: Hub, who: Session) -> int | None:
    return hub.rooms[who.room].room.host


async def test_a_host_who_closes_the_tab_in_the_lobby_passes_it_after_the_grace() -> None:
    """Ann (host) goes; Bob was seated before Cy, so Bob is host after the grace, not
    before; then Ann's return does not give it back, and the frame says who and why."""
    hub, clock, p = await room_of(["ann", "bob", "cy"], ["ann", "bob", "cy"])
    try:
        await hub.presence(p["ann"], -1)
        await clock.advance(GRACE - 1)
        assert host_of(hub, p["ann"]) == p["ann"].member  # a reload is not a departure
        await clock.advance(2)
        assert host_of(hub, p["ann"]) == p["bob"].member
        await hub.presence(p["ann"], +1)
        await clock.advance(GRACE * 3)
        room = hub.rooms[p["ann"].room].room
        assert room.host == p["bob"].member
        assert room.host_passed == {"from": "ann", "member": p["bob"].member}
        refused = await hub.command(p["ann"], P.Start(type="start"))
        assert isinstance(refused, Refused) and refused.code == "not_host"
        assert isinstance(await hub.command(p["bob"], P.Start(type="start")), Acked)
    finally:
        await hub.stop()


async def test_a_host_back_within_the_grace_stays_host() -> None:
    hub, clock, p = await room_of(["ann", "bob"], ["ann", "bob"])
    try:
        await hub.presence(p["ann"], -1)
        await clock.advance(GRACE / 2)
        await hub.presence(p["ann"], +1)
        await clock.advance(GRACE * 2)
        assert host_of(hub, p["ann"]) == p["ann"].member
        assert hub.rooms[p["ann"].room].room.host_passed is None
    finally:
        await hub.stop()


async def test_the_heir_is_present_and_a_person_never_a_bot_a_spectator_or_a_tv() -> None:
    """Seated before Cy: a bot, Bob (offline), a TV (a spectator): Cy is the heir."""
    hub, clock, p = await room_of(["ann"], ["ann"])
    code = p["ann"].room
    try:
        bot = P.AddBot(type="add_bot", level="basic")
        assert isinstance(await hub.command(p["ann"], bot), Acked)
        p["bob"] = await hub.join(code, "bob", False)
        p["tv"] = await hub.join(code, "tv", True)
        p["cy"] = await hub.join(code, "cy", False)
        for name in ("tv", "cy"):
            await hub.open(p[name], None)
            await hub.presence(p[name], +1)
        await hub.presence(p["ann"], -1)
        await clock.advance(GRACE + 1)
        assert host_of(hub, p["ann"]) == p["cy"].member
    finally:
        await hub.stop()


async def test_nobody_present_keeps_the_host_until_a_player_comes() -> None:
    """Ann away with nobody else here: the host is not passed to someone absent; when
    Bob comes (Ann away past the grace long since) it passes to him at once."""
    hub, clock, p = await room_of(["ann", "bob"], ["ann"])
    try:
        await hub.presence(p["ann"], -1)
        await clock.advance(GRACE * 4)
        assert host_of(hub, p["ann"]) == p["ann"].member
        await hub.open(p["bob"], None)
        await hub.presence(p["bob"], +1)
        assert host_of(hub, p["ann"]) == p["bob"].member
    finally:
        await hub.stop()


async def test_a_host_who_leaves_passes_it_at_once_to_a_present_player() -> None:
    """Bob is seated before Cy but is away: Ann leaving makes Cy host, not Bob."""
    hub, _, p = await room_of(["ann", "bob", "cy"], ["ann", "cy"])
    try:
        assert isinstance(await hub.command(p["ann"], P.Leave(type="leave")), Acked)
        room = hub.rooms[p["cy"].room].room
        assert room.host == p["cy"].member
        assert room.host_passed == {"from": "ann", "member": p["cy"].member}
    finally:
        await hub.stop()


async def test_a_host_away_at_night_by_day_at_the_vote_and_at_the_result() -> None:
    """In each phase of a game the host's closed tab passes the host on after the grace;
    at the result the new host can rematch (the room that stalled in the issue)."""
    for phase in (Phase.NIGHT, Phase.DAY, Phase.VOTE, Phase.END):
        hub, clock, p = await room_of(["ann", "bob", "cy"], ["ann", "bob", "cy"])
        try:
            room = hub.rooms[p["ann"].room].room
            assert isinstance(await hub.command(p["ann"], P.Start(type="start")), Acked)
            for _ in range(200):
                if room.phase == phase:
                    break
                if room.phase == Phase.DAY:
                    await hub.command(p["ann"], P.EndDay(type="end_day"))
                else:
                    await clock.advance(1)
            assert room.phase == phase
            await hub.presence(p["ann"], -1)
            await clock.advance(GRACE + 0.5)
            assert room.host == p["bob"].member, phase
            while room.phase != Phase.END:
                await clock.advance(5)
            assert isinstance(await hub.command(p["bob"], P.Rematch(type="rematch")), Acked)
            assert room.host_passed is None  # said until the next game starts
        finally:
            await hub.stop()
