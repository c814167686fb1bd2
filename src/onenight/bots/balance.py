"""The balanced-deck table: for every edition and table size, candidate decks (the
default one and decks one card away from it, :func:`.suggest.candidates`) with their
village win rate when ``reasoner`` bots play every seat, measured by the simulator.

The project computes it with ``onenight suggest --refresh`` (docs/bots.md), ships it as
package data (``balance.json``), and ``onenight suggest`` and the server's
``GET /api/decks/suggest`` read it: a suggestion costs nothing at the table.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from onenight.rules import EDITIONS

from .suggest import suggest

TABLE = Path(__file__).with_name("balance.json")
#: The environment variable that names another table file to read and refresh instead of
#: the shipped one (tests, a table being measured elsewhere).
TABLE_ENV = "ONENIGHT_BALANCE_TABLE"
LEVEL = "reasoner"

#: A row: {"deck": {role: count}, "village_win_rate": x, "ci95": [low, high], "games": g}.
Row = dict[str, Any]


def sizes(edition: str | None = None) -> list[tuple[str, int]]:
    """Every (edition, players) the table covers, or one edition's."""
    eds = [EDITIONS[edition]] if edition else list(EDITIONS.values())
    return [(ed.id, n) for ed in eds for n in range(ed.min_players, ed.max_players + 1)]


def key(edition: str, players: int) -> str:
    return f"{edition}:{players}"


def table_path() -> Path:
    """The table file: ``$ONENIGHT_BALANCE_TABLE`` when set, else the shipped one."""
    override = os.environ.get(TABLE_ENV)
    return Path(override) if override else TABLE


def load(path: Path | None = None) -> dict[str, Any]:
    """The table (``table_path()`` by default; an empty one when the file is missing)."""
    return _read(path or table_path())


@lru_cache(maxsize=4)
def _read(path: Path) -> dict[str, Any]:
    """One table file, read once per path."""
    try:
        table: dict[str, Any] = json.loads(path.read_text())
    except FileNotFoundError:
        return {"level": LEVEL, "tables": {}}
    return table


def lookup(edition: str, players: int, top: int, path: Path | None = None) -> list[Row] | None:
    """The ``top`` most balanced decks measured for this table (village win rate nearest
    50%), or None when the table has not measured it."""
    rows = load(path)["tables"].get(key(edition, players))
    return None if rows is None else [dict(r) for r in rows[:top]]


def refresh(
    games: int,
    decks: int,
    seed: int = 1,
    workers: int = 1,
    edition: str | None = None,
    path: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Measure every table size (of one edition, or all) and write the table, keeping the
    other sizes' rows; written after each size, so an interrupted refresh keeps its
    work. Rows are sorted, most balanced first. ``path``: ``table_path()`` by default."""
    path = path or table_path()
    table = dict(load(path)) if path.exists() else {"tables": {}}
    table.update({"level": LEVEL, "games": games, "decks": decks, "seed": seed})
    table["tables"] = dict(table.get("tables", {}))
    todo = sizes(edition)
    for done, (ed, n) in enumerate(todo):
        rows = suggest(ed, n, decks, games, decks, LEVEL, seed, workers)
        table["tables"][key(ed, n)] = rows
        path.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")
        if progress is not None:
            progress(done + 1, len(todo))
    _read.cache_clear()
    return table
