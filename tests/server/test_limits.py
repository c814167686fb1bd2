"""Abuse limits: creations and joins per address, rooms per process, idle rooms close."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest

from onenight.client import Client, ServerError
from onenight.session.limits import PerAddress

from .conftest import Server


def test_a_bucket_per_address_refills_with_time() -> None:
    bucket = PerAddress(per_minute=60, burst=2)
    assert bucket.take("a", now=0) and bucket.take("a", now=0)
    assert not bucket.take("a", now=0)  # the burst is spent
    assert bucket.take("b", now=0)  # another address has its own
    assert bucket.take("a", now=1.01)  # one a second comes back
    assert PerAddress(per_minute=0).take("a")  # 0: no limit


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
