"""Limits per member and per address, not per connection (docs/deploy.md, Limits a flood
meets; issue 37 point 4): one player resumed on several connections gets no more chat
lines, and no more messages, than on one; the bounds are the server's settings, and
what is counted is what was accepted against what the settings allow in the time the
attack took (a bucket's burst plus its rate times that time)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from onenight.client import Client, ServerError

from .conftest import Server, started

CONNECTIONS = 5
TALK = 12.0  #: this server's --talk-per-minute: bursts of 6
RATE = 4.0  #: this server's --message-rate (bursts of 40 stay: Limits.message_burst)
BURST = 40


async def accepted(clients: list[Client], make: dict[str, object], each: int) -> int:
    """Send ``each`` of ``make`` on every connection at once; the acks that came."""

    async def one(c: Client) -> int:
        ok = 0
        for _ in range(each):
            try:
                await c.request(dict(make))
                ok += 1
            except ServerError as exc:
                assert exc.code == "rate_limited", exc
        return ok

    return sum(await asyncio.gather(*(one(c) for c in clients)))


async def test_one_member_on_many_connections_talks_and_sends_as_on_one(
    own: list[Server], tmp_path: Path
) -> None:
    srv = started(
        tmp_path, "--talk-per-minute", str(TALK), "--message-rate", str(RATE),
        "--address-message-rate", "0",
    )  # fmt: skip
    own.append(srv)
    host = await Client.connect(srv.url)
    await host.create("ann")
    code, token = host.room_code or "", host.token or ""
    clients = [host]
    try:
        for _ in range(CONNECTIONS - 1):
            c = await Client.connect(srv.url)
            await c.resume(code, token)
            clients.append(c)
        began = time.monotonic()
        lines = await accepted(clients, {"type": "chat", "text": "hello"}, 4)
        took = time.monotonic() - began
        # 20 lines tried; one member may say a burst of TALK / 2, then TALK a minute
        assert lines <= TALK / 2 + TALK / 60 * took + 1, (lines, took)
        assert lines >= 1
        began = time.monotonic()
        pings = await accepted(clients, {"type": "ping"}, 20)
        took = time.monotonic() - began
        # 100 pings tried on five connections (each would take 40 alone): one member's
        # burst, plus what its rate gave back meanwhile (and the chat's tokens spent)
        assert pings <= BURST + RATE * took + 1, (pings, took)
    finally:
        for c in clients:
            await c.close()


async def test_an_address_is_bounded_over_its_members(own: list[Server], tmp_path: Path) -> None:
    """Members of one address (another room each, one connection each) share its rate."""
    address_rate = 10.0  # bursts of 20
    srv = started(tmp_path, "--address-message-rate", str(address_rate))
    own.append(srv)
    clients = []
    try:
        for i in range(4):
            c = await Client.connect(srv.url)
            await c.create(f"p{i}")
            clients.append(c)
        await asyncio.sleep(2.0)  # what the creates took, given back: the bucket full
        began = time.monotonic()
        pings = await accepted(clients, {"type": "ping"}, 15)
        took = time.monotonic() - began
        # 60 pings tried, each member well within its own 40: the address's 20 and rate
        assert pings <= 2 * address_rate + address_rate * (took + 2) + 1, (pings, took)
        assert pings < 60
    finally:
        for c in clients:
            await c.close()
