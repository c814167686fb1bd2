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
from onenight.rules.batch_check import check_game
from onenight.rules.batch_result import play_batch

DECKS = {
    "jin5": (5, "werewolf,werewolf,seer,robber,troublemaker,villager,villager,insomniac"),
    "default5": (5, "doppelganger,werewolf,seer,robber,troublemaker,drunk,insomniac,minion"),
    "base10": (
        10,
        "doppelganger,werewolf,werewolf,minion,mason,mason,seer,robber,troublemaker,drunk,"
        "insomniac,tanner,hunter",
    ),
    "guard6": (6, "doppelganger,werewolf,minion,mason,mason,robber,insomniac,hunter,bodyguard"),
    "seers3": (3, "doppelganger,werewolf,seer,seer,troublemaker,drunk"),
    "sentinel5": (5, "sentinel,doppelganger,werewolf,seer,robber,troublemaker,drunk,insomniac"),
    "sentinels3": (3, "sentinel,sentinel,doppelganger,robber,insomniac,werewolf"),
    # Daybreak's wolves and the Apprentice Seer; a Dream Wolf stops the lone wolf's peek.
    "daybreak5": (
        5,
        "doppelganger,mystic_wolf,dream_wolf,apprentice_seer,robber,minion,sentinel,troublemaker",
    ),
    "wolves6": (
        6,
        "doppelganger,werewolf,mystic_wolf,dream_wolf,apprentice_seer,seer,minion,insomniac,"
        "villager",
    ),
    # The Witch and the Revealer, the Doppelgänger's copies of them (at once, and in her
    # delayed slot), a Tanner turned back face down; with shields in their way.
    "witch5": (5, "doppelganger,witch,revealer,werewolf,tanner,seer,robber,insomniac"),
    "shields3": (3, "sentinel,sentinel,doppelganger,witch,revealer,werewolf"),
}


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
