"""Input edges (docs/protocol.md, "Edges"): what the server answers to the odd message,
over real WebSockets and HTTP. A refused message gets an error and changes nothing."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from onenight.client import Client, ServerError
from onenight.server.ws import NIGHT_REPLY_DELAY
from onenight.session.protocol import MAX_FRAME

from .conftest import Server
from .helpers import close_all, make_room
from .test_bad_input import room_snapshot


async def answer(ws: Any, raw: str | bytes) -> dict[str, Any]:
    await ws.send(raw)
    return json.loads(await asyncio.wait_for(ws.recv(), 10))


async def test_refs_are_echoed_when_valid_and_refused_when_not(server: Server) -> None:
    async with connect(server.url) as ws:
        for ref in (-(2**63), 2**63 - 1, 0, "x" * 64, "é🐺"):
            got = await answer(ws, json.dumps({"type": "ping", "ref": ref}))
            assert got == {"type": "ack", "ref": ref, "of": "ping", "pong": True}
        for bad in ("18446744073709551616", "true", "1.0", json.dumps("y" * 65), "null"):
            got = await answer(ws, '{"type": "ping", "ref": ' + bad + "}")
            if bad == "null":
                assert got["type"] == "ack" and got["ref"] is None
            else:
                assert got["type"] == "error" and got["code"] == "invalid" and got["ref"] is None
        # An error for any other reason echoes a valid ref.
        got = await answer(ws, json.dumps({"type": "chat", "text": "hi", "ref": 7}))
        assert (got["code"], got["ref"]) == ("not_joined", 7)
        huge = json.dumps({"type": "ping", "ref": 8, "pad": " " * MAX_FRAME})
        got = await answer(ws, huge)
        assert (got["code"], got["ref"]) == ("too_large", 8)
        got = await answer(ws, b'{"type": "ping", "ref": 9}')  # a binary frame
        assert (got["code"], got["ref"]) == ("invalid", 9)
        for raw in ('{"type": "ping", "x": NaN}', '{"type": "ping", "x": 1e400}', "-Infinity"):
            got = await answer(ws, raw)
            assert got["code"] == "invalid"
        got = await answer(ws, '{"type": "create", "name": "\\ud800"}')  # a lone surrogate
        assert got["code"] == "invalid"


async def test_rate_limited_errors_echo_the_ref(server: Server) -> None:
    async with connect(server.url) as ws:
        for i in range(45):
            await ws.send(json.dumps({"type": "ping", "ref": i}))
        answers = [json.loads(await asyncio.wait_for(ws.recv(), 5)) for _ in range(45)]
    limited = [a for a in answers if a.get("code") == "rate_limited"]
    assert limited and all(isinstance(a["ref"], int) for a in limited)
    assert sorted(a["ref"] for a in answers) == list(range(45))


@pytest.mark.parametrize(
    ("name", "code"), [("", "bad_name"), ("   ", "bad_name"), ("x" * 25, "bad_name")]
)
async def test_names_that_are_refused(server: Server, name: str, code: str) -> None:
    c = await Client.connect(server.url)
    try:
        with pytest.raises(ServerError) as err:
            await c.create(name)
        assert err.value.code == code
    finally:
        await c.close()


EMOJI = ["👨‍👩‍👧", "🏳️‍🌈", "👍🏽", "🇫🇷", "ﾖｲ 夜 ليلة"]
REFUSED = ["a\u202eb", "a\u2066b", "a\x07b", "a\x1bb"]


async def test_chat_and_names_take_emoji_sequences_and_refuse_controls(server: Server) -> None:
    players, _ = await make_room(server.url, 3)
    try:
        host = players[0]
        for text in EMOJI:
            await host.chat(text)
            await players[1].until(lambda c, t=text: any(e.get("text") == t for e in c.talk))
        for text in REFUSED:
            with pytest.raises(ServerError) as err:
                await host.chat(text)
            assert err.value.code == "bad_text"
        await host.chat("two\nlines")  # a newline is allowed in chat
        guest = await Client.connect(server.url)
        await guest.join(host.room_code or "", "🏳️‍🌈 ann")
        with pytest.raises(ServerError) as err:
            await guest.chat("x" * 301)
        assert err.value.code == "bad_text"
        players.append(guest)
        other = await Client.connect(server.url)
        players.append(other)
        for name in REFUSED:  # (whitespace, a newline too, is collapsed to one space)
            with pytest.raises(ServerError) as err:
                await other.join(host.room_code or "", name)
            assert err.value.code == "bad_name"
    finally:
        await close_all(players)


async def test_night_acts_with_unknown_keys_and_a_second_tap_are_refused(
    server: Server,
) -> None:
    timers = {"turn": 1.0, "jitter": 0.0, "day": 30, "vote": 30}
    deck = ["seer"] * 5 + ["werewolf"]  # at least two Seers are dealt: someone chooses
    players, _ = await make_room(server.url, 3, deck=deck, timers=timers)
    try:
        await players[0].start()
        seer = await asyncio.wait_for(_first_with_choice(players), 20)
        code = seer.room_code or ""
        before = await room_snapshot(server, code)
        with pytest.raises(ServerError) as err:
            await seer.act({"type": "pass", "zzz": 1})
        assert err.value.code == "bad_action"
        assert await room_snapshot(server, code) == before
        size = len(next(raw for _, raw in reversed(seer.frames) if '"state"' in raw).encode())
        other = next(c for c in players if c is not seer)
        (ack, acted), (other_ack, tapped) = await asyncio.gather(
            timed(seer.request({"type": "act", "action": {"type": "pass"}})),
            timed(other.nothing()),
        )
        assert ack["of"] == "act" and other_ack["of"] == "nothing"
        assert min(acted, tapped) >= NIGHT_REPLY_DELAY  # an act (stored), a nothing: one pace
        with pytest.raises(ServerError) as err:
            await seer.nothing()
        assert err.value.code == "one_per_turn"
        # At night every answer is padded to the game's one frame size.
        night_answers = [
            raw for _, raw in seer.frames if raw.startswith(('{"type":"ack"', '{"type":"error"'))
        ]
        assert {len(raw.encode()) for raw in night_answers[-3:]} == {size}
    finally:
        await close_all(players)


async def timed(request: Any) -> tuple[dict[str, Any], float]:
    sent = time.monotonic()
    answer = await request
    return answer, time.monotonic() - sent


async def _first_with_choice(players: list[Client]) -> Client:
    for c in players:
        c.record = True
    while True:
        for c in players:
            if c.phase == "night" and c.choices():
                return c
        await asyncio.sleep(0.02)


async def test_http_refuses_non_finite_numbers_with_422(server: Server) -> None:
    async with httpx.AsyncClient(base_url=server.http) as http:
        for body in (
            '{"edition": "ultimate", "players": NaN, "deck": {}}',
            '{"edition": "ultimate", "players": 1e400, "deck": {}}',
            '{"edition": "ultimate", "players": -Infinity, "deck": {}}',
            '{"name": "ann", "x": NaN}',
        ):
            for path in ("/api/decks/check", "/api/rooms"):
                got = await http.post(
                    path, content=body, headers={"content-type": "application/json"}
                )
                assert got.status_code == 422, (path, body, got.text)


async def test_http_takes_only_the_json_type_the_schema_names(server: Server) -> None:
    """A count is a JSON number, a flag a JSON boolean: ``true`` is not 1 player, ``1`` is
    not a spectator, ``"3"`` is not 3 (the schema says so; schemathesis once found
    ``players: true`` answered 200)."""
    good = {"edition": "ultimate", "players": 3, "deck": {"werewolf": 2}}
    async with httpx.AsyncClient(base_url=server.http) as http:
        for fine in (good, {**good, "players": 3.0}):  # 3.0 is a JSON Schema integer
            assert (await http.post("/api/decks/check", json=fine)).status_code == 200
        for bad in (
            {**good, "players": True},
            {**good, "players": "3"},
            {**good, "players": 3.5},
            {**good, "deck": {"werewolf": True}},
            {**good, "edition": 7},
        ):
            got = await http.post("/api/decks/check", json=bad)
            assert got.status_code == 422, (bad, got.text)
        for bad in ({"name": "ann", "spectator": 1}, {"name": "ann", "spectator": "yes"}):
            got = await http.post("/api/rooms/ABCDE/members", json=bad)
            assert got.status_code == 422, (bad, got.text)
        assert (await http.post("/api/rooms", json={"name": 5})).status_code == 422


async def test_one_deck_check_for_http_and_the_lobby(server: Server) -> None:
    decks = [
        {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 1},
        {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": -1},
        {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "wizard": 1},
        {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "sorcerer": 1},
        {"werewolf": 7},
        {"mason": 1, "werewolf": 2, "seer": 1, "robber": 1, "villager": 1},
    ]
    players, _ = await make_room(server.url, 3)
    host = players[0]
    try:
        async with httpx.AsyncClient(base_url=server.http) as http:
            for deck in decks:
                body = {"edition": "ultimate", "players": 3, "deck": deck}
                checked = (await http.post("/api/decks/check", json=body)).json()
                try:
                    ack = await host.configure(deck=deck)
                    lobby_ok = ack["deck_error"] is None
                except ServerError:
                    lobby_ok = False
                assert checked["ok"] == lobby_ok, (deck, checked)
                assert checked["ok"] == (deck == decks[0])
    finally:
        await close_all(players)


async def test_ping_before_joining_is_answered(server: Server) -> None:
    async with connect(server.url) as ws:
        got = await answer(ws, '{"type": "ping", "ref": "p"}')
        assert got == {"type": "ack", "ref": "p", "of": "ping", "pong": True}
