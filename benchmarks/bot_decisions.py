"""How long a ``reasoner`` takes per decision: night choices, claims and votes, in a
10-player ``ultimate`` game with a Doppelgänger (the default deck), every seat a reasoner.

    python benchmarks/bot_decisions.py [--games 20] [--players 10] [--seed 1] [--cpu]

Prints the number of decisions and their p50 / p95 / max in milliseconds, per kind and
over all. The issue's target: p95 at most 100 ms. With ``--cpu`` each decision is timed
in this process's CPU time (``time.process_time``) rather than wall time, so that other
work on a loaded machine does not count.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from onenight.bots import ReasonerBot
from onenight.rules import Game, Setup, Vote, action_from_json, default_deck
from onenight.session.claims import Posted


def timed_game(players: int, seed: int, times: dict[str, list[float]], cpu: bool = False) -> None:
    names = [f"p{i}" for i in range(players)]
    deck = default_deck("ultimate", players)
    assert "doppelganger" in deck
    game = Game(Setup.shuffled("ultimate", names, deck, seed))
    bots = [ReasonerBot(f"{seed}:{s}") for s in range(players)]
    clock = time.process_time if cpu else time.perf_counter
    while (d := game.decision) is not None:
        view = game.view(d.seat)
        start = clock()
        answer = bots[d.seat].choose(view)
        times["night"].append(clock() - start)
        game.apply(d.seat, action_from_json(answer))
    board: list[Posted] = []
    order = list(range(players))
    random.Random(seed).shuffle(order)
    for seat in order:
        view = game.view(seat)
        start = clock()
        said = bots[seat].claims(view, tuple(board))
        times["claims"].append(clock() - start)
        board += [Posted(seat, c) for c in said]
    game.end_day()
    for seat in range(players):
        view = game.view(seat)
        start = clock()
        target = bots[seat].vote(view, tuple(board))
        times["vote"].append(clock() - start)
        game.apply(seat, Vote(target))


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cpu", action="store_true", help="time in CPU, not wall, seconds")
    args = parser.parse_args()
    times: dict[str, list[float]] = defaultdict(list)
    for g in range(args.games):
        timed_game(args.players, args.seed * 1000 + g, times, args.cpu)
    times["all"] = [t for k in ("night", "claims", "vote") for t in times[k]]
    clock = "CPU" if args.cpu else "wall"
    print(f"reasoner, ultimate, {args.players} players, default deck, {args.games} games ({clock})")
    print(f"{'decision':<8} {'count':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'mean ms':>8}")
    for kind in ("night", "claims", "vote", "all"):
        ts = times[kind]
        print(
            f"{kind:<8} {len(ts):>6} {pct(ts, 0.5):>8.1f} {pct(ts, 0.95):>8.1f} "
            f"{max(ts) * 1000:>8.1f} {statistics.mean(ts) * 1000:>8.1f}"
        )


if __name__ == "__main__":
    main()
