"""What the public talk alone pointed to (issue 36, point 8): once a game is over, the
reasoner's model (docs/bots.md, "The reasoner's model") run for no seat at all — no card
of its own, no night — from the claims that were made and the day's public signs: each
seat's chance of being a Werewolf at dawn, and the seat it would have voted for, to set
beside the vote the table made.

It is the reasoner's :class:`.worlds.Sampler` with the seat's private knowledge left out:
every seat and center card is dealt (the claims still lean the deal, as they do for a
reasoner), every night choice follows the model's policy, every speaker's claims weigh a
world by the model of honest and lying talk. Seeded by the deal: the same game reads the
same way in any process."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from onenight.rules import Game
from onenight.session.claims import Claim, NoWerewolf, Posted, Think

from .board import by_seat
from .reasoner import taken_before
from .story import Event
from .weigh import believe, wolf_probability
from .worlds import STEER, Knowledge, Sampler, World, _draw, _policy, _proposal

#: The seat a public reader is at: none (no card, no night of its own).
NOBODY = -1
#: The reading's sampling: at most this many worlds (a dropped deal counts as one), from
#: at most this many draws, until their effective number reaches READING_ESS.
READING_WORLDS, READING_TRIES, READING_ESS = 100_000, 6000, 60.0


class PublicSampler(Sampler):
    """The reasoner's sampler for a reader with no seat."""

    def world(self, rng: random.Random) -> World | None:
        k = self.know
        dealt = self.deal(rng)
        if dealt is None:
            return None
        setup, weight = dealt
        cards = setup.cards
        game = Game(setup)
        weight *= self._public_night(game, setup, rng)
        if weight == 0.0:
            return None
        stories: list[list[Event]] = [[] for _ in range(k.n)]
        for turn, seat, item in game.night_log:
            stories[seat].append((turn, item))
        if dict(game.revealed) != k.revealed or self.shield_bits != game.shields:
            return None  # the day's public signs: what was left face up, the shields
        memo = self._likelihoods
        for seat in self.speakers:
            story = stories[seat]
            key = (seat, cards[seat], tuple(story))
            p = memo.get(key)
            if p is None:
                p = memo[key] = self.likelihood(seat, cards[seat], story, self.claims[seat])
            weight *= p
        board, end_role = game.board, game.end_role
        return World(setup, [end_role(board[s]) for s in range(k.n)], weight, stories)

    def _public_night(self, game: Game, setup: Any, rng: random.Random) -> float:
        """The model's night for every seat (claimed actions steered, as the reasoner's
        sampler does), and its importance weight."""
        queues = {
            s: list(acts) for s, acts in self.actions.items() if self.roles[s] == setup.cards[s]
        }
        weight = 1.0
        rand = rng.random
        while (d := game.decision) is not None:
            seat = d.seat
            acts, prior = _policy(d)
            queue = queues.get(seat)
            wanted = _proposal(d.kind, queue, self._views) if queue else None
            j = acts.index(wanted) if wanted is not None and wanted in acts else -1
            u = rand()
            i = _draw(prior, u) if prior else int(u * len(acts))
            if j >= 0:
                if rand() < STEER:
                    i = j
                p = prior[i] if prior else 1.0 / len(acts)
                q = (STEER if i == j else 0.0) + (1 - STEER) * p
                weight *= p / q
            game.apply(seat, acts[i])
        return weight


def public_view(view: dict[str, Any]) -> dict[str, Any]:
    """A seat's view with everything private taken out: the table and the day's signs."""
    keep = ("edition", "players", "center_cards", "deck", "center_wolf", "day")
    return {**{k: view.get(k) for k in keep}, "seat": NOBODY, "card": "", "learned": []}


def reading(view: dict[str, Any], board: Sequence[Posted], seed: str) -> dict[str, Any] | None:
    """What the claims on ``board`` point to, read with no seat's knowledge:
    ``{"wolf": [P(seat is a Werewolf at dawn) …], "vote": seat}``; None where the model
    cannot read the table (a workshop's drawn deck, no world fits)."""
    know = Knowledge(public_view(view), [])
    if know.draws:
        return None
    facts: list[list[Claim]] = [
        [c for c in cs if not isinstance(c, Think | NoWerewolf)] for cs in by_seat(board, know.n)
    ]
    sampler = PublicSampler(know, facts, taken_before(board, know.n))
    # Nothing of its own narrows the worlds, and most deals miss some claimant's role
    # (the roulette drops them): many more draws than a reasoner's, until the worlds
    # weigh like READING_ESS equal ones.
    worlds = sampler.sample(random.Random(seed), READING_WORLDS, READING_TRIES, READING_ESS)
    if not worlds:
        return None
    wolf = wolf_probability(believe(worlds, know.n))
    vote = max(range(know.n), key=lambda s: (wolf[s], -s))
    return {"wolf": [round(p, 3) for p in wolf], "vote": vote}


__all__ = ["PublicSampler", "public_view", "reading"]
