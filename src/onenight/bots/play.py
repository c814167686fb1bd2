"""Playing a game of bots in process: the night through views, a day of claims, the vote.

Only views go to the bots; only their JSON answers come back (parsed and checked by the
engine, which refuses an illegal one). A game is seeded: its deal and the bots' seeds
come from one number, so a game of bots replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from onenight.rules import Game, Setup, Vote, action_from_json
from onenight.session.claims import Posted, claim_from_json

from .base import Bot


@dataclass
class Played:
    """A finished game of bots: the engine's game, the claim board and the bots."""

    game: Game
    board: list[Posted]
    bots: list[Bot]


def night(game: Game, bots: Sequence[Bot]) -> None:
    """Every night decision, asked of the bot in that seat with its view."""
    while (d := game.decision) is not None:
        answer = bots[d.seat].choose(game.view(d.seat))
        game.apply(d.seat, action_from_json(answer))


def day(game: Game, bots: Sequence[Bot], rng: random.Random) -> list[Posted]:
    """Each bot speaks once, in a random order, hearing those before it; every claim is
    checked through its JSON form (what the wire would carry)."""
    board: list[Posted] = []
    order = list(range(game.n))
    rng.shuffle(order)
    for seat in order:
        for claim in bots[seat].claims(game.view(seat), tuple(board)):
            board.append(Posted(seat, claim_from_json(claim.to_json(), game.n, game.c)))
    return board


def vote(game: Game, bots: Sequence[Bot], board: Sequence[Posted]) -> None:
    """Every seat points, each from its own view and the whole board; the vote closes."""
    game.end_day()
    for seat in range(game.n):
        game.apply(seat, Vote(bots[seat].vote(game.view(seat), tuple(board))))


def play(setup: Setup, bots: Sequence[Bot], seed: int) -> Played:
    """A whole game of these bots from this deal; ``seed`` orders the day's speakers."""
    game = Game(setup)
    night(game, bots)
    board = day(game, bots, random.Random(seed))
    vote(game, bots, board)
    return Played(game, board, list(bots))
