"""``randclaim``: wolfbot's random wolf (``wolf_variants/random_wolf.py``): a werewolf
says one of wolfbot's statements of the deck's village roles, drawn uniformly; a
villager tells the truth (issue 38, point 5)."""

from __future__ import annotations

from collections import Counter

from onenight.bots import make_bot, play
from onenight.bots.randclaim import role_statements
from onenight.bots.story import honest_claims
from onenight.rules import CENTER, Setup, team_of
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
    # Only village roles of the deck; the three with most statements come up in 60 games.
    assert {"seer", "troublemaker", "mason"} <= set(claimed) <= set(FITS)


def test_the_statements_are_wolfbots_for_its_standard_game() -> None:
    """wolfbot's ``get_all_statements`` for the standard 7-player game, counted from its
    sources (``wolfbot/roles/village/*.py``): the Seer sees any of the 7 players as any
    of the 6 roles of the game (42), or two of the 3 center pairs as two roles but the
    Seer, the same twice only for the Villager, Mason and Werewolf (3 x 23); the
    Troublemaker swaps two of the 6 others (15); the Mason names none or one of the 6
    others (7); the Drunk takes one of 3 center cards; the Villager says who he is."""
    deck = Counter(DECK)
    want = {"seer": 42 + 3 * 23, "troublemaker": 15, "mason": 7, "drunk": 3, "villager": 1}
    for seat in (0, 4, 6):
        got = {r: len(role_statements(r, seat, 7, 3, deck)) for r in want}
        assert got == want
        seen = [said[1] for said in role_statements("seer", seat, 7, 3, deck)]
        assert all(isinstance(s, Saw) for s in seen)
        looks = [s.looks for s in seen if isinstance(s, Saw)]
        assert ((seat, "werewolf"),) in looks  # itself too, as wolfbot lists them
        assert not any(len(lk) == 2 and "seer" in (lk[0][1], lk[1][1]) for lk in looks)
        assert ((CENTER, "drunk"), (CENTER + 1, "drunk")) not in looks  # one Drunk card
        assert ((CENTER, "mason"), (CENTER + 2, "mason")) in looks


def test_a_wolf_draws_a_statement_not_a_role() -> None:
    """wolfbot's random wolf chooses among all statements alike: the Seer, with 111 of
    137, is claimed about 81% of the time, the Villager about 0.7%."""
    claimed: Counter[str] = Counter()
    games = 150
    for seed in range(games):
        setup = Setup.shuffled("ultimate", [f"p{i}" for i in range(7)], DECK, seed)
        bots = [make_bot("randclaim", f"{seed}:{s}") for s in range(7)]
        played = play(setup, bots, seed)
        for p in played.board:
            if setup.cards[p.seat] == "werewolf" and isinstance(p.claim, IAm):
                claimed[p.claim.role] += 1
    total = sum(claimed.values())
    assert total > games  # two Werewolf cards, some in the center
    assert 0.74 < claimed["seer"] / total < 0.88  # 111/137 = 0.81; 300 draws: sd 0.023
    assert claimed["villager"] / total < 0.04
