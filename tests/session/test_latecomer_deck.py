"""A latecomer and the next game's deck (issue 36, point 2): the edition's default deck
(``default_deck``) follows the seats, so a player who joined during a game is dealt in
by the rematch; a deck the host chose by hand is not changed behind their back."""

from __future__ import annotations

import random

from onenight.pubsub import MemoryPubSub
from onenight.rules import Phase
from onenight.session import protocol as P
from onenight.session.hub import Hub, Session
from onenight.session.requests import Acked, Refused
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore

DECK3 = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 1}


async def a_game_with_a_latecomer(
    deck: P.Configure,
) -> tuple[Hub, FakeClock, list[Session]]:
    """Three players start a game with ``deck``; dan joins by day; the game ends."""
    clock = FakeClock()
    hub = Hub(MemoryStore(), MemoryPubSub(), random.Random(5), clock=clock)
    await hub.start()
    ann = await hub.create("ann")
    people = [ann, await hub.join(ann.room, "bob", False), await hub.join(ann.room, "cy", False)]
    timers = P.Configure(type="configure", turn=1, jitter=0, day=30, vote=5, grace=600)
    for msg in (P.Configure(type="configure", deck=DECK3), deck, timers):
        assert isinstance(await hub.command(ann, msg), Acked)
    assert isinstance(await hub.command(ann, P.Start(type="start")), Acked)
    room = hub.rooms[ann.room].room
    while room.phase != Phase.DAY:
        await clock.advance(1)
    people.append(await hub.join(ann.room, "dan", False))
    assert room.play is not None and len(room.play.seats) == 3  # dan waits
    while room.phase != Phase.END:
        await clock.advance(5)
    return hub, clock, people


async def test_the_editions_deck_grows_for_a_latecomer_at_the_rematch() -> None:
    choose = P.Configure(type="configure", edition="ultimate", default_deck=True)
    hub, _, people = await a_game_with_a_latecomer(choose)
    try:
        room = hub.rooms[people[0].room].room
        assert room.settings.deck is None
        assert isinstance(await hub.command(people[0], P.Rematch(type="rematch")), Acked)
        assert room.play is not None and room.play.names == ["ann", "bob", "cy", "dan"]
        assert len(room.play.deck) == 4 + 3  # a card for each player, three in the center
    finally:
        await hub.stop()


async def test_a_deck_chosen_by_hand_is_kept_and_the_rematch_says_why_not() -> None:
    keep = P.Configure(type="configure", default_deck=False)  # false: as it is
    hub, _, people = await a_game_with_a_latecomer(keep)
    try:
        room = hub.rooms[people[0].room].room
        assert room.settings.deck == DECK3
        refused = await hub.command(people[0], P.Rematch(type="rematch"))
        assert isinstance(refused, Refused) and refused.code == "bad_deck"
        assert "4 players" in refused.message and "need 7 cards" in refused.message
        assert room.play is not None and room.play.phase == Phase.END  # nothing changed
    finally:
        await hub.stop()
