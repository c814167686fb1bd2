"""Scripted players for the server tests: random legal choices, over real WebSockets."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from onenight.client import Client
from onenight.randomplay import random_player
from onenight.rules import EDITIONS, default_deck, validate_deck
from onenight.session import events as ev
from onenight.session.room import Room
from onenight.storage import open_store

FAST = {"turn": 0.25, "jitter": 0.05, "day": 0.2, "vote": 3.0}


async def make_room(
    url: str | list[str],
    n: int,
    *,
    edition: str = "ultimate",
    deck: list[str] | None = None,
    spectators: int = 0,
    record: bool = False,
    timers: dict[str, float] | None = None,
) -> tuple[list[Client], list[Client]]:
    """A room with ``n`` players (the first is the host) and configured settings. With
    several URLs (server processes of one cluster), member ``i`` connects to ``i % k``."""
    urls = [url] if isinstance(url, str) else url
    host = await Client.connect(urls[0], record=record)
    await host.create("p0")
    code = host.room_code
    assert code is not None
    players = [host]
    for i in range(1, n):
        c = await Client.connect(urls[i % len(urls)], record=record)
        await c.join(code, f"p{i}")
        players.append(c)
    watchers = []
    for i in range(spectators):
        c = await Client.connect(urls[(n + i) % len(urls)], record=record)
        await c.join(code, f"watcher{i}", spectator=True)
        watchers.append(c)
    settings: dict[str, Any] = {"edition": edition, **(timers or FAST)}
    settings["deck"] = _counts(deck if deck is not None else legal_default(edition, n))
    ack = await host.configure(**settings)
    assert ack["deck_error"] is None, ack
    return players, watchers


def _counts(deck: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for role in deck:
        counts[role] = counts.get(role, 0) + 1
    return counts


def legal_default(edition: str, n: int) -> list[str]:
    """The engine's default deck, or a legal one close to it (japanese 7 has 8 cards)."""
    deck = list(default_deck(edition, n))
    try:
        validate_deck(edition, n, deck)
    except Exception:
        return random_deck(edition, n, random.Random(n))
    return deck


def random_deck(edition: str, n: int, rng: random.Random) -> list[str]:
    """A random legal deck for ``n`` players (the edition's default if none is found)."""
    ed = EDITIONS[edition]
    roles = sorted(ed.roles)
    for _ in range(300):
        deck = [rng.choice(roles) for _ in range(n + ed.center)]
        try:
            validate_deck(edition, n, deck)
        except Exception:
            continue
        return deck
    raise AssertionError(f"no legal deck found for {edition} with {n} players")


bot = random_player  #: a scripted player: random legal choices, one random vote


async def play(players: list[Client], seed: int = 0, talk: bool = False) -> None:
    """Start a game (the host is players[0]) and play it to its end."""
    await players[0].start()
    await play_on(players, seed, talk)


async def play_on(players: list[Client], seed: int = 0, talk: bool = False) -> None:
    rng = random.Random(seed)
    bots = [bot(c, random.Random(rng.random()), talk=talk) for c in players]
    await asyncio.gather(*bots)


async def close_all(*groups: list[Client]) -> None:
    for group in groups:
        for c in group:
            await c.close()


async def stored(db: str, code: str) -> list[ev.RoomEvent]:
    """A room's events as the server stored them (the truth the tests check against)."""
    store = open_store(db)
    await store.open()
    try:
        return [ev.parse(e.kind, e.data) for e in await store.events(code)]
    finally:
        await store.close()


def replayed(code: str, events: list[ev.RoomEvent]) -> Room:
    """The room these events make."""
    room = Room(code)
    for e in events:
        room.apply(e, 0.0)
    return room
