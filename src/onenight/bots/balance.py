"""The balanced-deck table: for every edition and table size, the decks the deck search
(:mod:`.search`) found nearest a 50% village win rate when ``reasoner`` bots play every
seat, each with the games it was measured with, the village's wins, the rate and its
95% interval.

The project computes it with ``onenight suggest --refresh`` (docs/bots.md), ships it as
package data (``balance.json``), and ``onenight suggest`` and the server's
``GET /api/decks/suggest`` read it: a suggestion costs nothing at the table.

The file: ``{"level", "seed", "budget", "tables": {"edition:players": [row, …]},
"runs": {"edition:players": {"budget", "seed", "candidates", "games", "seconds",
"cpu_seconds", "workers", "commit"}}, "complete"}``; ``complete`` is true only when the
search measured every table size the editions allow with the table's budget and seed
(a size without a run keeps an older table's rows, their games in each row, and
``note`` says what they are).
"""

from __future__ import annotations

import json
import os
import subprocess
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict
from functools import lru_cache
from pathlib import Path
from typing import Any

from onenight.rules import EDITIONS, default_deck
from onenight.rules import roles as R
from onenight.rules.editions import deck_size
from onenight.rules.roles import WOLF_FAMILY

from .pool import Pool
from .search import DEFAULT, Budget, Found, search

TABLE = Path(__file__).with_name("balance.json")
#: The environment variable that names another table file to read and refresh instead of
#: the shipped one (tests, a table being measured elsewhere).
TABLE_ENV = "ONENIGHT_BALANCE_TABLE"
LEVEL = "reasoner"

#: A row: {"deck": {role: count}, "games": g, "village_wins": w, "village_win_rate": x,
#: "ci95": [low, high]}.
Row = dict[str, Any]
#: ``progress(games, planned, what)``: games played so far of at most ``planned``, and
#: the table size being measured.
Progress = Callable[[int, int, str], None]


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


#: The widest interval (half its width) that can call a deck even: 400 games give ±4.9
#: points at most; 40 games (±15) cannot tell an even deck from one at 40%.
EVEN_HALF_WIDTH = 0.05


def even(row: Row) -> bool:
    """Whether the row's games say the deck is even: its 95% interval holds 50% and is
    at most ±5 points wide."""
    low, high = row["ci95"]
    return bool(low <= 0.5 <= high and (high - low) / 2 <= EVEN_HALF_WIDTH + 1e-9)


def order(rows: list[Row]) -> list[Row]:
    """The even decks first, then by distance of the rate from 50% (the order the lobby
    shows them in, whatever order a table file has them in)."""
    return sorted(rows, key=lambda r: (not even(r), abs(r["village_win_rate"] - 0.5)))


def lookup(
    edition: str, players: int, top: int, path: Path | None = None, wolf_heavy: bool = True
) -> list[Row] | None:
    """The ``top`` most balanced decks measured for this table (see :func:`order`), or
    None when the table has not measured it. ``wolf_heavy`` False leaves out the decks
    whose Werewolf-family cards are half the deck or more (:func:`wolf_heavy_deck`)."""
    rows = load(path)["tables"].get(key(edition, players))
    if rows is None:
        return None
    kept = [r for r in order(rows) if wolf_heavy or not wolf_heavy_deck(r["deck"])]
    return [dict(r) for r in kept[:top]]


def wolf_heavy_deck(deck: dict[str, int]) -> bool:
    """Whether Werewolf-family cards are half the deck or more: a deck a group does not
    expect to be offered unless it asks (issue 36)."""
    wolves = sum(n for role, n in deck.items() if role in WOLF_FAMILY)
    return 2 * wolves >= sum(deck.values())


#: The first players' recommended deck of the rulebooks, 3 to 5 players: a Seer, a
#: Robber, a Troublemaker, two Werewolves, and Villagers for the rest (the Japanese
#: original: its own recommended decks, RULES.md §2).
RULEBOOK_PLAYERS = range(3, 6)


def rulebook(edition: str, players: int, path: Path | None = None) -> Row | None:
    """The rulebook's recommended deck for this table, as a row (``rulebook``: true), with
    the measured games when the table measured that very deck (else no rate); None where
    the rulebook recommends none (6 players or more, an edition without its cards)."""
    ed = EDITIONS[edition]
    if players not in RULEBOOK_PLAYERS or not ed.min_players <= players <= ed.max_players:
        return None
    if ed.id == "japanese":
        deck = dict(Counter(default_deck(ed.id, players)))
    else:
        first = {R.WEREWOLF: 2, R.SEER: 1, R.ROBBER: 1, R.TROUBLEMAKER: 1}
        if not set(first) <= set(ed.roles):
            return None
        deck = {**first, R.VILLAGER: deck_size(ed, players) - sum(first.values())}
    deck = {r: n for r, n in sorted(deck.items()) if n > 0}
    measured = next(
        (r for r in load(path)["tables"].get(key(edition, players), []) if r["deck"] == deck),
        None,
    )
    stats = (
        {k: measured.get(k) for k in ("games", "village_wins", "village_win_rate", "ci95")}
        if measured is not None
        else {"games": 0, "village_wins": 0, "village_win_rate": None, "ci95": None}
    )
    return {"deck": deck, "rulebook": True, **stats}


def commit() -> str | None:
    """The checkout's commit (a refresh records the code that measured it; ``-dirty``
    with uncommitted changes), if any."""
    try:
        out = subprocess.run(
            ["git", "describe", "--always", "--dirty", "--abbrev=12"],
            cwd=Path(__file__).parent,
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def refresh(
    budget: Budget = DEFAULT,
    seed: int = 1,
    workers: int = 2,
    scheduler: str | None = None,
    edition: str | None = None,
    players: int | None = None,
    path: Path | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Search every table size (of one edition, or all; or one size) and write the
    table, keeping the other sizes' rows; written after each size, so an interrupted
    refresh keeps its work. ``path``: ``table_path()`` by default."""
    path = path or table_path()
    table = _start(dict(load(path)) if path.exists() else {}, budget, seed)
    todo = [(e, n) for e, n in sizes(edition) if players is None or n == players]
    planned, played = budget.most() * len(todo), 0
    code = commit()
    with Pool(workers, scheduler) as pool:
        for i, (ed, n) in enumerate(todo):

            def step(games: int, what: str = f"{ed} {n}") -> None:
                nonlocal played
                played += games
                if progress is not None:
                    progress(played, planned, what)

            found = search(ed, n, budget, LEVEL, seed, pool, step)
            _put(table, found, workers if scheduler is None else 0, code)
            path.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")
            played = budget.most() * (i + 1)  # what the size did not need is skipped
            if progress is not None:
                progress(played, planned, f"{ed} {n}")
    _read.cache_clear()
    return table


def _start(table: dict[str, Any], budget: Budget, seed: int) -> dict[str, Any]:
    """The table to refresh, other sizes' rows kept (their ``runs`` say how they were
    measured; a row without one is from an older table, its games in the row)."""
    fresh = {
        "level": LEVEL,
        "seed": seed,
        "budget": asdict(budget),
        "tables": dict(table.get("tables", {})),
        "runs": dict(table.get("runs", {})),
    }
    if "note" in table:  # what the rows without a run are; gone once the table is complete
        fresh["note"] = table["note"]
    return fresh


def _put(table: dict[str, Any], found: Found, workers: int, code: str | None) -> None:
    k = key(found.edition, found.players)
    table["tables"][k] = [m.row() for m in found.decks]
    table["runs"][k] = {
        "budget": table["budget"],
        "seed": table["seed"],
        "candidates": found.candidates,
        "games": found.games,
        "seconds": round(found.seconds, 1),
        "cpu_seconds": round(found.cpu_seconds, 1),
        "workers": workers,
        "commit": code,
    }
    table["complete"] = complete(table)
    if table["complete"]:
        table.pop("note", None)


def complete(table: dict[str, Any]) -> bool:
    """Whether the search measured every table size the editions allow, with the table's
    budget and seed."""
    runs = table.get("runs", {})
    return all(
        key(e, n) in runs
        and runs[key(e, n)]["budget"] == table.get("budget")
        and runs[key(e, n)]["seed"] == table.get("seed")
        for e, n in sizes()
    )
