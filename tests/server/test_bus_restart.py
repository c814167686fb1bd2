"""Redis restarts, empty, in the middle of a game (as the machine's Redis, which keeps
nothing on disk, does when it restarts): the bus is for fan-out and ownership, and the
truth is in PostgreSQL, so the game must go on. Three server processes share a Redis of
this test's own (killed with ``kill -9`` and started again on the same port, empty) and
the machine's PostgreSQL; a 10-player room's members are spread over the three. The game
must finish with every acked choice in the log and every member's frames numbered 1, 2,
3, … with no repeat and no gap (a frame lost while the bus was down is sent again, or the
member gets its full view in its place: never a frozen or a half-told room).
"""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from onenight.rules import Phase

from .conftest import PG_URL, Server, free_port, pg_reachable, reset_pg, stop_all
from .test_cluster import night_game


class PrivateRedis:
    """A redis-server of the test's own on a free port, keeping nothing on disk."""

    def __init__(self, tmp: Path) -> None:
        self.port = free_port()
        self.tmp = tmp
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        cmd = ["redis-server", "--port", str(self.port), "--save", "", "--appendonly", "no"]
        cmd += ["--dir", str(self.tmp)]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.02)
        raise RuntimeError("redis-server did not start")

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def bus(tmp_path: Path) -> Iterator[PrivateRedis]:
    if shutil.which("redis-server") is None or not pg_reachable():
        pytest.skip("needs redis-server and the machine's PostgreSQL (scripts/services.sh)")
    redis = PrivateRedis(tmp_path)
    redis.start()
    yield redis
    redis.kill()


@pytest.fixture
def cluster(bus: PrivateRedis, tmp_path: Path) -> Iterator[list[Server]]:
    reset_pg()
    group = [Server(PG_URL, tmp_path / f"server{i}.log", bus=bus.url) for i in range(3)]
    for s in group:
        s.spawn()
    for s in group:
        s.wait_ready()
    yield group
    stop_all(group)


async def test_a_game_goes_on_when_redis_restarts_empty(
    bus: PrivateRedis, cluster: list[Server]
) -> None:
    async with night_game(cluster) as game:
        bus.kill()  # every lease, kept frame and subscription gone at once
        await asyncio.sleep(1.0)
        bus.start()  # back, empty
        await game.host.until(lambda c: c.phase == Phase.VOTE, 90)
        await game.finish()


async def test_a_game_goes_on_when_redis_and_the_rooms_owner_die_together(
    bus: PrivateRedis, cluster: list[Server]
) -> None:
    """The worst moment: Redis and the room's owner die together (``kill -9`` both), and
    Redis comes back empty. No renewal takes the lease back and no list names the room
    any more: a live process sees that Redis lost its data, lists the store's open rooms
    again, and takes the room over; the game ends as if only the owner had died."""
    async with night_game(cluster) as game:
        owner = next(s for s in cluster if httpx.get(f"{s.http}/api/health").json()["rooms"])
        owner.kill()
        bus.kill()
        await asyncio.sleep(1.0)
        bus.start()  # back, empty
        await game.host.until(lambda c: c.phase == Phase.VOTE, 90)
        assert not owner.alive()
        await game.finish()
