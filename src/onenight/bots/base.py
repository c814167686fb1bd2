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

from onenight.rules import team_of
from onenight.session.claims import Claim, Posted, Think

from .board import by_seat, clash
from .story import Event, story_from_view

#: A view, as ``Game.view(seat)`` (or the server's night view) gives it.
ViewDict = dict[str, Any]
#: Why a bot votes for a seat: a kind of reason (docs/bots.md, "How bots talk") and the
#: other seat it names, if any (the other side of a contradiction).
Reason = tuple[str, int | None]


class Bot(ABC):
    """One seat's player for one game. Seeded: the same views give the same choices."""

    level: ClassVar[str] = ""
    #: Whether its steps by day take long enough (it samples hidden worlds) that a
    #: server works them out off its event loop (``seats.BotSeats``).
    slow: ClassVar[bool] = False

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

    def pick_vote(self, view: ViewDict, board: Sequence[Posted]) -> tuple[int, Reason]:
        """The seat this bot points at, and why (what it says when it names its vote)."""
        target = self.vote(view, board)
        return target, self.reason(view, board, target)

    def reason(self, view: ViewDict, board: Sequence[Posted], target: int) -> Reason:
        """Why ``target``, as the board shows it: a contradiction it is in, others who
        think it a Werewolf, its silence, else a hunch."""
        seat, n, deck = int(view["seat"]), len(view["players"]), view["deck"]
        claims = by_seat(board, n)
        mine = claims[target]
        for s in range(n):
            if s != target and mine and claims[s] and clash(target, mine, s, claims[s], deck):
                return ("clash_me", None) if s == seat else ("clash", s)
        accused = [p.claim for p in board if p.seat != seat and isinstance(p.claim, Think)]
        if any(c.target == target and team_of(c.role) != "village" for c in accused):
            return "accused", None
        if not any(post.seat == target for post in board):
            return "silent", None
        return "hunch", None

    def believes(self, view: ViewDict, board: Sequence[Posted], seat: int) -> bool:
        """Whether this bot takes ``seat``'s word when it says it moved this bot's card
        (and the claim contradicts nothing this bot said): yes, unless a level knows
        better."""
        return True

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
