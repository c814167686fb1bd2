"""The research API's action table says every claim of the claim language that the deck
allows: what a bot (or a person, on the server) can say, an agent can say too."""

from __future__ import annotations

from onenight.bots import make_bot
from onenight.bots.play import play
from onenight.research.actions import ActionTable
from onenight.rules import CENTER_WOLF, Setup
from onenight.session.claims import SawTanners, Swapped

#: A deck with the Alpha Wolf (its swap names the center Werewolf card) and the
#: Apprentice Tanner (who is told the Tanner), 5 players and 3 center cards.
DECK = [
    "alpha_wolf",
    "werewolf",
    "apprentice_tanner",
    "tanner",
    "seer",
    "robber",
    "villager",
    "troublemaker",
]
NAMES = ["ann", "bob", "cat", "dan", "eve"]


def test_the_alpha_wolfs_swap_and_the_apprentice_tanners_look_can_be_said() -> None:
    table = ActionTable(DECK, n=5, c=3)
    for seat in range(5):
        alpha = table.claim_of(Swapped(seat, CENTER_WOLF))
        assert len(alpha) == 1, seat
        # "I saw no Tanner" and "the Tanner is <seat>": the deck has one Tanner.
        assert len(table.claim_of(SawTanners((seat,)))) == 1, seat
        # Nobody swaps the center Werewolf card with his own card, nor sees himself as the
        # Tanner he is told of: his mask leaves those out, and only those.
        mine = set(table.speaker_claims(seat))
        assert alpha[0] not in mine
        assert table.claim_of(SawTanners((seat,)))[0] not in mine
        other = (seat + 1) % 5
        assert table.claim_of(Swapped(other, CENTER_WOLF))[0] in mine
        assert table.claim_of(SawTanners((other,)))[0] in mine
    assert len(table.claim_of(SawTanners(()))) == 1
    assert table.claim_of(SawTanners((0, 1))) == []  # one Tanner in the deck


def test_a_deck_without_them_has_neither_claim() -> None:
    deck = [
        "werewolf",
        "werewolf",
        "seer",
        "robber",
        "troublemaker",
        "villager",
        "villager",
        "insomniac",
    ]
    table = ActionTable(deck, n=5, c=3)
    assert table.claim_of(Swapped(0, CENTER_WOLF)) == []
    assert table.claim_of(SawTanners(())) == []


def test_every_claim_bots_say_with_this_deck_is_in_the_table() -> None:
    table = ActionTable(DECK, n=5, c=3)
    said = 0
    for game in range(40):
        setup = Setup.shuffled("ultimate", NAMES, DECK, game)
        bots = [make_bot("basic" if s % 2 else "reasoner", f"{game}:{s}") for s in range(5)]
        for posted in play(setup, bots, game).board:
            assert table.claim_of(posted.claim), posted.claim.to_json()
            said += 1
    assert said >= 40 * 5
