"""The end of a game: cards at dawn, end roles, deaths, winners and the night's story."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .actions import CENTER, CENTER_WOLF, target_to_json
from .facts import Fact
from .roles import Role, team_of

if TYPE_CHECKING:
    from .game import Game


class Result:
    """What came out of a game. Seats are ints; :meth:`to_json` gives FORMAT.md's form."""

    __slots__ = (
        "cards",
        "center",
        "center_wolf",
        "dead",
        "learned",
        "protected",
        "revealed",
        "roles",
        "shields",
        "timeline",
        "votes",
        "winners",
    )

    def __init__(
        self,
        game: Game,
        end_roles: Sequence[Role],
        votes: Sequence[int],
        dead: frozenset[int],
        protected: frozenset[int],
        winners: frozenset[int],
    ) -> None:
        board, printed = game.board, game.printed
        self.cards: tuple[Role, ...] = tuple(printed[board[s]] for s in range(game.n))
        self.center: tuple[Role, ...] = tuple(printed[board[CENTER + i]] for i in range(game.c))
        self.center_wolf: Role | None = (
            printed[board[CENTER_WOLF]] if CENTER_WOLF in board else None
        )
        self.roles: tuple[Role, ...] = tuple(end_roles)
        self.revealed: dict[int, Role] = dict(game.revealed)
        self.shields: tuple[int, ...] = tuple(s for s in range(game.n) if game.shields >> s & 1)
        self.votes: tuple[int, ...] = tuple(votes)
        self.dead: frozenset[int] = dead
        self.protected: frozenset[int] = protected
        self.winners: frozenset[int] = winners
        self.learned: tuple[tuple[Fact, ...], ...] = tuple(tuple(f) for f in game.facts)
        self.timeline = game.night_log  # the game is over: nothing appends to it any more

    def to_json(self, players: Sequence[str], calls: Sequence[str] = ()) -> dict[str, Any]:
        """FORMAT.md's result object (players by name), plus ``votes``, ``teams``,
        ``shields`` and, with ``calls``, the night ``timeline``."""
        names = tuple(players)
        out: dict[str, Any] = {
            "cards": dict(zip(names, self.cards, strict=True)),
            "center": list(self.center),
        }
        if self.center_wolf is not None:
            out["center_wolf"] = self.center_wolf
        out["roles"] = dict(zip(names, self.roles, strict=True))
        out["teams"] = {names[s]: team_of(r) for s, r in enumerate(self.roles)}
        out["revealed"] = {names[s]: card for s, card in sorted(self.revealed.items())}
        out["shields"] = [names[s] for s in self.shields]
        out["votes"] = {names[s]: names[t] for s, t in enumerate(self.votes)}
        out["dead"] = sorted(names[s] for s in self.dead)
        out["winners"] = sorted(names[s] for s in self.winners)
        out["learned"] = {
            names[s]: [f.to_json(names) for f in facts] for s, facts in enumerate(self.learned)
        }
        if calls:
            out["timeline"] = timeline_json(self.timeline, names, calls)
        return out


def timeline_json(
    log: Sequence[tuple[int, int, Any]], names: Sequence[str], calls: Sequence[str]
) -> list[dict[str, Any]]:
    """The night in order: each choice made and each thing learned, with its call."""
    out = []
    for k, seat, item in log:
        entry: dict[str, Any] = {"call": calls[k], "player": names[seat]}
        if isinstance(item, Fact):
            entry["learned"] = item.to_json(tuple(names))
        else:
            action = item.to_json()
            for key in ("target", "targets"):
                if key in action:
                    action[key] = _named(action[key], names)
            entry["action"] = action
        out.append(entry)
    return out


def _named(value: Any, names: Sequence[str]) -> Any:
    if isinstance(value, list):
        return [_named(v, names) for v in value]
    if isinstance(value, int):
        return names[value]
    return value


__all__ = ["Result", "target_to_json", "timeline_json"]
