"""Editions and decks over HTTP: what each edition allows, whether a deck is legal, and
the most balanced decks for a table (measured by the simulator, or the shipped table).

The deck check is the lobby's own (:func:`onenight.session.decks.check_deck`), so a
client can ask before it ``configure``\\ s and gets the same answer."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from onenight.bots import balance
from onenight.rules import EDITIONS
from onenight.session.decks import deck_issue
from onenight.session.errors import ErrorCode
from onenight.session.protocol import Count, JSONInt

from .problems import problem, problems
from .state import TheSuggestions
from .strict import StrictJSONRoute
from .suggestions import SUGGEST_GAMES, SUGGEST_LEVEL, Measuring

EditionId = Literal["ultimate", "japanese", "workshop", "sans-carte"]


class DeckCheck(BaseModel):
    edition: str = Field(max_length=32, examples=["ultimate"])
    players: JSONInt = Field(ge=1, le=99)
    #: the counts as the WebSocket's ``configure`` takes them (the check says the rest)
    deck: dict[str, Count] = Field(max_length=40, examples=[{"werewolf": 2, "seer": 1}])


router = APIRouter(route_class=StrictJSONRoute)


@router.get("/api/editions")
async def editions() -> list[dict[str, Any]]:
    return [
        {
            "id": ed.id,
            "title": ed.title,
            "players": [ed.min_players, ed.max_players],
            "center": ed.center,
            "roles": sorted(ed.roles),
            "turn": ed.turn_seconds,
        }
        for ed in EDITIONS.values()
    ]


@router.post("/api/decks/check")
async def deck_check(body: DeckCheck) -> dict[str, Any]:
    """Whether a deck is legal for an edition and a number of players, and why not:
    the same check as the lobby's ``configure`` and ``start``. ``issue`` is the reason as
    data (its ``code`` and values, as the lobby's ``deck_issue``) for a page to say in its
    own language; ``reason`` is its English ``message``."""
    issue = deck_issue(body.edition, body.players, body.deck)
    reason = None if issue is None else str(issue["message"])
    return {"ok": issue is None, "reason": reason, "issue": issue}


@router.get("/api/decks/suggestions", responses=problems(503, retry=(503,)))
async def deck_suggestions(
    edition: Annotated[EditionId, Query(examples=["ultimate"])],
    players: Annotated[int, Query(ge=3, le=12)],
    suggestions: TheSuggestions,
    top: Annotated[int, Query(ge=1, le=5)] = 3,
) -> dict[str, Any]:
    """The most balanced decks the simulator finds for an edition and a table (decks
    near the default one, every seat a ``basic`` bot; village win rate nearest 50%).
    A table the edition does not allow gets no decks and the ``reason``.

    The first request for a table starts its measurement (a few seconds, more for
    large tables) and waits for it at most a few seconds: then a 503 ``measuring``
    with ``Retry-After``, and the measurement goes on; ask again."""
    ed = EDITIONS[edition]
    reply: dict[str, Any] = {
        "edition": ed.id,
        "players": players,
        "level": SUGGEST_LEVEL,
        "games": SUGGEST_GAMES,
        "decks": [],
        "reason": None,
    }
    if not ed.min_players <= players <= ed.max_players:
        reply["reason"] = f"{ed.id} is for {ed.min_players}–{ed.max_players} players"
        return reply
    try:
        reply["decks"] = (await suggestions.decks(ed.id, players))[:top]
    except Measuring as exc:
        retry = {"Retry-After": str(exc.retry_after)}
        raise problem(ErrorCode.measuring, str(exc), retry) from None
    return reply


@router.get("/api/decks/suggest")
def deck_suggest(
    edition: Annotated[EditionId, Query(examples=["ultimate"])],
    players: Annotated[int, Query(ge=3, le=12)],
    top: Annotated[int, Query(ge=1, le=5)] = 3,
    wolf_heavy: bool = False,
) -> dict[str, Any]:
    """The most balanced decks of the project's table (docs/bots.md): decks the deck
    search found, every seat a ``reasoner`` bot, each with its games, village wins,
    rate and 95% interval; the decks whose interval holds 50% first, then the nearest
    50%. Read from the shipped table, never measured here; a table size it lacks gets
    no decks and the ``reason``. For 3 to 5 players the rulebook's recommended deck
    comes first (``rulebook``: true; its rate when the table measured it, else null).
    A deck whose Werewolf-family cards are half of it or more is left out unless
    ``wolf_heavy`` asks for it."""
    ed = EDITIONS[edition]
    reply: dict[str, Any] = {
        "edition": ed.id,
        "players": players,
        "level": balance.LEVEL,
        "decks": [],
        "reason": None,
    }
    if not ed.min_players <= players <= ed.max_players:
        reply["reason"] = f"{ed.id} is for {ed.min_players}–{ed.max_players} players"
        return reply
    first = balance.rulebook(ed.id, players)
    rows = balance.lookup(ed.id, players, top + 1, wolf_heavy=wolf_heavy)
    if rows is None:
        reply["reason"] = "not measured yet (onenight suggest --refresh)"
        rows = []
    variants = [r for r in rows if first is None or r["deck"] != first["deck"]][:top]
    reply["decks"] = ([first] if first is not None else []) + variants
    return reply
