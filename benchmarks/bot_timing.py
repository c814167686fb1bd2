"""When the frame opening a night turn arrives, by who holds the turn's card: a bot, a
person, or nobody (the center, or a turn that only teaches). A real server process
(``python -m onenight.server`` on loopback), games of two people and three ``basic``
bots, and a spectator whose every state frame is stamped as it arrives; the delay is
that moment less the previous turn's deadline (the server's own clock, one machine).

    python benchmarks/bot_timing.py [--games 70] [--port 8630]

Prints the median and p90 delay (ms) for each holder and a two-sided Mann-Whitney test
(normal approximation) of bot-held against nobody's turns: a small p says the frame's
moment tells that a bot holds the card (issue 37: 1.43 ms against 0.78 ms, p = 0.0006
over 70 games, when a bot's move was stored before the frames left).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from onenight.client import Client
from onenight.randomplay import random_night
from onenight.rules import Phase
from onenight.session import events as ev
from onenight.storage import open_store

TIMERS = {"turn": 0.3, "jitter": 0.05, "day": 0.2, "vote": 3.0}
DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "drunk": 1, "insomniac": 1}
DECK["villager"] = 1


def mann_whitney(a: list[float], b: list[float]) -> float:
    """Two-sided p of the Mann-Whitney U test (normal approximation, ties averaged)."""
    both = sorted([(x, 0) for x in a] + [(x, 1) for x in b])
    ranks = [0.0] * len(both)
    i = 0
    while i < len(both):
        j = i
        while j + 1 < len(both) and both[j + 1][0] == both[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[k] = (i + j) / 2 + 1
        i = j + 1
    r1 = sum(r for r, (_, g) in zip(ranks, both, strict=True) if g == 0)
    n1, n2 = len(a), len(b)
    u = r1 - n1 * (n1 + 1) / 2
    mean, sd = n1 * n2 / 2, math.sqrt(n1 * n2 * (n1 + n2 + 1) / 12)
    z = (u - mean) / sd if sd else 0.0
    return math.erfc(abs(z) / math.sqrt(2))


async def holders(db: str, code: str) -> dict[int, str]:
    store = open_store(db)
    await store.open()
    try:
        events = [ev.parse(e.kind, e.data) for e in await store.events(code)]
    finally:
        await store.close()
    bot_members = {e.member for e in events if isinstance(e, ev.Joined) and e.bot}
    bots: set[int] = set()
    out: dict[int, str] = {}
    for e in events:
        if isinstance(e, ev.Started):
            bots = {seat for seat, m in enumerate(e.seats) if m in bot_members}
        elif isinstance(e, ev.Acted):
            out[e.turn] = "bot" if e.seat in bots else "person"
    return out


async def game(url: str, db: str, rng: random.Random) -> list[tuple[str, float]]:
    host = await Client.connect(url)
    await host.create("ann")
    code = host.room_code or ""
    guest = await Client.connect(url)
    await guest.join(code, "bob")
    watcher = await Client.connect(url, record=True)
    await watcher.join(code, "eve", spectator=True)
    try:
        await host.configure(**TIMERS)
        for _ in range(3):
            await host.add_bot("basic")
        await host.until(lambda c: len(c.room["seats"]) == 5)
        await host.configure(deck=DECK)
        offset = time.time() - time.perf_counter()
        await host.start()
        people = [random_night(c, random.Random(rng.random())) for c in (host, guest)]
        await asyncio.gather(*people)
        await watcher.until(lambda c: c.phase != Phase.NIGHT and c.phase is not None, 30)
    finally:
        for c in (host, guest, watcher):
            await c.close()
    who = await holders(db, code)
    out = []
    previous: float | None = None
    for moment, raw in watcher.frames:
        frame = json.loads(raw)
        if frame.get("type") != "state" or frame.get("phase") not in ("night", "day"):
            continue
        turn = frame["turn"] if frame["phase"] == "night" else None
        if turn is not None and turn >= 0 and previous is not None:
            out.append((who.get(turn, "nobody"), (moment + offset - previous) * 1000))
        previous = frame.get("deadline")
    return out


async def run(games: int, port: int, db: str) -> dict[str, list[float]]:
    url = f"ws://127.0.0.1:{port}/ws"
    rng = random.Random(37)
    by: dict[str, list[float]] = {"bot": [], "person": [], "nobody": []}
    for _ in range(games):
        for holder, delay in await game(url, db, rng):
            by[holder].append(delay)
    return by


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=70)
    parser.add_argument("--port", type=int, default=8630)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}"
        cmd = [sys.executable, "-m", "onenight.server", "--port", str(args.port), "--db", db]
        cmd += ["--metrics-address", "off", "--creates-per-minute", "0"]
        cmd += ["--joins-per-minute", "0"]
        server = subprocess.Popen(cmd, env=os.environ, stdout=subprocess.DEVNULL)
        try:
            for _ in range(200):
                try:
                    httpx.get(f"http://127.0.0.1:{args.port}/api/health", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            by = asyncio.run(run(args.games, args.port, db))
        finally:
            server.terminate()
            server.wait(15)
    for holder, delays in by.items():
        if delays:
            q = statistics.quantiles(delays, n=10)
            print(
                f"{holder:7} turns {len(delays):4}  median {statistics.median(delays):6.2f} ms"
                f"  p90 {q[-1]:6.2f} ms"
            )
    if by["bot"] and by["nobody"]:
        print(f"bot against nobody: Mann-Whitney p = {mann_whitney(by['bot'], by['nobody']):.4f}")


if __name__ == "__main__":
    main()
