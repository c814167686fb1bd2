"""Train a small policy for one seat of ``neurips2024`` against ``basic`` bots, on the CPU
with numpy alone (REINFORCE, a linear softmax over the legal actions), and plot its
learning curve beside ``random`` and ``basic`` in the same seat.

    nice python examples/train_single_agent.py --out docs/figures/learning_curve.png

Prints the numbers it plots; docs/research.md, "Reinforcement learning", shows the
figure. A sketch to start from, not a tuned agent: PyTorch, a recurrent policy or
MaskablePPO (``env.action_masks()``) are the next steps.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from onenight.bots import make_bot
from onenight.research.agents import BotPolicy
from onenight.research.single_agent import SingleAgentEnv

PRESET, OPPONENTS = "neurips2024", "basic"


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    z = np.where(mask, logits, -np.inf)
    z = np.exp(z - z.max())
    return z / z.sum()


def baseline(kind: str, episodes: int, seed: int) -> float:
    """Mean reward of ``random`` (uniform legal actions) or a ``basic`` bot in the
    learner's seat, against the same opponents."""
    env = SingleAgentEnv(PRESET, opponents=OPPONENTS)
    rng = np.random.default_rng(seed)
    total = 0.0
    for ep in range(episodes):
        obs, info = env.reset(seed=seed * 1_000_000 + ep)
        bot = BotPolicy(make_bot("basic", f"b{ep}"), env.pz.table)
        done = False
        while not done:
            if kind == "random":
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            else:
                action = int(bot(obs, info))
            obs, reward, done, _, info = env.step(action)
            total += reward
    return total / episodes


def train(episodes: int, lr: float, seed: int) -> list[float]:
    env = SingleAgentEnv(PRESET, opponents=OPPONENTS)
    rng = np.random.default_rng(seed)
    d = env.observation_space["observation"].shape[0]
    k = env.action_space.n
    w = np.zeros((d, k))
    b = np.zeros(k)
    mean_reward, rewards = 0.0, []
    for ep in range(episodes):
        obs, _ = env.reset(seed=seed * 1_000_000 + ep)
        steps, done, total = [], False, 0.0
        while not done:
            x, mask = obs["observation"], obs["action_mask"].astype(bool)
            p = masked_softmax(x @ w + b, mask)
            a = int(rng.choice(k, p=p))
            steps.append((x, p, a))
            obs, reward, done, _, _ = env.step(a)
            total += reward
        advantage = total - mean_reward
        mean_reward += 0.01 * (total - mean_reward)
        for x, p, a in steps:  # ∇ log π(a|x) = onehot(a) − π, times the advantage
            g = -p
            g[a] += 1.0
            g *= lr * advantage
            nz = np.flatnonzero(x)
            w[nz] += np.outer(x[nz], g)
            b += g
        rewards.append(total)
    return rewards


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--episodes", type=int, default=20000)
    ap.add_argument("--baseline-episodes", type=int, default=2000)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--window", type=int, default=1000)
    ap.add_argument("--out", default="learning_curve.png")
    args = ap.parse_args()
    start = time.perf_counter()
    rewards = train(args.episodes, args.lr, args.seed)
    trained = time.perf_counter() - start
    rand = baseline("random", args.baseline_episodes, args.seed + 1)
    basic = baseline("basic", args.baseline_episodes, args.seed + 1)
    w = min(args.window, len(rewards))
    curve = np.convolve(rewards, np.ones(w) / w, mode="valid")
    print(f"trained {args.episodes} episodes in {trained:.0f} s")
    first, last = np.mean(rewards[:w]), np.mean(rewards[-w:])
    print(f"mean reward, first {w} episodes: {first:+.3f}, last {w}: {last:+.3f}")
    print(f"random in the seat: {rand:+.3f}; basic in the seat: {basic:+.3f}")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(np.arange(w, len(rewards) + 1), curve, label=f"REINFORCE (mean of last {w})")
    ax.axhline(rand, color="grey", linestyle="--", label="random in the seat")
    ax.axhline(basic, color="black", linestyle=":", label="basic in the seat")
    ax.set_xlabel("episode")
    ax.set_ylabel("reward (+1 win, −1 loss, 0 draw)")
    ax.set_title(f"{PRESET}: one seat against {OPPONENTS} bots")
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.out, dpi=100)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
