"""A bot's move at night tells nothing by its timing (docs/security.md, Side doors):
the frame that opens a turn leaves, and a while later (BOT_NIGHT_PAUSE of the turn) a
bot holding the turn's card decides and stores its move, as a player's tap comes after
that frame too. Were the move stored
first, the frame of a turn whose card a bot holds would leave later than that of a
center card's turn (a store write later: 1.43 ms against 0.78 ms over the wire, issue
37), and every member could tell a bot holds the card. In process on the fake clock, the
order of the stores and the deliveries recorded; the same over real sockets, measured,
is benchmarks/bot_timing.py."""

from __future__ import annotations

import random
from typing import Any

from onenight.bots.seats import BotSeats
from onenight.pubsub import MemoryPubSub
from onenight.rules import Phase
from onenight.session import events as ev
from onenight.session import protocol as P
from onenight.session.actor import BOT_NIGHT_PAUSE
from onenight.session.hub import Hub
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore

#: every card of this deck but the villagers chooses at night (RULES.md §6)
TURN = 5.0
DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "drunk": 1, "villager": 2}


async def night_log(seed: int) -> tuple[list[tuple[str, Any]], set[int]]:
    """ann and four basic bots play a night; what was stored and delivered, in order."""
    clock, store = FakeClock(), MemoryStore()
    hub = Hub(store, MemoryPubSub(), random.Random(seed), clock=clock, bot_seats=BotSeats)
    order: list[tuple[str, Any]] = []
    append, deliver = store.append, hub.cluster.deliver

    async def stored(events: Any) -> Any:
        order.append(("store", [(ev.parse(e.kind, e.data), e.at) for e in events]))
        return await append(events)

    async def delivered(code: str, frames: Any, *args: Any) -> Any:
        order.append(("deliver", len(frames)))
        return await deliver(code, frames, *args)

    store.append = stored  # type: ignore[method-assign]
    hub.cluster.deliver = delivered  # type: ignore[method-assign]
    await hub.start()
    try:
        ann = await hub.create("ann")
        await hub.open(ann, None)
        await hub.presence(ann, +1)
        for _ in range(4):
            await hub.command(ann, P.AddBot(type="add_bot", level="basic"))
        settings: dict[str, Any] = {"deck": DECK, "turn": TURN, "jitter": 1.0}
        await hub.command(ann, P.Configure(type="configure", **settings))
        await hub.command(ann, P.Start(type="start"))
        room = hub.rooms[ann.room].room
        play = room.play
        assert play is not None
        while play.phase == Phase.NIGHT:
            await clock.advance(play.deadline - clock.now())
        bots = {room.seat_of(m.id) for m in room.members.values() if m.bot}
        return order, {s for s in bots if s is not None}
    finally:
        await hub.stop()


def early_bot_moves(order: list[tuple[str, Any]], bots: set[int]) -> int:
    """Bot moves stored before the frame that opens their turn was delivered, or less
    than BOT_NIGHT_PAUSE of the turn after it (none, when all is well); raises if no bot
    ever moved."""
    early = moves = 0
    opened: int | None = None  # the turn stored and not delivered yet
    began: dict[int, float] = {}
    for what, data in order:
        if what == "deliver":
            opened = None
            continue
        for e, at in data:
            if isinstance(e, ev.TurnBegan):
                opened, began[e.turn] = e.turn, at
            elif isinstance(e, ev.Acted) and e.seat in bots and not e.auto:
                moves += 1
                too_soon = at < began[e.turn] + BOT_NIGHT_PAUSE * TURN - 1e-9
                early += too_soon or (opened is not None and e.turn == opened)
    assert moves, "no bot moved: the deck has no card for them"
    return early


async def test_a_bots_night_move_is_stored_a_while_after_its_turns_frame_left() -> None:
    early = 0
    for seed in range(6):
        order, bots = await night_log(seed)
        early += early_bot_moves(order, bots)
    assert early == 0
