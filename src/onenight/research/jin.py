"""A reader for Jin et al.'s released episodes (KylJin/Werewolf,
``dataset_process/gpt4_dataset/episode_*.json``, written by ``onuw/arena.py``'s
``save_history``): the deal, the end roles, the ballots, the published winner; and the
episode rescored under a rule (``jin2024``: theirs, to check the reading; ``rulebook``:
RULES.md §5 through the engine's own ``deaths`` and ``winners``).

Their format: ``{"messages": [{"agent_name", "content", "turn", "visible_to", …}],
"evaluation": {"roles_assigned": {player: Role}, "roles_ground_truth": {…},
"role_pool": [Role …], "voting_result": {player: votes}, "winner": "Team Village" |
"Team Werewolf" | "Draw"}}``; roles are capitalised ("Werewolf"), players ``player1`` ….
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from onenight.rules.outcome import winners

from .variants import Outcome, jin2024, tally, team_name

#: Their winner strings, as our team names (None: a draw).
WINNERS = {"Team Village": "village", "Team Werewolf": "werewolf", "Draw": None}
_VOTE = re.compile(r"I am voting for (\w+)\.")


@dataclass(frozen=True)
class JinEpisode:
    """One released game, seats in player order (``player1`` is seat 0)."""

    players: tuple[str, ...]
    dealt: tuple[str, ...]
    end: tuple[str, ...]
    center: tuple[str, ...]
    ballots: dict[int, int | None]
    winner: str | None


def _role(name: str) -> str:
    return name.strip().lower()


def read_episode(data: Mapping[str, Any]) -> JinEpisode:
    """An episode from its JSON object; ValueError when its ballots (one vote message
    per player after the day) do not add up to its ``voting_result``."""
    ev = data["evaluation"]
    players = tuple(sorted(ev["roles_assigned"], key=lambda p: int(re.sub(r"\D", "", p) or 0)))
    seat = {p: i for i, p in enumerate(players)}
    ballots: dict[int, int | None] = {}
    for m in data["messages"]:
        who, text = m.get("agent_name"), str(m.get("content", ""))
        if who not in seat:
            continue
        found = _VOTE.fullmatch(text.strip())
        if found and found.group(1).lower() in seat:
            ballots[seat[who]] = seat[found.group(1).lower()]
        elif text.strip() == "I give up my vote.":
            ballots[seat[who]] = None
    counts = [int(ev["voting_result"][p]) for p in players]
    if tally(ballots, len(players)) != counts:
        raise ValueError(f"ballots {ballots} do not give voting_result {counts}")
    return JinEpisode(
        players=players,
        dealt=tuple(_role(ev["roles_assigned"][p]) for p in players),
        end=tuple(_role(ev["roles_ground_truth"][p]) for p in players),
        center=tuple(_role(r) for r in ev["role_pool"]),
        ballots=ballots,
        winner=WINNERS[ev["winner"]],
    )


def load_episodes(paths: Iterable[Path]) -> list[JinEpisode]:
    """Episodes from files (a folder: its ``episode_*.json``, in name order)."""
    out: list[JinEpisode] = []
    for path in paths:
        files = sorted(path.glob("episode_*.json")) if path.is_dir() else [path]
        out.extend(read_episode(json.loads(f.read_text(encoding="utf-8"))) for f in files)
    return out


def rescore(ep: JinEpisode, rule: str) -> Outcome:
    """The episode's outcome under ``jin2024`` or ``rulebook`` (an abstention is no
    point in the rulebook count; their deck has no Bodyguard or Hunter)."""
    if rule == "jin2024":
        return jin2024(ep.end, ep.ballots)
    if rule != "rulebook":
        raise ValueError(f"no rule {rule!r} for Jin et al.'s episodes")
    got = tally(ep.ballots, len(ep.end))
    top = max(got)
    dead = frozenset(s for s, v in enumerate(got) if v == top) if top > 1 else frozenset()
    won = winners("ultimate", ep.end, dead)
    return Outcome(team_name(ep.end, won), won, tuple(sorted(dead)))


__all__ = ["JinEpisode", "load_episodes", "read_episode", "rescore"]
