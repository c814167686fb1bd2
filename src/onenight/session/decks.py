"""The deck a room plays and the one check of a deck that HTTP and WebSocket share."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from onenight.rules import EDITIONS, InvalidSetup, default_deck, validate_enabled

MAX_COUNT = 12  #: the most copies of one card a deck may hold


def check_deck(edition: str, players: int, counts: Mapping[str, Any]) -> str | None:
    """Why ``counts`` (role → copies) cannot be the deck of a game of ``edition`` for
    ``players`` players, or None. The one deck check of the server: ``configure``,
    ``start``, the room's ``deck_error`` and ``POST /api/decks/check`` all use it.

    In ``workshop`` the counts may be more enabled cards than the deck needs (a draw)."""
    ed = EDITIONS.get(edition)
    if ed is None:
        return f"no edition {edition!r} (one of {', '.join(sorted(EDITIONS))})"
    for role, count in counts.items():
        if type(count) is not int or not 0 <= count <= MAX_COUNT:
            return f"the count of {role!r} must be a whole number from 0 to {MAX_COUNT}"
    try:
        validate_enabled(ed.id, players, deck_list(counts))
    except InvalidSetup as exc:
        return str(exc)
    return None


def deck_list(counts: Mapping[str, int]) -> list[str]:
    return [role for role, n in sorted(counts.items()) for _ in range(n)]


def deck_for(settings: Mapping[str, Any], players: int) -> list[str]:
    """The deck the next game uses: the host's, or the edition's default for the seats."""
    if settings["deck"] is not None:
        return deck_list(settings["deck"])
    ed = EDITIONS[settings["edition"]]
    return list(default_deck(ed.id, max(min(players, ed.max_players), ed.min_players)))


def deck_problem(settings: Mapping[str, Any], players: int) -> str | None:
    """Why the room's settings cannot start a game with ``players`` seats, or None."""
    ed = EDITIONS[settings["edition"]]
    if not ed.min_players <= players <= ed.max_players:
        return f"{ed.id} is for {ed.min_players}–{ed.max_players} players, not {players}"
    deck = settings["deck"]
    if deck is None:
        deck = Counter(deck_for(settings, players))
    return check_deck(ed.id, players, deck)


def turn_for(settings: Mapping[str, Any]) -> float:
    """The night's turn length: the host's, or the edition's default (RULES.md §6)."""
    turn = settings["turn"]
    return float(turn) if turn is not None else float(EDITIONS[settings["edition"]].turn_seconds)
