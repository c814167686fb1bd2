"""The voice's ICE servers: what ``--ice-servers`` and ``--turn-secret`` give each member
(docs/voice.md), checked as coturn's ``use-auth-secret`` checks a TURN login."""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from onenight.client import Client, ServerError
from onenight.server.voice import IceConfig

from .conftest import Server

SECRET = "north-wind-7"
URLS = (
    "stun:stun.example.org:3478, turn:turn.example.org:3478?transport=udp,"
    "turns:turn.example.org:5349"
)


@pytest.fixture(scope="module")
def voice_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("voice")
    env = {"ONENIGHT_ICE_SERVERS": URLS, "ONENIGHT_TURN_SECRET": SECRET}
    srv = Server(f"sqlite+aiosqlite:///{tmp / 'v.db'}", tmp / "server.log", env=env)
    srv.start()
    yield srv
    srv.stop()


def coturn_accepts(username: str, credential: str, now: float) -> bool:
    """What a TURN server with ``use-auth-secret`` and this secret checks of a login: the
    password is the HMAC of the username, and the username's timestamp is not past."""
    expected = hmac.new(SECRET.encode(), username.encode(), hashlib.sha1).digest()
    expiry = int(username.split(":", 1)[0])
    return hmac.compare_digest(base64.b64decode(credential), expected) and expiry > now


async def test_each_member_gets_the_stun_servers_and_turn_credentials_of_its_own(
    voice_server: Server,
) -> None:
    ann, bob = await Client.connect(voice_server.url), await Client.connect(voice_server.url)
    try:
        refused = None
        try:
            await ann.request({"type": "ice"})
        except ServerError as exc:
            refused = exc.code
        assert refused == "not_joined"  # credentials are for members only
        await ann.create("ann")
        assert ann.room_code is not None
        await bob.join(ann.room_code, "bob")
        answers = [await c.request({"type": "ice"}) for c in (ann, bob)]
        logins = []
        for answer, c in zip(answers, (ann, bob), strict=True):
            stun, turn = answer["servers"]
            assert stun == {"urls": ["stun:stun.example.org:3478"]}
            assert turn["urls"] == [
                "turn:turn.example.org:3478?transport=udp",
                "turns:turn.example.org:5349",
            ]
            assert coturn_accepts(turn["username"], turn["credential"], time.time())
            assert c.token is not None and c.token not in str(answer)  # never the seat token
            expiry = int(turn["username"].split(":")[0])
            assert 3600 <= expiry - time.time() <= 24 * 3600  # short-lived, an evening long
            logins.append(turn["username"])
        assert logins[0] != logins[1]  # one login per member
    finally:
        await ann.close()
        await bob.close()


async def test_no_ice_servers_on_a_lan(server: Server) -> None:
    c = await Client.connect(server.url)
    try:
        await c.create("ann")
        assert (await c.request({"type": "ice"}))["servers"] == []
    finally:
        await c.close()


def test_turn_urls_without_a_secret_give_no_credentials_and_bad_urls_are_refused() -> None:
    plain = IceConfig.parse("stun:a.example:3478,turn:b.example:3478", None)
    assert plain.servers("R-1", 0) == [{"urls": ["stun:a.example:3478"]}]
    with pytest.raises(ValueError, match="stun:, turn: or turns:"):
        IceConfig.parse("http://a.example", None)
    with_secret = IceConfig.parse("turn:b.example:3478", "s", ttl=60)
    (turn,) = with_secret.servers("R-1", 1000)
    assert turn["username"] == "1060:R-1"


def test_a_bad_ice_url_stops_the_server_with_a_clear_line(tmp_path: Path) -> None:
    srv = Server(
        f"sqlite+aiosqlite:///{tmp_path / 'x.db'}",
        tmp_path / "server.log",
        env={"ONENIGHT_ICE_SERVERS": "http://nope.example", "COLUMNS": "300"},
    )
    with pytest.raises(RuntimeError, match="server exited"):
        srv.start()
    assert "stun:, turn: or turns:" in (tmp_path / "server.log").read_text()
