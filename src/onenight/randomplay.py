"""Random legal play: the one helper that the engine benchmark, the tests and the load
benchmark's scripted players share (in process on a Game, or as a client of the server).

Every pick is ``options[int(rng.random() * len(options))]`` from an explicit seeded RNG,
so a run is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from onenight.rules import Phase
from onenight.rules.play import play_night, play_random, random_votes
from onenight.session.errors import LATE

__all__ = ["pick", "play_night", "play_random", "random_night", "random_player", "random_votes"]

if TYPE_CHECKING:  # the client needs the server extra: the engine's part here does not
    from onenight.client import Client

T = TypeVar("T")


def pick(options: Sequence[T], rng: random.Random) -> T:
    """One of ``options``, uniformly (``options`` must not be empty)."""
    return options[int(rng.random() * len(options))]


# ----- over the protocol: a client that plays at random --------------------------------


async def random_night(c: Client, rng: random.Random) -> None:
    """Play the night as the browser client does: one tap in every turn (a random legal
    choice when there is one, else ``nothing``), until the night is over."""
    from onenight.client import ServerError

    tapped: int | None = None

    def ready(c: Client) -> bool:
        return c.phase != Phase.NIGHT or (c.turn is not None and c.turn >= 0 and c.turn != tapped)

    await c.until(lambda c: c.phase is not None, 120)
    while True:
        await c.until(ready, 120)
        if c.phase != Phase.NIGHT:
            return
        tapped = c.turn
        options = c.choices()
        try:
            await c.tap(pick(options, rng) if options else None)
        except ServerError as exc:
            if exc.code not in LATE:
                raise


async def random_player(
    c: Client, rng: random.Random, vote: bool = True, talk: bool = False
) -> None:
    """Play a whole game at random: the night, a line of chat in the day then "ready to
    vote" (``talk``), one random vote (``vote``), until the end."""
    from onenight.client import ServerError

    await random_night(c, rng)
    if talk:
        await c.until(lambda c: c.phase != Phase.NIGHT, 120)
        if c.phase == Phase.DAY:
            try:
                await c.chat(f"hello from {c.seat}")
                # Said its line: the vote may open (it opens when every player is ready).
                await c.ready()
            except ServerError as exc:
                if exc.code not in LATE:
                    raise
    if vote:
        await c.until(
            lambda c: c.phase == Phase.END or (c.phase == Phase.VOTE and c.choices()), 120
        )
        if c.phase == Phase.VOTE:
            try:
                await c.vote(pick(c.choices(), rng)["target"])
            except ServerError as exc:
                if exc.code not in LATE:
                    raise
    await c.until(lambda c: c.phase == Phase.END, 120)
