"""The night's turns (RULES.md §6): counted from the deck, one per possible chooser and
per step, taken in a random order by players who share a role."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from randomgames import random_setup
from test_properties import games

from onenight.rules import (
    Copy,
    Game,
    InvalidSetup,
    Pass,
    Setup,
    View,
    swap,
    turn_plan,
)
from onenight.rules import roles as R


def names(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


def shape(edition: str, deck: list[str]) -> list[tuple[str, str, int, int]]:
    return [(t.name, t.role, t.copy, t.step) for t in turn_plan(edition, tuple(deck)).turns]


def test_two_seer_cards_make_two_seer_turns_wherever_they_lie() -> None:
    deck = ["seer", "seer", "werewolf", "villager", "villager", "villager"]
    turns = shape("ultimate", deck)
    assert [t for t in turns if t[0] == "seer"] == [("seer", "seer", 0, 0), ("seer", "seer", 1, 0)]
    # The same plan whether both Seers are dealt or one lies in the center.
    both = Game(Setup.fixed("ultimate", names(3), ["seer", "seer", "werewolf"], deck[3:]))
    center = ["seer", "villager", "villager"]
    one = Game(Setup.fixed("ultimate", names(3), ["seer", "villager", "werewolf"], center))
    assert both.turns == one.turns


def test_steps_that_need_a_result_get_their_own_turns() -> None:
    witch = shape("ultimate", ["witch", "witch", "werewolf", "villager", "villager", "seer"])
    assert [t[2:] for t in witch if t[0] == "witch"] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    pi = shape("ultimate", ["paranormal_investigator", "werewolf", "villager"] + ["villager"] * 3)
    assert [t[2:] for t in pi if t[0] == "paranormal_investigator"] == [(0, 0), (0, 1)]


@pytest.mark.parametrize(
    ("deck", "doppel_turns"),
    [
        (["doppelganger", "werewolf", "villager", "villager", "villager", "villager"], 1),
        (["doppelganger", "werewolf", "seer", "villager", "villager", "villager"], 2),
        (["doppelganger", "werewolf", "witch", "seer", "villager", "villager"], 3),
        (["doppelganger", "werewolf", "insomniac", "villager", "villager", "villager"], 1),
    ],
)
def test_the_doppelganger_call_has_the_copy_then_the_copied_steps_the_deck_allows(
    deck: list[str], doppel_turns: int
) -> None:
    turns = shape("ultimate", deck)
    assert sum(t[0] == "doppelganger" for t in turns) == doppel_turns


def test_workshop_doppelganger_alpha_has_no_alpha_turn() -> None:
    deck = ["doppelganger", "alpha_wolf", "villager", "villager", "villager", "villager"]
    assert sum(t[0] == "doppelganger" for t in shape("ultimate", deck)) == 2
    assert sum(t[0] == "doppelganger" for t in shape("workshop", deck)) == 1


@pytest.mark.parametrize(
    ("edition", "deck", "expected"),
    [
        # A deck that could leave a wolf alone: the peek's turn, even with two wolves.
        ("ultimate", ["werewolf", "werewolf", "seer", "villager", "villager", "villager"], 1),
        # Japanese: no lone-wolf peek, one turn to wake.
        ("japanese", ["werewolf", "werewolf", "villager", "sorcerer", "phantom_thief"], 1),
        # Sans-carte: peek, two Little Girls.
        ("sans-carte", ["werewolf", "little_girl", "little_girl"] + ["villager"] * 3, 3),
        # ... and the Doppelgänger card when the deck holds both.
        (
            "sans-carte",
            ["werewolf", "little_girl", "doppelganger", "villager", "villager", "villager"],
            3,
        ),
    ],
)
def test_werewolves_call_turns(edition: str, deck: list[str], expected: int) -> None:
    assert sum(t[0] == "werewolves" for t in shape(edition, deck)) == expected


def test_every_call_has_at_least_one_turn_and_turns_follow_the_calls() -> None:
    deck = ["minion", "mason", "mason", "werewolf", "insomniac", "villager"]
    plan = turn_plan("ultimate", tuple(deck))
    assert [t.name for t in plan.turns] == ["werewolves", "minion", "mason", "insomniac"]
    assert [t.call for t in plan.turns] == [0, 1, 2, 3]


def test_order_makes_players_who_share_a_role_act_in_that_order() -> None:
    cards = ["robber", "werewolf", "robber", "villager"]
    center = ["seer", "troublemaker", "villager"]
    plain = Game(Setup.fixed("ultimate", names(4), cards, center))
    ordered = Game(Setup.fixed("ultimate", names(4), cards, center, order=[2, 0, 1, 3]))
    wolf_peek = 1
    assert plain.decision is not None and plain.decision.seat == 1  # the lone wolf's peek
    for game in (plain, ordered):
        game.apply(1, Pass())
    assert plain.decision is not None and plain.decision.seat == 0
    assert ordered.decision is not None and ordered.decision.seat == 2
    assert ordered.decision.turn == plain.decision.turn == wolf_peek + 1  # robber copy 0
    assert ordered.setup.order.index(2) < ordered.setup.order.index(0)
    ordered.apply(2, swap(2, 1))
    assert ordered.decision is not None and ordered.decision.seat == 0
    assert ordered.decision.turn == wolf_peek + 2  # robber copy 1


@pytest.mark.parametrize("order", [[0, 1, 2], [0, 1, 2, 3, 3], [0, 0, 1, 2], [0, 1, 2, 4], ["a"]])
def test_an_order_that_is_not_a_permutation_is_refused(order: list[int]) -> None:
    with pytest.raises(InvalidSetup):
        Setup.fixed(
            "ultimate",
            names(4),
            ["robber", "werewolf", "robber", "villager"],
            ["seer", "troublemaker", "villager"],
            order=order,
        )


def test_a_lone_dealt_card_takes_either_copy_equally_often() -> None:
    """Two Seer cards, one dealt: which of the two Seer turns is his is a fair coin, so
    the turn tells him nothing about where the other Seer card lies."""
    deck = ["seer", "seer", "werewolf", "villager", "villager", "villager", "villager", "minion"]
    firsts = Counter()
    for seed in range(2000):
        setup = Setup.shuffled("ultimate", names(5), deck, seed)
        seers = [s for s, c in enumerate(setup.cards) if c == R.SEER]
        if len(seers) == 1:
            firsts[setup.slots[seers[0]]] += 1
        if len(seers) == 2:
            assert sorted(setup.slots[s] for s in seers) == [0, 1]
    total = firsts[0] + firsts[1]
    assert total > 500 and abs(firsts[0] / total - 0.5) < 0.06


def test_slots_round_trip_and_bad_slots_are_refused() -> None:
    setup = random_setup("ultimate", 8, 3)
    assert Setup.from_json(setup.to_json()) == setup
    data = setup.to_json()
    data["slots"] = [5] * 8
    with pytest.raises(InvalidSetup):
        Setup.from_json(data)


def test_workshop_draw_plans_the_night_from_the_enabled_cards() -> None:
    enabled = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk"]
    enabled += ["insomniac", "minion", "witch", "villager", "hunter", "tanner"]
    views = set()
    drawn = set()
    for seed in range(30):
        game = Game(Setup.shuffled("workshop", names(5), enabled, seed))
        assert sorted(game.setup.pool or ()) == sorted(enabled)
        drawn.add(tuple(sorted(game.setup.deck)))
        spectator = game.view(None, until=0)
        views.add(repr(sorted(spectator.items())))
    assert len(drawn) > 5  # the draws differ ...
    assert len(views) == 1  # ... and nothing public before the end shows it


@settings(max_examples=300, deadline=None)
@given(games())
def test_each_decision_has_its_own_turn_of_its_call(case: tuple[str, int, int]) -> None:
    edition, n, seed = case
    game = Game(random_setup(edition, n, seed))
    rng = random.Random(seed)
    last = -1
    while (d := game.decision) is not None:
        turn = game.turns[d.turn]
        assert d.turn > last and turn.call == d.call
        assert turn.role != ""  # a turn where somebody may choose
        last = d.turn
        game.apply(d.seat, rng.choice(d.choices))
    assert game.phase == "day"


def test_a_copy_acts_in_the_doppelganger_turns_and_the_witch_swaps_after_her_look() -> None:
    cards = ["doppelganger", "witch", "werewolf", "villager"]
    game = Game(Setup.fixed("ultimate", names(4), cards, ["seer", "villager", "villager"]))
    game.apply(0, Copy(1))
    d = game.decision
    assert d is not None and d.seat == 0 and d.kind == "witch_look" and d.turn == 1
    game.apply(0, View((100,)))
    d = game.decision
    assert d is not None and d.kind == "witch_swap" and d.turn == 2
