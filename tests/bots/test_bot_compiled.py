"""The compiled bots (the mypyc build: setup.py, ``COMPILED_BOTS``) decide exactly as the
pure-Python ones: the same seeded reasoner games, played once by each build, make the same
choices, say the same claims, cast the same votes and hold the same beliefs to the last
bit (docs/bots.md, "Third pass").

Run by ``scripts/test.sh`` in its compiled stage (``PYTHONPATH=build/compiled``); in a
pure install there is nothing to compare, and the test is skipped."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from onenight.bots import worlds

SRC = Path(__file__).resolve().parents[2] / "src"

#: Seeded games of reasoners on every seat (the Jin deck at 5 players, the default deck
#: with the Doppelgänger at 10), printed decision by decision with the voters' beliefs.
GAMES = """
import random
from onenight.bots import ReasonerBot, worlds
from onenight.rules import Game, Setup, Vote, action_from_json, default_deck
from onenight.session.claims import Posted

def game(n, deck, seed):
    g = Game(Setup.shuffled("ultimate", [f"p{i}" for i in range(n)], deck, seed))
    bots = [ReasonerBot(f"{seed}:{s}") for s in range(n)]
    while (d := g.decision) is not None:
        a = bots[d.seat].choose(g.view(d.seat))
        print(d.seat, a)
        g.apply(d.seat, action_from_json(a))
    board = []
    order = list(range(n))
    random.Random(seed).shuffle(order)
    for seat in order:
        said = bots[seat].claims(g.view(seat), tuple(board))
        print(seat, [c.to_json() for c in said])
        board += [Posted(seat, c) for c in said]
    g.end_day()
    for seat in range(n):
        target = bots[seat].vote(g.view(seat), tuple(board))
        print(seat, target, sorted(sorted(b.items()) for b in bots[seat].last_beliefs))
        g.apply(seat, Vote(target))

print("pure" if worlds.__file__.endswith(".py") else "compiled")
jin = "werewolf,werewolf,seer,robber,troublemaker,villager,villager,insomniac".split(",")
for seed in range(8):
    game(5, jin, seed)
for seed in range(3):
    game(10, default_deck("ultimate", 10), seed)
"""


def played(pythonpath: str) -> str:
    env = {**os.environ, "PYTHONPATH": pythonpath}
    proc = subprocess.run(
        [sys.executable, "-c", GAMES], env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.skipif(
    not worlds.__file__ or worlds.__file__.endswith(".py"),
    reason="the bots are not compiled (a pure install): nothing to compare",
)
def test_compiled_bots_decide_exactly_as_the_pure_ones() -> None:
    build, compiled = played(os.environ.get("PYTHONPATH", "")).split("\n", 1)
    source, pure = played(str(SRC)).split("\n", 1)
    assert (build, source) == ("compiled", "pure")
    assert "werewolf" in compiled and compiled.count("\n") > 100
    assert pure == compiled
