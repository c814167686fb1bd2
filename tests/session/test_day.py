"""The day in process, on a fake clock: "ready to vote", the talk of earlier games, and
what a turn where nobody chooses teaches in its own frame.

The room's actor runs as the server runs it (hub, store, pub/sub, bots); the frames a
member was sent are read from what the actor keeps for a resume.
"""

from __future__ import annotations

import json
import random
from typing import Any

from onenight.bots.seats import BotSeats
from onenight.pubsub import MemoryPubSub
from onenight.rules import Phase
from onenight.session import events as ev
from onenight.session import protocol as P
from onenight.session.actor import RoomActor
from onenight.session.hub import Hub, Session
from onenight.session.requests import Acked, Refused
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore

TURN, JITTER, DAY, VOTE, GRACE = 5.0, 1.0, 600.0, 20.0, 30.0
DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 1}


class Room:
    """A hub on a fake clock with a room of players, all connected."""

    def __init__(self, hub: Hub, clock: FakeClock, store: MemoryStore) -> None:
        self.hub, self.clock, self.store = hub, clock, store
        self.seated: list[Session] = []

    @classmethod
    async def of(cls, names: list[str], deck: dict[str, int] = DECK) -> Room:
        clock, store = FakeClock(), MemoryStore()
        hub = Hub(store, MemoryPubSub(), random.Random(5), clock=clock, bot_seats=BotSeats)
        await hub.start()
        t = cls(hub, clock, store)
        host = await hub.create(names[0])
        t.seated.append(host)
        for name in names[1:]:
            t.seated.append(await hub.join(host.room, name, False))
        for s in t.seated:
            await t.connect(s)
        settings: dict[str, Any] = {"turn": TURN, "jitter": JITTER, "day": DAY, "vote": VOTE}
        await t.ok(host, {"type": "configure", "deck": deck, "grace": GRACE, **settings})
        return t

    @property
    def actor(self) -> RoomActor:
        return self.hub.rooms[self.seated[0].room]

    @property
    def play(self) -> Any:
        return self.actor.room.play

    async def connect(self, s: Session) -> None:
        await self.hub.open(s, None)
        await self.hub.presence(s, +1)

    async def send(self, s: Session, message: dict[str, Any]) -> Acked | Refused:
        return await self.hub.command(s, P.message_adapter.validate_python(message))

    async def ok(self, s: Session, message: dict[str, Any]) -> dict[str, Any]:
        reply = await self.send(s, message)
        assert isinstance(reply, Acked), reply
        return reply.fields

    async def refused(self, s: Session, message: dict[str, Any]) -> str:
        reply = await self.send(s, message)
        assert isinstance(reply, Refused), reply
        return reply.code

    async def to_day(self) -> None:
        """Start a game and let the clock play the night (nobody chooses)."""
        await self.ok(self.seated[0], {"type": "start"})
        await self.until(Phase.DAY)

    async def until(self, phase: Phase) -> None:
        for _ in range(200):
            if self.play.phase == phase:
                return
            await self.clock.advance(self.play.deadline - self.clock.now())
        raise AssertionError(f"never reached the {phase}")

    def frames(self, s: Session, kind: str) -> list[dict[str, Any]]:
        """The frames of this kind the member was sent (the last ones kept)."""
        kept = self.actor.kept.get(s.member, ())
        return [json.loads(f.text) for f in kept if f.kind == kind]

    async def kinds(self) -> list[str]:
        return [e.kind for e in await self.store.events(self.seated[0].room)]

    async def stop(self) -> None:
        await self.hub.stop()


# ----- ready to vote ------------------------------------------------------------------


async def test_the_vote_opens_when_every_player_is_ready() -> None:
    t = await Room.of(["ann", "bob", "cy"])
    ann, bob, cy = t.seated
    try:
        assert await t.refused(bob, {"type": "ready"}) == "out_of_phase"  # the lobby
        await t.to_day()
        day_deadline = t.play.deadline
        assert await t.ok(bob, {"type": "ready"}) == {"ready": [1]}
        assert t.play.phase == Phase.DAY
        assert t.frames(cy, "state")[-1]["ready"] == [1]  # everyone sees who is ready
        # bob takes it back, then says it again: still the day.
        assert await t.ok(bob, {"type": "ready", "ready": False}) == {"ready": []}
        await t.ok(bob, {"type": "ready"})
        await t.ok(cy, {"type": "ready"})
        assert t.play.phase == Phase.DAY  # the host has not said it yet
        assert t.frames(ann, "state")[-1]["ready"] == [1, 2]
        now = t.clock.now()
        await t.ok(ann, {"type": "ready"})  # the last one: the vote opens at once
        assert t.play.phase == Phase.VOTE
        assert t.play.deadline == now + VOTE and t.play.deadline < day_deadline
        assert "ready" not in t.frames(bob, "state")[-1]  # a day's field only
        log = await t.kinds()
        i = log.index("vote_open")  # stored with ann's ready, before its answer
        assert log.count("ready") == 5 and log[i - 1 : i + 2] == ["ready", "vote_open", "answered"]
        assert await t.refused(bob, {"type": "ready"}) == "out_of_phase"
    finally:
        await t.stop()


async def test_ready_is_stored_and_a_replayed_room_knows_it() -> None:
    t = await Room.of(["ann", "bob", "cy"])
    ann, bob, _ = t.seated
    try:
        await t.to_day()
        await t.ok(bob, {"type": "ready"})
        stored = [e for e in await t.store.events(ann.room) if e.kind == "ready"]
        assert [(e.data["seat"], e.data["ready"]) for e in stored] == [(1, True)]
        from onenight.session.room import Room as RoomState

        again = RoomState(ann.room)
        for e in await t.store.events(ann.room):
            again.apply(ev.parse(e.kind, e.data), e.at)
        assert again.play is not None and again.play.ready == {1}
    finally:
        await t.stop()


async def test_only_players_say_they_are_ready_and_the_host_keeps_the_end_of_the_day() -> None:
    t = await Room.of(["ann", "bob", "cy"])
    ann, bob, _ = t.seated
    try:
        watcher = await t.hub.join(ann.room, "eve", True)
        await t.connect(watcher)
        await t.ok(ann, {"type": "start"})
        assert await t.refused(bob, {"type": "ready"}) == "out_of_phase"  # the night
        await t.until(Phase.DAY)
        assert await t.refused(watcher, {"type": "ready"}) == "not_player"
        assert await t.refused(bob, {"type": "end_day"}) == "not_host"
        await t.ok(bob, {"type": "ready"})
        await t.ok(ann, {"type": "end_day"})  # cy is not ready: the host ends the day
        assert t.play.phase == Phase.VOTE
    finally:
        await t.stop()


async def test_bots_and_a_player_away_past_the_grace_are_not_waited_for() -> None:
    t = await Room.of(["ann", "bob"])
    ann, bob = t.seated
    try:
        fields = await t.ok(ann, {"type": "add_bot", "level": "basic"})
        assert fields["member"]
        await t.to_day()
        await t.ok(ann, {"type": "ready"})
        assert t.play.phase == Phase.DAY  # bob is still at the table
        await t.hub.presence(bob, -1)  # bob's phone goes to sleep
        await t.clock.advance(GRACE - 1)
        assert t.play.phase == Phase.DAY  # within the grace, the day waits for him
        await t.clock.advance(2)  # a bot plays his seat now: everyone left is ready
        assert t.play.phase == Phase.VOTE
        log = await t.kinds()
        assert log.index("stand_in") < log.index("vote_open")
    finally:
        await t.stop()


async def test_the_vote_opens_when_the_one_not_ready_leaves() -> None:
    t = await Room.of(["ann", "bob", "cy"])
    ann, bob, cy = t.seated
    try:
        await t.to_day()
        await t.ok(ann, {"type": "ready"})
        await t.ok(bob, {"type": "ready"})
        assert t.play.phase == Phase.DAY
        await t.ok(cy, {"type": "leave"})
        assert t.play.phase == Phase.VOTE
    finally:
        await t.stop()


# ----- the talk of earlier games ------------------------------------------------------


async def test_each_game_talk_is_kept_and_whispers_stay_private_by_member() -> None:
    t = await Room.of(["ann", "bob", "cy"])
    ann, bob, cy = t.seated
    try:
        await t.ok(ann, {"type": "chat", "text": "hello lobby"})
        await t.to_day()
        await t.ok(bob, {"type": "chat", "text": "I am the seer"})
        await t.ok(ann, {"type": "whisper", "to": 1, "text": "psst bob"})
        whispered = t.frames(cy, "whispered")[-1]
        assert whispered["names"] == ["ann", "bob"] and "text" not in whispered
        await t.ok(ann, {"type": "end_day"})
        await t.until(Phase.END)
        await t.ok(cy, {"type": "chat", "text": "good game"})  # the lobby after the game
        # bob leaves, dan joins: cy sits at seat 1 now, where bob sat in game 1.
        await t.ok(bob, {"type": "leave"})
        dan = await t.hub.join(ann.room, "dan", False)
        await t.connect(dan)
        await t.ok(ann, {"type": "rematch"})
        await t.until(Phase.DAY)
        await t.ok(cy, {"type": "chat", "text": "game two"})
        for s in (ann, cy, dan):
            await t.hub.presence(s, -1)
            await t.connect(s)  # a reload by day: the full view, the whole log
        ann_log = t.frames(ann, "log")[-1]["entries"]
        said = [(e["game"], e["type"], e.get("text")) for e in ann_log]
        assert said == [
            (0, "chat", "hello lobby"),
            (1, "chat", "I am the seer"),
            (1, "whisper", "psst bob"),
            (1, "chat", "good game"),
            (2, "chat", "game two"),
        ]
        assert ann_log[2]["names"] == ["ann", "bob"]
        # The whisper was to bob, not to whoever sits at his seat now.
        assert t.play.seats == [ann.member, cy.member, dan.member]
        for s in (cy, dan):
            entries = t.frames(s, "log")[-1]["entries"]
            types = [e["type"] for e in entries if e["game"] == 1]
            assert types == ["chat", "whispered", "chat"]
            assert "psst" not in json.dumps(entries)
    finally:
        await t.stop()


async def test_a_reload_at_night_gets_the_earlier_talk_when_the_day_begins() -> None:
    t = await Room.of(["ann", "bob", "cy"])
    ann, bob, cy = t.seated
    try:
        await t.to_day()
        await t.ok(bob, {"type": "chat", "text": "from game one"})
        await t.ok(ann, {"type": "end_day"})
        await t.until(Phase.END)
        await t.ok(ann, {"type": "rematch"})
        await t.clock.advance(TURN + 0.5)  # into the night's first turn
        assert t.play.phase == Phase.NIGHT
        await t.hub.presence(cy, -1)
        await t.connect(cy)  # cy reloads at night: a log of the game's talk only
        night_log = t.frames(cy, "log")[-1]
        assert night_log["entries"] == [] and len(night_log["pad"]) > 0
        sizes = {len(f.text.encode()) for f in t.actor.kept[cy.member] if f.night}
        assert sizes == {t.play.frame_size}  # every night frame of one size, the log too
        before = dict(t.actor.numbers)
        await t.until(Phase.DAY)

        def logs_since(s: Session) -> list[dict[str, Any]]:
            kept = t.actor.kept[s.member]
            return [json.loads(f.text) for f in kept if f.kind == "log" and f.n > before[s.member]]

        # The earlier talk, now that it is day, to cy; bob has it already.
        assert [[e["text"] for e in f["entries"]] for f in logs_since(cy)] == [["from game one"]]
        assert logs_since(bob) == []
    finally:
        await t.stop()


# ----- a turn where nobody chooses ----------------------------------------------------


async def test_the_insomniac_sees_her_card_in_her_own_turn_in_a_frame_of_one_size() -> None:
    deck = {"werewolf": 2, "insomniac": 1, "seer": 1, "villager": 2}
    for seed in range(40):
        t = await Room.of(["ann", "bob", "cy"], deck)
        try:
            t.actor.deps.rng.seed(seed)
            await t.ok(t.seated[0], {"type": "start"})
            cards = t.play.game.setup.cards
            if "insomniac" not in cards:
                continue
            seat = cards.index("insomniac")
            her = next(s for s in t.seated if s.member == t.play.seats[seat])
            turns = t.play.game.turns
            mine = next(i for i, turn in enumerate(turns) if turn.name == "insomniac")
            while t.play.turn < mine:
                await t.clock.advance(t.play.deadline - t.clock.now())
            opening = t.frames(her, "state")[-1]
            assert opening["turn"] == mine and opening["decision"] is None
            assert opening["learned"] == [{"at": mine, "saw": seat, "card": "insomniac"}]
            # Everyone's frame of that turn is of the one size; the others learn nothing.
            for s in t.seated:
                frame = t.actor.kept[s.member][-1]
                assert frame.night and len(frame.text.encode()) == t.play.frame_size
                if s is not her:
                    assert all(f["at"] < mine for f in json.loads(frame.text)["learned"])
            # A turn with a chooser still teaches in the next turn's frame: the Seer's
            # turn (before hers) opened with no fact of its own.
            seer = next(i for i, turn in enumerate(turns) if turn.name == "seer")
            for s in t.seated:
                opened = next(f for f in t.frames(s, "state") if f["turn"] == seer)
                assert all(f["at"] < seer for f in opened["learned"])
            return
        finally:
            await t.stop()
    raise AssertionError("no deal gave a player the Insomniac")
