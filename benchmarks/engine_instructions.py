"""Instructions per random game, for valgrind: steadier than timings on a loaded machine.

Deals and plays ``N`` random games (after 2,000 warm-up games) with the installed engine:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        VENV/bin/python benchmarks/engine_instructions.py PLAYERS N

Run it for N = 0 and for N = 3,000: the difference of the two "Collected" counts, divided
by N, is the instructions one game costs (start-up and imports cancel out). PLAYERS is 5
or 10, with the peerbench's decks (docs/engine.md, "Speed").
"""

from __future__ import annotations

import random
import sys

from onenight.rules import Dealer, Game
from onenight.rules.play import play_random

DECKS = {
    5: "werewolf,werewolf,seer,robber,troublemaker,villager,villager,insomniac",
    10: "doppelganger,werewolf,werewolf,minion,mason,mason,seer,robber,troublemaker,drunk,"
    "insomniac,tanner,hunter",
}


def main() -> None:
    n, count = int(sys.argv[1]), int(sys.argv[2])
    dealer = Dealer("ultimate", [f"p{i}" for i in range(n)], DECKS[n].split(","))
    rng = random.Random(1)
    for _ in range(2000 + count):
        play_random(Game(dealer.deal(rng)), rng)


if __name__ == "__main__":
    main()
