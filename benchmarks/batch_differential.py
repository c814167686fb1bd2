"""The batched engine against the one-game engine, a million games per deck (issue 39).

Each game: a deal and every night choice drawn by the batch (uniform among the legal
ones), a random vote; then exported as the engine's setup and ``(seat, action)`` history
and replayed with ``Game``, decision by decision (the engine's decision must be the
batch's: turn, seat, step, number of legal choices) and every result compared: the
cards at dawn, end roles, deaths, protections, winners, what each seat learned.

    nice -n 10 python benchmarks/batch_differential.py --games 1000000 [--deck NAME]

Prints one line per deck (games checked, mismatches, seconds) and exits 1 on any
mismatch (the first few are printed). The decks are tests/rules/test_batch.py's.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from onenight.rules.batch import BatchTable
from onenight.rules.batch_check import DECKS, check_game
from onenight.rules.batch_result import play_batch


def check_deck(name: str, games: int, seed: int, chunk: int = 20_000) -> tuple[int, list[str]]:
    n, deck = DECKS[name]
    table = BatchTable("ultimate", n, deck.split(","))
    rng = np.random.default_rng(seed)
    done, problems = 0, []
    while done < games:
        size = min(chunk, games - done)
        result = play_batch(table, size, rng)
        for b in range(size):
            found = check_game(result, b)
            if found:
                problems.append(f"{name} game {done + b}: {found}")
        done += size
        if done % 200_000 == 0:
            print(f"  {name}: {done} games checked", flush=True)
    return done, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--deck", action="append", choices=sorted(DECKS))
    parser.add_argument("--seed", type=int, default=39)
    args = parser.parse_args()
    failed = False
    for name in args.deck or sorted(DECKS):
        start = time.perf_counter()
        done, problems = check_deck(name, args.games, args.seed)
        seconds = time.perf_counter() - start
        print(f"{name}: {done} games, {len(problems)} mismatches, {seconds:.0f} s", flush=True)
        for line in problems[:5]:
            print("  " + line)
        failed |= bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
