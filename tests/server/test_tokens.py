"""Seat tokens (docs/protocol.md, Seat tokens): a token dies with its seat (a kick, a
leave), lives through a crash of the server, and is never written anywhere but the
answer that hands it to its member: not in a log line (text or JSON), a metric or an
error message, through a whole game with kicks, reconnects and failures."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import httpx
import pytest
from pydantic import BaseModel
from websockets.asyncio.client import connect

from onenight.client import Client, ServerError
from onenight.storage.faults import VARIABLE as FAULT

from .conftest import Server
from .helpers import close_all, make_room, play_on, stored


async def refused(url: str, room: str, token: str, errors: list[str]) -> str:
    """Resume with ``token``: the code it is refused with (its message kept)."""
    c = await Client.connect(url)
    try:
        with pytest.raises(ServerError) as err:
            await c.resume(room, token)
        errors.append(str(err.value))
        return err.value.code
    finally:
        await c.close()


@pytest.mark.parametrize("log_format", ["text", "json"])
async def test_tokens_die_with_their_seat_and_are_never_written_down(
    tmp_path: Path, log_format: str
) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'onenight.db'}"
    srv = Server(db, tmp_path / "server.log", env={FAULT: "chat"})
    srv.start_args += ["--log-format", log_format]
    srv.start()
    errors: list[str] = []  #: every error message a client was sent
    clients: list[Client] = []
    try:
        players, watchers = await make_room(srv.url, 5, spectators=2)
        clients += players + watchers
        code = players[0].room_code or ""
        tokens = [c.token or "" for c in players + watchers]

        # A spectator joins over HTTP, takes its seat on the WebSocket, then leaves.
        async with httpx.AsyncClient(base_url=srv.http) as http:
            joined = await http.post(
                f"/api/rooms/{code}/members", json={"name": "dan", "spectator": True}
            )
            assert joined.status_code == 201
        departed = joined.json()["token"]
        tokens.append(departed)
        dan = await Client.connect(srv.url)
        await dan.resume(code, departed)
        await dan.leave()
        await dan.close()
        # The host kicks a spectator.
        kicked = watchers[0]
        await players[0].kick(kicked.member or 0)
        await kicked.until(lambda c: c.closed, 10)
        watchers = watchers[1:]

        # Neither token resumes; nor does a made-up one, or one too long to be a token.
        assert await refused(srv.url, code, kicked.token or "", errors) == "bad_token"
        assert await refused(srv.url, code, departed, errors) == "bad_token"
        assert await refused(srv.url, code, "not-a-token", errors) == "bad_token"
        assert await refused(srv.url, "ZZZZZ", tokens[0], errors) == "no_room"
        assert await refused(srv.url, code, tokens[0] * 6, errors) == "invalid"
        async with connect(srv.url) as ws:  # not even JSON, with a token inside
            await ws.send('{"type": "resume", "room": "' + code + '", "token": "' + tokens[1])
            errors.append(str(await asyncio.wait_for(ws.recv(), 5)))

        # The server dies right after storing a line of chat; it comes back from its log.
        with pytest.raises(ServerError):
            await players[1].chat("hello")
        assert srv.proc is not None
        await asyncio.to_thread(srv.proc.wait, 10)
        del srv.env[FAULT]
        srv.start()
        players = [await c.carry_on(srv.url) for c in players]
        watchers = [await c.carry_on(srv.url) for c in watchers]
        clients += players + watchers
        # After the crash too, the departed ones stay out.
        assert await refused(srv.url, code, kicked.token or "", errors) == "bad_token"
        assert await refused(srv.url, code, departed, errors) == "bad_token"

        # In the game: a player leaves (another connection of theirs, a reload opened
        # with the same token, is closed with it) and the host kicks another; their
        # seats play on, their tokens are void.
        await players[0].start()
        await players[0].until(lambda c: c.phase not in (None, "lobby"), 10)
        leaver, kicked_player = players[3], players[4]
        twin = await Client.connect(srv.url)
        clients.append(twin)
        await twin.resume(code, leaver.token or "")
        await leaver.leave()
        await twin.until(lambda c: c.closed, 10)
        await players[0].kick(kicked_player.member or 0)
        await kicked_player.until(lambda c: c.closed, 10)
        assert players[0].phase not in (None, "lobby", "end")  # still in the game
        for gone in (leaver, kicked_player):
            assert await refused(srv.url, code, gone.token or "", errors) == "bad_token"
        await play_on(players[:3])
        await players[0].until(lambda c: c.phase == "end", 30)
        metrics = httpx.get(srv.metrics).text
    finally:
        await close_all(clients)
        srv.stop()

    log = (tmp_path / "server.log").read_text()
    assert "restored 1 rooms" in log  # the log did record the game's life
    if log_format == "json":
        lines = [line for line in log.splitlines() if line.startswith("{")]
        assert lines and all(json.loads(line)["message"] for line in lines)
    assert len(set(tokens)) == len(tokens) == 8
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{32}", t) for t in tokens)  # 192 random bits
    events = await stored(db, code)
    for token in tokens:
        for where, text in [("log", log), ("metrics", metrics), ("errors", "\n".join(errors))]:
            assert token not in text, f"a seat token in the {where}"
        # The stored log keeps the token's hash only.
        assert token not in repr(events)


def test_a_token_is_left_out_of_every_repr() -> None:
    """What holds a token prints without it: a log line or a traceback that shows a
    message, a request or a session shows no token."""
    from onenight.session import protocol as P
    from onenight.session.hub import Session
    from onenight.session.requests import JoinRequest, ResumeRequest, Seated

    secret = "tok_" + "x" * 28
    held = [
        P.parse('{"type": "resume", "room": "ABCDE", "token": "' + secret + '"}'),
        Session("ABCDE", 1, secret),
        JoinRequest(room="ABCDE", name="ann", token=secret),
        ResumeRequest(room="ABCDE", token=secret),
        Seated(member=1, token=secret),
    ]
    for thing in held:
        assert secret not in repr(thing) and secret not in str(thing), type(thing)
        if isinstance(thing, BaseModel):  # and it still goes on the wire
            assert secret in thing.model_dump_json()


def _pieces(secret: str, size: int = 8) -> list[str]:
    """Every run of ``size`` characters of a secret: a log shows a long value cut short."""
    return [secret[i : i + size] for i in range(len(secret) - size + 1)]


def test_a_message_that_fails_its_check_shows_no_token() -> None:
    """A request or an answer carrying a token that fails its check as it crosses the bus
    (processes of two versions during a deploy, a bug), or a player's message that does:
    the error, and the traceback the server logs of it, show no piece of the token
    (pydantic's errors quote the input they refused, cut to ~50 characters)."""
    import logging
    import secrets

    from onenight.session import protocol as P
    from onenight.session.requests import decode_reply, decode_request

    secret = secrets.token_urlsafe(24)  # as the server makes them
    member = {"room": "ABCDE", "token": secret, "member": 1}
    bad = [
        (decode_request, {"op": "resume", "token": secret}),  # a field missing
        (decode_request, {**member, "op": "resume", "since": 4}),  # a field unknown
        (decode_request, {**member, "op": "resume", "member": "one"}),  # a bad type
        (decode_request, {**member, "op": "rejoin"}),  # an unknown request
        (decode_request, {"op": "join", "room": "ABCDE", "token": secret}),
        (decode_reply, {"reply": "seated", "token": secret}),
        (decode_reply, {"reply": "seated", "member": "x", "token": secret}),
        (P.message_adapter.validate_python, {"type": "resume", "token": secret}),
        (P.message_adapter.validate_python, {"type": "resume", "room": 5, "token": secret}),
    ]
    for decode, data in bad:
        text = json.dumps(data)
        with pytest.raises(ValueError) as err:
            decode(text if decode is not P.message_adapter.validate_python else data)
        exc = err.value
        shown = logging.Formatter().formatException((type(exc), exc, exc.__traceback__))
        leaked = [p for p in _pieces(secret) if p in shown]
        assert not leaked, (data, shown)
