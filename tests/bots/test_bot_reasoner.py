"""The reasoner believes only worlds consistent with what it knows, and sees through a
contradiction."""

from __future__ import annotations

import pytest

from onenight.bots import ReasonerBot
from onenight.bots.claims import IAm, Nothing, Posted, Saw, Took
from onenight.rules import Game, Setup, action_from_json

NAMES = ["ann", "bob", "cat", "dan", "eve"]
CENTER3 = ["villager", "troublemaker", "insomniac"]


def day_view(
    cards: list[str], center: list[str], me: int, mine: dict | None = None
) -> tuple[dict, ReasonerBot]:
    """The day view of seat ``me`` after a night where it made the choice ``mine`` and
    everyone else took the last choice offered; and a reasoner that remembers ``mine``."""
    game = Game(Setup.fixed("ultimate", NAMES, cards, center))
    bot = ReasonerBot(5)
    while (d := game.decision) is not None:
        if d.seat == me and mine is not None:
            bot.done.append((d.turn, mine))
            game.apply(d.seat, action_from_json(mine))
        else:
            game.apply(d.seat, d.choices[-1])
    game.end_day()
    return game.view(me), bot


def test_beliefs_are_distributions_consistent_with_what_the_seat_saw() -> None:
    # Nobody can move a card with this deck: what the Seer saw is how the night ends.
    cards = ["seer", "werewolf", "villager", "villager", "werewolf"]
    view, bot = day_view(
        cards, ["villager", "hunter", "insomniac"], 0, {"type": "view", "targets": [1]}
    )
    board = [Posted(2, IAm("villager")), Posted(2, Nothing())]
    bot.vote(view, board)
    assert len(bot.beliefs) == 5
    for belief in bot.beliefs:
        assert sum(belief.values()) == pytest.approx(1.0)
    assert bot.beliefs[0] == {"seer": pytest.approx(1.0)}
    assert bot.beliefs[1] == {"werewolf": pytest.approx(1.0)}
    assert bot.vote(view, board) == 1


def test_a_villager_sees_through_a_contradicted_claim() -> None:
    # bob is the Seer and saw dan's Werewolf; dan says he is the Robber who took bob's
    # card, a Villager. The Seer card is bob's (he saw dan): dan is lying.
    cards = ["villager", "seer", "villager", "werewolf", "insomniac"]
    view, bot = day_view(cards, CENTER3, 0)
    board = [
        Posted(1, IAm("seer")),
        Posted(1, Saw(((3, "werewolf"),))),
        Posted(3, IAm("robber")),
        Posted(3, Took(1, "villager")),
        Posted(4, IAm("insomniac")),
        Posted(4, Saw(((4, "insomniac"),))),
        Posted(2, IAm("villager")),
        Posted(2, Nothing()),
    ]
    assert bot.vote(view, board) == 3
