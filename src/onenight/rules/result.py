"""The end of a game: cards at dawn, end roles, deaths, winners and the night's story."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import CENTER, CENTER_WOLF, Action, target_to_json
from .facts import Fact
from .roles import Role, team_of
from .turns import Turn


class Result:
    """What came out of a game. Seats are ints; :meth:`to_json` gives FORMAT.md's form.

    The deaths and winners are computed when the vote closes; the rest is read from the
    finished game when asked for (a finished game never changes).
    """

    __slots__ = (
        "_board",
        "_c",
        "_facts",
        "_log",
        "_n",
        "_printed",
        "_revealed",
        "_shields",
        "dead",
        "protected",
        "roles",
        "votes",
        "winners",
    )

    def __init__(
        self,
        board: dict[int, int],
        printed: tuple[Role, ...],
        c: int,
        revealed: dict[int, Role],
        shields: int,
        facts: list[list[Fact]],
        log: list[tuple[int, int, Action | Fact]],
        end_roles: Sequence[Role],
        votes: Sequence[int],
        dead: frozenset[int],
        protected: frozenset[int],
        winners: frozenset[int],
    ) -> None:
        # The finished game's parts (never changed once it is over), not the game
        # itself: no reference cycle to collect, and no import of the game here.
        self._board = board
        self._printed = printed
        self._n = len(end_roles)
        self._c = c
        self._revealed = revealed
        self._shields = shields
        self._facts = facts
        self._log = log
        self.roles: tuple[Role, ...] = tuple(end_roles)
        self.votes: tuple[int, ...] = tuple(votes)
        self.dead: frozenset[int] = dead
        self.protected: frozenset[int] = protected
        self.winners: frozenset[int] = winners

    @property
    def cards(self) -> tuple[Role, ...]:
        """The printed card in front of each seat at dawn."""
        return tuple(self._printed[self._board[s]] for s in range(self._n))

    @property
    def center(self) -> tuple[Role, ...]:
        """The center cards at dawn."""
        return tuple(self._printed[self._board[CENTER + i]] for i in range(self._c))

    @property
    def center_wolf(self) -> Role | None:
        """The card in slot ``center:wolf`` at dawn (``None`` without an Alpha Wolf)."""
        board = self._board
        return self._printed[board[CENTER_WOLF]] if CENTER_WOLF in board else None

    @property
    def revealed(self) -> dict[int, Role]:
        """Cards the Revealer left face up, by seat."""
        return dict(self._revealed)

    @property
    def shields(self) -> tuple[int, ...]:
        """Seats whose card carries a Sentinel's shield."""
        return tuple(s for s in range(self._n) if self._shields >> s & 1)

    @property
    def learned(self) -> tuple[tuple[Fact, ...], ...]:
        """What each seat learned at night, in order."""
        return tuple(tuple(f) for f in self._facts)

    @property
    def timeline(self) -> list[tuple[int, int, Any]]:
        """The night's log: ``(turn, seat, action or fact)`` in order."""
        return list(self._log)

    def to_json(self, players: Sequence[str], turns: Sequence[Turn] = ()) -> dict[str, Any]:
        """FORMAT.md's result object (players by name), plus ``votes``, ``teams``,
        ``shields`` and, with the night's ``turns``, its ``timeline``."""
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
        if turns:
            out["timeline"] = timeline_json(self.timeline, names, turns)
        return out


def timeline_json(
    log: Sequence[tuple[int, int, Any]], names: Sequence[str], turns: Sequence[Turn]
) -> list[dict[str, Any]]:
    """The night in order: each choice made and each thing learned, with its turn, call
    and the turn's ``role`` (a call's turn for another role, as the Little Girl's peek
    in the werewolves' call: whose words a fact needs)."""
    out = []
    for t, seat, item in log:
        turn = turns[t]
        entry: dict[str, Any] = {
            "turn": t,
            "call": turn.name,
            "role": turn.role,
            "player": names[seat],
        }
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
