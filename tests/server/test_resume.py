"""Exactly once, in order: every frame a member gets on its channel carries a number
``n`` (1, 2, … for that member); ``resume`` with the last number seen replays exactly the
frames missed since, when the server still keeps them, and the full view otherwise."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from onenight.client import Client, ServerError

from .conftest import Server
from .helpers import close_all, make_room


def numbers(c: Client) -> list[int]:
    return [
        json.loads(raw)["n"] for _, raw in c.frames if '"n":' in raw and '"ack"' not in raw[:14]
    ]


async def test_frames_are_numbered_one_by_one(server: Server) -> None:
    players, _ = await make_room(server.url, 3, record=True)
    try:
        for i in range(3):
            await players[0].chat(f"line {i}")
        await players[2].until(lambda c: len(c.talk) == 3)
        for c in players:
            got = numbers(c)
            assert got == list(range(got[0], got[0] + len(got)))  # from the first, no gap
    finally:
        await close_all(players)


async def back_after(
    url: str, players: list[Client], lines: int, pause: float = 0.0
) -> tuple[Client, dict[str, Any], int]:
    """The third player leaves; the first says ``lines`` chat lines (``pause`` seconds
    apart); the third resumes on a new connection with the last number it saw: the new
    connection (in ``players``), the resume's ack, and that number."""
    host, away = players[0], players[2]
    await away.until(lambda c: c.last > 0)
    last = away.last
    await away.close()
    for i in range(lines):
        await host.chat(f"while away {i}")
        await asyncio.sleep(pause)
    back = await Client.connect(url, record=True)
    players[2] = back
    ack = await back.resume(host.room_code or "", away.token or "", last=last)
    return back, ack, last


async def test_a_resume_replays_exactly_the_missed_frames(server: Server) -> None:
    players, _ = await make_room(server.url, 3)
    try:
        back, ack, last = await back_after(server.url, players, 3)
        await back.until(lambda c: sum(e.get("text", "").startswith("while") for e in c.talk) == 3)
        got = numbers(back)
        assert ack["replayed"] == len(got[: ack["replayed"]]) > 0
        assert got == list(range(last + 1, last + 1 + len(got)))  # no gap, nothing twice
        kinds = [json.loads(raw)["type"] for _, raw in back.frames if '"n":' in raw]
        assert "log" not in kinds[: ack["replayed"]]  # not the full view: the missed frames
        assert back.duplicates == 0
    finally:
        await close_all(players)


async def test_after_a_restart_the_full_view_numbered_on(tmp_path: Path) -> None:
    server = Server(f"sqlite+aiosqlite:///{tmp_path / 's.db'}", tmp_path / "server.log")
    server.start()
    players, _ = await make_room(server.url, 3)
    try:
        code, token = players[1].room_code or "", players[1].token or ""
        await players[1].until(lambda c: c.last > 0)
        last = players[1].last
        server.kill()
        await close_all(players)
        server.start()
        back = await Client.connect(server.url, record=True)
        players = [back]
        ack = await back.resume(code, token, last=last)
        assert "replayed" not in ack
        await back.until(lambda c: c.room is not None and c.talk is not None and c.last > last)
        assert numbers(back)[0] == last + 1 and back.duplicates == 0
    finally:
        await close_all(players)
        server.stop()


async def test_a_resume_past_the_kept_frames_gets_the_full_view_once(server: Server) -> None:
    """More frames missed than the server keeps (32): the full view, numbered on, once;
    its first frame's distance from ``last`` is no gap to fill."""
    players, _ = await make_room(server.url, 3)
    host = players[0]
    try:
        back, ack, last = await back_after(server.url, players, 40, 0.06)  # under the rate
        assert "replayed" not in ack
        await back.until(lambda c: c.talk is not None and len(c.talk) >= 40)
        await host.chat("after")
        await back.until(lambda c: any(e.get("text") == "after" for e in c.talk or []))
        kinds = [json.loads(raw)["type"] for _, raw in back.frames if '"n":' in raw]
        assert kinds.count("log") == 1, kinds  # (a second room frame: "back online")
        got = numbers(back)
        assert got == list(range(got[0], got[0] + len(got))) and got[0] > last + 1
        assert back.duplicates == 0
    finally:
        await close_all(players)


async def test_a_resume_past_the_frames_sent_is_refused(server: Server) -> None:
    """``last`` beyond the frames the member was sent is refused (numbering on from
    2**62 would pass JavaScript's safe integers), and changes nothing: a resume with
    the true number replays from there."""
    players, _ = await make_room(server.url, 3)
    try:
        away = players[2]
        await away.until(lambda c: c.last > 0)
        last = away.last
        await away.close()
        for wrong in (2**62, last + 50):
            back = await Client.connect(server.url)
            with pytest.raises(ServerError) as refused:
                await back.resume(players[0].room_code or "", away.token or "", last=wrong)
            assert refused.value.code == "invalid" and "last" in str(refused.value)
            await back.close()
        back = await Client.connect(server.url, record=True)
        players[2] = back
        await back.resume(players[0].room_code or "", away.token or "", last=last)
        await players[0].chat("after")
        await back.until(lambda c: any(e.get("text") == "after" for e in c.talk))
        assert numbers(back)[0] == last + 1 and max(numbers(back)) < last + 50
    finally:
        await close_all(players)
