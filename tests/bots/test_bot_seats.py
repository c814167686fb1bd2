"""Bots at a server's table think by day off the event loop (bots/seats.py): while a
``reasoner`` works out its claims, the process keeps serving other rooms, and its claims
reach the table once it is done."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from functools import partial
from typing import Any

import pytest

from onenight.bots.reasoner import ReasonerBot
from onenight.bots.seats import BotSeats
from onenight.pubsub import MemoryPubSub
from onenight.rules import Phase
from onenight.session import protocol as P
from onenight.session.hub import Hub
from onenight.session.requests import Acked
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore

DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 2, "insomniac": 1}
LEVELS = ("reasoner", "basic", "basic", "basic")
REASONER = 1  # ann is seat 0, the bots follow in the order they were added


async def table_at_dawn(offload: bool) -> tuple[Hub, FakeClock]:
    clock = FakeClock()
    bots = partial(BotSeats, offload=offload)
    hub = Hub(MemoryStore(), MemoryPubSub(), random.Random(3), clock=clock, bot_seats=bots)
    await hub.start()
    ann = await hub.create("ann")
    await hub.open(ann, None)
    await hub.presence(ann, +1)
    for level in LEVELS:
        await hub.command(ann, P.AddBot(type="add_bot", level=level))  # type: ignore[arg-type]
    settings: dict[str, Any] = {"deck": DECK, "turn": 5.0, "jitter": 1.0, "day": 120.0}
    await hub.command(ann, P.Configure(type="configure", **settings))
    await hub.command(ann, P.Start(type="start"))
    play = hub.rooms[ann.room].room.play
    assert play is not None
    while play.phase == Phase.NIGHT:
        await hub.command(ann, P.Nothing(type="nothing"))
        await clock.advance(play.deadline - clock.now())
    return hub, clock


async def test_a_thinking_bot_does_not_hold_up_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's bot seats (``offload``): without it, the reasoner would think on the
    event loop's thread and the other room would wait for it."""
    loop_thread = threading.get_ident()
    thinking, done = threading.Event(), threading.Event()
    threads: list[int] = []
    claims = ReasonerBot.claims

    def slow_claims(self: ReasonerBot, view: Any, board: Any) -> Any:
        """The reasoner's claims, after a long think (until the test lets it go)."""
        threads.append(threading.get_ident())
        thinking.set()
        done.wait(10)
        return claims(self, view, board)

    hub, clock = await table_at_dawn(offload=True)
    try:
        monkeypatch.setattr(ReasonerBot, "claims", slow_claims)
        for _ in range(240):  # the day's first minute, half a second at a time
            if thinking.is_set():
                break
            await clock.advance(0.5)
        assert thinking.is_set(), "the reasoner never started to claim"
        assert threads[0] != loop_thread  # it thinks in a thread of its own

        # Meanwhile the process serves another room at once (here: a new table is made
        # and a player configures it), and the reasoner has not said anything yet.
        start = time.monotonic()
        bob = await hub.create("bob")
        await hub.open(bob, None)
        reply = await hub.command(bob, P.Configure(type="configure", day=60.0))
        assert isinstance(reply, Acked)
        assert time.monotonic() - start < 5
        assert not done.is_set()
        assert claims_of_room(hub, REASONER, exclude=bob.room) == []

        done.set()  # it has thought enough: its claims reach the table
        for _ in range(500):
            if claims_of_room(hub, REASONER, exclude=bob.room):
                break
            await asyncio.sleep(0.01)
            await clock.advance(0.02)
        said = claims_of_room(hub, REASONER, exclude=bob.room)
        assert said and said[0]["claim"]["type"] == "i_am"
    finally:
        done.set()
        await hub.stop()


def claims_of_room(hub: Hub, seat: int, exclude: str) -> list[dict[str, Any]]:
    (actor,) = [a for code, a in hub.rooms.items() if code != exclude]
    play = actor.room.play
    assert play is not None
    return [e for e in play.log if e["type"] == "claim" and e["seat"] == seat]
