"""What a TCP connection meets before its request reaches the app: the time and the bytes
its request's head (the request line and headers) may take, and the HTTP connections one
address may hold (docs/deploy.md, Limits a flood meets).

uvicorn bounds none of these with the parser it runs (httptools, which
``uvicorn[standard]`` installs): a connection that sends nothing, or a head a byte at a
time ("slowloris"), is kept for ever, and a header line that never ends is buffered
whole (a 100 MiB line grew a process by 100 MiB). Its ``timeout_keep_alive`` is armed only
after an answer, and disarmed by the first byte of the next request;
``h11_max_incomplete_event_size`` is h11's, a parser it does not run; its
``limit_concurrency`` counts WebSockets too and then refuses pages, not WebSockets. The
app never sees a head that does not end, so the bound is here, in uvicorn's own protocol
with its hooks added (:func:`protocol`):

* **The head's deadline.** From the connection's start, and from each answer on a
  connection kept alive, a whole head must arrive within ``--header-timeout``; then it
  is answered 408 ``too_slow`` and closed (or closed with no answer when not a byte came:
  an idle connection, as the keep-alive timeout closes). 0: no deadline.
* **The head's size.** At most :data:`MAX_HEAD` bytes (431 and closed beyond).
* **A lingering close** after a 408 or a 431: the client may still be sending, and a
  close with its bytes unread resets the connection, which can lose the answer. The
  sending side ends after the answer; what still comes is dropped, for at most
  :data:`LINGER_SECONDS`.
* **Connections per address.** An address may hold ``--http-connections-per-address``
  HTTP connections to one process; the next is answered 429 ``rate_limited`` once its head
  is in (and given :data:`REFUSED_HEAD_SECONDS` for it), then closed. A connection that
  becomes a WebSocket leaves this count for the WebSockets' own (:mod:`.guard`). The
  addresses uvicorn trusts as proxies (``FORWARDED_ALLOW_IPS``, by default the machine's
  own) are not counted: a proxy's connections carry many clients, and it bounds them
  itself (nginx's ``limit_conn``).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections.abc import Iterable
from typing import Any

import orjson
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from onenight.session.errors import ErrorCode

from .headers import Receive, Scope, Send

MAX_HEAD = 16 * 1024  #: bytes of a request's head (h11's bound; a browser's is ~1 KiB)
HEADER_SECONDS = 10.0  #: for a whole head, from the connection's start or the last answer
HTTP_CONNECTIONS_PER_ADDRESS = 256  #: a classroom's phones loading the page at once
#: A connection over its address's count is answered as soon as its head is in: it has
#: this long to send it, so that refused connections are not held as long as served ones.
REFUSED_HEAD_SECONDS = 1.0
#: How long an answered connection (408, 431) waits for the client to close it, reading
#: and dropping what it still sends, before it closes (:meth:`BoundedHttp._close`).
LINGER_SECONDS = 2.0

log = logging.getLogger("onenight.server")


def _answer(status: int, reason: str, code: ErrorCode, message: str) -> bytes:
    """A whole HTTP answer that closes the connection, as the API's errors read."""
    body = orjson.dumps({"detail": {"code": code, "message": message}})
    head = (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nx-content-type-options: nosniff\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode() + body


class Trusted:
    """The addresses uvicorn takes ``X-Forwarded-For`` from (its ``forwarded_allow_ips``:
    addresses and networks, ``*`` for any)."""

    def __init__(self, names: Iterable[str]) -> None:
        names = [n.strip() for n in names if n.strip()]
        self.any = "*" in names
        self.networks = []
        for name in names:
            try:
                self.networks.append(ipaddress.ip_network(name, strict=False))
            except ValueError:
                continue  # a unix socket's name, or "*"

    @classmethod
    def of(cls, config: Any) -> Trusted:
        if not config.proxy_headers:
            return cls(())
        allowed = config.forwarded_allow_ips
        return cls(allowed.split(",") if isinstance(allowed, str) else allowed)

    def __contains__(self, address: str) -> bool:
        if self.any:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in self.networks)


class BoundedHttp(HttpToolsProtocol):
    """uvicorn's HTTP protocol with the bounds of :mod:`this module <.connections>`; the
    subclass :func:`protocol` makes holds one server's settings and counts."""

    head_seconds: float = HEADER_SECONDS
    per_address: int = HTTP_CONNECTIONS_PER_ADDRESS
    max_head: int = MAX_HEAD
    trusted: Trusted = Trusted(())
    held: dict[str, int]  #: HTTP connections open, by address (one dict per server)

    _deadline: asyncio.TimerHandle | None = None
    _awaiting = False  #: a head is awaited (from the start, or since the last answer)
    _counted: str | None = None  #: the address this connection is counted under
    _head_bytes = 0  #: bytes of the head awaited so far (what came that was no body)
    _tail = b""  #: the last bytes of the head so far (its blank line may straddle reads)
    _lingering = False  #: answered and closing (:meth:`_close`)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else None
        seconds = self.head_seconds
        if address is not None and self.per_address > 0 and address not in self.trusted:
            count = self.held.get(address, 0)
            self.held[address] = count + 1
            self._counted = address
            if count >= self.per_address:
                self.app = _too_many(self.per_address)
                seconds = (
                    REFUSED_HEAD_SECONDS if seconds <= 0 else min(seconds, REFUSED_HEAD_SECONDS)
                )
        self._await_head(seconds)

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        self._release()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._lingering:
            return  # answered and closing: what still comes is read and dropped
        waiting = self._awaiting
        # a head may come whole in one read: measured to its end before it is parsed
        over = waiting and self._head_bytes + len(data) > self.max_head
        if over and self._head_through(data) > self.max_head:
            message = f"a request head of at most {self.max_head} bytes"
            self._close(_answer(431, "Request Header Fields Too Large", ErrorCode.invalid, message))
            return
        if waiting:
            self._tail = (self._tail + data)[-3:]
        super().data_received(data)
        if not waiting or not self._awaiting:
            return  # not awaiting a head (a body, or the head ended in this data)
        self._head_bytes += len(data)
        if self._head_bytes > self.max_head:
            message = f"a request head of at most {self.max_head} bytes"
            self._close(_answer(431, "Request Header Fields Too Large", ErrorCode.invalid, message))

    def _head_through(self, data: bytes) -> int:
        """The head's bytes once ``data`` is in: to its blank line when ``data`` holds it
        (what follows is a body, or the next request), else all of it."""
        joined = self._tail + data
        end = joined.find(b"\r\n\r\n")
        if end < 0:
            return self._head_bytes + len(data)
        return self._head_bytes + end + 4 - len(self._tail)

    def on_body(self, body: bytes) -> None:
        self._head_bytes -= len(body)  # body bytes fed with a head are not the head's
        super().on_body(body)

    def on_headers_complete(self) -> None:
        self._stop_waiting()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        queued = bool(self.pipeline)  # a head already in: its request starts now
        super().on_response_complete()
        if not queued and not self.transport.is_closing():
            self._await_head(self.head_seconds)

    def handle_websocket_upgrade(self) -> None:
        self._stop_waiting()
        self._release()  # a WebSocket now: counted by the guard (guard.py)
        super().handle_websocket_upgrade()

    def _await_head(self, seconds: float) -> None:
        """Await a head: its bytes counted, and within ``seconds`` (0: no deadline)."""
        self._stop_waiting()
        self._awaiting = True
        if seconds > 0:
            self._deadline = self.loop.call_later(seconds, self._too_slow, seconds)

    def _stop_waiting(self) -> None:
        self._awaiting = False
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._head_bytes = 0
        self._tail = b""

    def _too_slow(self, seconds: float) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self._head_bytes <= 0:
            self.transport.close()  # idle: nothing asked, nothing to answer
            return
        message = f"the request's head took over {seconds:g} seconds"
        self._close(_answer(408, "Request Timeout", ErrorCode.too_slow, message))

    def _close(self, answer: bytes) -> None:
        """Answer and close, lingering: a client still sending (a slow head, a head too
        big) would have the connection reset by a close with its bytes unread, and a
        reset can lose the answer before the client reads it. So the answer goes with an
        end of the sending side, what the client still sends is dropped, and the
        connection closes once the client closes it, or after :data:`LINGER_SECONDS`."""
        self._stop_waiting()
        self.transport.write(answer)
        if not self.transport.can_write_eof():
            self.transport.close()
            return
        self._lingering = True
        self.transport.write_eof()
        self.loop.call_later(LINGER_SECONDS, self.transport.close)

    def _release(self) -> None:
        address, self._counted = self._counted, None
        if address is None:
            return
        left = self.held.get(address, 1) - 1
        if left > 0:
            self.held[address] = left
        else:
            self.held.pop(address, None)


def _too_many(limit: int) -> Any:
    """The app a connection over its address's count gets: 429, and the connection ends."""
    body = orjson.dumps(
        {
            "detail": {
                "code": ErrorCode.rate_limited,
                "message": f"at most {limit} HTTP connections from one address",
            }
        }
    )

    async def refuse(scope: Scope, receive: Receive, send: Send) -> None:
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"connection", b"close"),
        ]
        await send({"type": "http.response.start", "status": 429, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    return refuse


def protocol(
    config: Any,
    head_seconds: float = HEADER_SECONDS,
    per_address: int = HTTP_CONNECTIONS_PER_ADDRESS,
) -> type[BoundedHttp]:
    """The HTTP protocol class for one server (uvicorn's ``Config(http=…)``): its bounds,
    the proxies it trusts (from ``config``) and its own count of connections."""

    class ServerHttp(BoundedHttp):
        pass

    ServerHttp.head_seconds = head_seconds
    ServerHttp.per_address = per_address
    ServerHttp.trusted = Trusted.of(config)
    ServerHttp.held = {}
    return ServerHttp


def open_files_for(connections: int) -> None:
    """Let the process open as many files as the system lets it (the soft limit raised to
    the hard one, as Go's runtime does): systemd starts services with a soft limit of
    1024, so a few hundred players would exhaust it long before ``--max-websockets``, and
    an ``accept()`` that fails for want of files stops accepting anyone for a second.
    Says so in the log when even the hard limit is below ``connections``."""
    try:
        import resource
    except ImportError:  # not a Unix: nothing to raise
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    if soft != resource.RLIM_INFINITY and soft < connections:
        log.warning(
            "this process may open %d files, fewer than the %d connections it allows: "
            "raise its limit (systemd: LimitNOFILE=) or lower --max-websockets",
            soft,
            connections,
        )
