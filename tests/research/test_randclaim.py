"""``randclaim``: wolfbot's random wolf (``wolf_variants/random_wolf.py``): a werewolf
claims a village role of the deck with a story that fits it; a villager tells the
truth (issue 38, point 5)."""

from __future__ import annotations

from collections import Counter

from onenight.bots import make_bot, play
from onenight.bots.story import honest_claims
from onenight.rules import Setup, team_of
from onenight.session.claims import IAm, Nothing, Partners, Saw, Swapped

DECK = ["villager"] * 3 + ["seer", "werewolf", "werewolf", "troublemaker", "mason", "mason"]
DECK += ["drunk"]
# The story each claimed role tells (RULES.md §3: what its holder does at night).
FITS = {
    "seer": Saw,
    "troublemaker": Swapped,
    "drunk": Swapped,
    "mason": Partners,
    "villager": Nothing,
}


def test_wolves_claim_a_village_role_of_the_deck_with_a_fitting_story() -> None:
    claimed: Counter[str] = Counter()
    for seed in range(60):
        setup = Setup.shuffled("ultimate", [f"p{i}" for i in range(7)], DECK, seed)
        bots = [make_bot("randclaim", f"{seed}:{s}") for s in range(7)]
        played = play(setup, bots, seed)
        for s in range(7):
            said = [p.claim for p in played.board if p.seat == s]
            if setup.cards[s] == "werewolf":
                first, story = said
                assert isinstance(first, IAm) and team_of(first.role) == "village"
                assert first.role in DECK
                assert isinstance(story, FITS[first.role])
                claimed[first.role] += 1
            elif setup.cards[s] == "villager":
                assert said == honest_claims(s, "villager", [])
    assert set(claimed) == set(FITS)  # every claimable village role of the deck comes up
