"""A game's starting point: edition, seats and the deal (from a seed or fixed)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final

from . import roles as R
from .editions import EDITIONS, check_players, draw_deck, edition, validate_deck
from .errors import InvalidSetup
from .roles import Role
from .turns import TurnPlan, turn_plan


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


class Setup:
    """Everything chance decides before the night: the deal.

    ``cards[i]`` is dealt to seat ``i`` (``players[i]``); ``center[i]`` lies in slot
    ``center:i``; ``center_wolf`` is the Alpha Wolf's center Werewolf card (``None``
    without an Alpha Wolf). ``slots[i]``: which copy of its card seat ``i`` holds, that
    is which of that card's turns is its own (RULES.md §6); players who share a role act
    in slot order. Empty: seat order. ``pool``: in a ``workshop`` draw, the enabled
    cards the deal was drawn from (``None`` otherwise); the night is planned from it.
    Build one with :meth:`shuffled` or :meth:`fixed`, which check it against the rules.

    A value: compared and hashed by its fields, never changed. It is a plain class with
    ``Final`` attributes rather than a frozen dataclass because a deal is made for every
    simulated game, and a frozen dataclass's ``__init__`` (``object.__setattr__`` per
    field, interpreted) cost more than the rest of the deal; compiled with mypyc the
    attributes are read-only.
    """

    __slots__ = (
        "_plan",
        "cards",
        "center",
        "center_wolf",
        "edition",
        "players",
        "pool",
        "seed",
        "slots",
    )

    def __init__(
        self,
        edition: str,
        players: tuple[str, ...],
        cards: tuple[Role, ...],
        center: tuple[Role, ...],
        center_wolf: Role | None = None,
        seed: int | None = None,
        slots: tuple[int, ...] = (),
        pool: tuple[Role, ...] | None = None,
    ) -> None:
        self.edition: Final = edition
        self.players: Final = players
        self.cards: Final = cards
        self.center: Final = center
        self.center_wolf: Final = center_wolf
        self.seed: Final = seed
        self.slots: Final = slots
        self.pool: Final = pool
        #: The night's turns, worked out when first asked for (a Dealer hands over its
        #: own): not a field, it follows from the others.
        self._plan: TurnPlan | None = None

    @property
    def plan(self) -> TurnPlan:
        """The night's turns (:func:`.turns.turn_plan`), from the deck everyone knows
        (the enabled cards in a workshop draw), never from the deal."""
        plan = self._plan
        if plan is None:
            plan = self._plan = turn_plan(EDITIONS[self.edition].id, self.pool or self.deck)
        return plan

    def share_plan(self, plan: TurnPlan) -> None:
        """Take the turn plan of another deal of the same deck (the plan follows from the
        deck alone): who deals many hands of one deck works it out once."""
        self._plan = plan

    def _fields(self) -> tuple[object, ...]:
        return (
            self.edition,
            self.players,
            self.cards,
            self.center,
            self.center_wolf,
            self.seed,
            self.slots,
            self.pool,
        )

    def __reduce__(self) -> tuple[type[Setup], tuple[Any, ...]]:
        # Pickle and copy by the fields (a compiled class has no instance __dict__).
        return Setup, self._fields()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Setup)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Setup(edition={self.edition!r}, players={self.players!r}, cards={self.cards!r}, "
            f"center={self.center!r}, center_wolf={self.center_wolf!r}, seed={self.seed!r}, "
            f"slots={self.slots!r}, pool={self.pool!r})"
        )

    @property
    def deck(self) -> tuple[Role, ...]:
        """Every card of the deal but the center Werewolf card."""
        return self.cards + self.center

    @property
    def public_deck(self) -> tuple[Role, ...]:
        """The cards everyone knows may be in play: the deck (the enabled cards in a
        workshop draw), without the center Werewolf card."""
        return self.pool if self.pool is not None else self.deck

    @property
    def order(self) -> tuple[int, ...]:
        """The seats in acting order for players who share a role (FORMAT.md ``order``)."""
        slots = self.slots or seat_order_slots(self.cards)
        return tuple(sorted(range(len(self.players)), key=lambda s: (slots[s], s)))

    @classmethod
    def fixed(
        cls,
        edition_id: str,
        players: Sequence[str],
        cards: Sequence[Role],
        center: Sequence[Role],
        center_wolf: Role | None = None,
        order: Sequence[object] | None = None,
    ) -> Setup:
        """A given deal, checked: InvalidSetup with the reason if the rules forbid it.

        ``order``: the seats, each once, in the order players who share a role act
        (seat order when ``None``)."""
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
        slots = () if order is None else slots_from_order(cards, order)
        return cls(ed.id, tuple(players), tuple(cards), tuple(center), center_wolf, None, slots)

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
            "slots": list(self.slots or seat_order_slots(self.cards)),
            "pool": None if self.pool is None else list(self.pool),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Setup:
        """The inverse of :meth:`to_json`, checked."""
        setup = cls.fixed(
            data["edition"], data["players"], data["cards"], data["center"], data.get("center_wolf")
        )
        pool = data.get("pool")
        if pool is not None:
            draw_deck(setup.edition, len(setup.players), pool, random.Random(0))  # checks it
            if Counter(setup.deck) - Counter(pool):
                raise InvalidSetup("the deal holds cards that are not among the enabled ones")
        slots: tuple[int, ...] = ()
        if data.get("slots"):
            copies = Counter(pool if pool is not None else setup.deck)
            slots = check_slots(setup.cards, list(data["slots"]), copies)
        return cls(
            setup.edition,
            setup.players,
            setup.cards,
            setup.center,
            setup.center_wolf,
            data.get("seed"),
            slots,
            None if pool is None else tuple(pool),
        )


class Dealer:
    """Deals many games from one checked table: the edition, the seats and the deck
    (or, in ``workshop``, the enabled cards). The checks run once, here."""

    __slots__ = (
        "_copies",
        "_draws",
        "_no_slots",
        "_plan",
        "_wolf",
        "deck",
        "edition",
        "n",
        "players",
    )

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
        #: Cards of which the deck holds several copies: each copy has its own turn.
        self._copies = {role: k for role, k in Counter(deck).items() if k > 1}
        #: The night's turns of every deal (from the deck, or a draw's enabled cards).
        self._plan = turn_plan(ed.id, self.deck)
        self._no_slots = (0,) * self.n  # the slots when no card has two copies

    def deal(self, rng: random.Random, seed: int | None = None) -> Setup:
        """A new deal, shuffled with ``rng`` (``seed`` is only recorded), and the turn
        order of players who share a role: each holds a random copy of the card's turns."""
        if self._draws:
            cards = draw_deck(self.edition, self.n, self.deck, rng)
            wolf = R.WEREWOLF if R.ALPHA_WOLF in cards else None
        else:
            cards = list(self.deck)
            wolf = self._wolf
        rand = rng.random  # fetched once: a bound method is made at each fetch
        _shuffle(cards, rand)
        n = self.n
        dealt = tuple(cards[:n])
        slots = _draw_slots(dealt, self._copies, rand) if self._copies else self._no_slots
        pool = self.deck if self._draws else None
        setup = Setup(self.edition, self.players, dealt, tuple(cards[n:]), wolf, seed, slots, pool)
        setup._plan = self._plan
        return setup


def shuffle(cards: list[Role], rng: random.Random) -> None:
    """Fisher–Yates with ``rng.random()``: the engine's one shuffle, seeded and fast."""
    _shuffle(cards, rng.random)


def _shuffle(cards: list[Role], rand: Callable[[], float]) -> None:
    for i in range(len(cards) - 1, 0, -1):
        j = int(rand() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def seat_order_slots(cards: Sequence[Role]) -> tuple[int, ...]:
    """The slots of seat order: each seat's rank among the seats dealt the same card."""
    return slots_from_order(cards, range(len(cards)))


def slots_from_order(cards: Sequence[Role], order: Sequence[object]) -> tuple[int, ...]:
    """Each seat's rank among the seats dealt the same card, by ``order`` (checked: every
    seat once, as an int)."""
    n = len(cards)
    seats = [s for s in order if type(s) is int]
    if len(seats) != len(order) or sorted(seats) != list(range(n)):
        raise InvalidSetup("the order must list every player exactly once")
    seen: Counter[Role] = Counter()
    slots = [0] * n
    for seat in seats:
        card = cards[seat]
        slots[seat] = seen[card]
        seen[card] += 1
    return tuple(slots)


def check_slots(
    cards: Sequence[Role], slots: Sequence[object], copies: Counter[Role]
) -> tuple[int, ...]:
    """The slots, checked: InvalidSetup unless each seat holds a different copy of its
    card among those in the deck."""
    if len(slots) != len(cards):
        raise InvalidSetup(f"{len(cards)} players need {len(cards)} slots")
    taken: set[tuple[Role, int]] = set()
    checked: list[int] = []
    for card, slot in zip(cards, slots, strict=True):
        if not isinstance(slot, int) or type(slot) is bool:
            raise InvalidSetup(f"a slot is a whole number, not {slot!r}")
        if not 0 <= slot < copies[card] or (card, slot) in taken:
            raise InvalidSetup(f"slot {slot!r} of a {card} is not a free copy of that card")
        taken.add((card, slot))
        checked.append(slot)
    return tuple(checked)


def draw_slots(
    dealt: Sequence[Role], copies: dict[Role, int], rng: random.Random
) -> tuple[int, ...]:
    """A random copy for each dealt card of which the deck holds several (RULES.md §6):
    the holders of a card take distinct copies, each one equally likely, so which turn
    is yours tells nothing about who else holds your card."""
    cards: tuple[Role, ...] = dealt if isinstance(dealt, tuple) else tuple(dealt)
    return _draw_slots(cards, copies, rng.random)


def _draw_slots(
    cards: tuple[Role, ...], copies: dict[Role, int], rand: Callable[[], float]
) -> tuple[int, ...]:
    n = len(cards)
    slots = [0] * n
    free: dict[Role, list[int]] = {}
    for seat in range(n):
        card = cards[seat]
        k = copies.get(card, 0)
        if k == 0:
            continue
        left = free.get(card)
        if left is None:
            left = free[card] = [j for j in range(k)]  # compiled: a C loop, no call
        i = int(rand() * len(left))
        slots[seat] = left.pop(i)
    return tuple(slots)
