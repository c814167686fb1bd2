"""Any agent at any seat: a policy (observation → action) and the :class:`Bot` interface
are interchangeable.

* :class:`PolicyBot` seats a policy wherever a bot plays: ``onenight simulate`` (through
  :func:`register_level`), ``onenight tournament`` (``--agents module:attr``) and a live
  room's bot seats (the room makes its bots with ``make_bot``, which knows a registered
  level).
* :class:`BotPolicy` seats a bot in the PettingZoo environment.

A policy is ``policy(observation, info) -> answer``: ``observation`` is the environment's
(``{"observation": vector, "action_mask": mask}``), ``info`` has the raw ``view`` and the
``phase``. Its answer is an action index, or the JSON of what it does: a night action
(one of ``view["decision"]["choices"]``), a claim (:mod:`onenight.session.claims`; None
for silence) or a vote (``{"type": "vote", "target": seat}``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from onenight.bots import LEVELS, Bot
from onenight.bots.base import ViewDict
from onenight.rules import Vote, action_from_json
from onenight.session.claims import Claim, Posted, claim_from_json

from .actions import NOOP, SILENCE, ActionTable
from .match import DAY, NIGHT, VOTE, center_pair
from .observation import Layout

Policy = Callable[[dict[str, Any], dict[str, Any]], Any]


def table_for(view: ViewDict, max_moved: int = 2) -> ActionTable:
    """The action table of the view's table (its public deck, seats and center)."""
    deck = [role for role, k in sorted(view["deck"].items()) for _ in range(int(k))]
    return ActionTable(deck, len(view["players"]), int(view["center_cards"]), max_moved)


def to_index(table: ActionTable, answer: Any, legal: Sequence[int], phase: str) -> int:
    """A policy's answer as a legal index: an index as is, JSON through the table; the
    first legal index for anything that is not legal (or silence, by day)."""
    index: int | None = None
    if isinstance(answer, int | float) and not isinstance(answer, bool):
        index = int(answer)
    elif answer is None and phase == DAY:
        index = table.silence
    elif isinstance(answer, dict):
        try:
            if phase == NIGHT:
                index = table.night_index.get(action_from_json(answer))
            elif phase == VOTE:
                index = table.vote_index(int(answer["target"]))
            elif phase == DAY:
                found = table.claim_of(claim_from_json(answer, table.n, table.c))
                index = found[0] if found else None
        except (ValueError, KeyError, TypeError):
            index = None
    if index is not None and index in legal:
        return index
    if phase == DAY and table.silence in legal:
        return table.silence
    return legal[0]


class PolicyBot(Bot):
    """A policy in a bot's seat. By day it speaks ``rounds`` times in its one turn (the
    simulator and a room give each seat one turn), hearing its own claims."""

    level = "policy"

    def __init__(self, seed: int | str, policy: Policy, rounds: int = 3) -> None:
        super().__init__(seed)
        self.policy = policy
        self.rounds = rounds
        self._table: ActionTable | None = None
        self._layout: Layout | None = None

    def _ask(
        self, view: ViewDict, board: Sequence[Posted], phase: str, legal: list[int], r: int = 0
    ) -> int:
        if self._table is None:
            self._table = table_for(view)
        if self._layout is None:
            self._layout = Layout(self._table, self.rounds)
        obs = {
            "observation": self._layout.encode(view, board, self.done, phase, (r, 0)),
            "action_mask": self._layout.mask(legal),
        }
        info = {"view": {**view, "board": [p.to_json() for p in board]}, "phase": phase}
        return to_index(self._table, self.policy(obs, info), legal, phase)

    def pick(self, view: ViewDict, decision: dict[str, Any]) -> dict[str, Any]:
        table = self._table or table_for(view)
        self._table = table
        choices = [action_from_json(c) for c in decision["choices"]]
        legal = sorted(table.night_index[a] for a in choices)
        index = self._ask(view, (), NIGHT, legal)
        return dict(table.decode(index)[1].to_json())

    def claims(self, view: ViewDict, board: Sequence[Posted]) -> list[Claim]:
        table = self._table or table_for(view)
        self._table = table
        seat = int(view["seat"])
        said: list[Claim] = []
        for r in range(self.rounds):
            heard = [*board, *(Posted(seat, c) for c in said)]
            index = self._ask(view, heard, DAY, table.speaker_claims(seat), r)
            claim = table.decode(index)[1]
            if claim is not SILENCE:
                said.append(claim)
        return said

    def vote(self, view: ViewDict, board: Sequence[Posted]) -> int:
        table = self._table or table_for(view)
        self._table = table
        legal = [table.vote_index(t) for t in self.others(view)]
        index = self._ask(view, board, VOTE, legal)
        return int(table.decode(index)[1].target)


def policy_level(policy: Policy, rounds: int = 3) -> Callable[[int | str], Bot]:
    """A bot factory (``factory(seed) -> Bot``) for a policy."""

    def make(seed: int | str) -> Bot:
        return PolicyBot(seed, policy, rounds)

    return make


def register_level(name: str, policy: Policy, rounds: int = 3) -> None:
    """Make ``name`` a bot level played by ``policy``: ``make_bot(name, seed)``, and so
    ``onenight simulate --seats`` and a room's bot seats in this process, seat it."""
    LEVELS[name] = policy_level(policy, rounds)  # type: ignore[assignment]


class BotPolicy:
    """A bot as a policy of one seat in the environment (one per seat and game): it
    makes its night choices from its view, says its claims one per speaking turn (then
    silence) and votes as it would."""

    def __init__(self, bot: Bot, table: ActionTable) -> None:
        self.bot = bot
        self.table = table
        self.queue: list[int] | None = None

    def __call__(self, observation: dict[str, Any], info: dict[str, Any]) -> int:
        view, phase, t = info["view"], info["phase"], self.table
        if not info.get("to_move", True):
            return NOOP
        board = [
            Posted(int(p["seat"]), claim_from_json(p["claim"], t.n, t.c)) for p in view["board"]
        ]
        if phase == NIGHT:
            index = t.night_index[action_from_json(self.bot.choose(view))]
            mask = observation["action_mask"]
            if not mask[index] and center_pair(t.decode(index)[1]):
                # seer_center="random": "the center" is one choice (the masked pair)
                legal = (int(i) for i in np.flatnonzero(mask))
                return next(i for i in legal if center_pair(t.decode(i)[1]))
            return index
        if phase == DAY:
            if self.queue is None:
                self.queue = [i for c in self.bot.claims(view, board) for i in t.claim_of(c)]
            return self.queue.pop(0) if self.queue else t.silence
        return t.vote_index(self.bot.vote(view, board))


# -- examples --------------------------------------------------------------------------------


def honest_agent(observation: dict[str, Any], info: dict[str, Any]) -> Any:
    """An example agent as a plain function: acts at night when it can, says its dealt
    card in the first round, and votes for a seat someone called a Werewolf (else the
    seat after its own)."""
    view = info["view"]
    if info["phase"] == NIGHT:
        choices = view["decision"]["choices"]
        return next((c for c in choices if c["type"] != "pass"), choices[0])
    if info["phase"] == DAY:
        said = any(p["seat"] == view["seat"] for p in view.get("board", ()))
        return None if said else {"type": "i_am", "role": view["card"]}
    seat, n = int(view["seat"]), len(view["players"])
    for post in view.get("board", ()):
        c = post["claim"]
        if c["type"] == "think" and c["role"] == "werewolf" and c["target"] != seat:
            return {"type": "vote", "target": c["target"]}
    return {"type": "vote", "target": (seat + 1) % n}


def parse_json(text: str) -> dict[str, Any] | None:
    """The first JSON object in a model's answer, or None."""
    for match in re.finditer(r"\{", text):
        try:
            value, _ = json.JSONDecoder().raw_decode(text[match.start() :])
        except ValueError:
            continue
        if isinstance(value, dict):
            return value
    return None


__all__ = [
    "BotPolicy",
    "Policy",
    "PolicyBot",
    "Vote",
    "honest_agent",
    "parse_json",
    "policy_level",
    "register_level",
    "to_index",
]
