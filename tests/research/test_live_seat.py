"""A research agent at a live table: a policy registered as a bot level (the example
plugin's ``honest``) is seated with ``add_bot`` and plays a whole game through the same
adapter as in the simulator, the room's actor running on a fake clock; a level the
server does not run is refused."""

from __future__ import annotations

import json
import random

import onenight.research.example_plugin  # noqa: F401  (registers the "honest" level)
from onenight.bots.seats import BotSeats
from onenight.pubsub import MemoryPubSub
from onenight.rules import Phase
from onenight.session import events as ev
from onenight.session import protocol as P
from onenight.session.hub import Hub
from onenight.session.requests import Acked, Refused
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore

DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 2}


async def test_an_agent_level_plays_a_whole_game_at_a_live_table() -> None:
    clock, store = FakeClock(), MemoryStore()
    hub = Hub(store, MemoryPubSub(), random.Random(5), clock=clock, bot_seats=BotSeats)
    await hub.start()
    try:
        ann = await hub.create("ann")
        await hub.open(ann, None)
        await hub.presence(ann, +1)

        async def send(message: dict[str, object]) -> Acked | Refused:
            reply = await hub.command(ann, P.parse(json.dumps(message)))
            assert isinstance(reply, Acked | Refused)
            return reply

        unknown = await send({"type": "add_bot", "level": "nosuch"})
        assert isinstance(unknown, Refused) and unknown.code == "invalid"
        assert "honest" in unknown.message  # the refusal names the levels this server runs
        for _ in range(3):
            assert isinstance(await send({"type": "add_bot", "level": "honest"}), Acked)
        timers = {"deck": DECK, "turn": 2.0, "jitter": 0.0, "day": 30.0, "vote": 10.0}
        assert isinstance(await send({"type": "configure", **timers}), Acked)
        assert isinstance(await send({"type": "start"}), Acked)
        room = hub.rooms[ann.room].room
        play = room.play
        assert play is not None
        agents = [m.id for m in room.members.values() if m.bot == "honest"]
        assert len(agents) == 3
        for _ in range(200):
            if play.phase == Phase.END:
                break
            await clock.advance(1.0)
        assert play.phase == Phase.END and play.result is not None
        log = [ev.parse(e.kind, e.data) for e in await store.events(ann.room)]
        seats = {play.seat_of(m) for m in agents}
        voted = {e.seat for e in log if isinstance(e, ev.Voted)}
        assert seats <= voted  # every agent voted itself: none left to the random vote
        claimed = {e.seat for e in log if isinstance(e, ev.Claimed)}
        assert seats & claimed  # and the agents spoke in the day, through the adapter
    finally:
        await hub.stop()
