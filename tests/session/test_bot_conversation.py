"""Bots in a conversation (issue 36, point 9), read from the room's log as the person at
the table reads it: a bot answers when a person names it in chat, says its claim once,
never says another bot's line within a minute, says what changed its mind, keeps
talking while people talk, and has a name of its own in the room's language."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from onenight.bots.base import ViewDict
from onenight.bots.basic import BasicBot
from onenight.bots.phrasings import PHRASINGS
from onenight.bots.say import say
from onenight.bots.seats import BotSeats, Planned, Thinking, think
from onenight.bots.talk import Next
from onenight.pubsub import MemoryPubSub
from onenight.rules import Phase
from onenight.session import protocol as P
from onenight.session.bot_names import NAMES, initial
from onenight.session.claims import IAm, Posted, Saw, claim_from_json
from onenight.session.hub import Hub
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore
from session.test_bot_talk import LEVELS, Table, claims_said, dawn, said_as, said_by, whole_day

#: A person's line that names a bot: a question, then an accusation (each language).
ASK = {"en": "{name}, why so quiet?", "fr": "{name}, pourquoi si silencieux ?",
       "ja": "{name}さん、どうして黙っているの？"}  # fmt: skip
ACCUSE = {"en": "I think {name} is a werewolf.", "fr": "Je crois que {name} est un loup.",
          "ja": "{name}さんは人狼だと思う。"}  # fmt: skip


async def chat(t: Table, text: str) -> None:
    await t.hub.command(t.ann, P.Chat(type="chat", text=text))
    await t.clock.settle()


def story_of(t: Table, seat: int, lang: str) -> str:
    """The seat's claims as the bots say them (what it answers a question with)."""
    play = t.room.play
    assert play is not None
    mine = [
        claim_from_json(e["claim"], play.game.n, play.game.c)
        for e in play.log
        if e["type"] == "claim" and e["seat"] == seat
    ]
    return ("" if lang == "ja" else " ").join(say(c, seat, play.names, lang) for c in mine)


@pytest.mark.parametrize(("lang", "seed"), [("en", 7), ("fr", 3), ("ja", 11)])
async def test_a_bot_asked_in_chat_answers_with_its_claim(lang: str, seed: int) -> None:
    t = await dawn(lang, seed)
    try:
        await claims_said(t)
        play = t.room.play
        assert play is not None
        since = t.clock.now()
        await chat(t, ASK[lang].format(name=play.names[1]))
        await t.clock.advance(12)
        answers = said_by(t, 1, since)
        assert len(answers) == 1 and said_as(answers[0], ("reply",), lang), answers
        assert story_of(t, 1, lang) in answers[0]  # what it claimed, said again
        assert play.names[0] in answers[0]  # to the one who asked
        # The others stay quiet: the question was not theirs.
        assert all(said_by(t, s, since) == [] for s in (2, 3, 4))
    finally:
        await t.hub.stop()


@pytest.mark.parametrize(("lang", "seed"), [("en", 7), ("fr", 3), ("ja", 11)])
async def test_a_bot_accused_in_chat_defends_itself(lang: str, seed: int) -> None:
    """ann, who claimed nothing, accuses a bot: it denies it and says she has not said
    what she is (what weighs against the accuser)."""
    t = await dawn(lang, seed)
    try:
        await claims_said(t)
        play = t.room.play
        assert play is not None
        since = t.clock.now()
        await chat(t, ACCUSE[lang].format(name=play.names[2]))
        await t.clock.advance(12)
        answers = said_by(t, 2, since)
        assert len(answers) == 1 and said_as(answers[0], ("defend_silent",), lang), answers
    finally:
        await t.hub.stop()


async def test_a_bot_accused_by_a_claimer_defends_itself_with_its_story() -> None:
    t = await dawn("en", 7)
    try:
        roles = await claims_said(t)
        await t.claim({"type": "i_am", "role": "villager" if roles[4] != "villager" else "seer"})
        play = t.room.play
        assert play is not None
        since = t.clock.now()
        await chat(t, f"{play.names[4]} is lying, you are the wolf!")
        await t.clock.advance(12)
        answers = said_by(t, 4, since)
        assert len(answers) == 1, answers
        assert said_as(answers[0], ("defend", "defend_clash"), "en"), answers
        assert story_of(t, 4, "en") in answers[0]
    finally:
        await t.hub.stop()


@pytest.mark.parametrize(("lang", "seed"), [("en", 7), ("fr", 3), ("ja", 11), ("en", 5)])
async def test_a_claim_is_said_once(lang: str, seed: int) -> None:
    """The board's claim lines are the claim: no bot says the same sentence in chat."""
    t = await dawn(lang, seed)
    try:
        await whole_day(t)
        play = t.room.play
        assert play is not None
        for seat in range(1, 1 + len(LEVELS)):
            story = story_of(t, seat, lang)
            claim_times = {
                e["at"]
                for e in play.log
                if e["type"] == "claim"
                and e["seat"] == seat
                and e["claim"]["type"] not in ("think", "no_werewolf")  # (a vote's reason)
            }
            for e in play.log:
                if e["type"] == "chat" and e["seat"] == seat:
                    if story:
                        assert story not in e["text"], e  # nobody asked for it again
                    first_claim = min(claim_times, default=None)
                    assert e["at"] != first_claim, e  # no sentence beside its claim
    finally:
        await t.hub.stop()


@pytest.mark.parametrize(("lang", "seed"), [("en", 1), ("fr", 2), ("ja", 3), ("en", 4)])
async def test_two_bots_never_say_the_same_line_within_a_minute(lang: str, seed: int) -> None:
    t = await dawn(lang, seed)
    try:
        play = t.room.play
        assert play is not None
        await t.clock.advance(30)
        for k in range(4):  # people talk: the bots remark on it too
            await chat(t, ("hmm", "ok", "so?", "well")[k])
            await t.clock.advance(10)
        await whole_day(t)
        lines = [e for e in t.lines() if e["seat"] != 0]
        for a, b in combinations(lines, 2):
            if a["seat"] != b["seat"] and abs(a["at"] - b["at"]) < 60:
                assert a["text"] != b["text"], (a, b)
    finally:
        await t.hub.stop()


def test_each_kind_of_line_has_several_phrasings_in_each_language() -> None:
    kinds = set(PHRASINGS["en"])
    for lang in ("en", "fr", "ja"):
        assert set(PHRASINGS[lang]) == kinds
        for kind, ways in PHRASINGS[lang].items():
            assert len(set(ways)) >= 2, (lang, kind)


async def test_bots_keep_talking_while_people_talk() -> None:
    """Well after the claims (40 s and more into the day), each line ann says gets a
    bot's remark within seconds: the bots are not silent while people talk."""
    t = await dawn("en", 7)
    try:
        await t.clock.advance(40)
        for text in ("I do not know what to think.", "Anyone else?", "This is hard."):
            since = t.clock.now()
            await chat(t, text)
            await t.clock.advance(9)
            after = [e for e in t.lines() if e["seat"] != 0 and e["at"] > since]
            assert after, (text, t.lines()[-3:])
    finally:
        await t.hub.stop()


def test_a_bot_that_agreed_then_votes_for_that_player_says_what_changed() -> None:
    """bob said the bot's card right ("bob is right: I am the Seer"); when it then votes
    for bob, its line says it changed its mind, not a bare "I will vote for bob"."""
    names = ("ann", "bob", "cy", "dan")

    class Picks(BasicBot):
        def pick_vote(self, view: ViewDict, board: object) -> tuple[int, tuple[str, None]]:
            return 1, ("hunch", None)

    heard = (
        Posted(0, IAm("seer")),
        Posted(1, IAm("robber")),
        Posted(1, Saw(((0, "seer"),))),  # bob: "I looked at ann: Seer." (right)
    )
    view: ViewDict = {"seat": 0, "players": list(names), "card": "seer", "deck": {}}
    for lang in ("en", "fr", "ja"):
        step = Planned(0, 1, "basic", Next("vote", 0.0))
        what = Thinking("s", view, heard, [], lang, names, voting=False)
        messages = think(Picks("s"), step, what)
        text = next(m["text"] for m in messages if m["type"] == "chat")
        assert said_as(text, ("changed",), lang), text
        # Without bob's word on its card, the same vote is a plain one.
        plain = think(Picks("s"), step, Thinking("s", view, heard[:2], [], lang, names, False))
        text = next(m["text"] for m in plain if m["type"] == "chat")
        assert said_as(text, ("vote",), lang), text


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
async def test_bots_have_names_of_their_own_in_the_rooms_language(lang: str) -> None:
    """Each bot a name from the room's language, its initial nobody else's ("ann" and
    "Ada" would share a badge), so that a table tells them apart."""
    hub = Hub(MemoryStore(), MemoryPubSub(), random.Random(1), clock=FakeClock())
    await hub.start()
    try:
        ann = await hub.create("ann")
        await hub.open(ann, None)
        await hub.command(ann, P.Configure(type="configure", lang=lang))
        for level in ("basic", "reasoner", "random", "basic", "basic"):
            await hub.command(ann, P.AddBot(type="add_bot", level=level))  # type: ignore[arg-type]
        room = hub.rooms[ann.room].room
        names = [m.name for m in room.members.values()]
        assert all(name in NAMES[lang] for name in names[1:]), names
        initials = [initial(n) for n in names]
        assert len(set(initials)) == len(initials), names
    finally:
        await hub.stop()


SEER_DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 1}


async def seer_away(acts: bool, grace: float) -> tuple[list[dict[str, object]], str, Hub]:
    """ann, bob (the Seer) and a bot. bob looks at ann's card at night (``acts``) or
    lets his turn go by, then is away by day past the grace: the log of his seat."""
    for seed in range(60):
        clock = FakeClock()
        hub = Hub(MemoryStore(), MemoryPubSub(), random.Random(seed), clock=clock,
                  bot_seats=BotSeats)  # fmt: skip
        await hub.start()
        ann = await hub.create("ann")
        await hub.open(ann, None)
        await hub.presence(ann, +1)
        bob = await hub.join(ann.room, "bob", False)
        await hub.open(bob, None)
        await hub.presence(bob, +1)
        await hub.command(ann, P.AddBot(type="add_bot", level="basic"))  # type: ignore[arg-type]
        settings = {"deck": SEER_DECK, "turn": 5.0, "jitter": 0.0, "day": 120.0}
        await hub.command(ann, P.Configure(type="configure", grace=grace, vote=15, **settings))
        await hub.command(ann, P.Start(type="start"))
        play = hub.rooms[ann.room].room.play
        assert play is not None
        seat = play.seats.index(bob.member)
        if play.view(seat)["card"] != "seer":
            await hub.stop()
            continue
        if not acts:
            await hub.presence(bob, -1)
        while play.phase == Phase.NIGHT:
            decision = play.view(seat).get("decision")
            if acts and decision:
                look = {"type": "view", "targets": [0]}
                await hub.command(bob, P.message_adapter.validate_python(
                    {"type": "act", "action": look}))  # fmt: skip
            await clock.advance(1)
        if acts:
            await hub.presence(bob, -1)
        await clock.advance(grace + 20)
        said = [e for e in play.log if e.get("seat") == seat]
        return said, play.names[0], hub
    raise AssertionError("no deal makes bob the Seer")


async def test_a_stand_in_for_a_seer_claims_what_the_seat_saw() -> None:
    said, _, hub = await seer_away(acts=True, grace=3.0)
    try:
        claims = [e["claim"] for e in said if e["type"] == "claim"]
        assert claims[:2] == [
            {"type": "i_am", "role": "seer"},
            {"type": "saw", "looks": [{"target": 0, "card": claims[1]["looks"][0]["card"]}]},
        ], claims
        assert all(e.get("stand_in") is True for e in said)  # said for bob, marked so
    finally:
        await hub.stop()


async def test_a_stand_in_for_a_seer_who_slept_is_not_dealt_nothing() -> None:
    said, _, hub = await seer_away(acts=False, grace=40.0)
    try:
        claims = [e["claim"] for e in said if e["type"] == "claim"]
        assert claims and claims[0] == {"type": "i_am", "role": "seer"}, claims
        assert {"type": "nothing"} not in claims  # "I was dealt nothing to do": untrue
        assert all(e.get("stand_in") is True for e in said)
    finally:
        await hub.stop()
