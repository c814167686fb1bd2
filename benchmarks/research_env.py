"""Steps per second of random (masked) play in the research environments.

    PYTHONPATH=src python benchmarks/research_env.py [--seconds 5]

A step is one ``ParallelEnv.step`` (every live seat's action at once) or one AEC
``step`` (one seat's action); games are played to the end and restarted with the next
seed. One core; the numbers are in docs/research.md.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from onenight.research import env, parallel_env


def bench_parallel(preset: str, seconds: float) -> dict[str, float]:
    e = parallel_env(preset)
    rng = np.random.default_rng(0)
    steps = games = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        obs, _ = e.reset(seed=seed)
        seed += 1
        while e.agents:
            acts = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in e.agents}
            obs, *_ = e.step(acts)
            steps += 1
        games += 1
    took = time.perf_counter() - start
    return {
        "steps_per_s": steps / took,
        "games_per_s": games / took,
        "steps_per_game": steps / games,
    }


def bench_aec(preset: str, seconds: float) -> dict[str, float]:
    e = env(preset)
    rng = np.random.default_rng(0)
    steps = games = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        e.reset(seed=seed)
        seed += 1
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
            e.step(action)
            steps += 1
        games += 1
    took = time.perf_counter() - start
    return {
        "steps_per_s": steps / took,
        "games_per_s": games / took,
        "steps_per_game": steps / games,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--presets", default="neurips2024,wolfbot-standard,ultimate")
    args = parser.parse_args()
    out = {}
    for preset in args.presets.split(","):
        out[preset] = {
            "parallel": bench_parallel(preset, args.seconds),
            "aec": bench_aec(preset, args.seconds),
        }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
