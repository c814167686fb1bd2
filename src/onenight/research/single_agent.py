"""A Gymnasium single-agent environment: one seat learns, the others are bots of any
level or policies (docs/research.md, "Reinforcement learning").

Each ``step`` takes the learner's action and plays the game on (the other seats' turns,
through the same :class:`.match.Match` the PettingZoo environment steps) until the
learner is to move again or the game ends. The learner sees only its own turns: how many
there are depends on its own card and the deck, never on the others' cards. The reward
is the learner's (the config's ``win``/``lose``/``draw``) at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np

from onenight.bots import make_bot

from .agents import BotPolicy, to_index
from .config import Config
from .environment import OneNightParallelEnv

Policy = Callable[[dict[str, Any], dict[str, Any]], Any]


class SingleAgentEnv(gym.Env[dict[str, Any], int]):
    """``SingleAgentEnv("neurips2024", opponents="basic", seat=None)``: ``seat`` None
    draws the learner's seat at each reset; ``opponents`` a level for every other seat,
    or one level or policy per seat (the learner's entry is ignored)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium's

    def __init__(
        self,
        config: str | Config | Mapping[str, Any] | None = None,
        opponents: str | Sequence[str | Policy] = "random",
        seat: int | None = None,
        render_mode: str | None = None,
        **overrides: Any,
    ) -> None:
        self.pz = OneNightParallelEnv(config, render_mode="ansi", **overrides)
        n = self.pz.config.players
        self.opponents = [opponents] * n if isinstance(opponents, str) else list(opponents)
        if len(self.opponents) != n:
            raise ValueError(f"opponents: one per seat ({n}), or one level for all")
        self.fixed_seat = seat
        self.seat = seat or 0
        self.render_mode = render_mode
        self.observation_space = self.pz.observation_space("seat_0")
        self.action_space = self.pz.action_space("seat_0")
        self._policies: list[Policy | None] = []
        self._obs: dict[str, Any] = {}
        self._infos: dict[str, Any] = {}

    def _policy(self, who: str | Policy, seed: int, s: int) -> Policy:
        if isinstance(who, str):
            return BotPolicy(make_bot(who, f"{seed}:{s}"), self.pz.table)
        return who

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(1 << 62))
        n = self.pz.config.players
        self.seat = (
            self.fixed_seat if self.fixed_seat is not None else int(self.np_random.integers(n))
        )
        self._obs, self._infos = self.pz.reset(seed=game_seed)
        self._policies = [
            None if s == self.seat else self._policy(self.opponents[s], game_seed, s)
            for s in range(n)
        ]
        _, done = self._advance(None)
        assert not done  # a game never ends before the learner's vote
        me = f"seat_{self.seat}"
        return self._obs[me], {**self._infos[me], "seat": self.seat}

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        reward, done = self._advance(int(action))
        me = f"seat_{self.seat}"
        info = {**self._infos.get(me, {}), "seat": self.seat}
        return self._obs[me], reward, done, False, info

    def _advance(self, action: int | None) -> tuple[float, bool]:
        """Play steps (the learner's ``action`` at the first) until the learner is to move
        again or the game is over; the learner's reward on the way."""
        me, total = f"seat_{self.seat}", 0.0
        while True:
            m = self.pz.match
            assert m is not None
            movers = m.to_move()
            if self.seat in movers and action is None:
                return total, False
            acts: dict[str, int] = {}
            for s in movers:
                a = f"seat_{s}"
                if s == self.seat:
                    acts[a] = int(action)  # type: ignore[arg-type]
                    action = None
                else:
                    policy = self._policies[s]
                    assert policy is not None
                    answer = policy(self._obs[a], self._infos[a])
                    legal = [int(i) for i in np.flatnonzero(self._obs[a]["action_mask"])]
                    acts[a] = to_index(self.pz.table, answer, legal, m.phase)
            self._obs, rewards, terms, truncs, self._infos = self.pz.step(acts)
            total += rewards.get(me, 0.0)
            if terms.get(me) or truncs.get(me):
                return total, True

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now (as sb3-contrib's MaskablePPO asks)."""
        return np.asarray(self._obs[f"seat_{self.seat}"]["action_mask"], dtype=bool)

    def render(self) -> str | None:
        return self.pz.render()
