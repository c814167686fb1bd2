"""The Gymnasium single-agent wrapper (issue 38, point 8): Gymnasium's own checker, one
seat learning among bots, its reward the seat's reward in the game."""

from __future__ import annotations

import numpy as np
from gymnasium.utils.env_checker import check_env

from onenight.research.single_agent import SingleAgentEnv


def test_gymnasiums_checker_passes() -> None:
    check_env(SingleAgentEnv("neurips2024", opponents="random"), skip_render_check=True)


def test_the_learner_moves_only_in_its_turns_and_gets_its_seats_reward() -> None:
    env = SingleAgentEnv("neurips2024", opponents="basic")
    rng = np.random.default_rng(0)
    seats = set()
    for episode in range(12):
        obs, info = env.reset(seed=episode)
        seats.add(info["seat"])
        done, total = False, 0.0
        while not done:
            mask = obs["action_mask"]
            assert mask.sum() > 0 and not (mask.sum() == 1 and mask[0] == 1)  # a real choice
            assert np.array_equal(env.action_masks(), mask.astype(bool))
            obs, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            total += reward
        m = env.pz.match
        assert m.phase == "end"
        assert total == m.rewards()[env.seat]
    assert len(seats) > 1  # the learner's seat is drawn at each reset


def test_a_fixed_seat_and_a_seed_give_the_same_game() -> None:
    games = []
    for _ in range(2):
        env = SingleAgentEnv("wolfbot-standard", opponents="basic", seat=3)
        obs, _ = env.reset(seed=7)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        games.append(env.render())
    assert games[0] == games[1] and env.seat == 3
