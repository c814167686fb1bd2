"""``random``: uniformly random legal choices and votes, no claims."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from onenight.session.claims import Claim, Posted

from .base import Bot, Reason, ViewDict


class RandomBot(Bot):
    level = "random"

    def pick(self, view: ViewDict, decision: dict[str, Any]) -> dict[str, Any]:
        choices = decision["choices"]
        return dict(choices[int(self.rng.random() * len(choices))])

    def claims(self, view: ViewDict, board: Sequence[Posted]) -> list[Claim]:
        return []

    def vote(self, view: ViewDict, board: Sequence[Posted]) -> int:
        others = self.others(view)
        return others[int(self.rng.random() * len(others))]

    def reason(self, view: ViewDict, board: Sequence[Posted], target: int) -> Reason:
        return "hunch", None  # it points at random, and says so
