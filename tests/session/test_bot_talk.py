"""Bots talk like players (docs/bots.md, "How bots talk"): a whole day in process on a
fake clock, a person at the table with four bots, read from the person's screen (the
frames it gets) and the room's log."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from onenight.bots.seats import BotSeats
from onenight.cluster import channel
from onenight.pubsub import MemoryPubSub, Subscription
from onenight.rules import Phase
from onenight.session import protocol as P
from onenight.session.hub import Hub, Session
from onenight.session.room import Room
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore

DAY, VOTE = 60.0, 15.0
DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 2, "insomniac": 1}
LEVELS = ("basic", "reasoner", "random", "basic")

#: How each language says "X is lying", "I am not a Werewolf" and "I was robbed, then".
LYING = {"en": "ann is lying", "fr": "ann ment", "ja": "annさんは私のカード"}
DENY = {"en": "I am not a Werewolf, ann!", "fr": "Je ne suis pas un Loup-Garou, ann !",
        "ja": "annさん、私は人狼ではありません！"}  # fmt: skip
ROBBED = {"en": "I was robbed, then", "fr": "on me l'a volée", "ja": "それなら今の私は"}


@dataclass
class Table:
    hub: Hub
    clock: FakeClock
    store: MemoryStore
    ann: Session
    sub: Subscription
    frames: list[dict[str, Any]] = field(default_factory=list)

    @property
    def room(self) -> Room:
        return self.hub.rooms[self.ann.room].room

    async def read(self) -> list[dict[str, Any]]:
        """The frames ann got so far, decoded."""
        while self.sub.pending():
            frame = await anext(aiter(self.sub))
            self.frames.append(json.loads(frame.text))
        return self.frames

    def lines(self) -> list[dict[str, Any]]:
        """The chat lines of the game so far (the log: each with its seat and time)."""
        play = self.room.play
        assert play is not None
        return [e for e in play.log if e["type"] == "chat"]

    async def claim(self, claim: dict[str, Any]) -> None:
        assert (await self.hub.command(self.ann, P.ClaimMsg(type="claim", claim=claim))).kind
        await self.clock.settle()


async def dawn(lang: str = "en", seed: int = 7) -> Table:
    """ann and four bots (seats 1–4: basic, reasoner, random, basic), at dawn."""
    clock, store = FakeClock(), MemoryStore()
    hub = Hub(store, MemoryPubSub(), random.Random(seed), clock=clock, bot_seats=BotSeats)
    await hub.start()
    ann = await hub.create("ann")
    await hub.open(ann, None)
    await hub.presence(ann, +1)
    sub = await hub.pubsub.subscribe([channel(ann.room, ann.member)])
    for level in LEVELS:
        await hub.command(ann, P.AddBot(type="add_bot", level=level))  # type: ignore[arg-type]
    settings: dict[str, Any] = {"deck": DECK, "turn": 5.0, "jitter": 1.0, "day": DAY}
    await hub.command(ann, P.Configure(type="configure", lang=lang, vote=VOTE, **settings))
    await hub.command(ann, P.Start(type="start"))
    t = Table(hub, clock, store, ann, sub)
    play = t.room.play
    assert play is not None
    while play.phase == Phase.NIGHT:
        await hub.command(ann, P.Nothing(type="nothing"))
        await clock.advance(play.deadline - clock.now())
    assert play.phase == Phase.DAY
    return t


def said_by(t: Table, seat: int, after: float = 0.0) -> list[str]:
    return [e["text"] for e in t.lines() if e["seat"] == seat and e["at"] > after]


def claimed_role(t: Table, seat: int) -> str | None:
    play = t.room.play
    assert play is not None
    roles = [
        e["claim"]["role"]
        for e in play.log
        if e["type"] == "claim" and e["seat"] == seat and e["claim"]["type"] == "i_am"
    ]
    return roles[0] if roles else None


async def test_each_line_of_talk_reaches_a_player_once() -> None:
    """A bot's claims and the sentence that says them are each a frame of their own:
    nobody reads the same line twice (they were the last line, once per event)."""
    t = await dawn()
    try:
        await t.clock.advance(20)
        frames = await t.read()
        chats = [f["text"] for f in frames if f["type"] == "chat"]
        claims = [(f["seat"], json.dumps(f["claim"])) for f in frames if f["type"] == "claim"]
        assert chats and claims
        assert len(chats) == len(set(chats))
        play = t.room.play
        assert play is not None
        logged = [(e["seat"], json.dumps(e["claim"])) for e in play.log if e["type"] == "claim"]
        assert claims == logged
    finally:
        await t.hub.stop()
