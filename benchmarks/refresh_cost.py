"""What a full ``onenight suggest --refresh`` costs, from a fraction of it.

    python benchmarks/refresh_cost.py --table MEASURED.json [--games 20] [--seed 1]

A refresh searches 31 table sizes; measuring it whole takes hours on a loaded 2-core
machine. So: ``MEASURED.json`` is a table in which one or more sizes were refreshed for
real (``ONENIGHT_BALANCE_TABLE=MEASURED.json onenight suggest --refresh --edition E
--players N --workers 1``: its ``runs`` hold their games and CPU seconds). This script
plays ``--games`` games of reasoners with each size's suggested deck
(``rules.default_deck``), in this process, and times them in CPU seconds (so the load of
the machine does not count). Then, for each size:

    estimated CPU seconds = games a size costs × CPU seconds a game of its suggested
                            deck × calibration

where the calibration is what the measured sizes' searches cost per game over what their
suggested deck's games cost (the search plays other decks too), and the games a size
costs are the measured sizes' mean (typical) or ``Budget.most()`` (the most). The sum,
halved, is the wall-clock time on two idle cores (workers scale about 1.9×, docs/bots.md).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from onenight.bots import balance
from onenight.bots.search import DEFAULT
from onenight.bots.simulate import Spec, play_chunk
from onenight.rules import default_deck


def game_cost(edition: str, players: int, games: int, seed: int) -> float:
    """CPU seconds per game of reasoners with the size's suggested deck."""
    deck = tuple(sorted(default_deck(edition, players)))
    spec = Spec(edition, players, deck, "reasoner", "reasoner", (), seed)
    start = time.process_time()
    play_chunk(spec, 0, games)
    return (time.process_time() - start) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--table", type=Path, required=True)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    runs = json.loads(args.table.read_text())["runs"]
    costs = {}
    for edition, players in balance.sizes():
        costs[(edition, players)] = game_cost(edition, players, args.games, args.seed)
        print(f"{edition:>10} {players:>2}: {costs[(edition, players)] * 1000:7.1f} ms/game")
    ratios, games = [], []
    for k, run in runs.items():
        edition, players = k.split(":")
        ratio = run["cpu_seconds"] / run["games"] / costs[(edition, int(players))]
        ratios.append(ratio)
        games.append(run["games"])
        print(f"measured {k}: {run['games']} games, {run['cpu_seconds']} CPU s, ratio {ratio:.2f}")
    calibration = statistics.mean(ratios)
    per_game = sum(costs.values()) * calibration
    for what, g in (("typical", statistics.mean(games)), ("most", DEFAULT.most())):
        cpu = per_game * g
        print(
            f"{what}: {g:.0f} games a size, {cpu:.0f} CPU s in all, "
            f"{cpu / 2 / 3600:.2f} h on two idle cores ({cpu / 1.9 / 3600:.2f} h at 1.9x)"
        )


if __name__ == "__main__":
    main()
