"""A game's starting point: edition, seats and the deal (from a seed or fixed)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import roles as R
from .editions import check_players, draw_deck, edition, validate_deck
from .errors import InvalidSetup
from .roles import Role


def check_names(players: Sequence[str]) -> None:
    """Player names are unique text and never begin with ``center:`` (RULES.md §1).

    The engine sets no other limit; the server bounds display names itself.
    """
    seen: set[str] = set()
    for name in players:
        if not isinstance(name, str):
            raise InvalidSetup(f"a player name must be text, not {name!r}")
        if name.startswith("center:"):
            raise InvalidSetup(f"a player name may not begin with 'center:' ({name!r})")
        if name in seen:
            raise InvalidSetup(f"two players are named {name!r}")
        seen.add(name)


@dataclass(frozen=True)
class Setup:
    """Everything chance decides before the night: the deal.

    ``cards[i]`` is dealt to seat ``i`` (``players[i]``); ``center[i]`` lies in slot
    ``center:i``; ``center_wolf`` is the Alpha Wolf's center Werewolf card (``None``
    without an Alpha Wolf). Build one with :meth:`shuffled` or :meth:`fixed`, which
    check it against the rules.
    """

    edition: str
    players: tuple[str, ...]
    cards: tuple[Role, ...]
    center: tuple[Role, ...]
    center_wolf: Role | None = None
    seed: int | None = None

    @property
    def deck(self) -> tuple[Role, ...]:
        """Every card of the deal but the center Werewolf card."""
        return self.cards + self.center

    @classmethod
    def fixed(
        cls,
        edition_id: str,
        players: Sequence[str],
        cards: Sequence[Role],
        center: Sequence[Role],
        center_wolf: Role | None = None,
    ) -> Setup:
        """A given deal, checked: InvalidSetup with the reason if the rules forbid it."""
        ed = edition(edition_id)
        check_players(ed, len(players))
        check_names(players)
        if len(cards) != len(players):
            raise InvalidSetup(f"{len(players)} players need {len(players)} dealt cards")
        if len(center) != ed.center:
            raise InvalidSetup(f"{ed.id} has {ed.center} center cards, not {len(center)}")
        deck = list(cards) + list(center)
        validate_deck(ed.id, len(players), deck)
        if R.ALPHA_WOLF in deck:
            # The center Werewolf card is one more card of the deal: a deal without it
            # has the wrong size (FORMAT.md: `center_wolf` goes with an Alpha Wolf).
            if center_wolf is None:
                raise InvalidSetup("with an alpha_wolf, the center Werewolf card must be dealt")
            if center_wolf != R.WEREWOLF:
                raise InvalidSetup(f"the center Werewolf card is a werewolf, not {center_wolf!r}")
        elif center_wolf is not None:
            raise InvalidSetup("a center Werewolf card lies out only with an alpha_wolf")
        return cls(ed.id, tuple(players), tuple(cards), tuple(center), center_wolf)

    @classmethod
    def shuffled(
        cls, edition_id: str, players: Sequence[str], deck: Sequence[Role], seed: int
    ) -> Setup:
        """Shuffle ``deck`` with a RNG seeded by ``seed`` and deal it. In ``workshop``
        ``deck`` may hold more enabled cards than needed: the deck is a seeded draw."""
        return Dealer(edition_id, players, deck).deal(random.Random(seed), seed)

    def to_json(self) -> dict[str, Any]:
        """A stable JSON form (what an event log stores)."""
        return {
            "edition": self.edition,
            "players": list(self.players),
            "cards": list(self.cards),
            "center": list(self.center),
            "center_wolf": self.center_wolf,
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Setup:
        """The inverse of :meth:`to_json`, checked."""
        setup = cls.fixed(
            data["edition"], data["players"], data["cards"], data["center"], data.get("center_wolf")
        )
        seed = data.get("seed")
        return cls(setup.edition, setup.players, setup.cards, setup.center, setup.center_wolf, seed)


class Dealer:
    """Deals many games from one checked table: the edition, the seats and the deck
    (or, in ``workshop``, the enabled cards). The checks run once, here."""

    __slots__ = ("_draws", "_wolf", "deck", "edition", "n", "players")

    def __init__(self, edition_id: str, players: Sequence[str], deck: Sequence[Role]) -> None:
        ed = edition(edition_id)
        check_names(players)
        draw_deck(ed.id, len(players), deck, random.Random(0))  # checks the cards
        self.edition = ed.id
        self.players = tuple(players)
        self.deck = tuple(deck)
        self.n = len(players)
        self._draws = len(deck) != self.n + ed.center
        self._wolf = R.WEREWOLF if R.ALPHA_WOLF in deck else None

    def deal(self, rng: random.Random, seed: int | None = None) -> Setup:
        """A new deal, shuffled with ``rng`` (``seed`` is only recorded)."""
        if self._draws:
            cards = draw_deck(self.edition, self.n, self.deck, rng)
            wolf = R.WEREWOLF if R.ALPHA_WOLF in cards else None
        else:
            cards = list(self.deck)
            wolf = self._wolf
        shuffle(cards, rng)
        n = self.n
        return Setup(self.edition, self.players, tuple(cards[:n]), tuple(cards[n:]), wolf, seed)


def shuffle(cards: list[Role], rng: random.Random) -> None:
    """Fisher–Yates with ``rng.random()``: the engine's one shuffle, seeded and fast."""
    rand = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rand() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
