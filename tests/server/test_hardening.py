"""The web surface, from outside (docs/security.md): the security headers on every page
and file, origins refused before any room, the bounds a flood meets (connections per
address, a body that never ends, a WebSocket that never reads), all on a real server."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import os
import re
import socket
import time
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from onenight.client import Client, ServerError
from onenight.session.protocol import CODE_LENGTH, CODE_LETTERS

from .conftest import Server, read_response, started

EVIL = "http://evil.example"


def rooms(srv: Server) -> float:
    text = httpx.get(srv.metrics).text
    m = re.search(r"^onenight_rooms (\S+)$", text, re.M)
    assert m, text
    return float(m.group(1))


# ----- headers -----


def directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        name, *values = part.split()
        out[name] = values
    return out


#: What a browser may show as a document of its own (HTML, SVG) and the service workers.
DOCUMENTS = [
    "/",
    "/r/ABCDE",
    "/r/ABCDE/tv",
    "/r/ABCDE/replay",
    "/r/ABCDE/watch",
    "/table",
    "/app/sw.js",
    "/table/sw.js",
    "/app/icon.svg",
    f"/api/rooms/{CODE_LETTERS[:CODE_LENGTH]}/qr.svg",  # any code that could be one
]
FILES = ["/app/main.js", "/app/app.css", "/table/main.js", "/app/i18n/fr.json", "/api/health"]


@pytest.mark.parametrize("path", [*FILES, "/api/rooms/NOPE0", "/app/nothing.js"])
def test_every_file_and_answer_is_never_sniffed(server: Server, path: str) -> None:
    answer = httpx.get(f"{server.http}{path}")
    assert answer.status_code in (200, 404), answer.status_code
    assert answer.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("path", DOCUMENTS)
def test_every_page_and_worker_carries_the_security_headers(server: Server, path: str) -> None:
    answer = httpx.get(f"{server.http}{path}")
    assert answer.status_code == 200, answer.status_code
    h = answer.headers
    assert h["x-content-type-options"] == "nosniff"
    assert h["referrer-policy"] == "no-referrer"
    assert h["cross-origin-opener-policy"] == "same-origin"
    permissions = dict(p.strip().split("=") for p in h["permissions-policy"].split(","))
    assert permissions["microphone"] == "(self)"
    assert all(permissions[f] == "()" for f in ("camera", "geolocation", "payment", "usb"))
    csp = directives(h["content-security-policy"])
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'"] and csp["style-src"] == ["'self'"]
    assert csp["img-src"] == ["'self'"]  # no data: (the QR code is a file)
    host = f"127.0.0.1:{server.port}"
    assert csp["connect-src"] == ["'self'", f"ws://{host}", f"wss://{host}"]
    assert csp["frame-ancestors"] == ["'none'"] and csp["base-uri"] == ["'none'"]
    assert csp["form-action"] == ["'self'"] and csp["worker-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"]
    # a revalidated file (304) keeps them
    if "etag" in h:
        again = httpx.get(f"{server.http}{path}", headers={"if-none-match": h["etag"]})
        assert again.status_code == 304
        assert again.headers["content-security-policy"] == h["content-security-policy"]


def test_a_forged_host_is_never_copied_into_the_policy(server: Server) -> None:
    answer = httpx.get(f"{server.http}/", headers={"host": "x; script-src *"})
    csp = answer.headers["content-security-policy"]
    assert "script-src *" not in csp
    assert directives(csp)["connect-src"] == ["'self'"]


def test_the_api_docs_page_runs_only_its_own_inline_script(server: Server) -> None:
    answer = httpx.get(f"{server.http}/docs")
    assert answer.status_code == 200
    csp = directives(answer.headers["content-security-policy"])
    inline = re.findall(r"<script>(.*?)</script>", answer.text, re.S)
    assert inline
    for script in inline:
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in csp["script-src"]
    assert "'unsafe-inline'" not in csp["script-src"]
    assert csp["frame-ancestors"] == ["'none'"]


# ----- origins -----


async def test_a_page_of_another_site_is_refused_before_any_room(server: Server) -> None:
    before = rooms(server)
    for origin in (EVIL, "null", f"http://localhost:{server.port}", "http://127.0.0.1:1"):
        with pytest.raises(InvalidStatus) as refused:
            async with connect(server.url, origin=origin):  # type: ignore[arg-type]
                pass
        assert refused.value.response.status_code == 403
        assert b"bad_origin" in refused.value.response.body
    async with httpx.AsyncClient(base_url=server.http) as http:
        made = (await http.post("/api/rooms", json={"name": "ann"})).json()
        code = made["room"]
        after_one = rooms(server)
        evil = {"origin": EVIL}
        for path, body in [
            ("/api/rooms", {"name": "eve"}),
            (f"/api/rooms/{code}/members", {"name": "eve"}),
            ("/api/decks/check", {"edition": "ultimate", "players": 3, "deck": {"seer": 1}}),
        ]:
            answer = await http.post(path, json=body, headers=evil)
            assert answer.status_code == 403, (path, answer.text)
            assert answer.json()["detail"]["code"] == "bad_origin"
        assert rooms(server) == after_one == before + 1
        lobby = (await http.get(f"/api/rooms/{code}")).json()
        assert [m["name"] for m in lobby["members"]] == ["ann"]  # eve never joined
        # Reading stays open to anyone (GET changes nothing).
        assert (await http.get(f"/api/rooms/{code}", headers=evil)).status_code == 200
        # The server's own origin, and no origin at all (a program), are taken.
        own = {"origin": server.http}
        joined = await http.post(f"/api/rooms/{code}/members", json={"name": "bob"}, headers=own)
        assert joined.status_code == 201
    async with connect(server.url, origin=server.http) as ws:  # type: ignore[arg-type]
        await ws.send('{"type": "ping", "ref": 1}')
        assert '"pong"' in str(await asyncio.wait_for(ws.recv(), 5))
    c = await Client.connect(server.url)  # the Python client sends no Origin
    try:
        await c.join(code, "cat")
    finally:
        await c.close()


async def test_allowed_origins_from_the_option_and_its_variable(
    tmp_path: Path, own: list[Server]
) -> None:
    flag = started(tmp_path / "a", "--allowed-origins", "https://play.example.org")
    own.append(flag)
    env = started(
        tmp_path / "b",
        env={"ONENIGHT_ALLOWED_ORIGINS": "https://play.example.org, http://lan.example:8000"},
    )
    own.append(env)
    for srv, origins in [
        (flag, ["https://play.example.org"]),
        (env, ["https://play.example.org", "http://lan.example:8000"]),
    ]:
        for origin in [*origins, srv.http]:
            async with connect(srv.url, origin=origin) as ws:  # type: ignore[arg-type]
                await ws.send('{"type": "ping", "ref": 1}')
                await asyncio.wait_for(ws.recv(), 5)
        for origin in (EVIL, "http://play.example.org", "https://play.example.org:8443"):
            with pytest.raises(InvalidStatus) as refused:
                async with connect(srv.url, origin=origin):  # type: ignore[arg-type]
                    pass
            assert refused.value.response.status_code == 403
            answer = httpx.post(
                f"{srv.http}/api/rooms", json={"name": "x"}, headers={"origin": origin}
            )
            assert answer.status_code == 403


def test_a_bad_allowed_origin_stops_the_server_at_once(tmp_path: Path) -> None:
    srv = Server("memory://", tmp_path / "server.log")
    srv.start_args += ["--allowed-origins", "play.example.org/path"]
    with pytest.raises(RuntimeError, match="allowed-origins"):
        srv.start()


# ----- limits -----


async def test_websockets_per_address_are_bounded(tmp_path: Path, own: list[Server]) -> None:
    srv = started(tmp_path, "--connections-per-address", "3")
    own.append(srv)
    held = [await Client.connect(srv.url) for _ in range(3)]
    try:
        with pytest.raises(InvalidStatus) as refused:
            async with connect(srv.url):
                pass
        assert refused.value.response.status_code == 429
        assert b"rate_limited" in refused.value.response.body
        await held.pop().close()
        deadline = time.monotonic() + 5
        while True:  # the server counts the closed one out as soon as it sees it go
            try:
                held.append(await Client.connect(srv.url))
                break
            except InvalidStatus:
                assert time.monotonic() < deadline
                await asyncio.sleep(0.05)
        # HTTP still answers that address
        assert httpx.get(f"{srv.http}/api/health").status_code == 200
    finally:
        for c in held:
            await c.close()


async def raw_request(port: int, head: bytes, body: bytes, wait: float) -> bytes:
    """Send a request's head and part of its body, then nothing more: what comes back
    within ``wait`` seconds."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(head + body)
        await writer.drain()
        return await asyncio.wait_for(read_response(reader), wait)
    finally:
        writer.close()


async def test_a_body_that_never_ends_or_is_too_large_is_refused(
    tmp_path: Path, own: list[Server]
) -> None:
    srv = started(tmp_path, "--body-timeout", "1")
    own.append(srv)
    head = (
        b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n"
    )
    t0 = time.monotonic()
    answer = await raw_request(srv.port, head, b'{"name": ', wait=5)
    assert answer.startswith(b"HTTP/1.1 408"), answer
    assert b"too_slow" in answer and 0.9 < time.monotonic() - t0 < 4
    big = head.replace(b"Content-Length: 100", b"Content-Length: 1000000")
    answer = await raw_request(srv.port, big, b"", wait=5)
    assert answer.startswith(b"HTTP/1.1 413") and b"too_large" in answer
    # A chunked body (no length said) is cut off when it passes the bound.
    chunked = head.replace(b"Content-Length: 100", b"Transfer-Encoding: chunked")
    chunk = b"8000\r\n" + b" " * 0x8000 + b"\r\n"
    answer = await raw_request(srv.port, chunked, chunk * 3, wait=5)
    assert answer.startswith(b"HTTP/1.1 413"), answer
    assert rooms(srv) == 0
    assert httpx.post(f"{srv.http}/api/rooms", json={"name": "ann"}).status_code == 201


def _frame(text: str) -> bytes:
    """A client's WebSocket text frame (masked, as a client must)."""
    data = text.encode()
    mask = os.urandom(4)
    n = len(data)
    head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def test_a_websocket_that_never_reads_is_dropped(tmp_path: Path, own: list[Server]) -> None:
    """A client that sends but never reads: the answers pile up unread, the server's sends
    wait, and after ``--send-timeout`` the system drops the connection, which frees its
    place (one connection per address here: the next is taken only once it is gone)."""
    srv = started(
        tmp_path, "--send-timeout", "2", "--message-rate", "0", "--connections-per-address", "1"
    )
    own.append(srv)
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", srv.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{srv.port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    assert sock.recv(4096).startswith(b"HTTP/1.1 101")
    ping = _frame('{"type": "ping", "ref": "' + "r" * 60 + '"}')
    sock.setblocking(False)
    sent = 0
    deadline = time.monotonic() + 60
    stalled_since: float | None = None
    while time.monotonic() < deadline:  # until the server stops reading us
        try:
            sock.send(ping * 50)
            sent += 50
            stalled_since = None
        except BlockingIOError:
            stalled_since = stalled_since or time.monotonic()
            if time.monotonic() - stalled_since > 1:
                break
            time.sleep(0.01)
        except OSError:
            break  # already dropped
    assert sent > 1000
    # Its place is taken back within the send timeout (and some), not held for ever.
    taken = False
    end = time.monotonic() + 30
    while time.monotonic() < end and not taken:
        try:
            with httpx.Client() as http:
                assert http.get(f"{srv.http}/api/health", timeout=5).status_code == 200
            asyncio.run(_one_ping(srv.url))
            taken = True
        except InvalidStatus as exc:
            assert exc.response.status_code == 429
            time.sleep(0.5)
    sock.close()
    assert taken, "the connection that never reads still holds its place"
    assert srv.alive()


async def _one_ping(url: str) -> None:
    c = await Client.connect(url)
    try:
        await c.ping()
    finally:
        await c.close()


async def test_an_overlong_resume_token_is_not_echoed(server: Server) -> None:
    c = await Client.connect(server.url)
    try:
        secret = "S3cr3t" * 40  # over the 128 characters a token may have
        with pytest.raises(ServerError) as err:
            await c.resume("ABCDE", secret)
        assert err.value.code == "invalid"
        assert "S3cr3t" not in str(err.value)
    finally:
        await c.close()
