"""What a player learns at night, recorded when it is learned (FORMAT.md "facts")."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple, cast

from .actions import target_to_json
from .roles import Role

SAW = "saw"
WOLVES = "wolves"
MASONS = "masons"
TANNERS = "tanners"
ACTED = "acted"
LITTLE_GIRL = "little_girl"


class Fact(NamedTuple):
    """One thing a player learned, in turn ``at`` of the night (``Game.turns``).

    ``saw``: ``target`` showed the printed ``card``. ``wolves`` / ``masons`` /
    ``tanners`` / ``acted``: the players ``seats``. ``little_girl``: ``target`` is
    the Little Girl who peeked.
    """

    at: int
    kind: str
    target: int = -1
    card: Role = ""
    seats: tuple[int, ...] = ()

    def to_json(self, names: tuple[str, ...] | None = None) -> dict[str, Any]:
        """FORMAT.md's form. With ``names``, players by name; else seats and "center:N"."""
        if self.kind == SAW:
            return {"saw": _target(self.target, names), "card": self.card}
        if self.kind == LITTLE_GIRL:
            return {"little_girl": _target(self.target, names)}
        return {self.kind: [_target(s, names) for s in self.seats]}


def _target(target: int, names: tuple[str, ...] | None) -> Any:
    if names is not None and 0 <= target < len(names):
        return names[target]
    return target_to_json(target)


#: Build a Fact from a plain 5-tuple without a Python-level call (the night's hot path).
make_fact = cast(
    Callable[[tuple[int, str, int, Role, tuple[int, ...]]], Fact], partial(tuple.__new__, Fact)
)
