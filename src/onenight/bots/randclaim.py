"""``randclaim``: wolfbot's random wolf (TylerYep/wolfbot,
``wolfbot/roles/werewolf/wolf_variants/random_wolf.py``) as a level: a player on the
werewolf team (as its own night tells it) says one statement drawn uniformly from every
statement of every village role of the deck, as wolfbot lists them
(``get_all_statements`` of each role in ``wolfbot/roles/village/``), in our claim
language; a village player tells its night honestly. Night choices and votes are
uniformly random, as ``random``'s (wolfbot's wolves vote otherwise: docs/research.md).

Drawing a statement, not a role, is what weighs the claims as wolfbot does: in its
standard 7-player game a random wolf claims the Seer 111 times in 137 (a look at any
player, itself included, showing any role of the game; or two center cards showing
any two roles but the Seer's, one card twice only when the deck has two).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations, product

from onenight.rules import CENTER
from onenight.rules import roles as R
from onenight.session.claims import Claim, IAm, Nothing, Partners, Posted, Saw, Took, swapped

from .base import ViewDict
from .lies import claimable_roles, fake_story
from .random_bot import RandomBot
from .story import honest_claims, lies

#: The village roles whose statements wolfbot lists; another claimable village role of
#: a deck (not in wolfbot) counts as one statement, a made-up night that fits it.
WOLFBOT_ROLES = frozenset(
    (R.VILLAGER, R.HUNTER, R.SEER, R.ROBBER, R.TROUBLEMAKER, R.DRUNK, R.INSOMNIAC, R.MASON)
)


def seer_statements(seat: int, n: int, c: int, deck: Mapping[str, int]) -> list[list[Claim]]:
    """wolfbot's ``Seer.get_all_statements``: one player (any seat, the speaker's too)
    seen as any role of the game; two center cards (a < b) seen as any two roles but
    the Seer, the same role twice only when the deck has two of it."""
    roles = sorted(deck)
    out: list[list[Claim]] = [[IAm(R.SEER), Saw(((i, role),))] for role in roles for i in range(n)]
    pair_roles = [r for r in roles if r != R.SEER]
    for a, b in combinations(range(c), 2):
        for r1, r2 in product(pair_roles, repeat=2):
            if r1 != r2 or deck[r1] >= 2:
                out.append([IAm(R.SEER), Saw(((CENTER + a, r1), (CENTER + b, r2)))])
    return out


def role_statements(
    role: str, seat: int, n: int, c: int, deck: Mapping[str, int]
) -> list[list[Claim]]:
    """Every statement wolfbot lists for ``role`` said by ``seat`` (``[]``: a role
    wolfbot does not have)."""
    others = [s for s in range(n) if s != seat]
    roles = sorted(deck)
    if role == R.SEER:
        return seer_statements(seat, n, c, deck)
    if role in (R.VILLAGER, R.HUNTER):
        return [[IAm(role), Nothing()]]
    if role == R.TROUBLEMAKER:
        return [[IAm(role), swapped(a, b)] for a, b in combinations(others, 2)]
    if role == R.DRUNK:
        return [[IAm(role), swapped(seat, CENTER + k)] for k in range(c)]
    if role == R.MASON:  # "the other Mason is not present", or is player i
        alone: list[Claim] = [IAm(role), Partners(())]
        return [alone] + [[IAm(role), Partners((i,))] for i in others]
    if role == R.ROBBER:
        return [[IAm(role), Took(i, r)] for i in others for r in roles]
    if role == R.INSOMNIAC:
        return [[IAm(role), Saw(((seat, r),))] for r in roles]
    return []


def statement_count(role: str, seat: int, n: int, c: int, deck: Mapping[str, int]) -> int:
    """How many statements ``role`` weighs in the draw (at least one)."""
    return max(1, len(role_statements(role, seat, n, c, deck)))


class RandClaimBot(RandomBot):
    level = "randclaim"

    def claims(self, view: ViewDict, board: Sequence[Posted]) -> list[Claim]:
        seat, story = int(view["seat"]), self.story(view)
        if not lies(view["card"], story, seat):  # it believes it is on the village side
            return honest_claims(seat, view["card"], story)
        deck = dict(view["deck"])
        roles = claimable_roles(deck)
        if not roles:
            return []
        n, c = len(view["players"]), int(view["center_cards"])
        # One statement uniformly among all of them: a role weighs its statements.
        weights = [statement_count(r, seat, n, c, deck) for r in roles]
        k = int(self.rng.random() * sum(weights))
        for role, w in zip(roles, weights, strict=True):
            if k < w:
                listed = role_statements(role, seat, n, c, deck)
                return list(listed[k]) if listed else fake_story(role, seat, n, c, deck, self.rng)
            k -= w
        raise AssertionError("unreachable: k < sum(weights)")
