"""Secrecy in process: 200 random complete games (every edition, random decks with shared
roles, 12-player tables, workshop draws) played through the room's pipeline as the
server runs it (the hub, the store, the pub/sub) on the fake clock. Every frame each
member's channel carries is recorded and checked against the truth (tests/
secrecy_checks.py): no frame before the end carries a card, a night fact or a choice the
member may not know; a whisper's text reaches its two ends only; the night's frames are
of one size, as many and at the same moments for everyone; every turn lasts the turn plus
a jitter in range; nothing before the end shows a workshop draw. The same checks run over
real WebSockets and three processes on fewer games (tests/server/test_secrecy.py).
"""

from __future__ import annotations

import random
from typing import Any

from onenight.pubsub import MemoryPubSub
from onenight.rules import EDITIONS, Phase
from onenight.session import events as ev
from onenight.session import protocol as P
from onenight.session.hub import Hub
from onenight.session.requests import Acked
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore
from secrecy_checks import check_game, enabled_pool, plan
from server.helpers import random_deck, replayed
from session.table import Table

GAMES = 200
TIMERS = {"turn": 5.0, "jitter": 2.0, "day": 300.0, "vote": 60.0}


async def tap_turn(table: Table, players: int, rng: random.Random, size: int) -> None:
    """Every member taps once in the turn now, as the browser client does: a random legal
    choice when it has one, else ``nothing`` (the spectator too); every answer of the
    night is padded to the game's frame size."""
    for i in range(players + 1):
        decision = table.states[i].get("decision")
        choices = decision["choices"] if decision else []
        msg: P.Message
        if choices:
            msg = P.Act(type="act", action=choices[int(rng.random() * len(choices))])
        else:
            msg = P.Nothing(type="nothing")
        reply = await table.say(i, msg)
        assert reply.size == size, (reply, size)


async def one_game(
    hub: Hub, clock: FakeClock, edition: str, n: int, draw: bool, seed: int
) -> dict[str, Any]:
    rng = random.Random(seed)
    deck = enabled_pool(edition, n, rng) if draw else random_deck(edition, n, rng)
    table = Table(hub, clock)
    host = await hub.create("p0")
    await table.seat(host)
    for i in range(1, n):
        await table.seat(await hub.join(host.room, f"p{i}", False))
    await table.seat(await hub.join(host.room, "watcher0", True))
    counts = {r: deck.count(r) for r in sorted(set(deck))}
    configure = P.Configure(type="configure", edition=edition, deck=counts, **TIMERS)  # type: ignore[arg-type]
    assert isinstance(await table.say(0, configure), Acked)
    whispers: list[tuple[int, int, str]] = []
    try:
        assert isinstance(await table.say(0, P.Start(type="start")), Acked)
        play = hub.rooms[host.room].room.play
        assert play is not None
        while play.phase == Phase.NIGHT:
            if play.turn >= 0:  # the deal is no turn: nobody taps
                await tap_turn(table, n, rng, play.frame_size)
            await clock.advance(play.deadline - clock.now())
            await table.drain()
        for i in range(n):
            j = rng.choice([s for s in range(n) if s != i])
            text = f"canary-{seed}-{i}-{j}"
            await table.say(i, P.Whisper(type="whisper", to=j, text=text))
            whispers.append((i, j, text))
        await table.say(0, P.Chat(type="chat", text=f"public-{seed}"))
        await table.say(0, P.EndDay(type="end_day"))
        for i in range(n):
            decision = table.states[i].get("decision")
            if decision and decision["choices"]:
                target = rng.choice(decision["choices"])["target"]
                await table.say(i, P.VoteMsg(type="vote", target=target))
        await clock.advance(max(0.0, play.deadline - clock.now()))
        await table.drain()
        return {
            "room": host.room,
            "frames": table.frames,
            "whispers": whispers,
            "n": n,
            "pool": deck,
        }
    finally:
        await table.close()


async def test_no_frame_carries_what_its_member_may_not_know_in_200_games() -> None:
    rng = random.Random(2024)
    games = plan(rng, GAMES)
    assert {e for e, _, _ in games} == set(EDITIONS) and len(games) == GAMES
    assert sum(draw for _, _, draw in games) >= 10
    assert any(n >= 10 for _, n, _ in games)  # large tables (the 12 of sans-carte)
    clock, store = FakeClock(), MemoryStore()
    hub = Hub(store, MemoryPubSub(), random.Random(7), clock=clock)
    await hub.start()
    try:
        for edition, n, draw in games:
            g = await one_game(hub, clock, edition, n, draw, rng.randrange(10**9))
            # The truth: the room replayed from its stored log, not the living one.
            events = [ev.parse(e.kind, e.data) for e in await store.events(g["room"])]
            late = check_game(replayed(g["room"], events), events, g, tolerance=1e-9)
            assert not late  # on one clock every member gets a broadcast at one moment
    finally:
        await hub.stop()
