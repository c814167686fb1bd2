"""The security headers of every HTTP answer, set in this one place (docs/security.md).

:class:`SecurityHeaders` is an ASGI middleware: it adds to each answer's headers the ones
below that the route did not set itself. Every answer gets ``X-Content-Type-Options:
nosniff`` (a JSON answer or a file is never run as another type). Every answer a browser
may show as a document of its own gets them all: the pages (``/``, ``/r/…``, ``/table``,
any HTML), SVG (the QR code: an SVG opened alone may hold script) and the service workers
(a worker's policy is the one its script comes with). The other files (modules, styles,
JSON) get no more: a policy on a module is not read, and the client's first load is
counted in bytes, headers included (scripts/weight_client.py), so ~600 bytes on each of
its thirty files would be paid for nothing.

The content policy is strict: scripts, styles, fonts, images, workers and the manifest
from the origin only, no inline script or ``style`` attribute anywhere (the pages hold
none: the browser tests fail on any ``securitypolicyviolation``), connections to the
origin's own HTTP(S) and WebSocket only, no framing, no ``<base>``, forms posted to the
origin only. One missed ``innerHTML`` would then run no script that could read a seat's
token from ``localStorage``.

The API's own documentation pages (``/docs``, ``/redoc``, FastAPI's) load their scripts
from a CDN with an inline script to start them: they get a policy of their own that allows
that CDN and exactly their inline scripts (by hash, computed on their HTML as it is sent),
and nothing else.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: What a browser may do with a page of this origin: the microphone (the voice), for this
#: origin only, and none of the rest. Only features Chromium knows: an unknown one is
#: logged as a console error on every page.
PERMISSIONS = ", ".join(
    [
        "microphone=(self)",
        "camera=()",
        "geolocation=()",
        "payment=()",
        "usb=()",
        "serial=()",
        "hid=()",
        "midi=()",
        "magnetometer=()",
        "gyroscope=()",
        "accelerometer=()",
        "display-capture=()",
    ]
)

#: The headers every answer carries.
COMMON = {
    "x-content-type-options": "nosniff",  # a JSON answer is never run as a script
    "referrer-policy": "no-referrer",  # a room's link is not sent to any other site
    "cross-origin-opener-policy": "same-origin",  # no other site holds our window
    "permissions-policy": PERMISSIONS,
}

#: The pages' policy; ``{ws}`` is the origin's own WebSocket (see :func:`_ws`).
PAGE_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        # the room's QR code is an SVG file of the origin; no data: image is used
        "img-src 'self'",
        "font-src 'self'",
        "connect-src 'self'{ws}",
        "media-src 'self'",  # voice plays MediaStreams (srcObject): no URL is loaded
        "worker-src 'self'",  # the client's and the table's service workers
        "manifest-src 'self'",
        "object-src 'none'",
        "frame-src 'none'",
        "frame-ancestors 'none'",  # the TV view opens the page, it does not frame it
        "base-uri 'none'",
        "form-action 'self'",
    ]
)

#: FastAPI's documentation pages: their CDN and their own inline scripts (by hash).
DOCS_PATHS = frozenset({"/docs", "/redoc", "/docs/oauth2-redirect"})
CDN = "https://cdn.jsdelivr.net"
DOCS_POLICY = "; ".join(
    [
        "default-src 'self'",
        f"script-src 'self' {CDN}{{hashes}}",
        f"style-src 'self' {CDN} https://fonts.googleapis.com 'unsafe-inline'",
        "font-src 'self' https://fonts.gstatic.com",
        f"img-src 'self' data: {CDN} https://fastapi.tiangolo.com",
        "connect-src 'self'",
        "worker-src 'self' blob:",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    ]
)
_INLINE_SCRIPT = re.compile(rb"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.S | re.I)
#: A Host header as a browser sends it: a name or an address, and a port.
_HOST = re.compile(r"^[A-Za-z0-9.-]+(?::[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::[0-9]{1,5})?$")


def header(scope: Scope, name: bytes) -> str | None:
    """A request header's value (the first one), as latin-1 text."""
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def _ws(host: str | None) -> str:
    """The origin's WebSocket sources: CSP's ``'self'`` covers them in today's browsers,
    but not in all older ones; named from the Host the page was reached by (only when it
    is a plain host name: anything else is left out, never copied into the policy)."""
    if host is None or not _HOST.match(host):
        return ""
    return f" ws://{host} wss://{host}"


def page_policy(host: str | None) -> str:
    return PAGE_POLICY.format(ws=_ws(host))


def docs_policy(body: bytes) -> str:
    """The documentation page's policy: its own inline scripts, by their hashes."""
    hashes = "".join(
        f" 'sha256-{base64.b64encode(hashlib.sha256(m.group(1)).digest()).decode()}'"
        for m in _INLINE_SCRIPT.finditer(body)
    )
    return DOCS_POLICY.format(hashes=hashes)


class SecurityHeaders:
    """Adds :data:`COMMON` and a ``Content-Security-Policy`` to every document and
    worker, ``nosniff`` to every other answer, where the route has not set them (added
    in :func:`.app.create_app`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["path"] in DOCS_PATHS:
            await self._docs(scope, receive, send)
            return
        host = header(scope, b"host")
        path = scope["path"]
        worker = path.endswith("/sw.js")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                # A 304 has no type: the headers it brings replace the cached answer's.
                if message["status"] == 304:
                    document = worker or _page_path(path)
                else:
                    document = worker or _is_document(message)
                if document:
                    _add(message, page_policy(host))
                else:
                    _add_nosniff(message)
            await send(message)

        await self.app(scope, receive, send_with_headers)

    async def _docs(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The documentation pages are small: held until their body is whole, then sent
        with a policy that names their inline scripts' hashes."""
        start: Message | None = None
        body = bytearray()

        async def hold(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
                return
            if message["type"] == "http.response.body" and start is not None:
                body.extend(message.get("body", b""))
                if message.get("more_body", False):
                    return
                _add(start, docs_policy(bytes(body)))
                await send(start)
                await send({"type": "http.response.body", "body": bytes(body)})
                return
            await send(message)

        await self.app(scope, receive, hold)


def _is_document(start: Message) -> bool:
    """Whether a browser could show the answer as a page of its own (HTML, or SVG, which
    may hold script): the policy and the other headers of a document apply to it."""
    for key, value in start.get("headers", ()):
        if bytes(key).lower() == b"content-type":
            kind = bytes(value).lower()
            return kind.startswith((b"text/html", b"image/svg+xml"))
    return False


def _page_path(path: str) -> bool:
    """Whether a path names a page or an SVG (``/``, ``/r/CODE``, ``/table``, ``….svg``):
    not an API route, and no file extension but ``.svg`` or ``.html``."""
    last = path.rsplit("/", 1)[-1]
    if path.startswith("/api/"):
        return last.endswith(".svg")
    return "." not in last or last.endswith((".svg", ".html"))


def _add_nosniff(start: Message) -> None:
    headers = list(start.get("headers", ()))
    if not any(bytes(k).lower() == b"x-content-type-options" for k, _ in headers):
        headers.append((b"x-content-type-options", b"nosniff"))
    start["headers"] = headers


def _add(start: Message, policy: str) -> None:
    """The headers the answer lacks, added to its ``http.response.start``."""
    headers = list(start.get("headers", ()))
    have = {bytes(k).lower() for k, _ in headers}
    for name, value in (*COMMON.items(), ("content-security-policy", policy)):
        key = name.encode()
        if key not in have:
            headers.append((key, value.encode("latin-1")))
    start["headers"] = headers
