"""A quiet room beside a busy one in the same process: the quiet room's round trips
(p50/p99 of a ``ping``, 10 a second) alone, then while another room's 48 connections
send 19 messages a second each, with each room's share of the process
(``--room-message-rate 100``, the default) and without it (0).

    python benchmarks/fair_rooms.py [--seconds 10] [--flooders 48] [--port 8636]

A real server process on loopback; the per-member and per-address rates are turned off
(``--message-rate 0 --address-message-rate 0``) so that the flood is the issue's (issue
37: the quiet room went from p50 2.3 / p99 77 ms to p50 52 / p99 535 ms).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from onenight.client import Client


async def quiet_pings(url: str, seconds: float) -> list[float]:
    a = await Client.connect(url)
    await a.create("quiet")
    times = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.perf_counter()
        await a.ping()
        times.append((time.perf_counter() - began) * 1000)
        await asyncio.sleep(0.1)
    await a.close()
    return times


async def flood(url: str, n: int, stop: asyncio.Event) -> int:
    host = await Client.connect(url)
    await host.create("busy")
    code, token = host.room_code or "", host.token or ""
    clients = [host]
    for _ in range(n - 1):
        c = await Client.connect(url)
        await c.resume(code, token)
        clients.append(c)
    sent = 0

    async def one(c: Client) -> None:
        nonlocal sent
        while not stop.is_set():
            await c.send({"type": "ping"})  # not waiting for the answer, as a flooder
            sent += 1
            await asyncio.sleep(1 / 19)

    await asyncio.gather(*(one(c) for c in clients))
    for c in clients:
        await c.close()
    return sent


async def run(url: str, seconds: float, flooders: int) -> None:
    alone = await quiet_pings(url, seconds)
    stop = asyncio.Event()
    flooding = asyncio.create_task(flood(url, flooders, stop))
    await asyncio.sleep(2)  # the flooders connected and sending
    beside = await quiet_pings(url, seconds)
    stop.set()
    await flooding
    for label, times in (("alone", alone), ("beside the flood", beside)):
        q = statistics.quantiles(times, n=100)
        print(
            f"  quiet room {label:17} p50 {statistics.median(times):7.1f} ms  p99 {q[98]:7.1f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--flooders", type=int, default=48)
    parser.add_argument("--port", type=int, default=8636)
    args = parser.parse_args()
    for share in ("0", "100"):
        print(f"--room-message-rate {share}:")
        with tempfile.TemporaryDirectory() as tmp:
            db = f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}"
            cmd = [sys.executable, "-m", "onenight.server", "--port", str(args.port)]
            cmd += ["--db", db, "--message-rate", "0", "--address-message-rate", "0"]
            cmd += ["--joins-per-minute", "0", "--room-message-rate", share]
            server = subprocess.Popen(cmd, env=os.environ, stdout=subprocess.DEVNULL)
            try:
                for _ in range(300):
                    try:
                        httpx.get(f"http://127.0.0.1:{args.port}/api/health", timeout=1)
                        break
                    except httpx.HTTPError:
                        time.sleep(0.1)
                asyncio.run(run(f"ws://127.0.0.1:{args.port}/ws", args.seconds, args.flooders))
            finally:
                server.terminate()
                server.wait(15)


if __name__ == "__main__":
    main()
