"""What the talk said, beside the truth (issue 36, point 8): once the game is over, each
claim against its speaker's night as the rules played it (RULES.md: the Seer looks
before the Troublemaker swaps) — true, a lie, or mistaken because a card moved after its
owner looked — and each opinion right or wrong about the cards at dawn."""

from __future__ import annotations

import random
from typing import Any

from onenight.pubsub import MemoryPubSub
from onenight.rules import Phase
from onenight.session import protocol as P
from onenight.session.errors import BadMessage
from onenight.session.hub import Hub, Session
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore

DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 1}


async def a_game(seed: int) -> tuple[Hub, FakeClock, list[Session]] | None:
    """ann the Seer and bob the Troublemaker (cat anything), at the start of the night;
    None when the deal is another."""
    clock = FakeClock()
    hub = Hub(MemoryStore(), MemoryPubSub(), random.Random(seed), clock=clock)
    await hub.start()
    ann = await hub.create("ann")
    others = [await hub.join(ann.room, name, False) for name in ("bob", "cat")]
    people = [ann, *others]
    for s in people:
        await hub.open(s, None)
    await hub.command(ann, P.Configure(type="configure", deck=DECK, turn=2.0, jitter=0.0))
    await hub.command(ann, P.Start(type="start"))
    play = hub.rooms[ann.room].room.play
    assert play is not None
    cards = [play.view(play.seats.index(s.member))["card"] for s in people]
    if cards[:2] != ["seer", "troublemaker"]:
        await hub.stop()
        return None
    return hub, clock, people


async def act(hub: Hub, who: Session, action: dict[str, Any]) -> None:
    await hub.command(who, P.message_adapter.validate_python({"type": "act", "action": action}))


async def test_each_claim_is_set_beside_what_its_speakers_night_was() -> None:
    for seed in range(200):
        found = await a_game(seed)
        if found is not None:
            break
    else:
        raise AssertionError("no deal with ann the Seer and bob the Troublemaker")
    hub, clock, (ann, bob, cat) = found
    try:
        play = hub.rooms[ann.room].room.play
        assert play is not None
        seat = {s.member: play.seats.index(s.member) for s in (ann, bob, cat)}
        a, b, c = seat[ann.member], seat[bob.member], seat[cat.member]
        while play.phase == Phase.NIGHT:
            if play.deciding(a):
                await act(hub, ann, {"type": "view", "targets": [c]})
            if play.deciding(b):
                await act(hub, bob, {"type": "swap", "targets": [a, c]})
            await clock.advance(0.5)
        seen = play.view(a)["learned"][0]["card"]  # what ann saw at cat's place
        claims = [
            (ann, {"type": "i_am", "role": "seer"}),
            (ann, {"type": "saw", "looks": [{"target": c, "card": seen}]}),
            (bob, {"type": "i_am", "role": "robber"}),
            (bob, {"type": "swapped", "targets": [a, c]}),
            (cat, {"type": "took", "target": a, "card": "villager"}),
            (cat, {"type": "think", "target": a, "role": "werewolf"}),
        ]
        for who, claim in claims:
            await hub.command(who, P.ClaimMsg(type="claim", claim=claim))
        try:  # nothing of it before the game ends: the night's secret
            await hub.result(ann.room)
            raise AssertionError("a result during the day")
        except BadMessage:
            pass
        await hub.command(ann, P.EndDay(type="end_day"))
        for s in (ann, bob, cat):
            await hub.command(s, P.VoteMsg(type="vote", target=(seat[s.member] + 1) % 3))
        await clock.settle()
        told = (await hub.result(ann.room))["hindsight"]
        assert isinstance(told, list)
        truths = [(e["seat"], e["claim"]["type"], e["truth"]) for e in told]
        # ann's card went to cat and cat's to ann after she looked: her look was true,
        # but the card she saw is not at cat's place any more.
        ann_wolf = seen in ("werewolf",)
        assert truths == [
            (a, "i_am", "true"),
            (a, "saw", "mistaken"),
            (b, "i_am", "lie"),  # the Troublemaker said he was the Robber
            (b, "swapped", "true"),  # ... and yet told what he did
            (c, "took", "lie"),  # cat took nobody's card
            (c, "think", "right" if ann_wolf else "wrong"),  # ann ends with cat's card
        ], truths
    finally:
        await hub.stop()
