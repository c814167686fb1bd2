"""What a player learns at night, recorded when it is learned (FORMAT.md "facts")."""

from __future__ import annotations

from typing import Any, NamedTuple

from .actions import target_to_json
from .roles import Role

SAW = "saw"
WOLVES = "wolves"
MASONS = "masons"
TANNERS = "tanners"
ACTED = "acted"
LITTLE_GIRL = "little_girl"


class Fact(NamedTuple):
    """One thing a player learned, at call index ``at`` of the night.

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

        def tgt(t: int) -> Any:
            if names is not None and 0 <= t < len(names):
                return names[t]
            return target_to_json(t)

        if self.kind == SAW:
            return {"saw": tgt(self.target), "card": self.card}
        if self.kind == LITTLE_GIRL:
            return {"little_girl": tgt(self.target)}
        return {self.kind: [tgt(s) for s in self.seats]}
