"""Random legal decks and games, for the property tests."""

from __future__ import annotations

import random
from collections import Counter

from onenight.randomplay import play_random as play_random
from onenight.rules import EDITIONS, Setup
from onenight.rules import roles as R
from onenight.rules.editions import AT_MOST_ONE


def random_deck(edition: str, n: int, rng: random.Random) -> list[str]:
    """A random legal deck of the edition for ``n`` players."""
    ed = EDITIONS[edition]
    size = n + ed.center
    roles = sorted(ed.roles)
    while True:
        deck: list[str] = []
        if ed.needs_wolf or rng.random() < 0.8:
            deck.append(rng.choice(sorted(ed.roles & R.WOLF_FAMILY)))
        while len(deck) < size:
            role = rng.choice(roles)
            if role == R.MASON:
                if len(deck) + 2 <= size and R.MASON not in deck:
                    deck += [R.MASON, R.MASON]
                continue
            if role in AT_MOST_ONE and role in deck:
                continue
            deck.append(role)
        counts = Counter(deck)
        if counts[R.MASON] in (0, 2):
            return deck


def random_setup(edition: str, n: int, seed: int) -> Setup:
    rng = random.Random(seed)
    deck = random_deck(edition, n, rng)
    return Setup.shuffled(edition, [f"p{i}" for i in range(n)], deck, seed)


EDITION_PLAYERS = [(e.id, n) for e in EDITIONS.values() for n in (e.min_players, e.max_players)]
