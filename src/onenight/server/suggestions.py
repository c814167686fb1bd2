"""Deck suggestions over HTTP: the simulator's most balanced decks, measured once per
edition and table size and kept (``onenight suggest`` with ``basic`` bots, a few
seconds' work in a thread)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

SUGGEST_LEVEL = "basic"  #: every seat of the simulated games
SUGGEST_GAMES = 150  #: games per candidate deck
SUGGEST_DECKS = 6  #: candidate decks around the default one


@lru_cache(maxsize=64)
def _measured(edition: str, players: int) -> tuple[dict[str, Any], ...]:
    from onenight.bots.suggest import suggest

    rows = suggest(edition, players, SUGGEST_DECKS, SUGGEST_GAMES, SUGGEST_DECKS, SUGGEST_LEVEL)
    return tuple(rows)


def suggested_decks(edition: str, players: int) -> list[dict[str, Any]]:
    """The candidate decks, most balanced first (a copy: callers may change it)."""
    return [dict(row) for row in _measured(edition, players)]
