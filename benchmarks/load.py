"""Load benchmark (bounded, loopback only): N rooms x P scripted players through
``onenight.client`` play complete games with short timers against a real server process,
then the same clients talk to a bare WebSocket broadcast server, in the same run.

    python benchmarks/load.py --rooms 200 --players 8

Prints games completed, messages/s, and p50/p99 latency from a chat message sent to the
last room member receiving it (the action whose effect reaches every member), for both
servers, and their ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

from onenight.client import Client
from onenight.randomplay import random_night

TIMERS = {"turn": 1.0, "jitter": 0.5, "day": 60.0, "vote": 20.0}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    frames: int = 0
    games: int = 0
    errors: int = 0


class Room:
    """One room's clients and the chat messages in flight (text -> sent, receivers)."""

    def __init__(self, clients: list[Client], stats: Stats) -> None:
        self.clients = clients
        self.stats = stats
        self.pending: dict[str, tuple[float, int]] = {}
        for c in clients:
            c.on_frame = self.on_frame

    def on_frame(self, frame: dict[str, Any], now: float) -> None:
        self.stats.frames += 1
        text = frame.get("text")
        if frame.get("type") == "chat" and text in self.pending:
            sent, left = self.pending[text]
            if left == 1:
                del self.pending[text]
                self.stats.latencies.append(now - sent)
            else:
                self.pending[text] = (sent, left - 1)

    async def say(self, c: Client, text: str) -> None:
        self.pending[text] = (time.perf_counter(), len(self.clients))
        await c.chat(text)

    async def talk(self, rounds: int, gap: float, rng: random.Random) -> None:
        async def speaker(i: int, c: Client) -> None:
            for r in range(rounds):
                await asyncio.sleep(rng.uniform(0, 2 * gap))
                await self.say(c, f"{id(self)}-{i}-{r}")

        await asyncio.gather(*(speaker(i, c) for i, c in enumerate(self.clients)))
        for _ in range(200):  # let the last messages land
            if not self.pending:
                break
            await asyncio.sleep(0.01)


async def open_room(url: str, players: int, gate: asyncio.Semaphore) -> list[Client]:
    async with gate:
        host = await Client.connect(url)
        await host.create("p0")
        clients = [host]
        for i in range(1, players):
            c = await Client.connect(url)
            await c.join(host.room_code or "", f"p{i}")
            clients.append(c)
        return clients


async def full_game(room: Room, rounds: int, gap: float, rng: random.Random) -> None:
    host = room.clients[0]
    await host.configure(edition="ultimate", **TIMERS)
    await host.start()

    await asyncio.gather(*(random_night(c, rng) for c in room.clients))
    await host.until(lambda c: c.phase == "day", 120)
    await room.talk(rounds, gap, rng)
    await host.end_day()
    for c in room.clients:
        await c.until(lambda c: c.phase in ("vote", "end"), 120)
        if c.phase == "vote":
            await c.vote(rng.choice(c.choices())["target"])
    await host.until(lambda c: c.phase == "end", 120)
    room.stats.games += 1


async def open_rooms(url: str, args: argparse.Namespace, stats: Stats) -> list[Room]:
    gate = asyncio.Semaphore(20)
    rooms_clients = await asyncio.gather(
        *(open_room(url, args.players, gate) for _ in range(args.rooms))
    )
    return [Room(cs, stats) for cs in rooms_clients]


async def close_rooms(rooms: list[Room]) -> None:
    for r in rooms:
        for c in r.clients:
            await c.close()


async def run_onenight(url: str, args: argparse.Namespace) -> tuple[Stats, float]:
    """Complete games, with the day's chat timed."""
    stats = Stats()
    rooms = await open_rooms(url, args, stats)
    rng = random.Random(1)
    t0 = time.perf_counter()
    done, _ = await asyncio.wait(
        [asyncio.create_task(full_game(r, args.rounds, args.gap, rng)) for r in rooms],
        timeout=args.timeout,
    )
    elapsed = time.perf_counter() - t0
    stats.errors += sum(1 for task in done if task.exception() is not None)
    await close_rooms(rooms)
    return stats, elapsed


async def run_bare(url: str, args: argparse.Namespace) -> tuple[Stats, float]:
    """The same chat through the bare broadcast server."""
    stats = Stats()
    rooms = await open_rooms(url, args, stats)
    rng = random.Random(1)
    t0 = time.perf_counter()
    await asyncio.wait_for(
        asyncio.gather(*(r.talk(args.rounds, args.gap, rng) for r in rooms)), args.timeout
    )
    elapsed = time.perf_counter() - t0
    await close_rooms(rooms)
    return stats, elapsed


# ----- the bare broadcast server: join/create and chat, nothing else -----


async def bare_server(port: int) -> None:
    from websockets.asyncio.server import ServerConnection, serve

    rooms: dict[str, set[ServerConnection]] = {}
    counter = iter(range(1, 10**9))

    async def handler(ws: ServerConnection) -> None:
        room: set[ServerConnection] | None = None
        async for raw in ws:
            msg = json.loads(raw)
            kind, ref = msg.get("type"), msg.get("ref")
            if kind in ("create", "join"):
                code = msg.get("room") or f"R{next(counter)}"
                room = rooms.setdefault(code, set())
                room.add(ws)
                await ws.send(
                    json.dumps(
                        {
                            "type": "ack",
                            "ref": ref,
                            "room": code,
                            "member": next(counter),
                            "token": "-",
                        }
                    )
                )
            elif kind == "chat" and room is not None:
                frame = json.dumps({"type": "chat", "text": msg["text"]})
                for peer in list(room):
                    await peer.send(frame)
                await ws.send(json.dumps({"type": "ack", "ref": ref}))

    async with serve(handler, "127.0.0.1", port, max_size=2**16, compression=None):
        await asyncio.Future()


def start(cmd: list[str], port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(cmd)
    for _ in range(300):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"server did not start: {cmd}")


def summary(name: str, stats: Stats, elapsed: float) -> dict[str, float]:
    lat = sorted(stats.latencies) or [float("nan")]
    p50 = statistics.median(lat) * 1000
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
    rate = stats.frames / elapsed if elapsed else 0.0
    print(
        f"{name:9} games={stats.games:4d} errors={stats.errors:3d} messages/s={rate:8.0f} "
        f"latency p50={p50:6.1f} ms p99={p99:6.1f} ms ({len(stats.latencies)} samples, "
        f"{elapsed:.1f} s)"
    )
    return {"p50": p50, "p99": p99, "rate": rate}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3, help="chat messages per player")
    parser.add_argument("--gap", type=float, default=3.0, help="mean seconds between them")
    parser.add_argument("--timeout", type=float, default=120.0, help="bound per phase")
    parser.add_argument("--profile", help="write a pyinstrument report of the server here")
    parser.add_argument("--bare-server", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.bare_server:
        asyncio.run(bare_server(args.bare_server))
        return
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        db = f"sqlite+aiosqlite:///{tmp}/load.db"
        cmd = [sys.executable, "-m", "onenight.server", "--port", str(port), "--db", db]
        if args.profile:  # the server under pyinstrument; its report is written at exit
            cmd[1:1] = ["-m", "pyinstrument", "-o", args.profile]
        server = start(cmd, port)
        try:
            ours = asyncio.run(run_onenight(f"ws://127.0.0.1:{port}/ws", args))
        finally:
            server.send_signal(signal.SIGINT)
            server.wait()
    port = free_port()
    bare = start([sys.executable, __file__, "--bare-server", str(port)], port)
    try:
        theirs = asyncio.run(run_bare(f"ws://127.0.0.1:{port}", args))
    finally:
        bare.terminate()
        bare.wait()
    print(f"rooms={args.rooms} players={args.players} chat rounds={args.rounds}")
    a = summary("onenight", *ours)
    b = summary("bare", *theirs)
    print(
        f"ratio onenight/bare: p50 x{a['p50'] / b['p50']:.2f}  p99 x{a['p99'] / b['p99']:.2f}  "
        f"messages/s x{a['rate'] / b['rate']:.2f}"
    )


if __name__ == "__main__":
    main()
