"""A game of the environment played by agents: bots and policies at one table, through
the same :class:`.match.Match` the environment steps (its night turn by turn, its day of
interleaved rounds, its vote). The tournament plays its games here.

A policy (``policy(observation, info)``) is asked at each of its turns as in the
environment, hearing everything said before it. A bot lists its claims at its first
speaking turn, hearing everything said before it, and says them all in that turn (a
bot's claims are one statement: a role and its night), then keeps silent.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from onenight.bots import Bot
from onenight.rules import action_from_json

from .actions import ActionTable
from .agents import PolicyBot, to_index
from .match import DAY, END, NIGHT, VOTE, Match, center_pair
from .observation import Layout


def observe(match: Match, layout: Layout, seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """What the environment gives ``seat`` now: its observation and info."""
    obs = {
        "observation": layout.encode(
            match.game_view(seat), match.board, match.done[seat], match.phase, match.talk()
        ),
        "action_mask": layout.mask(match.legal(seat)),
    }
    info = {"view": match.view(seat), "to_move": seat in match.to_move(), "phase": match.phase}
    return obs, info


def bot_move(match: Match, seat: int, bot: Bot, table: ActionTable, spoke: set[int]) -> int:
    """A bot's index for its turn (its claims posted at its first speaking turn)."""
    view = match.view(seat)
    legal = match.legal(seat)
    if match.phase == NIGHT:
        index = table.night_index[action_from_json(bot.choose(view))]
        if index not in legal and center_pair(table.decode(index)[1]):
            index = next(i for i in legal if center_pair(table.decode(i)[1]))
        return index
    if match.phase == DAY:
        if seat not in spoke:
            spoke.add(seat)
            for claim in bot.claims(view, tuple(match.board)):
                match.say(seat, claim)
        return table.silence
    return table.vote_index(bot.vote(view, tuple(match.board)))


def play_match(
    match: Match, layout: Layout, agents: Sequence[Bot], ask_beliefs: bool = True
) -> dict[int, Any]:
    """Play ``match`` to its end with one agent per seat (a :class:`PolicyBot` is asked
    as a policy); the beliefs of the agents that have them, asked just before the vote."""
    table = layout.table
    spoke: set[int] = set()
    beliefs: dict[int, Any] = {}
    asked = not ask_beliefs
    while match.phase != END:
        if match.phase == VOTE and not asked:
            asked = True
            for s, agent in enumerate(agents):
                ask = getattr(agent, "beliefs", None)
                if callable(ask):
                    beliefs[s] = ask(match.view(s), tuple(match.board))
        choices = {}
        for s in match.to_move():
            agent = agents[s]
            if isinstance(agent, PolicyBot):
                obs, info = observe(match, layout, s)
                answer = agent.policy(obs, info)
                legal = [int(i) for i in np.flatnonzero(obs["action_mask"])]
                choices[s] = to_index(table, answer, legal, match.phase)
            else:
                choices[s] = bot_move(match, s, agent, table, spoke)
        match.step(choices)
    return beliefs
