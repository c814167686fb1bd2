"""Bad input never crashes the server, never changes state, and gets a clear error."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from onenight.client import Client, ServerError

from .conftest import Server
from .helpers import close_all, make_room


async def raw_exchange(server: Server, payloads: list[str | bytes]) -> list[dict]:
    answers = []
    async with connect(server.url, max_size=2**22) as ws:
        for payload in payloads:
            await ws.send(payload)
            answers.append(json.loads(await asyncio.wait_for(ws.recv(), 5)))
    return answers


async def room_snapshot(server: Server, code: str) -> dict:
    async with httpx.AsyncClient() as http:
        response = await http.get(f"{server.http}/api/rooms/{code}")
    assert response.status_code == 200
    frame = response.json()
    for m in frame["members"]:
        m.pop("online")
    return frame


async def test_malformed_messages_get_clear_errors(server: Server) -> None:
    payloads: list[str | bytes] = [
        "not json",
        "[]",
        "{}",
        '{"type": "fly"}',
        '{"type": "join", "room": "ABCDE"}',
        '{"type": "join", "room": "ABCDE", "name": "x", "extra": 1}',
        '{"type": "join", "room": 12, "name": "x"}',
        '{"type": "chat", "text": "hi"}',
        '{"type": "resume", "room": "ABCDE", "token": "nope"}',
        "x" * 5000,
        b"\xff\xfe",
    ]
    answers = await raw_exchange(server, payloads)
    codes = [a["code"] for a in answers]
    assert all(a["type"] == "error" and a["message"] for a in answers)
    assert codes == [
        "invalid",
        "invalid",
        "invalid",
        "invalid",
        "invalid",
        "invalid",
        "invalid",
        "not_joined",
        "no_room",
        "too_large",
        "invalid",
    ]
    assert server.alive()


async def test_oversized_frame_closes_the_connection_only(server: Server) -> None:
    async with connect(server.url, max_size=2**22) as ws:
        await ws.send("x" * 200_000)
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), 5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    async with httpx.AsyncClient() as http:
        assert (await http.get(f"{server.http}/api/health")).status_code == 200


async def test_names_and_text_are_bounded_and_kept_as_text(server: Server) -> None:
    host = await Client.connect(server.url)
    try:
        await host.create("<script>alert(1)</script>"[:24])
        await host.until(lambda c: c.room is not None)
        assert host.room["you"]["name"] == "<script>alert(1)</script"
        code = host.room_code or ""
        other = await Client.connect(server.url)
        for name, reason in [
            ("x" * 25, "bad_name"),
            ("center:0", "bad_name"),
            ("a\x00b", "bad_name"),
        ]:
            with pytest.raises(ServerError) as err:
                await other.join(code, name)
            assert err.value.code == reason
        with pytest.raises(ServerError) as err:
            await other.join(code, "<SCRIPT>ALERT(1)</SCRIPT>"[:24])
        assert err.value.code == "name_taken"
        await other.join(code, "&amp; é 🐺")
        await host.chat("<b>bold</b> & 'quotes'")
        await other.until(lambda c: any(e.get("text") == "<b>bold</b> & 'quotes'" for e in c.talk))
        with pytest.raises(ServerError) as err:
            await host.chat("y" * 301)
        assert err.value.code == "bad_text"
        with pytest.raises(ServerError) as err:
            await host.chat("   ")
        assert err.value.code == "bad_text"
        snapshot = await room_snapshot(server, code)
        assert [m["name"] for m in snapshot["members"]] == [
            "<script>alert(1)</script",
            "&amp; é 🐺",
        ]
        await other.close()
    finally:
        await host.close()


async def test_non_host_and_out_of_phase_commands_change_nothing(server: Server) -> None:
    players, _ = await make_room(
        server.url, 3, timers={"turn": 5, "jitter": 0, "day": 5, "vote": 5}
    )
    host, guest = players[0], players[1]
    code = host.room_code or ""
    try:
        before = await room_snapshot(server, code)
        refused = [
            (guest.configure(turn=1), "not_host"),
            (guest.start(), "not_host"),
            (guest.kick(host.member or 0), "not_host"),
            (guest.hand_host(guest.member or 0), "not_host"),
            (host.configure(edition="chess"), "bad_edition"),
            (host.configure(deck={"wizard": 1}), "bad_deck"),
            (host.configure(turn=-1), "invalid"),
            (host.kick(999), "bad_member"),
            (guest.act({"type": "pass"}), "out_of_phase"),
            (guest.vote(0), "out_of_phase"),
            (guest.end_day(), "not_host"),
            (host.end_day(), "out_of_phase"),
            (host.rematch(), "out_of_phase"),
            (guest.whisper(0, "hi"), "out_of_phase"),
        ]
        for request, code_expected in refused:
            with pytest.raises(ServerError) as err:
                await request
            assert err.value.code == code_expected
        assert await room_snapshot(server, code) == before
        await host.start()
        await guest.until(lambda c: c.phase == "night")
        during = [
            (host.configure(turn=1), "out_of_phase"),
            (host.start(), "out_of_phase"),
            (guest.act({"type": "fly"}), "not_your_turn"),
            (guest.chat("psst"), "out_of_phase"),
            (guest.vote(2), "out_of_phase"),
        ]
        for request, code_expected in during:
            with pytest.raises(ServerError) as err:
                await request
            assert err.value.code == code_expected
        # Acting for another seat: a player's token only ever speaks for its own seat.
        await guest.until(lambda c: c.state["turn"] >= 0, 10)
        mover = next((c for c in players if c.choices()), None)
        if mover is not None:
            bystander = next(c for c in players if c is not mover)
            with pytest.raises(ServerError) as err:
                await bystander.act(mover.choices()[0])
            assert err.value.code == "not_your_turn"
            with pytest.raises(ServerError) as err:
                await mover.act({"type": "view", "targets": ["center:9"]})
            assert err.value.code in ("illegal", "bad_action")
    finally:
        await close_all(players)


async def test_flooding_is_refused_then_cut_off(server: Server) -> None:
    players, _ = await make_room(server.url, 3)
    flooder = players[1]
    try:
        for _ in range(120):
            await flooder.send({"type": "ping"})
        await flooder.until(lambda c: c.closed, 10)
        assert players[0].ping is not None
        assert (await players[0].ping())["pong"] is True
    finally:
        await close_all(players)


async def test_rate_limit_error_before_the_cutoff(server: Server) -> None:
    async with connect(server.url) as ws:
        for _ in range(45):
            await ws.send('{"type": "ping"}')
        answers = [json.loads(await asyncio.wait_for(ws.recv(), 5)) for _ in range(45)]
    assert {a.get("code") for a in answers} >= {"rate_limited"}


async def test_kick_leave_and_host_handover(server: Server) -> None:
    players, _ = await make_room(server.url, 4)
    host, a, b, c = players
    try:
        await host.kick(c.member or 0)
        await c.until(lambda c: c.closed, 10)
        with pytest.raises(ServerError) as err:
            again = await Client.connect(server.url)
            try:
                await again.resume(host.room_code or "", c.token or "")
            finally:
                await again.close()
        assert err.value.code == "bad_token"
        await host.hand_host(a.member or 0)
        await a.until(lambda cl: cl.room["you"]["host"], 10)
        with pytest.raises(ServerError):
            await host.configure(turn=1)
        await a.leave()
        await b.until(lambda cl: cl.room["host"] == host.member, 10)  # next seat in order
        await b.until(lambda cl: cl.room["seats"] == [host.member, b.member], 10)
    finally:
        await close_all(players)


async def test_http_api_and_openapi(server: Server) -> None:
    async with httpx.AsyncClient(base_url=server.http) as http:
        assert (await http.get("/docs")).status_code == 200
        spec = (await http.get("/openapi.json")).json()
        assert "/api/rooms" in spec["paths"]
        made = (await http.post("/api/rooms", json={"name": "ann"})).json()
        joined = await http.post(f"/api/rooms/{made['room']}/members", json={"name": "bob"})
        assert joined.status_code == 201
        assert (await http.get("/api/rooms/NOPE0")).status_code == 404
        check = await http.post(
            "/api/decks/check", json={"edition": "ultimate", "players": 3, "deck": {"seer": 2}}
        )
        assert check.json()["ok"] is False and check.json()["reason"]
        # The largest count the schema takes: refused at once, the server still answers.
        huge = {"edition": "ultimate", "players": 1, "deck": {"x": 2**31, "seer": 1}}
        check = await http.post("/api/decks/check", json=huge, timeout=5)
        assert check.json()["ok"] is False and check.json()["reason"]
        assert (await http.get("/api/health", timeout=5)).status_code == 200
        assert len((await http.get("/api/editions")).json()) == 4
    c = await Client.connect(server.url)
    try:
        await c.resume(made["room"], made["token"])
        await c.until(lambda c: c.room is not None)
        assert c.room["you"]["host"] is True
    finally:
        await c.close()
