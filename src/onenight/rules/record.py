"""A finished game as data: the record schema shared by every writer of games.

The environment and the tournament (``onenight.research.records``) and the bots'
simulator (``onenight simulate --games-out``) write the same record, one JSON object per
game (JSON Lines; docs/research.md, "Games as data"). The record is pure game data (the
engine's setup, its night log, the vote and the result) plus two parts that the engine
does not read: the claims, kept as their JSON, and the config of the setting, kept as
the mapping its writer gives. It lives here, at the bottom of the layers, so that every
writer builds it without importing a layer above itself; replaying a record needs the
claim language and the published outcome rules, and lives with the research layer.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from .actions import Action
from .game import Game
from .result import Result
from .roles import team_of

SCHEMA = "onenight.research.game/1"


def winning_team(roles: Sequence[str], won: Iterable[int]) -> str | None:
    """The winning team named by the winners' end roles (several teams may win together
    in the rulebook, a Tanner with the village: the first in alphabetical order is
    named); None when nobody wins."""
    teams = sorted({team_of(roles[s]) for s in won})
    return teams[0] if teams else None


def result_json(res: Result) -> dict[str, Any]:
    """The engine's result (the rulebook's outcome) as a record's ``result``, less the
    end roles: the winning team, the winners and the dead."""
    return {
        "team": winning_team(res.roles, res.winners),
        "winners": sorted(res.winners),
        "dead": sorted(res.dead),
    }


def game_record(
    config: Mapping[str, Any],
    game: Game,
    talk: Iterable[tuple[int, int, Mapping[str, Any]]],
    votes: Sequence[int | None],
    result: Mapping[str, Any],
    end_roles: Sequence[str],
    beliefs: Mapping[int, Sequence[Mapping[str, float]]] | None = None,
) -> dict[str, Any]:
    """A finished game as a record. ``config``: the setting's JSON (the research
    ``Config.to_json()`` keys); ``talk``: ``(round, seat, claim JSON)`` in the order
    said; ``votes``: each seat's target (None: abstained); ``result``: the winning
    ``team``, the ``winners`` and the ``dead``."""
    out: dict[str, Any] = {
        "schema": SCHEMA,
        "config": dict(config),
        "setup": game.setup.to_json(),
        "night": [
            {"turn": turn, "seat": seat, "action": item.to_json()}
            for turn, seat, item in game.night_log
            if isinstance(item, Action)
        ],
        "talk": [{"round": r, "seat": s, "claim": dict(c)} for r, s, c in talk],
        "votes": list(votes),
        "result": {**result, "end_roles": list(end_roles)},
    }
    if beliefs:
        out["beliefs"] = {str(s): [dict(b) for b in bs] for s, bs in sorted(beliefs.items())}
    return out


def write(path: str | Path, records: Iterable[Mapping[str, Any]]) -> int:
    """Append records to a JSON Lines file; how many."""
    k = 0
    with Path(path).open("a", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, sort_keys=True) + "\n")
            k += 1
    return k


def read(path: str | Path) -> Iterator[dict[str, Any]]:
    """The records of a JSON Lines file (blank lines skipped)."""
    with Path(path).open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)
