"""A digest of every decision of seeded games of reasoners on every seat: their night
choices, claims, votes and the voters' beliefs to the last bit. Two builds or two commits
that print the same digest decide exactly the same (docs/bots.md, "Third pass").

    python benchmarks/reasoner_digest.py [--small 30] [--big 6]

``--small`` games at 5 players with the Jin et al. deck, ``--big`` at 10 players with the
default deck (the Doppelgänger's). Also a fixed workload to count instructions on
(``valgrind --tool=callgrind``), which a loaded machine does not disturb.
"""

from __future__ import annotations

import argparse
import hashlib
import random

from onenight.bots import ReasonerBot
from onenight.rules import Game, Setup, Vote, action_from_json, default_deck
from onenight.session.claims import Posted

JIN = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager")
JIN_DECK = [*JIN, "insomniac"]


def game(players: int, deck: list[str], seed: int, digest: hashlib._Hash) -> None:
    names = [f"p{i}" for i in range(players)]
    g = Game(Setup.shuffled("ultimate", names, deck, seed))
    bots = [ReasonerBot(f"{seed}:{s}") for s in range(players)]
    while (d := g.decision) is not None:
        answer = bots[d.seat].choose(g.view(d.seat))
        digest.update(repr(answer).encode())
        g.apply(d.seat, action_from_json(answer))
    board: list[Posted] = []
    order = list(range(players))
    random.Random(seed).shuffle(order)
    for seat in order:
        said = bots[seat].claims(g.view(seat), tuple(board))
        digest.update(repr(said).encode())
        board += [Posted(seat, c) for c in said]
    g.end_day()
    for seat in range(players):
        target = bots[seat].vote(g.view(seat), tuple(board))
        digest.update(repr((target, bots[seat].last_beliefs)).encode())
        g.apply(seat, Vote(target))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--small", type=int, default=30)
    parser.add_argument("--big", type=int, default=6)
    args = parser.parse_args()
    digest = hashlib.sha256()
    for seed in range(args.small):
        game(5, JIN_DECK, seed, digest)
    for seed in range(args.big):
        game(10, list(default_deck("ultimate", 10)), seed, digest)
    print(digest.hexdigest())


if __name__ == "__main__":
    main()
