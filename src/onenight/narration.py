"""The table narrator's night script (``onenight script``, ``/table``).

The wording lives in one data file, ``web/table/narration.json``, read by this module
and by the browser page alike: per language, each role's name (with per-edition
overrides: the japanese edition has its own names) and, per night call, its wake-up
line, its close-eyes line and the lines said when another role is in the deck.

The script depends on the edition, the deck and the language only — never on the deal:
every role in the deck is called (``night_calls``), whether its card is dealt or in the
center, the Doppelgänger's delayed calls included.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from onenight.rules.editions import edition, night_calls, validate_deck, validate_enabled
from onenight.rules.errors import InvalidSetup

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@lru_cache(maxsize=1)
def data() -> dict[str, Any]:
    """The narration data file, parsed."""
    path = resources.files("onenight").joinpath("web", "table", "narration.json")
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def languages() -> tuple[str, ...]:
    """The script's languages (``en``, ``fr``, ``ja``)."""
    return tuple(data()["languages"])


def role_names(edition_id: str, lang: str) -> dict[str, str]:
    """Role names (and ``werewolves``, ``masons``) in a language, as that edition says them."""
    names = data()["names"][lang]
    return {**names["default"], **names.get(edition_id, {})}


def fill(template: str, names: dict[str, str]) -> str:
    """``template`` with each ``{role}`` replaced by its name (KeyError for an unknown one)."""
    return _PLACEHOLDER.sub(lambda m: names[m.group(1)], template)


@dataclass(frozen=True)
class Call:
    """One night call as the narrator says it: wake-up line(s), then the turn, then close."""

    call: str
    wake: tuple[str, ...]
    close: str


@dataclass(frozen=True)
class Script:
    start: str
    calls: tuple[Call, ...]
    end: str

    def lines(self) -> list[str]:
        """Every spoken line of the night, in order."""
        out = [self.start]
        for c in self.calls:
            out.extend(c.wake)
            out.append(c.close)
        out.append(self.end)
        return out


def call_script(edition_id: str, call: str, deck: Sequence[str], lang: str) -> Call:
    """What the narrator says for one call of a deck, in a language."""
    script = data()["script"][lang]
    names = role_names(edition_id, lang)
    entry = {**script["calls"][call]}
    entry.update(entry.get("editions", {}).get(edition_id, {}))
    wake = [fill(entry["wake"], names)]
    wake += [fill(line, names) for role, line in entry.get("with", {}).items() if role in deck]
    who = fill(entry["who"], names)
    close = fill(entry["close"], names) if "close" in entry else fill(script["close"], {"who": who})
    return Call(call, tuple(wake), close)


def night_script(edition_id: str, deck: Sequence[str], lang: str) -> Script:
    """The whole night for a deck: every call of ``night_calls`` with its lines."""
    if lang not in data()["script"]:
        raise InvalidSetup(f"unknown language {lang!r} (known: {', '.join(languages())})")
    script = data()["script"][lang]
    calls = tuple(call_script(edition_id, c, deck, lang) for c in night_calls(edition_id, deck))
    return Script(script["night_start"], calls, script["night_end"])


def table_calls(
    edition_id: str, deck: Sequence[str], players: int | None = None
) -> tuple[int, tuple[str, ...]]:
    """Check a table's deck and give (players, the night's calls); InvalidSetup if illegal.

    ``players`` defaults to the deck's size less the center cards. In ``workshop`` a
    deck larger than players + center is the pool the group draws from, face down.
    """
    ed = edition(edition_id)
    n = len(deck) - ed.center if players is None else players
    if players is None and n < ed.min_players:
        raise InvalidSetup(
            f"a {ed.id} deck holds at least {ed.min_players + ed.center} cards "
            f"({ed.min_players} players + {ed.center} in the center), not {len(deck)}"
        )
    if ed.draws_deck:
        validate_enabled(ed.id, n, deck)
    else:
        validate_deck(ed.id, n, deck)
    return n, night_calls(ed.id, deck)


__all__ = [
    "Call",
    "Script",
    "call_script",
    "data",
    "fill",
    "languages",
    "night_script",
    "role_names",
    "table_calls",
]
