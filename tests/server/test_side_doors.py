"""The night's secret on the channels around the WebSocket (docs/security.md, "side
doors"): ``/metrics``, ``/api/health`` and a room's status, read at every turn's frame
of games that people and bots play, move alike whoever holds the turn's card — a
player, a bot or the center. ``/metrics`` is not served on the players' port at all.
"""

from __future__ import annotations

import asyncio
import itertools
import random
from typing import Any

import httpx
import pytest

from onenight.client import Client
from onenight.randomplay import random_night
from onenight.rules import Phase
from onenight.session import events as ev

from .conftest import Server
from .helpers import close_all, stored

#: Each turn lasts long enough for a scrape after its frame (the test scrapes once a turn)
TIMERS = {"turn": 0.3, "jitter": 0.05, "day": 0.2, "vote": 3.0}
DECK = {
    "werewolf": 2,
    "seer": 1,
    "robber": 1,
    "troublemaker": 1,
    "drunk": 1,
    "insomniac": 1,
    "villager": 1,
}
GAMES = 6


def series(text: str) -> dict[str, float]:
    """Every sample of a Prometheus text page, by its name and labels."""
    out: dict[str, float] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            key, _, value = line.rpartition(" ")
            out[key] = float(value)
    return out


Scrape = tuple[int, dict[str, float], Any]  #: the turn, /metrics, (health, status)


async def one_game(server: Server, rng: random.Random) -> tuple[list[Scrape], dict[int, str]]:
    """Two people and three bots (basic, random, basic) and a spectator who scrapes at
    each night frame: the turn and the scrapes as it opened (metrics, health, status,
    and metrics once the night is over); who chose in each turn."""
    host = await Client.connect(server.url)
    await host.create("ann")
    guest = await Client.connect(server.url)
    code = host.room_code or ""
    await guest.join(code, "bob")
    watcher = await Client.connect(server.url)
    await watcher.join(code, "eve", spectator=True)
    people = [host, guest]
    scrapes: list[Scrape] = []
    try:
        await host.configure(**TIMERS)
        for level in ("basic", "random", "basic"):
            await host.add_bot(level)
        await host.until(lambda c: len(c.room["seats"]) == 5)
        assert (await host.configure(deck=DECK))["deck_error"] is None
        await host.start()
        tasks = [asyncio.create_task(random_night(c, random.Random(rng.random()))) for c in people]
        await watcher.until(lambda c: c.phase == Phase.NIGHT, 30)
        async with httpx.AsyncClient() as http:
            seen = -2
            while True:
                await watcher.until(lambda c, s=seen: c.phase != Phase.NIGHT or c.turn != s, 30)
                if watcher.phase != Phase.NIGHT:
                    break
                seen = watcher.turn if watcher.turn is not None else -1
                metrics = (await http.get(server.metrics)).text
                health = (await http.get(f"{server.http}/api/health")).json()
                status = (await http.get(f"{server.http}/api/rooms/{code}/status")).json()
                scrapes.append((seen, series(metrics), (health, status)))
            await asyncio.gather(*tasks)
            scrapes.append((-9, series((await http.get(server.metrics)).text), None))
        return scrapes, await holders(server, code)
    finally:
        await close_all(people, [watcher])


async def holders(server: Server, code: str) -> dict[int, str]:
    """Who chose in each turn of the night: ``bot``, ``person`` (no entry: nobody, the
    card lies in the center or the turn only teaches)."""
    events = await stored(server.db, code)
    bots: set[int] = set()
    out: dict[int, str] = {}
    members: dict[int, bool] = {}
    for e in events:
        if isinstance(e, ev.Joined):
            members[e.member] = e.bot is not None
        elif isinstance(e, ev.Started):
            bots = {seat for seat, m in enumerate(e.seats) if members.get(m)}
        elif isinstance(e, ev.Acted):
            out[e.turn] = "bot" if e.seat in bots else "person"
    return out


Game = tuple[list[Scrape], dict[int, str]]


def moves_by_holder(games: list[Game]) -> dict[str, dict[str, list[bool]]]:
    """For each series: whether it moved during each turn (from the scrape as it opened
    to the next one), by who held the turn's card (the deal's scrape is not a turn's)."""
    out: dict[str, dict[str, list[bool]]] = {}
    for scrapes, who in games:
        turns = [s for s in scrapes if s[0] >= 0] + scrapes[-1:]
        for (turn, before, _), (_, after, _) in itertools.pairwise(turns):
            holder = who.get(turn, "nobody")
            for key in set(before) | set(after):
                moved = before.get(key, 0.0) != after.get(key, 0.0)
                out.setdefault(key, {}).setdefault(holder, []).append(moved)
    return out


async def test_metrics_health_and_status_move_alike_whoever_holds_the_turns_card(
    server: Server,
) -> None:
    """Every series of ``/metrics`` moves (or not) in the turns a person's, a bot's or
    no one's card opens alike: a series that moved in most turns of one kind and few of
    another (``type="act"`` moved in 138 of 138 turns where a person acted and in none
    of 562 where nobody did, issue 37) fails. ``/api/health`` and the room's status say
    the same thing at every turn of a night, and the log says nothing."""
    rng = random.Random(37)
    logged = server.log.stat().st_size
    games = [await one_game(server, rng) for _ in range(GAMES)]
    # the log at its default level: not a line about these games (uvicorn logs no access)
    assert server.log.read_bytes()[logged:].strip() == b""
    by_holder = moves_by_holder(games)
    holders_seen = {h for kinds in by_holder.values() for h in kinds}
    assert holders_seen == {"bot", "person", "nobody"}, holders_seen
    telling = {}
    for key, kinds in by_holder.items():
        rates = {h: sum(m) / len(m) for h, m in kinds.items() if len(m) >= 3}
        if rates and max(rates.values()) - min(rates.values()) > 0.5:
            telling[key] = rates
    assert not telling, telling
    for scrapes, _ in games:
        others = {repr(o) for turn, _, o in scrapes if turn >= 0}
        assert len(others) == 1, others  # health and status: the same all night


async def test_metrics_are_not_served_on_the_players_port(server: Server) -> None:
    async with httpx.AsyncClient() as http:
        assert (await http.get(f"{server.http}/metrics")).status_code == 404
        assert (await http.get(server.metrics)).status_code == 200
        assert (await http.get(server.metrics.replace("/metrics", "/"))).status_code == 404


def test_the_metrics_address_is_loopback_beside_the_game_unless_told() -> None:
    from onenight.server.exposition import parse_address

    assert parse_address("127.0.0.1", 8000) == ("127.0.0.1", 18000)  # the default
    assert parse_address("10.0.0.5:9100", 8000) == ("10.0.0.5", 9100)
    assert parse_address("[::1]:9100", 8000) == ("::1", 9100)
    assert parse_address("::1", 8001) == ("::1", 18001)
    assert parse_address("off", 8000) is None
    with pytest.raises(ValueError):
        parse_address("127.0.0.1:port", 8000)
