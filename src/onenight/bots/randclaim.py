"""``randclaim``: wolfbot's random wolf (TylerYep/wolfbot,
``wolfbot/roles/werewolf/wolf_variants/random_wolf.py``) as a level: a player on the
werewolf team (as its own night tells it) claims a village role of the deck drawn at
random, with a made-up night that fits it (:func:`.lies.fake_story`); a village player
tells its night honestly.
Night choices and votes are uniformly random, as ``random``'s.

Unlike wolfbot, which draws one statement uniformly from every statement of every
village role (roles with many possible statements weigh more), the role is drawn first
(each of the deck's claimable village roles alike), then a story for it.
"""

from __future__ import annotations

from collections.abc import Sequence

from onenight.session.claims import Claim, Posted

from .base import ViewDict
from .lies import claimable_roles, fake_story
from .random_bot import RandomBot
from .story import honest_claims, lies


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
        return fake_story(self.rng.choice(roles), seat, n, c, deck, self.rng)
