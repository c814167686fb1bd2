"""Limits a flood meets below the game (docs/deploy.md): the head of an HTTP request that
never ends or never stops growing, the HTTP connections one address holds, and the
WebSockets one process holds, tried from outside against a real server with raw sockets
and a WebSocket client.

Addresses: the loopback network is all this machine's, so a socket bound to 127.0.0.2 or
127.0.0.3 reaches the server as another client would. 127.0.0.1 is the address uvicorn
trusts as a proxy (its ``FORWARDED_ALLOW_IPS``), whose connections are not counted."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterator

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from onenight.client import Client

from .conftest import Server, read_response, started

Stream = tuple[asyncio.StreamReader, asyncio.StreamWriter]


async def open_from(srv: Server, source: str) -> Stream:
    """A TCP connection to the server from ``source`` (a loopback address)."""
    return await asyncio.open_connection("127.0.0.1", srv.port, local_addr=(source, 0))


def request(path: str = "/api/health") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()


async def answer_to(stream: Stream, data: bytes, wait: float = 5) -> bytes:
    """Send ``data`` and read until the server has answered a whole response (its head,
    and its body by Content-Length) or closed; what came."""
    reader, writer = stream
    writer.write(data)
    await writer.drain()
    async with asyncio.timeout(wait):
        return await read_response(reader)


async def closed_within(stream: Stream, wait: float, since: float = 0) -> tuple[bytes, float]:
    """What the server sends before it closes the connection, and how long after
    ``since`` (a ``time.monotonic()``) it closed."""
    reader, _ = stream
    got = b""
    async with asyncio.timeout(wait):
        while chunk := await reader.read(4096):
            got += chunk
    return got, time.monotonic() - since


async def until(check: Callable[[], Awaitable[bool]], wait: float = 5) -> None:
    """Ask again until ``check`` holds (the server counts a closed connection out as soon
    as it sees it go, which is not at once)."""
    deadline = time.monotonic() + wait
    while not await check():
        assert time.monotonic() < deadline
        await asyncio.sleep(0.05)


async def client(srv: Server) -> Client:
    """A client of ``srv``, once the WebSockets an earlier test closed are counted out."""
    deadline = time.monotonic() + 5
    while True:
        try:
            return await Client.connect(srv.url)
        except InvalidStatus as exc:
            assert exc.response.status_code == 503 and time.monotonic() < deadline
            await asyncio.sleep(0.05)


def close(*streams: Stream) -> None:
    for _, writer in streams:
        writer.close()


@pytest.fixture(scope="module")
def impatient(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that waits a second for a request's head."""
    srv = started(tmp_path_factory.mktemp("impatient"), "--header-timeout", "1")
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that takes 3 HTTP connections from an address (its variable) and 4
    WebSockets in all (its option); it waits long for a head, so that connections a
    test holds silent stay open however loaded the machine."""
    env = {"ONENIGHT_HTTP_CONNECTIONS_PER_ADDRESS": "3"}
    args = ["--max-websockets", "4", "--header-timeout", "60"]
    srv = started(tmp_path_factory.mktemp("small"), *args, env=env)
    yield srv
    srv.stop()


# ----- the head of a request -----


async def test_a_client_still_sending_when_cut_off_reads_its_answer_and_a_clean_close(
    impatient: Server,
) -> None:
    """The 408 of a slow head reaches a client that goes on sending after it, unread
    until the end: its bytes are read and dropped while the server lingers, so the
    connection ends with the answer and a close, not a reset (a reset loses what the
    client had not read yet)."""
    reader, writer = await open_from(impatient, "127.0.0.3")
    writer.write(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    await writer.drain()
    ends = time.monotonic() + 2.0  # the server cuts it off after 1 s, lingers 2 s
    i = 0
    while time.monotonic() < ends:  # nothing read meanwhile
        await asyncio.sleep(0.05)
        i += 1
        try:
            writer.write(f"X-{i}: y\r\n".encode())
            await writer.drain()
        except ConnectionError as exc:
            raise AssertionError("the server reset the connection while it answered") from exc
    got = b""
    async with asyncio.timeout(5):
        while chunk := await reader.read(4096):  # a reset raises here
            got += chunk
    assert got.startswith(b"HTTP/1.1 408") and b"too_slow" in got, got
    writer.close()


async def test_a_head_that_never_ends_is_cut_off(impatient: Server) -> None:
    """``--header-timeout``: a connection that sends nothing is closed, one that sends its
    head a header a time ("slowloris") is answered 408 and closed, also on a connection
    kept alive after an answer; the requests of everyone else are served meanwhile."""
    srv = impatient

    async def dribble(stream: Stream) -> None:
        reader, writer = stream
        writer.write(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        for i in range(40):  # far longer than the timeout, if nothing cut it
            await asyncio.sleep(0.1)
            if reader.at_eof():
                return
            try:
                writer.write(f"X-{i}: y\r\n".encode())
                await writer.drain()
            except ConnectionError:
                return

    opened = time.monotonic()
    silent = await open_from(srv, "127.0.0.2")
    slow = await open_from(srv, "127.0.0.2")
    # its first line at once: a loaded machine's delay must not make it a silent one
    feeders = [asyncio.create_task(dribble(slow))]
    kept = await open_from(srv, "127.0.0.2")
    assert b" 200 " in await answer_to(kept, request())  # served, and kept alive
    answered = time.monotonic()
    feeders.append(asyncio.create_task(dribble(kept)))
    # everyone else is served meanwhile
    async with httpx.AsyncClient(base_url=srv.http) as http:
        assert (await http.get("/api/health")).status_code == 200
    (said, when), (cut, cut_when), (cut_kept, kept_when) = await asyncio.gather(
        closed_within(silent, 5, opened),
        closed_within(slow, 5, opened),
        closed_within(kept, 5, answered),
    )
    await asyncio.gather(*feeders)
    assert said == b"" and 0.9 < when < 4  # idle: closed with nothing to say
    assert cut.startswith(b"HTTP/1.1 408") and b"too_slow" in cut, cut
    assert b"connection: close" in cut.lower() and 0.9 < cut_when < 4
    assert cut_kept.startswith(b"HTTP/1.1 408") and kept_when < 4, cut_kept
    close(silent, slow, kept)
    assert srv.alive()


async def test_a_head_too_large_is_refused(impatient: Server) -> None:
    """A head is at most 16 KiB (431 and closed beyond: a header line that never ends is
    not buffered for ever); one a little under is served, as is the next connection."""
    srv = impatient
    under = await open_from(srv, "127.0.0.3")
    head = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 15_000
    assert b" 200 " in await answer_to(under, head + b"\r\n\r\n")
    over = await open_from(srv, "127.0.0.3")
    refused = await answer_to(over, head + b"a" * 2_000)  # never ends, never 200
    assert refused.startswith(b"HTTP/1.1 431") and b"at most 16384 bytes" in refused, refused
    assert (await closed_within(over, 5))[0] == b""
    # a whole head over the bound, in one write (one read for the server): refused too
    whole = await open_from(srv, "127.0.0.3")
    refused = await answer_to(whole, head + b"a" * 3_000 + b"\r\n\r\n")
    assert refused.startswith(b"HTTP/1.1 431") and b"at most 16384 bytes" in refused, refused
    close(under, over, whole)
    async with httpx.AsyncClient(base_url=srv.http) as http:
        assert (await http.get("/api/health")).status_code == 200


# ----- connections -----


async def test_http_connections_per_address_are_bounded(small: Server) -> None:
    """``ONENIGHT_HTTP_CONNECTIONS_PER_ADDRESS``: an address holding as many connections as
    it may is answered 429 on the next (which is closed, and soon when it says nothing);
    other addresses, the trusted proxy's and that address's WebSockets are not counted;
    a place freed is taken again."""
    srv = small
    # WebSockets from that address (the game's own bound counts them: guard.py)
    sockets = [
        await connect(srv.url, local_addr=("127.0.0.2", 0))  # type: ignore[arg-type]
        for _ in range(3)
    ]
    held = [await open_from(srv, "127.0.0.2") for _ in range(3)]  # silent: held 10 s
    over = await open_from(srv, "127.0.0.2")
    refused = await answer_to(over, request())
    assert refused.startswith(b"HTTP/1.1 429") and b"rate_limited" in refused, refused
    assert b"at most 3 HTTP connections" in refused
    assert (await closed_within(over, 5))[0] == b""
    # A refused connection that says nothing is not held as long as a served one.
    opened = time.monotonic()
    mute = await open_from(srv, "127.0.0.2")
    said, when = await closed_within(mute, 5, opened)
    assert said == b"" and when < 4  # a second, where one served would have ten
    for source in ("127.0.0.3", "127.0.0.1"):
        other = await open_from(srv, source)
        assert b" 200 " in await answer_to(other, request()), source
        close(other)
    close(held.pop())

    async def taken() -> bool:
        again = await open_from(srv, "127.0.0.2")
        try:
            return b" 200 " in await answer_to(again, request())
        finally:
            close(again)

    await until(taken)
    close(*held)
    for ws in sockets:
        await ws.send('{"type": "ping", "ref": 1}')
        assert '"pong"' in str(await asyncio.wait_for(ws.recv(), 5))
        await ws.close()


async def test_websockets_per_process_are_capped(small: Server) -> None:
    """``--max-websockets``: past the cap, from any address, the handshake is refused
    (503 ``full``, with Retry-After) before the connection can send anything, so no
    room is touched; the members already in play on, and a place freed is taken again."""
    srv = small
    host = await client(srv)
    room = (await host.create("ann"))["room"]
    guest = await client(srv)
    await guest.join(room, "bob")
    more = [await client(srv) for _ in range(2)]  # 4: the cap
    for source in ("127.0.0.1", "127.0.0.4"):
        with pytest.raises(InvalidStatus) as refused:
            async with connect(srv.url, local_addr=(source, 0)):  # type: ignore[arg-type]
                pass
        response = refused.value.response
        assert response.status_code == 503
        assert b'"full"' in response.body and response.headers["retry-after"] == "10"
    metrics = httpx.get(srv.metrics).text
    assert "onenight_rooms 1.0" in metrics  # the refusals made no room
    await host.chat("still here")
    await guest.until(lambda c: any(e.get("text") == "still here" for e in c.talk))
    await guest.close()
    for c in more:
        await c.close()

    async def taken() -> bool:
        try:
            third = await Client.connect(srv.url)
        except InvalidStatus as exc:
            assert exc.response.status_code == 503
            return False
        await third.close()
        return True

    await until(taken)
    await host.close()


async def test_a_client_flooding_past_its_refusals_is_closed(small: Server) -> None:
    """``--message-rate`` (20 a second, bursts of 40): a client that sends on past its
    ``rate_limited`` answers is closed with 1008, and its place is free again."""
    flooder = await client(small)
    for _ in range(200):
        try:
            await flooder.ws.send('{"type": "ping"}')
        except ConnectionClosed:
            break
    await flooder.until(lambda c: c.closed, 10)
    assert (flooder.ws.close_code, flooder.ws.close_reason) == (1008, "flooding")
    c = await client(small)
    await c.ping()
    await c.close()
