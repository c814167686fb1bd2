"""The bot interface: a view in, a choice out.

A bot sees exactly what a human in its seat sees: the per-player view
(``game.view(seat)``, or the same view from the server's ``state`` frame), the public
claim board, and its own seeded RNG. It never gets the Game. It remembers its own night
choices (a player remembers what he did; the view only lists what he *learned*).
Everything a bot returns is JSON-friendly: an action's JSON, a list of claims (each with
``to_json``), a seat to vote for.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from onenight.session.claims import Claim, Posted

from .story import Event, story_from_view

#: A view, as ``Game.view(seat)`` (or the server's night view) gives it.
ViewDict = dict[str, Any]


class Bot(ABC):
    """One seat's player for one game. Seeded: the same views give the same choices."""

    level: ClassVar[str] = ""

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(seed)
        #: The night choices this bot made: ``(turn, action JSON)`` in order.
        self.done: list[tuple[int, dict[str, Any]]] = []

    def choose(self, view: ViewDict) -> dict[str, Any]:
        """The night choice for the view's ``decision``: the JSON of one of its ``choices``."""
        decision = view["decision"]
        action = self.pick(view, decision)
        self.done.append((int(decision["turn"]), action))
        return action

    @abstractmethod
    def pick(self, view: ViewDict, decision: dict[str, Any]) -> dict[str, Any]:
        """One of ``decision["choices"]``."""

    @abstractmethod
    def claims(self, view: ViewDict, board: Sequence[Posted]) -> list[Claim]:
        """What this seat says by day, having heard ``board`` so far."""

    @abstractmethod
    def vote(self, view: ViewDict, board: Sequence[Posted]) -> int:
        """The seat this bot points at (never its own)."""

    # -- helpers for the levels ------------------------------------------------------------

    def story(self, view: ViewDict) -> list[Event]:
        """This seat's night: its choices and what it learned, in order."""
        return story_from_view(view, self.done)

    @staticmethod
    def others(view: ViewDict) -> list[int]:
        seat = int(view["seat"])
        return [s for s in range(len(view["players"])) if s != seat]


def sensible(choices: Sequence[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """The night policy of ``basic`` and ``reasoner`` (and of the reasoner's model of
    everyone): act whenever possible, uniformly among the legal actions."""
    acts = [c for c in choices if c["type"] != "pass"] or list(choices)
    return acts[int(rng.random() * len(acts))]
