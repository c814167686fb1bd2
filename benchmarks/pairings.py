"""The nine pairings of bot levels (village level x wolves level), measured by the
simulator: the village's win rate with its 95% interval, per pairing.

    python benchmarks/pairings.py [--deck jin|default|r,r,…] [--games 400] [--workers 1]

``--deck jin`` is the 5-player setting of Jin et al. (NeurIPS 2024): 2 Werewolves, Seer,
Robber, Troublemaker, 2 Villagers, Insomniac; ``default`` is onenight's default deck.
Prints a table and, with ``--json``, one JSON object per pairing.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from onenight.bots.simulate import Spec, simulate
from onenight.rules import default_deck

LEVELS = ("random", "basic", "reasoner")
JIN = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager")
JIN += ("insomniac",)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deck", default="jin")
    parser.add_argument("--edition", default="ultimate")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.deck == "jin":
        deck = JIN
    elif args.deck == "default":
        deck = tuple(default_deck(args.edition, args.players))
    else:
        deck = tuple(args.deck.split(","))
    print(f"{args.edition}, {args.players} players, deck {','.join(deck)}, {args.games} games")
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    print(f"{'village':<9} {'wolves':<9} {'village wins':>12}  95% CI           none    games/s")
    for village in LEVELS:
        for wolves in LEVELS:
            spec = Spec(args.edition, args.players, deck, village, wolves, (), args.seed)
            start = time.perf_counter()
            rep = simulate(spec, args.games, args.workers)
            low, high = rep["ci95"]["village"]
            print(
                f"{village:<9} {wolves:<9} {rep['win_rate']['village']:>12.1%}  "
                f"[{low:.1%}, {high:.1%}]   {rep['win_rate']['none']:5.1%}  "
                f"{args.games / (time.perf_counter() - start):8.1f}",
                flush=True,
            )
            if args.json:
                print(json.dumps(rep, sort_keys=True), flush=True)


if __name__ == "__main__":
    main()
