"""The PettingZoo environments: :func:`parallel_env` (a ``ParallelEnv``) and :func:`env`
(the same game as an AEC environment, PettingZoo's ``parallel_to_aec``).

Agents are seats (``seat_0`` …). Every step, each live agent sends one action index;
only the seats to move have more than ``noop`` in their mask: at night, one step per turn
of the deck's plan (the holder of the turn's card, if any, chooses; the steps are the
same for every deal), the one seat speaking by day (rounds of claims), every seat at the
simultaneous vote. Rewards come at the end (docs/research.md).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import parallel_to_aec

from onenight.rules import EDITIONS

from .actions import NOOP, ActionTable
from .config import Config, make_config
from .match import END, Match
from .observation import Layout, encode_state, state_size
from .records import match_record

#: Cycles after which a game is truncated (a game never comes near it by itself).
MAX_CYCLES = 10_000


def match_seed(base: int, k: int) -> int:
    """The deal of the ``k``-th game after ``reset(seed=base)``: numpy's SeedSequence
    spawned at ``k``, so that the games of two base seeds never coincide (``reset(seed=0)``
    then ``reset()`` is not ``reset(seed=1)``)."""
    high, low = np.random.SeedSequence(base, spawn_key=(k,)).generate_state(2, np.uint32)
    return int(high) << 32 | int(low)


def draw_seed() -> int:
    """A fresh base seed from the operating system's entropy (``reset()`` with no seed
    ever given, and no ``seed`` in the config)."""
    entropy = np.random.SeedSequence().entropy
    assert isinstance(entropy, int)
    return entropy % (1 << 63)


class OneNightParallelEnv(ParallelEnv):  # type: ignore[misc]
    """One Night Werewolf for ``n`` seats, as a PettingZoo ``ParallelEnv``."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "onenight_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": True,
    }

    def __init__(
        self,
        config: str | Config | Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        max_cycles: int = MAX_CYCLES,
        **overrides: Any,
    ) -> None:
        self.config = make_config(config, **overrides)
        cfg = self.config
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        center = EDITIONS[cfg.edition].center
        self.table = ActionTable(cfg.deck, cfg.players, center, cfg.max_moved, cfg.abstain)
        self.layout = Layout(self.table, cfg.rounds)
        self.possible_agents = [f"seat_{i}" for i in range(cfg.players)]
        self.agents: list[str] = []
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.table.size,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(self.table.size)
        self.state_space = spaces.Box(0.0, 1.0, (state_size(self.layout),), np.float32)
        self._base: int | None = cfg.seed
        self._k = -1
        self.match: Match | None = None
        self.cycles = 0

    @functools.cache  # noqa: B019 - PettingZoo wants the same object back
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    # -- the episode ----------------------------------------------------------------------

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None:
            self._base, self._k = int(seed), 0
        else:
            if self._base is None:
                self._base = draw_seed()
            self._k += 1
        self.match = Match(self.config, match_seed(self._base, self._k), self.table)
        self.agents = list(self.possible_agents)
        self.cycles = 0
        obs = {a: self._observe(i) for i, a in enumerate(self.agents)}
        infos = {a: self._info(i) for i, a in enumerate(self.agents)}
        return obs, infos

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        m = self.match
        assert m is not None, "reset() first"
        rewards = dict.fromkeys(self.agents, 0.0)
        illegal: set[int] = set()
        choices: dict[int, int] = {}
        for seat in m.to_move():
            legal = m.legal(seat)
            raw = actions.get(self.possible_agents[seat])
            index = int(raw) if raw is not None else -1
            if index not in legal:
                if self.config.illegal == "raise":
                    desc = self.table.describe(index) if 0 <= index < self.table.size else index
                    raise ValueError(f"{desc} is not legal for seat {seat} now")
                illegal.add(seat)
                rewards[self.possible_agents[seat]] += self.config.illegal_reward
                index = legal[0]
            choices[seat] = index
        m.step(choices)
        self.cycles += 1
        ended = m.phase == END
        truncated = not ended and self.cycles >= self.max_cycles
        if ended:
            for seat, r in enumerate(m.rewards()):
                rewards[self.possible_agents[seat]] += r
        agents = list(self.agents)
        obs = {a: self._observe(self.possible_agents.index(a)) for a in agents}
        infos = {a: self._info(self.possible_agents.index(a)) for a in agents}
        for seat in illegal:
            infos[self.possible_agents[seat]]["illegal_action"] = True
        terms = dict.fromkeys(agents, ended)
        truncs = dict.fromkeys(agents, truncated)
        if ended or truncated:
            self.agents = []
        return obs, rewards, terms, truncs, infos

    def _observe(self, seat: int) -> dict[str, np.ndarray]:
        m = self.match
        assert m is not None
        view = m.game_view(seat)
        vec = self.layout.encode(view, m.board, m.done[seat], m.phase, m.talk())
        return {"observation": vec, "action_mask": self.layout.mask(m.legal(seat))}

    def _info(self, seat: int) -> dict[str, Any]:
        m = self.match
        assert m is not None
        return {"view": m.view(seat), "to_move": seat in m.to_move(), "phase": m.phase}

    def render(self) -> str | None:
        """The game so far as text: returned in ``ansi`` mode, printed in ``human`` mode
        (which returns None, as PettingZoo's render_test asks)."""
        text = self.match.render() if self.match is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def record(self, beliefs: Mapping[int, Any] | None = None) -> dict[str, Any]:
        """The finished game as a record (:mod:`.records`: one line of JSON Lines)."""
        assert self.match is not None, "reset() first"
        return match_record(self.match, beliefs)

    def state(self) -> np.ndarray:
        """The full state for a centralised critic: every seat's observation vector
        from an omniscient view (the deal, the center, every night action and what each
        seat learned), concatenated with the end roles so far (docs/research.md,
        "State")."""
        m = self.match
        assert m is not None, "reset() first"
        return encode_state(self.layout, m)


def parallel_env(config: str | Config | Mapping[str, Any] | None = None, **kw: Any) -> Any:
    """A PettingZoo ParallelEnv: ``parallel_env("neurips2024", seed=3)``."""
    return OneNightParallelEnv(config, **kw)


def env(config: str | Config | Mapping[str, Any] | None = None, **kw: Any) -> AECEnv:
    """A PettingZoo AEC environment (each seat in turn, ``noop`` when not to move)."""
    return parallel_to_aec(OneNightParallelEnv(config, **kw))


__all__ = ["NOOP", "OneNightParallelEnv", "env", "parallel_env"]
