"""The browser client: its page (``/``, ``/r/{code}``, ``/r/{code}/replay``), its static
files (``/app/...``: a whitelist of names, no folders) and a room link's QR code."""

from __future__ import annotations

import io
import re
from pathlib import Path

import segno
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response

from onenight.session.errors import ErrorCode
from onenight.session.protocol import CODE_LENGTH, CODE_LETTERS

from .problems import problem, problems
from .static import PAGE_METHODS, static_file

APP = Path(__file__).resolve().parent.parent / "web" / "app"
#: The client's own files: ``main.js``, ``i18n/fr.json``, ``views/night.js`` (nothing else).
_ASSET = re.compile(r"^(?:i18n/|views/)?[a-z0-9_-]+\.(?:js|css|json|svg|png)$")
_CODE = re.compile(f"^[{CODE_LETTERS}]{{{CODE_LENGTH}}}$")

router = APIRouter()


def _page(request: Request) -> Response:
    return static_file(request, APP / "index.html")


@router.api_route("/", methods=PAGE_METHODS, include_in_schema=False)
async def home(request: Request) -> Response:
    return _page(request)


@router.api_route("/r/{code}", methods=PAGE_METHODS, include_in_schema=False)
async def room_page(code: str, request: Request) -> Response:
    return _page(request)


@router.api_route("/r/{code}/{view}", methods=PAGE_METHODS, include_in_schema=False)
async def room_view(code: str, view: str, request: Request) -> Response:
    if view not in ("replay", "tv", "watch"):
        raise HTTPException(404)
    return _page(request)


@router.api_route("/app/{name:path}", methods=PAGE_METHODS, include_in_schema=False)
async def asset(name: str, request: Request) -> Response:
    path = APP / name
    if not _ASSET.match(name) or not path.is_file():
        raise HTTPException(404)
    media = "application/manifest+json" if name == "manifest.json" else None
    headers = None
    if name == "sw.js":
        # The worker is kept with the client's files but serves its pages at / and /r/….
        headers = {"Service-Worker-Allowed": "/"}
    return static_file(request, path, media, headers)


@router.get("/api/rooms/{code}/qr.svg", responses=problems(404))
async def qr(code: str, request: Request) -> Response:
    """The room's share link (``/r/{code}`` on the host the page was loaded from) as a
    QR code in SVG, drawn by segno."""
    code = code.upper()
    if not _CODE.match(code):
        raise problem(ErrorCode.no_room, "not a room code")
    link = str(request.base_url).rstrip("/") + f"/r/{code}"
    out = io.BytesIO()
    segno.make(link, error="m").save(
        out, kind="svg", scale=6, border=2, dark="#101218", light="#ffffff", xmldecl=False
    )
    return Response(out.getvalue(), media_type="image/svg+xml")
