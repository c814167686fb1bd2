"""``onenight suggest``: decks around the default one, ranked by how balanced the
simulator finds them (village win rate nearest 50%)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from onenight.rules import EDITIONS, InvalidSetup, default_deck, validate_deck
from onenight.rules import roles as R

from .simulate import Spec, simulate

#: Cards tried in place of one card of the default deck.
SWAPS_IN = (
    R.WEREWOLF,
    R.VILLAGER,
    R.SEER,
    R.ROBBER,
    R.TROUBLEMAKER,
    R.INSOMNIAC,
    R.MINION,
    R.DRUNK,
    R.TANNER,
    R.HUNTER,
    R.SORCERER,
    R.PHANTOM_THIEF,
)


def candidates(edition: str, players: int, limit: int, seed: int = 1) -> list[tuple[str, ...]]:
    """The default deck, then legal decks that differ from it by one card (any card but
    its first Werewolf out, a common card in), a seeded sample of ``limit`` in all."""
    base = default_deck(edition, players)
    ed = EDITIONS[edition]
    seen = {tuple(sorted(base))}
    out = [tuple(base)]
    variants = []
    for i, card in enumerate(base):
        if card == R.WEREWOLF and base.index(R.WEREWOLF) == i:
            continue
        for new in SWAPS_IN:
            if new == card or new not in ed.roles:
                continue
            deck = [*base[:i], new, *base[i + 1 :]]
            key = tuple(sorted(deck))
            if key in seen:
                continue
            try:
                validate_deck(edition, players, deck)
            except InvalidSetup:
                continue
            seen.add(key)
            variants.append(tuple(deck))
    random.Random(seed).shuffle(variants)
    return out + variants[: max(0, limit - 1)]


def suggest(
    edition: str,
    players: int,
    top: int = 3,
    games: int = 200,
    decks: int = 8,
    level: str = "reasoner",
    seed: int = 1,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """The ``top`` most balanced candidate decks, each with its measured village win
    rate and interval, every seat played by ``level`` bots."""
    rows = []
    pool = candidates(edition, players, decks, seed)
    for k, deck in enumerate(pool):
        spec = Spec(edition, players, deck, level, level, (), seed)
        rep = simulate(spec, games, workers)
        rows.append(
            {
                "deck": dict(sorted(Counter(deck).items())),
                "village_win_rate": rep["win_rate"]["village"],
                "ci95": rep["ci95"]["village"],
                "games": rep["games"],
            }
        )
        if progress is not None:
            progress(k + 1, len(pool))
    rows.sort(key=lambda r: (abs(r["village_win_rate"] - 0.5), sorted(r["deck"].items())))
    return rows[:top]
