"""What the public talk alone pointed to (issue 36, point 8): once the game is over, the
reasoner's model read with no seat's knowledge gives each seat's chance of being a
Werewolf and the vote it would have made, from the claims alone; nothing before the
end; the same game reads the same way again."""

from __future__ import annotations

import random

from onenight.bots.seats import BotSeats
from onenight.pubsub import MemoryPubSub
from onenight.rules import Phase
from onenight.session import protocol as P
from onenight.session.errors import BadMessage
from onenight.session.hub import Hub
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore

DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 2, "insomniac": 1}


async def read_a_game(seed: int) -> dict[str, object]:
    """Five people; seats 0–2 claim to be the Seer (who saw seat 4 a Werewolf), the
    Robber and the Troublemaker; seat 4 says nothing. The result's reading."""
    clock = FakeClock()
    hub = Hub(MemoryStore(), MemoryPubSub(), random.Random(seed), clock=clock, bot_seats=BotSeats)
    await hub.start()
    try:
        ann = await hub.create("ann")
        people = [ann] + [await hub.join(ann.room, n, False) for n in ("bob", "cy", "dan", "eve")]
        for s in people:
            await hub.open(s, None)
        await hub.command(ann, P.Configure(type="configure", deck=DECK, turn=1.0, jitter=0.0))
        await hub.command(ann, P.Start(type="start"))
        play = hub.rooms[ann.room].room.play
        assert play is not None
        while play.phase == Phase.NIGHT:
            await clock.advance(max(0.1, play.deadline - clock.now()))
        seat = {s.member: play.seats.index(s.member) for s in people}
        by_seat = {seat[s.member]: s for s in people}
        says = {
            0: [{"type": "i_am", "role": "seer"},
                {"type": "saw", "looks": [{"target": 4, "card": "werewolf"}]}],
            1: [{"type": "i_am", "role": "robber"},
                {"type": "took", "target": 2, "card": "troublemaker"}],
            2: [{"type": "i_am", "role": "troublemaker"}, {"type": "swapped", "targets": [0, 3]}],
        }  # fmt: skip
        for s, claims in says.items():
            for claim in claims:
                await hub.command(by_seat[s], P.ClaimMsg(type="claim", claim=claim))
        try:
            await hub.result(ann.room)
            raise AssertionError("a result by day")
        except BadMessage:
            pass
        await hub.command(ann, P.EndDay(type="end_day"))
        for s in people:
            await hub.command(s, P.VoteMsg(type="vote", target=(seat[s.member] + 1) % 5))
        await clock.settle()
        reading = (await hub.result(ann.room))["reading"]
        assert isinstance(reading, dict)
        return reading
    finally:
        await hub.stop()


async def test_the_public_talk_points_at_the_seat_the_seer_named() -> None:
    reading = await read_a_game(5)
    wolf = reading["wolf"]
    assert isinstance(wolf, list) and len(wolf) == 5
    assert all(0.0 <= p <= 1.0 for p in wolf)
    # Two Werewolves in a deck of eight cards: about 2 × 5/8 of them among the seats.
    assert 0.5 <= sum(wolf) <= 2.0, wolf
    # Three claims that fit together and a Seer who named eve: eve is the likeliest
    # Werewolf, and the vote goes to her.
    assert wolf[4] == max(wolf) and wolf[4] > 0.5, wolf
    assert reading["vote"] == 4
    assert await read_a_game(5) == reading  # seeded by the deal: read the same way again
