"""Bots talk like players (docs/bots.md, "How bots talk"): a whole day in process on a
fake clock, a person at the table with four bots, read from the person's screen (the
frames it gets) and the room's log."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import pytest

from onenight.bots.phrasings import PHRASINGS
from onenight.bots.seats import BotSeats
from onenight.cluster import channel
from onenight.pubsub import MemoryPubSub, Subscription
from onenight.rules import Phase
from onenight.session import protocol as P
from onenight.session.hub import Hub, Session
from onenight.session.requests import Acked
from onenight.session.room import Room
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore

DAY, VOTE = 120.0, 15.0
DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 2, "insomniac": 1}
LEVELS = ("basic", "reasoner", "random", "basic")


def said_as(text: str, kinds: tuple[str, ...], lang: str) -> bool:
    """Whether ``text`` is one of the ways ``lang`` says a line of one of ``kinds`` (each
    kind has several phrasings: docs/bots.md), its fields filled in with anything."""
    for kind in kinds:
        for phrasing in PHRASINGS[lang][kind]:
            pattern = re.escape(phrasing)
            pattern = re.sub(r"\\\{\w+\\\}|\{\w+\}", ".+", pattern)
            if re.fullmatch(pattern, text):
                return True
    return False


#: The kinds of line for "X is lying", "I am not a Werewolf" and "I was robbed, then".
LYING, DENY, ROBBED = ("lying", "lying_card"), ("deny", "deny_bare"), ("robbed", "robbed_bare")


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
        reply = await self.hub.command(self.ann, P.ClaimMsg(type="claim", claim=claim))
        assert isinstance(reply, Acked)
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
        # (by seat: two Villagers, or a liar and a Villager, may say the same sentence)
        chats = [(f["seat"], f["text"]) for f in frames if f["type"] == "chat"]
        claims = [(f["seat"], json.dumps(f["claim"])) for f in frames if f["type"] == "claim"]
        assert chats and claims
        assert len(chats) == len(set(chats))
        play = t.room.play
        assert play is not None
        logged = [(e["seat"], json.dumps(e["claim"])) for e in play.log if e["type"] == "claim"]
        assert claims == logged
    finally:
        await t.hub.stop()


def bot_seats(t: Table) -> list[int]:
    return list(range(1, 1 + len(LEVELS)))


async def whole_day(t: Table) -> None:
    """The day to its end and the vote to its close, ann pointing at seat 1 at once."""
    play = t.room.play
    assert play is not None
    await t.clock.advance(play.deadline - t.clock.now())
    assert play.phase == Phase.VOTE
    await t.hub.command(t.ann, P.VoteMsg(type="vote", target=1))
    await t.clock.advance(VOTE)
    assert play.phase == Phase.END


async def check_a_day_of_talk(lang: str, seed: int) -> None:
    t = await dawn(lang, seed)
    try:
        play = t.room.play
        assert play is not None
        dawn_at = t.clock.now()
        await whole_day(t)
        lines = [e for e in t.lines() if e["seat"] in bot_seats(t)]
        said = [(e["seat"], e["text"]) for e in lines]
        assert len(said) == len(set(said)), said  # no bot says a line twice
        frames = [(f["seat"], f["text"]) for f in await t.read() if f["type"] == "chat"]
        assert len(frames) == len(set(frames))  # nor is one read twice
        assert {e["seat"] for e in lines} == set(bot_seats(t))  # every bot spoke
        times = [e["at"] for e in lines]
        assert times[0] >= dawn_at + 2.0  # a person reads the table before speaking
        assert all(b - a >= 1.5 for a, b in pairwise(times))
        for seat in bot_seats(t):  # one bot's lines: seconds apart
            own = [e["at"] for e in lines if e["seat"] == seat]
            assert all(b - a >= 4.0 for a, b in pairwise(own))
        assert not set(play.random_votes) & set(bot_seats(t))  # each bot pointed itself
        events = await t.store.events(t.ann.room)
        for seat in bot_seats(t):
            named = [
                i
                for i, e in enumerate(events)
                if e.kind == "claim"
                and e.data["seat"] == seat
                and e.data["claim"]["type"] == "think"
            ]
            voted = next(
                i for i, e in enumerate(events) if e.kind == "vote" and e.data["seat"] == seat
            )
            assert named and named[-1] < voted  # it said whom before it pointed
            assert events[named[-1]].data["claim"]["target"] == play.game.votes[seat]
    finally:
        await t.hub.stop()


async def test_a_day_of_bots_talks_like_players() -> None:
    await check_a_day_of_talk("en", 7)


async def test_a_day_of_bots_in_french() -> None:
    await check_a_day_of_talk("fr", 3)


async def test_a_day_of_bots_in_japanese() -> None:
    await check_a_day_of_talk("ja", 11)


async def claims_said(t: Table) -> dict[int, str]:
    """Let the bots claim; the role each talking bot claims (seat → role)."""
    await t.clock.advance(25)
    roles = {s: r for s in bot_seats(t) if (r := claimed_role(t, s)) is not None}
    assert set(roles) == {1, 2, 4}  # basic, reasoner, basic (random claims nothing)
    return roles


async def answers_within(t: Table, seat: int, seconds: float) -> list[str]:
    since = t.clock.now()
    await t.clock.advance(seconds)
    return said_by(t, seat, since)


@pytest.mark.parametrize(("lang", "seed"), [("en", 7), ("fr", 3), ("ja", 11)])
async def test_a_contradicted_bot_answers(lang: str, seed: int) -> None:
    """ann says she took bot 1's card and names another card than the one it claims:
    the bot says she lies."""
    t = await dawn(lang, seed)
    try:
        roles = await claims_said(t)
        other = "seer" if roles[1] != "seer" else "robber"
        await t.claim({"type": "took", "target": 1, "card": other})
        answers = await answers_within(t, 1, 12)
        assert len(answers) == 1 and said_as(answers[0], LYING, lang), answers
    finally:
        await t.hub.stop()


@pytest.mark.parametrize(("lang", "seed"), [("en", 7), ("fr", 3), ("ja", 11)])
async def test_an_accused_bot_denies_it(lang: str, seed: int) -> None:
    t = await dawn(lang, seed)
    try:
        await claims_said(t)
        await t.claim({"type": "think", "target": 2, "role": "werewolf"})
        answers = await answers_within(t, 2, 12)
        assert len(answers) == 1 and said_as(answers[0], DENY, lang), answers
        await t.claim({"type": "think", "target": 3, "role": "werewolf"})
        answers = await answers_within(t, 3, 12)  # a random bot, who claims nothing
        assert len(answers) == 1 and said_as(answers[0], DENY, lang), answers
    finally:
        await t.hub.stop()


async def test_a_bot_asked_about_its_role_answers() -> None:
    t = await dawn("en", 7)
    try:
        roles = await claims_said(t)
        await t.claim({"type": "think", "target": 4, "role": roles[4]})
        right = await answers_within(t, 4, 12)
        other = "troublemaker" if roles[4] != "troublemaker" else "insomniac"
        await t.claim({"type": "think", "target": 1, "role": other})
        wrong = await answers_within(t, 1, 12)
        assert len(right) == 1 and said_as(right[0], ("agree",), "en"), right
        assert len(wrong) == 1 and said_as(wrong[0], ("correct",), "en"), wrong
    finally:
        await t.hub.stop()


@pytest.mark.parametrize(("lang", "seed"), [("en", 7), ("fr", 3), ("ja", 11)])
async def test_a_basic_bot_told_it_was_robbed_believes_it(lang: str, seed: int) -> None:
    """ann says she is the Robber and took bot 4's card, naming the card it claims: the
    bot takes her word (a basic bot believes what does not contradict it)."""
    t = await dawn(lang, seed)
    try:
        roles = await claims_said(t)
        # (not a Robber, nor an Insomniac, who saw her card unchanged at the night's end)
        seat = next(s for s in (4, 1) if roles[s] not in ("robber", "insomniac"))
        await t.claim({"type": "i_am", "role": "robber"})
        await t.claim({"type": "took", "target": seat, "card": roles[seat]})
        answers = await answers_within(t, seat, 12)
        assert len(answers) == 1 and said_as(answers[0], ROBBED, lang), answers
    finally:
        await t.hub.stop()


async def test_when_the_host_ends_the_day_early_the_bots_name_their_votes() -> None:
    t = await dawn("en", 5)
    try:
        play = t.room.play
        assert play is not None
        await t.clock.advance(1)
        await t.hub.command(t.ann, P.EndDay(type="end_day"))
        opened = t.clock.now()
        await t.clock.advance(VOTE)
        assert play.phase == Phase.END and not set(play.random_votes) & set(bot_seats(t))
        for seat in bot_seats(t):
            # (it may also answer a vote named against it: an accusation it had not heard)
            lines = said_by(t, seat, opened)
            votes = [line for line in lines if said_as(line, ("vote", "changed"), "en")]
            assert len(votes) == 1, (seat, lines)
    finally:
        await t.hub.stop()


async def test_a_new_owner_of_the_room_carries_on_the_talk_without_repeating_it() -> None:
    """The talk is read from the room's log: bots played by a fresh set of seats (the
    room's new owner after a restart) neither claim again nor answer again."""
    t = await dawn("en", 7)
    try:
        await claims_said(t)
        await t.claim({"type": "think", "target": 2, "role": "werewolf"})
        await t.clock.advance(12)
        t.hub.rooms[t.ann.room].bots = BotSeats()
        await whole_day(t)
        said = [(e["seat"], e["text"]) for e in t.lines()]
        assert len(said) == len(set(said))
        denials = [line for line in said_by(t, 2) if said_as(line, DENY, "en") and "ann" in line]
        assert len(denials) == 1, said_by(t, 2)  # answered once
        play = t.room.play
        assert play is not None
        for seat in bot_seats(t):  # one claim each
            roles = [
                e
                for e in play.log
                if e["type"] == "claim" and e["seat"] == seat and e["claim"]["type"] == "i_am"
            ]
            assert len(roles) <= 1
    finally:
        await t.hub.stop()
