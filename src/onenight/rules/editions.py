"""The four editions (RULES.md §1): players, center, roles, night order and decks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from . import roles as R
from .errors import InvalidSetup
from .roles import Role

#: A night call: its name and the roles whose presence in the deck makes it happen.
#: Doppelgänger slots (``doppelganger_<role>``) need both the Doppelgänger and the role.
_MASTER_ORDER: tuple[tuple[str, frozenset[Role]], ...] = (
    ("sentinel", frozenset({R.SENTINEL})),
    ("doppelganger", frozenset({R.DOPPELGANGER})),
    ("werewolves", R.WAKING_WOLVES | {R.LITTLE_GIRL}),
    ("alpha_wolf", frozenset({R.ALPHA_WOLF})),
    ("mystic_wolf", frozenset({R.MYSTIC_WOLF})),
    ("minion", frozenset({R.MINION})),
    ("apprentice_tanner", frozenset({R.APPRENTICE_TANNER})),
    ("doppelganger_apprentice_tanner", frozenset({R.APPRENTICE_TANNER})),
    ("mason", frozenset({R.MASON})),
    ("seer", frozenset({R.SEER})),
    ("sorcerer", frozenset({R.SORCERER})),
    ("apprentice_seer", frozenset({R.APPRENTICE_SEER})),
    ("paranormal_investigator", frozenset({R.PARANORMAL_INVESTIGATOR})),
    ("ghost_hunter", frozenset({R.GHOST_HUNTER})),
    ("robber", frozenset({R.ROBBER})),
    ("phantom_thief", frozenset({R.PHANTOM_THIEF})),
    ("witch", frozenset({R.WITCH})),
    ("troublemaker", frozenset({R.TROUBLEMAKER})),
    ("aura_seer", frozenset({R.AURA_SEER})),
    ("doppelganger_aura_seer", frozenset({R.AURA_SEER})),
    ("drunk", frozenset({R.DRUNK})),
    ("insomniac", frozenset({R.INSOMNIAC})),
    ("doppelganger_insomniac", frozenset({R.INSOMNIAC})),
    ("revealer", frozenset({R.REVEALER})),
    ("doppelganger_revealer", frozenset({R.REVEALER})),
)

_JAPANESE_ORDER: tuple[tuple[str, frozenset[Role]], ...] = (
    ("sorcerer", frozenset({R.SORCERER})),
    ("werewolves", frozenset({R.WEREWOLF})),
    ("phantom_thief", frozenset({R.PHANTOM_THIEF})),
)

#: Roles whose Doppelgänger copy acts in a delayed slot, and that slot's call.
DELAYED_COPIES: dict[Role, str] = {
    R.APPRENTICE_TANNER: "doppelganger_apprentice_tanner",
    R.AURA_SEER: "doppelganger_aura_seer",
    R.INSOMNIAC: "doppelganger_insomniac",
    R.REVEALER: "doppelganger_revealer",
}


@dataclass(frozen=True)
class Edition:
    """One edition of the game and the settings where editions differ."""

    id: str
    title: str
    min_players: int
    max_players: int
    center: int
    roles: frozenset[Role]
    order: tuple[tuple[str, frozenset[Role]], ...]
    turn_seconds: int
    lone_wolf_peek: bool = True
    #: workshop (**Ruling**, from its Q&A): a Doppelgänger-Alpha has no Alpha action.
    doppel_alpha_acts: bool = True
    #: workshop: the host may enable more cards than the deck needs (random draw).
    draws_deck: bool = False
    #: sans-carte: the deck must hold a Werewolf-family card.
    needs_wolf: bool = False


_ULTIMATE_ROLES = frozenset(R.ALL_ROLES) - {
    R.SORCERER,
    R.PHANTOM_THIEF,
    R.GHOST_HUNTER,
    R.LITTLE_GIRL,
}

EDITIONS: dict[str, Edition] = {
    e.id: e
    for e in (
        Edition(
            "ultimate",
            "One Night Ultimate Werewolf (with Daybreak and bonus roles)",
            3,
            10,
            3,
            _ULTIMATE_ROLES,
            _MASTER_ORDER,
            15,
        ),
        Edition(
            "japanese",
            "One Night Werewolf (the Japanese original)",
            3,
            7,
            2,
            frozenset({R.VILLAGER, R.WEREWOLF, R.SORCERER, R.PHANTOM_THIEF}),
            _JAPANESE_ORDER,
            10,
            lone_wolf_peek=False,
        ),
        Edition(
            "workshop",
            'The "One Night: Werewolf" video-game port',
            3,
            10,
            3,
            _ULTIMATE_ROLES,
            _MASTER_ORDER,
            15,
            doppel_alpha_acts=False,
            draws_deck=True,
        ),
        Edition(
            "sans-carte",
            'French online rules ("Loup-Garou Sans Carte")',
            3,
            12,
            3,
            frozenset(
                {
                    R.DOPPELGANGER,
                    R.WEREWOLF,
                    R.MYSTIC_WOLF,
                    R.MINION,
                    R.MASON,
                    R.SEER,
                    R.GHOST_HUNTER,
                    R.ROBBER,
                    R.TROUBLEMAKER,
                    R.DRUNK,
                    R.INSOMNIAC,
                    R.VILLAGER,
                    R.TANNER,
                    R.HUNTER,
                    R.LITTLE_GIRL,
                }
            ),
            _MASTER_ORDER,
            15,
            needs_wolf=True,
        ),
    )
}

#: Roles of which a deck holds at most one (**Ruling**).
AT_MOST_ONE: frozenset[Role] = frozenset({R.DOPPELGANGER, R.ALPHA_WOLF, R.BODYGUARD})

#: Japanese recommended decks: players → (werewolf, villager, sorcerer, phantom thief).
JAPANESE_RECOMMENDED: dict[int, tuple[int, int, int, int]] = {
    3: (2, 1, 1, 1),
    4: (2, 2, 1, 1),
    5: (2, 3, 1, 1),
    6: (2, 4, 1, 1),
    7: (2, 4, 1, 1),
}


def edition(edition_id: str) -> Edition:
    """The edition with this id, or InvalidSetup naming the known ones."""
    try:
        return EDITIONS[edition_id]
    except (KeyError, TypeError):
        known = ", ".join(EDITIONS)
        raise InvalidSetup(f"unknown edition {edition_id!r} (known: {known})") from None


def deck_size(ed: Edition, n_players: int) -> int:
    """Cards in the deck: players + center cards (the center Werewolf card not counted)."""
    return n_players + ed.center


def check_players(ed: Edition, n_players: int) -> None:
    """Raise InvalidSetup unless the edition allows this many players."""
    if not ed.min_players <= n_players <= ed.max_players:
        raise InvalidSetup(
            f"{ed.id} is for {ed.min_players}–{ed.max_players} players, not {n_players}"
        )


def check_cards(ed: Edition, cards: Iterable[Role]) -> Counter[Role]:
    """The card counts, or InvalidSetup for a card the rules do not allow."""
    counts: Counter[Role] = Counter()
    for card in cards:
        if not isinstance(card, str) or card not in R.ALL_ROLES:
            raise InvalidSetup(f"unknown role {card!r}")
        if card not in ed.roles:
            raise InvalidSetup(f"{card} is not a card of the {ed.id} edition")
        counts[card] += 1
    for role in AT_MOST_ONE:
        if counts[role] > 1:
            raise InvalidSetup(f"a deck holds at most one {role}, not {counts[role]}")
    if counts[R.MASON] not in (0, 2):
        raise InvalidSetup(f"Masons go in the deck as a pair (0 or 2), not {counts[R.MASON]}")
    return counts


def validate_deck(edition_id: str, n_players: int, deck: Sequence[Role]) -> None:
    """Raise InvalidSetup with the reason unless ``deck`` is a legal deck.

    ``deck`` is every card dealt to the players and the center, without the
    Alpha Wolf's center Werewolf card (the engine adds it).
    """
    ed = edition(edition_id)
    check_players(ed, n_players)
    counts = check_cards(ed, deck)
    want = deck_size(ed, n_players)
    if len(deck) != want:
        raise InvalidSetup(
            f"{n_players} players in {ed.id} need {want} cards "
            f"({n_players} + {ed.center} in the center), not {len(deck)}"
        )
    if ed.needs_wolf and not any(counts[w] for w in R.WOLF_FAMILY):
        raise InvalidSetup(f"a {ed.id} deck needs at least one Werewolf-family card")


def validate_enabled(edition_id: str, n_players: int, enabled: Sequence[Role]) -> None:
    """Check the cards a host enabled: the deck itself, or (workshop) a pool to draw from."""
    ed = edition(edition_id)
    if not ed.draws_deck or len(enabled) <= deck_size(ed, n_players):
        validate_deck(edition_id, n_players, enabled)
        return
    check_players(ed, n_players)
    check_cards(ed, enabled)


def draw_deck(
    edition_id: str, n_players: int, enabled: Sequence[Role], rng: random.Random
) -> list[Role]:
    """The deck for a game: ``enabled`` itself, or in workshop a random draw from it.

    **Ruling** (the canon is silent): the workshop draw keeps the Masons a pair — the
    two Mason cards are drawn as one unit that fills two places, and are passed over
    when only one place is left. The draw is a seeded shuffle of the units, then a fill.
    """
    validate_enabled(edition_id, n_players, enabled)
    ed = edition(edition_id)
    size = deck_size(ed, n_players)
    if len(enabled) == size:
        return list(enabled)
    units: list[tuple[Role, ...]] = [(c,) for c in enabled if c != R.MASON]
    if R.MASON in enabled:
        units.append((R.MASON, R.MASON))
    rng.shuffle(units)
    deck: list[Role] = []
    for unit in units:
        if len(deck) + len(unit) <= size:
            deck.extend(unit)
    if len(deck) != size:
        raise InvalidSetup(f"cannot draw {size} cards from the enabled ones")
    return deck


@lru_cache(maxsize=4096)
def _calls(edition_id: str, present: frozenset[Role]) -> tuple[str, ...]:
    ed = EDITIONS[edition_id]
    calls = []
    for name, wakers in ed.order:
        if name.startswith("doppelganger_") and R.DOPPELGANGER not in present:
            continue
        if wakers & present:
            calls.append(name)
    return tuple(calls)


def night_calls(edition_id: str, deck: Iterable[Role]) -> tuple[str, ...]:
    """The night's sequence of calls for a deck, in wake order.

    Every role in the deck is called, whether its card is dealt or in the center, the
    Doppelgänger's delayed slots (``doppelganger_insomniac`` …) included, so that no
    one can tell the center from silence. The Little Girl peeks at ``werewolves``.
    """
    return _calls(edition(edition_id).id, frozenset(deck))


#: The cards a default deck takes first (a Mason pair is one unit), then per edition.
_CORE_PRIORITY: tuple[tuple[Role, ...], ...] = (
    (R.DOPPELGANGER,),
    (R.WEREWOLF,),
    (R.SEER,),
    (R.ROBBER,),
    (R.TROUBLEMAKER,),
    (R.DRUNK,),
    (R.INSOMNIAC,),
    (R.MINION,),
    (R.WEREWOLF,),
    (R.MASON, R.MASON),
)
_PRIORITY: dict[str, tuple[tuple[Role, ...], ...]] = {
    "ultimate": (*_CORE_PRIORITY, (R.SENTINEL,), (R.HUNTER,), (R.TANNER,), (R.WITCH,)),
    "sans-carte": (
        *_CORE_PRIORITY,
        (R.MYSTIC_WOLF,),
        (R.LITTLE_GIRL,),
        (R.GHOST_HUNTER,),
        (R.HUNTER,),
        (R.TANNER,),
    ),
}
_PRIORITY["workshop"] = _PRIORITY["ultimate"]


def default_deck(edition_id: str, n_players: int) -> list[Role]:
    """A good first deck: the Japanese recommended deck, elsewhere one with a
    Doppelgänger and as many different roles as the deck size allows (8 or more
    from 5 players), padded with Villagers."""
    ed = edition(edition_id)
    check_players(ed, n_players)
    size = deck_size(ed, n_players)
    if ed.id == "japanese":
        w, v, s, p = JAPANESE_RECOMMENDED[n_players]
        offered = [R.WEREWOLF] * w + [R.VILLAGER] * v + [R.SORCERER] * s + [R.PHANTOM_THIEF] * p
        # RULES.md lists 2/4/1/1 for 7 players too, but 7 players need 9 cards: the
        # missing card is a Villager (**our ruling**, so the offered deck is legal).
        return offered + [R.VILLAGER] * (size - len(offered))
    deck: list[Role] = []
    for unit in _PRIORITY[ed.id]:
        if len(deck) + len(unit) <= size:
            deck.extend(unit)
    deck.extend([R.VILLAGER] * (size - len(deck)))
    return deck
