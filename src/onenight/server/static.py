"""The browser pages' static files, compressed once and revalidated with an ETag.

Every file is sent with ``Cache-Control: no-cache`` and an ``ETag``: the browser keeps its
copy and asks each time whether it changed, and an unchanged file costs a ``304`` with no
body (a new version is picked up on the next load: the client has no build step that could
put a content hash in its module names). No ``Last-Modified``: the tag says it all, and
the client's first load is counted in bytes, headers included (scripts/weight_client.py).

Text files are gzipped once per version and kept in memory (brotli would need a library
the server does not otherwise use); a file edited on disk is read again, so a development
checkout serves what it holds.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path

from fastapi import Request
from fastapi.responses import Response

#: The pages and files answer ``HEAD`` as well as ``GET`` (a link checker, a proxy's
#: health probe, ``curl -I``): the same headers, no body.
PAGE_METHODS = ["GET", "HEAD"]
#: Below this a gzip member's own overhead eats most of the gain.
MIN_COMPRESS = 256
_TEXT = {".js", ".css", ".json", ".svg", ".html"}
_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
}


@dataclass(frozen=True)
class _Entry:
    stamp: tuple[int, int]  # (mtime_ns, size): a changed file is read again
    body: bytes
    gzipped: bytes | None  # None where gzip would not make it smaller
    etag: str  # of the identity body; the gzipped one is the same tag with "-gzip"


_files: dict[Path, _Entry] = {}


def _entry(path: Path) -> _Entry:
    st = path.stat()
    stamp = (st.st_mtime_ns, st.st_size)
    entry = _files.get(path)
    if entry is not None and entry.stamp == stamp:
        return entry
    body = path.read_bytes()
    gzipped = None
    if path.suffix in _TEXT and len(body) >= MIN_COMPRESS:
        packed = gzip.compress(body, compresslevel=9, mtime=0)
        if len(packed) < len(body):
            gzipped = packed
    digest = hashlib.sha256(body).hexdigest()[:20]
    entry = _Entry(stamp, body, gzipped, digest)
    _files[path] = entry
    return entry


def _accepts_gzip(header: str) -> bool:
    """Whether ``Accept-Encoding`` takes gzip: named (or ``*``) without ``q=0``. A
    weight that is not a number (``q=abc``) does not: the plain file, never an error."""
    for part in header.lower().split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip() in ("gzip", "*"):
            q = params.strip()
            if not q.startswith("q="):
                return True
            try:
                return float(q[2:] or 0) > 0
            except ValueError:
                return False
    return False


def _matches(header: str, etag: str) -> bool:
    tags = [t.strip().removeprefix("W/") for t in header.split(",")]
    return "*" in tags or f'"{etag}"' in tags or f'"{etag}-gzip"' in tags


def static_file(
    request: Request,
    path: Path,
    media_type: str | None = None,
    headers: dict[str, str] | None = None,
) -> Response:
    """``path`` as the answer to ``request``: gzipped if the browser takes it, ``304`` if
    its copy (``If-None-Match``) is this version. Either encoding's tag validates: the
    body is the same file."""
    entry = _entry(path)
    gz = entry.gzipped is not None and _accepts_gzip(request.headers.get("accept-encoding", ""))
    out = {
        "Cache-Control": "no-cache",
        "ETag": f'"{entry.etag}-gzip"' if gz else f'"{entry.etag}"',
        **(headers or {}),
    }
    if entry.gzipped is not None:
        out["Vary"] = "Accept-Encoding"  # a shared cache keeps both encodings apart
    if _matches(request.headers.get("if-none-match", ""), entry.etag):
        return Response(status_code=304, headers=out)
    if gz:
        out["Content-Encoding"] = "gzip"
    media = (
        media_type
        or _TYPES.get(path.suffix)
        or mimetypes.guess_type(path.name)[0]
        or "application/octet-stream"
    )
    body = entry.gzipped if gz and entry.gzipped is not None else entry.body
    return Response(body, media_type=media, headers=out)
