"""Voice: who hears whom is the server's rule (docs/voice.md), played in process on a
fake clock — the room's actor as the server runs it, frames read off each member's
channel as its page would get them."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from onenight.cluster import channel
from onenight.pubsub import MemoryPubSub
from onenight.pubsub.base import Subscription
from onenight.rules import Phase
from onenight.session import events as ev
from onenight.session import protocol as P
from onenight.session.hub import Hub, Session
from onenight.session.requests import Acked, Refused
from onenight.session.room import Room
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore

TURN, DAY, VOTE = 2.0, 60.0, 10.0
DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 2}
SDP = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n"


class Table:
    """Three players (ann hosts), a spectator (sam) and a bot, all connected."""

    def __init__(self) -> None:
        self.clock, self.store = FakeClock(), MemoryStore()
        self.hub = Hub(self.store, MemoryPubSub(), random.Random(3), clock=self.clock)
        self.subs: dict[int, Subscription] = {}
        self.frames: dict[int, list[dict[str, Any]]] = {}

    async def seat(self) -> list[Session]:
        await self.hub.start()
        ann = await self.hub.create("ann")
        bob = await self.hub.join(ann.room, "bob", False)
        cy = await self.hub.join(ann.room, "cy", False)
        sam = await self.hub.join(ann.room, "sam", True)
        for s in (ann, bob, cy, sam):
            self.subs[s.member] = await self.hub.pubsub.subscribe([channel(s.room, s.member)])
            self.frames[s.member] = []
            await self.hub.open(s, None)
            await self.hub.presence(s, +1)
        await self.ok(ann, {"type": "add_bot", "level": "random"})
        timers = {"deck": DECK, "turn": TURN, "jitter": 0.5, "day": DAY, "vote": VOTE}
        await self.ok(ann, {"type": "configure", **timers})
        return [ann, bob, cy, sam]

    @property
    def room(self) -> Room:
        return next(iter(self.hub.rooms.values())).room

    async def send(self, s: Session, message: dict[str, Any]) -> Acked | Refused:
        reply = await self.hub.command(s, P.parse(json.dumps(message)))
        assert isinstance(reply, Acked | Refused)
        return reply

    async def ok(self, s: Session, message: dict[str, Any]) -> Acked:
        reply = await self.send(s, message)
        assert isinstance(reply, Acked), reply
        return reply

    async def refused(self, s: Session, message: dict[str, Any]) -> str:
        reply = await self.send(s, message)
        assert isinstance(reply, Refused), reply
        return str(reply.code)

    async def read(self) -> dict[int, list[dict[str, Any]]]:
        """Every frame each member got since the last read, in order."""
        got: dict[int, list[dict[str, Any]]] = {}
        for member, sub in self.subs.items():
            got[member] = []
            while sub.pending():
                frame = await anext(aiter(sub))
                got[member].append(json.loads(frame.text))
            self.frames[member] += got[member]
        return got

    def voice(self, member: int) -> dict[str, Any]:
        """The voice rule as this member's page knows it now (its last room or voice frame)."""
        for frame in reversed(self.frames[member]):
            if frame["type"] == "voice":
                return {k: v for k, v in frame.items() if k not in ("type", "n", "pad")}
            if frame["type"] == "room":
                return dict(frame["voice"])
        raise AssertionError("no voice rule received")

    async def day(self) -> None:
        play = self.room.play
        assert play is not None
        while play.phase == Phase.NIGHT:
            await self.clock.advance(play.deadline - self.clock.now())

    async def close(self) -> None:
        for sub in self.subs.values():
            await sub.close()
        await self.hub.stop()


@pytest.fixture
async def table() -> Any:
    t = Table()
    yield t
    await t.close()


def reach(t: Table, member: int) -> dict[int, list[int]]:
    return {int(k): v for k, v in t.voice(member)["reach"].items()}


async def test_the_lobby_every_player_hears_every_player_and_spectators_only_if_allowed(
    table: Table,
) -> None:
    ann, bob, cy, sam = await table.seat()
    await table.read()
    players = [ann.member, bob.member, cy.member]
    expected = {p: [q for q in players if q != p] for p in players}
    for m in (*players, sam.member):  # the same rule for everyone, the bot speaks for nobody
        assert reach(table, m) == expected

    await table.ok(ann, {"type": "configure", "spectators_hear": True})
    await table.read()
    for m in (*players, sam.member):
        assert reach(table, m) == {p: [*expected[p], sam.member] for p in players}
    assert sam.member not in reach(table, ann.member)  # a spectator never speaks
    assert await table.refused(bob, {"type": "configure", "spectators_hear": False}) == "not_host"


async def test_the_night_silences_everyone_and_no_voice_frame_stands_in_it(table: Table) -> None:
    ann, bob, cy, sam = await table.seat()
    await table.ok(ann, {"type": "voice_whisper", "to": bob.member})
    await table.read()
    await table.ok(ann, {"type": "start"})
    play = table.room.play
    assert play is not None
    night = await table.read()
    for m, frames in night.items():  # the deal's room frame says it: nobody, for everyone
        assert reach(table, m) == {} and table.voice(m)["whispers"] == []
        assert frames[0]["type"] == "room" and frames[1]["type"] == "state"
    assert await table.refused(ann, {"type": "voice_whisper", "to": bob.member}) == "no_voice"
    offer = {"type": "signal", "to": bob.member, "kind": "offer", "sdp": SDP}
    assert await table.refused(ann, offer) == "no_voice"

    await table.day()
    frames = await table.read()
    players = [ann.member, bob.member, cy.member]
    for m in (*players, sam.member):
        kinds = [f["type"] for f in frames[m]]
        # the night's last frames, then the day's state, then the voice opens: after it
        assert kinds[-1] == "voice" and kinds[-2] == "state", kinds
        assert frames[m][-2]["phase"] == "day"
        night_kinds = {f["type"] for f in frames[m][:-2]}
        assert night_kinds <= {"state"}, night_kinds
        assert reach(table, m) == {p: [q for q in players if q != p] for p in players}


async def test_a_voice_whisper_reaches_its_target_alone_and_everyone_sees_it(
    table: Table,
) -> None:
    ann, bob, cy, sam = await table.seat()
    await table.ok(ann, {"type": "start"})
    await table.day()
    await table.read()
    await table.ok(ann, {"type": "voice_whisper", "to": cy.member})
    await table.read()
    for m in (ann.member, bob.member, cy.member, sam.member):
        assert reach(table, m)[ann.member] == [cy.member]
        assert reach(table, m)[bob.member] == [ann.member, cy.member]  # bob still heard by all
        assert table.voice(m)["whispers"] == [{"from": ann.member, "to": cy.member}]
    # ann and bob still talk (bob is heard by ann), bob's page may offer to ann
    offer = {"type": "signal", "to": ann.member, "kind": "offer", "sdp": SDP}
    await table.ok(bob, offer)
    relayed = (await table.read())[ann.member]
    assert relayed[-1] | {"n": 0} == {
        "type": "signal",
        "from": bob.member,
        "kind": "offer",
        "sdp": SDP,
        "n": 0,
    }
    assert await table.refused(ann, {"type": "voice_whisper", "to": ann.member}) == "bad_member"
    assert await table.refused(sam, {"type": "voice_whisper", "to": ann.member}) == "not_player"

    await table.ok(ann, {"type": "voice_whisper"})  # lets go
    await table.read()
    assert reach(table, bob.member)[ann.member] == [bob.member, cy.member]
    assert table.voice(bob.member)["whispers"] == []
    log = [e.kind for e in await table.store.events(ann.room)]
    assert log.count("voice_whisper") == 2  # stored, as every change of the rule's inputs


async def test_signals_go_only_between_members_the_rule_lets_talk(table: Table) -> None:
    ann, bob, cy, sam = await table.seat()
    bot = next(m.id for m in table.room.members.values() if m.bot)
    offer = {"type": "signal", "kind": "offer", "sdp": SDP}
    assert await table.refused(ann, {**offer, "to": 999}) == "bad_member"  # a stranger
    assert await table.refused(ann, {**offer, "to": bot}) == "bad_member"  # bots have no voice
    assert await table.refused(ann, {**offer, "to": ann.member}) == "bad_member"
    # a spectator neither offers nor is offered to while spectators may not hear
    assert await table.refused(sam, {**offer, "to": ann.member}) == "no_voice"
    assert await table.refused(ann, {**offer, "to": sam.member}) == "no_voice"
    hangup = {"type": "signal", "kind": "hangup"}  # nor a hangup, which asks for an offer
    assert await table.refused(sam, {**hangup, "to": ann.member}) == "no_voice"
    assert await table.refused(ann, {**hangup, "to": sam.member}) == "no_voice"
    await table.ok(ann, {"type": "configure", "spectators_hear": True})
    await table.ok(ann, {**offer, "to": sam.member})
    answer = {"type": "signal", "to": ann.member, "kind": "answer", "sdp": SDP}
    await table.ok(sam, answer)  # a spectator answers the player who reaches it
    assert await table.refused(sam, {**offer, "to": ann.member}) == "no_voice"
    got = await table.read()
    assert [f["kind"] for f in got[sam.member] if f["type"] == "signal"] == ["offer"]
    assert [f["kind"] for f in got[ann.member] if f["type"] == "signal"] == ["answer"]
    assert not any(f["type"] == "signal" for f in got[bob.member] + got[cy.member])
    # nothing about it is stored: signalling changes nothing in the room
    assert "signal" not in {e.kind for e in await table.store.events(ann.room)}


async def test_an_ended_game_lets_every_player_speak_and_a_new_game_forgets_whispers(
    table: Table,
) -> None:
    ann, bob, cy, _ = await table.seat()
    await table.ok(ann, {"type": "start"})
    await table.day()
    await table.ok(bob, {"type": "voice_whisper", "to": ann.member})
    await table.clock.advance(DAY + VOTE + 1)
    play = table.room.play
    assert play is not None and play.phase == Phase.END
    await table.read()
    players = [ann.member, bob.member, cy.member]
    assert set(reach(table, cy.member)) == set(players)  # the eliminated speak too
    assert reach(table, cy.member)[bob.member] == [ann.member]  # bob still holds his whisper
    await table.ok(ann, {"type": "rematch"})
    await table.read()
    assert table.room.voice_whispers == {} and reach(table, cy.member) == {}


async def test_a_room_rebuilt_from_its_log_has_the_same_rule(table: Table) -> None:
    ann, bob, cy, _ = await table.seat()
    await table.ok(ann, {"type": "configure", "spectators_hear": True})
    await table.ok(ann, {"type": "start"})
    await table.day()
    await table.ok(cy, {"type": "voice_whisper", "to": bob.member})
    replayed = Room(ann.room)
    for e in await table.store.events(ann.room):
        replayed.apply(ev.parse(e.kind, e.data), e.at)
    from onenight.session.voice import voice_json

    assert voice_json(replayed) == voice_json(table.room)
    assert voice_json(replayed)["whispers"] == [{"from": cy.member, "to": bob.member}]
