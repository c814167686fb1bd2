"""``/metrics`` on a listener of its own (``--metrics-address``, loopback by default).

The players' port never serves the metrics: what a scrape shows (messages by type,
frames, rooms) is for whoever runs the server, and a proxy that forwards ``location /``
must not hand it to the players. This listener runs in the server's event loop (the
gauges read the hub where it lives, no thread), answers ``GET /metrics`` with the
Prometheus text and anything else with a 404, reads a head of at most
:data:`HEAD_LIMIT` bytes within :data:`HEAD_SECONDS`, and closes every connection after
its answer (a scraper opens one a scrape)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from .ops import Metrics

log = logging.getLogger("onenight.server")

HEAD_LIMIT = 8192  #: bytes a scrape's request head may have
HEAD_SECONDS = 5.0  #: seconds it may take to arrive
AT_ONCE = 16  #: scrapes served at the same time (the others wait for the listener)
OFF = {"off", "none"}


def parse_address(text: str, port: int) -> tuple[str, int] | None:
    """``HOST:PORT`` (``[::1]:9000`` for IPv6), ``HOST`` alone (the game's port plus
    10000), or ``off`` (None: no metrics listener). Raises ValueError."""
    text = text.strip()
    if text.lower() in OFF:
        return None
    if text.startswith("["):  # [v6]:port or [v6]
        host, _, rest = text[1:].partition("]")
        tail = rest.removeprefix(":")
    elif text.count(":") == 1:  # v4 or name, with a port
        host, _, tail = text.partition(":")
    else:  # a host alone (a bare v6 address has several colons)
        host, tail = text, ""
    host = host or "127.0.0.1"
    if not tail:
        return host, default_port(port)
    if not tail.isdigit() or int(tail) > 65535:
        raise ValueError(f"not a port: {tail!r}")
    return host, int(tail)


def default_port(port: int) -> int:
    """The metrics' port when only a host is given: the game's plus 10000 (8001 → 18001),
    so that several processes on one machine do not meet."""
    return port + 10000 if port + 10000 <= 65535 else port - 10000


def refresh(hub: Any, metrics: Metrics) -> None:
    """The gauges read at scrape time: open rooms, members online."""
    metrics.rooms.set(len(hub.rooms))
    metrics.online.set(sum(n > 0 for a in hub.rooms.values() for n in a.online.values()))


async def serve(hub: Any, metrics: Metrics, host: str, port: int) -> asyncio.Server:
    """Start the listener; it serves until closed."""
    slots = asyncio.Semaphore(AT_ONCE)

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        async with slots:
            try:
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), HEAD_SECONDS)
                status, body, kind = respond(head, hub, metrics)
            except (asyncio.LimitOverrunError, asyncio.IncompleteReadError, TimeoutError):
                status, body, kind = "400 Bad Request", b"bad request\n", "text/plain"
            except Exception:
                log.exception("metrics: scrape failed")
                status, body, kind = "500 Internal Server Error", b"error\n", "text/plain"
            with contextlib.suppress(Exception):
                writer.write(
                    f"HTTP/1.1 {status}\r\ncontent-type: {kind}\r\n"
                    f"content-length: {len(body)}\r\nconnection: close\r\n\r\n".encode()
                    + body
                )
                await asyncio.wait_for(writer.drain(), HEAD_SECONDS)
            writer.close()

    return await asyncio.start_server(answer, host, port, limit=HEAD_LIMIT)


def respond(head: bytes, hub: Any, metrics: Metrics) -> tuple[str, bytes, str]:
    """The answer to one request head: the metrics for ``GET /metrics``, else 404."""
    line = head.split(b"\r\n", 1)[0].split(b" ")
    if len(line) == 3 and line[0] == b"GET" and line[1].split(b"?", 1)[0] == b"/metrics":
        refresh(hub, metrics)
        return "200 OK", generate_latest(metrics.registry), CONTENT_TYPE_LATEST
    return "404 Not Found", b"not found\n", "text/plain"
