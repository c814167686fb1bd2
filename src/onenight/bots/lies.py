"""Made-up nights: the stories the werewolf team (and the Tanner) tell by day."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from onenight.rules import CENTER, team_of
from onenight.rules import roles as R

from .claims import Claim, IAm, Nothing, Partners, Saw, Shielded, Took, swapped

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
) -> list[Claim]:
    """A made-up night for ``role``: what an honest holder of it might say. A player it
    says it saw is given the role he claimed himself (``said``), when it is a village one."""
    others = [s for s in range(n) if s != seat]
    harmless = [
        r
        for r in sorted(deck)
        for _ in range(deck[r])
        if team_of(r) == R.TEAM_VILLAGE and r != role
    ]
    if len(harmless) < 2:  # a Seer names two center cards
        harmless = (harmless or [role]) * 2
    pick = rng.choice
    said = said or {}

    def card_of(target: int) -> str:
        claimed = said.get(target)
        if claimed is not None and team_of(claimed) == R.TEAM_VILLAGE and claimed != role:
            return claimed
        return pick(harmless)

    claims: list[Claim] = [IAm(role)]
    if role in (R.SEER, R.SORCERER):
        if rng.random() < 0.5 and c >= 2:
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
