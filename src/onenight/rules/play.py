"""Random legal play on a :class:`.game.Game`: every night choice and every vote drawn
at random (uniformly, from an explicit seeded RNG). It is what ``onenight bench``, the
tests and the simulations play; here, in the compiled core, a random game's loop costs
no interpreted Python (``onenight.randomplay`` re-exports these).

Every pick is ``options[int(rng.random() * len(options))]``, so a run is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .game import Game
from .setup import Dealer
from .state import DAY, VOTE


def play_night(game: Game, rng: random.Random) -> Game:
    """Every night choice at random among the legal ones."""
    return _night(game, rng.random)


def _night(game: Game, rand: Callable[[], float]) -> Game:
    d = game.decision
    while d is not None:
        options = d.choices
        game.apply(d.seat, options[int(rand() * len(options))])
        d = game.decision
    return game


def random_votes(n: int, rng: random.Random) -> list[int]:
    """A random point for each of ``n`` seats: any other seat, uniformly (seat order)."""
    return _votes(n, rng.random)


def _votes(n: int, rand: Callable[[], float]) -> list[int]:
    points = []
    for seat in range(n):
        t = int(rand() * (n - 1))
        points.append(t + 1 if t >= seat else t)
    return points


def play_random(game: Game, rng: random.Random) -> Game:
    """A whole game at random: the night, then every seat's vote at once."""
    return _play(game, rng.random)


def _play(game: Game, rand: Callable[[], float]) -> Game:
    _night(game, rand)
    if game.phase == DAY or game.phase == VOTE:
        game.apply_votes(_votes(game.n, rand))
    return game


def play_games(dealer: Dealer, rng: random.Random, count: int) -> Game | None:
    """Deal and play ``count`` random games (what ``onenight bench`` times); the last."""
    game = None
    for _ in range(count):
        game = play_random(Game(dealer.deal(rng)), rng)
    return game
