"""Table mode: the narrator page (``/table``) and the night's call sequence for a deck.

The page is plain static files (``onenight/web/``); the API gives the engine's calls
(``night_calls``) after checking the deck with the engine's own validation.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import Response

from onenight.narration import table_calls
from onenight.rules.editions import EDITIONS, default_deck
from onenight.rules.errors import InvalidSetup
from onenight.session.errors import ErrorCode

from .problems import problem, problems
from .static import PAGE_METHODS, static_file

WEB = Path(__file__).resolve().parent.parent / "web"
TABLE = WEB / "table"
#: The page's own files, by name (no folders, nothing else is served).
_ASSET = re.compile(r"^[a-z0-9_-]+\.(?:js|css|json|svg)$")
MAX_DECK = 60

router = APIRouter()


@router.get("/api/editions/{edition_id}/calls", responses=problems(400, 404))
async def calls(
    edition_id: str,
    deck: Annotated[
        str | None,
        Query(
            max_length=2000,
            description="Comma-separated roles, one per card (omitted: the default deck).",
            examples=["doppelganger,werewolf,werewolf,seer,robber,troublemaker,drunk,insomniac"],
        ),
    ] = None,
    players: Annotated[
        int | None,
        Query(ge=1, le=99, description="Players (default: the deck's size less the center)."),
    ] = None,
) -> dict[str, Any]:
    """The night's calls for a deck, in order: every role in the deck is called, whether
    its card is dealt or in the center (400 with the reason for an illegal deck)."""
    ed = EDITIONS.get(edition_id)
    if ed is None:
        raise problem(
            ErrorCode.bad_edition, f"no edition {edition_id!r} (known: {', '.join(EDITIONS)})"
        )
    try:
        if deck is None:
            cards = default_deck(ed.id, players if players is not None else 5)
        else:
            cards = [c.strip() for c in deck.split(",") if c.strip()]
            if len(cards) > MAX_DECK:
                raise InvalidSetup(f"a deck of at most {MAX_DECK} cards, not {len(cards)}")
        n, night = table_calls(ed.id, cards, players)
    except InvalidSetup as exc:
        raise problem(ErrorCode.bad_deck, str(exc)) from None
    return {
        "edition": ed.id,
        "players": n,
        "center": ed.center,
        "deck": sorted(cards),
        "calls": list(night),
        "turn": ed.turn_seconds,
    }


@router.api_route("/table", methods=PAGE_METHODS, include_in_schema=False)
async def table_page(request: Request) -> Response:
    # Revalidated on each load (static_file); the service worker keeps a copy for offline use.
    return static_file(request, TABLE / "index.html")


@router.api_route("/table/{name}", methods=PAGE_METHODS, include_in_schema=False)
async def table_asset(name: str, request: Request) -> Response:
    path = TABLE / name
    if not _ASSET.match(name) or not path.is_file():
        raise HTTPException(404)
    headers = None
    if name == "sw.js":
        # The worker lives under /table/ but serves the page at /table itself.
        headers = {"Service-Worker-Allowed": "/table"}
    return static_file(request, path, None, headers)
