"""Random legal play on a :class:`.game.Game`: every night choice and every vote drawn
at random (uniformly, from an explicit seeded RNG). It is what ``onenight bench``, the
tests and the simulations play; here, in the compiled core, a random game's loop costs
no interpreted Python (``onenight.randomplay`` re-exports these).

Every pick is ``options[int(rng.random() * len(options))]``, so a run is reproducible.
"""

from __future__ import annotations

import random

from .game import Game
from .state import DAY, VOTE


def play_night(game: Game, rng: random.Random) -> Game:
    """Every night choice at random among the legal ones."""
    rand = rng.random
    d = game.decision
    while d is not None:
        options = d.choices
        game.apply(d.seat, options[int(rand() * len(options))])
        d = game.decision
    return game


def random_votes(n: int, rng: random.Random) -> list[int]:
    """A random point for each of ``n`` seats: any other seat, uniformly (seat order)."""
    rand = rng.random
    points = []
    for seat in range(n):
        t = int(rand() * (n - 1))
        points.append(t + 1 if t >= seat else t)
    return points


def play_random(game: Game, rng: random.Random) -> Game:
    """A whole game at random: the night, then every seat's vote at once."""
    play_night(game, rng)
    if game.phase == DAY or game.phase == VOTE:
        game.apply_votes(random_votes(game.n, rng))
    return game
