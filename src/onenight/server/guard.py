"""What a request meets before it reaches a room: the origin check, the body's bounds and
the WebSocket connections an address may hold (docs/security.md, docs/deploy.md).

**Origins.** A browser names the page that opens a WebSocket or sends a ``POST`` in its
``Origin`` header, and no page can forge it. The game's WebSocket and every HTTP request
that is not a read (``GET``, ``HEAD``, ``OPTIONS``) are taken from a browser only when
that origin is the server's own, as the browser reached it (the ``Host`` header: a
browser cannot forge that one either), or one listed with ``--allowed-origins``. Anything
else gets HTTP 403 (``bad_origin``) before any room is touched. A request with no
``Origin`` is not a browser's page (the Python client, bots, curl): it is taken, as it
would be from anywhere. ``X-Forwarded-Host`` is never read: any client that reaches the
server directly may send one, and a proxy that rewrites ``Host`` is met by
``--allowed-origins`` (docs/deploy.md).

**Bodies.** A request's body is read whole, within ``MAX_BODY`` bytes and
``BODY_SECONDS``, before the app sees it: a body that never ends is answered 408 and one
too large 413, and neither holds a worker or a room.

**Connections.** An address may hold ``--connections-per-address`` WebSockets to one
process at once (HTTP 429 beyond). A household or a classroom behind one router is one
address: the default leaves room for a few tables of phones. A process holds at most
``--max-websockets`` WebSockets from all addresses together (HTTP 503 ``full`` beyond,
with ``Retry-After``): each holds a socket, its frames and a place in every broadcast, and
the system's files run out long before its memory does. Both are refused on the
handshake, before the connection can send a message, so no room is touched. (HTTP
connections, and the heads of their requests, meet their bounds below the app:
:mod:`.connections`.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from urllib.parse import urlsplit

import orjson

from onenight.session.errors import ErrorCode

from .headers import ASGIApp, Message, Receive, Scope, Send, header

#: What a request that changes nothing is sent with: no origin is checked for them.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
MAX_BODY = 64 * 1024  #: bytes of a request body (the API's largest is a deck: ~1 KiB)
BODY_SECONDS = 10.0  #: to send a whole body, once the headers are in
CONNECTIONS_PER_ADDRESS = 64  #: WebSockets an address may hold to one process
MAX_WEBSOCKETS = 10_000  #: WebSockets one process holds (benchmarks: 2,000 fill a core)
RETRY_AFTER = 10  #: seconds a client refused for a full process is told to wait
_DEFAULT_PORTS = {"http": 80, "https": 443}


class _TooLarge(Exception):
    pass


def origin_of(text: str) -> tuple[str, str, int] | None:
    """An origin (``scheme://host[:port]``) as (scheme, host, port), or None when it is
    not an HTTP(S) origin (``null``, ``file://``, junk)."""
    try:
        parts = urlsplit(text.strip().lower())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        return None
    return parts.scheme, parts.hostname, port or _DEFAULT_PORTS[parts.scheme]


class Origins:
    """The origins a browser's page may talk to the server from: its own (the Host it
    reached) and ``allowed`` (``*``: any, which gives the check up)."""

    def __init__(self, allowed: Iterable[str] = ()) -> None:
        names = [a.strip() for a in allowed if a.strip()]
        self.any = "*" in names
        origins = set()
        for name in names:
            if name == "*":
                continue
            origin = origin_of(name)
            if origin is None:
                raise ValueError(f"not an origin (scheme://host[:port]): {name!r}")
            origins.add(origin)
        self.allowed = frozenset(origins)

    def __eq__(self, other: object) -> bool:  # the same options make the same check
        return isinstance(other, Origins) and (self.any, self.allowed) == (
            other.any,
            other.allowed,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Origins(any={self.any}, allowed={sorted(self.allowed)})"

    @classmethod
    def parse(cls, text: str | None) -> Origins:
        """``--allowed-origins``: comma-separated origins."""
        return cls((text or "").split(","))

    def allows(self, origin: str | None, host: str | None) -> bool:
        if origin is None or self.any:
            return True  # not a browser's page (or every origin is taken)
        seen = origin_of(origin)
        if seen is None:
            return False
        if seen in self.allowed:
            return True
        return host is not None and _same_host(seen, host)


def _same_host(origin: tuple[str, str, int], host: str) -> bool:
    """Whether the page's origin is the one the browser reached the server by: the same
    host name, and the same port (a Host without a port: the origin scheme's default)."""
    scheme, name, port = origin
    try:
        parts = urlsplit(f"//{host.strip().lower()}")
        host_port = parts.port
    except ValueError:
        return False
    return parts.hostname == name and (host_port or _DEFAULT_PORTS[scheme]) == port


def _problem(code: ErrorCode, message: str) -> bytes:
    return orjson.dumps({"detail": {"code": code, "message": message}})


async def answer(send: Send, status: int, code: ErrorCode, message: str) -> None:
    """An HTTP error answer, as the API's others (``{"detail": {code, message}}``)."""
    body = _problem(code, message)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"x-content-type-options", b"nosniff"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def deny(
    scope: Scope,
    receive: Receive,
    send: Send,
    status: int,
    code: ErrorCode,
    message: str,
    retry_after: int | None = None,
) -> None:
    """Refuse a WebSocket's handshake with an HTTP answer (or, where the server cannot
    send one, by closing it before it opens: a 403)."""
    await receive()  # websocket.connect
    if "websocket.http.response" in scope.get("extensions", {}):
        body = _problem(code, message)
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
        ]
        if retry_after is not None:
            headers.append((b"retry-after", str(retry_after).encode()))
        await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 1008})


class Guard:
    """The checks of :mod:`this module <.guard>`, for one app."""

    def __init__(
        self,
        origins: Origins | None = None,
        connections_per_address: int = CONNECTIONS_PER_ADDRESS,
        max_body: int = MAX_BODY,
        body_seconds: float = BODY_SECONDS,
        max_websockets: int = MAX_WEBSOCKETS,
    ) -> None:
        self.origins = origins or Origins()
        self.connections_per_address = connections_per_address
        self.max_body = max_body
        self.body_seconds = body_seconds
        self.max_websockets = max_websockets
        self.open: dict[str, int] = {}  #: WebSockets open, by address
        self.websockets = 0  #: WebSockets open from every address

    def _allowed(self, scope: Scope) -> bool:
        return self.origins.allows(header(scope, b"origin"), header(scope, b"host"))

    async def websocket(self, scope: Scope, receive: Receive, send: Send, app: ASGIApp) -> None:
        if not self._allowed(scope):
            await deny(scope, receive, send, 403, ErrorCode.bad_origin, "origin not allowed")
            return
        client = scope.get("client")
        address = str(client[0]) if client else None
        limit = self.connections_per_address
        if address is None or limit <= 0:
            address = None  # not counted by address
        elif self.open.get(address, 0) >= limit:
            message = f"at most {limit} connections from one address"
            await deny(scope, receive, send, 429, ErrorCode.rate_limited, message)
            return
        if 0 < self.max_websockets <= self.websockets:
            message = "this server holds as many connections as it may: try again later"
            await deny(scope, receive, send, 503, ErrorCode.full, message, RETRY_AFTER)
            return
        self.websockets += 1
        if address is not None:
            self.open[address] = self.open.get(address, 0) + 1
        try:
            await app(scope, receive, send)
        finally:
            self.websockets -= 1
            if address is not None:
                left = self.open[address] - 1
                if left:
                    self.open[address] = left
                else:
                    del self.open[address]

    async def http(self, scope: Scope, receive: Receive, send: Send, app: ASGIApp) -> None:
        if scope["method"] in SAFE_METHODS:
            await app(scope, receive, send)
            return
        if not self._allowed(scope):
            await answer(send, 403, ErrorCode.bad_origin, "origin not allowed")
            return
        length = header(scope, b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await answer(send, 413, ErrorCode.too_large, f"a body of at most {self.max_body} bytes")
            return
        try:
            async with asyncio.timeout(self.body_seconds):
                body, disconnected = await self._read(receive)
        except _TooLarge:
            await answer(send, 413, ErrorCode.too_large, f"a body of at most {self.max_body} bytes")
            return
        except TimeoutError:
            message = f"the body took over {self.body_seconds:g} seconds"
            await answer(send, 408, ErrorCode.too_slow, message)
            return
        if disconnected:
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await app(scope, replay, send)

    async def _read(self, receive: Receive) -> tuple[bytes, bool]:
        """The whole body, and whether the client went away before it ended."""
        chunks = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return bytes(chunks), True
            chunks.extend(message.get("body", b""))
            if len(chunks) > self.max_body:
                raise _TooLarge
            if not message.get("more_body", False):
                return bytes(chunks), False
