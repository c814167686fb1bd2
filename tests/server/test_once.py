"""A command is carried out once, even when its room's owner dies between storing it and
answering it (``kill -9``, three processes over Redis and PostgreSQL).

The owner (the first process, where the room was made) stores a member's command and
kills itself before it answers (``ONENIGHT_FAULT_KILL_AFTER_STORING``, see
onenight.storage.faults). The member is connected to another process, which forwarded
the command: it asks again, under the same request id, the process that takes the room
over. That one replays the log, finds the stored answer, and answers with it: the member
gets its ack, and the log holds the command once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from onenight.client import Client
from onenight.rules import Phase
from onenight.session import events as ev

from .conftest import PG_URL, Server, start_cluster, stop_all
from .helpers import close_all, stored

#: the command each case sends, the phase it is sent in, and the kind of event it stores
CASES: dict[str, tuple[Phase, str]] = {
    "chat": (Phase.DAY, "chat"),
    "whisper": (Phase.DAY, "whisper"),
    "claim": (Phase.DAY, "claim"),
    "tap": (Phase.NIGHT, "tapped"),
    "vote": (Phase.VOTE, "vote"),
}
DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 1}


async def send(c: Client, case: str) -> dict[str, Any]:
    if case == "chat":
        return await c.chat("only once")
    if case == "whisper":
        return await c.whisper(0, "only once")
    if case == "claim":
        return await c.claim({"type": "i_am", "role": "villager"})
    if case == "tap":
        return await c.nothing()
    return await c.vote(0)


@pytest.fixture
def servers(case: str, tmp_path: Path) -> Iterator[list[Server]]:
    """Three processes, the first (the owner-to-be) with the case's fault armed."""
    group = start_cluster(tmp_path, env={"ONENIGHT_FAULT_KILL_AFTER_STORING": CASES[case][1]})
    yield group
    stop_all(group)


@pytest.mark.parametrize("case", sorted(CASES))
async def test_a_command_stored_by_an_owner_that_died_is_answered_once(
    case: str, servers: list[Server]
) -> None:
    phase, kind = CASES[case]
    owner = servers[0]
    clients: list[Client] = []
    try:
        host = await Client.connect(owner.url)
        await host.create("ann")
        code = host.room_code or ""
        clients.append(host)
        for server, name in ((servers[1], "bob"), (servers[2], "cid")):
            c = await Client.connect(server.url)
            await c.join(code, name)
            clients.append(c)
        bob = clients[1]
        # a turn long enough for bob's tap to cross to the owner and back; the other
        # cases only wait for the night to end
        turn = 1.5 if phase == Phase.NIGHT else 0.3
        timers = {"turn": turn, "jitter": 0.0, "day": 60.0, "vote": 60.0}
        await host.configure(deck=DECK, **timers)
        await host.start()
        if phase == Phase.NIGHT:
            await bob.until(lambda c: c.phase == Phase.NIGHT and (c.turn or -1) >= 0, 30)
        else:
            await bob.until(lambda c: c.phase == Phase.DAY, 60)
            if phase == Phase.VOTE:
                await host.end_day()
                await bob.until(lambda c: c.phase == Phase.VOTE, 30)
        ack = await asyncio.wait_for(send(bob, case), 30)  # the owner dies meanwhile
        assert ack["type"] == "ack", ack
        assert not owner.alive()  # it did store the command, then died
        events = await stored(PG_URL, code)
        if kind == "tapped":
            bobs = [e for e in events if isinstance(e, ev.Tapped) and e.member == bob.member]
            assert len(bobs) == 1
        else:
            assert sum(e.kind == kind for e in events) == 1, [e.kind for e in events]
        assert sum(isinstance(e, ev.Answered) for e in events) >= 1
    finally:
        await close_all(clients)
