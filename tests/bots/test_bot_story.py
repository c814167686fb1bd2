"""Honest claims tell the night as RULES.md §3 plays it, read from the seat's own view."""

from __future__ import annotations

from typing import Any

from onenight.bots import BasicBot
from onenight.bots.story import honest_claims, known_role, lies
from onenight.rules import CENTER, Game, Setup, action_from_json
from onenight.session.claims import (
    Copied,
    IAm,
    Nothing,
    Partners,
    Saw,
    SawTanners,
    SawWolves,
    Took,
    swapped,
)

NAMES = ["ann", "bob", "cat", "dan", "eve"]


def night(cards: list[str], center: list[str], script: dict[str, Any]) -> tuple[Game, dict]:
    """Play a night: each decision's seat answers with its scripted action JSON (by the
    call of the decision); returns the game and each seat's bot (which remembers)."""
    game = Game(Setup.fixed("ultimate", NAMES, cards, center))
    bots = {s: BasicBot(s) for s in range(5)}
    while (d := game.decision) is not None:
        call = game.calls[d.call]
        answer = script[call] if call in script else d.choices[0].to_json()
        bots[d.seat].done.append((d.turn, answer))
        game.apply(d.seat, action_from_json(answer))
    return game, bots


def claims_of(game: Game, bots: dict, seat: int) -> list:
    view = game.view(seat)
    story = bots[seat].story(view)
    return honest_claims(seat, view["card"], story)


DECK5 = ["seer", "robber", "troublemaker", "insomniac", "villager"]
CENTER3 = ["werewolf", "werewolf", "drunk"]


def test_seer_robber_troublemaker_insomniac_villager() -> None:
    script = {
        "seer": {"type": "view", "targets": ["center:0", "center:2"]},
        "robber": {"type": "swap", "targets": [1, 4]},
        "troublemaker": {"type": "swap", "targets": [1, 3]},
    }
    game, bots = night(DECK5, CENTER3, script)
    assert claims_of(game, bots, 0) == [
        IAm("seer"),
        Saw(((CENTER, "werewolf"), (CENTER + 2, "drunk"))),
    ]
    assert claims_of(game, bots, 1) == [IAm("robber"), Took(4, "villager")]
    assert claims_of(game, bots, 2) == [IAm("troublemaker"), swapped(1, 3)]
    # The Troublemaker gave the Insomniac the Robber's new card: the Villager.
    assert claims_of(game, bots, 3) == [IAm("insomniac"), Saw(((3, "villager"),))]
    assert claims_of(game, bots, 4) == [IAm("villager"), Nothing()]


def test_a_robber_who_takes_a_werewolf_knows_it_and_lies() -> None:
    cards = ["werewolf", "robber", "seer", "villager", "villager"]
    game, bots = night(
        cards,
        ["troublemaker", "insomniac", "drunk"],
        {
            "robber": {"type": "swap", "targets": [0, 1]},
            "seer": {"type": "pass"},
            "werewolves": {"type": "pass"},
        },
    )
    story = bots[1].story(game.view(1))
    assert known_role("robber", story, 1) == "werewolf"
    assert lies("robber", story, 1)
    assert not lies("seer", bots[2].story(game.view(2)), 2)


def test_doppelganger_copies_then_acts_as_the_copy() -> None:
    cards = ["doppelganger", "seer", "villager", "werewolf", "villager"]
    game = Game(Setup.fixed("ultimate", NAMES, cards, ["robber", "drunk", "insomniac"]))
    bot = BasicBot(0)
    while (d := game.decision) is not None:
        if d.seat == 0 and d.kind == "copy":
            answer = {"type": "copy", "target": 1}
        elif d.seat == 0:
            answer = {"type": "view", "targets": [3]}
        else:
            answer = d.choices[-1].to_json()
        if d.seat == 0:
            bot.done.append((d.turn, answer))
        game.apply(d.seat, action_from_json(answer))
    claims = honest_claims(0, "doppelganger", bot.story(game.view(0)))
    assert claims == [IAm("doppelganger"), Copied(1, "seer"), Saw(((3, "werewolf"),))]


def test_masons_name_each_other() -> None:
    cards = ["mason", "seer", "mason", "werewolf", "villager"]
    game, bots = night(cards, ["robber", "drunk", "insomniac"], {"seer": {"type": "pass"}})
    assert claims_of(game, bots, 0) == [IAm("mason"), Partners((2,))]
    assert claims_of(game, bots, 2) == [IAm("mason"), Partners((0,))]


def test_the_apprentice_tanner_tells_the_tanner_she_saw_or_that_she_became_one() -> None:
    # RULES.md: she wakes and sees the Tanner; if no player holds the Tanner, she is one.
    cards = ["apprentice_tanner", "villager", "tanner", "seer", "robber"]
    game, bots = night(cards, ["werewolf", "werewolf", "troublemaker"], {})
    assert claims_of(game, bots, 0) == [IAm("apprentice_tanner"), SawTanners((2,))]
    cards = ["apprentice_tanner", "villager", "insomniac", "seer", "robber"]
    game, bots = night(cards, ["werewolf", "tanner", "troublemaker"], {})
    assert claims_of(game, bots, 0) == [IAm("apprentice_tanner"), SawTanners(())]


def test_minion_lies_and_a_seen_werewolf_list_is_a_claim() -> None:
    cards = ["minion", "seer", "villager", "werewolf", "villager"]
    game, bots = night(cards, ["robber", "drunk", "insomniac"], {"seer": {"type": "pass"}})
    story = bots[0].story(game.view(0))
    assert lies("minion", story, 0)
    assert honest_claims(0, "minion", story) == [IAm("minion"), SawWolves((3,))]


def test_claims_that_cannot_both_be_true_clash() -> None:
    from onenight.bots.board import clash

    deck = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 2}
    seer = [IAm("seer"), Saw(((1, "werewolf"),))]
    assert clash(0, seer, 1, [IAm("villager"), Nothing()], deck)
    assert not clash(0, seer, 2, [IAm("villager"), Nothing()], deck)
    assert clash(
        0, seer, 2, [IAm("seer"), Saw(((CENTER, "robber"), (CENTER + 1, "villager")))], deck
    )
    assert not clash(0, [IAm("villager")], 2, [IAm("villager")], deck)  # two Villager cards
    center = [IAm("seer"), Saw(((CENTER, "troublemaker"), (CENTER + 1, "villager")))]
    assert clash(0, center, 3, [IAm("troublemaker"), swapped(1, 2)], deck)
    assert not clash(0, center, 3, [IAm("villager"), Nothing()], deck)
    robber = [IAm("robber"), Took(4, "villager")]
    assert clash(3, robber, 4, [IAm("insomniac"), Saw(((4, "insomniac"),))], deck)
