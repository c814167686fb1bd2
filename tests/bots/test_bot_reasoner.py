"""The reasoner believes only worlds consistent with what it knows, and sees through a
contradiction."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from onenight.bots import BasicBot, ReasonerBot
from onenight.bots.lies import fake_story, fake_story_likelihood, lie_roles
from onenight.bots.reasoner import agreeing
from onenight.bots.say import say
from onenight.bots.seats import Planned, Thinking, think
from onenight.bots.story import honest_claims, story_from_view
from onenight.bots.talk import Concern, Next, Utterance, about, named_vote
from onenight.rules import CENTER, CENTER_WOLF, Game, Setup, action_from_json
from onenight.session.claims import (
    IAm,
    Nothing,
    NoWerewolf,
    Posted,
    Saw,
    SawTanners,
    SawWolves,
    Swapped,
    Think,
    Took,
    claim_from_json,
)

NAMES = ["ann", "bob", "cat", "dan", "eve"]
CENTER3 = ["villager", "troublemaker", "insomniac"]
CARDS5 = ["villager", "werewolf", "villager", "werewolf", "robber"]


def day_view(
    cards: list[str], center: list[str], me: int, mine: dict | None = None, wolf: str | None = None
) -> tuple[dict, ReasonerBot]:
    """The day view of seat ``me`` after a night where it made the choice ``mine`` and
    everyone else took the last choice offered; and a reasoner that remembers ``mine``."""
    game = Game(Setup.fixed("ultimate", NAMES, cards, center, center_wolf=wolf))
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
    assert len(bot.last_beliefs) == 5
    for belief in bot.last_beliefs:
        assert sum(belief.values()) == pytest.approx(1.0)
    assert bot.last_beliefs[0] == {"seer": pytest.approx(1.0)}
    assert bot.last_beliefs[1] == {"werewolf": pytest.approx(1.0)}
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


JIN = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 2, "insomniac": 1}


@pytest.mark.parametrize("role", ["seer", "robber", "troublemaker", "villager", "insomniac"])
def test_the_simple_liars_model_is_the_distribution_of_fake_story(role: str) -> None:
    # Every story fake_story tells has the model's probability; over all of them
    # (seeded draws reach each one) the probabilities sum to 1.
    rng = random.Random(3)
    told = {tuple(fake_story(role, 1, 5, 3, JIN, rng)) for _ in range(4000)}
    probabilities = [fake_story_likelihood(list(s), 1, 5, 3, JIN) for s in told]
    assert min(probabilities) > 0
    assert sum(probabilities) == pytest.approx(1.0)
    # A simple liar never names a Werewolf, and says nothing else.
    accuse = [IAm("seer"), Saw(((2, "werewolf"),))]
    assert fake_story_likelihood(accuse, 1, 5, 3, JIN) == 0.0
    assert fake_story_likelihood([IAm("villager")], 1, 5, 3, JIN) == 0.0


def test_a_simple_liar_claims_a_role_he_saw_free_in_the_center() -> None:
    assert lie_roles([(CENTER + 1, "seer")], Counter(), JIN) == ["seer"]
    assert lie_roles([(CENTER + 1, "seer")], Counter({"seer": 1}), JIN) == [
        "insomniac",
        "robber",
        "troublemaker",
        "villager",
    ]
    assert lie_roles([(CENTER + 1, "werewolf")], Counter(), JIN)[0] == "insomniac"


def test_a_reasoner_seer_looks_at_a_player() -> None:
    game = Game(Setup.fixed("ultimate", NAMES, ["seer", *CARDS5[1:]], CENTER3))
    while (d := game.decision) is not None and d.seat != 0:
        game.apply(d.seat, d.choices[-1])
    assert game.decision is not None and game.decision.kind == "seer_look"
    for seed in range(20):
        action = ReasonerBot(seed).choose(game.view(0))
        assert action["type"] == "view" and len(action["targets"]) == 1


#: bob and cat, honest Villagers, have spoken: half of a 5-seat table.
TWO_VILLAGERS = (
    Posted(1, IAm("villager")),
    Posted(1, Nothing()),
    Posted(2, IAm("villager")),
    Posted(2, Nothing()),
)


def test_a_villager_who_saw_a_werewolf_says_whom_it_will_vote_for() -> None:
    cards = ["seer", "villager", "villager", "werewolf", "insomniac"]
    view, bot = day_view(cards, CENTER3, 0, {"type": "view", "targets": [3]})
    board = list(TWO_VILLAGERS)
    said = bot.claims(view, board)
    assert said == [IAm("seer"), Saw(((3, "werewolf"),)), Think(3, "werewolf")]
    # Before half the table has spoken it only tells its night.
    assert ReasonerBot(5).claims(view, board[:2]) == said[:2]


def test_beliefs_on_demand_match_what_it_votes_from_and_leave_its_choices_alone() -> None:
    cards = ["seer", "werewolf", "villager", "villager", "werewolf"]
    view, bot = day_view(
        cards, ["villager", "hunter", "insomniac"], 0, {"type": "view", "targets": [1]}
    )
    _, twin = day_view(
        cards, ["villager", "hunter", "insomniac"], 0, {"type": "view", "targets": [1]}
    )
    board = [Posted(2, IAm("villager")), Posted(2, Nothing())]
    asked = bot.beliefs(view, board)
    assert asked[1] == {"werewolf": pytest.approx(1.0)}
    assert bot.vote(view, board) == twin.vote(view, board)  # asking did not move its RNG
    assert bot.last_beliefs == twin.last_beliefs == asked


def test_bots_read_the_apprentice_tanners_and_the_alpha_wolfs_claims() -> None:
    # ann is the Alpha Wolf: her honest night is the center wolf card swapped with a
    # player's, a claim the table accepts. The others read it, and an Apprentice
    # Tanner's, without a crash; a claim that names a bot the Tanner is a concern to it.
    cards = ["alpha_wolf", "apprentice_tanner", "villager", "tanner", "werewolf"]
    mine = {"type": "swap", "targets": [2, "center:wolf"]}
    view, alpha = day_view(cards, CENTER3, 0, mine, wolf="werewolf")
    said = honest_claims(0, "alpha_wolf", story_from_view(view, alpha.done))
    assert said == [IAm("alpha_wolf"), SawWolves((4,)), Swapped(2, CENTER_WOLF)]
    for claim in said:
        assert claim_from_json(claim.to_json(), 5, 3) == claim
        for lang in ("en", "fr", "ja"):
            assert say(claim, 0, NAMES, lang)
    board = [
        Posted(0, IAm("alpha_wolf")),
        Posted(0, Swapped(2, CENTER_WOLF)),
        Posted(1, IAm("apprentice_tanner")),
        Posted(1, SawTanners((3,))),
        Posted(4, IAm("apprentice_tanner")),
        Posted(4, SawTanners(())),
    ]
    for seat in (2, 3):
        view, _ = day_view(cards, CENTER3, seat, wolf="werewolf")
        for bot in (ReasonerBot(3), BasicBot(3)):
            assert bot.claims(view, board)
            assert bot.vote(view, board) in range(5)
    assert about(SawTanners((3,)), 3, 1) == Concern("accused", 1, 0.0, "tanner")


def test_a_seer_who_saw_both_werewolves_in_the_center_says_nobody_is_one_and_circles() -> None:
    # Both Werewolves are in the center and the Seer saw them there: nobody at the table
    # is a Werewolf, so the village wins only if nobody dies (every vote on a different
    # player, RULES.md): she says so once half the table has spoken, and votes her part of
    # the circle (the next seat).
    cards = ["seer", "villager", "villager", "robber", "insomniac"]
    center = ["werewolf", "werewolf", "troublemaker"]
    look = {"type": "view", "targets": ["center:0", "center:1"]}
    view, bot = day_view(cards, center, 0, look)
    board = list(TWO_VILLAGERS)
    said = bot.claims(view, board)
    assert said[-1] == NoWerewolf()
    assert bot.pick_vote(view, [*board, *(Posted(0, c) for c in said)]) == (1, ("circle", None))


def test_a_players_nobody_is_a_werewolf_counts_as_much_as_he_is_believed() -> None:
    # The Seer looked at cat's card before anyone woke to move it: the Robber. cat says he
    # is the Troublemaker, against what she knows; bob says nothing against it. Each
    # one's "nobody is a Werewolf" counts for how likely he is honest in the worlds she
    # believes: cat's for less than bob's, neither for more than one.
    cards = ["seer", "villager", "robber", "werewolf", "werewolf"]
    view, bot = day_view(cards, CENTER3, 0, {"type": "view", "targets": [2]})
    board = [
        Posted(2, IAm("troublemaker")),
        Posted(2, Nothing()),
        Posted(1, IAm("villager")),
        Posted(1, Nothing()),
    ]
    worlds = bot.worlds(view, board)
    assert worlds and agreeing(0, board, worlds) == 0.0  # nobody said it yet
    cat = agreeing(0, [*board, Posted(2, NoWerewolf())], worlds)
    bob = agreeing(0, [*board, Posted(1, NoWerewolf())], worlds)
    assert 0.0 <= cat < bob <= 1.0
    both = agreeing(0, [*board, Posted(2, NoWerewolf()), Posted(1, NoWerewolf())], worlds)
    assert both == pytest.approx(cat + bob)
    # her own opinion is not agreement
    assert agreeing(0, [Posted(0, NoWerewolf())], worlds) == 0.0


def test_a_named_circle_vote_is_the_next_seat() -> None:
    said = [
        Utterance(0, 2, 1.0, (IAm("villager"), Nothing()), ("I am a Villager.",)),
        Utterance(5, 7, 9.0, (NoWerewolf(),), ("I will vote for cat",)),
    ]
    assert named_vote(said, 1, 5) == 2
    assert named_vote(said, 4, 5) == 0
    assert named_vote([*said, Utterance(8, 9, 12.0, (Think(3, "werewolf"),), ())], 1, 5) == 3
    assert named_vote(said[:1], 1, 5) is None  # the claim itself names no vote


def test_at_a_live_table_a_circle_vote_is_named_nobody_is_a_werewolf() -> None:
    # The same Seer, played at a server's table: she names her vote with "I think nobody
    # is a Werewolf" and a sentence, and points at her part of the circle (the next
    # seat), in the vote as when she casts the vote she named.
    cards = ["seer", "villager", "villager", "robber", "insomniac"]
    look = {"type": "view", "targets": ["center:0", "center:1"]}
    view, bot = day_view(cards, ["werewolf", "werewolf", "troublemaker"], 0, look)
    board = (Posted(1, IAm("villager")), Posted(2, IAm("villager")))
    what = Thinking("7", view, board, [], "en", tuple(NAMES), voting=True)
    sent = think(bot, Planned(0, 1, "reasoner", Next("vote", 0.0)), what)
    assert sent[0] == {"type": "claim", "claim": {"type": "no_werewolf"}}
    assert sent[1]["type"] == "chat" and "no Werewolf is among us" in sent[1]["text"]
    assert sent[2] == {"type": "vote", "target": 1}
    named = Utterance(3, 5, 9.0, (NoWerewolf(),), (sent[1]["text"],))
    said = [Utterance(0, 2, 1.0, (IAm("seer"),), ()), named]
    cast = Thinking("8", view, board, said, "en", tuple(NAMES), voting=True)
    assert think(bot, Planned(0, 1, "reasoner", Next("cast", 0.0)), cast) == [
        {"type": "vote", "target": 1}
    ]
