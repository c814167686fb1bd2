"""Room codes that cannot be walked (docs/security.md, docs/deploy.md; issue 37 point 6):
a code that finds no room costs its address a guess (``--guesses-per-minute``), an
address whose guesses are spent is refused every look-up — a known code answers as an
unknown one does then — and a closed room answers exactly as a code never used."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import httpx
import pytest

from onenight.client import Client, ServerError
from onenight.session.protocol import CODE_LENGTH, CODE_LETTERS

from .conftest import Server, started

IDLE = 1.0  #: seconds before a room nobody is in closes (this server's --idle)
#: this server's guesses a minute: a burst of one, the next in a minute (longer than the
#: test), so that each address below guesses wrong once and is then refused
PER_MINUTE = 1


def unknown(rng: random.Random, taken: set[str]) -> str:
    while (code := "".join(rng.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))) in taken:
        pass
    return code


def alike(answer: httpx.Response, code: str) -> tuple[int, str, str | None]:
    """What an answer says, its room code taken out."""
    cache = answer.headers.get("cache-control")
    return answer.status_code, answer.text.replace(code, "CODE"), cache


async def get(srv: Server, path: str, source: str = "127.0.0.1") -> httpx.Response:
    """A GET from this loopback address (each has its own guesses)."""
    transport = httpx.AsyncHTTPTransport(local_address=source)
    async with httpx.AsyncClient(base_url=srv.http, transport=transport) as http:
        return await http.get(path)


async def test_guesses_are_bounded_and_a_closed_room_reads_as_none(
    own: list[Server], tmp_path: Path
) -> None:
    srv = started(tmp_path, "--idle", str(IDLE), "--guesses-per-minute", str(PER_MINUTE))
    own.append(srv)
    rng = random.Random(37)
    ann = await Client.connect(srv.url)
    await ann.create("ann")  # online: her room stays open
    kept = ann.room_code or ""
    try:
        async with httpx.AsyncClient(base_url=srv.http, headers={"Origin": srv.http}) as http:
            closing = (await http.post("/api/rooms", json={"name": "bob"})).json()["room"]
        made = {kept, closing}
        # bob never connects: his room closes after --idle. Waited for (many times
        # --idle, for a slow machine); looking at an open room costs no guess.
        for _ in range(600):
            if not (await get(srv, f"/api/rooms/{closing}/status", "127.0.0.9")).json()["open"]:
                break
            await asyncio.sleep(IDLE / 10)
        never = unknown(rng, made)
        paths = ("/api/rooms/{}/status", "/api/rooms/{}", "/api/rooms/{}/result")
        for i, path in enumerate(paths):  # one wrong guess from each address
            closed = await get(srv, path.format(closing), f"127.0.0.{10 + 2 * i}")
            none = await get(srv, path.format(never), f"127.0.0.{11 + 2 * i}")
            assert closed.status_code in (200, 404), closed.text
            assert alike(closed, closing) == alike(none, never), path
        # An address whose guess is spent: every look-up now waits, an open room's too
        # (else a 429 would say "no room" and a 200 "a room").
        source = "127.0.0.20"
        assert (await get(srv, f"/api/rooms/{kept}/status", source)).json()["open"] is True
        first = await get(srv, f"/api/rooms/{unknown(rng, made)}/status", source)
        assert first.status_code == 200 and first.json()["open"] is False
        again = await get(srv, f"/api/rooms/{unknown(rng, made)}/status", source)
        assert again.status_code == 429 and again.json()["detail"]["code"] == "rate_limited"
        for path in paths:
            assert (await get(srv, path.format(kept), source)).status_code == 429, path
        # and a join over the WebSocket, to a room that exists (from 127.0.0.1)
        assert (await get(srv, f"/api/rooms/{never}/status")).status_code == 200
        guest = await Client.connect(srv.url)
        with pytest.raises(ServerError) as join:
            await guest.join(kept, "cy")
        assert join.value.code == "rate_limited"
        await guest.close()
    finally:
        await ann.close()
