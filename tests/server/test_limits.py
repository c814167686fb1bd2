"""Abuse limits: creations and joins per address, rooms per process, idle rooms close."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest

from onenight.client import Client, ServerError
from onenight.cluster.buckets import PerAddress, TokenBucket

from .conftest import REDIS_URL, Server, redis_reachable


def test_a_bucket_per_address_refills_with_time() -> None:
    bucket = PerAddress(per_minute=60, burst=2)
    assert bucket.take("a", now=0) and bucket.take("a", now=0)
    assert not bucket.take("a", now=0)  # the burst is spent
    assert bucket.take("b", now=0)  # another address has its own
    assert bucket.take("a", now=1.01)  # one a second comes back
    assert PerAddress(per_minute=0).take("a", now=0)  # 0: no limit
    assert PerAddress(per_minute=60).take(None, now=0)  # no address: not limited


def test_a_refusal_costs_nothing_unless_the_bucket_keeps_debts() -> None:
    """A player refused a join is not punished for asking again once its token is back;
    a connection that floods past its refusals sinks into debt (and is cut off)."""
    fair, strict = TokenBucket(1.0, 1.0), TokenBucket(1.0, 1.0, debt=True)
    for bucket in (fair, strict):
        assert bucket.take(0.0)
        assert not any(bucket.take(0.0) for _ in range(5))
    assert fair.take(1.0)  # a second later: one token back
    assert not strict.take(1.0) and strict.tokens == -5  # still paying for the flood


def test_a_forgotten_address_starts_again_with_a_full_bucket() -> None:
    bucket = PerAddress(per_minute=60, burst=1, size=2)
    assert bucket.take("a", 0) and not bucket.take("a", 0)
    assert bucket.take("b", 0) and bucket.take("c", 0)  # "a" is the least recent: forgotten
    assert bucket.take("a", 0)


#: (seconds, per minute) for the same address: bursts, waits, a clock stepping back
#: (rates and times exact in binary: Redis keeps the tokens as text)
SEQUENCE = [(t, 15.0) for t in [0] * 8 + [1, 4, 4, 5, 5] + [30] * 8 + [26, 34, 34, 35, 36, 37]]
SEQUENCE += [(100 + t * 0.5, 7.5) for t in range(14)]


async def test_the_redis_bucket_and_the_local_one_agree() -> None:
    """Several processes share one bucket per address in Redis (a Lua script): it says
    what one process's bucket says, at every step of the same sequence of requests, and
    a request that only asks takes nothing in either."""
    if not redis_reachable():
        pytest.skip(f"Redis is not reachable at {REDIS_URL} (run scripts/services.sh)")
    from redis.asyncio import Redis

    from onenight.cluster.redis import BUCKET

    redis = Redis.from_url(REDIS_URL)
    script = redis.register_script(BUCKET)
    try:
        for per_minute in {p for _, p in SEQUENCE}:
            await redis.delete(f"test:bucket:{per_minute}")
            local = PerAddress(per_minute)
            # every third request only asks (take=False: a look-up's check of guesses)
            steps = [(t, p, i % 3 != 2) for i, (t, p) in enumerate(SEQUENCE) if p == per_minute]
            shared = [
                bool(
                    await script(
                        keys=[f"test:bucket:{p}"], args=[t, p / 60, local.burst, int(take)]
                    )
                )
                for t, p, take in steps
            ]
            assert shared == [local.take("a", t, take) for t, _, take in steps]
            assert True in shared and False in shared  # the sequence reaches both answers
    finally:
        await redis.delete(*(f"test:bucket:{p}" for _, p in SEQUENCE))
        await redis.aclose()


def limited(tmp_path: Path, *args: str) -> Server:
    server = Server("memory://", tmp_path / "server.log")
    server.start_args = list(args)
    server.start()
    return server


async def test_room_creations_per_address_are_limited(tmp_path: Path) -> None:
    server = limited(tmp_path, "--creates-per-minute", "6")  # bursts of 3
    try:
        async with httpx.AsyncClient(base_url=server.http) as http:
            codes = [
                (await http.post("/api/rooms", json={"name": f"p{i}"})).status_code
                for i in range(3)
            ]
            assert codes == [201, 201, 201]
            refused = await http.post("/api/rooms", json={"name": "p9"})
            assert refused.status_code == 429
            assert refused.json()["detail"]["code"] == "rate_limited"
        c = await Client.connect(server.url)
        try:
            with pytest.raises(ServerError) as err:
                await c.create("ws")
            assert err.value.code == "rate_limited"
        finally:
            await c.close()
    finally:
        server.stop()


async def test_rooms_per_process_are_capped(tmp_path: Path) -> None:
    server = limited(tmp_path, "--max-rooms", "2", "--creates-per-minute", "0")
    try:
        async with httpx.AsyncClient(base_url=server.http) as http:
            for i in range(2):
                assert (await http.post("/api/rooms", json={"name": f"p{i}"})).status_code == 201
            full = await http.post("/api/rooms", json={"name": "p3"})
            assert full.status_code == 503 and full.json()["detail"]["code"] == "full"
    finally:
        server.stop()


async def test_an_idle_room_closes_and_a_room_in_use_does_not(tmp_path: Path) -> None:
    server = limited(tmp_path, "--idle", "1", "--creates-per-minute", "0")
    try:
        async with httpx.AsyncClient(base_url=server.http) as http:
            idle = (await http.post("/api/rooms", json={"name": "ann"})).json()["room"]
            used = await Client.connect(server.url)
            await used.create("bob")
            await asyncio.sleep(2.0)
            assert (await http.get(f"/api/rooms/{idle}")).status_code == 404
            assert (await http.get(f"/api/rooms/{used.room_code}")).status_code == 200
            await used.close()
    finally:
        server.stop()
