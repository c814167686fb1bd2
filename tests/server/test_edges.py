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


async def answer_to(ws: Any, raw: str) -> dict[str, Any]:
    """The ack or error that answers a message (the room's frames may come before it)."""
    await ws.send(raw)
    while (got := json.loads(await asyncio.wait_for(ws.recv(), 10)))["type"] not in (
        "ack",
        "error",
    ):
        pass
    return got


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
    timers = {"turn": 4.0, "jitter": 0.0, "day": 30, "vote": 30}
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


BASE = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1}


@pytest.mark.parametrize(
    "deck",
    [
        {**BASE, "villager": 1},
        {**BASE, "villager": -1},
        {**BASE, "villager": 13},
        {**BASE, "wizard": 1},
        {**BASE, "villager": 1, "wizard": 0},  # not a card of the edition, whatever the count
        {**BASE, "villager": 1, "no such role": 0},
        {**BASE, "sorcerer": 1},
        {"werewolf": 7},
        {"mason": 1, "werewolf": 2, "seer": 1, "robber": 1, "villager": 1},
        {**BASE, "villager": 1.0},  # 1.0 is a JSON integer
    ],
)
async def test_one_deck_check_for_http_and_the_lobby(server: Server, deck: dict[str, Any]) -> None:
    """docs/protocol.md: ``POST /api/decks/check`` and the lobby's ``configure`` give one
    answer for every deck: a deck the check says is fine, ``configure`` takes with no
    ``deck_error``; for any other, the check's reason is ``configure``'s refusal
    (``bad_deck``) or its ``deck_error``."""
    players, _ = await make_room(server.url, 3)
    try:
        async with httpx.AsyncClient(base_url=server.http) as http:
            body = {"edition": "ultimate", "players": 3, "deck": deck}
            checked = (await http.post("/api/decks/check", json=body)).json()
        try:
            ack = await players[0].configure(deck=deck)
            lobby = ack["deck_error"]
        except ServerError as err:
            assert err.code == "bad_deck"
            lobby = err.message
        assert {k: checked[k] for k in ("ok", "reason")} == {"ok": lobby is None, "reason": lobby}
        # The same reason as data (the lobby's deck_issue), for a page's own language.
        assert (checked["issue"] or {}).get("message") == lobby
        fine = deck in ({**BASE, "villager": 1}, {**BASE, "villager": 1.0})
        assert checked["ok"] == fine, checked
    finally:
        await close_all(players)


async def test_a_role_the_edition_lacks_is_refused_with_any_count(server: Server) -> None:
    players, _ = await make_room(server.url, 3)
    try:
        with pytest.raises(ServerError) as err:
            await players[0].configure(deck={**BASE, "villager": 1, "wizard": 0})
        assert err.value.code == "bad_deck" and "wizard" in err.value.message
        assert (await players[0].configure(deck={**BASE, "villager": 1}))["deck_error"] is None
    finally:
        await close_all(players)


@pytest.mark.parametrize(
    "settings",
    [
        {"deck": {**BASE, "villager": "1"}},
        {"deck": {**BASE, "villager": True}},
        {"turn": "5"},
        {"turn": True},
        {"chips": "3"},
        {"chips": True},
    ],
)
async def test_configure_takes_only_json_numbers(server: Server, settings: dict[str, Any]) -> None:
    """A count or a length is a JSON number over the WebSocket as over HTTP: ``"3"`` is not
    3 and ``true`` is not 1; the message is refused as ``invalid`` and changes nothing
    (over HTTP, the deck check answers such a body 422)."""
    players, _ = await make_room(server.url, 3)
    code = players[0].room_code
    assert code is not None
    try:
        before = await room_snapshot(server, code)
        with pytest.raises(ServerError) as err:
            await players[0].configure(**settings)
        assert err.value.code == "invalid"
        assert await room_snapshot(server, code) == before
        if "deck" in settings:
            body = {"edition": "ultimate", "players": 3, **settings}
            async with httpx.AsyncClient(base_url=server.http) as http:
                assert (await http.post("/api/decks/check", json=body)).status_code == 422
    finally:
        await close_all(players)


async def test_null_for_an_optional_field_is_the_same_as_leaving_it_out(server: Server) -> None:
    """docs/protocol.md: ``null`` for a field of a client message means the field is
    left out: an optional one takes its default, a required one is missing."""
    players, _ = await make_room(server.url, 3)
    host, code = players[0], players[0].room_code or ""
    deck = {**BASE, "villager": 1}
    try:
        await host.configure(deck=deck, turn=9)
        before = await room_snapshot(server, code)
        ack = await host.request({"type": "configure", "deck": None, "turn": None, "chips": 2})
        assert ack["deck_error"] is None
        after = await room_snapshot(server, code)
        assert after["settings"] == {**before["settings"], "chips": 2}  # deck, turn: as they were
        assert after["settings"]["deck"] == deck
        async with connect(server.url) as ws:
            got = await answer(ws, '{"type": "ping", "ref": null}')
            assert got == {"type": "ack", "ref": None, "of": "ping", "pong": True}
            resume = {"type": "resume", "room": code, "token": host.token, "last": None}
            got = await answer_to(ws, json.dumps(resume))
            assert (got["type"], got["of"], got["member"]) == ("ack", "resume", host.member)
        async with connect(server.url) as ws:
            join = {"type": "join", "room": code, "name": "zoe", "spectator": None}
            assert (await answer_to(ws, json.dumps(join)))["type"] == "ack"
        joined = await room_snapshot(server, code)
        assert any(m["name"] == "zoe" and not m["spectator"] for m in joined["members"])
        with pytest.raises(ServerError) as err:
            await host.request({"type": "kick", "member": None})
        assert err.value.code == "invalid"  # a required field left out
    finally:
        await close_all(players)


async def test_ping_before_joining_is_answered(server: Server) -> None:
    async with connect(server.url) as ws:
        got = await answer(ws, '{"type": "ping", "ref": "p"}')
        assert got == {"type": "ack", "ref": "p", "of": "ping", "pong": True}
