"""The replay has the day (issue 36, point 7): once the game is over, its result carries
the day's talk in the order it was said — the public lines, the claims, and each whisper
as only that A whispered to B (never its words) — each with its time since dawn; the
talk at the result, after the vote, is not the day's."""

from __future__ import annotations

import json
import random

import pytest

from onenight.pubsub import MemoryPubSub
from onenight.rules import Phase
from onenight.session import protocol as P
from onenight.session.errors import BadMessage
from onenight.session.hub import Hub
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore

DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 1}


async def test_the_result_tells_the_days_talk_in_order_with_whispers_as_whispered() -> None:
    clock = FakeClock()
    hub = Hub(MemoryStore(), MemoryPubSub(), random.Random(3), clock=clock)
    await hub.start()
    try:
        ann = await hub.create("ann")
        await hub.open(ann, None)
        others = [await hub.join(ann.room, name, False) for name in ("bob", "cat")]
        for s in others:
            await hub.open(s, None)
        bob, cat = others
        await hub.command(ann, P.Configure(type="configure", deck=DECK, turn=2.0, jitter=0.0))
        await hub.command(ann, P.Start(type="start"))
        play = hub.rooms[ann.room].room.play
        assert play is not None
        while play.phase == Phase.NIGHT:
            await clock.advance(max(0.1, play.deadline - clock.now()))
        seats = {s.member: play.seats.index(s.member) for s in (ann, bob, cat)}
        await clock.advance(3)
        await hub.command(ann, P.Chat(type="chat", text="hello all"))
        await clock.advance(2)
        cat_seat = seats[cat.member]
        await hub.command(bob, P.Whisper(type="whisper", to=cat_seat, text="psst: it is ann"))
        await clock.advance(2)
        seer = {"type": "i_am", "role": "seer"}
        await hub.command(cat, P.ClaimMsg(type="claim", claim=seer))
        with pytest.raises(BadMessage):  # no result (and no day's talk) before the end
            await hub.result(ann.room)
        await hub.command(ann, P.EndDay(type="end_day"))
        for s in (ann, bob, cat):
            target = (seats[s.member] + 1) % 3
            await hub.command(s, P.VoteMsg(type="vote", target=target))
        await clock.settle()
        assert play.phase == Phase.END
        await clock.advance(1)
        await hub.command(ann, P.Chat(type="chat", text="good game"))  # at the result
        day = (await hub.result(ann.room))["day"]
        assert isinstance(day, list)
        kinds = [(e["type"], e.get("name") or e.get("names") or e.get("seat")) for e in day]
        assert kinds == [
            ("chat", "ann"),
            ("whispered", ["bob", "cat"]),
            ("claim", cat_seat),
        ], kinds
        assert day[0]["text"] == "hello all"
        assert "psst" not in json.dumps(day)  # a whisper's words stay its two ends'
        assert day[2]["claim"] == seer
        times = [e["t"] for e in day]
        assert times == sorted(times) and 3.0 <= times[0] <= 4.0, times
        assert all("good game" not in json.dumps(e) for e in day)
    finally:
        await hub.stop()
