"""Members that read nothing, sent 10 KB voice offers: the server process's memory
(RSS, from /proc) before, at its highest and at the end, and how many of the readers
it cut off (close 1013: their queue passed its bound in frames or in bytes).

    python benchmarks/slow_readers.py [--rooms 3] [--mute 10] [--seconds 30] [--port 8634]

A real server process on loopback; in each room one player sends offers (18 a second,
within the message rate) to its ``--mute`` members in turn, whose sockets read nothing
(a 4 KB receive buffer). Issue 37: 30 such members took a process from 82 MB to 354 MB
in 60 s when a member's queue was bounded in frames only (2,000 of them).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect

from onenight.client import Client

SDP = "v=0\r\n" + "a" * 9_990


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def mute_member(port: int, code: str, name: str) -> tuple[ClientConnection, int]:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    ws = await connect(f"ws://127.0.0.1:{port}/ws", sock=sock, max_size=2**22)
    await ws.send(orjson.dumps({"type": "join", "room": code, "name": name}).decode())
    return ws, orjson.loads(await ws.recv())["member"]


async def attack(port: int, pid: int, rooms: int, mute: int, seconds: float) -> None:
    url = f"ws://127.0.0.1:{port}/ws"
    senders, targets, sockets = [], [], []
    for r in range(rooms):
        sender = await Client.connect(url)
        await sender.create(f"sender{r}")
        members = []
        for i in range(mute):
            ws, member = await mute_member(port, sender.room_code or "", f"mute{i}")
            sockets.append(ws)
            members.append(member)
        senders.append(sender)
        targets.append(members)
    start = rss_mb(pid)
    peak = start
    end_at = time.monotonic() + seconds
    k = sent = refused = 0
    while time.monotonic() < end_at:
        for sender, members in zip(senders, targets, strict=True):
            try:
                await sender.signal(members[k % len(members)], "offer", SDP)
                sent += 1
            except Exception:
                refused += 1  # the member was cut off (no longer online to talk to)
        k += 1
        peak = max(peak, rss_mb(pid))
        await asyncio.sleep(1 / 18)
    online = sum(
        m["online"] for s in senders for m in s.room["members"] if m["name"].startswith("mute")
    )
    print(
        f"RSS {start:.0f} MB before, {peak:.0f} MB at most, {rss_mb(pid):.0f} MB at the end; "
        f"{sent} offers relayed ({sent * len(SDP) / 1e6:.0f} MB), {refused} refused; "
        f"{rooms * mute - online} of {rooms * mute} readers cut off"
    )
    for ws in sockets:
        ws.transport.abort()
    for s in senders:
        await s.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=3)
    parser.add_argument("--mute", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--port", type=int, default=8634)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}"
        cmd = [sys.executable, "-m", "onenight.server", "--port", str(args.port), "--db", db]
        cmd += ["--joins-per-minute", "0", "--creates-per-minute", "0"]
        server = subprocess.Popen(cmd, env=os.environ, stdout=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    httpx.get(f"http://127.0.0.1:{args.port}/api/health", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            asyncio.run(attack(args.port, server.pid, args.rooms, args.mute, args.seconds))
        finally:
            server.terminate()
            server.wait(15)


if __name__ == "__main__":
    main()
