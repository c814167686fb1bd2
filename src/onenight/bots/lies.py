"""Made-up nights: the stories the werewolf team (and the Tanner) tell by day."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from onenight.rules import CENTER, team_of
from onenight.rules import roles as R
from onenight.session.claims import (
    Claim,
    IAm,
    Nothing,
    Partners,
    Saw,
    Shielded,
    Swapped,
    Took,
    swapped,
)

#: Roles a liar may claim: village roles whose story is easy to tell.
CLAIMABLE: frozenset[str] = frozenset(
    {
        R.SEER,
        R.APPRENTICE_SEER,
        R.ROBBER,
        R.TROUBLEMAKER,
        R.DRUNK,
        R.INSOMNIAC,
        R.VILLAGER,
        R.HUNTER,
        R.MASON,
        R.SENTINEL,
        R.BODYGUARD,
        R.SORCERER,
        R.PHANTOM_THIEF,
    }
)


def claimable_roles(deck: Mapping[str, int]) -> list[str]:
    """The roles of the deck a liar may pretend to have been dealt, sorted."""
    return sorted(r for r in deck if r in CLAIMABLE and team_of(r) == R.TEAM_VILLAGE)


def fake_story(
    role: str,
    seat: int,
    n: int,
    c: int,
    deck: Mapping[str, int],
    rng: random.Random,
    said: Mapping[int, str] | None = None,
    center: float = 0.5,
) -> list[Claim]:
    """A made-up night for ``role``: what an honest holder of it might say. A player it
    says it saw is given the role he claimed himself (``said``), when it is a village one;
    a Seer says she looked at two center cards with probability ``center``."""
    others = [s for s in range(n) if s != seat]
    harmless = harmless_cards(role, deck)
    pick = rng.choice
    said = said or {}

    def card_of(target: int) -> str:
        claimed = said.get(target)
        if claimed is not None and team_of(claimed) == R.TEAM_VILLAGE and claimed != role:
            return claimed
        return pick(harmless)

    claims: list[Claim] = [IAm(role)]
    if role in (R.SEER, R.SORCERER):
        if rng.random() < center and c >= 2:
            i, j = sorted(rng.sample(range(c), 2))
            x, y = rng.sample(harmless, 2)
            claims.append(Saw(((CENTER + i, x), (CENTER + j, y))))
        else:
            target = pick(others)
            claims.append(Saw(((target, card_of(target)),)))
    elif role == R.APPRENTICE_SEER:
        claims.append(Saw(((CENTER + rng.randrange(c), pick(harmless)),)))
    elif role in (R.ROBBER, R.PHANTOM_THIEF):
        target = pick(others)
        claims.append(Took(target, card_of(target)))
    elif role == R.TROUBLEMAKER and len(others) >= 2:
        a, b = rng.sample(others, 2)
        claims.append(swapped(a, b))
    elif role == R.DRUNK:
        claims.append(swapped(seat, CENTER + rng.randrange(c)))
    elif role == R.INSOMNIAC:
        claims.append(Saw(((seat, R.INSOMNIAC),)))
    elif role == R.MASON:
        claims.append(Partners(()))
    elif role == R.SENTINEL:
        claims.append(Shielded(pick(others)))
    else:
        claims.append(Nothing())
    return claims


def free_roles(story_cards: Sequence[tuple[int, str]]) -> list[str]:
    """Claimable roles a liar saw in the center (nobody holds them: a safe claim)."""
    return [card for target, card in story_cards if target >= CENTER and card in CLAIMABLE]


def harmless_cards(role: str, deck: Mapping[str, int]) -> list[str]:
    """The cards a made-up look or robbery names (one entry per copy): the deck's
    village cards other than the claimed role; a liar never names a Werewolf."""
    harmless = [
        r
        for r in sorted(deck)
        for _ in range(deck[r])
        if team_of(r) == R.TEAM_VILLAGE and r != role
    ]
    if len(harmless) < 2:  # a Seer names two center cards
        harmless = (harmless or [role]) * 2
    return harmless


def lie_roles(
    center_seen: Sequence[tuple[int, str]], taken: Mapping[str, int], deck: Mapping[str, int]
) -> list[str]:
    """The roles ``basic``'s liar chooses among, uniformly (with repeats): a claimable
    role it saw free in the center and nobody has claimed up to its count, else a
    claimable role of the deck nobody has claimed up to its count, else any claimable
    role."""
    free = [r for r in free_roles(center_seen) if taken.get(r, 0) < deck.get(r, 0)]
    fresh = [r for r in claimable_roles(deck) if taken.get(r, 0) < deck[r]]
    return free or fresh or claimable_roles(deck)


def fake_story_likelihood(
    claims: Sequence[Claim], seat: int, n: int, c: int, deck: Mapping[str, int]
) -> float:
    """P(``fake_story(role, seat, n, c, deck, rng)`` tells exactly ``claims``), the role
    being the first claim's, and nobody's own claims used (``said`` empty): the model of
    ``basic``'s made-up night. 0 for a story ``fake_story`` never tells."""
    if len(claims) != 2 or not isinstance(claims[0], IAm):
        return 0.0
    role, detail = claims[0].role, claims[1]
    harmless = harmless_cards(role, deck)
    h = len(harmless)

    def card(x: str) -> float:
        return harmless.count(x) / h

    others = n - 1
    if role in (R.SEER, R.SORCERER):
        if not isinstance(detail, Saw):
            return 0.0
        looks = detail.looks
        pair = 0.5 if c >= 2 else 0.0
        if len(looks) == 2 and all(t >= CENTER for t, _ in looks):
            (_, x), (_, y) = looks
            second = (harmless.count(y) - (x == y)) / (h - 1)
            return pair / (c * (c - 1) / 2) * card(x) * second
        if len(looks) == 1 and looks[0][0] < CENTER and looks[0][0] != seat:
            return (1 - pair) / others * card(looks[0][1])
        return 0.0
    if role == R.APPRENTICE_SEER:
        ok = isinstance(detail, Saw) and len(detail.looks) == 1 and detail.looks[0][0] >= CENTER
        return card(detail.looks[0][1]) / c if ok and isinstance(detail, Saw) else 0.0
    if role in (R.ROBBER, R.PHANTOM_THIEF):
        ok = isinstance(detail, Took) and detail.target < CENTER and detail.target != seat
        return card(detail.card) / others if ok and isinstance(detail, Took) else 0.0
    if role == R.TROUBLEMAKER and others >= 2:
        return 2.0 / (others * (others - 1)) if isinstance(detail, Swapped) else 0.0
    if role == R.DRUNK:
        return 1.0 / c if isinstance(detail, Swapped) else 0.0
    if role == R.INSOMNIAC:
        return 1.0 if detail == Saw(((seat, R.INSOMNIAC),)) else 0.0
    if role == R.MASON:
        return 1.0 if detail == Partners(()) else 0.0
    if role == R.SENTINEL:
        return 1.0 / others if isinstance(detail, Shielded) else 0.0
    return 1.0 if isinstance(detail, Nothing) else 0.0
