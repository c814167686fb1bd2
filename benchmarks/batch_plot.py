"""Games per second of the batched engine against the batch size N, with the one-game
engine measured in the same run (issue 39; docs/engine.md, "The batched engine").

For each deck and each N, alternating: a round of batches of N, then a round of the
one-game engine (``play_games``, what ``onenight bench`` times); the medians of
``--rounds`` rounds. Prints a Markdown table and draws ``--out`` (matplotlib).

    PYTHONPATH=build/compiled python benchmarks/batch_plot.py --out docs/batch-games-per-second.png
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

from onenight.bench import _compiled
from onenight.rules import Dealer
from onenight.rules.batch import BatchTable
from onenight.rules.batch_result import play_batch
from onenight.rules.play import play_games

DECKS = {
    "Jin et al. 5 players": (
        5,
        "werewolf,werewolf,seer,robber,troublemaker,villager,villager,insomniac",
    ),
    "base game 10 players": (
        10,
        "doppelganger,werewolf,werewolf,minion,mason,mason,seer,robber,troublemaker,drunk,"
        "insomniac,tanner,hunter",
    ),
}
SIZES = (64, 256, 1024, 4096, 8192, 16384, 65536, 262144)


def batch_rate(table: BatchTable, size: int, rng: np.random.Generator, seconds: float) -> float:
    start, done = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        play_batch(table, size, rng)
        done += size
    return done / (time.perf_counter() - start)


def engine_rate(dealer: Dealer, rng: random.Random, seconds: float) -> float:
    start, done = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        play_games(dealer, rng, 500)
        done += 500
    return done / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="docs/batch-games-per-second.png")
    parser.add_argument("--seconds", type=float, default=0.5, help="per round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    results: dict[str, tuple[list[float], float, list[float]]] = {}
    engine_kind = "compiled" if _compiled() else "pure Python"
    print(
        f"| deck | N | batch games/s | one-game engine ({engine_kind}) games/s | "
        "ratio (median of the rounds' ratios) |"
    )
    print("|---|---|---|---|---|")
    for name, (n, deck) in DECKS.items():
        cards = deck.split(",")
        table = BatchTable("ultimate", n, cards)
        dealer = Dealer("ultimate", [f"p{s}" for s in range(n)], cards)
        rng, np_rng = random.Random(1), np.random.default_rng(1)
        batch_rates, engine_rates, ratios = [], [], []
        for size in SIZES:
            play_batch(table, size, np_rng)
            rounds_b, rounds_e = [], []
            for _ in range(args.rounds):
                rounds_b.append(batch_rate(table, size, np_rng, args.seconds))
                rounds_e.append(engine_rate(dealer, rng, args.seconds))
            b, e = statistics.median(rounds_b), statistics.median(rounds_e)
            # Each round's batch against the engine's round right after it: the load
            # of the moment weighs on both.
            ratio = statistics.median(x / y for x, y in zip(rounds_b, rounds_e, strict=True))
            batch_rates.append(b)
            engine_rates.append(e)
            ratios.append(ratio)
            print(f"| {name} | {size} | {b:,.0f} | {e:,.0f} | {ratio:.1f} |", flush=True)
        results[name] = (batch_rates, statistics.median(engine_rates), ratios)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax, bx) = plt.subplots(1, 2, figsize=(11, 4.2))
    for (name, (rates, engine, ratios)), color in zip(results.items(), ("C0", "C1"), strict=False):
        ax.plot(SIZES, rates, "o-", color=color, label=f"batch, {name}")
        ax.axhline(engine, color=color, ls="--", label=f"one-game engine ({engine_kind}), {name}")
        bx.plot(SIZES, ratios, "o-", color=color, label=name)
    ax.axhline(1e6, color="grey", ls=":", lw=1)
    bx.axhline(10, color="grey", ls=":", lw=1)
    for axis in (ax, bx):
        axis.set_xscale("log", base=2)
        axis.set_yscale("log")
        axis.set_xlabel("batch size N (games per call)")
        axis.grid(True, which="both", alpha=0.3)
    ax.set_ylabel("random complete games per second, one core")
    ax.set_title("games/s against N")
    ax.legend(fontsize=7, loc="lower right")
    bx.set_ylabel("batch / one-game engine, same round")
    bx.set_title(f"speed-up over the {engine_kind} engine")
    bx.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
