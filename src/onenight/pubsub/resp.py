"""A lean Redis connection for the bus's two hot paths: commands pipelined on one socket
(:class:`Pipeliner`) and one subscriber socket (:class:`Listener`), their replies and
messages parsed by hiredis, in C, as many as a read brought.

redis-py stays for everything else (leases, presence, rate limits, reading kept frames).
On these two paths its layers (a connection from the pool, a retry wrapper, a parser call
and a push handler for each reply) cost a process more than the work itself: a pub/sub
message read through ``PubSub.get_message`` costs the reader about fifteen times the
CPU of one read here, and under load a process reads thousands a second. The URL is
parsed by redis-py (``redis://``, ``rediss://``,
``unix://``; user, password and database), and failures are redis-py's exceptions
(``ConnectionError``, ``ResponseError``, ``NoScriptError``), so callers see the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
from collections import deque
from collections.abc import Callable
from typing import Any

import hiredis
from redis.asyncio.connection import SSLConnection, UnixDomainSocketConnection, parse_url
from redis.exceptions import ConnectionError as BusConnectionError
from redis.exceptions import NoScriptError, ResponseError

log = logging.getLogger("onenight.pubsub")

CONNECT_LIMIT = 5.0  #: seconds to open a socket and be let in (AUTH, SELECT)
RETRY = 0.5  #: seconds between a lost subscriber socket and the next try


def _error(reply: hiredis.ReplyError) -> ResponseError:
    text = str(reply)
    return NoScriptError(text) if text.startswith("NOSCRIPT") else ResponseError(text)


class Wire(asyncio.Protocol):
    """One socket to Redis. Commands written in one tick leave in one write; each reply
    goes to the future of its command, in order, or (no future waiting: a subscriber's
    pushes) to ``on_push``. A lost socket fails every command still waiting."""

    def __init__(self, on_push: Callable[[Any], None] | None = None) -> None:
        self.reader = hiredis.Reader()
        self.transport: Any = None  #: asyncio's or uvloop's (not an asyncio.Transport)
        self.replies: deque[asyncio.Future[Any]] = deque()
        self.out: list[bytes] = []
        self.on_push = on_push
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.writes = 0  #: writes to the socket (several commands each, under load)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport

    @property
    def open(self) -> bool:
        return self.transport is not None and not self.closed.done()

    def send(self, command: tuple[Any, ...]) -> asyncio.Future[Any]:
        """The command goes out with the others of this tick; its reply comes to the
        future returned."""
        if not self.open:
            raise BusConnectionError("the Redis connection is closed")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.replies.append(future)
        self.push(command)
        return future

    def push(self, command: tuple[Any, ...]) -> None:
        """A command whose replies are not waited for here (a subscriber's)."""
        self.out.append(hiredis.pack_command(command))
        if len(self.out) == 1:
            asyncio.get_running_loop().call_soon(self._write)

    def _write(self) -> None:
        out, self.out = self.out, []
        if out and self.transport is not None and not self.closed.done():
            self.transport.write(b"".join(out))
            self.writes += 1

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        try:
            while (reply := self.reader.gets()) is not False:
                self._reply(reply)
        except hiredis.ProtocolError:
            log.error("redis: a reply that is not RESP: the connection is dropped")
            if self.transport is not None:
                self.transport.abort()

    def _reply(self, reply: Any) -> None:
        if not self.replies:
            if self.on_push is not None:
                self.on_push(reply)
            return
        future = self.replies.popleft()
        if future.done():  # its caller gave up (cancelled)
            return
        if isinstance(reply, hiredis.ReplyError):
            future.set_exception(_error(reply))
        else:
            future.set_result(reply)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.closed.done():
            self.closed.set_result(None)
        failure = BusConnectionError(f"the Redis connection was lost: {exc or 'closed'}")
        while self.replies:
            future = self.replies.popleft()
            if not future.done():
                future.set_exception(failure)
        self.out.clear()

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


async def open_wire(url: str, on_push: Callable[[Any], None] | None = None) -> Wire:
    """A socket to the Redis of ``url``, logged in and on its database."""
    options = parse_url(url)
    loop = asyncio.get_running_loop()
    kind = options.get("connection_class")

    def made() -> Wire:
        return Wire(on_push)

    try:
        if kind is not None and issubclass(kind, UnixDomainSocketConnection):
            opening = loop.create_unix_connection(made, options["path"])
        else:
            tls = ssl.create_default_context() if kind is SSLConnection else None
            host, port = options.get("host", "localhost"), options.get("port", 6379)
            opening = loop.create_connection(made, host, port, ssl=tls)
        _, wire = await asyncio.wait_for(opening, CONNECT_LIMIT)
    except (OSError, TimeoutError) as exc:
        raise BusConnectionError(f"Redis is not reachable at {url}: {exc}") from exc
    try:
        logins = []
        if options.get("password") is not None:
            user = options.get("username")
            login = ("AUTH", user, options["password"]) if user else ("AUTH", options["password"])
            logins.append(wire.send(login))
        if options.get("db"):
            logins.append(wire.send(("SELECT", options["db"])))
        if logins:
            await asyncio.wait_for(asyncio.gather(*logins), CONNECT_LIMIT)
    except BaseException:
        wire.close()
        raise
    return wire


class Pipeliner:
    """Auto-pipelining on one socket: the commands asked for in one tick go out in one
    write, in order, and each caller gets its own reply (an error reply only its own).
    A lost socket fails the commands on it; the next command opens another."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.wire: Wire | None = None
        self._opening: asyncio.Future[Wire] | None = None

    async def execute(self, *command: Any) -> Any:
        wire = self.wire
        if wire is None or not wire.open:
            wire = await self._open()
        return await wire.send(command)

    async def _open(self) -> Wire:
        """One socket opening for every command that found none: they all go on once it
        is open (in one write), or all fail with its error."""
        if self._opening is None or self._opening.done():
            self._opening = asyncio.ensure_future(open_wire(self.url))
            self._opening.add_done_callback(self._opened)
        return await asyncio.shield(self._opening)

    def _opened(self, opening: asyncio.Future[Wire]) -> None:
        if not opening.cancelled() and opening.exception() is None:
            self.wire = opening.result()

    @property
    def writes(self) -> int:
        return 0 if self.wire is None else self.wire.writes

    async def close(self) -> None:
        if self.wire is not None:
            self.wire.close()
            with contextlib.suppress(BaseException):
                await self.wire.closed


class Listener:
    """One subscriber socket, kept open: each message's (channel, data) to ``on_message``.
    :meth:`subscribe` returns once Redis has confirmed the channels; a lost socket is
    opened again every :data:`RETRY` seconds, and subscribed again to every channel
    (what was published meanwhile is lost, as with any Redis subscriber: the frames'
    numbers show the gap, and the members catch up)."""

    def __init__(self, url: str, on_message: Callable[[bytes, bytes], None]) -> None:
        self.url = url
        self.on_message = on_message
        self.channels: set[str] = set()
        self.wire: Wire | None = None
        self.confirming: dict[bytes, list[asyncio.Future[None]]] = {}
        self.task: asyncio.Task[None] | None = None

    async def subscribe(self, *channels: str) -> None:
        self.channels.update(channels)
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._keep_open(), name="redis-pubsub")
        loop = asyncio.get_running_loop()
        confirmed = []
        for channel in channels:
            future: asyncio.Future[None] = loop.create_future()
            self.confirming.setdefault(channel.encode(), []).append(future)
            confirmed.append(future)
        if self.wire is not None and self.wire.open:  # else the next socket subscribes
            self.wire.push(("SUBSCRIBE", *channels))
        try:
            await asyncio.wait_for(asyncio.gather(*confirmed), CONNECT_LIMIT)
        except TimeoutError:
            raise BusConnectionError("Redis did not confirm the subscription") from None
        finally:
            for channel, future in zip(channels, confirmed, strict=True):
                waiting = self.confirming.get(channel.encode(), [])
                if future in waiting:
                    waiting.remove(future)
                if not waiting:
                    self.confirming.pop(channel.encode(), None)

    def unsubscribe(self, *channels: str) -> None:
        self.channels.difference_update(channels)
        if self.wire is not None and self.wire.open:
            self.wire.push(("UNSUBSCRIBE", *channels))

    async def _keep_open(self) -> None:
        while True:
            try:
                wire = await open_wire(self.url, self._push)
            except Exception as exc:
                log.warning("redis pub/sub: %s; retrying", exc)
                await asyncio.sleep(RETRY)
                continue
            if self.channels:
                wire.push(("SUBSCRIBE", *sorted(self.channels)))
            self.wire = wire
            await wire.closed
            self.wire = None
            log.warning("redis pub/sub: the subscriber connection was lost; reopening")
            await asyncio.sleep(RETRY)

    def _push(self, reply: Any) -> None:
        if not isinstance(reply, list) or len(reply) < 3:
            return
        kind = reply[0]
        if kind == b"message":
            try:
                self.on_message(reply[1], reply[2])
            except Exception:  # one bad message must not take the socket down
                log.exception("redis pub/sub: a message on %r could not be handed out", reply[1])
        elif kind == b"subscribe":
            for future in self.confirming.get(reply[1], ()):
                if not future.done():
                    future.set_result(None)

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task
        if self.wire is not None:
            self.wire.close()
